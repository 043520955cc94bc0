"""Roofline, matmul and kernel-time calculators against "How to Scale Your Model" and hand arithmetic."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError


def test_h100_ridge_point_matches_scaling_book() -> None:
    """H100 SXM dense BF16 ridge ≈ 989.4e12 / 3.35e12 ≈ 295 FLOP/byte (Austin et al., "How to Scale Your Model", ch. GPUs)."""
    assert calc.ridge_point(peak_flop_per_s=989.4e12, bandwidth_bytes_per_s=3.35e12) == pytest.approx(295.3, rel=1e-3)


def test_tpu_v5e_ridge_point_is_240() -> None:
    """TPU v5e: 1.97e14 FLOP/s over 8.2e11 B/s ≈ 240 ("How to Scale Your Model", ch. Rooflines: B > 240)."""
    assert calc.ridge_point(peak_flop_per_s=1.97e14, bandwidth_bytes_per_s=8.2e11) == pytest.approx(240, rel=0.01)


def test_matmul_intensity_is_about_the_batch_when_small() -> None:
    """A BF16 [B,D]·[D,F] matmul with B ≪ D, F has intensity ≈ B ("How to Scale Your Model", ch. Rooflines)."""
    intensity = calc.matmul_intensity(m=256, k=8192, n=8192, bytes_per_element=2)
    assert intensity == pytest.approx(240.9, rel=1e-3)
    assert 0.9 * 256 < intensity < 256
    assert calc.matmul_intensity(m=8, k=16384, n=16384, bytes_per_element=2) == pytest.approx(8, rel=0.01)


def test_matmul_result_on_h100() -> None:
    """4096³ BF16 matmul on an H100 SXM: 1.37e11 FLOPs, 1.01e8 bytes, ≈ 139 µs, compute-bound (hand arithmetic)."""
    result = calc.matmul(m=4096, k=4096, n=4096, peak_flop_per_s=989.4e12, bandwidth_bytes_per_s=3.35e12)
    q = result.to_dict()
    assert q["flops"] == 2 * 4096**3
    assert q["bytes"] == 2 * 3 * 4096**2
    assert q["seconds"] == pytest.approx(2 * 4096**3 / 989.4e12)
    assert q["bound"] == "compute"
    skinny = calc.matmul(m=1, k=8192, n=8192, peak_flop_per_s=989.4e12, bandwidth_bytes_per_s=3.35e12).to_dict()
    assert skinny["bound"] == "memory"
    assert set(q) >= {"flops", "bytes", "intensity_flop_per_byte", "seconds", "bound"}


def test_elementwise_add_intensity() -> None:
    """A BF16 add reads two and writes one element: 1 / (2 × 3) ≈ 0.167 FLOP/byte."""
    assert calc.elementwise_intensity(flops_per_element=1, bytes_per_element=2) == pytest.approx(1 / 6)


def test_kernel_time_is_max_of_compute_and_memory() -> None:
    """T = max(F/P, Q/B) ("How to Scale Your Model", ch. Rooflines)."""
    assert calc.kernel_seconds(flops=1e12, bytes_moved=1e9, peak_flop_per_s=1e15, bandwidth_bytes_per_s=1e12) == 1e-3
    assert calc.kernel_seconds(flops=1e9, bytes_moved=1e12, peak_flop_per_s=1e15, bandwidth_bytes_per_s=1e12) == 1.0


def test_derivation_renders_in_both_languages() -> None:
    """Every matmul step renders in English and Spanish, Spanish with a decimal comma."""
    result = calc.matmul(m=256, k=8192, n=8192, peak_flop_per_s=989.4e12, bandwidth_bytes_per_s=3.35e12)
    en, es = result.derivation("en"), result.derivation("es")
    assert [s["key"] for s in en] == [s["key"] for s in es]
    assert en[2]["label"] != es[2]["label"]
    assert "3,35 TB/s" in es[4]["substitution"]


@given(m=st.integers(1, 10**6), k=st.integers(1, 10**6), n=st.integers(1, 10**6), s=st.sampled_from([0.5, 1, 2, 4]))
def test_matmul_finite_and_bounded(m: int, k: int, n: int, s: float) -> None:
    """Across accepted sizes the intensity is finite, positive and at most 2·min(M, K, N)/s."""
    intensity = calc.matmul_intensity(m=m, k=k, n=n, bytes_per_element=s)
    assert math.isfinite(intensity) and intensity > 0
    assert intensity <= 2 * min(m, k, n) / s


@given(x=st.floats(1e-3, 1e6), factor=st.floats(1.01, 100))
def test_attainable_is_monotone_in_intensity(x: float, factor: float) -> None:
    """Attainable FLOP/s never decreases as intensity grows and never exceeds the peak."""
    low = calc.attainable_flop_per_s(intensity_flop_per_byte=x, peak_flop_per_s=1e15, bandwidth_bytes_per_s=3e12)
    high = calc.attainable_flop_per_s(
        intensity_flop_per_byte=x * factor, peak_flop_per_s=1e15, bandwidth_bytes_per_s=3e12
    )
    assert low <= high <= 1e15


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"m": 0, "k": 1, "n": 1}, "m"),
        ({"m": 1, "k": -1, "n": 1}, "k"),
        ({"m": 1, "k": 1, "n": float("nan")}, "n"),
        ({"m": 1, "k": 1, "n": 1, "bytes_per_element": 0}, "bytes_per_element"),
        ({"m": 1, "k": 1, "n": 1, "peak_flop_per_s": None}, "peak_flop_per_s"),
        ({"m": 1, "k": 1, "n": 1, "bandwidth_bytes_per_s": -1.0}, "bandwidth_bytes_per_s"),
    ],
)
def test_matmul_bad_input_names_the_field(kwargs: dict, field: str) -> None:
    """Each bad matmul input raises CalcError naming its field."""
    args = {"peak_flop_per_s": 1e15, "bandwidth_bytes_per_s": 3e12, **kwargs}
    with pytest.raises(CalcError) as raised:
        calc.matmul(**args)
    assert raised.value.field == field


def test_matmul_unknown_accelerator() -> None:
    """An unknown accelerator id raises CalcError on the accelerator field."""
    with pytest.raises(CalcError) as raised:
        calc.matmul(m=1, k=1, n=1, accelerator="no-such-chip")
    assert raised.value.field == "accelerator"
