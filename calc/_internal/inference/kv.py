# The KV-cache calculator: a model's cache per token and per sequence, and whether it fits beside the weights.
from __future__ import annotations

from ..data import load_data
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    Calculator,
    Field,
)
from ..messages import Text, text
from ..results import Result, Step
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
