# The validation chart: each published run's ratio of X4 to the published figure, with its tolerance band.
from __future__ import annotations

import math
from html import escape

from ..errors import check_number
from ..fmt import format_number
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, svg_number, svg_open


def ratio_chart_svg(
    *,
    rows: tuple[tuple[str, float, float, float, bool], ...],
    lang: str = "en",
    width: int = 720,
) -> str:
    """Draw model-over-published ratios as dots on a log axis, one row each, with the tolerance as a band around 1.

    Parameters:
        rows: (label, ratio, band low, band high, within) per run, in order: the band is the run's tolerance in
            the chart's terms, `within` whether the run meets it; labels are shown as given (translate them before).
        lang: "en" or "es" for numbers and fixed words.

    Returns:
        The SVG document as text, with <title>, a <desc> listing every ratio, and the axis from 0.5 to 2.

    Raises:
        CalcError: a ratio that is not positive.
    """
    lang = site_lang(lang)
    checked = [
        (label, check_number("ratio", ratio, low=0, low_open=True, high=1e6), band_low, band_high, within)
        for label, ratio, band_low, band_high, within in rows
    ]
    label_w, right, top, row_h = 400, 16, 40, 18
    plot_w = width - label_w - right
    height = top + row_h * len(checked) + 30
    low, high = 0.5, 2.0

    def x_of(ratio: float) -> float:
        clipped = min(max(ratio, low), high)
        return label_w + (math.log(clipped) - math.log(low)) / (math.log(high) - math.log(low)) * plot_w

    title = t("plot.ratio.title", lang)
    desc = "; ".join(f"{label}: {format_number(ratio, lang)}" for label, ratio, *_ in checked)
    out = svg_open("ratio", width, height, title, desc)
    out.append(f'<text x="12" y="18">{escape(title)}</text>')
    bottom = top + row_h * len(checked)
    for tick in (0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0):
        x = x_of(tick)
        stroke = "#444" if tick == 1.0 else "#ccc"
        out.append(f'<line x1="{svg_number(x)}" y1="{top - 6}" x2="{svg_number(x)}" y2="{bottom}" stroke="{stroke}"/>')
        out.append(
            f'<text x="{svg_number(x)}" y="{bottom + 16}" text-anchor="middle">{format_number(tick, lang)}</text>'
        )
    for index, (label, ratio, band_low, band_high, within) in enumerate(checked):
        y = top + row_h * index + row_h / 2
        band = f'x="{svg_number(x_of(band_low))}" width="{svg_number(x_of(band_high) - x_of(band_low))}"'
        out.append(f'<rect {band} y="{svg_number(y - 6)}" height="12" fill="#2ca02c" fill-opacity="0.15"/>')
        color = COLORS[2] if within else COLORS[1]
        out.append(
            f'<text x="{label_w - 8}" y="{svg_number(y + 4)}" text-anchor="end" font-size="12">{escape(label)}</text>'
        )
        out.append(
            f'<circle cx="{svg_number(x_of(ratio))}" cy="{svg_number(y)}" r="5" fill="{color}">'
            f"<title>{escape(label)}: {format_number(ratio, lang)}</title></circle>"
        )
    out.append("</svg>")
    return "\n".join(out)
