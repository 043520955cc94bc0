# Serving under load: TTFT and TPOT at the median and the 99th percentile against the arrival rate, the knee
# where the queue runs away marked at the saturation rate.
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from ..errors import CalcError, check_number
from ..fmt import format_number, format_quantity
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, FONT_SIZE, WIDTH, svg_number, svg_open, text_element, wrap

LINE = 17
MIDDLE = 0.35 * FONT_SIZE
TOP_SECONDS = 100.0  # latencies above this leave the chart: the queue has run away


@dataclass(frozen=True)
class LoadCurvePoint:
    """One arrival rate (requests/s) and its latencies (s)."""

    arrival: float
    ttft_p50: float
    ttft_p99: float
    tpot_p50: float
    tpot_p99: float


SERIES = (  # attribute, colour, dash, legend key
    ("ttft_p50", COLORS[0], "", "plot.load.ttft_p50"),
    ("ttft_p99", COLORS[0], "6 3", "plot.load.ttft_p99"),
    ("tpot_p50", COLORS[1], "", "plot.load.tpot_p50"),
    ("tpot_p99", COLORS[1], "6 3", "plot.load.tpot_p99"),
)


def load_curve_svg(
    points: Sequence[LoadCurvePoint],
    *,
    saturation: float,
    goodput: float | None = None,
    subject: str = "",
    lang: str = "en",
    width: int = WIDTH,
    plot_h: int = 200,
) -> str:
    """Latency (log scale) against the arrival rate (linear, 0 to the saturation rate): TTFT and TPOT at p50
    (solid) and p99 (dashed), a line at the saturation rate where the queue grows without bound and one at the
    goodput when given. Latencies past 100 s leave the chart.

    Raises:
        CalcError: no point to draw, a latency that is not positive, or a rate outside 0 to saturation.
    """
    lang = site_lang(lang)
    _check(points, saturation)
    shown = [getattr(p, name) for p in points for name, *_ in SERIES if getattr(p, name) <= TOP_SECONDS]
    y_lo = math.floor(math.log10(min(shown)))
    y_hi = max(math.ceil(math.log10(max(shown))), y_lo + 1)
    edge, left, right = 8, 60, 20
    title = t("plot.load.title", lang, subject=subject)
    heading = wrap(title, width - 2 * edge)
    top = 18 + LINE * len(heading)
    legend = [(color, dash, wrap(t(key, lang), width - 2 * edge - 30)) for _, color, dash, key in SERIES]
    notes = wrap(t("plot.load.legend", lang), width - 2 * edge)
    plot_w = width - left - right
    bottom = top + plot_h
    legend_top = bottom + 52
    height = legend_top + sum(LINE * len(lines) for *_, lines in legend) + LINE * len(notes) + 6

    def px(x: float) -> float:
        return left + x / saturation * plot_w

    def py(y: float) -> float:
        return top + (y_hi - math.log10(y)) / (y_hi - y_lo) * plot_h

    described = [
        t(
            "plot.load.point",
            lang,
            rate=format_number(p.arrival, lang),
            ttft=format_quantity(p.ttft_p99, "s", lang),
            tpot=format_quantity(p.tpot_p99, "s", lang),
        )
        for p in points
    ]
    described.append(t("plot.load.saturation", lang, rate=format_number(saturation, lang)))
    parts = svg_open("load", width, height, title, "; ".join(described))
    parts += [text_element(line, edge, 4 + LINE * (row + 1)) for row, line in enumerate(heading)]
    parts += _axes(px, py, (left, top, plot_w, plot_h), range(y_lo, y_hi + 1), saturation, lang)
    parts += _marks(px, top, bottom, saturation, goodput, lang)
    for name, color, dash, _ in SERIES:
        parts.append(_series(points, name, color, dash, px, py))
    parts += _legend(legend, notes, edge, legend_top)
    parts.append("</svg>")
    return "\n".join(parts)


