"""The basis choice: each calculator runs on the chip's measured figures (achievable, the default where data/ has
them) or on its datasheet peaks, says which in a note, falls back to the peak without a measurement, and never puts
an achievable figure above its peak (in the results or on the roofline chart)."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET

import pytest

import calc
from calc import CALCULATORS, CalcError
from calc import serving_default_efficiency as serving_efficiency
from calc._tooling.cli import main

NS = "{http://www.w3.org/2000/svg}"
T = 1e12
DATA = calc.load_data()
BASIS_CALCULATORS = ("roofline", "matmul", "training", "parallelism", "serving")
# H100 SXM: 794.5 of 989.4 dense BF16 TFLOP/s (MAMF table) and 2.97 of 3.35 TB/s (Azure guide, BabelStream Triad).
H100_MATMUL, H100_PEAK, H100_TRIAD, H100_HBM = 794.5 * T, 989.4 * T, 2.97 * T, 3.35 * T
# (chip, dtype) pairs where data/ measured the matmul or the memory bandwidth.
MEASURED = sorted(
    (chip.id, dtype)
    for chip in DATA.accelerators.values()
    for dtype, peak in chip.dense_flop_per_s.items()
    if peak
    and chip.memory_bandwidth_bytes_per_s
    and (chip.achievable_flop_per_s.get(dtype) or chip.achievable_memory_bandwidth_bytes_per_s)
)


def _run(name: str, **inputs: str) -> dict:
    outcome = calc.run(name, inputs, "en")
    assert outcome["ok"], outcome
    return outcome


def test_every_basis_calculator_has_the_field_defaulting_to_achievable() -> None:
    """roofline, matmul, training, the planner and serving take `basis`: achievable (default) or peak."""
    for name in BASIS_CALCULATORS:
        field = CALCULATORS[name].field_named("basis")
        assert field is not None, name
        assert field.choices == ("achievable", "peak") and field.default == "achievable", name
    assert CALCULATORS["decode"].field_named("basis") is None


def test_roofline_on_h100_runs_against_the_measured_roof() -> None:
    """The default H100 roof is the MAMF matmul and the BabelStream bandwidth: ridge 794.5/2.97 = 267.5 FLOP/byte,
    not the datasheet's 295; the datasheet figures stay under their keys, and the note names both sources."""
    q = calc.roofline(accelerator="h100-sxm", intensity_flop_per_byte=100).quantities
    assert q["basis"] == "achievable"
    assert q["roof_flop_per_s"] == pytest.approx(H100_MATMUL) and q["roof_bandwidth_bytes_per_s"] == pytest.approx(
        H100_TRIAD
    )
    assert q["ridge_point_flop_per_byte"] == pytest.approx(267.5, abs=0.1)
    assert q["attainable_flop_per_s"] == pytest.approx(100 * H100_TRIAD)
    assert q["peak_flop_per_s"] == pytest.approx(H100_PEAK) and q["bandwidth_bytes_per_s"] == pytest.approx(H100_HBM)
    assert q["fraction_of_peak"] == pytest.approx(100 * H100_TRIAD / H100_PEAK)
    peak = calc.roofline(accelerator="h100-sxm", intensity_flop_per_byte=100, basis="peak").quantities
    assert peak["basis"] == "peak" and peak["ridge_point_flop_per_byte"] == pytest.approx(295.3, abs=0.1)
    assert peak["roof_flop_per_s"] == pytest.approx(H100_PEAK)


def test_the_note_says_which_basis_and_the_figure_in_both_languages() -> None:
    """The note starts with the basis and gives the measured figure, its share of peak and its source."""
    outcome = _run("roofline", accelerator="h100-sxm", intensity="100")
    note = outcome["notes"][0]
    assert note.startswith("Basis: achievable, 794.5 TFLOP/s measured BF16 matmul (80.3 % of the 989.4 TFLOP/s")
    assert "Maximum Achievable Matmul FLOPS" in note and "2.97 TB/s measured memory bandwidth (88.7 %" in note
    spanish = calc.run("roofline", {"accelerator": "h100-sxm", "intensity": "100"}, "es")["notes"][0]
    assert spanish.startswith("Base: alcanzable, 794,5 TFLOP/s de matmul BF16 medido (80,3 % del pico denso")
    peak = calc.run("roofline", {"accelerator": "h100-sxm", "intensity": "100", "basis": "peak"}, "es")
    assert (
        peak["notes"][0]
        == "Base: pico, el pico denso BF16 de 989,4 TFLOP/s y el ancho de banda de memoria de 3,35 TB/s."
    )
    assert outcome["derivation"][0]["label"] == "Ridge point (H100 SXM, dense BF16, achievable basis)"
    assert peak["derivation"][0]["label"] == "Punto de cresta (H100 SXM, BF16 denso, base pico)"


