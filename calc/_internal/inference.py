# Inference: weight bytes, KV cache (MHA/GQA/MQA, MLA, sliding window), largest batch, decode and prefill bounds.
from __future__ import annotations

import math

from .data import load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .results import Result, Step
from .roofline import DEFAULT_DTYPE

# Bytes per weight by storage format (int4 packs two weights per byte; scales are ignored).
WEIGHT_FORMATS: dict[str, float] = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5}
ATTENTION = ("mha", "gqa", "mqa", "mla", "sliding")


def weight_bytes(*, params: float, weight_format: str = "bf16") -> float:
    """Bytes of a model's weights: N × bytes per weight (bf16 2, fp8/int8 1, int4 0.5).

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B: 70e9 parameters are 140 GB in bf16,
    70 GB in int8. Example: 7e9 in bf16 → 14 GB.
    """
    n = check_number("params", params, low=0, low_open=True, high=1e15)
    return n * WEIGHT_FORMATS[check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))]


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
        raise CalcError(
            field="weights_bytes",
            accepted="a number > 0",
            accepted_es="un número > 0",
            en="weights_bytes: a decode step must read some bytes.",
            es="weights_bytes: un paso de decode debe leer algún byte.",
        )
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


def prefill_seconds(
    *, params: float, prompt_tokens: float, peak_flop_per_s: float, count: float = 1, mfu: float = 1.0
) -> float:
    """Lower bound on prefill (compute-bound): T = 2 · N · T_prompt / (n · P · MFU), attention FLOPs ignored.

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B ("Total FLOPs / (N · C)"). Example: 8B
    parameters, 8192 tokens on one H100 SXM at bf16 peak: 2·8e9·8192 / 989.4e12 ≈ 0.132 s.
    """
    n_params = check_number("params", params, low=0, low_open=True, high=1e15)
    tokens = check_number("prompt_tokens", prompt_tokens, low=1, high=1e9)
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    return check_finite_result("prefill_seconds", 2.0 * n_params * tokens / (n * peak * u))


def _model_shape(model: str) -> dict[str, object]:
    data = load_data()
    found = data.model(model)  # type: ignore[attr-defined]
    return {
        "layers": found.layers,
        "kv_heads": found.kv_heads,
        "head_dim": found.head_dim,
        "attention": found.attention,
        "kv_lora_rank": getattr(found, "kv_lora_rank", None),
        "rope_head_dim": getattr(found, "rope_head_dim", None),
        "window": getattr(found, "window", None),
        "name": found.name,
    }


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
) -> Result:
    """KV-cache bytes per token and for batch × context, for a data/ model or a described one.

    Parameters:
        context: tokens per sequence T.
        batch: sequences B.
        bytes_per_value: 2 for bf16, 1 for fp8/int8.
        model: a data/ model id; its layers and attention replace the next fields.
        layers, kv_heads, head_dim, attention (mha, gqa, mqa, mla, sliding), kv_lora_rank and rope_head_dim
            (MLA), window (sliding): a described model.

    Returns:
        Result with bytes_per_token, total_bytes, per_sequence_bytes and cached_tokens_per_sequence.

    Raises:
        CalcError: a value outside its range, an unknown model or attention kind.
    """
    label = {"en": "described model", "es": "modelo descrito"}
    if model is not None:
        shape = _model_shape(model)
        layers, kv_heads, head_dim = shape["layers"], shape["kv_heads"], shape["head_dim"]  # type: ignore[assignment]
        attention = str(shape["attention"])
        kv_lora_rank, rope_head_dim, window = shape["kv_lora_rank"], shape["rope_head_dim"], shape["window"]  # type: ignore[assignment]
        label = {"en": str(shape["name"]), "es": str(shape["name"])}
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
            "L": (layers, ""),
            "c": (kv_lora_rank, ""),
            "r": (rope_head_dim or 0, ""),
            "s": (bytes_per_value, "B"),
        }
    else:
        heads = 1 if attention == "mqa" else kv_heads
        formula, substitution = r"2\,L\,H_{kv}\,d\,s", "2 × {L} × {H} × {d} × {s}"
        values = {"L": (layers, ""), "H": (heads, ""), "d": (head_dim, ""), "s": (bytes_per_value, "B")}
    steps = [
        Step(
            "bytes_per_token",
            {
                "en": f"KV cache per token ({label['en']}, {attention})",
                "es": f"KV cache por token ({label['es']}, {attention})",
            },
            formula,
            substitution,
            values,
            per_token,
            "B",
        ),  # type: ignore[arg-type]
        Step(
            "cached_tokens_per_sequence",
            {"en": "Cached tokens per sequence", "es": "Tokens en caché por secuencia"},
            r"\min(T, W)" if attention == "sliding" else "T",
            "{T}",
            {"T": (kept, "")},
            kept,
            "",
        ),
        Step(
            "total_bytes",
            {"en": "KV cache for the batch", "es": "KV cache del batch"},
            r"b_\text{tok} \cdot T \cdot B",
            "{p} × {T} × {B}",
            {"p": (per_token, "B"), "T": (kept, ""), "B": (b, "")},
            total,
            "B",
        ),
    ]
    return Result(
        calculator="kv-cache",
        quantities={
            "bytes_per_token": per_token,
            "total_bytes": total,
            "per_sequence_bytes": per_sequence,
            "cached_tokens_per_sequence": kept,
        },
        steps=steps,
    )


