# Curves of a training run's days and cost against the cluster size, and of serving throughput against TPOT.
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..errors import CalcError, check_number
from ..fmt import format_money, format_number, format_quantity
from ..i18n import site_lang
from ..messages import t
from .svg import (
    COLORS,
    FONT_SIZE,
    WIDTH,
    Box,
    Labels,
    decade_label,
    svg_number,
    svg_open,
    text_element,
    text_width,
    wrap,
)

LINE = 17  # a line of 13-unit text
MIDDLE = 0.35 * FONT_SIZE  # from a line's height to the baseline of text centred on it
TICK_SPACING = 58  # between x tick labels as wide as "32 768"


@dataclass(frozen=True)
class ScalingPoint:
    """One cluster size of a training run: compute-only and sync-bound seconds, and the matching cloud costs."""

    count: float
    seconds: float
    synced_seconds: float
    cost_usd: float | None
    synced_cost_usd: float | None


def scaling_chart(
    points: Sequence[ScalingPoint],
    *,
    chosen: ScalingPoint,
    subject: str,
    lang: str = "en",
    width: int = WIDTH,
    panel_height: int = 150,
) -> str:
    """Wall-clock days and cloud cost of a training run against cluster size (log-log), as an SVG string.

    A solid curve is compute at the given MFU; a dashed one, drawn when it differs, stretches each step to
    max(compute, gradient AllReduce). The cost panel is drawn only when every point has a price. The height
    follows from the panels and the lines the subject and the legend wrap to.

    Raises:
        CalcError: no point to draw.
    """
    lang = site_lang(lang)
    if not points:
        raise CalcError(field="count", kind="not_finite")
    synced = any(p.synced_seconds > p.seconds * (1 + 1e-9) for p in points)
    priced = all(p.cost_usd is not None for p in points)
    edge, left, right = 8, 54, 26  # the last tick label is centred on the right edge
    heading = wrap(subject, width - 2 * edge)
    top = 18 + LINE * len(heading)
    gap = 34  # the upper panel's tick labels
    plot_w = width - left - right
    entries = [(COLORS[0], "", "plot.scaling.compute")] + ([(COLORS[1], "6 3", "plot.scaling.bound")] if synced else [])
    legend = [(color, dashes, wrap(t(key, lang), width - 2 * edge - 26)) for color, dashes, key in entries]
    panels_bottom = top + panel_height * (2 if priced else 1) + (gap if priced else 0)
    axis_y = panels_bottom + 42
    height = axis_y + 8 + sum(LINE * len(lines) + 4 for *_, lines in legend)
    xs = [p.count for p in points]
    x_lo, x_hi = math.floor(math.log2(min(xs))), math.ceil(math.log2(max(xs)))
    x_hi = max(x_hi, x_lo + 1)
    title = t("plot.scaling.title", lang, subject=subject)
    described = _scaling_descriptions(points, priced, lang)
    parts = svg_open("scale", width, height, title, "; ".join(described))
    for row, line in enumerate(heading):  # the axes say the rest of the title
        parts.append(text_element(line, edge, 4 + LINE * (row + 1)))
    panels = _scaling_panels(points, chosen, priced=priced)
    for index, panel in enumerate(panels):
        y0 = top + index * (panel_height + gap)
        box = (left, y0, plot_w, panel_height)
        parts += _scaling_panel(panel, points, chosen, box=box, x_range=(x_lo, x_hi), synced=synced, lang=lang)
    parts.append(text_element(t("plot.scaling.x_axis", lang), left + plot_w / 2, axis_y, "middle"))
    parts += _scaling_legend(legend, edge, axis_y + 8)
    parts.append("</svg>")
    return "\n".join(parts)


_Panel = tuple[str, list[float | None], list[float | None], float | None]  # title key, compute, bound, chosen value


def _scaling_descriptions(points: Sequence[ScalingPoint], priced: bool, lang: str) -> list[str]:
    """The chart's description: each cluster size's days and cost, and why the cost panel is missing if it is."""
    described = [
        t(
            "plot.scaling.point",
            lang,
            count=format_number(p.count, lang),
            days=format_quantity(p.synced_seconds, "days", lang),
        )
        + (f", {format_money(p.synced_cost_usd, lang)}" if p.synced_cost_usd is not None else "")
        for p in points
    ]
    if not priced:
        described.append(t("plot.scaling.no_price", lang))
    return described


