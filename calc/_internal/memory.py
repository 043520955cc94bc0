# Training memory: bytes per parameter by recipe, ZeRO/FSDP sharding, activation memory, and whether it fits.
from __future__ import annotations

from .data import Accelerator, load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import ACCELERATOR, Calculator, Field
from .messages import Text, text
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


def device_capacity(chip: Accelerator) -> tuple[float, Text]:
    """The chip's memory for a fit check (the driver's total where measured, else the datasheet's) and its label."""
    capacity = chip.device_memory_bytes
    if not capacity:
        raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
    key = "memory.step.capacity_reported" if chip.reported_memory_bytes else "training-memory.step.capacity"
    return capacity, text(key, chip=chip.words())


def usable_capacity(capacity: float, where: Text, reserve: float = CUDA_CONTEXT_BYTES) -> tuple[float, list[Step]]:
    """What a process can fill: the capacity less the runtime's reserve, with the two steps that show it."""
    usable = capacity - reserve
    return usable, [
        Step("capacity_bytes", where, r"M", "{M}", {"M": (capacity, "B")}, capacity, "B"),
        Step(
            "usable_bytes",
            text("training-memory.step.usable"),
            r"M - R_\text{runtime}",
            "{M} − {R}",
            {"M": (capacity, "B"), "R": (reserve, "B")},
            usable,
            "B",
        ),
    ]


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


MLPS = ("gelu", "swiglu")
SWITCHES = ("on", "off")
# MLP activations stored per F-wide unit of the hidden layer, in bytes per token: GELU keeps its input and output
# (2 + 2); a fused SwiGLU keeps the gate and up projections (2 + 2) and the product that feeds the down projection (2).
_MLP_BYTES = {"gelu": 4.0, "swiglu": 6.0}


def layer_activation_parts(
    *,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    attention_heads: float,
    kv_heads: float | None = None,
    head_dim: float | None = None,
    ffn_hidden_size: float | None = None,
    mlp: str = "gelu",
    mlp_copies: float = 1.0,
    tensor_parallel: float = 1,
    sequence_parallel: bool = False,
    recompute: str = "none",
    flash_attention: bool = False,
    dropout: bool = True,
    context_parallel: float = 1,
) -> dict[str, float]:
    """Activation bytes one transformer layer stores for one micro-batch on one device, by part (16-bit activations).

    Korthikanti et al. (2022), "Reducing Activation Recomputation in Large Transformer Models", §4.1-4.2
    and Table 2, for GPT's block (h = a·d, F = 4h, GELU, dropout): s·b·h·(34 + 5·a·s/h) bytes, of which
    - `replicated`: 10·s·b·h not split by tensor parallelism (two layer-norm inputs 4, the QKV and MLP inputs 2 + 2,
      two dropout masks 1 + 1); sequence parallelism splits it by t as well;
    - `linear`: 24·s·b·h split by t: Q and K 4, V 2, the attention output 2, the MLP 16 (GELU input and output);
    - `core`: 5·a·s²·b split by t: softmax output 2, its dropout mask 1, the dropout output 2.
    Following the model's real blocks: Q is a·d wide and K, V are k·d wide (grouped-query attention stores
    smaller K and V); a fused SwiGLU MLP keeps 6·s·b·F instead of GELU's 4·s·b·F (= 16·s·b·h at F = 4h);
    `mlp_copies` counts the F-wide MLPs a token passes (a mixture of experts: experts per token + shared).
    Without dropout the two masks (2·s·b·h) and the attention dropout (3·a·s²·b) go; FlashAttention
    (Dao et al. 2022) stores no s² matrix, only a 4-byte log-sum-exp per query and head (4·a·s·b).
    Selective recomputation drops `core`; full recomputation keeps only the layer input, 2·s·b·h
    (split by t with sequence parallelism, as Megatron-LM stores it; Korthikanti's Table 2 lists 2·s·b·h).
    With context parallelism of degree c, `sequence_length` is each rank's s/c tokens, whose queries attend to
    all s keys: the s×s terms become (s/c)·s, c times the local square.
    Example: GPT-3 175B (h 12288, a 96), s = 2048, b = 1: 2048 × 12288 × (34 + 80) = 2.87 GB per layer.
    """
    s = check_number("sequence_length", sequence_length, low=1, high=1e8, integer=True)
    b = check_number("micro_batch", micro_batch, low=1, high=1e6, integer=True)
    h = check_number("hidden_size", hidden_size, low=1, high=1e7, integer=True)
    a = check_number("attention_heads", attention_heads, low=1, high=1e5, integer=True)
    k = a if kv_heads is None else check_number("kv_heads", kv_heads, low=1, high=a, integer=True)
    d = h / a if head_dim is None else check_number("head_dim", head_dim, low=1, high=1e5, integer=True)
    f = 4 * h if ffn_hidden_size is None else check_number("ffn_hidden_size", ffn_hidden_size, low=1, high=1e8)
    copies = check_number("mlp_copies", mlp_copies, low=0, high=1e4)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e5, integer=True)
    mode = check_choice("recompute", recompute, RECOMPUTE)
    kind = check_choice("mlp", mlp, MLPS)
    return _layer_activation_parts(
        sequence_length=s,
        micro_batch=b,
        hidden_size=h,
        attention_heads=a,
        kv_heads=k,
        head_dim=d,
        ffn_hidden_size=f,
        mlp=kind,
        mlp_copies=copies,
        tensor_parallel=t,
        sequence_parallel=sequence_parallel,
        recompute=mode,
        flash_attention=flash_attention,
        dropout=dropout,
        context_parallel=context_parallel,
    )


