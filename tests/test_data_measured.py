"""Measured figures beside the peaks: pinned per source, and below the peak on every chip."""

from __future__ import annotations

import pytest

from tests.fresh_data import fresh_data

D = fresh_data()
T = 1e12
CHIPS = sorted(D.accelerators)

# (chip, dtype) -> TFLOP/s, as printed in the "Maximum Achievable Matmul FLOPS comparison table" of Stas Bekman's
# Machine Learning Engineering Open Book (compute/accelerator/README.md, revision 744d01e1), BF16 and FP8 tables.
MAMF_TABLE = {
    ("a100-sxm", "bf16"): 271.2,
    ("h100-sxm", "bf16"): 794.5,
    ("h100-sxm", "fp8"): 1402.6,
    ("h200-sxm", "bf16"): 794.5,  # the H100 SXM row: "H200 is the same"
    ("h200-sxm", "fp8"): 1453.4,
    ("b200", "bf16"): 1745.0,
    ("b200", "fp8"): 3432.5,
    ("b300", "bf16"): 1769.0,
    ("b300", "fp8"): 3353.3,
    ("gb200", "bf16"): 1822.0,
    ("gb200", "fp8"): 3615.6,
    ("mi300x", "bf16"): 668.4,
    ("mi325x", "bf16"): 784.9,
    ("mi355x", "bf16"): 1565.0,
    ("gaudi3", "bf16"): 1243.0,
    ("gaudi3", "fp8"): 1289.5,
}


@pytest.mark.parametrize(("chip", "dtype"), sorted(MAMF_TABLE))
def test_mamf_table_rows(chip: str, dtype: str) -> None:
    """Each mamf-finder row is carried as printed, cited to the table, with its torch build and best shape."""
    value = D.accelerator(chip).measured[f"measured.matmul.{dtype}"]
    assert value.si == pytest.approx(MAMF_TABLE[chip, dtype] * T)
    assert value.source == "mamf-table"
    assert "PyTorch" in (value.software or "")
    assert "mamf-finder" in (value.benchmark or "")


def test_h100_sxm_reaches_about_80_percent() -> None:
    """H100 SXM: 794.5 of 989.4 dense BF16 TFLOP/s, 80.3 % (the MAMF table's own efficiency column)."""
    chip = D.accelerator("h100-sxm")
    assert chip.achievable_flop_per_s["bf16"] / chip.dense_flop_per_s["bf16"] == pytest.approx(0.803, abs=0.001)


def test_h200_matmul_is_its_own_measurement_not_the_median() -> None:
    """H200 takes the MAMF table's figure (its H100 row, "H200 is the same"), not the median share of the measured
    chips, so its achievable BF16 rate equals the H100's and the serving calculator says the figure is the chip's."""
    import calc

    h200, h100 = D.accelerator("h200-sxm"), D.accelerator("h100-sxm")
    assert h200.measured_value("bf16") is not None
    assert h200.achievable_flop_per_s["bf16"] == h100.achievable_flop_per_s["bf16"]
    q = calc.compute("serving", {"model": "llama-3-8b", "accelerator": "h200-sxm"}).quantities
    assert q["compute_efficiency"] * h200.dense_flop_per_s["bf16"] == pytest.approx(794.5 * T)


def test_amd_max_achievable_flops_blog() -> None:
    """AMD's MAF blog, Part 2, Table 1 (measured 25 Feb 2025, ROCm 6.3.0): MI300X FP8 1,273 and BF16 708;
    MI325X FP8 1,519 and BF16 843 TFLOP/s."""
    mi300x, mi325x = D.accelerator("mi300x"), D.accelerator("mi325x")
    assert mi300x.achievable_flop_per_s["fp8"] == pytest.approx(1273 * T)
    assert mi325x.achievable_flop_per_s["fp8"] == pytest.approx(1519 * T)
    assert mi300x.measured["measured.matmul.fp8"].measured_on == "2025-02-25"
    assert [a["value"] for a in mi300x.measured["measured.matmul.bf16"].alternatives] == ["708 TFLOP/s"]
    assert [a["value"] for a in mi325x.measured["measured.matmul.bf16"].alternatives] == ["843 TFLOP/s"]


# chip -> BabelStream Triad TB/s from the Azure AI Benchmarking Guide's results pages (ND A100 v4, ND H100 v5,
# ND H200 v5, ND MI300X v5; HBM Bandwidth tables).
AZURE_TRIAD = {"a100-sxm": 1.70, "h100-sxm": 2.97, "h200-sxm": 4.18, "mi300x": 4.10}


@pytest.mark.parametrize("chip", sorted(AZURE_TRIAD))
def test_azure_babelstream_triad(chip: str) -> None:
    """HBM streams at 77-89 % of the rating: BabelStream Triad as the Azure guide publishes it."""
    accelerator = D.accelerator(chip)
    assert accelerator.achievable_memory_bandwidth_bytes_per_s == pytest.approx(AZURE_TRIAD[chip] * T)
    assert "BabelStream Triad" in (accelerator.measured["measured.memory_bandwidth"].benchmark or "")
    ratio = accelerator.achievable_memory_bandwidth_bytes_per_s / accelerator.memory_bandwidth_bytes_per_s
    assert 0.75 < ratio < 0.9


@pytest.mark.parametrize("chip", CHIPS)
def test_achievable_below_peak(chip: str) -> None:
    """Every measured figure (and each alternative) is below the dense peak of its format, and above a tenth of it."""
    accelerator = D.accelerator(chip)
    for dtype, achieved in accelerator.achievable_flop_per_s.items():
        if achieved is not None:
            assert 0.1 < achieved / accelerator.dense_flop_per_s[dtype] < 1, dtype
    bandwidth = accelerator.achievable_memory_bandwidth_bytes_per_s
    if bandwidth is not None:
        assert 0.1 < bandwidth / accelerator.memory_bandwidth_bytes_per_s < 1


@pytest.mark.parametrize("chip", CHIPS)
def test_every_chip_says_what_is_measured_or_why_not(chip: str) -> None:
    """A chip has measurements, each with source, software and benchmark, or a reason why there are none."""
    accelerator = D.accelerator(chip)
    assert accelerator.measured or accelerator.measured_reason
    known = {source["id"] for source in accelerator.sources}
    for key, value in accelerator.measured.items():
        if value.si is None:
            assert value.reason, key
        else:
            assert value.source in known and value.software and value.benchmark, key


def test_specs_json_has_achievable_keys(capsys: pytest.CaptureFixture[str]) -> None:
    """`specs --json` reports achievable TFLOP/s per format and TB/s, null where nothing is measured."""
    import json

    from calc._tooling.cli import main

    assert main(["specs", "--json"]) == 0
    rows = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["h100-sxm"]["achievable_tflops"]["bf16"] == pytest.approx(794.5)
    assert rows["h100-sxm"]["achievable_tflops"]["fp4"] is None
    assert rows["h100-sxm"]["achievable_memory_bandwidth_tbps"] == pytest.approx(2.97)
    assert rows["tpu-v5p"]["achievable_memory_bandwidth_tbps"] is None
