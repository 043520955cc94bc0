# The training-memory calculator: the training state and activations per accelerator, and whether they fit.
from __future__ import annotations

from dataclasses import dataclass

from ..data import Model, load_data
from ..errors import check_choice, check_finite_result, check_number
from ..fields import ACCELERATOR, CUSTOM_MEMORY, Calculator, Field
from ..messages import text
from ..plot import memory_bars_svg
from ..results import Result, Scalar, Step, q, step
from .activations import MLPS, SWITCHES, LayerShape, activation_steps, layer_shape
from .state import (
    CUDA_CONTEXT_BYTES,
    RECIPES,
    RECOMPUTE,
    device_capacity,
    usable_capacity,
    zero_bytes_per_accelerator,
)


def training_memory(
    *,
    params: float | None = None,
    recipe: str = "adam-mixed",
    zero_stage: int = 0,
    count: float = 1,
    accelerator: str | None = None,
    capacity_bytes: float | None = None,
    layers: float | None = None,
    hidden_size: float | None = None,
    attention_heads: float | None = None,
    sequence_length: float = 4096,
    micro_batch: float = 1,
    recompute: str = "none",
    model: str | None = None,
    kv_heads: float | None = None,
    ffn_hidden_size: float | None = None,
    mlp: str = "gelu",
    vocab_size: float | None = None,
    flash_attention: str = "off",
    dropout: str = "on",
    runtime_reserve_bytes: float | None = None,
) -> Result:
    """Memory per accelerator of training state (weights, gradients, optimizer) and, optionally, activations.

    Parameters:
        params: parameters Ψ (all of them, experts included).
        recipe: adam-mixed (16 B/param), adam-mixed-fp32-grads (20), adam-8bit (10), bf16-adam (8).
        zero_stage: ZeRO stage 0–3 (3 = FSDP full sharding) over `count` accelerators.
        count: data-parallel accelerators sharing the state.
        accelerator: a data/ id; adds its capacity and whether the total fits.
        capacity_bytes: a custom chip's memory instead of `accelerator`.
        layers, hidden_size, attention_heads, sequence_length, micro_batch, recompute: with `layers` and
            `hidden_size` given, adds activation memory (Korthikanti et al. 2022); heads default to h/128.
        model: a data/ model whose parameters and shape (KV heads, FFN width, MLP, vocabulary, experts) are used.
        kv_heads, ffn_hidden_size, mlp, vocab_size: a custom model's blocks (GQA, FFN width default 4h, gelu or
            swiglu, and the vocabulary whose FP32 logits the loss keeps).
        flash_attention, dropout: "on" or "off"; FlashAttention stores no s x s scores, no dropout no masks.
        runtime_reserve_bytes: memory the runtime holds before any tensor, left out of the fit (default
            CUDA_CONTEXT_BYTES, the CUDA context of a PyTorch process).

    Returns:
        Result with bytes_per_param, total_bytes (state of the whole model), per_accelerator_bytes
        (state plus activations on one accelerator), weight/gradient/optimizer bytes per accelerator,
        activation_bytes, and with an accelerator capacity_bytes and fits.

    Raises:
        CalcError: a value outside its range or an unknown recipe, recompute mode or accelerator.
    """
    found = load_data().model(model) if model is not None else None
    if found is not None:
        blocks = _model_blocks(found, mlp)
    else:
        custom = (params, layers, hidden_size, attention_heads, kv_heads, None, ffn_hidden_size, 1.0, mlp, vocab_size)
        blocks = _Blocks(*custom)
    psi = check_number("params", blocks.params)
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    n = check_number("count", count)
    flash = check_choice("flash_attention", flash_attention, SWITCHES) == "on"
    with_dropout = check_choice("dropout", dropout, SWITCHES) == "on"
    quantities, state, steps = _state(psi, recipe, stage, n)
    activations = 0.0
    if blocks.layers is not None and blocks.hidden_size is not None:
        layer = _layer(blocks, blocks.hidden_size, sequence_length, micro_batch, recompute, flash, with_dropout)
        label = text("training-memory.step.activation_bytes", recompute=text(f"option.recompute.{recompute}"))
        _, activations, more = activation_steps(
            layer, layers_in_flight=blocks.layers, vocab_size=blocks.vocab_size, layer_label=label
        )
        steps += more
    quantities["per_accelerator_bytes"] = per_accelerator = state + activations
    quantities["activation_bytes"] = activations
    steps += _fit(quantities, per_accelerator, accelerator, capacity_bytes, runtime_reserve_bytes)
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="training-memory", quantities=quantities, steps=steps)


