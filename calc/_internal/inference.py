# Inference: weight bytes, KV cache (MHA/GQA/MQA, MLA, sliding window), largest batch, decode and prefill bounds.
from __future__ import annotations

import math
from dataclasses import replace

from .chips import resolve_chip
from .data import Model, load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import (
    ACCELERATOR,
    CUSTOM,
    CUSTOM_BANDWIDTH,
    CUSTOM_PEAK,
    DEFAULT_DTYPE,
    DTYPE,
    Calculator,
    Field,
    with_changes,
)
from .messages import Text, text
from .results import Result, Step

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
    n = check_number("params", params, low=0, low_open=True, high=1e15)
    size = WEIGHT_FORMATS[check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))]
    if group_size is not None and weight_format == "int4":
        size += SCALE_BYTES / check_number("group_size", group_size, low=1, high=1e9, integer=True)
    return n * size


def embedding_params(*, vocab_size: float, hidden_size: float, tied: bool) -> float:
    """Parameters in a model's embedding tables: V × h for the input table, as many again for an untied output head.

    Source: Press & Wolf (2017), "Using the Output Embedding to Improve Language Models" (tying the two).
    Example: Llama 3 8B (V = 128,256, h = 4096, untied): 2 × 525e6 = 1.05e9 parameters, 2.1 GB in BF16.
    """
    v = check_number("vocab_size", vocab_size, low=1, high=1e8, integer=True)
    h = check_number("hidden_size", hidden_size, low=1, high=1e7, integer=True)
    return v * h * (1.0 if tied else 2.0)


def served_weight_bytes(*, params: float, table_params: float, weight_format: str = "bf16") -> float:
    """Bytes of a served model's weights: the transformer body in its format, the embedding tables in 16 bits.

    W = (N − N_emb) × s + N_emb × 2, with s = 2 (BF16), 1 (FP8, INT8) or 0.5 + 2/128 (INT4 with an FP16
    scale per group of 128; Frantar et al. 2022, Lin et al. 2023). Example: Mixtral 8x7B in INT4 (46.7e9
    parameters, 0.262e9 in its two tables): 46.438e9 × 0.515625 + 0.262e9 × 2 = 24.47 GB, not the 23.35 GB of
    46.7e9 × 0.5: it does not fit a 24 GB card.
    """
    n = check_number("params", params, low=0, low_open=True, high=1e15)
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
    values: dict[str, tuple[float, str]] = {"W": (weights, "B")}
    formula, substitution = "W", "{W}"
    if input_table:
        formula += r" - E_\text{in} + \min(2\,B\,h, E_\text{in})"
        substitution += " − {E} + min({B} × {h} × 2, {E})"
        values.update(E=(input_table, "B"), B=(float(tokens), ""), h=(float(model.hidden_size), ""))
    experts = routed_expert_params(model)
    if experts and model.experts and model.experts_per_token:
        per_weight = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
        touched = experts_touched(experts=model.experts, experts_per_token=model.experts_per_token, tokens=tokens)
        formula += r" - X\,(1 - k/E)^B"
        substitution += " − {X} × {u}"
        values.update(X=(experts * per_weight, "B"), u=(1.0 - touched / model.experts, ""))
    value = decode_read_bytes(model=model, weight_format=weight_format, tokens=tokens)
    return Step(
        "weights_read_bytes",
        text("decode.step.read", model=model.name, format=weight_format.upper()),
        r"W_\text{step} = " + formula,
        substitution,
        values,
        value,
        "B",
    )


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
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    size = check_number("bytes_per_value", bytes_per_value, low=0, low_open=True, high=8)
    if mode == "mla":
        rank = check_number("kv_lora_rank", kv_lora_rank, low=1, high=1e6, integer=True)
        rope = check_number(
            "rope_dim", rope_head_dim if rope_head_dim is not None else 0, low=0, high=1e5, integer=True
        )
        return n_layers * (rank + rope) * size
    heads = 1.0 if mode == "mqa" else check_number("kv_heads", kv_heads, low=1, high=1e5, integer=True)
    dim = check_number("head_dim", head_dim, low=1, high=1e5, integer=True)
    return 2.0 * n_layers * heads * dim * size