def test_a_custom_chip_falls_back_to_the_peak_with_a_note() -> None:
    """A custom chip has no measurement: on the achievable basis it runs on the figures given, basis peak, and the
    note says why, in every calculator that has the choice."""
    custom = {"peak_tflops": "1000", "bandwidth_tbytes_s": "3"}
    cases = {
        "roofline": {**custom, "intensity": "100"},
        "matmul": custom,
        "training": {"peak_tflops": "1000"},
        "parallelism": {"accelerator": "custom"},
        "serving": {**custom, "memory_gb": "80", "model": "llama-3-8b"},
    }
    for name, inputs in cases.items():
        en = _run(name, **inputs)
        assert en["quantities"]["basis"] == "peak", name
        words = " ".join(en["notes"])
        assert "Basis: peak" in words, name
        assert "custom chip has no measurement" in words or "no measurement for this chip" in words, name
        es = " ".join(calc.run(name, inputs, "es")["notes"])
        assert "Base: pico" in es, name
    roof = _run("roofline", **custom, intensity="1000")["quantities"]
    assert roof["roof_flop_per_s"] == pytest.approx(1e15) and roof["ridge_point_flop_per_byte"] == pytest.approx(
        333.3, abs=0.1
    )


def test_a_chip_without_measurements_falls_back_to_the_peak() -> None:
    """The H800 has no published measurement: achievable gives its datasheet roof, basis peak, and says so."""
    outcome = _run("roofline", accelerator="h800-sxm", intensity="100")
    assert outcome["quantities"]["basis"] == "peak"
    assert outcome["quantities"]["roof_flop_per_s"] == pytest.approx(989.4 * T)
    assert "falls back to the datasheet" in outcome["notes"][0] and "H800 SXM" in outcome["notes"][0]


def test_a_half_measured_chip_measures_what_it_can() -> None:
    """B200: the MAMF table has its BF16 matmul (1745 TFLOP/s) but no source its bandwidth, so the roof takes the
    measured matmul and the datasheet's 7.7 TB/s, and the note says which is which."""
    outcome = _run("roofline", accelerator="b200", intensity="100")
    q = outcome["quantities"]
    assert q["basis"] == "achievable"
    assert q["roof_flop_per_s"] == pytest.approx(1745 * T) and q["roof_bandwidth_bytes_per_s"] == pytest.approx(7.7 * T)
    assert "no measured bandwidth for this chip" in outcome["notes"][0]


def test_matmul_times_against_the_measured_matmul() -> None:
    """4096³ BF16 on H100: 2 × 4096³ / 794.5e12 = 173 µs on the achievable basis, 139 µs on the peak one."""
    flops = 2 * 4096.0**3
    achieved = calc.matmul(m=4096, k=4096, n=4096, accelerator="h100-sxm").quantities
    peak = calc.matmul(m=4096, k=4096, n=4096, accelerator="h100-sxm", basis="peak").quantities
    assert achieved["compute_seconds"] == pytest.approx(flops / H100_MATMUL)
    assert peak["compute_seconds"] == pytest.approx(flops / H100_PEAK)
    assert achieved["peak_flop_per_s"] == peak["peak_flop_per_s"] == pytest.approx(H100_PEAK)


def test_training_keeps_mfu_a_share_of_the_peak() -> None:
    """The quiz run (70B, 1T tokens, 1024 H100, 50 % MFU) takes the same days on either basis: MFU is defined
    against the peak. The achievable basis shows the share of the measured roof, 0.5 × 989.4 / 794.5 = 0.623."""
    args = dict(params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5)
    achieved = calc.training(**args)
    peak = calc.training(**args, basis="peak")
    assert achieved.quantities["seconds"] == pytest.approx(peak.quantities["seconds"])
    assert achieved.quantities["roof_efficiency"] == pytest.approx(0.5 * 989.4 / 794.5)
    assert peak.quantities["roof_efficiency"] == pytest.approx(0.5) and peak.quantities["basis"] == "peak"
    assert [s.key for s in achieved.steps][:3] == ["total_flops", "roof_efficiency", "cluster_flop_per_s"]
    assert "roof_efficiency" not in [s.key for s in peak.steps]


def test_training_flags_an_mfu_no_measured_matmul_reaches() -> None:
    """85 % MFU on an H100 is above its best measured BF16 matmul (80.3 % of peak): a note says so, on the
    achievable basis only; 50 % draws no such note."""
    over = calc.run("training", {"mfu": "0.85"}, "en")
    assert over["quantities"]["roof_efficiency"] > 1
    assert any("asks more than" in note for note in over["notes"])
    assert any("pide más que" in note for note in calc.run("training", {"mfu": "0.85"}, "es")["notes"])
    assert not any("asks more than" in note for note in calc.run("training", {"mfu": "0.5"}, "en")["notes"])
    assert not any(
        "asks more than" in note for note in calc.run("training", {"mfu": "0.85", "basis": "peak"}, "en")["notes"]
    )