@dataclass(frozen=True)
class _Blocks:
    """The model as training memory reads it: a data/ model's figures, or the custom ones given (None: not given).
    `ffn_hidden_size` is the MLP a token passes, `mlp_copies` how many (an expert's, times those a token visits)."""

    params: float | None
    layers: float | None
    hidden_size: float | None
    attention_heads: float | None
    kv_heads: float | None
    head_dim: float | None
    ffn_hidden_size: float | None
    mlp_copies: float
    mlp: str
    vocab_size: float | None


def _model_blocks(found: Model, mlp: str) -> _Blocks:
    width, copies = found.ffn_hidden_size, 1.0
    if found.experts is not None:
        width = found.expert_ffn_hidden_size
        copies = float((found.experts_per_token or 1) + (found.shared_experts or 0))
    return _Blocks(
        found.params,
        found.layers,
        found.hidden_size,
        found.attention_heads,
        found.kv_heads,
        found.head_dim,
        width,
        copies,
        found.mlp or mlp,
        found.vocab_size,
    )


def _layer(
    blocks: _Blocks,
    hidden: float,
    sequence_length: float,
    micro_batch: float,
    recompute: str,
    flash: bool,
    dropout: bool,
) -> LayerShape:
    """One layer's activation inputs, checked (heads default to h/128)."""
    heads = blocks.attention_heads if blocks.attention_heads is not None else max(1.0, round(hidden / 128))
    check_number("layers", blocks.layers)
    check_number("micro_batch", micro_batch)
    return layer_shape(
        sequence_length=sequence_length,
        micro_batch=micro_batch,
        hidden_size=hidden,
        attention_heads=heads,
        kv_heads=blocks.kv_heads,
        head_dim=blocks.head_dim,
        ffn_hidden_size=blocks.ffn_hidden_size,
        mlp=blocks.mlp,
        mlp_copies=blocks.mlp_copies,
        recompute=recompute,
        flash_attention=flash,
        dropout=dropout,
    )


def _state(psi: float, recipe: str, stage: int, n: float) -> tuple[dict[str, Scalar], float, list[Step]]:
    """The training state: bytes per parameter by recipe, for the whole model, and on one accelerator under ZeRO."""
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    per_param = weights + grads + optimizer
    total = psi * per_param
    state = zero_bytes_per_accelerator(params=psi, recipe=recipe, zero_stage=stage, count=n)
    share = {
        name: psi * size / (n if stage >= level else 1)
        for name, size, level in (("weight", weights, 3), ("gradient", grads, 2), ("optimizer", optimizer, 1))
    }
    steps = [
        step(
            "bytes_per_param",
            text("training-memory.step.bytes_per_param", recipe=text(f"option.recipe.{recipe}")),
            r"w + g + o",
            "{w} + {g} + {o}",
            per_param,
            "B",
            w=q(weights, "B"),
            g=q(grads, "B"),
            o=q(optimizer, "B"),
        ),
        step(
            "total_bytes",
            text("training-memory.step.total_bytes"),
            r"\Psi\,(w + g + o)",
            "{P} × {b}",
            total,
            "B",
            P=psi,
            b=q(per_param, "B"),
        ),
        step(
            "state_bytes",
            text("training-memory.step.state_bytes", stage=stage, count=float(n)),
            r"w\Psi/N_w + g\Psi/N_g + o\Psi/N_o",
            "{W} + {G} + {O}",
            state,
            "B",
            W=q(share["weight"], "B"),
            G=q(share["gradient"], "B"),
            O=q(share["optimizer"], "B"),
        ),
    ]
    quantities: dict[str, Scalar] = {
        "bytes_per_param": per_param,
        "total_bytes": total,
        "per_accelerator_bytes": state,
        "weight_bytes": share["weight"],
        "gradient_bytes": share["gradient"],
        "optimizer_bytes": share["optimizer"],
        "activation_bytes": 0.0,
        "capacity_bytes": None,
        "fits": None,
    }
    return quantities, state, steps