def cached_tokens(*, context: float, window: float | None = None) -> float:
    """Tokens a sequence keeps in the KV cache: min(T, W) with a sliding window W, else T.

    Source: Beltagy et al. (2020), "Longformer"; Jiang et al. (2023), "Mistral 7B" (W = 4096).
    Example: 32,768-token context with a 4096 window keeps 4096.
    """
    t = check_number("context", context, low=1, high=1e9, integer=True)
    if window is None:
        return t
    return min(t, check_number("window", window, low=1, high=1e9, integer=True))


def max_batch(*, memory_bytes: float, weight_bytes_total: float, kv_bytes_per_sequence: float) -> int:
    """Largest batch whose KV caches fit beside the weights: ⌊(M − W) / KV per sequence⌋ (0 if the weights don't fit).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B (the "num KV caches" column). Ignores
    activations and fragmentation. Example: 80 GB H100, 14 GB of weights, 1 GiB per sequence → 61.
    """
    memory = check_number("memory_bytes", memory_bytes, low=0, low_open=True, high=1e18)
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
    kv = check_number("kv_bytes", kv_bytes, low=0, high=1e18)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    if weights + kv <= 0:
        raise CalcError(field="weights_bytes", kind="nothing_to_read")
    return check_finite_result("step_seconds", (weights + kv) / (n * bandwidth))


