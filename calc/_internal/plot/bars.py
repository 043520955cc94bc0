# Bars of one step or one device: memory by part against the capacity, and a step's time by phase.
from __future__ import annotations

from html import escape

from ..errors import CalcError, check_number
from ..fmt import format_number, format_quantity
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, WIDTH, svg_number, svg_open


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
    out = svg_open("mem", width, height, title, desc)
    out.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    x = float(left)
    row_ends = [float("-inf"), float("-inf")]
    for index, (label, size) in enumerate(sizes):
        seg = size / scale_max * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{svg_number(x)}" y="{bar_y}" width="{svg_number(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {format_quantity(size, 'B', lang)}</title></rect>"
        )
        # Labels alternate between two rows; one starts after the previous label of its row (about 7.5 units
        # a character), and one that would run past the right edge ends at the edge instead.
        row = index % 2
        start = max(x + 2, row_ends[row] + 8)
        near_edge = start + 7.5 * len(label) > left + bar_w
        anchor = f'x="{svg_number(left + bar_w)}" text-anchor="end"' if near_edge else f'x="{svg_number(start)}"'
        out.append(f'<text {anchor} y="{bar_y + bar_h + 17 + 15 * row}" fill="{color}">{escape(label)}</text>')
        row_ends[row] = start + 7.5 * len(label)
        x += seg
    if capacity is not None:
        cap_x = left + capacity / scale_max * bar_w
        out.append(
            f'<line x1="{svg_number(cap_x)}" y1="{bar_y - 6}" x2="{svg_number(cap_x)}" y2="{bar_y + bar_h + 6}" '
            f'stroke="currentColor" stroke-width="2" stroke-dasharray="4 2"/>'
        )
        # The label reads away from the nearer edge, so it is never cut off.
        side = (
            f'x="{svg_number(cap_x - 4)}" text-anchor="end"'
            if cap_x > left + bar_w / 2
            else f'x="{svg_number(cap_x + 4)}"'
        )
        out.append(
            f'<text {side} y="{bar_y - 8}">{escape(t("plot.memory.capacity", lang))} '
            f"{format_quantity(capacity, 'B', lang)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


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
    out = svg_open("step", width, height, title, desc)
    out.append(f'<text x="{left}" y="18">{escape(title)}</text>')
    x = float(left)
    for index, label, seconds in shown:
        seg = seconds / total * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{svg_number(x)}" y="{bar_y}" width="{svg_number(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {share(seconds)}</title></rect>"
        )
        x += seg
    column = bar_w / 2
    for position, (index, label, seconds) in enumerate(shown):
        lx = left + (position % 2) * column
        ly = bar_y + bar_h + 14 + (position // 2) * row_h
        color = COLORS[index % len(COLORS)]
        out.append(f'<rect x="{svg_number(lx)}" y="{ly}" width="12" height="12" fill="{color}"/>')
        out.append(f'<text x="{svg_number(lx + 18)}" y="{ly + 11}">{escape(label)}: {share(seconds)}</text>')
    out.append("</svg>")
    return "\n".join(out)
