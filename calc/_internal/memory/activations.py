# Activation memory of a transformer's layers and output layer for one micro-batch (Korthikanti et al. 2022).
from __future__ import annotations

from dataclasses import dataclass

from ..errors import check_choice, check_finite_result, check_number
from ..messages import Text, text
from ..results import Figure, Step, q, step
from .state import RECOMPUTE

MLPS = ("gelu", "swiglu")
SWITCHES = ("on", "off")
# MLP activations stored per F-wide unit of the hidden layer, in bytes per token: GELU keeps its input and output
# (2 + 2); a fused SwiGLU keeps the gate and up projections (2 + 2) and the product that feeds the down projection (2).
_MLP_BYTES = {"gelu": 4.0, "swiglu": 6.0}


@dataclass(frozen=True)
class LayerShape:
    """One transformer layer's activation inputs on one device, checked and with every default resolved (k = a,
    d = h/a, F = 4h): what `layer_shape` makes of `layer_activation_parts`'s keywords, and what the planner builds
    for each layout it tries."""

    sequence_length: float
    micro_batch: float
    hidden_size: float
    attention_heads: float
    kv_heads: float
    head_dim: float
    ffn_hidden_size: float
    mlp: str
    mlp_copies: float
    tensor_parallel: float
    sequence_parallel: bool
    recompute: str
    flash_attention: bool
    dropout: bool
    context_parallel: float


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
    return layer_activation_parts_unchecked(
        layer_shape(
            sequence_length=sequence_length,
            micro_batch=micro_batch,
            hidden_size=hidden_size,
            attention_heads=attention_heads,
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
    )


def layer_shape(
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
) -> LayerShape:
    """`layer_activation_parts`'s inputs checked (CalcError names the one out of range), each default resolved."""
    s = check_number("sequence_length", sequence_length)
    b = check_number("micro_batch", micro_batch)
    h = check_number("hidden_size", hidden_size)
    a = check_number("attention_heads", attention_heads)
    k = a if kv_heads is None else check_number("kv_heads", kv_heads, low=1, high=a, integer=True)
    d = h / a if head_dim is None else check_number("head_dim", head_dim)
    f = 4 * h if ffn_hidden_size is None else check_number("ffn_hidden_size", ffn_hidden_size)
    copies = check_number("mlp_copies", mlp_copies, low=0, high=1e4)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e5, integer=True)
    mode = check_choice("recompute", recompute, RECOMPUTE)
    kind = check_choice("mlp", mlp, MLPS)
    return LayerShape(
        s, b, h, a, k, d, f, kind, copies, t, sequence_parallel, mode, flash_attention, dropout, context_parallel
    )


def layer_activation_parts_unchecked(shape: LayerShape) -> dict[str, float]:
    """`layer_activation_parts` without its checks, on a shape already checked: for the planner, which checks one
    layout's inputs with `layer_activation_parts` and then evaluates many."""
    s, b, h, a = shape.sequence_length, shape.micro_batch, shape.hidden_size, shape.attention_heads
    k, d, f, t = shape.kv_heads, shape.head_dim, shape.ffn_hidden_size, shape.tensor_parallel
    sbh = s * b * h
    split = t if shape.sequence_parallel else 1.0
    if shape.recompute == "full":
        return {"replicated": 2 * sbh / split, "linear": 0.0, "core": 0.0}
    replicated = (10.0 if shape.dropout else 8.0) * sbh
    kv_split = min(t, k)  # K and V heads split up to the number of KV heads, then replicated
    linear = s * b * (4 * a * d + _MLP_BYTES[shape.mlp] * f * shape.mlp_copies) / t + 4 * s * b * k * d / kv_split
    if shape.recompute == "selective":
        core = 0.0
    elif shape.flash_attention:
        core = 4 * a * s * b / t
    else:
        core = (5.0 if shape.dropout else 2.0) * a * s * s * b * shape.context_parallel / t
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
    s = check_number("sequence_length", sequence_length)
    b = check_number("micro_batch", micro_batch)
    h = check_number("hidden_size", hidden_size)
    v = check_number("vocab_size", vocab_size)
    t = check_number("tensor_parallel", tensor_parallel, low=1, high=1e5, integer=True)
    return output_activation_bytes_unchecked(
        sequence_length=s,
        micro_batch=b,
        hidden_size=h,
        vocab_size=v,
        tensor_parallel=t,
        sequence_parallel=sequence_parallel,
    )