Scale = Callable[[float], float]


def _check(points: Sequence[LoadCurvePoint], saturation: float) -> None:
    """Refuses a chart with no point, a rate outside 0 to the saturation rate or a latency that is not positive."""
    if not points:
        raise CalcError(field="arrival_rate", kind="missing")
    check_number("saturation", saturation, low=0, low_open=True, high=1e12)
    for p in points:
        check_number("arrival_requests_per_second", p.arrival, low=0, low_open=True, high=saturation)
        for name, *_ in SERIES:
            check_number(name, getattr(p, name), low=0, low_open=True, high=1e12)


def _axes(
    px: Scale, py: Scale, box: tuple[int, int, int, int], exponents: range, saturation: float, lang: str
) -> list[str]:
    """The frame, a grid line and label per decade of latency, and five rate labels with the axis title."""
    left, top, plot_w, plot_h = box
    bottom = top + plot_h
    parts = [f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>']
    for exponent in exponents:
        y = py(10.0**exponent)
        parts.append(
            f'<line x1="{left}" y1="{svg_number(y)}" x2="{left + plot_w}" y2="{svg_number(y)}" stroke="#ddd"/>'
        )
        parts.append(text_element(format_quantity(10.0**exponent, "s", lang), left - 4, y + MIDDLE, "end"))
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = px(share * saturation)
        parts.append(text_element(format_number(share * saturation, lang, 2), x, bottom + 18, "middle"))
    parts.append(text_element(t("plot.load.x_axis", lang), left + plot_w / 2, bottom + 36, "middle"))
    return parts


def _legend(legend: list[tuple[str, str, list[str]]], notes: list[str], edge: int, top: float) -> list[str]:
    """A line sample and its wrapped label per series, then the notes under them."""
    parts, y = [], top
    for color, dash, lines in legend:
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line x1="{edge}" y1="{svg_number(y - MIDDLE)}" x2="{edge + 22}" y2="{svg_number(y - MIDDLE)}" '
            f'stroke="{color}" stroke-width="2"{dashes}/>'
        )
        for row, line in enumerate(lines):
            parts.append(text_element(line, edge + 30, y + LINE * row))
        y += LINE * len(lines)
    return parts + [text_element(line, edge, y + LINE * row) for row, line in enumerate(notes)]


def _series(points: Sequence[LoadCurvePoint], name: str, color: str, dash: str, px: Scale, py: Scale) -> str:
    """One latency's line, up to the last point still on the chart."""
    kept = [p for p in points if getattr(p, name) <= TOP_SECONDS]
    line = " ".join(f"{svg_number(px(p.arrival))},{svg_number(py(getattr(p, name)))}" for p in kept)
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<polyline points="{line}" fill="none" stroke="{color}" stroke-width="2"{dashes}/>'


def _marks(px: Scale, top: float, bottom: float, saturation: float, goodput: float | None, lang: str) -> list[str]:
    """Vertical lines at the saturation rate (the knee's asymptote) and at the goodput."""
    parts = []
    x = px(saturation)
    parts.append(
        f'<line x1="{svg_number(x)}" y1="{top}" x2="{svg_number(x)}" y2="{bottom}" stroke="#555" stroke-width="1.5"/>'
    )
    label = t("plot.load.saturation_mark", lang)
    parts.append(text_element(label, x - 4, bottom - 8, "end", ' fill="#555"'))
    if goodput:
        g = px(goodput)
        parts.append(
            f'<line x1="{svg_number(g)}" y1="{top}" x2="{svg_number(g)}" y2="{bottom}" stroke="{COLORS[2]}" '
            f'stroke-width="1.5" stroke-dasharray="3 3"/>'
        )
        parts.append(
            f'<text x="{svg_number(g - 4)}" y="{top + 14}" text-anchor="end" fill="{COLORS[2]}">'
            f"{escape(t('plot.load.goodput_mark', lang))}</text>"
        )
    return parts