def _scaling_panels(points: Sequence[ScalingPoint], chosen: ScalingPoint, *, priced: bool) -> list[_Panel]:
    """The days panel, and the cost panel when every point has a price."""
    panels: list[_Panel] = [
        (
            "plot.scaling.days",
            [p.seconds / 86_400 for p in points],
            [p.synced_seconds / 86_400 for p in points],
            chosen.synced_seconds / 86_400,
        )
    ]
    if priced:
        panels.append(
            (
                "plot.scaling.cost",
                [p.cost_usd for p in points],
                [p.synced_cost_usd for p in points],
                chosen.synced_cost_usd,
            )
        )
    return panels


def _scaling_panel(
    panel: _Panel,
    points: Sequence[ScalingPoint],
    chosen: ScalingPoint,
    *,
    box: tuple[float, float, float, float],
    x_range: tuple[int, int],
    synced: bool,
    lang: str,
) -> list[str]:
    """One panel in `box` (left, top, width, height): its y decades from its values, the cluster sizes' powers of
    two in `x_range` on x, the compute curve, the bound one where it differs, and the chosen run."""
    key, compute_values, bound_values, mark = panel
    left, y0, plot_w, panel_height = box
    x_lo, x_hi = x_range
    parts: list[str] = []

    def px(x: float) -> float:
        return left + (math.log2(x) - x_lo) / (x_hi - x_lo) * plot_w

    values = [v for v in compute_values + bound_values if v is not None and v > 0]
    y_lo, y_hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    y_hi = max(y_hi, y_lo + 1)

    def py(y: float) -> float:
        return y0 + (y_hi - math.log10(y)) / (y_hi - y_lo) * panel_height

    parts.append(
        f'<rect x="{left}" y="{svg_number(y0)}" width="{plot_w}" height="{panel_height}" fill="none" stroke="#888"/>'
    )
    for exponent in range(y_lo, y_hi + 1, max(1, math.ceil((y_hi - y_lo) / 5))):  # labels 30 units apart or more
        y = py(10.0**exponent)
        parts.append(
            f'<line x1="{left}" y1="{svg_number(y)}" x2="{left + plot_w}" y2="{svg_number(y)}" stroke="#ddd"/>'
        )
        parts.append(text_element(decade_label(exponent), left - 5, y + MIDDLE, "end"))
    parts += _log2_ticks(box, x_range, lang)
    parts.append(
        f'<text transform="translate(14 {y0 + panel_height / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(t(key, lang))}</text>"
    )
    line = " ".join(
        f"{svg_number(px(p.count))},{svg_number(py(v))}" for p, v in zip(points, compute_values, strict=True) if v
    )
    parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
    if synced:
        dashed = " ".join(
            f"{svg_number(px(p.count))},{svg_number(py(v))}" for p, v in zip(points, bound_values, strict=True) if v
        )
        parts.append(
            f'<polyline points="{dashed}" fill="none" stroke="{COLORS[1]}" stroke-width="2" stroke-dasharray="6 3"/>'
        )
    if mark is not None and mark > 0:
        label = t("plot.scaling.chosen", lang, count=format_number(chosen.count, lang))
        parts.append(
            f'<circle cx="{svg_number(px(chosen.count))}" cy="{svg_number(py(mark))}" r="5" fill="currentColor">'
            f"<title>{escape(label)}</title></circle>"
        )
    return parts


def _log2_ticks(box: tuple[float, float, float, float], x_range: tuple[int, int], lang: str) -> list[str]:
    """A grid line and label at every power of two in `x_range` that leaves room for the labels (base-2 log x)."""
    left, y0, plot_w, panel_height = box
    x_lo, x_hi = x_range
    parts = []

    def px(x: float) -> float:
        return left + (math.log2(x) - x_lo) / (x_hi - x_lo) * plot_w

    step = 1
    while plot_w / (x_hi - x_lo) * step < TICK_SPACING:  # room for "32 768" beside "8192"
        step += 1
    for exponent in range(x_lo, x_hi + 1, step):
        x = svg_number(px(2.0**exponent))
        parts.append(
            f'<line x1="{x}" y1="{svg_number(y0)}" x2="{x}" y2="{svg_number(y0 + panel_height)}" stroke="#ddd"/>'
        )
        parts.append(text_element(format_number(2.0**exponent, lang), float(x), y0 + panel_height + 23, "middle"))
    return parts


