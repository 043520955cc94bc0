# SVG charts drawn by calc itself (build time and Pyodide alike), from plain values: the calculators compute
# the numbers and call these; nothing here looks up data or runs a calculator. Plain string building.
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .errors import CalcError, check_number
from .fmt import format_money, format_number, format_quantity
from .i18n import site_lang
from .messages import t

# A chip's roof keeps its colour whatever else is drawn: the calculators give each chip a fixed one.
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FONT = 'font-family="system-ui, sans-serif"'
# Charts are drawn 480 units wide with 14-unit text and scale to their box: on a 390 px phone the box is
# about 330 px wide, so text stays above 9 px; pages cap the width (x4.css), so desktop text stays near 14 px.
WIDTH = 480
_SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


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


@dataclass(frozen=True)
class ScalingPoint:
    """One cluster size of a training run: compute-only and sync-bound seconds, and the matching cloud costs."""

    count: float
    seconds: float
    synced_seconds: float
    cost_usd: float | None
    synced_cost_usd: float | None


def _num(value: float) -> str:
    return f"{value:.1f}"


def _decade(exponent: int) -> str:
    return "10" + str(exponent).translate(_SUP)


def _svg_open(kind: str, width: int, height: int, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="x4-{kind}-title x4-{kind}-desc" {FONT} font-size="14" class="x4-chart">',
        f'<title id="x4-{kind}-title">{escape(title)}</title>',
        f'<desc id="x4-{kind}-desc">{escape(desc)}.</desc>',
    ]


