# SVG charts drawn by calc itself (build time and Pyodide alike), from plain values: the calculators compute
# the numbers and call these; nothing here looks up data or runs a calculator. Plain string building.
from __future__ import annotations

from .bars import memory_bars_svg, step_timeline_svg
from .curves import CurvePoint, ScalingPoint, scaling_chart, serving_curve_svg
from .load import LoadCurvePoint, load_curve_svg
from .ratio import ratio_chart_svg
from .roofline import Roof, roofline_chart
from .svg import COLORS, FONT, SUPERSCRIPT, WIDTH, decade_label, svg_number, svg_open

__all__ = [
    "COLORS",
    "FONT",
    "SUPERSCRIPT",
    "WIDTH",
    "CurvePoint",
    "LoadCurvePoint",
    "Roof",
    "ScalingPoint",
    "decade_label",
    "load_curve_svg",
    "memory_bars_svg",
    "ratio_chart_svg",
    "roofline_chart",
    "scaling_chart",
    "serving_curve_svg",
    "step_timeline_svg",
    "svg_number",
    "svg_open",
]
