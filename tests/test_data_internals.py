"""Chip internals: pinned per source, sourced or explained on every chip, consistent with the dense peaks."""

from __future__ import annotations

import pytest

from tests.fresh_data import fresh_data

D = fresh_data()
FIELDS = (
    "unit_name",
    "units",
    "matrix_units_per_unit",
    "boost_clock_mhz",
    "shared_memory_per_unit",
    "register_file_per_unit",
    "matrix_engine",
    "matrix_formats",
)


def _value(chip: str, field: str) -> float | str | None:
    value = D.accelerator(chip).internals[f"internals.{field}"]
    return value.text if value.dimension == "text" else value.si


@pytest.mark.parametrize("chip", sorted(D.accelerators))
def test_every_field_is_sourced_or_explained(chip: str) -> None:
    """Each chip states every internal field, with a source the file lists or a reason it is unknown."""
    accelerator = D.accelerator(chip)
    known = {source["id"] for source in accelerator.sources}
    assert set(accelerator.internals) == {f"internals.{field}" for field in FIELDS}
    for key, value in accelerator.internals.items():
        if value.si is None and value.text is None:
            assert value.reason, f"{chip} {key}"
        else:
            assert value.source in known, f"{chip} {key}"


def test_h100_sxm_spec_table() -> None:
    """H100 SXM: 132 SMs, up to 228 KB of shared memory and a 256 KB register file per SM (NVIDIA's SXM column,
    HPC Tech copy); 4 fourth-generation Tensor Cores per SM at 1.83 GHz (Lockwood's H100 notes)."""
    assert _value("h100-sxm", "units") == 132
    assert _value("h100-sxm", "shared_memory_per_unit") == 228e3
    assert _value("h100-sxm", "register_file_per_unit") == 256e3
    assert _value("h100-sxm", "matrix_units_per_unit") == 4
    assert _value("h100-sxm", "boost_clock_mhz") == 1830
    assert _value("h100-sxm", "matrix_engine") == "4th-generation Tensor Core (Hopper)"


def test_blackwell_sm_from_nvidia_guides() -> None:
    """B200 and GB200 (compute capability 10.0): 228 KB of shared memory and 64K 32-bit registers per SM (Blackwell
    Tuning Guide, Occupancy), 4 fifth-generation Tensor Cores per SM (CUDA C++ Programming Guide, Compute
    Capability 10.0); NVIDIA publishes no SM count, so that stays null."""
    for chip in ("b200", "gb200"):
        assert _value(chip, "shared_memory_per_unit") == 228e3
        assert _value(chip, "register_file_per_unit") == 256e3
        assert _value(chip, "matrix_units_per_unit") == 4
        assert _value(chip, "units") is None


def test_amd_rocm_specification_table() -> None:
    """ROCm's GPU hardware specifications: MI300X and MI325X 304 CUs with 64 KiB LDS and a 512 KiB VGPR file;
    MI355X 256 CUs with 160 KiB LDS."""
    for chip in ("mi300x", "mi325x"):
        assert _value(chip, "units") == 304
        assert _value(chip, "shared_memory_per_unit") == 64 * 1024
        assert _value(chip, "register_file_per_unit") == 512 * 1024
    assert _value("mi355x", "units") == 256
    assert _value("mi355x", "shared_memory_per_unit") == 160 * 1024


def test_google_and_aws_cores() -> None:
    """TPU v5p: 2 TensorCores of 4 MXUs; v6e: 1 TensorCore of two 256x256 MXUs (Google Cloud TPU docs);
    Trainium2: 8 NeuronCore-v3 (AWS Neuron docs)."""
    assert (_value("tpu-v5p", "units"), _value("tpu-v5p", "matrix_units_per_unit")) == (2, 4)
    assert (_value("tpu-v6e", "units"), _value("tpu-v6e", "matrix_units_per_unit")) == (1, 2)
    assert (_value("trainium2", "unit_name"), _value("trainium2", "units")) == ("NeuronCore-v3", 8)


# chip -> dense BF16 FLOP per clock per unit, from AMD's "Understanding Peak, Max-Achievable & Delivered FLOPs"
# blog, Tables 1 and 2 (A100 2,048; H100 4,096; MI325X 2,048) and ROCm's MI300 microarchitecture page (MI300X 2,048).
FLOP_PER_CLOCK = {"a100-sxm": 2048, "h100-sxm": 4096, "mi300x": 2048, "mi325x": 2048}


@pytest.mark.parametrize("chip", sorted(FLOP_PER_CLOCK))
def test_internals_reproduce_the_dense_peak(chip: str) -> None:
    """units x FLOP per clock per unit x boost clock gives the dense BF16 peak the compute section states."""
    units, clock_mhz = _value(chip, "units"), _value(chip, "boost_clock_mhz")
    assert isinstance(units, float) and isinstance(clock_mhz, float)
    peak = units * FLOP_PER_CLOCK[chip] * clock_mhz * 1e6
    assert peak == pytest.approx(D.accelerator(chip).dense_flop_per_s["bf16"], rel=0.002)


def test_caches_live_in_on_chip_only() -> None:
    """L2 and last-level caches stay in on_chip; internals has no cache field that could repeat them."""
    for chip in D.accelerators.values():
        assert not [key for key in chip.internals if "l2" in key or "cache" in key or "sram" in key]
