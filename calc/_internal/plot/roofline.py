# The roofline chart: each chip's roof on log-log axes, and the kernels placed under them.
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..errors import CalcError, check_number
from ..fmt import format_number, format_quantity
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, FONT_SIZE, WIDTH, Box, Labels, decade_label, svg_number, svg_open, text_box, text_element

LEGEND_ROW = 17
MIDDLE = 0.35 * FONT_SIZE  # from a line's height to the baseline of text centred on it


@dataclass(frozen=True)
class Roof:
    """One chip's roof: min(peak, intensity × bandwidth), drawn in `color`, thicker when `highlight`.

    An `achievable` roof (the chip's measured matmul FLOP/s and memory bandwidth) is drawn dashed, under the peak
    roof of the same colour; `description` words it for the chart's <desc> (default: peak, bandwidth, ridge), and
    `key` (a chip id) marks its line for tests and styles.
    """

    label: str
    peak_flop_per_s: float
    bandwidth_bytes_per_s: float
    color: str = COLORS[0]
    highlight: bool = False
    achievable: bool = False
    description: str | None = None
    key: str = ""


def roofline_chart(
    roofs: Sequence[Roof],
    kernels: Sequence[tuple[str, float]] = (),
    *,
    kernels_on: int = 0,
    lang: str = "en",
    width: int = WIDTH,
    height: int = 300,
) -> str:
    """A log-log roofline of several chips with kernels on one of them, as an SVG string.

    Each roof is min(P, I × B) (Williams, Waterman & Patterson 2009); a kernel sits on roof `kernels_on` at
    its attainable FLOP/s. The SVG has role="img", a <title> and a <desc> that states every ridge point.

    Raises:
        CalcError: no roof, or a kernel intensity out of range.
    """
    lang = site_lang(lang)
    if not roofs:
        raise CalcError(field="accelerators", kind="missing")
    kernels = [(str(label), check_number("intensity", x, low=0, low_open=True, high=1e12)) for label, x in kernels]
    on = int(check_number("points_on", kernels_on, low=0, high=len(roofs) - 1, integer=True))
    ridges = [r.peak_flop_per_s / r.bandwidth_bytes_per_s for r in roofs]
    frame = _frame(roofs, ridges, kernels, width, height)
    title = t("plot.roofline.title", lang, chips=", ".join(r.label for r in roofs))
    parts = svg_open("roof", width, height, title, "; ".join(_descriptions(roofs, ridges, kernels, lang)))
    labels = Labels(Box(0, 0, width, height))
    parts += _axes(frame, labels, lang)
    parts += _roof_lines(roofs, ridges, frame, labels)
    if kernels:
        parts += _kernel_points(roofs[on], kernels, frame, labels, lang)
    parts.append("</svg>")
    return "\n".join(parts)


@dataclass(frozen=True)
class _Frame:
    """The plot's box inside the chart and its decades: intensity 10^x_lo..10^x_hi across, FLOP/s 10^y_lo..10^y_hi up."""

    width: int
    height: int
    x_lo: int
    x_hi: int
    y_lo: int
    y_hi: int
    left: int = 54
    right: int = 14
    top: int = 12
    bottom: int = 48

    @property
    def plot_w(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> int:
        return self.height - self.top - self.bottom

    @property
    def right_edge(self) -> int:
        return self.left + self.plot_w

    @property
    def bottom_edge(self) -> int:
        return self.top + self.plot_h

    def px(self, x: float) -> float:
        return self.left + (math.log10(x) - self.x_lo) / (self.x_hi - self.x_lo) * self.plot_w

    def py(self, y: float) -> float:
        return self.top + (self.y_hi - math.log10(y)) / (self.y_hi - self.y_lo) * self.plot_h


def _frame(
    roofs: Sequence[Roof], ridges: list[float], kernels: list[tuple[str, float]], width: int, height: int
) -> _Frame:
    """Decades that hold every ridge and kernel with a decade to spare, and every roof from its lowest point."""
    xs = ridges + [x for _, x in kernels]
    x_lo = math.floor(math.log10(min(min(xs) / 10, 1.0)))
    x_hi = math.ceil(math.log10(max(xs) * 10))
    y_hi = math.ceil(math.log10(max(r.peak_flop_per_s for r in roofs) * 1.5))
    lowest = min(min(r.peak_flop_per_s, 10**x_lo * r.bandwidth_bytes_per_s) for r in roofs)
    y_lo = min(math.floor(math.log10(lowest)), y_hi - 1)
    return _Frame(width, height, x_lo, x_hi, y_lo, y_hi)


def _descriptions(roofs: Sequence[Roof], ridges: list[float], kernels: list[tuple[str, float]], lang: str) -> list[str]:
    """The chart's <desc>: each roof's peak, bandwidth and ridge (or its own words), then each kernel."""
    described = [
        r.description
        or t(
            "plot.roofline.roof",
            lang,
            chip=r.label,
            peak=format_quantity(r.peak_flop_per_s, "FLOP/s", lang),
            bandwidth=format_quantity(r.bandwidth_bytes_per_s, "B/s", lang),
            ridge=format_number(ridge, lang),
        )
        for r, ridge in zip(roofs, ridges, strict=True)
    ]
    described += [t("plot.roofline.kernel", lang, label=label, x=format_number(x, lang)) for label, x in kernels]
    return described


def _axes(frame: _Frame, labels: Labels, lang: str) -> list[str]:
    """The plot's box, a grid line and label per decade on both axes, and the axes' titles."""
    f = frame
    left, top, plot_w, plot_h = f.left, f.top, f.plot_w, f.plot_h
    bottom_edge, right_edge = f.bottom_edge, f.right_edge
    parts = [f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>']
    for exponent in range(f.y_lo, f.y_hi + 1):
        y = f.py(10.0**exponent)
        parts.append(f'<line x1="{left}" y1="{svg_number(y)}" x2="{right_edge}" y2="{svg_number(y)}" stroke="#ddd"/>')
        tick = decade_label(exponent)
        labels.take(text_box(tick, left - 5, y + MIDDLE, "end"))
        parts.append(text_element(tick, left - 5, y + MIDDLE, "end"))
    for exponent in range(f.x_lo, f.x_hi + 1):
        x = f.px(10.0**exponent)
        parts.append(f'<line x1="{svg_number(x)}" y1="{top}" x2="{svg_number(x)}" y2="{bottom_edge}" stroke="#ddd"/>')
        tick = decade_label(exponent)
        labels.take(text_box(tick, x, bottom_edge + 23, "middle"))
        parts.append(text_element(tick, x, bottom_edge + 23, "middle"))
    parts.append(text_element(t("plot.roofline.x_axis", lang), left + plot_w / 2, f.height - 7, "middle"))
    parts.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(t('plot.roofline.y_axis', lang))}</text>"
    )
    return parts


