# Training formulas: total FLOPs (6ND, and PaLM's attention term) and their split by kernel, the cluster's rate,
# wall-clock time and facility power; Amdahl's bound on speeding up part of a step.
from __future__ import annotations

from ..errors import check_choice, check_finite_result, check_number
from ..fmt import DISPLAY_FACTORS
from ..memory.activations import MLPS

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


def training_flops_by_kind(
    *,
    layers: float,
    hidden_size: float,
    attention_heads: float,
    kv_heads: float,
    head_dim: float,
    ffn_hidden_size: float,
    vocab_size: float,
    sequence_length: float,
    mlp: str = "swiglu",
    causal: bool = True,
) -> dict[str, float]:
    """A dense transformer's FLOPs per token of a training step (forward and backward, 3 × the forward's 2 FLOPs
    per multiply-add), by the kind of kernel that does them: `linear`, the layers' weight GEMMs (QKV
    h × (a + 2k)·d, attention output a·d × h, MLP u·h·F with u = 3 for SwiGLU's gate, up and down, 2 for GELU);
    `attention`, the score and value matmuls (QK^T and PV, 4·a·d·s per token and layer forward, halved when
    `causal` as FlashAttention's kernels skip the masked half); `output`, the output head's logits (h × V). The
    embedding is a lookup and does no FLOPs; norms, activations and the optimizer do a few per element.

    Source: Kaplan et al. (2020), "Scaling Laws for Neural Language Models", Table 1 (FLOPs per token of each
    operation, the backward pass twice the forward); Chowdhery et al. (2022), PaLM, Appendix B (12·L·a·d·s for
    the whole s × s). Example: Llama 3 405B (126 layers, h 16,384, 128 heads and 8 KV heads of 128, F 53,248,
    V 128,256) at 8,192 tokens, causal: linear 6 × 126 × 16,384 × (18,432 + 16,384 + 3 × 53,248) = 2.41e12,
    attention 6 × 126 × 16,384 × 8,192 = 1.01e11, output 6 × 16,384 × 128,256 = 1.26e10: the weight GEMMs are
    95.5 % of the step's FLOPs.
    """
    n_layers = check_number("layers", layers)
    h = check_number("hidden_size", hidden_size)
    a = check_number("attention_heads", attention_heads)
    k = check_number("kv_heads", kv_heads, low=1, high=a, integer=True)
    d = check_number("head_dim", head_dim)
    f = check_number("ffn_hidden_size", ffn_hidden_size)
    v = check_number("vocab_size", vocab_size)
    s = check_number("sequence_length", sequence_length)
    u = 3.0 if check_choice("mlp", mlp, MLPS) == "swiglu" else 2.0
    linear = 6.0 * n_layers * (h * (a + 2 * k) * d + a * d * h + u * h * f)
    attention = 12.0 * n_layers * a * d * s * (0.5 if causal else 1.0)
    return {"linear": linear, "attention": attention, "output": 6.0 * h * v}


def amdahl_speedup(*, share: float, factor: float) -> float:
    """The speed-up of a whole when a share of its time runs `factor` times faster and the rest does not:
    S = 1 / ((1 − f) + f / r).

    Source: Amdahl (1967), "Validity of the single processor approach to achieving large scale computing
    capabilities", AFIPS. Example: 95.5 % of a step's time in GEMMs made twice as fast: 1 / (0.045 + 0.4775)
    = 1.91, never 2.
    """
    f = check_number("share", share, low=0, high=1)
    r = check_number("factor", factor, low=0, low_open=True)
    return 1.0 / ((1.0 - f) + f / r)


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
