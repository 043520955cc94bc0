# SVG charts drawn by calc itself (build time and Pyodide alike): roofline, memory bars. Plain string building.
from __future__ import annotations

import math
from html import escape

from .errors import CalcError, check_number
from .fmt import format_number, format_quantity
from .roofline import DEFAULT_DTYPE, resolve_chip

COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FONT = 'font-family="system-ui, sans-serif"'
_SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
_TEXT = {
    "x_axis": {"en": "Arithmetic intensity (FLOP/byte)", "es": "Intensidad aritmética (FLOP/byte)"},
    "y_axis": {"en": "Attainable FLOP/s", "es": "FLOP/s alcanzables"},
    "title": {"en": "Roofline", "es": "Roofline"},
    "ridge": {"en": "ridge point", "es": "punto de cresta"},
    "peak": {"en": "peak", "es": "pico"},
    "kernel": {"en": "kernel", "es": "kernel"},
    "memory_title": {"en": "Memory per accelerator", "es": "Memoria por acelerador"},
    "capacity": {"en": "capacity", "es": "capacidad"},
    "fits": {"en": "fits", "es": "cabe"},
    "does_not_fit": {"en": "does not fit", "es": "no cabe"},
}


def _num(value: float) -> str:
    return f"{value:.1f}"


def _decade(exponent: int) -> str:
    return "10" + str(exponent).translate(_SUP)