def _scaling_legend(legend: list[tuple[str, str, list[str]]], edge: float, legend_y: float) -> list[str]:
    """One legend under the panels and their labels, so it never covers a curve or a tick label."""
    parts = []
    for color, dashes, lines in legend:
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        parts.append(
            f'<line x1="{edge}" y1="{legend_y + LINE - 8}" x2="{edge + 20}" y2="{legend_y + LINE - 8}" stroke="{color}" '
            f'stroke-width="2"{dash}/>'
        )
        for row, text in enumerate(lines):
            parts.append(text_element(text, edge + 26, legend_y + LINE * (row + 1) - 4))
        legend_y += LINE * len(lines) + 4
    return parts


@dataclass(frozen=True)
class CurvePoint:
    """One batch size on a serving curve: its time per output token, its output tokens/s, whether it fits in memory."""

    batch: float
    tpot_seconds: float
    tokens_per_second: float
    fits: bool


@dataclass(frozen=True)
class _LogFrame:
    """A log-log plot area: its corner, size and decades, and where a value lands on it."""

    left: float
    top: float
    plot_w: float
    plot_h: float
    x_lo: int
    x_hi: int
    y_lo: int
    y_hi: int

    @property
    def bottom(self) -> float:
        return self.top + self.plot_h

    @property
    def right(self) -> float:
        return self.left + self.plot_w

    def px(self, x: float) -> float:
        return self.left + (math.log10(x) - self.x_lo) / (self.x_hi - self.x_lo) * self.plot_w

    def py(self, y: float) -> float:
        return self.top + (self.y_hi - math.log10(y)) / (self.y_hi - self.y_lo) * self.plot_h


def serving_curve_svg(
    points: Sequence[CurvePoint],
    *,
    memory_limit_batch: float,
    reader_batch: float,
    slo_tpot_seconds: float | None = None,
    slo_batch: float | None = None,
    subject: str = "",
    lang: str = "en",
    width: int = WIDTH,
    height: int = 380,
) -> str:
    """The latency–throughput curve of a served model, log-log: output tokens/s against time per output token.

    Each point is one batch size; points past the memory limit (their KV caches do not fit) are drawn hollow
    on a dashed line, the largest batch that fits is marked, and so are a TPOT target and the batch chosen for
    it. Raising the batch moves right (slower tokens) and up (more of them) until the chip turns compute-bound.

    Raises:
        CalcError: no point to draw, or a point that is not positive.
    """
    lang = site_lang(lang)
    if not points:
        raise CalcError(field="batch", kind="missing")
    for p in points:
        check_number("tpot_seconds", p.tpot_seconds, low=0, low_open=True, high=1e6)
        check_number("tokens_per_second", p.tokens_per_second, low=0, low_open=True, high=1e15)
    xs = [p.tpot_seconds for p in points] + ([slo_tpot_seconds] if slo_tpot_seconds else [])
    ys = [p.tokens_per_second for p in points]
    (x_lo, x_hi), (y_lo, y_hi) = _decades(xs), _decades(ys)
    title = t("plot.serving.title", lang, subject=subject)
    edge, left, right = 8, 54, 28  # the last tick label ("100 ms") is centred on the right edge
    heading = wrap(title, width - 2 * edge)
    top = 18 + LINE * len(heading)
    limit = format_number(memory_limit_batch, lang)
    said = (t("plot.serving.legend", lang), t("plot.serving.legend_limit", lang, batch=limit))
    legend = [line for words in said for line in wrap(words, width - 2 * edge)]
    y_title = t("plot.serving.y_axis", lang)
    plot_h = max(height - top - 55 - LINE * len(legend), text_width(y_title) + 8)  # the y axis's title runs beside it
    height = round(top + plot_h + 55 + LINE * len(legend))
    frame = _LogFrame(left, top, width - left - right, plot_h, x_lo, x_hi, y_lo, y_hi)
    batches, labels, described = _serving_descriptions(points, memory_limit_batch, lang)
    parts = svg_open("serve", width, height, title, "; ".join(described))
    for row, line in enumerate(heading):
        parts.append(text_element(line, edge, 4 + LINE * (row + 1)))
    parts += _log_axes(frame, t("plot.serving.x_axis", lang), y_title, lang) + _serving_lines(points, frame)
    marks = (reader_batch, memory_limit_batch, slo_tpot_seconds, slo_batch)
    parts += _serving_marks(frame, Box(0, 0, width, height), points, batches, labels, marks, lang)
    for row, line in enumerate(legend):
        parts.append(text_element(line, edge, frame.bottom + 64 + LINE * row))
    parts.append("</svg>")
    return "\n".join(parts)


