# Inference formulas: weight bytes, KV cache per token (MHA/GQA/MQA, MLA, sliding window), the largest batch,
# decode and prefill bounds, and the model field the three calculators share.
from __future__ import annotations

import math

from ..data import Model
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    Field,
)
from ..messages import text
from ..results import Figure, Step, q, step

# Bytes per weight by storage format (int4 packs two weights per byte; group scales are added by `group_size`).
WEIGHT_FORMATS: dict[str, float] = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5}
ATTENTION = ("mha", "gqa", "mqa", "mla", "sliding")
SCALE_BYTES = 2.0  # one FP16 scale per quantization group
# INT4 checkpoints (GPTQ, Frantar et al. 2022; AWQ, Lin et al. 2023) store one FP16 scale per group of 128 weights.
INT4_GROUP_SIZE = 128
# Quantization recipes leave the embedding table and the output head in 16 bits (llm-compressor's FP8 and
# W4A16 recipes list ignore=["lm_head"]; an embedding lookup is not a matmul to quantize): 2 bytes a value.
TABLE_BYTES = 2.0
# vLLM's default share of GPU memory for weights, activations and KV cache (EngineArgs gpu_memory_utilization, 0.9);
# the rest is headroom for the CUDA context, NCCL and CUDA-graph buffers.
MEMORY_UTILIZATION = 0.9


def weight_bytes(*, params: float, weight_format: str = "bf16", group_size: float | None = None) -> float:
    """Bytes of a model's weights: N × bytes per weight (bf16 2, fp8/int8 1, int4 0.5), plus group scales.

    With `group_size` g, an int4 checkpoint also stores one FP16 scale per g weights: N × (0.5 + 2/g), as GPTQ
    (Frantar et al. 2022) and AWQ (Lin et al. 2023) do with g = 128; 8- and 16-bit formats keep per-channel or
    per-tensor scales, a negligible share. Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B: 70e9
    parameters are 140 GB in bf16, 70 GB in int8. Example: 7e9 in bf16 → 14 GB; in int4 with g = 128, 3.61 GB.
    """
    n = check_number("params", params)
    size = WEIGHT_FORMATS[check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))]
    if group_size is not None and weight_format == "int4":
        size += SCALE_BYTES / check_number("group_size", group_size, low=1, high=1e9, integer=True)
    return n * size


def embedding_params(*, vocab_size: float, hidden_size: float, tied: bool) -> float:
    """Parameters in a model's embedding tables: V × h for the input table, as many again for an untied output head.

    Source: Press & Wolf (2017), "Using the Output Embedding to Improve Language Models" (tying the two).
    Example: Llama 3 8B (V = 128,256, h = 4096, untied): 2 × 525e6 = 1.05e9 parameters, 2.1 GB in BF16.
    """
    v = check_number("vocab_size", vocab_size)
    h = check_number("hidden_size", hidden_size)
    return v * h * (1.0 if tied else 2.0)


def served_weight_bytes(*, params: float, table_params: float, weight_format: str = "bf16") -> float:
    """Bytes of a served model's weights: the transformer body in its format, the embedding tables in 16 bits.

    W = (N − N_emb) × s + N_emb × 2, with s = 2 (BF16), 1 (FP8, INT8) or 0.5 + 2/128 (INT4 with an FP16
    scale per group of 128; Frantar et al. 2022, Lin et al. 2023). Example: Mixtral 8x7B in INT4 (46.7e9
    parameters, 0.262e9 in its two tables): 46.438e9 × 0.515625 + 0.262e9 × 2 = 24.47 GB, not the 23.35 GB of
    46.7e9 × 0.5: it does not fit a 24 GB card.
    """
    n = check_number("params", params)
    tables = check_number("table_params", table_params, low=0, high=n)
    body = weight_bytes(params=n - tables, weight_format=weight_format, group_size=INT4_GROUP_SIZE) if n > tables else 0
    return body + tables * TABLE_BYTES


