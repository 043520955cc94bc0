"""SVG charts drawn by calc: well-formed, accessible, bilingual, no external fonts, numbers from the calculators."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import calc
from calc import CalcError, memory_bars_svg, roofline_svg

NS = "{http://www.w3.org/2000/svg}"


def test_roofline_svg_is_accessible_and_parses() -> None:
    """The roofline is valid XML with role="img", a <title> and a <desc> naming the H100's ridge (295 FLOP/byte)."""
    svg = roofline_svg(
        accelerators=["h100-sxm"], custom=(("TPU v5e", 1.97e14, 8.2e11),), points=(("matmul B=64", 64.0),)
    )
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert "295" in root.find(f"{NS}desc").text
    assert "TPU v5e" in root.find(f"{NS}title").text
    assert len(root.findall(f"{NS}polyline")) == 2
    assert len(root.findall(f"{NS}circle")) == 1
    assert "@import" not in svg and "url(" not in svg and "<script" not in svg


def test_roofline_svg_spanish_labels() -> None:
    """Spanish axis labels and decimal commas in the description."""
    svg = roofline_svg(accelerators=["h100-sxm"], lang="es")
    assert "Intensidad aritmética" in svg and "3,35 TB/s" in svg


def test_roofline_svg_escapes_labels() -> None:
    """A kernel label with markup is escaped, not injected."""
    svg = roofline_svg(points=(("<script>alert(1)</script>", 10.0),))
    assert "<script>" not in svg
    ET.fromstring(svg)


def test_memory_bars_verdict() -> None:
    """A 7B model in bf16 (14 GB) plus 61 GiB of KV cache fits 80 GB only just; 140 GB of weights does not."""
    fits = memory_bars_svg(parts=(("weights", 14e9), ("KV cache", 61 * 2**30)), capacity_bytes=80e9)
    assert "(fits)" in ET.fromstring(fits).find(f"{NS}title").text
    too_big = memory_bars_svg(parts=(("pesos", 140e9),), capacity_bytes=80e9, lang="es")
    assert "no cabe" in too_big


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"accelerators": []}, "accelerators"),
        ({"accelerators": ["nope"]}, "accelerator"),
        ({"points": (("k", 0.0),)}, "intensity"),
    ],
)
def test_roofline_bad_input(kwargs: dict, field: str) -> None:
    """Bad plot input raises CalcError naming the field."""
    with pytest.raises(CalcError) as raised:
        roofline_svg(**kwargs)
    assert raised.value.field == field


def test_public_surface() -> None:
    """The plots are exported from calc."""
    assert calc.roofline_svg is roofline_svg and calc.memory_bars_svg is memory_bars_svg


def _no_nan_or_inf(svg: str) -> bool:
    import re

    return re.search(r"\b(nan|inf|infinity)\b", svg.lower()) is None


def test_training_scaling_svg_seed_quiz() -> None:
    """The quiz's cluster (1024 H100 SXM, 50 % MFU, $3/h) is marked and listed: 9.6 days, $707,499 shown as $707,000; the
    cost curve is flat without a network (cost n·T·p does not depend on n at a fixed MFU)."""
    svg = calc.training_scaling_svg(
        params=70e9, tokens=1e12, count=1024, mfu=0.5, peak_flop_per_s=989.4e12, price_usd_per_hour_per_accelerator=3
    )
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert "Training time and cost" in root.find(f"{NS}title").text
    desc = root.find(f"{NS}desc").text
    assert "1,024 accelerators: 9.6 days, $707,000" in desc
    lines = root.findall(f"{NS}polyline")
    assert len(lines) == 2  # days and cost, no sync curve without a network
    cost_ys = {pair.split(",")[1] for pair in lines[1].get("points").split()}
    assert len(cost_ys) == 1
    assert len(root.findall(f"{NS}circle")) == 2
    assert "@import" not in svg and "url(" not in svg and "<script" not in svg and _no_nan_or_inf(svg)


def test_training_scaling_svg_sync_bound_and_spanish() -> None:
    """With a 50 GB/s ring the gradient AllReduce bounds large clusters: a dashed curve appears; Spanish labels;
    without a price only the time panel is drawn and the description says so."""
    svg = calc.training_scaling_svg(
        params=70e9, tokens=1e12, count=1024, mfu=0.5, peak_flop_per_s=1e15, link_bytes_per_s=50e9, lang="es"
    )
    root = ET.fromstring(svg)
    assert len(root.findall(f"{NS}polyline")) == 2
    assert any(line.get("stroke-dasharray") for line in root.findall(f"{NS}polyline"))
    assert "Días de tiempo de reloj" in svg and "Aceleradores" in svg and "sin precio" in root.find(f"{NS}desc").text


@pytest.mark.parametrize("kwargs, field", [({"count": 0}, "count"), ({"mfu": 2}, "mfu"), ({"width": 10}, "width")])
def test_training_scaling_bad_input(kwargs: dict, field: str) -> None:
    """Bad input to the scaling chart raises CalcError naming the field."""
    args = dict(params=70e9, tokens=1e12, count=1024, mfu=0.5, accelerator="h100-sxm")
    args.update(kwargs)
    with pytest.raises(CalcError) as raised:
        calc.training_scaling_svg(**args)
    assert raised.value.field == field


def test_memory_bars_without_capacity() -> None:
    """With no accelerator chosen the bar is drawn alone: no capacity line, no verdict."""
    svg = memory_bars_svg(parts=(("weights", 14e9),), capacity_bytes=None)
    root = ET.fromstring(svg)
    assert "capacity" not in svg and "fits" not in svg and root.find(f"{NS}line") is None


