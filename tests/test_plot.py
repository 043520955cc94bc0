"""SVG charts drawn by calc: well-formed, accessible, bilingual, no external fonts, numbers from the calculators."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import calc
from calc import CalcError
from calc._internal.plot import memory_bars_svg, roofline_svg

NS = "{http://www.w3.org/2000/svg}"


def test_roofline_svg_is_accessible_and_parses() -> None:
    """The roofline is valid XML with role="img", a <title> and a <desc> naming the H100's ridge (295 FLOP/byte)."""
    svg = roofline_svg(accelerators=["h100-sxm"], custom=(("TPU v5e", 1.97e14, 8.2e11),), points=(("matmul B=64", 64.0),))
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


@pytest.mark.parametrize("kwargs, field", [
    ({"accelerators": []}, "accelerators"),
    ({"accelerators": ["nope"]}, "accelerator"),
    ({"points": (("k", 0.0),)}, "intensity"),
    ({"width": 10}, "width"),
])
def test_roofline_bad_input(kwargs: dict, field: str) -> None:
    """Bad plot input raises CalcError naming the field."""
    with pytest.raises(CalcError) as raised:
        roofline_svg(**kwargs)
    assert raised.value.field == field


def test_public_surface() -> None:
    """The plots are exported from calc."""
    assert calc.roofline_svg is roofline_svg and calc.memory_bars_svg is memory_bars_svg