def roofline_svg(
    *,
    accelerators: list[str] | tuple[str, ...] = ("h100-sxm",),
    dtype: str = DEFAULT_DTYPE,
    custom: tuple[tuple[str, float, float], ...] = (),
    points: tuple[tuple[str, float], ...] = (),
    lang: str = "en",
    width: int = 640,
    height: int = 400,
) -> str:
    """Draw a log-log roofline of several accelerators with the reader's kernels on it, as an SVG string.

    Each roof is min(P, I × B) (Williams, Waterman & Patterson 2009). Kernel points sit on the first
    roof at their attainable FLOP/s. The SVG has role="img", a <title> and a <desc> that states every
    ridge point in words, labels in `lang`, and only generic fonts.

    Parameters:
        accelerators: data/ ids; their dense `dtype` peak and memory bandwidth.
        custom: extra chips as (label, peak_flop_per_s, bandwidth_bytes_per_s).
        points: kernels as (label, intensity_flop_per_byte).
        lang: "en" or "es".
        width, height: size in CSS pixels.

    Returns:
        The SVG document as text.

    Raises:
        CalcError: no chip, an unknown accelerator or dtype, or a value out of range.
    """
    lang = lang if lang in ("en", "es") else "en"
    w = int(check_number("width", width, low=200, high=4000, integer=True))
    h = int(check_number("height", height, low=150, high=4000, integer=True))
    chips: list[tuple[str, float, float]] = []
    for accelerator in accelerators:
        peak, bandwidth, label = resolve_chip(accelerator=accelerator, dtype=dtype)
        chips.append((label[lang], peak, bandwidth))
    for label, peak, bandwidth in custom:
        peak, bandwidth, _ = resolve_chip(accelerator=None, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
        chips.append((str(label), peak, bandwidth))
    if not chips:
        raise CalcError(field="accelerators", accepted="at least one accelerator", accepted_es="al menos un acelerador",
                        en="accelerators: give at least one accelerator to plot.",
                        es="accelerators: indique al menos un acelerador para dibujar.")
    kernels = [(str(label), check_number("intensity", x, low=0, low_open=True, high=1e12)) for label, x in points]
    ridges = [peak / bandwidth for _, peak, bandwidth in chips]
    xs = ridges + [x for _, x in kernels]
    x_lo = math.floor(math.log10(min(min(xs) / 10, 1.0)))
    x_hi = math.ceil(math.log10(max(xs) * 10))
    peaks = [peak for _, peak, _ in chips]
    y_hi = math.ceil(math.log10(max(peaks) * 1.5))
    y_lo = min(math.floor(math.log10(min(min(p, 10**x_lo * b) for _, p, b in chips))), y_hi - 1)
    left, right, top, bottom = 72, 16, 28, 52
    plot_w, plot_h = w - left - right, h - top - bottom

    def px(x: float) -> float:
        return left + (math.log10(x) - x_lo) / (x_hi - x_lo) * plot_w

    def py(y: float) -> float:
        return top + (y_hi - math.log10(y)) / (y_hi - y_lo) * plot_h

    title = f"{_TEXT['title'][lang]}: " + ", ".join(name for name, _, _ in chips)
    described = [
        f"{name}: {_TEXT['peak'][lang]} {format_quantity(peak, 'FLOP/s', lang)}, "
        f"{format_quantity(bandwidth, 'B/s', lang)}, {_TEXT['ridge'][lang]} {format_number(peak / bandwidth, lang)} FLOP/byte"
        for name, peak, bandwidth in chips
    ]
    described += [f"{_TEXT['kernel'][lang]} {label}: {format_number(x, lang)} FLOP/byte" for label, x in kernels]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
        f'aria-labelledby="x4-roof-title x4-roof-desc" {FONT} font-size="12">',
        f'<title id="x4-roof-title">{escape(title)}</title>',
        f'<desc id="x4-roof-desc">{escape("; ".join(described))}.</desc>',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>',
    ]
    for exponent in range(x_lo, x_hi + 1):
        x = _num(px(10.0**exponent))
        parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + plot_h}" stroke="#ddd"/>')
        parts.append(f'<text x="{x}" y="{top + plot_h + 16}" text-anchor="middle">{_decade(exponent)}</text>')
    for exponent in range(y_lo, y_hi + 1):
        y = _num(py(10.0**exponent))
        parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{_decade(exponent)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{h - 10}" text-anchor="middle">{escape(_TEXT["x_axis"][lang])}</text>')
    parts.append(f'<text transform="translate(16 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
                 f'{escape(_TEXT["y_axis"][lang])}</text>')
    x_min, x_max = 10.0**x_lo, 10.0**x_hi
    for index, (name, peak, bandwidth) in enumerate(chips):
        color = COLORS[index % len(COLORS)]
        ridge = peak / bandwidth
        corners = [(x_min, min(peak, x_min * bandwidth))]
        if x_min < ridge < x_max:
            corners.append((ridge, peak))
        corners.append((x_max, min(peak, x_max * bandwidth)))
        path = " ".join(f"{_num(px(x))},{_num(py(max(y, 10.0**y_lo)))}" for x, y in corners)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        legend_y = top + 14 + 16 * index
        parts.append(f'<line x1="{left + 8}" y1="{legend_y - 4}" x2="{left + 28}" y2="{legend_y - 4}" stroke="{color}" '
                     f'stroke-width="2"/>')
        parts.append(f'<text x="{left + 32}" y="{legend_y}" fill="{color}">{escape(name)}</text>')
    if kernels:
        _, peak, bandwidth = chips[0]
        for label, x in kernels:
            y = min(peak, x * bandwidth)
            cx, cy = _num(px(x)), _num(py(max(y, 10.0**y_lo)))
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="#000"><title>{escape(label)}: '
                         f'{format_number(x, lang)} FLOP/byte, {format_quantity(y, "FLOP/s", lang)}</title></circle>')
            parts.append(f'<text x="{cx}" y="{_num(float(cy) + 16)}" text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def memory_bars_svg(
    *,
    parts: tuple[tuple[str, float], ...],
    capacity_bytes: float,
    lang: str = "en",
    width: int = 640,
    height: int = 120,
) -> str:
    """Draw one stacked bar of memory use (weights, KV cache, activations, optimizer...) against a capacity line.

    Parameters:
        parts: (label, bytes) in stacking order; labels are shown as given (translate them before).
        capacity_bytes: the accelerator's memory.
        lang: "en" or "es" for numbers and fixed words.
        width, height: size in CSS pixels.

    Returns:
        The SVG document as text, with <title> and a <desc> listing every part and the verdict.

    Raises:
        CalcError: a negative part or a capacity that is not positive.
    """
    lang = lang if lang in ("en", "es") else "en"
    capacity = check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e18)
    sizes = [(str(label), check_number("bytes", size, low=0, high=1e18)) for label, size in parts]
    total = sum(size for _, size in sizes)
    scale_max = max(total, capacity) * 1.05
    left, right, bar_y, bar_h = 12, 12, 34, 28
    bar_w = width - left - right
    verdict = _TEXT["fits" if total <= capacity else "does_not_fit"][lang]
    title = f"{_TEXT['memory_title'][lang]}: {format_quantity(total, 'B', lang)} / {format_quantity(capacity, 'B', lang)} ({verdict})"
    desc = "; ".join(f"{label}: {format_quantity(size, 'B', lang)}" for label, size in sizes)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-labelledby="x4-mem-title x4-mem-desc" {FONT} font-size="12">',
        f'<title id="x4-mem-title">{escape(title)}</title>',
        f'<desc id="x4-mem-desc">{escape(desc)}; {escape(_TEXT["capacity"][lang])} {format_quantity(capacity, "B", lang)}.</desc>',
        f'<text x="{left}" y="18">{escape(title)}</text>',
    ]
    x = float(left)
    for index, (label, size) in enumerate(sizes):
        seg = size / scale_max * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(f'<rect x="{_num(x)}" y="{bar_y}" width="{_num(seg)}" height="{bar_h}" fill="{color}">'
                   f'<title>{escape(label)}: {format_quantity(size, "B", lang)}</title></rect>')
        out.append(f'<text x="{_num(x + 2)}" y="{bar_y + bar_h + 16 + 14 * (index % 2)}" fill="{color}">{escape(label)}</text>')
        x += seg
    cap_x = left + capacity / scale_max * bar_w
    out.append(f'<line x1="{_num(cap_x)}" y1="{bar_y - 6}" x2="{_num(cap_x)}" y2="{bar_y + bar_h + 6}" stroke="#000" '
               f'stroke-width="2" stroke-dasharray="4 2"/>')
    out.append(f'<text x="{_num(cap_x - 4)}" y="{bar_y - 8}" text-anchor="end">{escape(_TEXT["capacity"][lang])} '
               f'{format_quantity(capacity, "B", lang)}</text>')
    out.append("</svg>")
    return "\n".join(out)
