# Training memory: bytes per parameter by recipe, ZeRO/FSDP sharding, activation memory, and whether it fits.
from __future__ import annotations

from .data import load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import ACCELERATOR, Calculator, Field
from .messages import text
from .plot import memory_bars_svg
from .results import Result, Step

# recipe -> (weight, gradient, optimizer-state) bytes per parameter.
# adam-mixed: ZeRO's accounting (Rajbhandari et al. 2020, §3.1): 2 (BF16/FP16 weights) + 2 (gradients)
#   + 12 (FP32 master weights, momentum and variance) = 16.
# adam-mixed-fp32-grads: adds an FP32 gradient-accumulation buffer (4) = 20.
# adam-8bit: 8-bit Adam states (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization"):
#   2 + 2 + 4 (FP32 master) + 1 + 1 = 10.
# bf16-adam: pure BF16 weights, gradients and both moments, no master copy = 8.
RECIPES: dict[str, tuple[float, float, float]] = {
    "adam-mixed": (2.0, 2.0, 12.0),
    "adam-mixed-fp32-grads": (2.0, 6.0, 12.0),
    "adam-8bit": (2.0, 2.0, 6.0),
    "bf16-adam": (2.0, 2.0, 4.0),
}
RECOMPUTE = ("none", "selective", "full")
# GPU memory a process holds once it has initialized CUDA, before any tensor: 287,047,680 bytes with lazy module
# loading (666,632,192 without), measured in PyTorch pull request #86509 ("Sets CUDA_MODULE_LOADING to LAZY when
# not set by the user", 2022), which made lazy loading PyTorch's default.
CUDA_CONTEXT_BYTES = 287_047_680.0


def bytes_per_param(*, recipe: str = "adam-mixed") -> float:
    """Training-state bytes per parameter: weights + gradients + optimizer states (see RECIPES).

    Source: Rajbhandari et al. (2020), "ZeRO: Memory Optimizations Toward Training Trillion Parameter
    Models", §3.1: mixed-precision Adam holds 2Ψ + 2Ψ + 12Ψ = 16Ψ bytes. Example: adam-mixed → 16.
    """
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    return weights + grads + optimizer


def zero_bytes_per_accelerator(
    *, params: float, recipe: str = "adam-mixed", zero_stage: int = 0, count: float = 1
) -> float:
    """Training state per accelerator under ZeRO stage 0–3 (stage 3 is what FSDP calls full sharding).

    Stage 0: (w + g + o)Ψ; 1: (w + g)Ψ + oΨ/N; 2: wΨ + (g + o)Ψ/N; 3: (w + g + o)Ψ/N.
    Source: Rajbhandari et al. (2020), Figure 1. Example: Ψ = 7.5B, N = 64, adam-mixed:
    120 GB, 31.4 GB, 16.6 GB and 1.88 GB for stages 0 to 3.
    """
    psi = check_number("params", params, low=0, low_open=True, high=1e15)
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    n = check_number("count", count, low=1, high=1e7, integer=True)
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    sharded = {0: 0.0, 1: optimizer, 2: optimizer + grads, 3: optimizer + grads + weights}[stage]
    replicated = weights + grads + optimizer - sharded
    return psi * (replicated + sharded / n)


def activation_bytes(
    *,
    layers: float,
    hidden_size: float,
    attention_heads: float,
    sequence_length: float,
    micro_batch: float = 1,
    recompute: str = "none",
    tensor_parallel: float = 1,
) -> float:
    """Activation memory of a transformer's layers for one micro-batch, 16-bit activations.

    Per layer: s·b·h·(34 + 5·a·s/h) bytes without recomputation; 34·s·b·h with selective recomputation
    (attention scores recomputed); 2·s·b·h with full recomputation (only each layer's input kept).
    Divided by t with tensor and sequence parallelism. Source: Korthikanti et al. (2022), "Reducing
    Activation Recomputation in Large Transformer Models", §4 (eqs. 1–2, Table 2).
    Example: GPT-3 175B (h = 12288, a = 96, L = 96), s = 2048, b = 1, none: 96 × 2048 × 12288 ×
    (34 + 5·96·2048/12288) = 274.9 GB.
    """
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    h = check_number("hidden_size", hidden_size, low=1, high=1e7, integer=True)
    a = check_number("attention_heads", attention_heads, low=1, high=1e5, integer=True)
    s = check_number("sequence_length", sequence_length, low=1, high=1e8, integer=True)
    b = check_number("micro_batch", micro_batch, low=1, high=1e6, integer=True)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e4, integer=True)
    mode = check_choice("recompute", recompute, RECOMPUTE)
    per_layer = {"none": s * b * h * (34 + 5 * a * s / h), "selective": 34 * s * b * h, "full": 2 * s * b * h}[mode]
    return check_finite_result("activation_bytes", n_layers * per_layer / t)