def _decades(values: Sequence[float]) -> tuple[int, int]:
    """The whole powers of ten around `values`, at least one decade apart."""
    lo, hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    return lo, max(hi, lo + 1)


def _serving_descriptions(
    points: Sequence[CurvePoint], memory_limit_batch: float, lang: str
) -> tuple[list[str], list[str], list[str]]:
    """Each point's batch number and tooltip, and the chart's description (the points, then the memory limit)."""
    batches = [format_number(p.batch, lang) for p in points]
    labels = [
        t(
            "plot.serving.point",
            lang,
            batch=batch,
            tpot=format_quantity(p.tpot_seconds, "s", lang),
            rate=format_number(p.tokens_per_second, lang),
        )
        for p, batch in zip(points, batches, strict=True)
    ]
    outside = f" ({t('plot.memory.does_not_fit', lang)})"
    described = [label + ("" if p.fits else outside) for p, label in zip(points, labels, strict=True)]
    described.append(t("plot.serving.limit", lang, batch=format_number(memory_limit_batch, lang)))
    return batches, labels, described


def _serving_marks(
    frame: _LogFrame,
    canvas: Box,
    points: Sequence[CurvePoint],
    batches: list[str],
    labels: list[str],
    marks: tuple[float, float, float | None, float | None],
    lang: str,
) -> list[str]:
    """The target line, and each point with its batch number where it finds room and its rings.

    `marks`: the reader's batch, the largest batch that fits, the TPOT target and the batch chosen for it.
    """
    reader_batch, memory_limit_batch, slo_tpot_seconds, slo_batch = marks
    parts: list[str] = []
    # Labels keep clear of every point, of one another and of the frame; a batch whose label finds no free place
    # keeps its number in its tooltip and in the description.
    taken = Labels(canvas)
    inside = taken.within(Box(frame.left + 2, frame.top + 2, frame.right - 2, frame.bottom - 2))
    centres = [(frame.px(p.tpot_seconds), frame.py(p.tokens_per_second)) for p in points]
    for cx, cy in centres:
        taken.take(Box(cx - 6, cy - 6, cx + 6, cy + 6))
    if slo_tpot_seconds:
        parts.extend(_slo_line(frame, inside, slo_tpot_seconds, lang))
    marked = (reader_batch, memory_limit_batch, slo_batch)
    order = sorted(range(len(points)), key=lambda i: (points[i].batch not in marked, i))
    spots = _point_label_spots(inside, centres, batches, order)
    for i, (p, label) in enumerate(zip(points, labels, strict=True)):
        parts += _serving_point(p, label, centres[i], reader_batch)
        if i in spots:
            parts.append(text_element(batches[i], *spots[i]))
        parts += _serving_rings(p, centres[i], memory_limit_batch, slo_batch)
    return parts


def _log_axes(frame: _LogFrame, x_title: str, y_title: str, lang: str) -> list[str]:
    """The frame, a grid line and tick label at every decade (x in seconds), and the two axes' titles."""
    top, left, bottom_edge, right_edge = frame.top, frame.left, frame.bottom, frame.right
    parts = [f'<rect x="{left}" y="{top}" width="{frame.plot_w}" height="{frame.plot_h}" fill="none" stroke="#888"/>']
    for exponent in range(frame.x_lo, frame.x_hi + 1):
        x = frame.px(10.0**exponent)
        parts.append(f'<line x1="{svg_number(x)}" y1="{top}" x2="{svg_number(x)}" y2="{bottom_edge}" stroke="#ddd"/>')
        tick = format_quantity(10.0**exponent, "s", lang)
        parts.append(text_element(tick, x, bottom_edge + 23, "middle"))
    for exponent in range(frame.y_lo, frame.y_hi + 1):
        y = frame.py(10.0**exponent)
        parts.append(f'<line x1="{left}" y1="{svg_number(y)}" x2="{right_edge}" y2="{svg_number(y)}" stroke="#ddd"/>')
        parts.append(text_element(decade_label(exponent), left - 5, y + MIDDLE, "end"))
    parts.append(text_element(x_title, left + frame.plot_w / 2, bottom_edge + 42, "middle"))
    parts.append(
        f'<text transform="translate(14 {top + frame.plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(y_title)}</text>"
    )
    return parts