def _step(inputs: dict[str, str], key: str) -> float:
    return next(step.value for step in calc.compute("parallelism", inputs).steps if step.key == key)


def test_planner_takes_the_measured_share_once() -> None:
    """Achievable: H100's matmuls at 794.5/989.4 of peak and its optimizer update at 2.97 TB/s; peak: the
    edition's typical efficiency (data/training.yaml) and 3.35 TB/s. A given efficiency is a share of the peak on
    either basis, so the basis then changes only what the bandwidth times (the memory-bound kernels, the update)."""
    achieved = calc.run("parallelism", {}, "en")["quantities"]
    peak = calc.run("parallelism", {"basis": "peak"}, "en")["quantities"]
    assert achieved["matmul_efficiency"] == pytest.approx(794.5 / 989.4)
    assert achieved["memory_bandwidth_bytes_per_s"] == pytest.approx(H100_TRIAD)
    assert peak["matmul_efficiency"] == pytest.approx(DATA.training.matmul_efficiency.typical)
    assert peak["memory_bandwidth_bytes_per_s"] == pytest.approx(H100_HBM)
    given = {"matmul_efficiency": "0.6"}
    a = calc.run("parallelism", given, "en")["quantities"]
    p = calc.run("parallelism", {**given, "basis": "peak"}, "en")["quantities"]
    assert a["matmul_efficiency"] == p["matmul_efficiency"] == pytest.approx(0.6)
    assert _step(given, "dense_layer_matmul_seconds") == pytest.approx(
        _step({**given, "basis": "peak"}, "dense_layer_matmul_seconds")
    )
    assert _step(given, "dense_layer_memory_seconds") == pytest.approx(
        _step({**given, "basis": "peak"}, "dense_layer_memory_seconds") * 3.35 / 2.97
    )
    assert a["optimizer_seconds"] == pytest.approx(p["optimizer_seconds"] * 3.35 / 2.97)


def test_planner_basis_matters_where_the_measurement_is_far_from_the_typical() -> None:
    """MI300X's BF16 matmul measures at 51 % of peak against the typical 80 %: the achievable basis is slower."""
    inputs = {"accelerator": "mi300x", "tp": "8", "pp": "4"}
    achieved = calc.run("parallelism", inputs, "en")["quantities"]
    peak = calc.run("parallelism", {**inputs, "basis": "peak"}, "en")["quantities"]
    assert achieved["matmul_efficiency"] == pytest.approx(668.4 / 1307.4)
    assert achieved["step_seconds"] > 1.3 * peak["step_seconds"]


def test_serving_takes_the_measured_shares_or_the_median() -> None:
    """Achievable: H100's own measured shares (0.887 bandwidth, 0.803 matmul); peak: the median share of the chips
    the data measured, for every chip. A given efficiency replaces both and is a share of the datasheet: peak."""
    base = {"model": "llama-3-8b", "accelerator": "h100-sxm"}
    achieved = calc.run("serving", base, "en")
    peak = calc.run("serving", {**base, "basis": "peak"}, "en")
    assert achieved["quantities"]["basis"] == "achievable"
    assert achieved["quantities"]["bandwidth_efficiency"] == pytest.approx(2.97 / 3.35)
    assert achieved["quantities"]["compute_efficiency"] == pytest.approx(794.5 / 989.4)
    median = serving_efficiency(DATA.accelerator("h100-sxm"), None, "peak")[0]
    assert peak["quantities"]["basis"] == "peak" and peak["quantities"]["bandwidth_efficiency"] == pytest.approx(median)
    assert median != pytest.approx(2.97 / 3.35)
    assert achieved["notes"][0].startswith("Basis: achievable, memory bandwidth 2.97 TB/s")
    given = calc.run("serving", {**base, "efficiency": "0.5"}, "en")
    assert given["quantities"]["basis"] == "peak" and given["notes"][0].startswith("Basis: peak, your efficiency 0.5")


