# Training formulas: total FLOPs (6ND, and PaLM's attention term), the cluster's rate, wall-clock time and
# facility power.
from __future__ import annotations

from ..errors import check_finite_result, check_number
from ..fmt import DISPLAY_FACTORS

J_PER_KWH = DISPLAY_FACTORS["kWh"]
# The CLI's JSON keys from before the quantities were SI (a public contract), each from its SI quantity.
JSON_ALIASES = {
    "days": ("seconds", "days"),
    "accelerator_hours": ("accelerator_seconds", "h"),
    "it_power_kw": ("it_power_w", "kW"),
    "facility_power_kw": ("facility_power_w", "kW"),
    "energy_mwh": ("energy_j", "MWh"),
    "co2_tonnes": ("co2_kg", "t"),
}


def training_flops(
    *, params: float, tokens: float, flops_per_token_per_param: float = 6.0, attention_flops_per_token: float = 0.0
) -> float:
    """Total training FLOPs: C = (k · N + A) · D, k = 6 (forward 2 + backward 4), 8 with full activation
    recomputation; A the attention's FLOPs per token, 12 · L · d · s in PaLM's count (0: the 6ND rule).

    Source: Kaplan et al. (2020), "Scaling Laws for Neural Language Models", §2.1; Hoffmann et al. (2022); for A,
    Chowdhery et al. (2022), PaLM, Appendix B. For a mixture of experts, N is the active parameters per token.
    Example: GPT-3 175B on 300B tokens: 6 × 175e9 × 300e9 = 3.15e23 FLOPs (Brown et al. 2020 report 3.14e23).
    """
    n = check_number("params", params)
    d = check_number("tokens", tokens)
    k = check_number("flops_per_token_per_param", flops_per_token_per_param)
    a = check_number("attention_flops_per_token", attention_flops_per_token, low=0, high=1e18)
    return check_finite_result("total_flops", (k * n + a) * d)


def attention_flops_per_token(*, layers: float, width: float, sequence_length: float) -> float:
    """The attention's FLOPs per token in PaLM's count, forward and backward: 12 · L · d · s, for L layers of
    attention width d (heads × head size) over s-token sequences, the whole s × s as PaLM counts it (Chowdhery
    et al. 2022, Appendix B). Example: Llama 3 405B (126 layers, 128 heads × 128) at 8,192 tokens:
    12 × 126 × 16,384 × 8,192 = 2.03e11, 8 % beside its 6N = 2.43e12."""
    return 12.0 * layers * width * sequence_length


def cluster_flop_per_s(*, peak_flop_per_s: float, count: float, mfu: float) -> float:
    """Effective cluster throughput: R = count × peak × MFU (model FLOPs utilization, 0–1).

    Source: Chowdhery et al. (2022), "PaLM", App. B (definition of MFU). Example: 1024 H100 SXM at
    989.4e12 FLOP/s dense BF16 and 50 % MFU: 5.07e17 FLOP/s.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    n = check_number("count", count)
    u = check_number("mfu", mfu)
    return n * peak * u


def training_seconds(*, total_flops: float, cluster_flop_per_s: float) -> float:
    """Wall-clock time of a run: T = C / R. Example: 4.2e23 FLOPs at 5.07e17 FLOP/s ≈ 8.29e5 s ≈ 9.6 days."""
    flops = check_number("total_flops", total_flops, low=0, high=1e35)
    rate = check_number("cluster_flop_per_s", cluster_flop_per_s, low=0, low_open=True)
    return check_finite_result("seconds", flops / rate)


def facility_power_w(*, count: float, watts_per_accelerator: float, pue: float) -> float:
    """Facility power: P = count × W × PUE, W the all-in power per accelerator (TDP × node overhead).

    Source: The Green Grid, "PUE: a comprehensive examination of the metric" (2012). Example: 1024 × 700 W
    × 1.2 = 860 kW.
    """
    n = check_number("count", count)
    w = check_number("watts", watts_per_accelerator)
    p = check_number("pue", pue)
    return n * w * p
