# Bars of one step or one device: memory by part against the capacity, and a step's time by phase.
from __future__ import annotations

from html import escape

from ..errors import CalcError, check_number
from ..fmt import format_number, format_quantity
from ..i18n import site_lang
from ..messages import t
from .svg import COLORS, WIDTH, svg_number, svg_open, text_element, text_width, wrap

LINE = 17  # a line of 13-unit text
NBSP = "\u00a0"


def memory_bars_svg(
    *,
    parts: tuple[tuple[str, float], ...],
    capacity_bytes: float | None,
    lang: str = "en",
    width: int = WIDTH,
    height: int = 0,
) -> str:
    """Draw one stacked bar of memory use (weights, KV cache, activations, optimizer...) against a capacity line.

    Parameters:
        parts: (label, bytes) in stacking order; labels are shown as given (translate them before).
        capacity_bytes: the accelerator's memory; None draws the bar alone, without a capacity line or verdict.
        lang: "en" or "es" for numbers and fixed words.
        width: the viewBox's width (the page scales the chart to its box); height: its least height (it grows with
            the lines the title and the labels take).

    Returns:
        The SVG document as text, with <title> and a <desc> listing every part and the verdict.

    Raises:
        CalcError: a negative part, a capacity that is not positive, or nothing to draw.
    """
    lang = site_lang(lang)
    capacity = None if capacity_bytes is None else check_number("capacity_bytes", capacity_bytes)
    sizes = [(str(label), check_number("bytes", size, low=0, high=1e18)) for label, size in parts]
    total = sum(size for _, size in sizes)
    if total <= 0 and capacity is None:
        raise CalcError(field="bytes", kind="out_of_range", low=0, low_open=True, value=total)
    scale_max = max(total, capacity or 0.0) * 1.05
    edge = 8
    bar_w = width - 2 * edge
    title = t("plot.memory.title", lang, total=format_quantity(total, "B", lang))
    desc = "; ".join(f"{label}: {format_quantity(size, 'B', lang)}" for label, size in sizes)
    if capacity is not None:
        verdict = t("plot.memory.fits" if total <= capacity else "plot.memory.does_not_fit", lang)
        title += f" / {format_quantity(capacity, 'B', lang)} ({verdict})"
        desc += f"; {t('plot.memory.capacity', lang)} {format_quantity(capacity, 'B', lang)}"
    # The verdict stays whole on its line: "(does not fit)", not "(does" and "not fit)".
    heading = wrap(
        title if capacity is None else title.replace(f"({verdict})", f"({verdict.replace(' ', NBSP)})"), bar_w
    )
    bar_y = 4 + LINE * len(heading) + (LINE + 6 if capacity is not None else 6)  # the capacity's label above the bar
    # Each label goes under the bar where its part starts, in the first row where it clears the label before it
    # (or ends at the right edge); a label that fits no row so far opens a new one.
    row_ends: list[float] = []
    placed: list[tuple[float, int, str]] = []
    x = float(edge)
    for label, size in sizes:
        width_of = text_width(label)
        for row, row_end in enumerate([*row_ends, float("-inf")]):
            start = max(x + 2, row_end + 10)
            if start + width_of <= edge + bar_w:
                placed.append((start, row, "start"))
                break
            if edge + bar_w - width_of >= row_end + 10:
                start = edge + bar_w - width_of
                placed.append((edge + bar_w, row, "end"))
                break
        if row == len(row_ends):
            row_ends.append(0.0)
        row_ends[row] = start + width_of
        x += size / scale_max * bar_w
    bar_h = 28
    height = max(height, bar_y + bar_h + 8 + LINE * len(row_ends))
    out = svg_open("mem", width, height, title, desc)
    for row, line in enumerate(heading):
        out.append(text_element(line, edge, LINE * (row + 1)))
    x = float(edge)
    for index, ((label, size), (label_x, row, anchor)) in enumerate(zip(sizes, placed, strict=True)):
        seg = size / scale_max * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{svg_number(x)}" y="{bar_y}" width="{svg_number(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {format_quantity(size, 'B', lang)}</title></rect>"
        )
        out.append(text_element(label, label_x, bar_y + bar_h + LINE * (row + 1), anchor, f' fill="{color}"'))
        x += seg
    if capacity is not None:
        cap_x = edge + capacity / scale_max * bar_w
        out.append(
            f'<line x1="{svg_number(cap_x)}" y1="{bar_y - 6}" x2="{svg_number(cap_x)}" y2="{bar_y + bar_h + 6}" '
            f'stroke="currentColor" stroke-width="2" stroke-dasharray="4 2"/>'
        )
        # The label reads away from the nearer edge, so it is never cut off.
        said = f"{t('plot.memory.capacity', lang)} {format_quantity(capacity, 'B', lang)}"
        end = cap_x > edge + bar_w / 2
        out.append(text_element(said, cap_x - 4 if end else cap_x + 4, bar_y - 9, "end" if end else "start"))
    out.append("</svg>")
    return "\n".join(out)


def step_timeline_svg(
    *,
    segments: tuple[tuple[str, float], ...],
    lang: str = "en",
    width: int = WIDTH,
) -> str:
    """Draw one training step as a bar of consecutive segments (compute, exposed communication per axis, bubble...).

    Parameters:
        segments: (label, seconds) in order; labels are shown as given (translate them before); zero-length
            segments are left out of the bar and the legend but listed in the description.
        lang: "en" or "es" for numbers and fixed words.
        width: the viewBox's width (the height follows from the title's and the legend's lines).

    Returns:
        The SVG document as text, with <title> (the step time), a <desc> listing every segment and its share, and a
        legend of the non-zero segments under the bar.

    Raises:
        CalcError: a negative segment, or a step of zero length.
    """
    lang = site_lang(lang)
    sizes = [(str(label), check_number("seconds", seconds, low=0, high=1e12)) for label, seconds in segments]
    total = sum(seconds for _, seconds in sizes)
    if total <= 0:
        raise CalcError(field="seconds", kind="out_of_range", low=0, low_open=True, value=total)
    shown = [(index, label, seconds) for index, (label, seconds) in enumerate(sizes) if seconds > 0]
    edge, bar_h = 8, 28
    bar_w = width - 2 * edge
    title = t("plot.timeline.title", lang, total=format_quantity(total, "s", lang))

    def share(seconds: float) -> str:
        return f"{format_quantity(seconds, 's', lang)} ({format_number(100 * seconds / total, lang)} %)"

    # The legend in two columns when every entry fits half the width, else in one, an entry wrapping to its lines.
    entries = [(index, f"{label}: {share(seconds)}") for index, label, seconds in shown]
    columns = 2 if all(text_width(entry) <= bar_w / 2 - 26 for _, entry in entries) else 1
    column = bar_w / columns
    lines = [wrap(entry, column - 26) for _, entry in entries]
    heading = wrap(title, bar_w)
    bar_y = 10 + LINE * len(heading)
    rows = [
        max(len(lines[i]) for i in range(start, min(start + columns, len(lines))))
        for start in range(0, len(lines), columns)
    ]
    height = bar_y + bar_h + 12 + sum(LINE * n + 4 for n in rows)
    desc = "; ".join(f"{label}: {share(seconds)}" for label, seconds in sizes)
    out = svg_open("step", width, height, title, desc)
    for row, line in enumerate(heading):
        out.append(text_element(line, edge, LINE * (row + 1)))
    x = float(edge)
    for index, label, seconds in shown:
        seg = seconds / total * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{svg_number(x)}" y="{bar_y}" width="{svg_number(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {share(seconds)}</title></rect>"
        )
        x += seg
    row_y = float(bar_y + bar_h + 12)
    for position, ((index, _), entry_lines) in enumerate(zip(entries, lines, strict=True)):
        lx = edge + (position % columns) * column
        color = COLORS[index % len(COLORS)]
        out.append(f'<rect x="{svg_number(lx)}" y="{svg_number(row_y + 2)}" width="12" height="12" fill="{color}"/>')
        for line_index, line in enumerate(entry_lines):
            out.append(text_element(line, lx + 18, row_y + 13 + LINE * line_index))
        if position % columns == columns - 1 or position == len(entries) - 1:
            row_y += LINE * rows[position // columns] + 4
    out.append("</svg>")
    return "\n".join(out)