def _serving_lines(points: Sequence[CurvePoint], frame: _LogFrame) -> list[str]:
    """The curve: solid through the batches that fit, dashed from the last of them through those that do not."""
    parts = []
    fitting = [p for p in points if p.fits]
    beyond = [p for p in points if not p.fits]
    if fitting:
        line = " ".join(
            f"{svg_number(frame.px(p.tpot_seconds))},{svg_number(frame.py(p.tokens_per_second))}" for p in fitting
        )
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
    if beyond:
        joined = ([fitting[-1]] if fitting else []) + beyond
        dashed = " ".join(
            f"{svg_number(frame.px(p.tpot_seconds))},{svg_number(frame.py(p.tokens_per_second))}" for p in joined
        )
        parts.append(
            f'<polyline points="{dashed}" fill="none" stroke="#888" stroke-width="1.5" stroke-dasharray="5 3"/>'
        )
    return parts


def _slo_line(frame: _LogFrame, inside: Labels, slo_tpot_seconds: float, lang: str) -> list[str]:
    """The TPOT target: a dashed vertical line and its label, where the label finds room."""
    x = frame.px(slo_tpot_seconds)
    line = (
        f'<line x1="{svg_number(x)}" y1="{frame.top}" x2="{svg_number(x)}" y2="{frame.bottom}" stroke="{COLORS[1]}" '
        f'stroke-width="1.5" stroke-dasharray="6 3"/>'
    )
    target = t("plot.serving.target", lang, tpot=format_quantity(slo_tpot_seconds, "s", lang))
    row = frame.top + 16
    spot = inside.place(target, [(x - 4, row, "end"), (x + 4, row, "start"), (x - 4, frame.bottom - 8, "end")])
    tx, ty, anchor = spot or (x - 4, row, "end")
    return [line, text_element(target, tx, ty, anchor, f' fill="{COLORS[1]}"')]


def _point_label_spots(
    inside: Labels, centres: list[tuple[float, float]], batches: list[str], order: list[int]
) -> dict[int, tuple[float, float, str]]:
    """Where each batch's number goes, the marked batches placed first; a number with no free place is left out."""
    spots: dict[int, tuple[float, float, str]] = {}
    for i in order:
        cx, cy = centres[i]
        around = [
            (cx + 8, cy + 17, "start"),
            (cx + 8, cy - 8, "start"),
            (cx - 8, cy - 8, "end"),
            (cx - 8, cy + 17, "end"),
            (cx, cy + 22, "middle"),
            (cx, cy - 12, "middle"),
        ]
        spot = inside.place(batches[i], around)
        if spot is not None:
            spots[i] = spot
    return spots


def _serving_point(p: CurvePoint, label: str, centre: tuple[float, float], reader_batch: float) -> list[str]:
    """One batch's dot (larger for the reader's batch, hollow past the memory limit) with its tooltip."""
    x_text, y_text = (svg_number(v) for v in centre)
    radius = 6 if p.batch == reader_batch else 3.5
    fill = COLORS[0] if p.fits else "none"
    stroke = COLORS[0] if p.fits else "#888"
    return [
        f'<circle cx="{x_text}" cy="{y_text}" r="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="1.5">'
        f"<title>{escape(label)}</title></circle>"
    ]


def _serving_rings(
    p: CurvePoint, centre: tuple[float, float], memory_limit_batch: float, slo_batch: float | None
) -> list[str]:
    """The rings around the largest batch that fits (dashed) and the batch chosen for the TPOT target."""
    x_text, y_text = (svg_number(v) for v in centre)
    parts = []
    if p.batch == memory_limit_batch:
        parts.append(
            f'<circle cx="{x_text}" cy="{y_text}" r="9" fill="none" stroke="currentColor" stroke-width="1.5" '
            f'stroke-dasharray="3 2"/>'
        )
    if slo_batch is not None and p.batch == slo_batch:
        parts.append(f'<circle cx="{x_text}" cy="{y_text}" r="9" fill="none" stroke="{COLORS[1]}" stroke-width="2"/>')
    return parts
