# What the planner lays out: the model's shape, the layout's degrees, the setup that stays fixed while layouts
# change, and the checks that a layout divides the model and the cluster.
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..data import Model, load_data
from ..errors import CalcError, check_choice, check_number
from ..memory import MLPS, LayerShape, layer_shape, output_activation_bytes
from ..messages import Text, text
from .kernels import Device, ShapeRates
from .links import Links
from .moe import routed_copies

# -- the layout and its evaluation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A model as the planner needs it (a data/ model or a custom one)."""

    label: Text | str
    params: float
    active_params: float
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head_dim: float
    ffn: float
    mlp: str
    vocab: int | None
    experts: int | None = None
    experts_per_token: int = 1
    shared_experts: int = 0
    expert_ffn: float | None = None
    dense_layers: int = 0

    @property
    def expert_params(self) -> float:
        """Routed-expert parameters: (L − dense layers) × E × 3·h·F_e (a SwiGLU expert has three h×F_e matrices)."""
        if not self.experts or not self.expert_ffn:
            return 0.0
        per = (3.0 if self.mlp == "swiglu" else 2.0) * self.hidden * self.expert_ffn
        return min(self.params, (self.layers - self.dense_layers) * self.experts * per)


@dataclass(frozen=True)
class Layout:
    tp: int
    pp: int
    dp: int
    ep: int
    cp: int
    virtual: int
    zero: int
    micro_batch: int
    recompute: str
    sequence_parallel: bool
    tp_overlap: bool = False  # each TP collective split and pipelined with the GEMM beside it
    dp_overlap: bool = True  # the gradient sync started during the backward pass, not after it
    ep_overlap: bool = False  # the expert all-to-alls under the other micro-batch's compute (DualPipe)
    schedule: str = "1f1b"  # 1f1b (interleaved when virtual > 1), zb-h1 or zb-h2 (step_time.SCHEDULES)


@dataclass(frozen=True)
class Setup:
    """Everything fixed while layouts change: model, chip, batch, recipe and activation choices."""

    shape: Shape
    chip_label: Text
    peak: float
    efficiency: float
    capacity: float
    hbm: float
    links: Links
    count: int
    sequence: int
    batch_tokens: float
    recipe: str
    flash: bool
    dropout: bool
    units: int | None = None  # SMs or CUs, for the matmuls' wave quantization
    attention_rate: float | None = None  # the measured attention kernel's FLOP/s, else the matmul rate
    shapes: ShapeRates | None = None  # the matmul's measured rate by shape, else η·E·P for every matmul
    wide: Device | None = None  # the chip in BF16, for attention and the output head of a narrow-format run
    capacity_factor: float | None = None  # experts padded to C times their balanced tokens; None: dropless routing


def check_layout(setup: Setup, lay: Layout) -> None:
    m = setup.shape
    if setup.capacity_factor is not None and not m.experts:  # as expert parallelism: a dense model has no experts
        raise CalcError(field="capacity_factor", kind="layout", detail="dense_capacity", value=setup.capacity_factor)
    product = lay.tp * lay.pp * lay.cp * lay.dp
    if product != setup.count:
        raise CalcError(field="dp", kind="layout", detail="product", value=float(product), subject=str(setup.count))
    if m.heads % lay.tp:
        raise CalcError(field="tp", kind="layout", detail="heads", value=float(lay.tp), subject=str(m.heads))
    if lay.pp > m.layers:
        raise CalcError(field="pp", kind="layout", detail="layers", value=float(lay.pp), subject=str(m.layers))
    # A chunk holds at least one layer, but the first may hold only the embedding and the last only the output
    # layer: Llama 3 ran 126 layers as 16 × 8 one-layer chunks that way (Llama Team 2024, §3.3.2).
    chunks = m.layers + (2 if m.vocab else 0)
    if lay.virtual > 1 and (lay.pp == 1 or lay.pp * lay.virtual > chunks):
        raise CalcError(
            field="virtual_stages", kind="layout", detail="virtual", value=float(lay.virtual), subject=str(chunks)
        )
    if lay.schedule != "1f1b" and lay.virtual > 1:  # Qi et al.'s handcrafted schedules run one chunk per rank
        raise CalcError(
            field="schedule",
            kind="layout",
            detail="schedule",
            choices=("1f1b",),
            value=lay.schedule,
            subject=str(lay.virtual),
        )
    if lay.ep > 1 and not m.experts:
        raise CalcError(field="ep", kind="layout", detail="dense", value=float(lay.ep))
    if lay.ep > 1 and m.experts and (m.experts % lay.ep or (lay.dp * lay.cp) % lay.ep):
        raise CalcError(field="ep", kind="layout", detail="experts", value=float(lay.ep), subject=str(m.experts))
    if setup.sequence % lay.cp:
        raise CalcError(field="cp", kind="layout", detail="sequence", value=float(lay.cp), subject=str(setup.sequence))


