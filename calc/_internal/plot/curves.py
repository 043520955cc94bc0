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
from .svg import COLORS, WIDTH, decade_label, svg_number, svg_open


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
    parts = svg_open("scale", width, height, title, "; ".join(described))
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
            f'<rect x="{left}" y="{svg_number(y0)}" width="{plot_w}" height="{svg_number(panel_h)}" fill="none" stroke="#888"/>'
        )
        for exponent in range(y_lo, y_hi + 1, max(1, (y_hi - y_lo) // 6)):
            y = svg_number(py(10.0**exponent))
            parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
            parts.append(
                f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{decade_label(exponent)}</text>'
            )
        for exponent in range(x_lo, x_hi + 1, max(1, math.ceil((x_hi - x_lo) / 6))):  # labels ~70 units apart
            x = svg_number(px(2.0**exponent))
            parts.append(
                f'<line x1="{x}" y1="{svg_number(y0)}" x2="{x}" y2="{svg_number(y0 + panel_h)}" stroke="#ddd"/>'
            )
            parts.append(
                f'<text x="{x}" y="{svg_number(y0 + panel_h + 15)}" text-anchor="middle">'
                f"{format_number(2.0**exponent, lang)}</text>"
            )
        parts.append(
            f'<text transform="translate(14 {y0 + panel_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
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
    parts = svg_open("serve", width, height, title, "; ".join(described))
    parts.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    for exponent in range(x_lo, x_hi + 1):
        x = svg_number(px(10.0**exponent))
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">'
            f"{escape(format_quantity(10.0**exponent, 's', lang))}</text>"
        )
    for exponent in range(y_lo, y_hi + 1):
        y = svg_number(py(10.0**exponent))
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
        line = " ".join(f"{svg_number(px(p.tpot_seconds))},{svg_number(py(p.tokens_per_second))}" for p in fitting)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
    if beyond:
        joined = ([fitting[-1]] if fitting else []) + beyond
        dashed = " ".join(f"{svg_number(px(p.tpot_seconds))},{svg_number(py(p.tokens_per_second))}" for p in joined)
        parts.append(
            f'<polyline points="{dashed}" fill="none" stroke="#888" stroke-width="1.5" stroke-dasharray="5 3"/>'
        )
    if slo_tpot_seconds:
        x = svg_number(px(slo_tpot_seconds))
        parts.append(
            f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="{COLORS[1]}" stroke-width="1.5" '
            f'stroke-dasharray="6 3"/>'
        )
        target = t("plot.serving.target", lang, tpot=format_quantity(slo_tpot_seconds, "s", lang))
        parts.append(
            f'<text x="{svg_number(float(x) - 4)}" y="{top + 14}" text-anchor="end" fill="{COLORS[1]}">{escape(target)}</text>'
        )
    for p, label, batch in zip(points, labels, batches, strict=True):
        cx, cy = svg_number(px(p.tpot_seconds)), svg_number(py(p.tokens_per_second))
        radius = 6 if p.batch == reader_batch else 3.5
        fill = COLORS[0] if p.fits else "none"
        stroke = COLORS[0] if p.fits else "#888"
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="1.5">'
            f"<title>{escape(label)}</title></circle>"
        )
        parts.append(
            f'<text x="{svg_number(float(cx) + 6)}" y="{svg_number(float(cy) + 14)}" font-size="11">{escape(batch)}</text>'
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
