# What every chart shares: the palette, the font, the width, and the SVG's opening with its title and summary.
from __future__ import annotations

from html import escape

# A chip's roof keeps its colour whatever else is drawn: the calculators give each chip a fixed one.
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FONT = 'font-family="system-ui, sans-serif"'
# Charts are drawn 480 units wide with 14-unit text and scale to their box: on a 390 px phone the box is
# about 330 px wide, so text stays above 9 px; pages cap the width (x4.css), so desktop text stays near 14 px.
WIDTH = 480
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def svg_number(value: float) -> str:
    return f"{value:.1f}"


def decade_label(exponent: int) -> str:
    return "10" + str(exponent).translate(SUPERSCRIPT)


def svg_open(kind: str, width: int, height: int, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="x4-{kind}-title x4-{kind}-desc" {FONT} font-size="14" class="x4-chart">',
        f'<title id="x4-{kind}-title">{escape(title)}</title>',
        f'<desc id="x4-{kind}-desc">{escape(desc)}.</desc>',
    ]
