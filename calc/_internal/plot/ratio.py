# The validation chart: each published run's ratio of X4 to the published figure, with its tolerance band.
from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

from ..errors import check_number
from ..fmt import format_number
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, WIDTH, svg_number, svg_open, text_element, wrap

LINE = 17  # a line of 13-unit text
DOT_ROW = 16  # a run's dot and band, under its label
WIDE = 560  # from this width on, the labels sit left of their rows


def ratio_chart_svg(
    *,
    rows: tuple[tuple[str, float, float, float, bool], ...],
    lang: str = "en",
    width: int = WIDTH,
) -> str:
    """Draw model-over-published ratios as dots on a log axis, one row each, with the tolerance as a band around 1.

    Parameters:
        rows: (label, ratio, band low, band high, within) per run, in order: the band is the run's tolerance in
            the chart's terms, `within` whether the run meets it; labels are shown as given (translate them before).
        lang: "en" or "es" for numbers and fixed words.
        width: the viewBox's width: from 560 on each label sits left of its dot, below that over it.

    Returns:
        The SVG document as text, with <title>, a <desc> listing every ratio, and the axis from 0.5 to 2 above and
        under the runs.

    Raises:
        CalcError: a ratio that is not positive.
    """
    lang = site_lang(lang)
    checked = [
        (label, check_number("ratio", ratio, low=0, low_open=True, high=1e6), band_low, band_high, within)
        for label, ratio, band_low, band_high, within in rows
    ]
    edge, side = 8, 22  # the end ticks' labels are centred on the plot's edges
    low, high = 0.5, 2.0
    title = t("plot.ratio.title", lang)
    heading = wrap(title, width - 2 * edge)
    # Wide, each run's label sits left of its row, right-aligned; narrow, over its row across the width. Either way
    # a label wraps to its lines, and the axis's labels run above the first row and under the last.
    wide = width >= WIDE
    label_w = width * 0.6 if wide else 0.0
    wrapped = [wrap(label, (label_w if wide else width) - 2 * edge) for label, *_ in checked]
    top = 10 + LINE * len(heading) + 22
    row_heights = [max(LINE * len(lines), DOT_ROW + 2) if wide else LINE * len(lines) + DOT_ROW for lines in wrapped]
    bottom = top + sum(row_heights)
    height = bottom + 26
    plot_left = label_w + side
    plot_w = width - plot_left - side

    def x_of(ratio: float) -> float:
        clipped = min(max(ratio, low), high)
        return plot_left + (math.log(clipped) - math.log(low)) / (math.log(high) - math.log(low)) * plot_w

    desc = "; ".join(f"{label}: {format_number(ratio, lang)}" for label, ratio, *_ in checked)
    out = svg_open("ratio", width, height, title, desc)
    for row, line in enumerate(heading):
        out.append(text_element(line, edge, LINE * (row + 1)))
    out += _ticks(x_of, top, bottom, lang)
    out += _rows(checked, wrapped, row_heights, x_of, top, label_w if wide else None, edge, lang)
    out.append("</svg>")
    return "\n".join(out)


def _ticks(x_of: Callable[[float], float], top: int, bottom: int, lang: str) -> list[str]:
    """The axis: a line per tick down through the runs (1 darker), labelled above the first row and under the last."""
    out = []
    for tick in (0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0):
        x = x_of(tick)
        stroke = "#444" if tick == 1.0 else "#ddd"
        out.append(f'<line x1="{svg_number(x)}" y1="{top - 6}" x2="{svg_number(x)}" y2="{bottom}" stroke="{stroke}"/>')
        for tick_y in (top - 10, bottom + 18):
            out.append(text_element(format_number(tick, lang), x, tick_y, "middle"))
    return out


def _rows(
    checked: list[tuple[str, float, float, float, bool]],
    wrapped: list[list[str]],
    row_heights: list[int],
    x_of: Callable[[float], float],
    top: int,
    label_w: float | None,
    edge: int,
    lang: str,
) -> list[str]:
    """Each run's row: its label (left of the row when `label_w` is given, else over it), its band and its dot."""
    out = []
    y = float(top)
    for (label, ratio, band_low, band_high, within), lines, row_h in zip(checked, wrapped, row_heights, strict=True):
        for index, line in enumerate(lines):
            if label_w is not None:
                out.append(text_element(line, label_w - edge, y + LINE * (index + 1) - 4, "end"))
            else:
                out.append(text_element(line, edge, y + LINE * (index + 1) - 4))
        dot_y = y + (LINE / 2 if label_w is not None else row_h - DOT_ROW / 2)
        band = f'x="{svg_number(x_of(band_low))}" width="{svg_number(x_of(band_high) - x_of(band_low))}"'
        out.append(f'<rect {band} y="{svg_number(dot_y - 6)}" height="12" fill="#2ca02c" fill-opacity="0.15"/>')
        color = COLORS[2] if within else COLORS[1]
        out.append(
            f'<circle cx="{svg_number(x_of(ratio))}" cy="{svg_number(dot_y)}" r="5" fill="{color}">'
            f"<title>{escape(label)}: {format_number(ratio, lang)}</title></circle>"
        )
        y += row_h
    return out