def _roof_lines(roofs: Sequence[Roof], ridges: list[float], frame: _Frame, labels: Labels) -> list[str]:
    """Each roof's line across the plot, and the legend that names them."""
    f = frame
    x_min, x_max = 10.0**f.x_lo, 10.0**f.x_hi
    parts = []
    legend = []
    for index, roof in enumerate(roofs):
        ridge = ridges[index]
        corners = [(x_min, min(roof.peak_flop_per_s, x_min * roof.bandwidth_bytes_per_s))]
        if x_min < ridge < x_max:
            corners.append((ridge, roof.peak_flop_per_s))
        corners.append((x_max, min(roof.peak_flop_per_s, x_max * roof.bandwidth_bytes_per_s)))
        path = " ".join(f"{svg_number(f.px(x))},{svg_number(f.py(max(y, 10.0**f.y_lo)))}" for x, y in corners)
        stroke = (2.5 if roof.highlight else 1.5) if roof.achievable else (3.5 if roof.highlight else 1.5)
        dash = ' stroke-dasharray="7 4"' if roof.achievable else ""
        kind = "achievable" if roof.achievable else "peak"
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{roof.color}" stroke-width="{stroke}"{dash} '
            f'data-roof="{kind}" data-chip="{escape(roof.key)}"/>'
        )
        # The legend sits in the lower right, under the flat roofs, where no roof runs.
        legend_y = f.bottom_edge - 8 - LEGEND_ROW * (len(roofs) - 1 - index)
        weight = ' font-weight="bold"' if roof.highlight else ""
        size = FONT_SIZE * (1.1 if roof.highlight else 1)
        labels.take(text_box(roof.label, f.right_edge - 32, legend_y, "end", size))
        legend.append(
            f'<line x1="{f.right_edge - 28}" y1="{legend_y - 4}" x2="{f.right_edge - 8}" y2="{legend_y - 4}" '
            f'stroke="{roof.color}" stroke-width="{stroke}"{dash}/>'
        )
        legend.append(text_element(roof.label, f.right_edge - 32, legend_y, "end", f' fill="{roof.color}"{weight}'))
    parts.append(f'<g data-legend="">{"".join(legend)}</g>')
    return parts


def _kernel_points(roof: Roof, kernels: list[tuple[str, float]], frame: _Frame, labels: Labels, lang: str) -> list[str]:
    """Each kernel at its attainable FLOP/s on `roof`, its label placed off the roof where no other label is."""
    f = frame
    parts = []
    plot_labels = labels.within(Box(f.left + 2, f.top + 2, f.right_edge - 2, f.bottom_edge - 2))
    for label, intensity in kernels:
        attained = min(roof.peak_flop_per_s, intensity * roof.bandwidth_bytes_per_s)
        cx, cy = f.px(intensity), f.py(max(attained, 10.0**f.y_lo))
        parts.append(
            f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy)}" r="5" fill="currentColor"><title>{escape(label)}: '
            f"{format_number(intensity, lang)} FLOP/byte, {format_quantity(attained, 'FLOP/s', lang)}</title></circle>"
        )
        # Off its own roof: under a flat roof, or to the lower right of (or above and left of) a sloped one.
        flat = intensity * roof.bandwidth_bytes_per_s >= roof.peak_flop_per_s
        below, above = cy + 20, cy - 9
        places = (
            [(cx, below, "middle"), (cx + 4, below, "end"), (cx - 4, below, "start"), (cx, above, "middle")]
            if flat
            else [(cx + 7, cy + 17, "start"), (cx - 7, above, "end"), (cx + 7, cy + 31, "start")]
        )
        x, y, anchor = plot_labels.place(label, places) or places[0]
        parts.append(text_element(label, x, y, anchor))
    return parts