def experts_touched(*, experts: float, experts_per_token: float, tokens: float) -> float:
    """Routed experts per layer that `tokens` tokens touch, each choosing k of E uniformly: E × (1 − (1 − k/E)^t).

    Each expert escapes one token with probability 1 − k/E, and all t with (1 − k/E)^t. Routing is balanced
    by design (DeepSeek-V3 report, §2.1.2; Mixtral paper, §2), so uniform is the planning case. Example:
    DeepSeek-V3 (E = 256, k = 8) at batch 1 touches 8 experts, at batch 64 about 222, at 256 all but 0.01.
    """
    e = check_number("experts", experts, low=1, high=1e6, integer=True)
    k = check_number("experts_per_token", experts_per_token, low=1, high=e, integer=True)
    t = check_number("tokens", tokens, low=0, high=1e12)
    return e * (1.0 - (1.0 - k / e) ** t)


def model_tables(model: Model) -> tuple[float, float]:
    """(parameters in the embedding tables, bytes of the untied input table) of a data/ model."""
    if model.vocab_size is None or model.tied_embeddings is None:
        raise CalcError(field="model", kind="no_figure", detail="vocab_size", subject=model.name)
    tables = embedding_params(vocab_size=model.vocab_size, hidden_size=model.hidden_size, tied=model.tied_embeddings)
    input_table = 0.0 if model.tied_embeddings else model.vocab_size * model.hidden_size * TABLE_BYTES
    return tables, input_table


def routed_expert_params(model: Model) -> float:
    """Parameters of all routed experts: E × (N − N_active) / (E − k), since N − N_active = (E − k) experts."""
    if model.experts is None or model.experts_per_token is None:
        return 0.0
    return model.experts * (model.params - model.active_params) / (model.experts - model.experts_per_token)


def decode_read_bytes(*, model: Model, weight_format: str = "bf16", tokens: float = 1) -> float:
    """Weight bytes one forward pass over `tokens` tokens reads: every weight but the untied input embedding table,
    of which it looks up one row per token, and but the routed experts none of the tokens uses.

    W_read = W − E_in + min(2·t·h, E_in) − X·(1 − k/E)^t. Example: Llama 3 8B in BF16 decoding one token reads
    16.06 GB − 1.05 GB + 8 kB = 15.0 GB; tied embeddings are read once, as the output head.
    """
    _, input_table = model_tables(model)
    weights = served_weight_bytes(params=model.params, table_params=model_tables(model)[0], weight_format=weight_format)
    t = check_number("tokens", tokens, low=0, high=1e12)
    read = weights - input_table + min(t * model.hidden_size * TABLE_BYTES, input_table)
    experts = routed_expert_params(model)
    if experts and model.experts and model.experts_per_token:
        per_weight = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
        touched = experts_touched(experts=model.experts, experts_per_token=model.experts_per_token, tokens=t)
        read -= experts * per_weight * (1.0 - touched / model.experts)
    return read


def decode_read_terms(*, model: Model, weight_format: str = "bf16", tokens: float = 1) -> Step:
    """`decode_read_bytes` as a derivation line (key "weights_read_bytes"; the caller words its label)."""
    tables, input_table = model_tables(model)
    weights = served_weight_bytes(params=model.params, table_params=tables, weight_format=weight_format)
    figures: dict[str, Figure] = {"W": q(weights, "B")}
    formula, substitution = "W", "{W}"
    if input_table:
        formula += r" - E_\text{in} + \min(2\,B\,h, E_\text{in})"
        substitution += " − {E} + min({B} × {h} × 2, {E})"
        figures.update(E=q(input_table, "B"), B=float(tokens), h=float(model.hidden_size))
    experts = routed_expert_params(model)
    if experts and model.experts and model.experts_per_token:
        per_weight = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
        touched = experts_touched(experts=model.experts, experts_per_token=model.experts_per_token, tokens=tokens)
        formula += r" - X\,(1 - k/E)^B"
        substitution += " − {X} × {u}"
        figures.update(X=q(experts * per_weight, "B"), u=1.0 - touched / model.experts)
    value = decode_read_bytes(model=model, weight_format=weight_format, tokens=tokens)
    label = text("decode.step.read", model=model.name, format=weight_format.upper())
    return step("weights_read_bytes", label, r"W_\text{step} = " + formula, substitution, value, "B", **figures)