def roofline_chart(
    roofs: Sequence[Roof],
    kernels: Sequence[tuple[str, float]] = (),
    *,
    kernels_on: int = 0,
    lang: str = "en",
    width: int = WIDTH,
    height: int = 340,
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
    xs = ridges + [x for _, x in kernels]
    x_lo = math.floor(math.log10(min(min(xs) / 10, 1.0)))
    x_hi = math.ceil(math.log10(max(xs) * 10))
    y_hi = math.ceil(math.log10(max(r.peak_flop_per_s for r in roofs) * 1.5))
    lowest = min(min(r.peak_flop_per_s, 10**x_lo * r.bandwidth_bytes_per_s) for r in roofs)
    y_lo = min(math.floor(math.log10(lowest)), y_hi - 1)
    left, right, top, bottom = 64, 12, 24, 48
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x: float) -> float:
        return left + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y: float) -> float:
        return top + (y_hi - math.log10(y)) / (y_hi - y_lo) * plot_h

    title = t("plot.roofline.title", lang, chips=", ".join(r.label for r in roofs))
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
    parts = _svg_open("roof", width, height, title, "; ".join(described))
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    for exponent in range(x_lo, x_hi + 1):
        x = _num(px(10.0**exponent))
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="#ddd"/>')
        parts.append(f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">{_decade(exponent)}</text>')
    for exponent in range(y_lo, y_hi + 1):
        y = _num(py(10.0**exponent))
        parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{_decade(exponent)}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">'
        f"{escape(t('plot.roofline.x_axis', lang))}</text>"
    )
    parts.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(t('plot.roofline.y_axis', lang))}</text>"
    )
    x_min, x_max = 10.0**x_lo, 10.0**x_hi
    for index, roof in enumerate(roofs):
        ridge = ridges[index]
        corners = [(x_min, min(roof.peak_flop_per_s, x_min * roof.bandwidth_bytes_per_s))]
        if x_min < ridge < x_max:
            corners.append((ridge, roof.peak_flop_per_s))
        corners.append((x_max, min(roof.peak_flop_per_s, x_max * roof.bandwidth_bytes_per_s)))
        path = " ".join(f"{_num(px(x))},{_num(py(max(y, 10.0**y_lo)))}" for x, y in corners)
        stroke = (2.5 if roof.highlight else 1.5) if roof.achievable else (3.5 if roof.highlight else 1.5)
        dash = ' stroke-dasharray="7 4"' if roof.achievable else ""
        kind = "achievable" if roof.achievable else "peak"
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{roof.color}" stroke-width="{stroke}"{dash} '
            f'data-roof="{kind}" data-chip="{escape(roof.key)}"/>'
        )
        # The legend sits in the lower right, under the flat roofs, where no roof runs.
        legend_y = top + plot_h - 10 - 17 * (len(roofs) - 1 - index)
        weight = ' font-weight="bold"' if roof.highlight else ""
        right_edge = left + plot_w
        parts.append(
            f'<line x1="{right_edge - 28}" y1="{legend_y - 4}" x2="{right_edge - 8}" y2="{legend_y - 4}" '
            f'stroke="{roof.color}" stroke-width="{stroke}"{dash}/>'
        )
        parts.append(
            f'<text x="{right_edge - 32}" y="{legend_y}" text-anchor="end" fill="{roof.color}"{weight}>'
            f"{escape(roof.label)}</text>"
        )
    if kernels:
        roof = roofs[on]
        for label, intensity in kernels:
            attained = min(roof.peak_flop_per_s, intensity * roof.bandwidth_bytes_per_s)
            cx, cy = _num(px(intensity)), _num(py(max(attained, 10.0**y_lo)))
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="5" fill="currentColor"><title>{escape(label)}: '
                f"{format_number(intensity, lang)} FLOP/byte, {format_quantity(attained, 'FLOP/s', lang)}</title></circle>"
            )
            parts.append(f'<text x="{cx}" y="{_num(float(cy) + 18)}" text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def memory_bars_svg(
    *,
    parts: tuple[tuple[str, float], ...],
    capacity_bytes: float | None,
    lang: str = "en",
    width: int = WIDTH,
    height: int = 130,
) -> str:
    """Draw one stacked bar of memory use (weights, KV cache, activations, optimizer...) against a capacity line.

    Parameters:
        parts: (label, bytes) in stacking order; labels are shown as given (translate them before).
        capacity_bytes: the accelerator's memory; None draws the bar alone, without a capacity line or verdict.
        lang: "en" or "es" for numbers and fixed words.
        width, height: size of the viewBox (the page scales the chart to its box).

    Returns:
        The SVG document as text, with <title> and a <desc> listing every part and the verdict.

    Raises:
        CalcError: a negative part, a capacity that is not positive, or nothing to draw.
    """
    lang = site_lang(lang)
    capacity = (
        None
        if capacity_bytes is None
        else check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e18)
    )
    sizes = [(str(label), check_number("bytes", size, low=0, high=1e18)) for label, size in parts]
    total = sum(size for _, size in sizes)
    if total <= 0 and capacity is None:
        raise CalcError(field="bytes", kind="out_of_range", low=0, low_open=True, value=total)
    scale_max = max(total, capacity or 0.0) * 1.05
    left, right, bar_y, bar_h = 12, 12, 44, 28  # the title, then the capacity's label, above the bar
    bar_w = width - left - right
    title = t("plot.memory.title", lang, total=format_quantity(total, "B", lang))
    desc = "; ".join(f"{label}: {format_quantity(size, 'B', lang)}" for label, size in sizes)
    if capacity is not None:
        verdict = t("plot.memory.fits" if total <= capacity else "plot.memory.does_not_fit", lang)
        title += f" / {format_quantity(capacity, 'B', lang)} ({verdict})"
        desc += f"; {t('plot.memory.capacity', lang)} {format_quantity(capacity, 'B', lang)}"
    out = _svg_open("mem", width, height, title, desc)
    out.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    x = float(left)
    row_ends = [float("-inf"), float("-inf")]
    for index, (label, size) in enumerate(sizes):
        seg = size / scale_max * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{_num(x)}" y="{bar_y}" width="{_num(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {format_quantity(size, 'B', lang)}</title></rect>"
        )
        # Labels alternate between two rows; one starts after the previous label of its row (about 7.5 units
        # a character), and one that would run past the right edge ends at the edge instead.
        row = index % 2
        start = max(x + 2, row_ends[row] + 8)
        near_edge = start + 7.5 * len(label) > left + bar_w
        anchor = f'x="{_num(left + bar_w)}" text-anchor="end"' if near_edge else f'x="{_num(start)}"'
        out.append(f'<text {anchor} y="{bar_y + bar_h + 17 + 15 * row}" fill="{color}">{escape(label)}</text>')
        row_ends[row] = start + 7.5 * len(label)
        x += seg
    if capacity is not None:
        cap_x = left + capacity / scale_max * bar_w
        out.append(
            f'<line x1="{_num(cap_x)}" y1="{bar_y - 6}" x2="{_num(cap_x)}" y2="{bar_y + bar_h + 6}" '
            f'stroke="currentColor" stroke-width="2" stroke-dasharray="4 2"/>'
        )
        # The label reads away from the nearer edge, so it is never cut off.
        side = f'x="{_num(cap_x - 4)}" text-anchor="end"' if cap_x > left + bar_w / 2 else f'x="{_num(cap_x + 4)}"'
        out.append(
            f'<text {side} y="{bar_y - 8}">{escape(t("plot.memory.capacity", lang))} '
            f"{format_quantity(capacity, 'B', lang)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


def scaling_chart(
    points: Sequence[ScalingPoint],
    *,
    chosen: ScalingPoint,
    subject: str,
    lang: str = "en",
    width: int = WIDTH,
    height: int = 460,
) -> str:
    """Wall-clock days and cloud cost of a training run against cluster size (log-log), as an SVG string.

    A solid curve is compute at the given MFU; a dashed one, drawn when it differs, stretches each step to
    max(compute, gradient AllReduce). The cost panel is drawn only when every point has a price.

    Raises:
        CalcError: no point to draw.
    """
    lang = site_lang(lang)
    if not points:
        raise CalcError(field="count", kind="not_finite")
    synced = any(p.synced_seconds > p.seconds * (1 + 1e-9) for p in points)
    priced = all(p.cost_usd is not None for p in points)
    # Under the panels: tick labels, the axis title, then the legend, one entry per row.
    left, right, top, gap, bottom = 64, 28, 30, 44, 84
    panel_h = (height - top - gap - bottom) / 2 if priced else height - top - bottom
    plot_w = width - left - right
    xs = [p.count for p in points]
    x_lo, x_hi = math.floor(math.log2(min(xs))), math.ceil(math.log2(max(xs)))
    x_hi = max(x_hi, x_lo + 1)

    def px(x: float) -> float:
        return left + (math.log2(x) - x_lo) / (x_hi - x_lo) * plot_w

    title = t("plot.scaling.title", lang, subject=subject)
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
    parts = _svg_open("scale", width, height, title, "; ".join(described))
    parts.append(f'<text x="{left}" y="16">{escape(subject)}</text>')  # the axes say the rest of the title
    panels: list[tuple[str, list[float | None], list[float | None], float | None]] = [
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
    for index, (key, compute_values, bound_values, mark) in enumerate(panels):
        y0 = top + index * (panel_h + gap)
        values = [v for v in compute_values + bound_values if v is not None and v > 0]
        y_lo, y_hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        y_hi = max(y_hi, y_lo + 1)

        def py(y: float, y0: float = y0, y_lo: int = y_lo, y_hi: int = y_hi) -> float:
            return y0 + (y_hi - math.log10(y)) / (y_hi - y_lo) * panel_h

        parts.append(
            f'<rect x="{left}" y="{_num(y0)}" width="{plot_w}" height="{_num(panel_h)}" fill="none" stroke="#888"/>'
        )
        for exponent in range(y_lo, y_hi + 1, max(1, (y_hi - y_lo) // 6)):
            y = _num(py(10.0**exponent))
            parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
            parts.append(
                f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{_decade(exponent)}</text>'
            )
        for exponent in range(x_lo, x_hi + 1, max(1, math.ceil((x_hi - x_lo) / 6))):  # labels ~70 units apart
            x = _num(px(2.0**exponent))
            parts.append(f'<line x1="{x}" y1="{_num(y0)}" x2="{x}" y2="{_num(y0 + panel_h)}" stroke="#ddd"/>')
            parts.append(
                f'<text x="{x}" y="{_num(y0 + panel_h + 15)}" text-anchor="middle">'
                f"{format_number(2.0**exponent, lang)}</text>"
            )
        parts.append(
            f'<text transform="translate(14 {y0 + panel_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
            f"{escape(t(key, lang))}</text>"
        )
        line = " ".join(f"{_num(px(p.count))},{_num(py(v))}" for p, v in zip(points, compute_values, strict=True) if v)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
        if synced:
            dashed = " ".join(
                f"{_num(px(p.count))},{_num(py(v))}" for p, v in zip(points, bound_values, strict=True) if v
            )
            parts.append(
                f'<polyline points="{dashed}" fill="none" stroke="{COLORS[1]}" stroke-width="2" stroke-dasharray="6 3"/>'
            )
        if mark is not None and mark > 0:
            label = t("plot.scaling.chosen", lang, count=format_number(chosen.count, lang))
            parts.append(
                f'<circle cx="{_num(px(chosen.count))}" cy="{_num(py(mark))}" r="5" fill="currentColor">'
                f"<title>{escape(label)}</title></circle>"
            )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 50}" text-anchor="middle">'
        f"{escape(t('plot.scaling.x_axis', lang))}</text>"
    )
    # One legend under the panels and their labels, so it never covers a curve or a tick label.
    entries = [(COLORS[0], "", "plot.scaling.compute")] + ([(COLORS[1], "6 3", "plot.scaling.bound")] if synced else [])
    for row, (color, dashes, key) in enumerate(entries):
        legend_y = height - 28 + 18 * row
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        parts.append(
            f'<line x1="{left}" y1="{legend_y - 4}" x2="{left + 20}" y2="{legend_y - 4}" stroke="{color}" '
            f'stroke-width="2"{dash}/><text x="{left + 24}" y="{legend_y}">{escape(t(key, lang))}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def step_timeline_svg(
    *,
    segments: tuple[tuple[str, float], ...],
    lang: str = "en",
    width: int = 560,
) -> str:
    """Draw one training step as a bar of consecutive segments (compute, exposed communication per axis, bubble...).

    Parameters:
        segments: (label, seconds) in order; labels are shown as given (translate them before); zero-length
            segments are left out of the bar and the legend but listed in the description.
        lang: "en" or "es" for numbers and fixed words.
        width: size in CSS pixels (the height follows from the legend's rows).

    Returns:
        The SVG document as text, with <title> (the step time), a <desc> listing every segment and its share, and a
        legend of the non-zero segments in two columns under the bar.

    Raises:
        CalcError: a negative segment, or a step of zero length.
    """
    lang = site_lang(lang)
    sizes = [(str(label), check_number("seconds", seconds, low=0, high=1e12)) for label, seconds in segments]
    total = sum(seconds for _, seconds in sizes)
    if total <= 0:
        raise CalcError(field="seconds", kind="out_of_range", low=0, low_open=True, value=total)
    shown = [(index, label, seconds) for index, (label, seconds) in enumerate(sizes) if seconds > 0]
    left, right, bar_y, bar_h, row_h = 12, 12, 34, 28, 20
    bar_w = width - left - right
    rows = (len(shown) + 1) // 2
    height = bar_y + bar_h + 14 + rows * row_h
    title = t("plot.timeline.title", lang, total=format_quantity(total, "s", lang))

    def share(seconds: float) -> str:
        return f"{format_quantity(seconds, 's', lang)} ({format_number(100 * seconds / total, lang)} %)"

    desc = "; ".join(f"{label}: {share(seconds)}" for label, seconds in sizes)
    out = _svg_open("step", width, height, title, desc)
    out.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    x = float(left)
    for index, label, seconds in shown:
        seg = seconds / total * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{_num(x)}" y="{bar_y}" width="{_num(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {share(seconds)}</title></rect>"
        )
        x += seg
    column = bar_w / 2
    for position, (index, label, seconds) in enumerate(shown):
        lx = left + (position % 2) * column
        ly = bar_y + bar_h + 14 + (position // 2) * row_h
        color = COLORS[index % len(COLORS)]
        out.append(f'<rect x="{_num(lx)}" y="{ly}" width="12" height="12" fill="{color}"/>')
        out.append(f'<text x="{_num(lx + 18)}" y="{ly + 11}">{escape(label)}: {share(seconds)}</text>')
    out.append("</svg>")
    return "\n".join(out)


@dataclass(frozen=True)
class CurvePoint:
    """One batch size on a serving curve: its time per output token, its output tokens/s, whether it fits in memory."""

    batch: float
    tpot_seconds: float
    tokens_per_second: float
    fits: bool


def serving_curve_svg(
    points: Sequence[CurvePoint],
    *,
    memory_limit_batch: float,
    reader_batch: float,
    slo_tpot_seconds: float | None = None,
    slo_batch: float | None = None,
    subject: str = "",
    lang: str = "en",
    width: int = 560,
    height: int = 420,
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
    x_lo, x_hi = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y_lo, y_hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    x_hi, y_hi = max(x_hi, x_lo + 1), max(y_hi, y_lo + 1)
    left, right, top, bottom = 72, 32, 34, 78
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x: float) -> float:
        return left + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y: float) -> float:
        return top + (y_hi - math.log10(y)) / (y_hi - y_lo) * plot_h

    title = t("plot.serving.title", lang, subject=subject)
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
    parts = _svg_open("serve", width, height, title, "; ".join(described))
    parts.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    for exponent in range(x_lo, x_hi + 1):
        x = _num(px(10.0**exponent))
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">'
            f"{escape(format_quantity(10.0**exponent, 's', lang))}</text>"
        )
    for exponent in range(y_lo, y_hi + 1):
        y = _num(py(10.0**exponent))
        parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">'
            f"{escape(format_number(10.0**exponent, lang))}</text>"
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 34}" text-anchor="middle">'
        f"{escape(t('plot.serving.x_axis', lang))}</text>"
    )
    parts.append(
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(t('plot.serving.y_axis', lang))}</text>"
    )
    fitting = [p for p in points if p.fits]
    beyond = [p for p in points if not p.fits]
    if fitting:
        line = " ".join(f"{_num(px(p.tpot_seconds))},{_num(py(p.tokens_per_second))}" for p in fitting)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
    if beyond:
        joined = ([fitting[-1]] if fitting else []) + beyond
        dashed = " ".join(f"{_num(px(p.tpot_seconds))},{_num(py(p.tokens_per_second))}" for p in joined)
        parts.append(
            f'<polyline points="{dashed}" fill="none" stroke="#888" stroke-width="1.5" stroke-dasharray="5 3"/>'
        )
    if slo_tpot_seconds:
        x = _num(px(slo_tpot_seconds))
        parts.append(
            f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="{COLORS[1]}" stroke-width="1.5" '
            f'stroke-dasharray="6 3"/>'
        )
        target = t("plot.serving.target", lang, tpot=format_quantity(slo_tpot_seconds, "s", lang))
        parts.append(
            f'<text x="{_num(float(x) - 4)}" y="{top + 14}" text-anchor="end" fill="{COLORS[1]}">{escape(target)}</text>'
        )
    for p, label, batch in zip(points, labels, batches, strict=True):
        cx, cy = _num(px(p.tpot_seconds)), _num(py(p.tokens_per_second))
        radius = 6 if p.batch == reader_batch else 3.5
        fill = COLORS[0] if p.fits else "none"
        stroke = COLORS[0] if p.fits else "#888"
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="1.5">'
            f"<title>{escape(label)}</title></circle>"
        )
        parts.append(
            f'<text x="{_num(float(cx) + 6)}" y="{_num(float(cy) + 14)}" font-size="11">{escape(batch)}</text>'
        )
        if p.batch == memory_limit_batch:
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="9" fill="none" stroke="currentColor" stroke-width="1.5" '
                f'stroke-dasharray="3 2"/>'
            )
        if slo_batch is not None and p.batch == slo_batch:
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="9" fill="none" stroke="{COLORS[1]}" stroke-width="2"/>')
    for row, line in enumerate(
        (
            t("plot.serving.legend", lang),
            t("plot.serving.legend_limit", lang, batch=format_number(memory_limit_batch, lang)),
        )
    ):
        parts.append(f'<text x="{left}" y="{height - 24 + 15 * row}" font-size="12">{escape(line)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


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
    out = _svg_open("ratio", width, height, title, desc)
    out.append(f'<text x="12" y="18">{escape(title)}</text>')
    bottom = top + row_h * len(checked)
    for tick in (0.5, 0.67, 0.8, 1.0, 1.25, 1.5, 2.0):
        x = x_of(tick)
        stroke = "#444" if tick == 1.0 else "#ccc"
        out.append(f'<line x1="{_num(x)}" y1="{top - 6}" x2="{_num(x)}" y2="{bottom}" stroke="{stroke}"/>')
        out.append(f'<text x="{_num(x)}" y="{bottom + 16}" text-anchor="middle">{format_number(tick, lang)}</text>')
    for index, (label, ratio, band_low, band_high, within) in enumerate(checked):
        y = top + row_h * index + row_h / 2
        band = f'x="{_num(x_of(band_low))}" width="{_num(x_of(band_high) - x_of(band_low))}"'
        out.append(f'<rect {band} y="{_num(y - 6)}" height="12" fill="#2ca02c" fill-opacity="0.15"/>')
        color = COLORS[2] if within else COLORS[1]
        out.append(f'<text x="{label_w - 8}" y="{_num(y + 4)}" text-anchor="end" font-size="12">{escape(label)}</text>')
        out.append(
            f'<circle cx="{_num(x_of(ratio))}" cy="{_num(y)}" r="5" fill="{color}">'
            f"<title>{escape(label)}: {format_number(ratio, lang)}</title></circle>"
        )
    out.append("</svg>")
    return "\n".join(out)