def _layer_activation_parts(
    *,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    attention_heads: float,
    kv_heads: float,
    head_dim: float,
    ffn_hidden_size: float,
    mlp: str,
    mlp_copies: float,
    tensor_parallel: float,
    sequence_parallel: bool,
    recompute: str,
    flash_attention: bool,
    dropout: bool,
    context_parallel: float,
) -> dict[str, float]:
    """`layer_activation_parts` without its checks, on inputs already validated (floats, every default resolved):
    for the planner, which checks one layout's inputs with `layer_activation_parts` and then evaluates many."""
    s, b, h, a, k, d, f = (
        sequence_length,
        micro_batch,
        hidden_size,
        attention_heads,
        kv_heads,
        head_dim,
        ffn_hidden_size,
    )
    copies, t, mode, per_unit = mlp_copies, tensor_parallel, recompute, _MLP_BYTES[mlp]
    sbh = s * b * h
    split = t if sequence_parallel else 1.0
    if mode == "full":
        return {"replicated": 2 * sbh / split, "linear": 0.0, "core": 0.0}
    replicated = (10.0 if dropout else 8.0) * sbh
    kv_split = min(t, k)  # K and V heads split up to the number of KV heads, then replicated
    linear = s * b * (4 * a * d + per_unit * f * copies) / t + 4 * s * b * k * d / kv_split
    if mode == "selective":
        core = 0.0
    elif flash_attention:
        core = 4 * a * s * b / t
    else:
        core = (5.0 if dropout else 2.0) * a * s * s * b * context_parallel / t
    return {"replicated": replicated / split, "linear": linear, "core": core}


def output_activation_bytes(
    *,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    vocab_size: float,
    tensor_parallel: float = 1,
    sequence_parallel: bool = False,
) -> float:
    """Activations of the output layer for one micro-batch: the last norm's and the projection's inputs
    (2·s·b·h each) and the logits the cross-entropy keeps in FP32 (4·s·b·v), split by t (the logits always,
    the inputs with sequence parallelism). Source: Korthikanti et al. (2022), §4.3. Example: Llama 3's 128,256
    tokens at s = 8192, b = 1, t = 8: 4 × 8192 × 128256 / 8 = 525 MB of logits, 16 layers' worth of inputs
    kept under full recomputation (2·s·b·h/t = 33.6 MB each at h = 16384).
    """
    s = check_number("sequence_length", sequence_length, low=1, high=1e8, integer=True)
    b = check_number("micro_batch", micro_batch, low=1, high=1e6, integer=True)
    h = check_number("hidden_size", hidden_size, low=1, high=1e7, integer=True)
    v = check_number("vocab_size", vocab_size, low=1, high=1e8, integer=True)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e5, integer=True)
    return _output_activation_bytes(
        sequence_length=s,
        micro_batch=b,
        hidden_size=h,
        vocab_size=v,
        tensor_parallel=t,
        sequence_parallel=sequence_parallel,
    )