def kv_bytes_per_token(
    *,
    layers: float,
    kv_heads: float | None = None,
    head_dim: float | None = None,
    bytes_per_value: float = 2.0,
    attention: str = "gqa",
    kv_lora_rank: float | None = None,
    rope_head_dim: float | None = None,
) -> float:
    """KV-cache bytes per cached token.

    MHA/GQA/MQA/sliding: 2 (K and V) × L × H_kv × d_head × s (MQA has H_kv = 1, MHA H_kv = heads).
    MLA: L × (d_c + d_rope) × s: one compressed latent plus the decoupled RoPE key per layer.
    Sources: "How to Scale Your Model", ch. Serving LLaMA 3-70B (2·8·128·80 = 160 KiB per token in int8);
    DeepSeek-AI (2024), "DeepSeek-V2", §2.1 (MLA). Example: LLaMA 3-70B in bf16: 327,680 bytes.
    """
    mode = check_choice("attention", attention, ATTENTION)
    n_layers = check_number("layers", layers)
    size = check_number("bytes_per_value", bytes_per_value)
    if mode == "mla":
        rank = check_number("kv_lora_rank", kv_lora_rank)
        rope = check_number(
            "rope_dim", rope_head_dim if rope_head_dim is not None else 0, low=0, high=1e5, integer=True
        )
        return n_layers * (rank + rope) * size
    heads = 1.0 if mode == "mqa" else check_number("kv_heads", kv_heads)
    dim = check_number("head_dim", head_dim)
    return 2.0 * n_layers * heads * dim * size


def cached_tokens(*, context: float, window: float | None = None) -> float:
    """Tokens a sequence keeps in the KV cache: min(T, W) with a sliding window W, else T.

    Source: Beltagy et al. (2020), "Longformer"; Jiang et al. (2023), "Mistral 7B" (W = 4096).
    Example: 32,768-token context with a 4096 window keeps 4096.
    """
    t = check_number("context", context)
    if window is None:
        return t
    return min(t, check_number("window", window))


def max_batch(*, memory_bytes: float, weight_bytes_total: float, kv_bytes_per_sequence: float) -> int:
    """Largest batch whose KV caches fit beside the weights: ⌊(M − W) / KV per sequence⌋ (0 if the weights don't fit).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B (the "num KV caches" column). Ignores
    activations and fragmentation. Example: 80 GB H100, 14 GB of weights, 1 GiB per sequence → 61.
    """
    memory = check_number("memory_bytes", memory_bytes)
    weights = check_number("weights_bytes", weight_bytes_total, low=0, high=1e18)
    per_sequence = check_number("kv_bytes_per_sequence", kv_bytes_per_sequence, low=0, low_open=True, high=1e18)
    return max(0, math.floor((memory - weights) / per_sequence))


def decode_step_seconds(
    *, weight_bytes_total: float, kv_bytes: float, bandwidth_bytes_per_s: float, count: float = 1
) -> float:
    """Lower bound on one decode step: every weight and every cached K/V is read once, T = (W + KV) / (n · B).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B ("lower bound decode latency by the time to
    load the parameters"). Example: 16 GB read on a TPU v5e at 8.2e11 B/s → 19.5 ms per step.
    """
    weights = check_number("weights_bytes", weight_bytes_total, low=0, high=1e18)
    kv = check_number("kv_bytes", kv_bytes)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    n = check_number("count", count)
    if weights + kv <= 0:
        raise CalcError(field="weights_bytes", kind="nothing_to_read")
    return check_finite_result("step_seconds", (weights + kv) / (n * bandwidth))


