# Roofline model: ridge point, attainable throughput and the bound of a kernel.
from __future__ import annotations

from .data import load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .results import Result, Step

DEFAULT_DTYPE = "bf16"


def ridge_point(*, peak_flop_per_s: float, bandwidth_bytes_per_s: float) -> float:
    """Arithmetic intensity where a kernel stops being memory-bound: I* = P / B (FLOP/byte).

    Source: Williams, Waterman & Patterson, "Roofline" (CACM 2009); Austin et al.,
    "How to Scale Your Model", ch. Rooflines. Example: H100 SXM, 989.4e12 FLOP/s BF16 dense
    over 3.35e12 B/s gives ≈ 295 FLOP/byte.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True)
    return check_finite_result("ridge_point_flop_per_byte", peak / bandwidth)


def attainable_flop_per_s(
    *, intensity_flop_per_byte: float, peak_flop_per_s: float, bandwidth_bytes_per_s: float
) -> float:
    """Attainable throughput: min(P, I × B). Source as `ridge_point`."""
    intensity = check_number("intensity", intensity_flop_per_byte, low=0, low_open=True)
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True)
    return check_finite_result("attainable_flop_per_s", min(peak, intensity * bandwidth))


def resolve_chip(
    *,
    accelerator: str | None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
) -> tuple[float, float, dict[str, str]]:
    """Peak FLOP/s and memory bandwidth of a data/ accelerator (dense `dtype`) or of a custom chip.

    Returns:
        (peak_flop_per_s, bandwidth_bytes_per_s, {"en": label, "es": label}) for derivation labels.

    Raises:
        CalcError: unknown accelerator, a dtype the chip lacks, or a custom figure out of range.
    """
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        check_choice("dtype", dtype, [name for name, value in chip.dense_flop_per_s.items() if value])
        peak = chip.peak_flop_per_s(dtype)
        bandwidth = chip.memory_bandwidth_bytes_per_s
        if bandwidth is None:
            raise CalcError(
                field="accelerator",
                accepted="an accelerator with a memory bandwidth in data/",
                accepted_es="un acelerador con ancho de banda de memoria en data/",
                en=f"accelerator: {chip.name} has no memory bandwidth in the data.",
                es=f"accelerator: {chip.name} no tiene ancho de banda de memoria en los datos.",
            )
        return peak, bandwidth, {"en": f"{chip.name}, dense {dtype}", "es": f"{chip.name}, {dtype} denso"}
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
    return peak, bandwidth, {"en": "custom chip", "es": "chip personalizado"}


def matmul_flops(*, m: float, k: float, n: float) -> float:
    """FLOPs of C[M,N] = A[M,K] · B[K,N]: F = 2·M·K·N (one multiply and one add per term).

    Source: Austin et al., "How to Scale Your Model" (2025), ch. Rooflines.
    Example: M = K = N = 4096 gives 2 × 4096³ ≈ 1.37e11 FLOPs.
    """
    m = check_number("m", m, low=1, high=1e9)
    k = check_number("k", k, low=1, high=1e9)
    n = check_number("n", n, low=1, high=1e9)
    return 2.0 * m * k * n


def matmul_bytes(*, m: float, k: float, n: float, bytes_per_element: float) -> float:
    """Bytes a matmul moves at least once (read A and B, write C): Q = s·(M·K + K·N + M·N).

    Source: "How to Scale Your Model", ch. Rooflines. Example: 4096³ in BF16 (s = 2)
    moves 2 × 3 × 4096² ≈ 1.01e8 bytes.
    """
    m = check_number("m", m, low=1, high=1e9)
    k = check_number("k", k, low=1, high=1e9)
    n = check_number("n", n, low=1, high=1e9)
    size = check_number("bytes_per_element", bytes_per_element, low=0, low_open=True, high=64)
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
    size = check_number("bytes_per_element", bytes_per_element, low=0, low_open=True, high=64)
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
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True)
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
) -> Result:
    """FLOPs, bytes, intensity, lower-bound time and bound of C[M,N] = A[M,K] · B[K,N].

    Parameters:
        m, k, n: matrix sizes.
        bytes_per_element: 2 for BF16, 1 for FP8/INT8.
        accelerator, dtype: a data/ chip and the number format of its dense peak.
        peak_flop_per_s, bandwidth_bytes_per_s: a custom chip instead of `accelerator`.

    Returns:
        Result with flops, bytes, intensity_flop_per_byte, seconds, bound ("memory" or "compute"),
        compute_seconds, memory_seconds, ridge_point_flop_per_byte, peak_flop_per_s, bandwidth_bytes_per_s.

    Raises:
        CalcError: a size or figure out of range, an unknown accelerator or dtype.
    """
    peak, bandwidth, source = resolve_chip(
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    flops = matmul_flops(m=m, k=k, n=n)
    moved = matmul_bytes(m=m, k=k, n=n, bytes_per_element=bytes_per_element)
    intensity = matmul_intensity(m=m, k=k, n=n, bytes_per_element=bytes_per_element)
    compute_s = flops / peak
    memory_s = moved / bandwidth
    seconds = kernel_seconds(flops=flops, bytes_moved=moved, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
    ridge = ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
    bound = "memory" if memory_s > compute_s else "compute"
    sizes = {"M": (m, ""), "K": (k, ""), "N": (n, ""), "s": (bytes_per_element, "B")}
    steps = [
        Step(
            "flops",
            {"en": "Matmul FLOPs", "es": "FLOPs del matmul"},
            r"F = 2MKN",
            "2 × {M} × {K} × {N}",
            sizes,
            flops,
            "FLOP",
        ),
        Step(
            "bytes",
            {"en": "Bytes moved (read A and B, write C)", "es": "Bytes movidos (leer A y B, escribir C)"},
            r"Q = s\,(MK + KN + MN)",
            "{s} × ({M}·{K} + {K}·{N} + {M}·{N})",
            sizes,
            moved,
            "B",
        ),
        Step(
            "intensity_flop_per_byte",
            {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
            r"I = F / Q",
            "{F} / {Q}",
            {"F": (flops, "FLOP"), "Q": (moved, "B")},
            intensity,
            "FLOP/byte",
        ),
        Step(
            "compute_seconds",
            {"en": f"Compute time ({source['en']})", "es": f"Tiempo de cómputo ({source['es']})"},
            r"T_\text{math} = F / P",
            "{F} / {P}",
            {"F": (flops, "FLOP"), "P": (peak, "FLOP/s")},
            compute_s,
            "s",
        ),
        Step(
            "memory_seconds",
            {"en": "Memory time", "es": "Tiempo de memoria"},
            r"T_\text{mem} = Q / B",
            "{Q} / {B}",
            {"Q": (moved, "B"), "B": (bandwidth, "B/s")},
            memory_s,
            "s",
        ),
        Step(
            "seconds",
            {"en": "Lower-bound kernel time", "es": "Tiempo mínimo del kernel"},
            r"T = \max(T_\text{math}, T_\text{mem})",
            "max({Tc}, {Tm})",
            {"Tc": (compute_s, "s"), "Tm": (memory_s, "s")},
            seconds,
            "s",
        ),
    ]
    return Result(
        calculator="matmul",
        quantities={
            "flops": flops,
            "bytes": moved,
            "intensity_flop_per_byte": intensity,
            "seconds": seconds,
            "bound": bound,
            "compute_seconds": compute_s,
            "memory_seconds": memory_s,
            "ridge_point_flop_per_byte": ridge,
            "peak_flop_per_s": peak,
            "bandwidth_bytes_per_s": bandwidth,
        },
        steps=steps,
    )


def roofline(
    *,
    intensity_flop_per_byte: float,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
) -> Result:
    """Place a kernel of a given arithmetic intensity on an accelerator's roofline.

    Parameters:
        intensity_flop_per_byte: FLOPs the kernel performs per byte moved to or from memory.
        accelerator: a data/ id (h100-sxm, ...); its dense peak for `dtype` and its memory bandwidth.
        dtype: number format of the peak (bf16, fp8, ...), used with `accelerator`.
        peak_flop_per_s, bandwidth_bytes_per_s: a custom chip instead of `accelerator`.

    Returns:
        Result with ridge_point_flop_per_byte, peak_flop_per_s, bandwidth_bytes_per_s,
        attainable_flop_per_s, bound ("memory" or "compute") and the fraction of peak.

    Raises:
        CalcError: unknown accelerator or dtype, or a value outside its range.
    """
    intensity = check_number("intensity", intensity_flop_per_byte, low=0, low_open=True, high=1e12)
    peak, bandwidth, source = resolve_chip(
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    ridge = ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
    attainable = attainable_flop_per_s(
        intensity_flop_per_byte=intensity, peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth
    )
    bound = "memory" if intensity < ridge else "compute"
    steps = [
        Step(
            key="ridge_point_flop_per_byte",
            label={"en": f"Ridge point ({source['en']})", "es": f"Punto de cresta ({source['es']})"},
            formula=r"I^* = \frac{P}{B}",
            substitution="{P} / {B}",
            values={"P": (peak, "FLOP/s"), "B": (bandwidth, "B/s")},
            value=ridge,
            unit="FLOP/byte",
        ),
        Step(
            key="attainable_flop_per_s",
            label={"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
            formula=r"P_\text{att} = \min(P,\; I \cdot B)",
            substitution="min({P}, {I} × {B})",
            values={"P": (peak, "FLOP/s"), "I": (intensity, "FLOP/byte"), "B": (bandwidth, "B/s")},
            value=attainable,
            unit="FLOP/s",
        ),
    ]
    return Result(
        calculator="roofline",
        quantities={
            "ridge_point_flop_per_byte": ridge,
            "peak_flop_per_s": peak,
            "bandwidth_bytes_per_s": bandwidth,
            "intensity_flop_per_byte": intensity,
            "attainable_flop_per_s": attainable,
            "fraction_of_peak": attainable / peak,
            "bound": bound,
        },
        steps=steps,
    )


ROOFLINE_UNITS = {
    "ridge_point_flop_per_byte": "FLOP/byte",
    "peak_flop_per_s": "FLOP/s",
    "bandwidth_bytes_per_s": "B/s",
    "intensity_flop_per_byte": "FLOP/byte",
    "attainable_flop_per_s": "FLOP/s",
}


def _register() -> None:
    from .data import DTYPES
    from .plot import _roofline_result_svg
    from .registry import Calculator, Field, register

    register(
        Calculator(
            name="roofline",
            title={"en": "Roofline", "es": "Roofline"},
            fields=(
                Field("accelerator", {"en": "Accelerator", "es": "Acelerador"}, kind="accelerator", default="h100-sxm"),
                Field(
                    "dtype",
                    {"en": "Number format", "es": "Formato numérico"},
                    kind="choice",
                    default=DEFAULT_DTYPE,
                    choices=DTYPES,
                ),
                Field(
                    "intensity",
                    {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
                    unit="FLOP/byte",
                    default="100",
                    param="intensity_flop_per_byte",
                    low=0,
                    low_open=True,
                    high=1e12,
                ),
                Field(
                    "peak_tflops",
                    {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
                    unit="TFLOP/s",
                    default="1000",
                    param="peak_flop_per_s",
                    scale=1e12,
                    only_when_custom=True,
                    low=0,
                    low_open=True,
                    high=1e9,
                ),
                Field(
                    "bandwidth_tbps",
                    {"en": "Memory bandwidth (custom chip)", "es": "Ancho de banda de memoria (chip personalizado)"},
                    unit="TB/s",
                    default="3",
                    param="bandwidth_bytes_per_s",
                    scale=1e12,
                    only_when_custom=True,
                    low=0,
                    low_open=True,
                    high=1e6,
                ),
            ),
            function=roofline,
            units=ROOFLINE_UNITS,
            headline=("ridge_point_flop_per_byte", "attainable_flop_per_s", "bound"),
            output_labels={
                "ridge_point_flop_per_byte": {"en": "Ridge point", "es": "Punto de cresta"},
                "attainable_flop_per_s": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
                "bound": {"en": "Verdict", "es": "Veredicto"},
            },
            plot=_roofline_result_svg,
        )
    )
    register(
        Calculator(
            name="matmul",
            title={"en": "Matmul on the roofline", "es": "Matmul en el roofline"},
            fields=(
                Field(
                    "m", {"en": "M (rows of A)", "es": "M (filas de A)"}, default="4096", low=1, high=1e9, integer=True
                ),
                Field(
                    "k",
                    {"en": "K (shared dimension)", "es": "K (dimensión compartida)"},
                    default="4096",
                    low=1,
                    high=1e9,
                    integer=True,
                ),
                Field(
                    "n",
                    {"en": "N (columns of B)", "es": "N (columnas de B)"},
                    default="4096",
                    low=1,
                    high=1e9,
                    integer=True,
                ),
                Field(
                    "bytes_per_element",
                    {"en": "Bytes per element", "es": "Bytes por elemento"},
                    unit="B",
                    default="2",
                    low=0,
                    low_open=True,
                    high=64,
                ),
                Field("accelerator", {"en": "Accelerator", "es": "Acelerador"}, kind="accelerator", default="h100-sxm"),
                Field(
                    "dtype",
                    {"en": "Number format", "es": "Formato numérico"},
                    kind="choice",
                    default=DEFAULT_DTYPE,
                    choices=DTYPES,
                ),
                Field(
                    "peak_tflops",
                    {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
                    unit="TFLOP/s",
                    default="1000",
                    param="peak_flop_per_s",
                    scale=1e12,
                    only_when_custom=True,
                    low=0,
                    low_open=True,
                    high=1e9,
                ),
                Field(
                    "bandwidth_tbps",
                    {"en": "Memory bandwidth (custom chip)", "es": "Ancho de banda de memoria (chip personalizado)"},
                    unit="TB/s",
                    default="3",
                    param="bandwidth_bytes_per_s",
                    scale=1e12,
                    only_when_custom=True,
                    low=0,
                    low_open=True,
                    high=1e6,
                ),
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
            },
            headline=("flops", "intensity_flop_per_byte", "seconds", "bound"),
            output_labels={
                "flops": {"en": "FLOPs", "es": "FLOPs"},
                "intensity_flop_per_byte": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
                "seconds": {"en": "Lower-bound time", "es": "Tiempo mínimo"},
                "bound": {"en": "Verdict", "es": "Veredicto"},
            },
        )
    )


_register()