def output_activation_bytes_unchecked(
    *,
    sequence_length: float,
    micro_batch: float,
    hidden_size: float,
    vocab_size: float,
    tensor_parallel: float,
    sequence_parallel: bool,
) -> float:
    """`output_activation_bytes` on inputs it has already validated (floats), for the same callers as
    `layer_activation_parts_unchecked`."""
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
    n_layers = check_number("layers", layers)
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
    shape: LayerShape, *, layers_in_flight: float, vocab_size: float | None = None, layer_label: Text | None = None
) -> tuple[float, float, list[Step]]:
    """Per-layer activation parts and their total over `layers_in_flight` layer-micro-batches, as derivation steps.

    Returns (bytes of one layer and micro-batch, total with the output layer's logits when `vocab_size` is given,
    steps). See `layer_activation_parts` and `output_activation_bytes` for the terms and their sources.
    """
    parts = layer_activation_parts_unchecked(shape)
    base = _base_figures(shape)
    steps = [_layer_input_step(shape, parts, base)] if shape.recompute == "full" else _part_steps(shape, parts, base)
    per_layer = sum(parts.values())
    total = layers_in_flight * per_layer
    logits = None
    if vocab_size is not None:
        logits = output_activation_bytes(
            sequence_length=shape.sequence_length,
            micro_batch=shape.micro_batch,
            hidden_size=shape.hidden_size,
            vocab_size=vocab_size,
            tensor_parallel=shape.tensor_parallel,
            sequence_parallel=shape.sequence_parallel,
        )
        steps.append(_output_step(shape, base, vocab_size, logits))
        total += logits
    steps.append(_total_step(shape.recompute, parts, layers_in_flight, logits, total, layer_label))
    return per_layer, check_finite_result("activation_bytes", total), steps


def _base_figures(shape: LayerShape) -> dict[str, Figure]:
    """The figures every part's step shows: s, b, h, t and the split t_s of what sequence parallelism divides."""
    t = float(shape.tensor_parallel)
    split = t if shape.sequence_parallel else 1.0
    return {
        "s": float(shape.sequence_length),
        "b": float(shape.micro_batch),
        "h": float(shape.hidden_size),
        "t": t,
        "ts": split,
    }


def _over(shape: LayerShape) -> tuple[str, str]:
    """The divisions a template shows, by t_s (what sequence parallelism splits) and by t, where above 1."""
    t = float(shape.tensor_parallel)
    split = t if shape.sequence_parallel else 1.0
    return (" / {ts}" if split > 1 else "", " / {t}" if t > 1 else "")


def _layer_input_step(shape: LayerShape, parts: dict[str, float], base: dict[str, Figure]) -> Step:
    """Full recomputation keeps only each layer's input."""
    template = "2 × {s} × {b} × {h}" + _over(shape)[0]
    return step(
        "layer_input_bytes",
        text("activation.step.layer_input"),
        r"2\,s\,b\,h / t_s",
        template,
        parts["replicated"],
        "B",
        **base,
    )


def _part_steps(shape: LayerShape, parts: dict[str, float], base: dict[str, Figure]) -> list[Step]:
    """What tensor parallelism leaves whole, what it splits, and (without recomputation) the attention core."""
    r = 10.0 if shape.dropout else 8.0
    label = text("activation.step.unsplit" if shape.dropout else "activation.step.unsplit_no_dropout")
    template = f"{r:g} × {{s}} × {{b}} × {{h}}" + _over(shape)[0]
    steps = [step("layer_unsplit_bytes", label, rf"{r:g}\,s\,b\,h / t_s", template, parts["replicated"], "B", **base)]
    steps.append(_linear_step(shape, parts, base))
    if shape.recompute == "none":
        steps.append(_core_step(shape, parts, base))
    return steps