def _output_activation_bytes(
    *,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    vocab_size: float,
    tensor_parallel: float,
    sequence_parallel: bool,
) -> float:
    """`output_activation_bytes` on inputs it has already validated (floats), for the same callers as
    `_layer_activation_parts`."""
    s, b, h, v, t = sequence_length, micro_batch, hidden_size, vocab_size, tensor_parallel
    return 4 * s * b * h / (t if sequence_parallel else 1.0) + 4 * s * b * v / t


def activation_bytes(
    *,
    layers: float,
    hidden_size: float,
    attention_heads: float,
    sequence_length: float,
    micro_batch: float = 1,
    recompute: str = "none",
    tensor_parallel: float = 1,
    kv_heads: float | None = None,
    head_dim: float | None = None,
    ffn_hidden_size: float | None = None,
    mlp: str = "gelu",
    flash_attention: bool = False,
    dropout: bool = True,
    vocab_size: float | None = None,
) -> float:
    """Activation memory of a transformer's layers for one micro-batch, 16-bit activations, split by tensor and
    sequence parallelism of degree t.

    Per layer: s·b·h·(34 + 5·a·s/h) bytes without recomputation; 34·s·b·h with selective recomputation
    (attention scores recomputed); 2·s·b·h with full recomputation (only each layer's input kept).
    Divided by t with tensor and sequence parallelism. Source: Korthikanti et al. (2022), "Reducing
    Activation Recomputation in Large Transformer Models", §4 (eqs. 1–2, Table 2). The other blocks
    (grouped-query attention, SwiGLU, FlashAttention, no dropout) follow `layer_activation_parts`; with a
    `vocab_size` the output layer's logits are added (`output_activation_bytes`).
    Example: GPT-3 175B (h = 12288, a = 96, L = 96), s = 2048, b = 1, none: 96 × 2048 × 12288 ×
    (34 + 5·96·2048/12288) = 274.9 GB.
    """
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e4, integer=True)
    parts = layer_activation_parts(
        sequence_length=sequence_length,
        micro_batch=micro_batch,
        hidden_size=hidden_size,
        attention_heads=attention_heads,
        kv_heads=kv_heads,
        head_dim=head_dim,
        ffn_hidden_size=ffn_hidden_size,
        mlp=mlp,
        tensor_parallel=t,
        sequence_parallel=True,
        recompute=recompute,
        flash_attention=flash_attention,
        dropout=dropout,
    )
    total = n_layers * sum(parts.values())
    if vocab_size is not None:
        total += output_activation_bytes(
            sequence_length=sequence_length,
            micro_batch=micro_batch,
            hidden_size=hidden_size,
            vocab_size=vocab_size,
            tensor_parallel=t,
            sequence_parallel=True,
        )
    return check_finite_result("activation_bytes", total)