def test_roofline_points_on_a_later_roof() -> None:
    """points_on puts the kernel on the chosen roof: at 10 FLOP/byte on a 1 TB/s custom chip drawn after the H100,
    the point's tooltip says 10 TFLOP/s (not the H100's 33.5)."""
    svg = roofline_svg(accelerators=["h100-sxm"], custom=(("mine", 1e15, 1e12),), points=(("k", 10.0),), points_on=1)
    assert "10 TFLOP/s" in ET.fromstring(svg).find(f"{NS}circle").find(f"{NS}title").text
    with pytest.raises(CalcError):
        roofline_svg(points=(("k", 10.0),), points_on=3)


PLOTTED = ["roofline", "training-memory", "training"]


@pytest.mark.parametrize("name", PLOTTED)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_run_returns_svg(name: str, lang: str) -> None:
    """calc.run returns the chart of the roofline, training-memory and training calculators: valid SVG with a
    <title>, and no NaN or infinity anywhere in it."""
    outcome = calc.run(name, calc.CALCULATORS[name].defaults(), lang)
    svg = outcome["svg"]
    root = ET.fromstring(svg)
    assert root.find(f"{NS}title").text and _no_nan_or_inf(svg)


def test_run_svg_follows_the_inputs() -> None:
    """The roofline chart draws the chosen chip first plus reference chips; a custom chip carries the kernel;
    the training-memory chart shows the capacity once an accelerator is chosen."""
    outcome = calc.run("roofline", {"accelerator": "mi300x", "intensity": "50"}, "en")
    title = ET.fromstring(outcome["svg"]).find(f"{NS}title").text
    assert title.startswith("Roofline: Instinct MI300X") and "H100 SXM" in title
    custom = calc.run("roofline", {"peak_tflops": "100", "bandwidth_tbps": "1", "intensity": "10"}, "es")
    assert "chip personalizado" in custom["svg"] and "10 TFLOP/s" in custom["svg"]
    memory = calc.run("training-memory", {"params": "7B", "zero": "3", "count": "64", "accelerator": "h100-sxm"}, "en")
    assert "(fits)" in ET.fromstring(memory["svg"]).find(f"{NS}title").text


def test_calculators_without_a_plot_have_no_svg_key() -> None:
    """Only calculators with a plot add "svg" to run()'s answer."""
    assert "svg" not in calc.run("allreduce", calc.CALCULATORS["allreduce"].defaults(), "en")


@pytest.mark.parametrize("name", PLOTTED)
def test_svg_finite_at_the_edges_of_every_field(name: str) -> None:
    """At each numeric field's lowest and highest accepted value the chart is absent or free of NaN/infinity."""
    calculator = calc.CALCULATORS[name]
    for field in calculator.fields:
        if field.kind != "number" or field.custom_of:
            continue
        for bound in (field.low, field.high):
            if bound is None:
                continue
            value = bound * 1.000001 if field.low_open and bound == field.low and bound else bound
            if field.low_open and bound == 0:
                value = 1e-3
            outcome = calc.run(name, {**calculator.defaults(), field.name: repr(float(value))}, "en")
            if outcome["ok"] and outcome["svg"]:
                assert _no_nan_or_inf(outcome["svg"]), (field.name, value)
                ET.fromstring(outcome["svg"])


def test_step_timeline_draws_every_nonzero_segment_with_its_share() -> None:
    """One bar per step: each non-zero segment drawn and listed with its time and share; zero ones only described."""
    svg = calc.step_timeline_svg(segments=(("compute", 3.0), ("bubble", 1.0), ("expert all-to-all", 0.0)), lang="es")
    assert svg.startswith("<svg") and svg.count("<rect") == 2 + 2  # two bar segments, two legend swatches
    assert "compute: 3 s (75 %)" in svg and "bubble: 1 s (25 %)" in svg
    assert "expert all-to-all: 0 s" in svg  # in the description, not drawn
    with pytest.raises(calc.CalcError):
        calc.step_timeline_svg(segments=(("compute", -1.0),))
    with pytest.raises(calc.CalcError):
        calc.step_timeline_svg(segments=(("compute", 0.0),))


def test_serving_curve_marks_the_limit_the_target_and_escapes() -> None:
    """The serving curve is drawn from plain numbers: a solid line through the batches that fit, a dashed one past
    the memory limit, the limit and the TPOT target named in the description, and a subject with markup escaped."""
    from calc import CurvePoint

    points = [
        CurvePoint(batch=b, tpot_seconds=0.008 + b * 1e-4, tokens_per_second=b / (0.008 + b * 1e-4), fits=b <= 64)
        for b in (1, 2, 4, 8, 16, 32, 64, 128)
    ]
    svg = calc.serving_curve_svg(
        points,
        memory_limit_batch=64,
        reader_batch=8,
        slo_tpot_seconds=0.012,
        slo_batch=32,
        subject="<b>x</b>",
        lang="es",
    )
    root = ET.fromstring(svg)
    desc = root.find(f"{NS}desc").text
    assert "límite de memoria: batch 64" in desc and "batch 128" in desc and "no cabe" in desc
    assert "<b>" not in svg and "objetivo 12 ms" in svg
    assert len(root.findall(f"{NS}polyline")) == 2
    with pytest.raises(CalcError):
        calc.serving_curve_svg([], memory_limit_batch=1, reader_batch=1)
    with pytest.raises(CalcError):
        calc.serving_curve_svg(
            [CurvePoint(batch=1, tpot_seconds=0.0, tokens_per_second=1.0, fits=True)],
            memory_limit_batch=1,
            reader_batch=1,
        )