def decode(
    *,
    weight_bytes_total: float,
    kv_bytes: float = 0.0,
    batch: float = 1,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    bandwidth_bytes_per_s: float | None = None,
    count: float = 1,
    params: float | None = None,
) -> Result:
    """Lower bound on a decode step and the token rates it allows.

    Parameters:
        weight_bytes_total: bytes of all weights read per step.
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
    peak = None
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        bandwidth = chip.memory_bandwidth_bytes_per_s
        peak = chip.dense_flop_per_s.get(dtype)
        name = chip.name
    else:
        bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
        name = None
    assert bandwidth is not None
    memory_s = decode_step_seconds(
        weight_bytes_total=weight_bytes_total, kv_bytes=kv_bytes, bandwidth_bytes_per_s=bandwidth, count=n
    )
    where = {"en": f" ({name} × {n:.0f})" if name else "", "es": f" ({name} × {n:.0f})" if name else ""}
    steps = [
        Step(
            "memory_seconds",
            {"en": f"Read weights and KV cache{where['en']}", "es": f"Leer pesos y KV cache{where['es']}"},
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
                {"en": "Compute per step", "es": "Cómputo por paso"},
                r"T_\text{math} = 2NB / (nP)",
                "2 × {N} × {b} / ({n} × {P})",
                {"N": (n_params, ""), "b": (b, ""), "n": (n, ""), "P": (peak, "FLOP/s")},
                compute_s,
                "s",
            ),
            Step(
                "compute_bound_batch",
                {
                    "en": "Batch where decode turns compute-bound (weights only)",
                    "es": "Batch a partir del cual el decode queda limitado por cómputo (solo pesos)",
                },
                r"B^* = \frac{P}{B_\text{mem}} \cdot \frac{s}{2}",
                "{P} / {B} × {s} / 2",
                {"P": (peak, "FLOP/s"), "B": (bandwidth, "B/s"), "s": (weight_bytes_total / n_params, "B")},
                critical,
                "",
            ),
        ]
    steps += [
        Step(
            "step_seconds",
            {"en": "Decode step (lower bound)", "es": "Paso de decode (cota inferior)"},
            r"T = \max(T_\text{mem}, T_\text{math})",
            "{T}",
            {"T": (step_s, "s")},
            step_s,
            "s",
        ),
        Step(
            "tokens_per_second",
            {"en": "Tokens/s per sequence", "es": "Tokens/s por secuencia"},
            r"1 / T",
            "1 / {T}",
            {"T": (step_s, "s")},
            1.0 / step_s,
            "tokens/s",
        ),
        Step(
            "batch_tokens_per_second",
            {"en": "Tokens/s for the batch", "es": "Tokens/s del batch"},
            r"B / T",
            "{b} / {T}",
            {"b": (b, ""), "T": (step_s, "s")},
            b / step_s,
            "tokens/s",
        ),
    ]
    quantities = {
        "step_seconds": step_s,
        "tokens_per_second": check_finite_result("tokens_per_second", 1.0 / step_s),
        "batch_tokens_per_second": check_finite_result("batch_tokens_per_second", b / step_s),
        **quantities,
    }
    return Result(calculator="decode", quantities=quantities, steps=steps)


def prefill(
    *,
    params: float,
    prompt_tokens: float,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    count: float = 1,
    mfu: float = 1.0,
) -> Result:
    """Lower bound on prefilling a prompt (compute-bound): T = 2 · N · T_prompt / (n · P · MFU).

    Parameters:
        params: parameters N (active parameters for a mixture of experts).
        prompt_tokens: tokens in the prompt(s) processed together.
        accelerator, dtype: a data/ chip and the format of its dense peak; or `peak_flop_per_s` for a custom chip.
        count: accelerators sharing the work; their peaks add.
        mfu: fraction of peak achieved (1 = the bound).

    Returns:
        Result with prefill_seconds, flops, peak_flop_per_s and prompt_tokens_per_second.

    Raises:
        CalcError: a value outside its range, an unknown accelerator or a dtype it lacks.
    """
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        peak = chip.peak_flop_per_s(dtype)
        name = {"en": f"{chip.name}, dense {dtype}", "es": f"{chip.name}, {dtype} denso"}
    else:
        peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
        name = {"en": "custom chip", "es": "chip personalizado"}
    seconds = prefill_seconds(params=params, prompt_tokens=prompt_tokens, peak_flop_per_s=peak, count=count, mfu=mfu)
    flops = 2.0 * params * prompt_tokens
    steps = [
        Step(
            "flops",
            {"en": "Prefill FLOPs (attention ignored)", "es": "FLOPs de prefill (sin la atención)"},
            r"F = 2\,N\,T",
            "2 × {N} × {T}",
            {"N": (params, ""), "T": (prompt_tokens, "")},
            flops,
            "FLOP",
        ),
        Step(
            "prefill_seconds",
            {
                "en": f"Prefill time, lower bound ({name['en']})",
                "es": f"Tiempo de prefill, cota inferior ({name['es']})",
            },
            r"T = F / (n\,P\,\text{MFU})",
            "{F} / ({n} × {P} × {U})",
            {"F": (flops, "FLOP"), "n": (count, ""), "P": (peak, "FLOP/s"), "U": (mfu, "")},
            seconds,
            "s",
        ),
    ]
    return Result(
        calculator="prefill",
        quantities={
            "prefill_seconds": seconds,
            "flops": check_finite_result("flops", flops),
            "peak_flop_per_s": peak,
            "prompt_tokens_per_second": check_finite_result("prompt_tokens_per_second", prompt_tokens / seconds),
        },
        steps=steps,
    )


def _register() -> None:
    from .data import DTYPES
    from .registry import Calculator, Field, register

    register(
        Calculator(
            name="kv-cache",
            title={"en": "KV cache", "es": "KV cache"},
            fields=(
                Field("model", {"en": "Model", "es": "Modelo"}, kind="model", optional=True),
                Field(
                    "layers",
                    {"en": "Layers", "es": "Capas"},
                    default="80",
                    only_when_custom=True,
                    low=1,
                    high=1e4,
                    integer=True,
                ),
                Field(
                    "kv_heads",
                    {"en": "KV heads", "es": "Cabezas KV"},
                    default="8",
                    only_when_custom=True,
                    low=1,
                    high=1e5,
                    integer=True,
                ),
                Field(
                    "head_dim",
                    {"en": "Head dimension", "es": "Dimensión de cabeza"},
                    default="128",
                    only_when_custom=True,
                    low=1,
                    high=1e5,
                    integer=True,
                ),
                Field(
                    "attention",
                    {"en": "Attention", "es": "Atención"},
                    kind="choice",
                    default="gqa",
                    choices=ATTENTION,
                    only_when_custom=True,
                ),
                Field(
                    "kv_lora_rank",
                    {"en": "MLA latent rank", "es": "Rango latente MLA"},
                    optional=True,
                    only_when_custom=True,
                    low=1,
                    high=1e6,
                    integer=True,
                ),
                Field(
                    "rope_dim",
                    {"en": "MLA RoPE key dimension", "es": "Dimensión de la clave RoPE (MLA)"},
                    optional=True,
                    param="rope_head_dim",
                    only_when_custom=True,
                    low=0,
                    high=1e5,
                    integer=True,
                ),
                Field(
                    "window",
                    {"en": "Sliding window", "es": "Ventana deslizante"},
                    optional=True,
                    only_when_custom=True,
                    low=1,
                    high=1e9,
                    integer=True,
                ),
                Field(
                    "bytes_per_value",
                    {"en": "Bytes per value", "es": "Bytes por valor"},
                    unit="B",
                    default="2",
                    low=0,
                    low_open=True,
                    high=8,
                ),
                Field(
                    "context",
                    {"en": "Context (tokens)", "es": "Contexto (tokens)"},
                    default="8192",
                    low=1,
                    high=1e9,
                    integer=True,
                ),
                Field("batch", {"en": "Batch", "es": "Batch"}, default="1", low=1, high=1e7, integer=True),
            ),
            function=kv_cache,
            units={
                "bytes_per_token": "B",
                "total_bytes": "B",
                "per_sequence_bytes": "B",
                "cached_tokens_per_sequence": "",
            },
            headline=("bytes_per_token", "total_bytes"),
            presets={
                "llama-3-70b-128k": {
                    "label_en": "Llama 3 70B (GQA) at 128k context",
                    "label_es": "Llama 3 70B (GQA) con contexto de 128k",
                    "model": "llama-3-70b",
                    "context": "128k",
                    "batch": "1",
                },
                "deepseek-v3-128k": {
                    "label_en": "DeepSeek-V3 (MLA) at 128k context",
                    "label_es": "DeepSeek-V3 (MLA) con contexto de 128k",
                    "model": "deepseek-v3",
                    "context": "128k",
                    "batch": "1",
                },
            },
            output_labels={
                "bytes_per_token": {"en": "Per token", "es": "Por token"},
                "total_bytes": {"en": "For batch × context", "es": "Para batch × contexto"},
            },
        )
    )
    register(
        Calculator(
            name="decode",
            title={"en": "Decode step bound", "es": "Cota del paso de decode"},
            fields=(
                Field(
                    "weights_bytes",
                    {"en": "Weight bytes", "es": "Bytes de pesos"},
                    unit="B",
                    default="14G",
                    param="weight_bytes_total",
                    low=0,
                    high=1e18,
                ),
                Field(
                    "kv_bytes",
                    {"en": "KV cache read per step (whole batch)", "es": "KV cache leída por paso (todo el batch)"},
                    unit="B",
                    default="0",
                    low=0,
                    high=1e18,
                ),
                Field("batch", {"en": "Batch", "es": "Batch"}, default="1", low=1, high=1e7, integer=True),
                Field("accelerator", {"en": "Accelerator", "es": "Acelerador"}, kind="accelerator", default="h100-sxm"),
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
                Field(
                    "count",
                    {"en": "Accelerators sharing the work", "es": "Aceleradores que reparten el trabajo"},
                    default="1",
                    low=1,
                    high=1e6,
                    integer=True,
                ),
                Field(
                    "params",
                    {"en": "Parameters (for the compute check)", "es": "Parámetros (para comprobar el cómputo)"},
                    optional=True,
                    low=0,
                    low_open=True,
                    high=1e15,
                ),
            ),
            function=decode,
            units={
                "step_seconds": "s",
                "tokens_per_second": "tokens/s",
                "batch_tokens_per_second": "tokens/s",
                "memory_seconds": "s",
                "compute_seconds": "s",
                "compute_bound_batch": "",
            },
            headline=("step_seconds", "tokens_per_second", "batch_tokens_per_second"),
            output_labels={
                "step_seconds": {"en": "Step time", "es": "Tiempo por paso"},
                "tokens_per_second": {"en": "Tokens/s per sequence", "es": "Tokens/s por secuencia"},
                "batch_tokens_per_second": {"en": "Tokens/s for the batch", "es": "Tokens/s del batch"},
            },
        )
    )
    register(
        Calculator(
            name="prefill",
            title={"en": "Prefill time bound", "es": "Cota del tiempo de prefill"},
            fields=(
                Field(
                    "params",
                    {"en": "Parameters (active, for MoE)", "es": "Parámetros (activos, en MoE)"},
                    default="8B",
                    low=0,
                    low_open=True,
                    high=1e15,
                ),
                Field(
                    "prompt_tokens", {"en": "Prompt tokens", "es": "Tokens del prompt"}, default="8192", low=1, high=1e9
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
                    {"en": "Peak per accelerator (custom chip)", "es": "Pico por acelerador (chip personalizado)"},
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
                    "count",
                    {"en": "Accelerators sharing the work", "es": "Aceleradores que reparten el trabajo"},
                    default="1",
                    low=1,
                    high=1e6,
                    integer=True,
                ),
                Field(
                    "mfu",
                    {"en": "Fraction of peak (0–1)", "es": "Fracción del pico (0–1)"},
                    default="1",
                    low=0,
                    low_open=True,
                    high=1,
                ),
            ),
            function=prefill,
            units={
                "prefill_seconds": "s",
                "flops": "FLOP",
                "peak_flop_per_s": "FLOP/s",
                "prompt_tokens_per_second": "tokens/s",
            },
            headline=("prefill_seconds", "prompt_tokens_per_second"),
            output_labels={
                "prefill_seconds": {"en": "Prefill time", "es": "Tiempo de prefill"},
                "prompt_tokens_per_second": {"en": "Prompt tokens/s", "es": "Tokens de prompt/s"},
            },
        )
    )


_register()
