"""Training memory: ZeRO's 16 bytes per parameter and its Figure 1, recipes, activations, fit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError


def test_zero_sixteen_bytes_per_parameter() -> None:
    """Mixed-precision Adam keeps 2 + 2 + 12 = 16 bytes per parameter (Rajbhandari et al. 2020, ZeRO, §3.1);
    with FP32 gradient accumulation 20; 8-bit Adam 10."""
    assert calc.bytes_per_param(recipe="adam-mixed") == 16
    assert calc.bytes_per_param(recipe="adam-mixed-fp32-grads") == 20
    assert calc.bytes_per_param(recipe="adam-8bit") == 10


@pytest.mark.parametrize("stage, gigabytes", [(0, 120), (1, 31.4), (2, 16.6), (3, 1.9)])
def test_zero_figure_1(stage: int, gigabytes: float) -> None:
    """ZeRO Figure 1: Ψ = 7.5B, K = 12, N_d = 64 → 120 GB, 31.4 GB, 16.6 GB, 1.9 GB per device for stages 0–3."""
    per_device = calc.zero_bytes_per_accelerator(params=7.5e9, zero_stage=stage, count=64)
    assert per_device / 1e9 == pytest.approx(gigabytes, rel=0.02)


def test_training_memory_result_and_fit() -> None:
    """A 70B model's 1.12 TB of state does not fit one H100 (80 GB) but fits with ZeRO-3 over 64 (17.5 GB)."""
    alone = calc.training_memory(params=70e9, accelerator="h100-sxm").to_dict()
    assert alone["total_bytes"] == pytest.approx(1.12e12)
    assert alone["fits"] is False
    sharded = calc.training_memory(params=70e9, zero_stage=3, count=64, accelerator="h100-sxm").to_dict()
    assert sharded["per_accelerator_bytes"] == pytest.approx(1.12e12 / 64)
    assert sharded["fits"] is True
    assert calc.training_memory(params=70e9).to_dict()["fits"] is None


def test_activation_formula_korthikanti() -> None:
    """Korthikanti et al. 2022, eq. 1–2: s·b·h·(34 + 5as/h) per layer; 34·s·b·h selective; 2·s·b·h full.
    GPT-3 175B (L 96, h 12288, a 96) at s = 2048, b = 1: 96·2048·12288·114 ≈ 275 GB without recomputation."""
    args = dict(layers=96, hidden_size=12288, attention_heads=96, sequence_length=2048, micro_batch=1)
    none = calc.activation_bytes(**args)
    assert none == pytest.approx(96 * 2048 * 12288 * (34 + 5 * 96 * 2048 / 12288))
    assert none / 1e9 == pytest.approx(275, rel=0.01)
    assert calc.activation_bytes(**args, recompute="selective") == pytest.approx(96 * 34 * 2048 * 12288)
    assert calc.activation_bytes(**args, recompute="full") == pytest.approx(96 * 2 * 2048 * 12288)
    assert calc.activation_bytes(**args, tensor_parallel=8) == pytest.approx(none / 8)
    q = calc.training_memory(
        params=175e9, zero_stage=3, count=1024, layers=96, hidden_size=12288, sequence_length=2048, recompute="full"
    ).to_dict()
    assert q["activation_bytes"] == pytest.approx(96 * 2 * 2048 * 12288)


@given(
    params=st.floats(1e6, 1e13),
    count=st.integers(1, 10**5),
    stage=st.integers(0, 3),
    recipe=st.sampled_from(["adam-mixed", "adam-mixed-fp32-grads", "adam-8bit", "bf16-adam"]),
)
def test_sharding_never_increases_memory(params: float, count: int, stage: int, recipe: str) -> None:
    """Per-device state is finite, at most the unsharded state, and non-increasing in the ZeRO stage."""
    here = calc.zero_bytes_per_accelerator(params=params, recipe=recipe, zero_stage=stage, count=count)
    assert math.isfinite(here) and here <= params * calc.bytes_per_param(recipe=recipe) * (1 + 1e-12)
    if stage < 3:
        assert calc.zero_bytes_per_accelerator(params=params, recipe=recipe, zero_stage=stage + 1, count=count) <= here


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"params": 0}, "params"),
        ({"recipe": "adam"}, "recipe"),
        ({"zero_stage": 4}, "zero"),
        ({"zero_stage": 1.5}, "zero"),
        ({"count": 0}, "count"),
        ({"accelerator": "nope"}, "accelerator"),
        ({"layers": 0, "hidden_size": 4096}, "layers"),
        ({"layers": 32, "hidden_size": 4096, "recompute": "some"}, "recompute"),
        ({"layers": 32, "hidden_size": 4096, "sequence_length": 0}, "sequence_length"),
    ],
)
def test_bad_input(kwargs: dict, field: str) -> None:
    """Every bad training-memory input raises CalcError naming the field."""
    with pytest.raises(CalcError) as raised:
        calc.training_memory(**{"params": 7e9, **kwargs})
    assert raised.value.field == field
