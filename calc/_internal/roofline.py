# Roofline model: ridge point, attainable throughput and the bound of a kernel.
from __future__ import annotations

from .data import load_data
from .errors import check_choice, check_finite_result, check_number
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


def attainable_flop_per_s(*, intensity_flop_per_byte: float, peak_flop_per_s: float, bandwidth_bytes_per_s: float) -> float:
    """Attainable throughput: min(P, I × B). Source as `ridge_point`."""
    intensity = check_number("intensity", intensity_flop_per_byte, low=0, low_open=True)
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True)
    return check_finite_result("attainable_flop_per_s", min(peak, intensity * bandwidth))


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
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        check_choice("dtype", dtype, [name for name, value in chip.dense_flop_per_s.items() if value])
        peak = chip.peak_flop_per_s(dtype)
        bandwidth = chip.memory_bandwidth_bytes_per_s
        source = {"en": f"{chip.name}, dense {dtype}", "es": f"{chip.name}, {dtype} denso"}
    else:
        peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
        bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
        source = {"en": "custom chip", "es": "chip personalizado"}
    assert bandwidth is not None
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
            value=ridge, unit="FLOP/byte",
        ),
        Step(
            key="attainable_flop_per_s",
            label={"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
            formula=r"P_\text{att} = \min(P,\; I \cdot B)",
            substitution="min({P}, {I} × {B})",
            values={"P": (peak, "FLOP/s"), "I": (intensity, "FLOP/byte"), "B": (bandwidth, "B/s")},
            value=attainable, unit="FLOP/s",
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
    from .registry import Calculator, Field, register

    register(Calculator(
        name="roofline",
        title={"en": "Roofline", "es": "Roofline"},
        fields=(
            Field("accelerator", {"en": "Accelerator", "es": "Acelerador"}, kind="accelerator", default="h100-sxm"),
            Field("dtype", {"en": "Number format", "es": "Formato numérico"}, kind="choice",
                  default=DEFAULT_DTYPE, choices=DTYPES),
            Field("intensity", {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
                  unit="FLOP/byte", default="100", param="intensity_flop_per_byte", low=0, low_open=True, high=1e12),
            Field("peak_tflops", {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
                  unit="TFLOP/s", default="1000", param="peak_flop_per_s", scale=1e12, only_when_custom=True,
                  low=0, low_open=True, high=1e9),
            Field("bandwidth_tbps", {"en": "Memory bandwidth (custom chip)", "es": "Ancho de banda de memoria (chip personalizado)"},
                  unit="TB/s", default="3", param="bandwidth_bytes_per_s", scale=1e12, only_when_custom=True,
                  low=0, low_open=True, high=1e6),
        ),
        function=roofline,
        units=ROOFLINE_UNITS,
        headline=("ridge_point_flop_per_byte", "attainable_flop_per_s", "bound"),
        output_labels={
            "ridge_point_flop_per_byte": {"en": "Ridge point", "es": "Punto de cresta"},
            "attainable_flop_per_s": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
            "bound": {"en": "Verdict", "es": "Veredicto"},
        },
    ))


_register()