def training_memory(
    *,
    params: float,
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
        runtime_reserve_bytes: memory the runtime holds before any tensor, left out of the fit (default
            CUDA_CONTEXT_BYTES, the CUDA context of a PyTorch process).

    Returns:
        Result with bytes_per_param, total_bytes (state of the whole model), per_accelerator_bytes
        (state plus activations on one accelerator), weight/gradient/optimizer bytes per accelerator,
        activation_bytes, and with an accelerator capacity_bytes and fits.

    Raises:
        CalcError: a value outside its range or an unknown recipe, recompute mode or accelerator.
    """
    psi = check_number("params", params, low=0, low_open=True, high=1e15)
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    n = check_number("count", count, low=1, high=1e7, integer=True)
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    per_param = weights + grads + optimizer
    total = psi * per_param
    state = zero_bytes_per_accelerator(params=psi, recipe=recipe, zero_stage=stage, count=n)
    share = {
        name: psi * size / (n if stage >= level else 1)
        for name, size, level in (("weight", weights, 3), ("gradient", grads, 2), ("optimizer", optimizer, 1))
    }
    steps = [
        Step(
            "bytes_per_param",
            text("training-memory.step.bytes_per_param", recipe=text(f"option.recipe.{recipe}")),
            r"w + g + o",
            "{w} + {g} + {o}",
            {"w": (weights, "B"), "g": (grads, "B"), "o": (optimizer, "B")},
            per_param,
            "B",
        ),
        Step(
            "total_bytes",
            text("training-memory.step.total_bytes"),
            r"\Psi\,(w + g + o)",
            "{P} × {b}",
            {"P": (psi, ""), "b": (per_param, "B")},
            total,
            "B",
        ),
        Step(
            "state_bytes",
            text("training-memory.step.state_bytes", stage=stage, count=float(n)),
            r"w\Psi/N_w + g\Psi/N_g + o\Psi/N_o",
            "{W} + {G} + {O}",
            {"W": (share["weight"], "B"), "G": (share["gradient"], "B"), "O": (share["optimizer"], "B")},
            state,
            "B",
        ),
    ]
    activations = 0.0
    if layers is not None and hidden_size is not None:
        heads = attention_heads if attention_heads is not None else max(1.0, round(hidden_size / 128))
        activations = activation_bytes(
            layers=layers,
            hidden_size=hidden_size,
            attention_heads=heads,
            sequence_length=sequence_length,
            micro_batch=micro_batch,
            recompute=recompute,
        )
        formula, substitution = {
            "none": (r"L\,s\,b\,h\,(34 + 5as/h)", "{L} × {s} × {b} × {h} × (34 + 5 × {a} × {s} / {h})"),
            "selective": (r"34\,L\,s\,b\,h", "34 × {L} × {s} × {b} × {h}"),
            "full": (r"2\,L\,s\,b\,h", "2 × {L} × {s} × {b} × {h}"),
        }[recompute]
        steps.append(
            Step(
                "activation_bytes",
                text("training-memory.step.activation_bytes", recompute=text(f"option.recompute.{recompute}")),
                formula,
                substitution,
                {
                    "L": (layers, ""),
                    "s": (sequence_length, ""),
                    "b": (micro_batch, ""),
                    "h": (hidden_size, ""),
                    "a": (heads, ""),
                },
                activations,
                "B",
            )
        )
    per_accelerator = state + activations
    quantities: dict[str, float | str | bool | None] = {
        "bytes_per_param": per_param,
        "total_bytes": total,
        "per_accelerator_bytes": per_accelerator,
        "weight_bytes": share["weight"],
        "gradient_bytes": share["gradient"],
        "optimizer_bytes": share["optimizer"],
        "activation_bytes": activations,
        "capacity_bytes": None,
        "fits": None,
    }
    capacity, where = None, None
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        if not chip.memory_bytes:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
        capacity, where = chip.memory_bytes, text("training-memory.step.capacity", chip=chip.name)
    elif capacity_bytes is not None:
        capacity = check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e18)
        where = text("training-memory.step.capacity", chip=text("chip.custom"))
    reserve = CUDA_CONTEXT_BYTES if runtime_reserve_bytes is None else runtime_reserve_bytes
    reserve = check_number("runtime_reserve_bytes", reserve, low=0, high=1e15)
    quantities["runtime_reserve_bytes"] = reserve
    quantities["usable_bytes"] = None
    if capacity is not None and where is not None:
        usable = capacity - reserve
        quantities["capacity_bytes"] = capacity
        quantities["usable_bytes"] = usable
        quantities["fits"] = per_accelerator <= usable
        steps.append(Step("capacity_bytes", where, r"M", "{M}", {"M": (capacity, "B")}, capacity, "B"))
        steps.append(
            Step(
                "usable_bytes",
                text("training-memory.step.usable"),
                r"M - R_\text{runtime}",
                "{M} − {R}",
                {"M": (capacity, "B"), "R": (reserve, "B")},
                usable,
                "B",
            )
        )
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="training-memory", quantities=quantities, steps=steps)


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
        Field("params", default="70B", low=0, low_open=True, high=1e15),
        Field("recipe", kind="choice", default="adam-mixed", choices=tuple(RECIPES)),
        Field("zero", default="0", param="zero_stage", low=0, high=3, integer=True),
        Field("count", default="1", low=1, high=1e7, integer=True),
        ACCELERATOR,
        Field(
            "memory_gb",
            unit="GB",
            default="80",
            param="capacity_bytes",
            scale=1e9,
            custom_of="accelerator",
            low=0,
            low_open=True,
            high=1e9,
        ),
        Field("layers", optional=True, low=1, high=1e4, integer=True, advanced=True),
        Field("hidden_size", optional=True, low=1, high=1e7, integer=True, advanced=True),
        Field("heads", optional=True, param="attention_heads", low=1, high=1e5, integer=True, advanced=True),
        Field("seq_len", default="4096", param="sequence_length", low=1, high=1e8, integer=True, advanced=True),
        Field("micro_batch", default="1", low=1, high=1e6, integer=True, advanced=True),
        Field("recompute", kind="choice", default="none", choices=RECOMPUTE, advanced=True),
        Field(
            "reserve_gb",
            unit="GB",
            param="runtime_reserve_bytes",
            scale=1e9,
            optional=True,
            low=0,
            high=1e6,
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
