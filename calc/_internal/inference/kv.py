# The KV-cache calculator: a model's cache per token and per sequence, and whether it fits beside the weights.
from __future__ import annotations

from dataclasses import dataclass

from ..data import Model, load_data
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    Calculator,
    Field,
)
from ..messages import Text, text
from ..results import Result, Scalar, Step, q, step
from .formulas import (
    ATTENTION,
    INT4_GROUP_SIZE,
    MEMORY_UTILIZATION,
    MODEL,
    WEIGHT_FORMATS,
    cached_tokens,
    kv_bytes_per_token,
    model_tables,
    served_weight_bytes,
    weight_bytes,
)


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
    found = None
    if model is None:
        layers = check_number("layers", layers)
        label: object = text("model.custom")
        cache = _Cache(label, layers, kv_heads, head_dim, attention, kv_lora_rank, rope_head_dim, window)
    else:
        found = load_data().model(model)
        cache = _model_cache(found)
    per_token = _per_token(cache, bytes_per_value)
    kept = cached_tokens(context=context, window=cache.window if cache.attention == "sliding" else None)
    b = check_number("batch", batch)
    per_sequence = per_token * kept
    total = check_finite_result("total_bytes", per_sequence * b)
    steps = _cache_steps(cache, bytes_per_value, float(context), per_token, kept, b, total)
    fmt = check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
    u = check_number("memory_utilization", memory_utilization)
    fit, fit_steps, notes = _fit(accelerator, found, params, cache.label, fmt, u, total)
    quantities = {"bytes_per_token": per_token, "total_bytes": total, "per_sequence_bytes": per_sequence}
    quantities["cached_tokens_per_sequence"] = kept
    return Result(calculator="kv-cache", quantities={**quantities, **fit}, steps=steps + fit_steps, notes=notes)


@dataclass(frozen=True)
class _Cache:
    """What a model's KV cache depends on: a data/ model's attention, or the one described."""

    label: object
    layers: float
    kv_heads: float | None
    head_dim: float | None
    attention: str
    kv_lora_rank: float | None
    rope_head_dim: float | None
    window: float | None


def _model_cache(found: Model) -> _Cache:
    words = load_data().model_words(found)
    return _Cache(
        words,
        found.layers,
        found.kv_heads,
        found.head_dim,
        found.attention,
        found.kv_lora_rank,
        found.rope_head_dim,
        found.window,
    )


def _per_token(cache: _Cache, bytes_per_value: float) -> float:
    return kv_bytes_per_token(
        layers=cache.layers,
        kv_heads=cache.kv_heads,
        head_dim=cache.head_dim,
        bytes_per_value=bytes_per_value,
        attention=cache.attention,
        kv_lora_rank=cache.kv_lora_rank,
        rope_head_dim=cache.rope_head_dim,
    )


def _cache_steps(
    cache: _Cache, bytes_per_value: float, context: float, per_token: float, kept: float, b: float, total: float
) -> list[Step]:
    """Bytes per token (MLA's latent and RoPE key, or K and V per KV head), the tokens kept, and the batch's cache."""
    attention = cache.attention
    label = text("kv-cache.step.bytes_per_token", model=cache.label, attention=text(f"option.attention.{attention}"))
    if attention == "mla":
        first = step(
            "bytes_per_token",
            label,
            r"L\,(d_c + d_r)\,s",
            "{L} × ({c} + {r}) × {s}",
            per_token,
            "B",
            L=float(cache.layers),
            c=float(cache.kv_lora_rank or 0),
            r=float(cache.rope_head_dim or 0),
            s=q(bytes_per_value, "B"),
        )
    else:
        heads = 1 if attention == "mqa" else cache.kv_heads
        first = step(
            "bytes_per_token",
            label,
            r"2\,L\,H_{kv}\,d\,s",
            "2 × {L} × {H} × {d} × {s}",
            per_token,
            "B",
            L=float(cache.layers),
            H=float(heads or 0),
            d=float(cache.head_dim or 0),
            s=q(bytes_per_value, "B"),
        )
    sliding = attention == "sliding"
    return [
        first,
        step(
            "cached_tokens_per_sequence",
            text("kv-cache.step.cached_tokens"),
            r"\min(T, W)" if sliding else "T",
            "min({T}, {W})" if sliding else "{T}",
            kept,
            "",
            T=context,
            W=float(cache.window or context),
        ),
        step(
            "total_bytes",
            text("kv-cache.step.total_bytes"),
            r"b_\text{tok} \cdot T \cdot B",
            "{p} × {T} × {B}",
            total,
            "B",
            p=q(per_token, "B"),
            T=kept,
            B=b,
        ),
    ]


def _fit(
    accelerator: str | None, found: Model | None, params: float | None, label: object, fmt: str, u: float, total: float
) -> tuple[dict[str, Scalar], list[Step], list[Text]]:
    """With an accelerator: the weights in `fmt`, the memory usable at `u`, and whether weights and cache fit."""
    if accelerator is None:
        if fmt != "bf16":
            raise CalcError(
                field="weight_format", kind="only_when", choices=sorted(load_data().accelerators), detail="accelerator"
            )
        fit: dict[str, Scalar] = dict.fromkeys(("weights_bytes", "usable_bytes", "needed_bytes", "fits", "fit"))
        return fit, [], [text("kv-cache.note.no_accelerator")]
    chip = load_data().accelerator(accelerator)
    memory = chip.device_memory_bytes
    if not memory:
        raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
    weights, steps, notes = _weights(found, params, label, fmt)
    usable = memory * u
    needed = check_finite_result("needed_bytes", weights + total)
    steps += [
        step(
            "usable_bytes",
            text("kv-cache.step.usable", chip=chip.name),
            r"M_u = M\,u",
            "{M} × {u}",
            usable,
            "B",
            M=q(memory, "B"),
            u=u,
        ),
        step(
            "needed_bytes",
            text("kv-cache.step.needed"),
            r"W + KV",
            "{W} + {K}",
            needed,
            "B",
            W=q(weights, "B"),
            K=q(total, "B"),
        ),
    ]
    fits = needed <= usable
    fit = {"weights_bytes": weights, "usable_bytes": usable, "needed_bytes": needed, "fits": fits}
    fit["fit"] = "fits" if fits else "does-not-fit"
    return fit, steps, notes


def _weights(
    found: Model | None, params: float | None, label: object, fmt: str
) -> tuple[float, list[Step], list[Text]]:
    """The weights a server holds in `fmt`: a data/ model's (its embedding tables kept in 16 bits), a described
    model's N·s, or none (a note) without a parameter count."""
    per_weight = weight_bytes(params=1.0, weight_format=fmt, group_size=INT4_GROUP_SIZE)
    words = text("kv-cache.step.weights", model=label, format=fmt.upper())
    if found is not None:
        tables, _ = model_tables(found)
        weights = served_weight_bytes(params=found.params, table_params=tables, weight_format=fmt)
        formula, template = r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}", "({N} − {E}) × {s} + {E} × 2"
        line = step(
            "weights_bytes", words, formula, template, weights, "B", N=found.params, E=tables, s=q(per_weight, "B")
        )
        return weights, [line], []
    if params is None:
        return 0.0, [], [text("kv-cache.note.no_params")]
    n_params = check_number("params", params)
    weights = n_params * per_weight
    line = step("weights_bytes", words, r"W = N\,s", "{N} × {s}", weights, "B", N=n_params, s=q(per_weight, "B"))
    return weights, [line], []


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
