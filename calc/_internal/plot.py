# SVG charts drawn by calc itself (build time and Pyodide alike): roofline, memory bars. Plain string building.
from __future__ import annotations

import math
from html import escape

from .errors import CalcError, check_number
from .fmt import format_number, format_quantity
from .results import Result
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
    points_on: int = 0,
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
        points_on: index of the roof the kernels sit on, counting `accelerators` first, then `custom` (default 0).
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
        raise CalcError(
            field="accelerators",
            accepted="at least one accelerator",
            accepted_es="al menos un acelerador",
            en="accelerators: give at least one accelerator to plot.",
            es="accelerators: indique al menos un acelerador para dibujar.",
        )
    kernels = [(str(label), check_number("intensity", x, low=0, low_open=True, high=1e12)) for label, x in points]
    on = int(check_number("points_on", points_on, low=0, high=len(chips) - 1, integer=True))
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
        parts.append(
            f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{_decade(exponent)}</text>'
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{h - 10}" text-anchor="middle">{escape(_TEXT["x_axis"][lang])}</text>'
    )
    parts.append(
        f'<text transform="translate(16 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
        f"{escape(_TEXT['y_axis'][lang])}</text>"
    )
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
        parts.append(
            f'<line x1="{left + 8}" y1="{legend_y - 4}" x2="{left + 28}" y2="{legend_y - 4}" stroke="{color}" '
            f'stroke-width="2"/>'
        )
        parts.append(f'<text x="{left + 32}" y="{legend_y}" fill="{color}">{escape(name)}</text>')
    if kernels:
        _, peak, bandwidth = chips[on]
        for label, x in kernels:
            y = min(peak, x * bandwidth)
            cx, cy = _num(px(x)), _num(py(max(y, 10.0**y_lo)))
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="5" fill="#000"><title>{escape(label)}: '
                f"{format_number(x, lang)} FLOP/byte, {format_quantity(y, 'FLOP/s', lang)}</title></circle>"
            )
            parts.append(f'<text x="{cx}" y="{_num(float(cy) + 16)}" text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def memory_bars_svg(
    *,
    parts: tuple[tuple[str, float], ...],
    capacity_bytes: float | None,
    lang: str = "en",
    width: int = 640,
    height: int = 120,
) -> str:
    """Draw one stacked bar of memory use (weights, KV cache, activations, optimizer...) against a capacity line.

    Parameters:
        parts: (label, bytes) in stacking order; labels are shown as given (translate them before).
        capacity_bytes: the accelerator's memory; None draws the bar alone, without a capacity line or verdict.
        lang: "en" or "es" for numbers and fixed words.
        width, height: size in CSS pixels.

    Returns:
        The SVG document as text, with <title> and a <desc> listing every part and the verdict.

    Raises:
        CalcError: a negative part or a capacity that is not positive.
    """
    lang = lang if lang in ("en", "es") else "en"
    capacity = (
        None
        if capacity_bytes is None
        else check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e18)
    )
    sizes = [(str(label), check_number("bytes", size, low=0, high=1e18)) for label, size in parts]
    total = sum(size for _, size in sizes)
    if total <= 0 and capacity is None:
        raise CalcError(
            field="bytes",
            accepted="a total > 0",
            accepted_es="un total > 0",
            en="bytes: nothing to draw without a capacity and with every part at 0.",
            es="bytes: no hay nada que dibujar sin capacidad y con todas las partes en 0.",
        )
    scale_max = max(total, capacity or 0.0) * 1.05
    left, right, bar_y, bar_h = 12, 12, 34, 28
    bar_w = width - left - right
    title = f"{_TEXT['memory_title'][lang]}: {format_quantity(total, 'B', lang)}"
    desc = "; ".join(f"{label}: {format_quantity(size, 'B', lang)}" for label, size in sizes)
    if capacity is not None:
        verdict = _TEXT["fits" if total <= capacity else "does_not_fit"][lang]
        title += f" / {format_quantity(capacity, 'B', lang)} ({verdict})"
        desc += f"; {_TEXT['capacity'][lang]} {format_quantity(capacity, 'B', lang)}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-labelledby="x4-mem-title x4-mem-desc" {FONT} font-size="12">',
        f'<title id="x4-mem-title">{escape(title)}</title>',
        f'<desc id="x4-mem-desc">{escape(desc)}.</desc>',
        f'<text x="{left}" y="18">{escape(title)}</text>',
    ]
    x = float(left)
    for index, (label, size) in enumerate(sizes):
        seg = size / scale_max * bar_w
        color = COLORS[index % len(COLORS)]
        out.append(
            f'<rect x="{_num(x)}" y="{bar_y}" width="{_num(seg)}" height="{bar_h}" fill="{color}">'
            f"<title>{escape(label)}: {format_quantity(size, 'B', lang)}</title></rect>"
        )
        # A label that would run past the right edge ends at the edge instead.
        near_edge = x + 2 + 7 * len(label) > left + bar_w
        anchor = f'x="{_num(left + bar_w)}" text-anchor="end"' if near_edge else f'x="{_num(x + 2)}"'
        out.append(f'<text {anchor} y="{bar_y + bar_h + 16 + 14 * (index % 2)}" fill="{color}">{escape(label)}</text>')
        x += seg
    if capacity is not None:
        cap_x = left + capacity / scale_max * bar_w
        out.append(
            f'<line x1="{_num(cap_x)}" y1="{bar_y - 6}" x2="{_num(cap_x)}" y2="{bar_y + bar_h + 6}" stroke="#000" '
            f'stroke-width="2" stroke-dasharray="4 2"/>'
        )
        out.append(
            f'<text x="{_num(cap_x - 4)}" y="{bar_y - 8}" text-anchor="end">{escape(_TEXT["capacity"][lang])} '
            f"{format_quantity(capacity, 'B', lang)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


_SCALING_TEXT = {
    "title": {
        "en": "Training time and cost against cluster size",
        "es": "Tiempo y coste de entrenamiento según el tamaño del clúster",
    },
    "x_axis": {"en": "Accelerators", "es": "Aceleradores"},
    "days": {"en": "Wall-clock days", "es": "Días de reloj"},
    "cost": {"en": "Cloud cost (USD)", "es": "Coste en la nube (USD)"},
    "compute": {"en": "compute at the given MFU", "es": "cómputo con el MFU dado"},
    "bound": {"en": "with gradient sync (full overlap)", "es": "con sincronización de gradientes (solapamiento total)"},
    "chosen": {"en": "your cluster", "es": "su clúster"},
    "accelerators": {"en": "accelerators", "es": "aceleradores"},
    "days_word": {"en": "days", "es": "días"},
    "no_price": {"en": "no price: cost not drawn", "es": "sin precio: no se dibuja el coste"},
}


def _scaling_points(
    count: float, inputs: dict[str, object]
) -> list[tuple[float, float, float, float | None, float | None]]:
    """(count, compute-only seconds, seconds with sync, cost, cost with sync) for a ladder of cluster sizes."""
    from .training import training

    ladder = sorted({max(1, round(count * 2.0**k)) for k in range(-5, 6) if count * 2.0**k <= 1e7} | {int(count)})
    points = []
    for n in ladder:
        try:
            q = training(count=n, **inputs).quantities  # type: ignore[arg-type]
        except CalcError:  # this size overflows or is out of range: leave it out of the chart
            continue
        seconds = float(q["seconds"])  # type: ignore[arg-type]
        sync, step = q["gradient_sync_seconds"], float(q["step_compute_seconds"])  # type: ignore[arg-type]
        stretch = max(1.0, float(sync) / step) if isinstance(sync, float) and step > 0 else 1.0
        cost = q["cloud_cost_usd"]
        cost_f = float(cost) if isinstance(cost, (int, float)) and cost > 0 else None
        points.append((float(n), seconds, seconds * stretch, cost_f, cost_f * stretch if cost_f is not None else None))
    return [p for p in points if all(v is None or math.isfinite(v) for v in p)]


def training_scaling_svg(
    *,
    params: float,
    tokens: float,
    count: float,
    mfu: float,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    flops_per_token_per_param: float = 6.0,
    price_usd_per_hour_per_accelerator: float | None = None,
    link_bytes_per_s: float | None = None,
    batch_tokens: float = 4_194_304.0,
    gradient_bytes_per_param: float = 2.0,
    total_params: float | None = None,
    lang: str = "en",
    width: int = 640,
    height: int = 440,
) -> str:
    """Draw wall-clock days and cloud cost of a training run against the number of accelerators (log-log), as SVG.

    Each point is the training calculator at that cluster size (count/32 to count × 32, powers of two): time
    T = 6ND / (n·P·MFU) falls as 1/n while cost n·T·price stays flat at a fixed MFU (Kaplan et al. 2020;
    Chowdhery et al. 2022 for MFU). When the chip has a network, a second, dashed curve stretches each step to
    max(compute, gradient AllReduce) (full overlap), which is where adding accelerators stops paying. The SVG has
    role="img", a <title> and a <desc> listing every point, labels in `lang`, and only generic fonts.

    Parameters:
        params, tokens, count, mfu, accelerator, dtype, peak_flop_per_s, flops_per_token_per_param,
            price_usd_per_hour_per_accelerator, link_bytes_per_s, batch_tokens, gradient_bytes_per_param, total_params:
            as for `training` (power is not drawn).
        lang: "en" or "es".
        width, height: size in CSS pixels.

    Returns:
        The SVG document as text.

    Raises:
        CalcError: an input out of range, or no cluster size with a finite result.
    """
    lang = lang if lang in ("en", "es") else "en"
    w = int(check_number("width", width, low=300, high=4000, integer=True))
    h = int(check_number("height", height, low=240, high=4000, integer=True))
    n0 = check_number("count", count, low=1, high=1e7, integer=True)
    inputs: dict[str, object] = dict(
        params=params,
        tokens=tokens,
        mfu=mfu,
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        flops_per_token_per_param=flops_per_token_per_param,
        price_usd_per_hour_per_accelerator=price_usd_per_hour_per_accelerator,
        link_bytes_per_s=link_bytes_per_s,
        batch_tokens=batch_tokens,
        gradient_bytes_per_param=gradient_bytes_per_param,
        total_params=total_params,
        watts=1.0,  # power is not drawn; a placeholder keeps custom chips without a TDP drawable
    )
    from .training import training

    chosen = training(count=n0, **inputs).quantities  # type: ignore[arg-type]  # raises CalcError on bad input
    points = _scaling_points(n0, inputs)
    if not points:
        raise CalcError(
            field="count",
            accepted="a cluster size with a finite result",
            accepted_es="un tamaño de clúster con resultado finito",
            en="count: no cluster size around this one gives a finite result to draw.",
            es="count: ningún tamaño de clúster cercano da un resultado finito para dibujar.",
        )
    synced = any(p[2] > p[1] * (1 + 1e-9) for p in points)
    priced = all(p[3] is not None for p in points)
    chip_name = _chip_name(accelerator, lang)
    left, right, top, gap, bottom = 72, 30, 30, 44, 48
    panel_h = (h - top - gap - bottom) / 2 if priced else h - top - bottom
    plot_w = w - left - right
    xs = [p[0] for p in points]
    x_lo, x_hi = math.floor(math.log2(min(xs))), math.ceil(math.log2(max(xs)))
    x_hi = max(x_hi, x_lo + 1)

    def px(x: float) -> float:
        return left + (math.log2(x) - x_lo) / (x_hi - x_lo) * plot_w

    title = (
        f"{_SCALING_TEXT['title'][lang]}: {format_number(float(params), lang)} "
        f"{'parameters' if lang == 'en' else 'parámetros'}, {format_number(float(tokens), lang)} tokens, {chip_name}"
    )
    described = []
    for n, _, seconds, _, cost in points:
        text = f"{format_number(n, lang)} {_SCALING_TEXT['accelerators'][lang]}: {format_number(seconds / 86400, lang)} {_SCALING_TEXT['days_word'][lang]}"
        if cost is not None:
            text += f", ${format_number(cost, lang)}"
        described.append(text)
    if not priced:
        described.append(_SCALING_TEXT["no_price"][lang])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
        f'aria-labelledby="x4-scale-title x4-scale-desc" {FONT} font-size="12">',
        f'<title id="x4-scale-title">{escape(title)}</title>',
        f'<desc id="x4-scale-desc">{escape("; ".join(described))}.</desc>',
        f'<text x="{left}" y="16">{escape(_SCALING_TEXT["title"][lang])} — {escape(chip_name)}</text>',
    ]
    panels = [("days", [p[1] / 86400 for p in points], [p[2] / 86400 for p in points])]
    if priced:
        panels.append(("cost", [p[3] for p in points], [p[4] for p in points]))  # type: ignore[misc]
    chosen_values = {
        "days": float(chosen["seconds"]) / 86400,  # type: ignore[arg-type]
        "cost": float(chosen["cloud_cost_usd"]) if isinstance(chosen["cloud_cost_usd"], (int, float)) else None,
    }
    for index, (key, compute_values, bound_values) in enumerate(panels):
        y0 = top + index * (panel_h + gap)
        values = [v for v in compute_values + bound_values if v is not None and v > 0]
        y_lo, y_hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        y_hi = max(y_hi, y_lo + 1)

        def py(y: float, y0: float = y0, y_lo: int = y_lo, y_hi: int = y_hi) -> float:
            return y0 + (y_hi - math.log10(y)) / (y_hi - y_lo) * panel_h

        parts.append(
            f'<rect x="{left}" y="{_num(y0)}" width="{plot_w}" height="{_num(panel_h)}" fill="none" stroke="#888"/>'
        )
        step = max(1, (y_hi - y_lo) // 6)
        for exponent in range(y_lo, y_hi + 1, step):
            y = _num(py(10.0**exponent))
            parts.append(f'<line x1="{left}" y1="{y}" x2="{left + plot_w}" y2="{y}" stroke="#ddd"/>')
            parts.append(
                f'<text x="{left - 6}" y="{y}" text-anchor="end" dominant-baseline="middle">{_decade(exponent)}</text>'
            )
        x_step = max(1, (x_hi - x_lo) // 10)
        for exponent in range(x_lo, x_hi + 1, x_step):
            x = _num(px(2.0**exponent))
            parts.append(f'<line x1="{x}" y1="{_num(y0)}" x2="{x}" y2="{_num(y0 + panel_h)}" stroke="#ddd"/>')
            parts.append(
                f'<text x="{x}" y="{_num(y0 + panel_h + 14)}" text-anchor="middle">'
                f"{format_number(2.0**exponent, lang)}</text>"
            )
        parts.append(
            f'<text transform="translate(14 {y0 + panel_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
            f"{escape(_SCALING_TEXT[key][lang])}</text>"
        )
        line = " ".join(f"{_num(px(p[0]))},{_num(py(v))}" for p, v in zip(points, compute_values, strict=True))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
        if synced:
            dashed = " ".join(f"{_num(px(p[0]))},{_num(py(v))}" for p, v in zip(points, bound_values, strict=True))
            parts.append(
                f'<polyline points="{dashed}" fill="none" stroke="{COLORS[1]}" stroke-width="2" stroke-dasharray="6 3"/>'
            )
        mark = chosen_values[key]
        if mark is not None and mark > 0:
            label = f"{_SCALING_TEXT['chosen'][lang]}: {format_number(n0, lang)}"
            parts.append(
                f'<circle cx="{_num(px(n0))}" cy="{_num(py(mark))}" r="5" fill="#000"><title>{escape(label)}</title></circle>'
            )
        parts.append(
            f'<line x1="{left + 8}" y1="{_num(y0 + 12)}" x2="{left + 28}" y2="{_num(y0 + 12)}" stroke="{COLORS[0]}" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{left + 32}" y="{_num(y0 + 16)}" fill="{COLORS[0]}">{escape(_SCALING_TEXT["compute"][lang])}</text>'
        )
        if synced:
            parts.append(
                f'<line x1="{left + 8}" y1="{_num(y0 + 28)}" x2="{left + 28}" y2="{_num(y0 + 28)}" stroke="{COLORS[1]}" '
                f'stroke-width="2" stroke-dasharray="6 3"/>'
            )
            parts.append(
                f'<text x="{left + 32}" y="{_num(y0 + 32)}" fill="{COLORS[1]}">{escape(_SCALING_TEXT["bound"][lang])}</text>'
            )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{h - 8}" text-anchor="middle">{escape(_SCALING_TEXT["x_axis"][lang])}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _chip_name(accelerator: str | None, lang: str) -> str:
    """The data/ name of an accelerator, or "custom chip" in `lang`."""
    if accelerator is None:
        return "custom chip" if lang == "en" else "chip personalizado"
    from .data import load_data

    return load_data().accelerator(accelerator).name


# -- Plots of a calculator's result (Calculator.plot): the page shows them beside the numbers. -----------------

REFERENCE_CHIPS = ("h100-sxm", "b200", "mi300x", "tpu-v5e")  # drawn beside the reader's chip on the roofline
_PART_LABELS = {
    "weight_bytes": {"en": "weights", "es": "pesos"},
    "gradient_bytes": {"en": "gradients", "es": "gradientes"},
    "optimizer_bytes": {"en": "optimizer states", "es": "estados del optimizador"},
    "activation_bytes": {"en": "activations", "es": "activaciones"},
}


def _roofline_result_svg(result: Result, lang: str) -> str:
    """The roofline calculator's chart: the chosen chip, up to three reference chips, and the reader's kernel."""
    from .data import load_data

    inputs = result.inputs
    q = result.quantities
    dtype = str(inputs.get("dtype", DEFAULT_DTYPE))
    chosen = inputs.get("accelerator")
    kernel = (("kernel", float(q["intensity_flop_per_byte"])),)  # type: ignore[arg-type]
    chips = load_data().accelerators
    references = [
        chip_id
        for chip_id in REFERENCE_CHIPS
        if chip_id != chosen
        and chip_id in chips
        and chips[chip_id].dense_flop_per_s.get(dtype)
        and chips[chip_id].memory_bandwidth_bytes_per_s
    ][:3]
    if isinstance(chosen, str):
        return roofline_svg(accelerators=[chosen, *references], dtype=dtype, points=kernel, lang=lang)
    label = "custom chip" if lang == "en" else "chip personalizado"
    custom = ((label, float(q["peak_flop_per_s"]), float(q["bandwidth_bytes_per_s"])),)  # type: ignore[arg-type]
    return roofline_svg(
        accelerators=references, dtype=dtype, custom=custom, points=kernel, points_on=len(references), lang=lang
    )


def _training_memory_result_svg(result: Result, lang: str) -> str:
    """The training-memory calculator's chart: weights, gradients, optimizer states and activations per accelerator."""
    q = result.quantities
    parts = tuple(
        (label[lang], float(q[key]))
        for key, label in _PART_LABELS.items()  # type: ignore[arg-type]
        if isinstance(q.get(key), (int, float))
    )
    capacity = q.get("capacity_bytes")
    return memory_bars_svg(
        parts=parts, capacity_bytes=float(capacity) if isinstance(capacity, (int, float)) else None, lang=lang
    )


def _training_result_svg(result: Result, lang: str) -> str:
    """The training calculator's chart: days and cost against cluster size around the reader's count."""
    keys = (
        "params",
        "tokens",
        "count",
        "mfu",
        "accelerator",
        "dtype",
        "peak_flop_per_s",
        "flops_per_token_per_param",
        "price_usd_per_hour_per_accelerator",
        "link_bytes_per_s",
        "batch_tokens",
        "gradient_bytes_per_param",
        "total_params",
    )
    inputs = {key: result.inputs[key] for key in keys if key in result.inputs}
    if "price_usd_per_hour_per_accelerator" not in inputs and isinstance(
        result.quantities.get("price_usd_per_hour"), (int, float)
    ):
        inputs["price_usd_per_hour_per_accelerator"] = result.quantities["price_usd_per_hour"]
    return training_scaling_svg(lang=lang, **inputs)
