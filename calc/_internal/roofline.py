# Roofline model: ridge point, attainable throughput and the bound of a kernel.
from __future__ import annotations

from collections.abc import Sequence

from .chips import basis_roofs, resolve_chip
from .data import load_data
from .errors import check_finite_result, check_number
from .fields import (
    ACCELERATOR,
    BASIS,
    CUSTOM_BANDWIDTH,
    CUSTOM_PEAK,
    DEFAULT_BASIS,
    DEFAULT_DTYPE,
    DTYPE,
    Calculator,
    Field,
)
from .fmt import Quantity
from .messages import Text, text
from .plot import COLORS, Roof, roofline_chart
from .results import Figure, Result, Scalar, Step, q, step


def ridge_point(*, peak_flop_per_s: float, bandwidth_bytes_per_s: float) -> float:
    """Arithmetic intensity where a kernel stops being memory-bound: I* = P / B (FLOP/byte).

    Source: Williams, Waterman & Patterson, "Roofline" (CACM 2009); Austin et al.,
    "How to Scale Your Model", ch. Rooflines. Example: H100 SXM, 989.4e12 FLOP/s BF16 dense
    over 3.35e12 B/s gives ≈ 295 FLOP/byte.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    return check_finite_result("ridge_point_flop_per_byte", peak / bandwidth)


def attainable_flop_per_s(
    *, intensity_flop_per_byte: float, peak_flop_per_s: float, bandwidth_bytes_per_s: float
) -> float:
    """Attainable throughput: min(P, I × B). Source as `ridge_point`."""
    intensity = check_number("intensity", intensity_flop_per_byte, low=0, low_open=True)
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    return check_finite_result("attainable_flop_per_s", min(peak, intensity * bandwidth))


def matmul_flops(*, m: float, k: float, n: float) -> float:
    """FLOPs of C[M,N] = A[M,K] · B[K,N]: F = 2·M·K·N (one multiply and one add per term).

    Source: Austin et al., "How to Scale Your Model" (2025), ch. Rooflines.
    Example: M = K = N = 4096 gives 2 × 4096³ ≈ 1.37e11 FLOPs.
    """
    m = check_number("m", m)
    k = check_number("k", k)
    n = check_number("n", n)
    return 2.0 * m * k * n


def matmul_bytes(*, m: float, k: float, n: float, bytes_per_element: float) -> float:
    """Bytes a matmul moves at least once (read A and B, write C): Q = s·(M·K + K·N + M·N).

    Source: "How to Scale Your Model", ch. Rooflines. Example: 4096³ in BF16 (s = 2)
    moves 2 × 3 × 4096² ≈ 1.01e8 bytes.
    """
    m = check_number("m", m)
    k = check_number("k", k)
    n = check_number("n", n)
    size = check_number("bytes_per_element", bytes_per_element)
    return size * (m * k + k * n + m * n)


def matmul_intensity(*, m: float, k: float, n: float, bytes_per_element: float) -> float:
    """Arithmetic intensity of a matmul: I = 2MKN / (s(MK + KN + MN)) FLOP/byte.

    Source: "How to Scale Your Model", ch. Rooflines: for a BF16 [B,D]·[D,F] matmul with
    B ≪ D, F the intensity is ≈ B, so it turns compute-bound on an H100 once B ≳ 295.
    Example: M = 256, K = N = 8192, BF16 → 2·256·8192² / (2(2·256·8192 + 8192²)) ≈ 241.
    """
    flops = matmul_flops(m=m, k=k, n=n)
    moved = matmul_bytes(m=m, k=k, n=n, bytes_per_element=bytes_per_element)
    return check_finite_result("intensity_flop_per_byte", flops / moved)


def elementwise_intensity(*, flops_per_element: float, bytes_per_element: float, operands: float = 3) -> float:
    """Intensity of elementwise work: I = f / (s · operands) FLOP/byte (z = x + y reads 2, writes 1).

    Source: "How to Scale Your Model", ch. Rooflines (elementwise ops sit far left of any ridge).
    Example: a BF16 add, f = 1, s = 2, 3 operands → 1/6 ≈ 0.167 FLOP/byte.
    """
    flops = check_number("flops_per_element", flops_per_element, low=0, low_open=True, high=1e6)
    size = check_number("bytes_per_element", bytes_per_element)
    count = check_number("operands", operands, low=1, high=1e3)
    return flops / (size * count)


def kernel_seconds(*, flops: float, bytes_moved: float, peak_flop_per_s: float, bandwidth_bytes_per_s: float) -> float:
    """Lower bound on a kernel's time: T = max(F / P, Q / B), compute and memory perfectly overlapped.

    Source: "How to Scale Your Model", ch. Rooflines (T_lower = max(T_math, T_comms)).
    Example: 1.37e11 FLOPs and 1.01e8 bytes on an H100 SXM (989.4e12 FLOP/s, 3.35e12 B/s):
    max(139 µs, 30 µs) = 139 µs, compute-bound.
    """
    work = check_number("flops", flops, low=0, high=1e30)
    moved = check_number("bytes", bytes_moved, low=0, high=1e30)
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    return check_finite_result("seconds", max(work / peak, moved / bandwidth))


def matmul(
    *,
    m: float,
    k: float,
    n: float,
    bytes_per_element: float = 2.0,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
    basis: str = DEFAULT_BASIS,
) -> Result:
    """FLOPs, bytes, intensity, lower-bound time and bound of C[M,N] = A[M,K] · B[K,N].

    Parameters:
        m, k, n: matrix sizes.
        bytes_per_element: 2 for BF16, 1 for FP8/INT8.
        accelerator, dtype: a data/ chip and the number format of its dense peak.
        peak_flop_per_s, bandwidth_bytes_per_s: a custom chip instead of `accelerator`.
        basis: "achievable" times the matmul against the chip's measured matmul FLOP/s and memory bandwidth where
            data/ has them (`chips.basis_roofs`), else the datasheet's; "peak" against the datasheet's.

    Returns:
        Result with flops, bytes, intensity_flop_per_byte, seconds, bound ("memory" or "compute"),
        compute_seconds, memory_seconds, ridge_point_flop_per_byte, peak_flop_per_s and bandwidth_bytes_per_s
        (the datasheet's), basis (the one the figures rest on), roof_flop_per_s and roof_bandwidth_bytes_per_s
        (the figures used), and a note naming them.

    Raises:
        CalcError: a size or figure out of range, an unknown accelerator or dtype.
    """
    chip = resolve_chip(
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    roofs = basis_roofs(chip, basis=basis, dtype=dtype)
    peak, bandwidth = float(roofs.flop_per_s or 0), float(roofs.bandwidth_bytes_per_s or 0)
    flops, moved, intensity, steps = _work(m, k, n, bytes_per_element)
    compute_s, memory_s, seconds, time_steps = _times(roofs.label(chip.label), flops, moved, peak, bandwidth)
    quantities: dict[str, Scalar] = {
        "flops": flops,
        "bytes": moved,
        "intensity_flop_per_byte": intensity,
        "seconds": seconds,
        "bound": "memory" if memory_s > compute_s else "compute",
        "compute_seconds": compute_s,
        "memory_seconds": memory_s,
        "ridge_point_flop_per_byte": ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth),
        "peak_flop_per_s": float(chip.peak_flop_per_s or 0),
        "bandwidth_bytes_per_s": float(chip.bandwidth_bytes_per_s or 0),
        "basis": roofs.basis,
        "roof_flop_per_s": peak,
        "roof_bandwidth_bytes_per_s": bandwidth,
    }
    return Result(calculator="matmul", quantities=quantities, steps=steps + time_steps, notes=[roofs.note])


def _work(m: float, k: float, n: float, size: float) -> tuple[float, float, float, list[Step]]:
    """A matmul's FLOPs, the bytes it moves at least once, and their ratio, each with its step."""
    flops = matmul_flops(m=m, k=k, n=n)
    moved = matmul_bytes(m=m, k=k, n=n, bytes_per_element=size)
    intensity = matmul_intensity(m=m, k=k, n=n, bytes_per_element=size)
    sizes: dict[str, Figure] = {"M": m, "K": k, "N": n, "s": q(size, "B")}
    steps = [
        step("flops", text("matmul.step.flops"), r"F = 2MKN", "2 × {M} × {K} × {N}", flops, "FLOP", **sizes),
        step(
            "bytes",
            text("matmul.step.bytes"),
            r"Q = s\,(MK + KN + MN)",
            "{s} × ({M} × {K} + {K} × {N} + {M} × {N})",
            moved,
            "B",
            **sizes,
        ),
        step(
            "intensity_flop_per_byte",
            text("matmul.step.intensity"),
            r"I = F / Q",
            "{F} / {Q}",
            intensity,
            "FLOP/byte",
            F=q(flops, "FLOP"),
            Q=q(moved, "B"),
        ),
    ]
    return flops, moved, intensity, steps


def _times(
    chip: Text, flops: float, moved: float, peak: float, bandwidth: float
) -> tuple[float, float, float, list[Step]]:
    """The math's time on the roof's FLOP/s, the memory's on its bandwidth, and the kernel's: the longer."""
    compute_s = flops / peak
    memory_s = moved / bandwidth
    seconds = kernel_seconds(flops=flops, bytes_moved=moved, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
    steps = [
        step(
            "compute_seconds",
            text("matmul.step.compute_seconds", chip=chip),
            r"T_\text{math} = F / P",
            "{F} / {P}",
            compute_s,
            "s",
            F=q(flops, "FLOP"),
            P=q(peak, "FLOP/s"),
        ),
        step(
            "memory_seconds",
            text("matmul.step.memory_seconds"),
            r"T_\text{mem} = Q / B",
            "{Q} / {B}",
            memory_s,
            "s",
            Q=q(moved, "B"),
            B=q(bandwidth, "B/s"),
        ),
        step(
            "seconds",
            text("matmul.step.seconds"),
            r"T = \max(T_\text{math}, T_\text{mem})",
            "max({Tc}, {Tm})",
            seconds,
            "s",
            Tc=q(compute_s, "s"),
            Tm=q(memory_s, "s"),
        ),
    ]
    return compute_s, memory_s, seconds, steps


def roofline(
    *,
    intensity_flop_per_byte: float,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
    basis: str = DEFAULT_BASIS,
) -> Result:
    """Place a kernel of a given arithmetic intensity on an accelerator's roofline.

    Parameters:
        intensity_flop_per_byte: FLOPs the kernel performs per byte moved to or from memory.
        accelerator: a data/ id (h100-sxm, ...); its dense peak for `dtype` and its memory bandwidth.
        dtype: number format of the peak (bf16, fp8, ...), used with `accelerator`.
        peak_flop_per_s, bandwidth_bytes_per_s: a custom chip instead of `accelerator`.
        basis: "achievable" (the roof of the chip's measured matmul FLOP/s and memory bandwidth where data/
            has them, `chips.basis_roofs`) or "peak" (the datasheet's roof).

    Returns:
        Result with ridge_point_flop_per_byte, attainable_flop_per_s and bound ("memory" or "compute") on the
        basis's roof; peak_flop_per_s and bandwidth_bytes_per_s (the datasheet's) and fraction_of_peak
        (attainable over the datasheet peak); basis (the one the roof rests on), roof_flop_per_s and
        roof_bandwidth_bytes_per_s (the roof's figures), and a note naming them.

    Raises:
        CalcError: unknown accelerator or dtype, or a value outside its range.
    """
    intensity = check_number("intensity", intensity_flop_per_byte, low=0, low_open=True, high=1e12)
    chip = resolve_chip(
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    datasheet_peak = float(chip.peak_flop_per_s or 0)
    roofs = basis_roofs(chip, basis=basis, dtype=dtype)
    peak, bandwidth = float(roofs.flop_per_s or 0), float(roofs.bandwidth_bytes_per_s or 0)
    ridge = ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
    attainable = attainable_flop_per_s(
        intensity_flop_per_byte=intensity, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth
    )
    steps = _roofline_steps(roofs.label(chip.label), peak, bandwidth, intensity, ridge, attainable)
    return Result(
        calculator="roofline",
        quantities={
            "ridge_point_flop_per_byte": ridge,
            "peak_flop_per_s": datasheet_peak,
            "bandwidth_bytes_per_s": float(chip.bandwidth_bytes_per_s or 0),
            "intensity_flop_per_byte": intensity,
            "attainable_flop_per_s": attainable,
            "fraction_of_peak": attainable / datasheet_peak,
            "bound": "memory" if intensity < ridge else "compute",
            "basis": roofs.basis,
            "roof_flop_per_s": peak,
            "roof_bandwidth_bytes_per_s": bandwidth,
        },
        steps=steps,
        notes=[roofs.note],
    )


def _roofline_steps(
    chip: Text, peak: float, bandwidth: float, intensity: float, ridge: float, attainable: float
) -> list[Step]:
    """The ridge point of the roof, and where the kernel's intensity meets it."""
    return [
        step(
            "ridge_point_flop_per_byte",
            text("roofline.step.ridge", chip=chip),
            r"I^* = \frac{P}{B}",
            "{P} / {B}",
            ridge,
            "FLOP/byte",
            P=q(peak, "FLOP/s"),
            B=q(bandwidth, "B/s"),
        ),
        step(
            "attainable_flop_per_s",
            text("roofline.step.attainable"),
            r"P_\text{att} = \min(P,\; I \cdot B)",
            "min({P}, {I} × {B})",
            attainable,
            "FLOP/s",
            P=q(peak, "FLOP/s"),
            I=q(intensity, "FLOP/byte"),
            B=q(bandwidth, "B/s"),
        ),
    ]


# Drawn beside the reader's chip, each always in its own colour; the reader's chip is drawn thicker.
REFERENCE_CHIPS = ("h100-sxm", "b200", "mi300x", "tpu-v5e")
_OTHER_CHIP_COLOR = COLORS[4]


def _chip_color(accelerator_id: str | None) -> str:
    if accelerator_id in REFERENCE_CHIPS:
        return COLORS[REFERENCE_CHIPS.index(accelerator_id)]
    return _OTHER_CHIP_COLOR


def achievable_roof(accelerator: str, dtype: str, lang: str, *, color: str, highlight: bool = False) -> Roof | None:
    """A data/ chip's achievable roof for the chart: its measured `dtype` matmul FLOP/s and memory bandwidth (each
    the datasheet's where data/ measured none), or None when data/ measured neither."""
    chip = resolve_chip(accelerator=accelerator, dtype=dtype)
    roofs = basis_roofs(chip, basis="achievable", dtype=dtype)
    if roofs.basis != "achievable" or roofs.flop_per_s is None or roofs.bandwidth_bytes_per_s is None:
        return None
    peak, bandwidth = float(roofs.flop_per_s), float(roofs.bandwidth_bytes_per_s)
    data = load_data().accelerator(accelerator)

    def figure(value: float, measured: bool, unit: str) -> Text:
        return text(f"plot.roofline.{'measured' if measured else 'datasheet'}", value=Quantity(value, unit))

    name = data.words()
    description = text(
        "plot.roofline.achievable_roof",
        chip=name,
        flops=figure(peak, data.achievable_flop_per_s.get(dtype) is not None, "FLOP/s"),
        bandwidth=figure(bandwidth, data.achievable_memory_bandwidth_bytes_per_s is not None, "B/s"),
        ridge=ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth),
    )
    return Roof(
        text("plot.roofline.achievable_label", chip=name).render(lang),
        peak,
        bandwidth,
        color,
        highlight,
        achievable=True,
        description=description.render(lang),
        key=accelerator,
    )


def roofline_svg(
    *,
    accelerators: Sequence[str] = ("h100-sxm",),
    dtype: str = DEFAULT_DTYPE,
    custom: Sequence[tuple[str, float, float]] = (),
    points: Sequence[tuple[str, float]] = (),
    points_on: int = 0,
    highlight: str | None = None,
    achievable: Sequence[str] = (),
    points_on_achievable: bool = False,
    lang: str = "en",
) -> str:
    """Draw a log-log roofline of several accelerators with the reader's kernels on it, as an SVG string.

    Parameters:
        accelerators: data/ ids; their dense `dtype` peak and memory bandwidth; each keeps its colour.
        custom: extra chips as (label, peak_flop_per_s, bandwidth_bytes_per_s).
        points: kernels as (label, intensity_flop_per_byte).
        points_on: index of the chip the kernels sit on, counting `accelerators` first, then `custom`.
        highlight: a data/ id (or "custom") drawn thicker.
        achievable: data/ ids (among `accelerators`) whose achievable roof (`achievable_roof`: measured matmul and
            memory bandwidth) is drawn dashed under their peak roof, where data/ measured them.
        points_on_achievable: the kernels sit on their chip's achievable roof, when it is drawn.
        lang: "en" or "es".

    Returns:
        The SVG document as text (see plot.roofline_chart).

    Raises:
        CalcError: no chip, an unknown accelerator or dtype, or a value out of range.
    """
    n_chips = len(accelerators) + len(custom)
    on = int(check_number("points_on", points_on, low=0, high=max(n_chips - 1, 0), integer=True))
    roofs, kernel_roof = _data_roofs(accelerators, dtype, on, highlight, achievable, points_on_achievable, lang)
    for index, (label, peak, bandwidth) in enumerate(custom, start=len(accelerators)):
        resolve_chip(accelerator=None, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)  # checks its figures
        roofs.append(Roof(str(label), float(peak), float(bandwidth), _OTHER_CHIP_COLOR, highlight == "custom"))
        if index == on:
            kernel_roof = len(roofs) - 1
    return roofline_chart(roofs, points, kernels_on=max(kernel_roof, 0), lang=lang)


def _data_roofs(
    accelerators: Sequence[str],
    dtype: str,
    on: int,
    highlight: str | None,
    achievable: Sequence[str],
    points_on_achievable: bool,
    lang: str,
) -> tuple[list[Roof], int]:
    """The data/ chips' peak roofs, each followed by its achievable roof where asked and measured, and the index of
    the roof the kernels sit on (-1: none of these)."""
    roofs: list[Roof] = []
    kernel_roof = -1
    for index, accelerator in enumerate(accelerators):
        chip = resolve_chip(accelerator=accelerator, dtype=dtype)
        color = _chip_color(accelerator)
        peak, bandwidth = float(chip.peak_flop_per_s or 0), float(chip.bandwidth_bytes_per_s or 0)
        roofs.append(Roof(chip.label.render(lang), peak, bandwidth, color, highlight == accelerator, key=accelerator))
        if index == on:
            kernel_roof = len(roofs) - 1
        measured = (
            achievable_roof(accelerator, dtype, lang, color=color, highlight=highlight == accelerator)
            if accelerator in achievable
            else None
        )
        if measured is not None:
            roofs.append(measured)
            if index == on and points_on_achievable:
                kernel_roof = len(roofs) - 1
    return roofs, kernel_roof


def _roofline_result_svg(result: Result, lang: str) -> str:
    """The roofline calculator's chart: the reader's chip (thicker) with its achievable roof dashed under its peak
    roof where data/ measured it, up to three reference chips, and the kernel on the roof of the chosen basis."""
    inputs = result.inputs
    out = result.quantities
    dtype = str(inputs.get("dtype", DEFAULT_DTYPE))
    chosen = inputs.get("accelerator")
    kernel = ((text("plot.roofline.your_kernel").render(lang), float(out["intensity_flop_per_byte"])),)  # type: ignore[arg-type]
    chips = load_data().accelerators
    references = [
        chip_id
        for chip_id in REFERENCE_CHIPS
        if chip_id != chosen
        and chips[chip_id].dense_flop_per_s.get(dtype)
        and chips[chip_id].memory_bandwidth_bytes_per_s
    ][:3]
    if isinstance(chosen, str):
        return roofline_svg(
            accelerators=[chosen, *references],
            dtype=dtype,
            points=kernel,
            highlight=chosen,
            achievable=[chosen],
            points_on_achievable=out["basis"] == "achievable",
            lang=lang,
        )
    custom = ((text("chip.custom").render(lang), float(out["peak_flop_per_s"]), float(out["bandwidth_bytes_per_s"])),)  # type: ignore[arg-type]
    return roofline_svg(
        accelerators=references,
        dtype=dtype,
        custom=custom,
        points=kernel,
        points_on=len(references),
        highlight="custom",
        lang=lang,
    )


ROOFLINE = Calculator(
    name="roofline",
    fields=(
        ACCELERATOR,
        DTYPE,
        Field(
            "intensity",
            unit="FLOP/byte",
            default="100",
            param="intensity_flop_per_byte",
        ),
        BASIS,
        CUSTOM_PEAK,
        CUSTOM_BANDWIDTH,
    ),
    function=roofline,
    units={
        "ridge_point_flop_per_byte": "FLOP/byte",
        "peak_flop_per_s": "FLOP/s",
        "bandwidth_bytes_per_s": "B/s",
        "intensity_flop_per_byte": "FLOP/byte",
        "attainable_flop_per_s": "FLOP/s",
        "roof_flop_per_s": "FLOP/s",
        "roof_bandwidth_bytes_per_s": "B/s",
    },
    headline=("ridge_point_flop_per_byte", "attainable_flop_per_s", "bound"),
    plot=_roofline_result_svg,
)

MATMUL = Calculator(
    name="matmul",
    fields=(
        Field(
            "m",
            default="4096",
        ),
        Field(
            "k",
            default="4096",
        ),
        Field(
            "n",
            default="4096",
        ),
        Field(
            "bytes_per_element",
            unit="B",
            default="2",
        ),
        ACCELERATOR,
        DTYPE,
        BASIS,
        CUSTOM_PEAK,
        CUSTOM_BANDWIDTH,
    ),
    function=matmul,
    units={
        "flops": "FLOP",
        "bytes": "B",
        "intensity_flop_per_byte": "FLOP/byte",
        "seconds": "s",
        "compute_seconds": "s",
        "memory_seconds": "s",
        "ridge_point_flop_per_byte": "FLOP/byte",
        "peak_flop_per_s": "FLOP/s",
        "bandwidth_bytes_per_s": "B/s",
        "roof_flop_per_s": "FLOP/s",
        "roof_bandwidth_bytes_per_s": "B/s",
    },
    headline=("flops", "intensity_flop_per_byte", "seconds", "bound"),
)