def critical_batch(*, peak_flop_per_s: float, bandwidth_bytes_per_s: float, bytes_per_weight: float = 2.0) -> float:
    """Batch at which decoding turns compute-bound (weights only): B* = (P / B) × s / 2.

    Each step does 2·N·B FLOPs while reading N·s bytes of weights. Source: "How to Scale Your Model",
    ch. Serving LLaMA 3-70B: B > 240 on TPU v5e in bf16, 120 with int8 weights, 60 with int4.
    Example: H100 SXM bf16: 295 × 2 / 2 ≈ 295.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
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
    n = check_number("params", params, low=0, low_open=True, high=1e15)
    t = check_number("prompt_tokens", prompt_tokens, low=1, high=1e9)
    if layers is None or attention_width is None:
        return check_finite_result("flops", 2.0 * n * t)
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    width = check_number("attention_width", attention_width, low=1, high=1e7)
    return check_finite_result("flops", 2.0 * n * t + 2.0 * n_layers * t * t * width)


def prefill_seconds(
    *, params: float, prompt_tokens: float, peak_flop_per_s: float, count: float = 1, mfu: float = 1.0
) -> float:
    """Lower bound on prefill from the weights' matmuls alone: T = 2 · N · T_prompt / (n · P · MFU).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B ("Total FLOPs / (N · C)"). Attention is
    left out here; `prefill` adds it for a known model. Example: 8B parameters, 8192 tokens on one H100
    SXM at bf16 peak: 2·8e9·8192 / 989.4e12 ≈ 0.132 s.
    """
    n_params = check_number("params", params, low=0, low_open=True, high=1e15)
    tokens = check_number("prompt_tokens", prompt_tokens, low=1, high=1e9)
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    return check_finite_result("prefill_seconds", 2.0 * n_params * tokens / (n * peak * u))


def kv_cache(
    *,
    context: float,
    batch: float = 1,
    bytes_per_value: float = 2.0,
    model: str | None = None,
    layers: float | None = None,
    kv_heads: float | None = None,
    head_dim: float | None = None,
    attention: str = "gqa",
    kv_lora_rank: float | None = None,
    rope_head_dim: float | None = None,
    window: float | None = None,
    accelerator: str | None = None,
    weight_format: str = "bf16",
    params: float | None = None,
    memory_utilization: float = MEMORY_UTILIZATION,
) -> Result:
    """KV-cache bytes per token and for batch × context, for a data/ model or a described one, and whether it fits.

    Parameters:
        context: tokens per sequence T.
        batch: sequences B.
        bytes_per_value: 2 for bf16, 1 for fp8/int8.
        model: a data/ model id; its layers and attention replace the next fields.
        layers, kv_heads, head_dim, attention (mha, gqa, mqa, mla, sliding), kv_lora_rank and rope_head_dim
            (MLA), window (sliding): a described model; params: its parameters, for the fit check.
        accelerator: a data/ id: adds whether weights (`served_weight_bytes` in `weight_format`) plus the cache
            fit in the share `memory_utilization` of its memory (vLLM's default 0.9 keeps the rest for the CUDA
            context, NCCL and CUDA-graph buffers).

    Returns:
        Result with bytes_per_token, total_bytes, per_sequence_bytes and cached_tokens_per_sequence.

    Raises:
        CalcError: a value outside its range, an unknown model or attention kind.
    """
    label: object = text("model.custom")
    if model is None:
        layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    else:
        found = load_data().model(model)
        layers, kv_heads, head_dim, attention = found.layers, found.kv_heads, found.head_dim, found.attention
        kv_lora_rank, rope_head_dim, window = found.kv_lora_rank, found.rope_head_dim, found.window
        label = load_data().model_words(found)
    per_token = kv_bytes_per_token(
        layers=layers,
        kv_heads=kv_heads,
        head_dim=head_dim,
        bytes_per_value=bytes_per_value,
        attention=attention,
        kv_lora_rank=kv_lora_rank,
        rope_head_dim=rope_head_dim,
    )
    kept = cached_tokens(context=context, window=window if attention == "sliding" else None)
    b = check_number("batch", batch, low=1, high=1e7, integer=True)
    per_sequence = per_token * kept
    total = check_finite_result("total_bytes", per_sequence * b)
    if attention == "mla":
        formula, substitution = r"L\,(d_c + d_r)\,s", "{L} × ({c} + {r}) × {s}"
        values = {
            "L": (float(layers), ""),
            "c": (float(kv_lora_rank or 0), ""),
            "r": (float(rope_head_dim or 0), ""),
            "s": (bytes_per_value, "B"),
        }
    else:
        heads = 1 if attention == "mqa" else kv_heads
        formula, substitution = r"2\,L\,H_{kv}\,d\,s", "2 × {L} × {H} × {d} × {s}"
        values = {
            "L": (float(layers), ""),
            "H": (float(heads or 0), ""),
            "d": (float(head_dim or 0), ""),
            "s": (bytes_per_value, "B"),
        }
    steps = [
        Step(
            "bytes_per_token",
            text("kv-cache.step.bytes_per_token", model=label, attention=text(f"option.attention.{attention}")),
            formula,
            substitution,
            values,
            per_token,
            "B",
        ),
        Step(
            "cached_tokens_per_sequence",
            text("kv-cache.step.cached_tokens"),
            r"\min(T, W)" if attention == "sliding" else "T",
            "min({T}, {W})" if attention == "sliding" else "{T}",
            {"T": (float(context), ""), "W": (float(window or context), "")},
            kept,
            "",
        ),
        Step(
            "total_bytes",
            text("kv-cache.step.total_bytes"),
            r"b_\text{tok} \cdot T \cdot B",
            "{p} × {T} × {B}",
            {"p": (per_token, "B"), "T": (kept, ""), "B": (b, "")},
            total,
            "B",
        ),
    ]
    fmt = check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
    u = check_number("memory_utilization", memory_utilization, low=0, low_open=True, high=1)
    fit: dict[str, float | bool | str | None] = {
        "weights_bytes": None,
        "usable_bytes": None,
        "needed_bytes": None,
        "fits": None,
        "fit": None,
    }
    notes: list[Text] = []
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        memory = chip.device_memory_bytes
        if not memory:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
        weights = 0.0
        per_weight = weight_bytes(params=1.0, weight_format=fmt, group_size=INT4_GROUP_SIZE)
        if model is not None:
            tables, _ = model_tables(found)
            weights = served_weight_bytes(params=found.params, table_params=tables, weight_format=fmt)
            steps.append(
                Step(
                    "weights_bytes",
                    text("kv-cache.step.weights", model=label, format=fmt.upper()),
                    r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}",
                    "({N} − {E}) × {s} + {E} × 2",
                    {"N": (found.params, ""), "E": (tables, ""), "s": (per_weight, "B")},
                    weights,
                    "B",
                )
            )
        elif params is not None:
            n_params = check_number("params", params, low=0, low_open=True, high=1e15)
            weights = n_params * per_weight
            steps.append(
                Step(
                    "weights_bytes",
                    text("kv-cache.step.weights", model=label, format=fmt.upper()),
                    r"W = N\,s",
                    "{N} × {s}",
                    {"N": (n_params, ""), "s": (per_weight, "B")},
                    weights,
                    "B",
                )
            )
        else:
            notes.append(text("kv-cache.note.no_params"))
        usable = memory * u
        needed = check_finite_result("needed_bytes", weights + total)
        steps += [
            Step(
                "usable_bytes",
                text("kv-cache.step.usable", chip=chip.name),
                r"M_u = M\,u",
                "{M} × {u}",
                {"M": (memory, "B"), "u": (u, "")},
                usable,
                "B",
            ),
            Step(
                "needed_bytes",
                text("kv-cache.step.needed"),
                r"W + KV",
                "{W} + {K}",
                {"W": (weights, "B"), "K": (total, "B")},
                needed,
                "B",
            ),
        ]
        fit = {
            "weights_bytes": weights,
            "usable_bytes": usable,
            "needed_bytes": needed,
            "fits": needed <= usable,
            "fit": "fits" if needed <= usable else "does-not-fit",
        }
    elif fmt != "bf16":
        raise CalcError(
            field="weight_format", kind="only_when", choices=sorted(load_data().accelerators), detail="accelerator"
        )
    else:
        notes.append(text("kv-cache.note.no_accelerator"))
    return Result(
        calculator="kv-cache",
        quantities={
            "bytes_per_token": per_token,
            "total_bytes": total,
            "per_sequence_bytes": per_sequence,
            "cached_tokens_per_sequence": kept,
            **fit,
        },
        steps=steps,
        notes=notes,
    )


def decode(
    *,
    weight_bytes_total: float | None = None,
    kv_bytes: float = 0.0,
    batch: float = 1,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    bandwidth_bytes_per_s: float | None = None,
    count: float = 1,
    params: float | None = None,
    model: str | None = None,
    weight_format: str = "bf16",
) -> Result:
    """Lower bound on a decode step and the token rates it allows.

    Parameters:
        weight_bytes_total: bytes of all weights read per step; or
        model, weight_format: a data/ model and its weight format: the step then reads every weight but the
            untied input embedding table, of which it looks up one row per token, and but the routed experts
            the batch leaves unused (`decode_read_bytes`); its active parameters check compute.
        kv_bytes: KV cache read per step for the whole batch.
        batch: sequences decoded together.
        accelerator: a data/ id (its memory bandwidth, and its peak for the compute check); or
        bandwidth_bytes_per_s: a custom chip's memory bandwidth.
        count: accelerators sharing the work; their bandwidths add.
        params: parameters, to check compute (2·N·batch FLOPs per step) on a data/ accelerator.

    Returns:
        Result with step_seconds, tokens_per_second (per sequence), batch_tokens_per_second,
        memory_seconds, and with params and an accelerator compute_seconds, bound and compute_bound_batch.

    Raises:
        CalcError: a value outside its range or an unknown accelerator.
    """
    b = check_number("batch", batch, low=1, high=1e7, integer=True)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    fmt = check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
    chip = resolve_chip(
        accelerator=accelerator, dtype=dtype, bandwidth_bytes_per_s=bandwidth_bytes_per_s, needs=("bandwidth",)
    )
    bandwidth = float(chip.bandwidth_bytes_per_s or 0)
    peak = chip.data.dense_flop_per_s.get(dtype) if chip.data is not None else None
    notes = []
    read_steps: list[Step] = []
    if model is not None:
        found = load_data().model(model)
        read = decode_read_terms(model=found, weight_format=fmt, tokens=b)
        weight_bytes_total, params = read.value, found.active_params
        read_steps.append(replace(read, label=text("decode.step.read", model=found.name, format=fmt.upper())))
    elif fmt != "bf16":
        raise CalcError(field="weight_format", kind="only_when", choices=sorted(load_data().models), detail="model")
    if weight_bytes_total is None:
        raise CalcError(field="weights_bytes", kind="missing", low=0)
    memory_s = decode_step_seconds(
        weight_bytes_total=weight_bytes_total, kv_bytes=kv_bytes, bandwidth_bytes_per_s=bandwidth, count=n
    )
    where = chip.data.words() if chip.data is not None else text("chip.custom")
    steps = [
        *read_steps,
        Step(
            "memory_seconds",
            text("decode.step.memory_seconds", chip=where, count=float(n)),
            r"T_\text{mem} = (W + KV) / (n\,B)",
            "({W} + {K}) / ({n} × {B})",
            {"W": (weight_bytes_total, "B"), "K": (kv_bytes, "B"), "n": (n, ""), "B": (bandwidth, "B/s")},
            memory_s,
            "s",
        ),
    ]
    quantities: dict[str, float | str | None] = {
        "memory_seconds": memory_s,
        "compute_seconds": None,
        "bound": "memory",
        "compute_bound_batch": None,
    }
    step_s = memory_s
    if params is not None and peak:
        n_params = check_number("params", params, low=0, low_open=True, high=1e15)
        compute_s = 2.0 * n_params * b / (n * peak)
        critical = critical_batch(
            peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth, bytes_per_weight=weight_bytes_total / n_params
        )
        step_s = max(memory_s, compute_s)
        quantities.update(
            compute_seconds=compute_s,
            bound="compute" if compute_s > memory_s else "memory",
            compute_bound_batch=critical,
        )
        steps += [
            Step(
                "compute_seconds",
                text("decode.step.compute_seconds"),
                r"T_\text{math} = 2NB / (nP)",
                "2 × {N} × {b} / ({n} × {P})",
                {"N": (n_params, ""), "b": (b, ""), "n": (n, ""), "P": (peak, "FLOP/s")},
                compute_s,
                "s",
            ),
            Step(
                "compute_bound_batch",
                text("decode.step.compute_bound_batch"),
                r"B^* = \frac{P}{B_\text{mem}} \cdot \frac{s}{2}",
                "{P} / {B} × {s} / 2",
                {"P": (peak, "FLOP/s"), "B": (bandwidth, "B/s"), "s": (weight_bytes_total / n_params, "B")},
                critical,
                "",
            ),
        ]
    compute_s_shown = quantities["compute_seconds"]
    if isinstance(compute_s_shown, float):
        steps.append(
            Step(
                "step_seconds",
                text("decode.step.step_seconds"),
                r"T = \max(T_\text{mem}, T_\text{math})",
                "max({Tm}, {Tc})",
                {"Tm": (memory_s, "s"), "Tc": (compute_s_shown, "s")},
                step_s,
                "s",
            )
        )
    else:
        notes.append(text("decode.note.no_compute"))
    steps += [
        Step(
            "tokens_per_second",
            text("decode.step.tokens_per_second"),
            r"1 / T",
            "1 / {T}",
            {"T": (step_s, "s")},
            1.0 / step_s,
            "tokens/s",
        ),
        Step(
            "batch_tokens_per_second",
            text("decode.step.batch_tokens_per_second"),
            r"B / T",
            "{b} / {T}",
            {"b": (b, ""), "T": (step_s, "s")},
            b / step_s,
            "tokens/s",
        ),
    ]
    quantities = {
        "weights_read_bytes": float(weight_bytes_total),
        "step_seconds": step_s,
        "tokens_per_second": check_finite_result("tokens_per_second", 1.0 / step_s),
        "batch_tokens_per_second": check_finite_result("batch_tokens_per_second", b / step_s),
        **quantities,
    }
    return Result(calculator="decode", quantities=quantities, steps=steps, notes=notes)


def prefill(
    *,
    prompt_tokens: float,
    model: str | None = None,
    params: float | None = None,
    layers: float | None = None,
    attention_width: float | None = None,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    count: float = 1,
    mfu: float = 1.0,
) -> Result:
    """Lower bound on prefilling a prompt (compute-bound), causal attention included: see `prefill_flops`.

    Parameters:
        prompt_tokens: tokens in the prompt(s) processed together.
        model: a data/ model id (its active parameters, layers and attention width); or
        params, layers, attention_width: a described model (without layers and width, attention is left out).
        accelerator, dtype: a data/ chip and the format of its dense peak; or `peak_flop_per_s` for a custom chip.
        count: accelerators sharing the work; their peaks add.
        mfu: fraction of peak achieved (1 = the bound).

    Returns:
        Result with prefill_seconds, flops, weight_flops, attention_flops (None when unknown),
        attention_share, peak_flop_per_s and prompt_tokens_per_second.

    Raises:
        CalcError: a value outside its range, an unknown model or accelerator, or a dtype it lacks.
    """
    subject: str | Text
    if model is not None:
        found = load_data().model(model)
        params, layers = found.active_params, float(found.layers)
        attention_width, subject = float(found.attention_heads * found.head_dim), found.name
    else:
        params = check_number("params", params, low=0, low_open=True, high=1e15)
        subject = text("model.custom")
    chip = resolve_chip(accelerator=accelerator, dtype=dtype, peak_flop_per_s=peak_flop_per_s, needs=("peak",))
    peak = float(chip.peak_flop_per_s or 0)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    weight_flops = prefill_flops(params=params, prompt_tokens=prompt_tokens)
    flops = prefill_flops(params=params, prompt_tokens=prompt_tokens, layers=layers, attention_width=attention_width)
    attention = flops - weight_flops if layers is not None and attention_width is not None else None
    seconds = check_finite_result("prefill_seconds", flops / (n * peak * u))
    notes = []
    steps = [
        Step(
            "weight_flops",
            text("prefill.step.weight_flops", model=subject),
            r"F_w = 2\,N\,T",
            "2 × {N} × {T}",
            {"N": (params, ""), "T": (prompt_tokens, "")},
            weight_flops,
            "FLOP",
        )
    ]
    if attention is not None:
        steps += [
            Step(
                "attention_flops",
                text("prefill.step.attention_flops"),
                r"F_a = 2\,L\,T^2\,d",
                "2 × {L} × {T}² × {d}",
                {"L": (float(layers or 0), ""), "T": (prompt_tokens, ""), "d": (float(attention_width or 0), "")},
                attention,
                "FLOP",
            ),
            Step(
                "flops",
                text("prefill.step.flops"),
                r"F = F_w + F_a",
                "{Fw} + {Fa}",
                {"Fw": (weight_flops, "FLOP"), "Fa": (attention, "FLOP")},
                flops,
                "FLOP",
            ),
        ]
    else:
        notes.append(text("prefill.note.no_attention"))
    steps.append(
        Step(
            "prefill_seconds",
            text("prefill.step.prefill_seconds", chip=chip.label),
            r"T = F / (n\,P\,\text{MFU})",
            "{F} / ({n} × {P} × {U})",
            {"F": (flops, "FLOP"), "n": (n, ""), "P": (peak, "FLOP/s"), "U": (u, "")},
            seconds,
            "s",
        )
    )
    return Result(
        calculator="prefill",
        quantities={
            "prefill_seconds": seconds,
            "flops": flops,
            "weight_flops": weight_flops,
            "attention_flops": attention,
            "attention_share": attention / flops if attention is not None else None,
            "peak_flop_per_s": peak,
            "prompt_tokens_per_second": check_finite_result("prompt_tokens_per_second", prompt_tokens / seconds),
        },
        steps=steps,
        notes=notes,
    )


MODEL = Field("model", kind="model", default="llama-3-70b")

KV_CACHE = Calculator(
    name="kv-cache",
    fields=(
        MODEL,
        Field("layers", default="80", custom_of="model", low=1, high=1e4, integer=True),
        Field("attention", kind="choice", default="gqa", choices=ATTENTION, custom_of="model"),
        Field(
            "kv_heads",
            default="8",
            custom_of="model",
            when=("attention", ("mha", "gqa", "sliding")),
            low=1,
            high=1e5,
            integer=True,
        ),
        Field(
            "head_dim",
            default="128",
            custom_of="model",
            when=("attention", ("mha", "gqa", "mqa", "sliding")),
            low=1,
            high=1e5,
            integer=True,
        ),
        Field(
            "kv_lora_rank",
            default="512",
            custom_of="model",
            when=("attention", ("mla",)),
            low=1,
            high=1e6,
            integer=True,
        ),
        Field(
            "rope_dim",
            default="64",
            param="rope_head_dim",
            custom_of="model",
            when=("attention", ("mla",)),
            low=0,
            high=1e5,
            integer=True,
        ),
        Field(
            "window", default="4096", custom_of="model", when=("attention", ("sliding",)), low=1, high=1e9, integer=True
        ),
        Field("bytes_per_value", unit="B", default="2", low=0, low_open=True, high=8),
        Field("context", default="8192", low=1, high=1e9, integer=True),
        Field("batch", default="1", low=1, high=1e7, integer=True),
        Field("accelerator", kind="accelerator", optional=True),
        Field("weight_format", kind="choice", default="bf16", choices=tuple(WEIGHT_FORMATS)),
        Field("params", optional=True, custom_of="model", low=0, low_open=True, high=1e15),
        Field("memory_utilization", default="0.9", low=0, low_open=True, high=1, advanced=True),
    ),
    function=kv_cache,
    units={
        "bytes_per_token": "B",
        "total_bytes": "B",
        "per_sequence_bytes": "B",
        "cached_tokens_per_sequence": "",
        "weights_bytes": "B",
        "usable_bytes": "B",
        "needed_bytes": "B",
    },
    headline=("bytes_per_token", "total_bytes", "needed_bytes", "fit"),
    presets={
        "llama-3-70b-128k": {"model": "llama-3-70b", "context": "128Ki", "batch": "1"},
        "deepseek-v3-128k": {"model": "deepseek-v3", "context": "128Ki", "batch": "1"},
        "mixtral-int4-24gb": {
            "model": "mixtral-8x7b",
            "context": "4096",
            "batch": "1",
            "accelerator": "rtx-4090",
            "weight_format": "int4",
        },
    },
)

DECODE = Calculator(
    name="decode",
    fields=(
        with_changes(MODEL, default=CUSTOM),
        Field("weight_format", kind="choice", default="bf16", choices=tuple(WEIGHT_FORMATS)),
        Field(
            "weights_bytes", unit="B", default="14G", param="weight_bytes_total", custom_of="model", low=0, high=1e18
        ),
        Field("kv_bytes", unit="B", default="0", low=0, high=1e18),
        Field("batch", default="1", low=1, high=1e7, integer=True),
        ACCELERATOR,
        CUSTOM_BANDWIDTH,
        Field("count", default="1", low=1, high=1e6, integer=True),
        Field("params", optional=True, custom_of="model", low=0, low_open=True, high=1e15),
    ),
    function=decode,
    units={
        "step_seconds": "s",
        "tokens_per_second": "tokens/s",
        "batch_tokens_per_second": "tokens/s",
        "memory_seconds": "s",
        "compute_seconds": "s",
        "compute_bound_batch": "",
        "weights_read_bytes": "B",
    },
    headline=("step_seconds", "tokens_per_second", "batch_tokens_per_second"),
)

PREFILL = Calculator(
    name="prefill",
    fields=(
        with_changes(MODEL, default="llama-3-8b"),
        Field("params", default="8B", custom_of="model", low=0, low_open=True, high=1e15),
        Field("layers", optional=True, custom_of="model", low=1, high=1e4, integer=True),
        Field("attention_width", optional=True, custom_of="model", low=1, high=1e7, integer=True),
        Field("prompt_tokens", default="8192", low=1, high=1e9),
        ACCELERATOR,
        DTYPE,
        CUSTOM_PEAK,
        Field("count", default="1", low=1, high=1e6, integer=True),
        Field("mfu", default="1", low=0, low_open=True, high=1),
    ),
    function=prefill,
    units={
        "prefill_seconds": "s",
        "flops": "FLOP",
        "weight_flops": "FLOP",
        "attention_flops": "FLOP",
        "peak_flop_per_s": "FLOP/s",
        "prompt_tokens_per_second": "tokens/s",
    },
    headline=("prefill_seconds", "flops", "attention_share", "prompt_tokens_per_second"),
)

CALCULATORS = (KV_CACHE, DECODE, PREFILL)