def _linear_step(shape: LayerShape, parts: dict[str, float], base: dict[str, Figure]) -> Step:
    t, k = float(shape.tensor_parallel), float(shape.kv_heads)
    kv_split = min(t, k)
    copies = " × {n}" if shape.mlp_copies != 1 else ""
    template = (
        "{s} × {b} × (4 × {a} × {d} + {u} × {F}"
        + copies
        + ")"
        + _over(shape)[1]
        + " + 4 × {s} × {b} × {k} × {d}"
        + (" / {tk}" if kv_split > 1 else "")
    )
    return step(
        "layer_linear_bytes",
        text("activation.step.linear", mlp=text(f"option.mlp.{shape.mlp}")),
        r"s\,b\,(4ad + u\,F\,n)/t + 4\,s\,b\,k\,d/\min(t,k)",
        template,
        parts["linear"],
        "B",
        **base,
        a=float(shape.attention_heads),
        d=float(shape.head_dim),
        u=_MLP_BYTES[shape.mlp],
        F=float(shape.ffn_hidden_size),
        n=float(shape.mlp_copies),
        k=k,
        tk=kv_split,
    )


def _core_step(shape: LayerShape, parts: dict[str, float], base: dict[str, Figure]) -> Step:
    """The attention core: FlashAttention's log-sum-exp per query, or the softmax's s² matrix (c_p·s² with context
    parallelism: each rank's queries against every key)."""
    over_t, a, cp = _over(shape)[1], shape.attention_heads, shape.context_parallel
    if shape.flash_attention:
        formula, template, key = r"4\,a\,s\,b/t", "4 × {a} × {s} × {b}" + over_t, "activation.step.core_flash"
    else:
        c = 5.0 if shape.dropout else 2.0
        formula, template = rf"{c:g}\,a\,s^2\,b/t", f"{c:g} × {{a}} × {{s}}² × {{b}}" + over_t
        key = "activation.step.core"
        if cp > 1:
            formula = rf"{c:g}\,a\,s^2\,b\,c_p/t"
            template = f"{c:g} × {{a}} × {{s}}² × {{b}} × {{cp}}" + over_t
    return step("layer_core_bytes", text(key), formula, template, parts["core"], "B", **base, a=float(a), cp=float(cp))


def _output_step(shape: LayerShape, base: dict[str, Figure], vocab_size: float, logits: float) -> Step:
    template = "4 × {s} × {b} × {h}" + _over(shape)[0] + " + 4 × {s} × {b} × {V}" + _over(shape)[1]
    formula = r"4\,s\,b\,h/t_s + 4\,s\,b\,v/t"
    return step(
        "output_bytes", text("activation.step.output"), formula, template, logits, "B", **base, V=float(vocab_size)
    )


def _total_step(
    recompute: str, parts: dict[str, float], layers: float, logits: float | None, total: float, label: Text | None
) -> Step:
    """The layers in flight times the parts each keeps, plus the output layer's logits."""
    names = {"replicated": "R", "linear": "X", "core": "C"}
    shown = [
        names[key]
        for key in ("replicated", "linear", "core")
        if key == "replicated" or (recompute != "full" and (key == "linear" or recompute == "none"))
    ]
    figures: dict[str, Figure] = {
        "L": float(layers),
        "R": q(parts["replicated"], "B"),
        "X": q(parts["linear"], "B"),
        "C": q(parts["core"], "B"),
    }
    template = "{L} × (" + " + ".join("{" + n + "}" for n in shown) + ")"
    formula = r"L \cdot (" + " + ".join(shown) + ")"
    if logits is not None:
        figures["O"] = q(logits, "B")
        template += " + {O}"
        formula += " + O"
    return step("activation_bytes", label or text("activation.step.total"), formula, template, total, "B", **figures)