def activation_inputs(setup: Setup, lay: Layout) -> LayerShape:
    """What one layout gives the activation formulas, as floats (the values their checks would return)."""
    m = setup.shape
    ffn = m.expert_ffn if m.experts else m.ffn
    return LayerShape(
        sequence_length=float(setup.sequence // lay.cp),
        micro_batch=float(lay.micro_batch),
        hidden_size=float(m.hidden),
        attention_heads=float(m.heads),
        kv_heads=float(m.kv_heads),
        head_dim=float(m.head_dim),
        ffn_hidden_size=float(ffn) if ffn is not None else 4 * float(m.hidden),
        mlp=m.mlp,
        mlp_copies=routed_copies(m.experts_per_token, m.shared_experts, setup.capacity_factor) if m.experts else 1.0,
        tensor_parallel=float(lay.tp),
        sequence_parallel=lay.sequence_parallel,
        recompute=lay.recompute,
        flash_attention=setup.flash,
        dropout=setup.dropout,
        context_parallel=lay.cp,
    )


def output_inputs(setup: Setup, lay: Layout) -> dict[str, Any]:
    """What one layout gives the output layer's formula, as floats; only for a model with a vocabulary."""
    return {
        "sequence_length": float(setup.sequence // lay.cp),
        "micro_batch": float(lay.micro_batch),
        "hidden_size": float(setup.shape.hidden),
        "vocab_size": float(setup.shape.vocab or 0),
        "tensor_parallel": float(lay.tp),
        "sequence_parallel": lay.sequence_parallel,
    }


def check_activation_inputs(setup: Setup, lay: Layout) -> None:
    """Run the activation formulas' checks on one layout, before `evaluate_layout` runs it and others unchecked.

    What they check is the model's (fixed by the setup) and s/c, b, t and the recomputation; a valid reader's
    layout bounds them, and the layouts the search and the chooser try keep within those bounds (c divides s,
    t ≤ 64), so a bad input fails here, with the error the formulas give, and no other layout is checked."""
    output = tuple(output_inputs(setup, lay).items()) if setup.shape.vocab else None
    _check_activation_values(activation_inputs(setup, lay), output)


@lru_cache(maxsize=64)
def _check_activation_values(layer: LayerShape, output: tuple[tuple[str, Any], ...] | None) -> None:
    """The activation formulas' checks on these inputs, remembered once they pass (inputs that fail raise every time):
    the chooser lays out every chip with one model."""
    layer_shape(**vars(layer))
    if output is not None:
        output_activation_bytes(**dict(output))


def model_shape(
    model: str | None,
    params: float | None,
    layers: float | None,
    hidden_size: float | None,
    attention_heads: float | None,
    kv_heads: float | None,
    ffn_hidden_size: float | None,
    vocab_size: float | None,
    mlp: str,
) -> Shape:
    if model is not None:
        found: Model = load_data().model(model)
        return Shape(
            label=found.name,
            params=found.params,
            active_params=found.active_params,
            layers=found.layers,
            hidden=found.hidden_size,
            heads=found.attention_heads,
            kv_heads=found.kv_heads,
            head_dim=float(found.head_dim),
            ffn=float(found.ffn_hidden_size or 4 * found.hidden_size),
            mlp=found.mlp or "gelu",
            vocab=found.vocab_size,
            experts=found.experts,
            experts_per_token=found.experts_per_token or 1,
            shared_experts=found.shared_experts or 0,
            expert_ffn=float(found.expert_ffn_hidden_size) if found.expert_ffn_hidden_size else None,
            dense_layers=found.dense_layers or 0,
        )
    n = check_number("params", params)
    layer_count = int(check_number("layers", layers))
    h = int(check_number("hidden", hidden_size, low=64, high=1e6, integer=True))
    a = int(check_number("heads", attention_heads, low=1, high=h, integer=True))
    k = a if kv_heads is None else int(check_number("kv_heads", kv_heads, low=1, high=a, integer=True))
    if a % k:
        raise CalcError(field="kv_heads", kind="layout", detail="kv_heads", value=float(k), subject=str(a))
    kind = check_choice("mlp", mlp, MLPS)
    f = ffn_hidden_size if ffn_hidden_size is not None else (8.0 / 3.0 * h if kind == "swiglu" else 4.0 * h)
    f = check_number("ffn", f, low=1, high=1e8)
    vocab = None if vocab_size is None else int(check_number("vocab", vocab_size, low=1, high=1e8, integer=True))
    return Shape(text("model.custom"), n, n, layer_count, h, a, k, h / a, f, kind, vocab)