def _fit(
    quantities: dict[str, Scalar],
    per_accelerator: float,
    accelerator: str | None,
    capacity_bytes: float | None,
    runtime_reserve_bytes: float | None,
) -> list[Step]:
    """With a chip's memory, the room the runtime leaves on it and whether the accelerator's bytes fit."""
    capacity, where = None, None
    if accelerator is not None:
        capacity, where = device_capacity(load_data().accelerator(accelerator))
    elif capacity_bytes is not None:
        capacity = check_number("capacity_bytes", capacity_bytes)
        where = text("training-memory.step.capacity", chip=text("chip.custom"))
    reserve = CUDA_CONTEXT_BYTES if runtime_reserve_bytes is None else runtime_reserve_bytes
    reserve = check_number("runtime_reserve_bytes", reserve)
    quantities["runtime_reserve_bytes"] = reserve
    quantities["usable_bytes"] = None
    if capacity is None or where is None:
        return []
    usable, capacity_steps = usable_capacity(capacity, where, reserve)
    quantities["capacity_bytes"] = capacity
    quantities["usable_bytes"] = usable
    quantities["fits"] = per_accelerator <= usable
    return capacity_steps


def _training_memory_result_svg(result: Result, lang: str) -> str:
    """The chart: weights, gradients, optimizer states and activations per accelerator against its capacity."""
    q = result.quantities
    names = {
        "weight_bytes": "plot.memory.weights",
        "gradient_bytes": "plot.memory.gradients",
        "optimizer_bytes": "plot.memory.optimizer",
        "activation_bytes": "plot.memory.activations",
    }
    parts = tuple(
        (text(label).render(lang), float(q[key]))  # type: ignore[arg-type]
        for key, label in names.items()
        if isinstance(q.get(key), (int, float))
    )
    capacity = q.get("capacity_bytes")
    return memory_bars_svg(
        parts=parts, capacity_bytes=float(capacity) if isinstance(capacity, (int, float)) else None, lang=lang
    )


TRAINING_MEMORY = Calculator(
    name="training-memory",
    fields=(
        Field("model", kind="model", default="custom"),
        Field(
            "params",
            default="70B",
            custom_of="model",
        ),
        Field("recipe", kind="choice", default="adam-mixed", choices=tuple(RECIPES)),
        Field(
            "zero",
            default="0",
            param="zero_stage",
        ),
        Field(
            "count",
            default="1",
        ),
        ACCELERATOR,
        CUSTOM_MEMORY,
        Field("layers", optional=True, custom_of="model", advanced=True),
        Field("hidden_size", optional=True, custom_of="model", advanced=True),
        Field(
            "heads",
            optional=True,
            custom_of="model",
            param="attention_heads",
            advanced=True,
        ),
        Field("kv_heads", optional=True, custom_of="model", advanced=True),
        Field(
            "ffn",
            optional=True,
            custom_of="model",
            param="ffn_hidden_size",
            advanced=True,
        ),
        Field("mlp", kind="choice", default="gelu", choices=MLPS, custom_of="model", advanced=True),
        Field("vocab", optional=True, custom_of="model", param="vocab_size", advanced=True),
        Field("seq_len", default="4096", param="sequence_length", advanced=True),
        Field("micro_batch", default="1", advanced=True),
        Field("recompute", kind="choice", default="none", choices=RECOMPUTE, advanced=True),
        Field("flash_attention", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field("dropout", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field(
            "reserve_gb",
            unit="GB",
            param="runtime_reserve_bytes",
            scale=1e9,
            optional=True,
            advanced=True,
            default_from=lambda: CUDA_CONTEXT_BYTES / 1e9,
        ),
    ),
    function=training_memory,
    units={
        "bytes_per_param": "B",
        "total_bytes": "B",
        "per_accelerator_bytes": "B",
        "weight_bytes": "B",
        "gradient_bytes": "B",
        "optimizer_bytes": "B",
        "activation_bytes": "B",
        "capacity_bytes": "B",
        "runtime_reserve_bytes": "B",
        "usable_bytes": "B",
    },
    headline=("bytes_per_param", "total_bytes", "per_accelerator_bytes"),
    plot=_training_memory_result_svg,
)