def critical_batch(*, peak_flop_per_s: float, bandwidth_bytes_per_s: float, bytes_per_weight: float = 2.0) -> float:
    """Batch at which decoding turns compute-bound (weights only): B* = (P / B) × s / 2.

    Each step does 2·N·B FLOPs while reading N·s bytes of weights. Source: "How to Scale Your Model",
    ch. Serving LLaMA 3-70B: B > 240 on TPU v5e in bf16, 120 with int8 weights, 60 with int4.
    Example: H100 SXM bf16: 295 × 2 / 2 ≈ 295.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    size = check_number("bytes_per_weight", bytes_per_weight, low=0, low_open=True, high=8)
    return peak / bandwidth * size / 2.0


def prefill_flops(
    *, params: float, prompt_tokens: float, layers: float | None = None, attention_width: float | None = None
) -> float:
    """FLOPs of one causal forward pass over a prompt: F = 2·N·T + 2·L·T²·d.

    2·N·T is the matmuls with the weights (Kaplan et al. 2020, "Scaling Laws for Neural Language Models",
    Table 1: 2N per token). Attention adds Q·Kᵀ and scores·V, 4·T_ctx·d per layer per token (PaLM,
    Chowdhery et al. 2022, App. B counts it for every token); causally, token i attends to i tokens, so a
    T-token prompt costs 2·L·T²·d, with d = heads × head dimension. Without `layers` the attention term is
    left out. Example: Llama 3 70B (70.6e9 parameters, 80 layers, d = 8192) over 32,768 tokens:
    4.63e15 + 1.41e15 = 6.03e15 FLOPs: attention adds 30 %.
    """
    n = check_number("params", params)
    t = check_number("prompt_tokens", prompt_tokens)
    if layers is None or attention_width is None:
        return check_finite_result("flops", 2.0 * n * t)
    n_layers = check_number("layers", layers)
    width = check_number("attention_width", attention_width)
    return check_finite_result("flops", 2.0 * n * t + causal_attention_flops(n_layers, width, t))


def causal_attention_flops(
    layers: float, attention_width: float, prompt_tokens: float, computed: float | None = None
) -> float:
    """Causal attention FLOPs of a prefill that computes the last `computed` of `prompt_tokens` tokens (all of them
    when None; the rest are in a prefix cache): each new token at position i attends to the i before it, 4·L·d FLOPs
    per pair, so 2·L·d·(T² − (T − T_new)²), which is PaLM's 2·L·T²·d when nothing is cached (App. B, the causal
    half). Example: L = 80, d = 8,192, T = 2,000 with half cached: 2 × 80 × 8,192 × (4·10⁶ − 10⁶) = 3.93 × 10¹² FLOP.
    """
    new = prompt_tokens if computed is None else computed
    return 2.0 * layers * attention_width * (prompt_tokens * prompt_tokens - (prompt_tokens - new) ** 2)


def prefill_seconds(
    *, params: float, prompt_tokens: float, peak_flop_per_s: float, count: float = 1, mfu: float = 1.0
) -> float:
    """Lower bound on prefill from the weights' matmuls alone: T = 2 · N · T_prompt / (n · P · MFU).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B ("Total FLOPs / (N · C)"). Attention is
    left out here; `prefill` adds it for a known model. Example: 8B parameters, 8192 tokens on one H100
    SXM at bf16 peak: 2·8e9·8192 / 989.4e12 ≈ 0.132 s.
    """
    n_params = check_number("params", params)
    tokens = check_number("prompt_tokens", prompt_tokens)
    peak = check_number("peak_flop_per_s", peak_flop_per_s)
    n = check_number("count", count)
    u = check_number("mfu", mfu)
    return check_finite_result("prefill_seconds", 2.0 * n_params * tokens / (n * peak * u))


MODEL = Field("model", kind="model", default="llama-3-70b")