def activation_steps(
    *,
    layers_in_flight: float,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    attention_heads: float,
    kv_heads: float | None = None,
    head_dim: float | None = None,
    ffn_hidden_size: float | None = None,
    mlp: str = "gelu",
    mlp_copies: float = 1.0,
    tensor_parallel: float = 1,
    sequence_parallel: bool = False,
    recompute: str = "none",
    flash_attention: bool = False,
    dropout: bool = True,
    vocab_size: float | None = None,
    layer_label: Text | None = None,
    context_parallel: float = 1,
) -> tuple[float, float, list[Step]]:
    """Per-layer activation parts and their total over `layers_in_flight` layer-micro-batches, as derivation steps.

    Returns (bytes of one layer and micro-batch, total with the output layer's logits when `vocab_size` is given,
    steps). See `layer_activation_parts` and `output_activation_bytes` for the terms and their sources.
    """
    s, b, h, a = sequence_length, micro_batch, hidden_size, attention_heads
    parts = layer_activation_parts(
        sequence_length=s,
        micro_batch=b,
        hidden_size=h,
        attention_heads=a,
        kv_heads=kv_heads,
        head_dim=head_dim,
        ffn_hidden_size=ffn_hidden_size,
        mlp=mlp,
        mlp_copies=mlp_copies,
        tensor_parallel=tensor_parallel,
        sequence_parallel=sequence_parallel,
        recompute=recompute,
        flash_attention=flash_attention,
        dropout=dropout,
        context_parallel=context_parallel,
    )
    t = float(tensor_parallel)
    k = float(a if kv_heads is None else kv_heads)
    d = float(h / a if head_dim is None else head_dim)
    f = float(4 * h if ffn_hidden_size is None else ffn_hidden_size)
    split = t if sequence_parallel else 1.0
    over_split = " / {ts}" if split > 1 else ""
    over_t = " / {t}" if t > 1 else ""
    base = {"s": (float(s), ""), "b": (float(b), ""), "h": (float(h), ""), "t": (t, ""), "ts": (split, "")}
    steps: list[Step] = []
    if recompute == "full":
        steps.append(
            Step(
                "layer_input_bytes",
                text("activation.step.layer_input"),
                r"2\,s\,b\,h / t_s",
                "2 × {s} × {b} × {h}" + over_split,
                base,
                parts["replicated"],
                "B",
            )
        )
    else:
        r = 10.0 if dropout else 8.0
        steps.append(
            Step(
                "layer_unsplit_bytes",
                text("activation.step.unsplit" if dropout else "activation.step.unsplit_no_dropout"),
                rf"{r:g}\,s\,b\,h / t_s",
                f"{r:g} × {{s}} × {{b}} × {{h}}" + over_split,
                base,
                parts["replicated"],
                "B",
            )
        )
        u = _MLP_BYTES[mlp]
        kv_split = min(t, k)
        copies = " × {n}" if mlp_copies != 1 else ""
        steps.append(
            Step(
                "layer_linear_bytes",
                text("activation.step.linear", mlp=text(f"option.mlp.{mlp}")),
                r"s\,b\,(4ad + u\,F\,n)/t + 4\,s\,b\,k\,d/\min(t,k)",
                "{s} × {b} × (4 × {a} × {d} + {u} × {F}"
                + copies
                + ")"
                + over_t
                + " + 4 × {s} × {b} × {k} × {d}"
                + (" / {tk}" if kv_split > 1 else ""),
                {
                    **base,
                    "a": (float(a), ""),
                    "d": (d, ""),
                    "u": (u, ""),
                    "F": (f, ""),
                    "n": (float(mlp_copies), ""),
                    "k": (k, ""),
                    "tk": (kv_split, ""),
                },
                parts["linear"],
                "B",
            )
        )
        if recompute == "none":
            if flash_attention:
                formula, template, key = r"4\,a\,s\,b/t", "4 × {a} × {s} × {b}" + over_t, "activation.step.core_flash"
            else:
                c = 5.0 if dropout else 2.0
                formula, template = rf"{c:g}\,a\,s^2\,b/t", f"{c:g} × {{a}} × {{s}}² × {{b}}" + over_t
                key = "activation.step.core"
                if context_parallel > 1:
                    formula = rf"{c:g}\,a\,s^2\,b\,c_p/t"
                    template = f"{c:g} × {{a}} × {{s}}² × {{b}} × {{cp}}" + over_t
            values = {**base, "a": (float(a), ""), "cp": (float(context_parallel), "")}
            steps.append(Step("layer_core_bytes", text(key), formula, template, values, parts["core"], "B"))
    per_layer = sum(parts.values())
    total = layers_in_flight * per_layer
    names = {"replicated": "R", "linear": "X", "core": "C"}
    shown = [
        names[key]
        for key in ("replicated", "linear", "core")
        if key == "replicated" or (recompute != "full" and (key == "linear" or recompute == "none"))
    ]
    values = {
        "L": (float(layers_in_flight), ""),
        "R": (parts["replicated"], "B"),
        "X": (parts["linear"], "B"),
        "C": (parts["core"], "B"),
    }
    template = "{L} × (" + " + ".join("{" + n + "}" for n in shown) + ")"
    formula = r"L \cdot (" + " + ".join(shown) + ")"
    if vocab_size is not None:
        logits = output_activation_bytes(
            sequence_length=s,
            micro_batch=b,
            hidden_size=h,
            vocab_size=vocab_size,
            tensor_parallel=t,
            sequence_parallel=sequence_parallel,
        )
        steps.append(
            Step(
                "output_bytes",
                text("activation.step.output"),
                r"4\,s\,b\,h/t_s + 4\,s\,b\,v/t",
                "4 × {s} × {b} × {h}" + over_split + " + 4 × {s} × {b} × {V}" + over_t,
                {**base, "V": (float(vocab_size), "")},
                logits,
                "B",
            )
        )
        total += logits
        values["O"] = (logits, "B")
        template += " + {O}"
        formula += " + O"
    steps.append(
        Step(
            "activation_bytes",
            layer_label or text("activation.step.total"),
            formula,
            template,
            values,
            total,
            "B",
        )
    )
    return per_layer, check_finite_result("activation_bytes", total), steps


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
    shape = load_data().model(model) if model is not None else None
    if shape is not None:
        params, layers, hidden_size, attention_heads = (
            shape.params,
            shape.layers,
            shape.hidden_size,
            shape.attention_heads,
        )
        kv_heads, ffn_hidden_size, vocab_size, mlp = (
            shape.kv_heads,
            shape.ffn_hidden_size,
            shape.vocab_size,
            shape.mlp or mlp,
        )
    psi = check_number("params", params, low=0, low_open=True, high=1e15)
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    n = check_number("count", count, low=1, high=1e7, integer=True)
    flash = check_choice("flash_attention", flash_attention, SWITCHES) == "on"
    with_dropout = check_choice("dropout", dropout, SWITCHES) == "on"
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
        check_number("layers", layers, low=1, high=1e4, integer=True)
        check_number("micro_batch", micro_batch, low=1, high=1e6, integer=True)
        width, copies = ffn_hidden_size, 1.0
        if shape is not None and shape.experts is not None:
            width, copies = (
                shape.expert_ffn_hidden_size,
                float((shape.experts_per_token or 1) + (shape.shared_experts or 0)),
            )
        _, activations, activation_derivation = activation_steps(
            layers_in_flight=layers,
            sequence_length=sequence_length,
            micro_batch=micro_batch,
            hidden_size=hidden_size,
            attention_heads=heads,
            kv_heads=kv_heads,
            head_dim=shape.head_dim if shape is not None else None,
            ffn_hidden_size=width,
            mlp=mlp,
            mlp_copies=copies,
            recompute=recompute,
            flash_attention=flash,
            dropout=with_dropout,
            vocab_size=vocab_size,
            layer_label=text("training-memory.step.activation_bytes", recompute=text(f"option.recompute.{recompute}")),
        )
        steps += activation_derivation
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
        capacity, where = device_capacity(load_data().accelerator(accelerator))
    elif capacity_bytes is not None:
        capacity = check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e18)
        where = text("training-memory.step.capacity", chip=text("chip.custom"))
    reserve = CUDA_CONTEXT_BYTES if runtime_reserve_bytes is None else runtime_reserve_bytes
    reserve = check_number("runtime_reserve_bytes", reserve, low=0, high=1e15)
    quantities["runtime_reserve_bytes"] = reserve
    quantities["usable_bytes"] = None
    if capacity is not None and where is not None:
        usable, capacity_steps = usable_capacity(capacity, where, reserve)
        quantities["capacity_bytes"] = capacity
        quantities["usable_bytes"] = usable
        quantities["fits"] = per_accelerator <= usable
        steps += capacity_steps
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
        Field("model", kind="model", default="custom"),
        Field("params", default="70B", custom_of="model", low=0, low_open=True, high=1e15),
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
        Field("layers", optional=True, custom_of="model", low=1, high=1e4, integer=True, advanced=True),
        Field("hidden_size", optional=True, custom_of="model", low=1, high=1e7, integer=True, advanced=True),
        Field(
            "heads",
            optional=True,
            custom_of="model",
            param="attention_heads",
            low=1,
            high=1e5,
            integer=True,
            advanced=True,
        ),
        Field("kv_heads", optional=True, custom_of="model", low=1, high=1e5, integer=True, advanced=True),
        Field(
            "ffn",
            optional=True,
            custom_of="model",
            param="ffn_hidden_size",
            low=1,
            high=1e8,
            integer=True,
            advanced=True,
        ),
        Field("mlp", kind="choice", default="gelu", choices=MLPS, custom_of="model", advanced=True),
        Field(
            "vocab", optional=True, custom_of="model", param="vocab_size", low=1, high=1e8, integer=True, advanced=True
        ),
        Field("seq_len", default="4096", param="sequence_length", low=1, high=1e8, integer=True, advanced=True),
        Field("micro_batch", default="1", low=1, high=1e6, integer=True, advanced=True),
        Field("recompute", kind="choice", default="none", choices=RECOMPUTE, advanced=True),
        Field("flash_attention", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field("dropout", kind="choice", default="on", choices=SWITCHES, advanced=True),
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