@pytest.mark.parametrize("name", BASIS_CALCULATORS)
def test_cli_flag_and_json_key(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--basis peak|achievable` on the command line; the JSON carries `basis` beside the other outputs; the
    text output ends with the basis note, in Spanish with --lang es."""
    extra = {"roofline": ["--intensity", "100"], "serving": ["--model", "llama-3-8b"]}.get(name, [])
    for basis in ("achievable", "peak"):
        assert main([name, *extra, "--basis", basis, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["basis"] == basis, name
    assert main([name, *extra, "--lang", "es"]) == 0
    assert "Base: alcanzable" in capsys.readouterr().out


def test_cli_refuses_an_unknown_basis(capsys: pytest.CaptureFixture[str]) -> None:
    """A basis other than peak or achievable exits 2 with one line naming --basis and the choices."""
    assert main(["roofline", "--intensity", "100", "--basis", "measured"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--basis" in err and "achievable" in err and "peak" in err
    with pytest.raises(CalcError):
        calc.roofline(accelerator="h100-sxm", intensity_flop_per_byte=100, basis="measured")


@pytest.mark.parametrize(("chip", "dtype"), MEASURED)
def test_achievable_is_at_most_the_peak_in_every_result(chip: str, dtype: str) -> None:
    """Where data/ measured a chip, each calculator's achievable figure is at or below its datasheet peak."""
    q = calc.roofline(accelerator=chip, dtype=dtype, intensity_flop_per_byte=10).quantities
    assert q["basis"] == "achievable"
    assert (
        q["roof_flop_per_s"] <= q["peak_flop_per_s"] and q["roof_bandwidth_bytes_per_s"] <= q["bandwidth_bytes_per_s"]
    )
    assert q["roof_flop_per_s"] < q["peak_flop_per_s"] or q["roof_bandwidth_bytes_per_s"] < q["bandwidth_bytes_per_s"]
    peak = calc.roofline(accelerator=chip, dtype=dtype, intensity_flop_per_byte=10, basis="peak").quantities
    assert q["attainable_flop_per_s"] <= peak["attainable_flop_per_s"]
    assert q["ridge_point_flop_per_byte"] > 0 and peak["roof_flop_per_s"] == q["peak_flop_per_s"]


def _roof_points(svg: str, kind: str, chip: str) -> list[tuple[float, float]]:
    root = ET.fromstring(svg)
    lines = [p for p in root.iter(f"{NS}polyline") if p.get("data-roof") == kind and p.get("data-chip") == chip]
    assert len(lines) == 1, (kind, chip)
    return [tuple(float(v) for v in pair.split(",")) for pair in lines[0].get("points", "").split()]  # type: ignore[misc]


def _height_at(points: list[tuple[float, float]], x: float) -> float:
    """The polyline's y at x (SVG y grows downward), by linear interpolation."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x0 <= x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    raise AssertionError(f"{x} outside the roof")


@pytest.mark.parametrize(("chip", "dtype"), MEASURED)
def test_the_chart_draws_the_achievable_roof_under_the_peak(chip: str, dtype: str) -> None:
    """On the roofline chart the dashed achievable roof runs at or below the peak roof at every intensity, and the
    legend names it in the page's language."""
    for lang, word in (("en", "achievable"), ("es", "alcanzable")):
        svg = calc.run("roofline", {"accelerator": chip, "dtype": dtype, "intensity": "50"}, lang)["svg"]
        peak, achieved = _roof_points(svg, "peak", chip), _roof_points(svg, "achievable", chip)
        xs = sorted({x for x, _ in peak + achieved})
        assert all(_height_at(achieved, x) >= _height_at(peak, x) - 0.2 for x in xs)  # coordinates carry one decimal
        assert any(_height_at(achieved, x) > _height_at(peak, x) + 0.5 for x in xs)
        root = ET.fromstring(svg)
        dashed = [p for p in root.iter(f"{NS}polyline") if p.get("data-roof") == "achievable"]
        assert dashed[0].get("stroke-dasharray")
        name = DATA.accelerator(chip).display_name(lang)
        assert f"{name}, {word}" in [t.text for t in root.iter(f"{NS}text")]


def test_the_chart_puts_the_kernel_on_the_roof_of_the_basis() -> None:
    """The kernel's dot sits on the achievable roof on that basis and on the peak roof on the other."""
    for basis, kind in (("achievable", "achievable"), ("peak", "peak")):
        svg = calc.run("roofline", {"accelerator": "h100-sxm", "intensity": "1000", "basis": basis}, "en")["svg"]
        circle = next(ET.fromstring(svg).iter(f"{NS}circle"))
        cx, cy = float(circle.get("cx", 0)), float(circle.get("cy", 0))
        assert _height_at(_roof_points(svg, kind, "h100-sxm"), cx) == pytest.approx(cy, abs=0.1)


def test_no_achievable_roof_without_a_measurement() -> None:
    """A chip data/ never measured (H800) and a custom chip get no dashed roof."""
    for inputs in ({"accelerator": "h800-sxm"}, {"peak_tflops": "1000", "bandwidth_tbytes_s": "3"}):
        svg = calc.run("roofline", {**inputs, "intensity": "10"}, "en")["svg"]
        assert not re.search(r'data-roof="achievable"', svg)
