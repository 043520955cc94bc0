# Parallelism planner: a model's training step laid out over a cluster (data, ZeRO/FSDP, tensor with sequence
# parallelism, pipeline, expert and context parallelism): memory per device, each axis's traffic on the link the
# layout puts it on, the pipeline bubble, step time and MFU; and a search that ranks every layout that fits.
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from .chips import Chip, Roofs, basis_rates, basis_roofs
from .collectives import hierarchical_allreduce_seconds
from .data import Accelerator, Model, load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import (
    ACCELERATOR,
    BASES,
    BASIS,
    CUSTOM_BANDWIDTH,
    CUSTOM_PEAK,
    DEFAULT_BASIS,
    DEFAULT_DTYPE,
    DTYPES,
    Calculator,
    Field,
    with_changes,
)
from .fmt import format_number, format_quantity
from .memory import (
    MLPS,
    RECIPES,
    RECOMPUTE,
    SWITCHES,
    _layer_activation_parts,
    _output_activation_bytes,
    activation_steps,
    layer_activation_parts,
    output_activation_bytes,
)
from .messages import Text, t, text
from .plot import memory_bars_svg, step_timeline_svg
from .results import Result, Step

TOPOLOGIES = ("switch", "mesh", "torus", "ring", "none")
ACTIVATION_BYTES = 2.0  # activations and their gradients cross the links in 16 bits
GRADIENT_BYTES = 2.0  # gradients are reduced in BF16
AXES = ("tp", "cp", "ep", "dp", "pp")  # innermost first: Megatron-LM's default order (tp-cp-ep-dp-pp)
MAX_ROWS = 12


def pipeline_bubble_fraction(*, stages: float, microbatches: float, virtual_stages: float = 1) -> float:
    """Idle fraction of a pipelined step relative to its ideal time: (p − 1)/(v·m).

    Source: Narayanan et al. (2021), "Efficient Large-Scale Language Model Training on GPU Clusters Using
    Megatron-LM", §2.2: 1F1B has a bubble of (p − 1)/m; the interleaved schedule with v model chunks per
    device divides it by v. Example: p = 16, m = 16: 15/16 = 0.94; interleaved with v = 4: 0.23.
    """
    p = check_number("pp", stages, low=1, high=1e5, integer=True)
    m = check_number("microbatches", microbatches, low=1, high=1e9, integer=True)
    v = check_number("virtual_stages", virtual_stages, low=1, high=1e4, integer=True)
    return (p - 1) / (v * m)


def critical_batch_tokens(
    *, peak_flop_per_s: float, link_bytes_per_s: float, count: float, efficiency: float = 1.0
) -> float:
    """Tokens per device above which data parallelism (or FSDP) is compute-bound: B/X > C/W · (X − 1)/X.

    The backward pass does 4 FLOPs per parameter per token while the gradient AllReduce moves 2 bytes per
    parameter twice over a ring of X devices with bandwidth W per direction: 4·N·B/(η·C) > 2·(X−1)/X·2N/W.
    Source: Austin et al. (2025), "How to Scale Your Model", ch. 5 (training), "Data parallelism": a TPU v5p
    (C = 4.59e14 FLOP/s) on one torus axis, each chip sending to both neighbours at 90 GB/s (W = 1.8e11 B/s),
    needs B/X > 2,550 tokens. Example: 4.59e14 / 1.8e11 × 4095/4096 = 2,549.4.
    """
    c = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    w = check_number("link_bytes_per_s", link_bytes_per_s, low=0, low_open=True, high=1e15)
    x = check_number("count", count, low=1, high=1e7, integer=True)
    u = check_number("matmul_efficiency", efficiency, low=0, low_open=True, high=1)
    return u * c / w * (x - 1) / x


# -- the cluster's links -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Links:
    """Per-direction bandwidths of one accelerator: the scale-up domain (total and per peer) and the NIC."""

    up_total: float | None
    up_peer: float | None
    domain: int
    topology: str
    out: float | None
    name: str = ""


def _chip_links(chip: Accelerator) -> Links:
    topology = chip.scale_up_topology or "none"
    domain = int(chip.scale_up_domain_size or 1)
    total, peer = chip.scale_up_per_direction_bytes_per_s, chip.scale_up_per_peer_bytes_per_s
    if topology == "none" or domain <= 1 or not total:
        topology, domain, total, peer = "none", 1, None, None
    elif topology == "mesh" and not peer:
        peer = total / (domain - 1)  # a full mesh joins every pair by one link: the total is domain − 1 of them
    elif topology in ("torus", "ring") and not peer:
        raise CalcError(field="accelerator", kind="no_figure", detail="scale_up_per_peer", subject=chip.name)
    out = chip.scale_out_bits_per_s / 8 if chip.scale_out_bits_per_s else None
    return Links(total, peer, domain, topology, out, chip.name)


def _ring_bandwidth(links: Links, members: float) -> float:
    """What a ring collective among `members` accelerators of one scale-up domain gets per direction.

    A switch (NVLink through NVSwitch) gives each accelerator its whole per-direction bandwidth; a torus or a ring
    axis gives a bidirectional ring both neighbours (2 links; "How to Scale Your Model" ch. 2); a full mesh gives a
    collective that uses every link (members − 1) peer links, and one pair only its own link.
    """
    if links.topology == "switch":
        return float(links.up_total or 0.0)
    if links.topology == "mesh":
        return min(float(links.up_total or 0.0), (members - 1) * float(links.up_peer or 0.0))
    return 2.0 * float(links.up_peer or 0.0)


def _pair_bandwidth(links: Links) -> float:
    return float((links.up_total if links.topology == "switch" else links.up_peer) or 0.0)


def _inside(size: float, stride: float, domain: int) -> int:
    """Members of one group (of `size`, consecutive ranks `stride` apart) that share a scale-up domain."""
    if size <= 1 or stride >= domain:
        return 1
    return int(min(size, max(1, domain // stride)))


# How the derivation shows each form of collective: its formula, its template and its placeholders with their units.
# An AllReduce moves twice what an AllGather or a ReduceScatter does: its formula and template gain a leading 2.
_FORMS: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "none": ("0", "0", ()),
    "p2p_up": (r"S/B_\text{up}", "{S} / {B}", (("S", "B"), ("B", "B/s"))),
    "p2p_out": (r"S/B_\text{out}", "{S} / {B}", (("S", "B"), ("B", "B/s"))),
    "ring_up": (r"\frac{n-1}{n}\,S/B_\text{up}", "({n} − 1) / {n} × {S} / {B}", (("n", ""), ("S", "B"), ("B", "B/s"))),
    "ring_out": (
        r"\frac{n-1}{n}\,S/B_\text{out}",
        "({n} − 1) / {n} × {S} / {B}",
        (("n", ""), ("S", "B"), ("B", "B/s")),
    ),
    "alltoall": (
        r"\frac{n-g}{n}\,S/B_\text{out} + \frac{g-1}{n}\,S/B_\text{up}",
        "({n} − {g}) / {n} × {S} / {Bo} + ({g} − 1) / {n} × {S} / {Bu}",
        (("n", ""), ("g", ""), ("S", "B"), ("Bo", "B/s"), ("Bu", "B/s")),
    ),
    "hierarchical": (
        r"\left(\frac{g-1}{g}\frac{S}{B_\text{up}} + \frac{k-1}{k}\frac{S/g}{B_\text{out}}\right)",
        "(({g} − 1) / {g} × {S} / {Bu} + ({k} − 1) / {k} × {S} / {g} / {Bo})",
        (("g", ""), ("k", ""), ("S", "B"), ("Bu", "B/s"), ("Bo", "B/s")),
    ),
}


class Collective(NamedTuple):
    """One collective's time and how to show it: the template evaluates to `seconds`.

    Only the time and the link are made for every layout a search tries; the derivation's strings are looked up
    when shown."""

    seconds: float
    where: str  # "up", "out", "both" or "none"
    form: str = "none"  # a key of _FORMS
    numbers: tuple[float, ...] = ()  # the form's placeholders' values, in its order
    allreduce: bool = False

    @property
    def formula(self) -> str:
        return ("2" if self.allreduce else "") + _FORMS[self.form][0]

    @property
    def template(self) -> str:
        return ("2 × " if self.allreduce else "") + _FORMS[self.form][1]

    @property
    def values(self) -> dict[str, tuple[float, str]]:
        return {name: (number, unit) for (name, unit), number in zip(_FORMS[self.form][2], self.numbers, strict=True)}


# A collective among one rank moves nothing; one shared answer.
_NO_COLLECTIVE = Collective(0.0, "none")


def _missing_out(links: Links) -> CalcError:
    return CalcError(field="accelerator", kind="no_figure", detail="scale_out", subject=links.name)


def _collective(kind: str, size_bytes: float, members: float, stride: float, links: Links) -> Collective:
    """A ring AllReduce ("allreduce"), AllGather or ReduceScatter ("allgather"), all-to-all or one pipeline
    send ("p2p") of `size_bytes` among `members` ranks `stride` apart, on the links the layout gives it."""
    n = float(members)
    if n <= 1:
        return _NO_COLLECTIVE
    g = _inside(n, stride, links.domain) if links.topology != "none" else 1
    allreduce = kind == "allreduce"
    factor = 2.0 if allreduce else 1.0
    if kind == "p2p":
        if g > 1:
            bw = _pair_bandwidth(links)
            return Collective(size_bytes / bw, "up", "p2p_up", (size_bytes, bw))
        if not links.out:
            raise _missing_out(links)
        return Collective(size_bytes / links.out, "out", "p2p_out", (size_bytes, links.out))
    if g >= n:
        bw = _ring_bandwidth(links, n)
        return Collective(factor * (n - 1) / n * size_bytes / bw, "up", "ring_up", (n, size_bytes, bw), allreduce)
    if not links.out:
        raise _missing_out(links)
    if g == 1:
        seconds = factor * (n - 1) / n * size_bytes / links.out
        return Collective(seconds, "out", "ring_out", (n, size_bytes, links.out), allreduce)
    up = _ring_bandwidth(links, g)
    k = math.ceil(n / g)
    if kind == "alltoall":  # what leaves the domain crosses the NICs; the rest stays inside
        seconds = (n - g) / n * size_bytes / links.out + (g - 1) / n * size_bytes / up
        return Collective(seconds, "both", "alltoall", (n, float(g), size_bytes, links.out, up))
    full = hierarchical_allreduce_seconds(
        bytes_total=size_bytes, count=g * k, domain_size=g, scale_up_bytes_per_s=up, scale_out_bytes_per_s=links.out
    )
    return Collective(
        full * factor / 2.0, "both", "hierarchical", (float(g), float(k), size_bytes, up, links.out), allreduce
    )


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


def _check_layout(setup: Setup, lay: Layout) -> None:
    m = setup.shape
    product = lay.tp * lay.pp * lay.cp * lay.dp
    if product != setup.count:
        raise CalcError(field="dp", kind="layout", detail="product", value=float(product), subject=str(setup.count))
    if m.heads % lay.tp:
        raise CalcError(field="tp", kind="layout", detail="heads", value=float(lay.tp), subject=str(m.heads))
    if lay.pp > m.layers:
        raise CalcError(field="pp", kind="layout", detail="layers", value=float(lay.pp), subject=str(m.layers))
    if lay.virtual > 1 and (lay.pp == 1 or lay.pp * lay.virtual > m.layers):
        raise CalcError(
            field="virtual_stages", kind="layout", detail="virtual", value=float(lay.virtual), subject=str(m.layers)
        )
    if lay.ep > 1 and not m.experts:
        raise CalcError(field="ep", kind="layout", detail="dense", value=float(lay.ep))
    if lay.ep > 1 and m.experts and (m.experts % lay.ep or (lay.dp * lay.cp) % lay.ep):
        raise CalcError(field="ep", kind="layout", detail="experts", value=float(lay.ep), subject=str(m.experts))
    if setup.sequence % lay.cp:
        raise CalcError(field="cp", kind="layout", detail="sequence", value=float(lay.cp), subject=str(setup.sequence))


def _activation_inputs(setup: Setup, lay: Layout) -> dict[str, Any]:
    """What one layout gives the activation formulas, as floats (the values their checks would return)."""
    m = setup.shape
    ffn = m.expert_ffn if m.experts else m.ffn
    return {
        "sequence_length": float(setup.sequence // lay.cp),
        "micro_batch": float(lay.micro_batch),
        "hidden_size": float(m.hidden),
        "attention_heads": float(m.heads),
        "kv_heads": float(m.kv_heads),
        "head_dim": float(m.head_dim),
        "ffn_hidden_size": float(ffn) if ffn is not None else 4 * float(m.hidden),
        "mlp": m.mlp,
        "mlp_copies": float(m.experts_per_token + m.shared_experts) if m.experts else 1.0,
        "tensor_parallel": float(lay.tp),
        "sequence_parallel": lay.sequence_parallel,
        "recompute": lay.recompute,
        "flash_attention": setup.flash,
        "dropout": setup.dropout,
        "context_parallel": lay.cp,
    }


def _output_inputs(setup: Setup, lay: Layout) -> dict[str, Any]:
    """What one layout gives the output layer's formula, as floats; only for a model with a vocabulary."""
    return {
        "sequence_length": float(setup.sequence // lay.cp),
        "micro_batch": float(lay.micro_batch),
        "hidden_size": float(setup.shape.hidden),
        "vocab_size": float(setup.shape.vocab or 0),
        "tensor_parallel": float(lay.tp),
        "sequence_parallel": lay.sequence_parallel,
    }


def _check_activation_inputs(setup: Setup, lay: Layout) -> None:
    """Run the activation formulas' checks on one layout, before `_evaluate` runs it and others unchecked.

    What they check is the model's (fixed by the setup) and s/c, b, t and the recomputation; a valid reader's
    layout bounds them, and the layouts the search and the chooser try keep within those bounds (c divides s,
    t ≤ 64), so a bad input fails here, with the error the formulas give, and no other layout is checked."""
    output = tuple(_output_inputs(setup, lay).items()) if setup.shape.vocab else None
    _check_activation_values(tuple(_activation_inputs(setup, lay).items()), output)


@lru_cache(maxsize=64)
def _check_activation_values(layer: tuple[tuple[str, Any], ...], output: tuple[tuple[str, Any], ...] | None) -> None:
    """The activation formulas' checks on these inputs, remembered once they pass (inputs that fail raise every time):
    the chooser lays out every chip with one model."""
    layer_activation_parts(**dict(layer))
    if output is not None:
        output_activation_bytes(**dict(output))


def _memory(setup: Setup, lay: Layout) -> dict[str, Any]:
    """One layout's memory per device, as plain numbers: all that decides whether it fits (`_evaluate` adds the rest).

    The activation formulas run unchecked: the caller checked the setup's inputs with `_check_activation_inputs`."""
    m = setup.shape
    t, p, d, e, c, v = lay.tp, lay.pp, lay.dp, lay.ep, lay.cp, lay.virtual
    s, b = setup.sequence, lay.micro_batch
    microbatches = math.ceil(setup.batch_tokens / (s * b * d))
    batch = float(microbatches * b * s * d)
    per_stage = math.ceil(m.layers / p)
    imbalance = per_stage * p / m.layers
    # Parameters on one device: dense ones split by tp and pp; routed experts also by ep.
    expert = m.expert_params
    dense_dev = (m.params - expert) / (t * p) * imbalance
    expert_dev = expert / (t * p * e) * imbalance
    group = d * c  # gradients are reduced over data and context parallelism
    expert_group = group // e
    w, g, o = RECIPES[setup.recipe]

    def sharded(size: float, level: int) -> float:
        return size * (
            dense_dev / (group if lay.zero >= level else 1) + expert_dev / (expert_group if lay.zero >= level else 1)
        )

    weights, gradients, optimizer = sharded(w, 3), sharded(g, 2), sharded(o, 1)
    # Activations: the first stage keeps the most micro-batches in flight (Korthikanti et al. 2022, §4.2.3).
    parts = _layer_activation_parts(**_activation_inputs(setup, lay))
    per_layer = sum(parts.values())
    first: float
    last: float
    if v == 1:
        first = float(per_stage * min(p, microbatches))
        last = float(per_stage)
    else:
        first = min(per_stage * p * (1 + (p - 1) / (p * v)), per_stage * microbatches)
        last = min(per_stage / v * ((v - 1) * p + 1), per_stage * microbatches)
    logits = 0.0
    if m.vocab:
        logits = _output_activation_bytes(**_output_inputs(setup, lay))
    first_bytes = first * per_layer + (logits if p == 1 else 0.0)
    last_bytes = last * per_layer + logits
    activations = first_bytes if p == 1 else max(first_bytes, last_bytes)
    total = weights + gradients + optimizer + activations
    return {
        "microbatches": microbatches,
        "batch": batch,
        "per_stage": per_stage,
        "imbalance": imbalance,
        "dense_dev": dense_dev,
        "expert_dev": expert_dev,
        "group": group,
        "expert_group": expert_group,
        "weights": weights,
        "gradients": gradients,
        "optimizer": optimizer,
        "parts": parts,
        "per_layer": per_layer,
        "first": first,
        "last": last,
        "logits": logits,
        "first_bytes": first_bytes,
        "last_bytes": last_bytes,
        "activations": activations,
        "total": total,
        "fits": total <= setup.capacity,
    }


def _evaluate(setup: Setup, lay: Layout, memory: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every figure of one layout, as plain numbers (the derivation shows the same arithmetic): its `_memory`
    (`memory`, when the caller has it) and its compute, communication and step time."""
    mem = _memory(setup, lay) if memory is None else memory
    m, links = setup.shape, setup.links
    t, p, d, e, c, v = lay.tp, lay.pp, lay.dp, lay.ep, lay.cp, lay.virtual
    s, b = setup.sequence, lay.micro_batch
    full = lay.recompute == "full"
    microbatches, batch, per_stage, imbalance = mem["microbatches"], mem["batch"], mem["per_stage"], mem["imbalance"]
    dense_dev, expert_dev, group, expert_group = mem["dense_dev"], mem["expert_dev"], mem["group"], mem["expert_group"]
    w, g, o = RECIPES[setup.recipe]
    # Compute: executed FLOPs per token (causal attention does half of the s×s work) at η × peak.
    attention = m.layers * m.heads * m.head_dim * s
    extra = {"none": (0.0, 0.0), "selective": (0.0, 2.0), "full": (2.0, 2.0)}[lay.recompute]
    hw_token = (6.0 + extra[0]) * m.active_params + (6.0 + extra[1]) * attention
    model_token = 6.0 * m.active_params + 12.0 * attention  # PaLM's model FLOPs (Chowdhery et al. 2022, App. B)
    rate = setup.efficiency * setup.peak
    compute_mb = hw_token * b * s * imbalance / (t * c * p) / rate
    forward_share = 0.25 if full else 1.0 / 3.0
    # Tensor parallelism: 4 AllReduces (or AllGather + ReduceScatter pairs) of s·b·h/c per layer, 6 with full recompute.
    tp_calls = 6.0 if full else 4.0
    tp_one = _collective("allreduce", ACTIVATION_BYTES * s * b * m.hidden / c, t, 1, links)
    tp_mb = per_stage * tp_calls * tp_one.seconds
    # Context parallelism: K and V gathered in the forward pass and again in the backward, dK and dV reduce-scattered.
    kv_split = min(t, m.kv_heads)
    cp_calls = 4.0 if full else 3.0
    cp_one = _collective("allgather", 2 * ACTIVATION_BYTES * s * b * m.kv_heads * m.head_dim / kv_split, c, t, links)
    cp_mb = per_stage * cp_calls * cp_one.seconds
    # Expert parallelism: dispatch and combine all-to-alls, forward and backward, per MoE layer.
    moe_layers = per_stage * (m.layers - m.dense_layers) / m.layers if m.experts else 0.0
    ep_calls = 6.0 if full else 4.0
    tokens = s * b / c / (t if lay.sequence_parallel else 1)
    ep_one = _collective("alltoall", tokens * m.experts_per_token * m.hidden * ACTIVATION_BYTES, e, t * c, links)
    ep_mb = moe_layers * ep_calls * ep_one.seconds
    critical_mb = compute_mb + tp_mb + cp_mb + ep_mb
    compute = microbatches * compute_mb
    # Pipeline: one send forward and one backward per micro-batch and model chunk, s·b·h/(c·t) each.
    pp_one = _collective("p2p", ACTIVATION_BYTES * s * b * m.hidden / (c * t), p, t * c * d, links)
    pp_comm = microbatches * 2 * v * pp_one.seconds if p > 1 else 0.0
    bubble = (p - 1) / v * critical_mb
    # Data parallelism: the gradients' ReduceScatter + AllGather (an AllReduce) over the data-parallel group.
    dp_one = _collective("allreduce", GRADIENT_BYTES * dense_dev, group, t, links)  # cp then dp, from stride t
    ep_dp_one = _collective("allreduce", GRADIENT_BYTES * expert_dev, expert_group, t * c * e, links)
    allreduce = dp_one.seconds + ep_dp_one.seconds
    fwd, bwd = forward_share * compute_mb, (1 - forward_share) * compute_mb
    if lay.zero <= 1:  # once per step, hidden under the last micro-batch's backward and the first one's forward
        dp_comm = allreduce
        dp_exposed = max(0.0, allreduce - compute_mb)
    elif lay.zero == 2:  # gradients reduce-scattered every micro-batch; weights gathered once
        dp_comm = (microbatches + 1) * allreduce / 2
        dp_exposed = microbatches * max(0.0, allreduce / 2 - bwd) + max(0.0, allreduce / 2 - fwd)
    else:  # weights gathered for each micro-batch's forward and backward, gradients reduce-scattered
        dp_comm = microbatches * 1.5 * allreduce
        dp_exposed = microbatches * (max(0.0, allreduce / 2 - fwd) + max(0.0, allreduce - bwd))
    # The optimizer step reads and writes its states and writes the weights, at HBM bandwidth.
    updated = (dense_dev / (group if lay.zero >= 1 else 1)) + expert_dev / (expert_group if lay.zero >= 1 else 1)
    optimizer_s = (2 * o + w + g) * updated / setup.hbm
    tp_comm, cp_comm, ep_comm = microbatches * tp_mb, microbatches * cp_mb, microbatches * ep_mb
    exposed = tp_comm + cp_comm + ep_comm + pp_comm + dp_exposed
    step = compute + bubble + exposed + optimizer_s
    weights_flops_dev = 4.0 * m.active_params * imbalance / (t * p)
    critical = rate * allreduce / weights_flops_dev if group > 1 else None
    return {
        **mem,
        "hw_token": hw_token,
        "model_token": model_token,
        "attention": attention,
        "extra": extra,
        "rate": rate,
        "compute_mb": compute_mb,
        "compute": compute,
        "tp_calls": tp_calls,
        "tp_one": tp_one,
        "tp_comm": tp_comm,
        "cp_calls": cp_calls,
        "cp_one": cp_one,
        "cp_comm": cp_comm,
        "moe_layers": moe_layers,
        "ep_calls": ep_calls,
        "ep_one": ep_one,
        "ep_comm": ep_comm,
        "critical_mb": critical_mb,
        "pp_one": pp_one,
        "pp_comm": pp_comm,
        "bubble": bubble,
        "bubble_fraction": (p - 1) / (v * microbatches),
        "dp_one": dp_one,
        "ep_dp_one": ep_dp_one,
        "allreduce": allreduce,
        "fwd": fwd,
        "bwd": bwd,
        "dp_comm": dp_comm,
        "dp_exposed": dp_exposed,
        "updated": updated,
        "optimizer_s": optimizer_s,
        "exposed": exposed,
        "step": step,
        "mfu": model_token * batch / (step * setup.count * setup.peak),
        "tokens_per_second": batch / step,
        "weights_flops_dev": weights_flops_dev,
        "critical": critical,
        "tokens_per_device": batch / group,
    }


# -- inputs --------------------------------------------------------------------------------------------------


def _shape(
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
    n = check_number("params", params, low=1e6, high=1e15)
    layer_count = int(check_number("layers", layers, low=1, high=1e4, integer=True))
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


def _setup_links(
    chip: Accelerator | None,
    scale_up_bytes_per_s: float,
    scale_up_domain: float,
    scale_up_topology: str,
    scale_up_link_bytes_per_s: float | None,
    scale_out_bytes_per_s: float,
) -> Links:
    if chip is not None:
        return _chip_links(chip)
    topology = check_choice("scale_up_topology", scale_up_topology, TOPOLOGIES)
    domain = int(check_number("scale_up_domain", scale_up_domain, low=1, high=1e6, integer=True))
    total = check_number("scale_up_gbytes_s", scale_up_bytes_per_s, low=0, low_open=True, high=1e15)
    out = check_number("scale_out_gbits_s", scale_out_bytes_per_s, low=0, low_open=True, high=1e15)
    if topology == "none" or domain == 1:
        return Links(None, None, 1, "none", out)
    peer = None
    if topology in ("mesh", "torus", "ring"):
        if scale_up_link_bytes_per_s is None:
            raise CalcError(field="scale_up_link_gbytes_s", kind="missing", low=0, low_open=True)
        peer = check_number("scale_up_link_gbytes_s", scale_up_link_bytes_per_s, low=0, low_open=True, high=total)
    return Links(total, peer, domain, topology, out)


def default_efficiency(chip: Accelerator | None, dtype: str, basis: str = DEFAULT_BASIS) -> float:
    """The matmul efficiency (a share of the dense peak) the planner assumes when none is given, on a basis.

    On the achievable basis, the chip's measured achievable/peak ratio where the data has one; else (and on the
    peak basis, for every chip) the edition's typical figure (data/training.yaml: H100 SXM's BF16 GEMMs reach
    80 % of peak). Example: H100 SXM in BF16, 794.5 / 989.4 = 0.803 achievable, 0.8 peak.
    """
    check_choice("basis", basis, BASES)
    if chip is not None and basis == "achievable":
        share = chip.achievable_share(dtype)
        if share is not None:
            return min(1.0, share)
    return _typical_efficiency()


def planner_roofs(chip: Chip, dtype: str, basis: str, *, efficiency_given: bool) -> tuple[float, float, Roofs]:
    """(matmul efficiency, HBM bandwidth, the basis's figures and note) a layout runs at when the reader gave no
    efficiency (or gave one: it is a share of the dense peak on either basis, and the basis sets only the bandwidth).

    The efficiency is `default_efficiency`: on the achievable basis η × P is the chip's measured matmul, so the
    basis is not counted twice. The HBM bandwidth, which times the optimizer update, is the measured one on the
    achievable basis where data/ has it (`chips.basis_roofs`), else the datasheet's.
    """
    uses = ("bandwidth",) if efficiency_given else ("flops", "bandwidth")
    roofs = basis_roofs(chip, basis=basis, dtype=dtype, uses=uses)
    return (*planner_rates(chip, dtype, basis, efficiency_given=efficiency_given), roofs)


def planner_rates(chip: Chip, dtype: str, basis: str, *, efficiency_given: bool) -> tuple[float, float]:
    """`planner_roofs` without the basis's note: (matmul efficiency, HBM bandwidth), for the chooser."""
    uses = ("bandwidth",) if efficiency_given else ("flops", "bandwidth")
    _, bandwidth = basis_rates(chip, basis=basis, dtype=dtype, uses=uses)
    return default_efficiency(chip.data, dtype, basis), float(bandwidth or chip.bandwidth_bytes_per_s or 0)


def _typical_efficiency() -> float:
    figures = load_data().training
    return figures.matmul_efficiency.typical if figures is not None else 0.8


# -- the derivation --------------------------------------------------------------------------------------------


def _times(
    count: str, values: dict[str, tuple[float, str]], one: Collective, prefix: str
) -> tuple[str, dict[str, tuple[float, str]]]:
    """`count` × (one collective's template), its placeholders renamed with `prefix` so they do not clash."""
    renamed = {f"{prefix}{k}": v for k, v in one.values.items()}
    template = one.template
    for key in sorted(one.values, key=len, reverse=True):
        template = template.replace("{" + key + "}", "{" + prefix + key + "}")
    return f"{count} × ({template})", {**values, **renamed}


def _steps(setup: Setup, lay: Layout, q: dict[str, Any]) -> list[Step]:
    m = setup.shape
    t, p, d, e, c, v = float(lay.tp), float(lay.pp), float(lay.dp), float(lay.ep), float(lay.cp), float(lay.virtual)
    mb = float(q["microbatches"])
    steps = [
        Step(
            "dp",
            text("planner.step.dp"),
            r"d = n / (t\,p\,c)",
            "{n} / ({t} × {p} × {c})",
            {"n": (float(setup.count), ""), "t": (t, ""), "p": (p, ""), "c": (c, "")},
            d,
            "",
        ),
        Step(
            "batch_tokens",
            text("planner.step.batch_tokens", microbatches=mb),
            r"B = m\,b\,s\,d",
            "{m} × {b} × {s} × {d}",
            {"m": (mb, ""), "b": (float(lay.micro_batch), ""), "s": (float(setup.sequence), ""), "d": (d, "")},
            q["batch"],
            "",
        ),
    ]
    base = {"t": (t, ""), "p": (p, ""), "f": (q["imbalance"], "")}
    if m.experts:
        steps.append(
            Step(
                "params_per_device",
                text("planner.step.params_moe", layers=float(q["per_stage"])),
                r"\frac{N - N_e}{t\,p}\,f + \frac{N_e}{t\,p\,e}\,f",
                "({N} − {Ne}) / ({t} × {p}) × {f} + {Ne} / ({t} × {p} × {e}) × {f}",
                {**base, "N": (m.params, ""), "Ne": (m.expert_params, ""), "e": (e, "")},
                q["dense_dev"] + q["expert_dev"],
                "",
            )
        )
    else:
        steps.append(
            Step(
                "params_per_device",
                text("planner.step.params", layers=float(q["per_stage"])),
                r"\frac{N}{t\,p}\,f",
                "{N} / ({t} × {p}) × {f}",
                {**base, "N": (m.params, "")},
                q["dense_dev"],
                "",
            )
        )
    w, g, o = RECIPES[setup.recipe]
    for key, size, level in (("weights", w, 3), ("gradients", g, 2), ("optimizer", o, 1)):
        shard = float(q["group"]) if lay.zero >= level else 1.0
        eshard = float(q["expert_group"]) if lay.zero >= level else 1.0
        values = {"w": (size, "B"), "P": (q["dense_dev"], ""), "G": (shard, "")}
        template = "{w} × {P} / {G}"
        if m.experts:
            values.update(Pe=(q["expert_dev"], ""), Ge=(eshard, ""))
            template = "{w} × ({P} / {G} + {Pe} / {Ge})"
        steps.append(
            Step(
                f"{key}_bytes",
                text(f"planner.step.{key}", stage=lay.zero),
                r"w\,P / G",
                template,
                values,
                q[key],
                "B",
            )
        )
    _, _, act_steps = activation_steps(
        layers_in_flight=q["first"],
        sequence_length=setup.sequence // lay.cp,
        micro_batch=lay.micro_batch,
        hidden_size=m.hidden,
        attention_heads=m.heads,
        kv_heads=m.kv_heads,
        head_dim=m.head_dim,
        ffn_hidden_size=m.expert_ffn if m.experts else m.ffn,
        mlp=m.mlp,
        mlp_copies=float(m.experts_per_token + m.shared_experts) if m.experts else 1.0,
        tensor_parallel=lay.tp,
        sequence_parallel=lay.sequence_parallel,
        recompute=lay.recompute,
        flash_attention=setup.flash,
        dropout=setup.dropout,
        vocab_size=m.vocab if lay.pp == 1 else None,
        layer_label=text("planner.step.first_stage", layers=q["first"]),
        context_parallel=lay.cp,
    )
    steps += act_steps
    if lay.pp > 1:
        values = {"L": (q["last"], ""), "A": (q["per_layer"], "B")}
        template, formula = "{L} × {A}", r"L_\text{last} \cdot A"
        if q["logits"]:
            values["O"] = (q["logits"], "B")
            template, formula = template + " + {O}", formula + " + O"
        steps.append(
            Step(
                "last_stage_bytes",
                text("planner.step.last_stage", layers=q["last"]),
                formula,
                template,
                values,
                q["last_bytes"],
                "B",
            )
        )
        steps.append(
            Step(
                "activation_bytes",
                text("planner.step.activations"),
                r"\max(A_\text{first}, A_\text{last})",
                "max({F}, {S})",
                {"F": (q["first_bytes"], "B"), "S": (q["last_bytes"], "B")},
                q["activations"],
                "B",
            )
        )
    steps.append(
        Step(
            "total_bytes",
            text("planner.step.total", chip=setup.chip_label),
            r"M = W + G + O + A",
            "{W} + {G} + {O} + {A}",
            {
                "W": (q["weights"], "B"),
                "G": (q["gradients"], "B"),
                "O": (q["optimizer"], "B"),
                "A": (q["activations"], "B"),
            },
            q["total"],
            "B",
        )
    )
    k, ka = 6.0 + q["extra"][0], 6.0 + q["extra"][1]
    steps.append(
        Step(
            "flops_per_token",
            text(f"planner.step.flops_{lay.recompute}"),
            rf"{k:g}\,N_a + {ka:g}\,L\,a\,d\,s",
            f"{k:g} × {{N}} + {ka:g} × {{L}} × {{a}} × {{dh}} × {{s}}",
            {
                "N": (m.active_params, ""),
                "L": (float(m.layers), ""),
                "a": (float(m.heads), ""),
                "dh": (m.head_dim, ""),
                "s": (float(setup.sequence), ""),
            },
            q["hw_token"],
            "FLOP",
        )
    )
    steps.append(
        Step(
            "microbatch_compute_seconds",
            text("planner.step.compute_mb", chip=setup.chip_label),
            r"t_\mu = F\,b\,s\,f / (t\,c\,p) / (\eta\,P)",
            "{F} × {b} × {s} × {f} / ({t} × {c} × {p}) / ({u} × {P})",
            {
                **base,
                "F": (q["hw_token"], ""),
                "b": (float(lay.micro_batch), ""),
                "s": (float(setup.sequence), ""),
                "c": (c, ""),
                "u": (setup.efficiency, ""),
                "P": (setup.peak, "FLOP/s"),
            },
            q["compute_mb"],
            "s",
        )
    )
    steps.append(
        Step(
            "compute_seconds",
            text("planner.step.compute"),
            r"m\,t_\mu",
            "{m} × {T}",
            {"m": (mb, ""), "T": (q["compute_mb"], "s")},
            q["compute"],
            "s",
        )
    )
    for axis, calls_key, layers_key, count_label in (
        ("tp", "tp_calls", "per_stage", "planner.step.tp"),
        ("cp", "cp_calls", "per_stage", "planner.step.cp"),
        ("ep", "ep_calls", "moe_layers", "planner.step.ep"),
    ):
        one: Collective = q[f"{axis}_one"]
        if one.seconds == 0:
            continue
        template, values = _times(
            "{m} × {L} × {n}",
            {"m": (mb, ""), "L": (float(q[layers_key]), ""), "n": (q[calls_key], "")},
            one,
            "x",
        )
        steps.append(
            Step(
                f"{axis}_comm_seconds",
                text(count_label, link=text(f"planner.link.{one.where}")),
                r"m\,L\,n\,T_1",
                template,
                values,
                q[f"{axis}_comm"],
                "s",
            )
        )
    if lay.pp > 1:
        one = q["pp_one"]
        template, values = _times("{m} × 2 × {v}", {"m": (mb, ""), "v": (v, "")}, one, "x")
        steps.append(
            Step(
                "pp_comm_seconds",
                text("planner.step.pp", link=text(f"planner.link.{one.where}")),
                r"2\,m\,v\,S/B",
                template,
                values,
                q["pp_comm"],
                "s",
            )
        )
        steps.append(
            Step(
                "pipeline_bubble_fraction",
                text("planner.step.bubble_fraction"),
                r"(p - 1)/(v\,m)",
                "({p} − 1) / ({v} × {m})",
                {"p": (p, ""), "v": (v, ""), "m": (mb, "")},
                q["bubble_fraction"],
                "",
            )
        )
        steps.append(
            Step(
                "bubble_seconds",
                text("planner.step.bubble"),
                r"\frac{p-1}{v}\,(t_\mu + t_\text{tp} + t_\text{cp} + t_\text{ep})",
                "({p} − 1) / {v} × {T}",
                {"p": (p, ""), "v": (v, ""), "T": (q["critical_mb"], "s")},
                q["bubble"],
                "s",
            )
        )
    if q["group"] > 1:
        one = q["dp_one"]
        values = {}
        template = ""
        if one.seconds > 0:
            template, values = _times("1", {}, one, "x")
        if q["ep_dp_one"].seconds > 0:
            extra_template, values = _times("1", values, q["ep_dp_one"], "y")
            template = f"{template} + {extra_template}" if template else extra_template
        steps.append(
            Step(
                "dp_allreduce_seconds",
                text("planner.step.dp_allreduce", link=text(f"planner.link.{one.where}")),
                r"2\,\frac{n-1}{n}\,\frac{2\,P}{B}",
                template,
                values,
                q["allreduce"],
                "s",
            )
        )
        window = {
            "A": (q["allreduce"], "s"),
            "T": (q["compute_mb"], "s"),
            "m": (mb, ""),
            "Fw": (q["fwd"], "s"),
            "Bw": (q["bwd"], "s"),
        }
        if lay.zero <= 1:
            formula, template = r"\max(0, T_\text{AR} - t_\mu)", "max(0, {A} − {T})"
        elif lay.zero == 2:
            formula = (
                r"m\max(0, \tfrac{T_\text{AR}}{2} - t_\text{bwd}) + \max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd})"
            )
            template = "{m} × max(0, {A} / 2 − {Bw}) + max(0, {A} / 2 − {Fw})"
        else:
            formula = r"m\,(\max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd}) + \max(0, T_\text{AR} - t_\text{bwd}))"
            template = "{m} × (max(0, {A} / 2 − {Fw}) + max(0, {A} − {Bw}))"
        steps.append(
            Step(
                "dp_exposed_seconds",
                text(f"planner.step.dp_exposed_{min(lay.zero, 3) if lay.zero > 1 else 1}"),
                formula,
                template,
                window,
                q["dp_exposed"],
                "s",
            )
        )
    steps.append(
        Step(
            "optimizer_seconds",
            text("planner.step.optimizer_update"),
            r"(2\,o + w + g)\,P_\text{opt} / B_\text{HBM}",
            "(2 × {o} + {w} + {g}) × {P} / {B}",
            {"o": (o, "B"), "w": (w, "B"), "g": (g, "B"), "P": (q["updated"], ""), "B": (setup.hbm, "B/s")},
            q["optimizer_s"],
            "s",
        )
    )
    steps.append(
        Step(
            "step_seconds",
            text("planner.step.step"),
            r"T = t_c + t_\text{bubble} + t_\text{exposed} + t_\text{opt}",
            "{C} + {Bb} + {X} + {O}",
            {
                "C": (q["compute"], "s"),
                "Bb": (q["bubble"], "s"),
                "X": (q["exposed"], "s"),
                "O": (q["optimizer_s"], "s"),
            },
            q["step"],
            "s",
        )
    )
    steps.append(
        Step(
            "mfu",
            text("planner.step.mfu"),
            r"\text{MFU} = (6N_a + 12\,L\,a\,d\,s)\,B / (T\,n\,P)",
            "{F} × {B} / ({T} × {n} × {P})",
            {
                "F": (q["model_token"], ""),
                "B": (q["batch"], ""),
                "T": (q["step"], "s"),
                "n": (float(setup.count), ""),
                "P": (setup.peak, "FLOP/s"),
            },
            q["mfu"],
            "",
        )
    )
    steps.append(
        Step(
            "tokens_per_second",
            text("planner.step.tokens_per_second"),
            r"B / T",
            "{B} / {T}",
            {"B": (q["batch"], ""), "T": (q["step"], "s")},
            q["tokens_per_second"],
            "tokens/s",
        )
    )
    if q["critical"] is not None:
        steps.append(
            Step(
                "critical_batch_tokens_per_device",
                text("planner.step.critical"),
                r"B_\text{crit} = \eta\,P\,T_\text{AR} / (4\,N_a\,f / (t\,p))",
                "{u} × {P} × {A} / {W}",
                {
                    "u": (setup.efficiency, ""),
                    "P": (setup.peak, "FLOP/s"),
                    "A": (q["allreduce"], "s"),
                    "W": (q["weights_flops_dev"], ""),
                },
                q["critical"],
                "",
            )
        )
    return steps


# -- the calculator --------------------------------------------------------------------------------------------


def parallelism(
    *,
    model: str | None = None,
    params: float | None = 70e9,
    layers: float | None = 80,
    hidden_size: float | None = 8192,
    attention_heads: float | None = 64,
    kv_heads: float | None = None,
    ffn_hidden_size: float | None = None,
    vocab_size: float | None = None,
    mlp: str = "swiglu",
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    memory_bytes: float = 80e9,
    bandwidth_bytes_per_s: float = 3e12,
    scale_up_bytes_per_s: float = 450e9,
    scale_up_domain: float = 8,
    scale_up_topology: str = "switch",
    scale_up_link_bytes_per_s: float | None = None,
    scale_out_bytes_per_s: float = 50e9,
    count: float = 1024,
    tp: float = 8,
    pp: float = 4,
    dp: float | None = None,
    ep: float = 1,
    cp: float = 1,
    virtual_stages: float = 1,
    zero_stage: int = 1,
    sequence_parallel: str = "on",
    sequence_length: float = 8192,
    global_batch_tokens: float = 4_194_304,
    micro_batch: float = 1,
    recompute: str = "none",
    recipe: str = "adam-mixed",
    flash_attention: str = "on",
    dropout: str = "off",
    matmul_efficiency: float | None = None,
    search: str = "off",
    basis: str = DEFAULT_BASIS,
) -> Result:
    """Lay a model's training step out over a cluster: memory per device, communication per axis, step time, MFU.

    Parameters:
        model: a data/ model, or None for a custom one given by params, layers, hidden_size, attention_heads,
            kv_heads (default: heads), ffn_hidden_size (default 8h/3 for SwiGLU, 4h for GELU), vocab_size
            (optional: adds the output logits) and mlp.
        accelerator, dtype: a data/ chip and the format of its dense peak; or a custom chip: peak_flop_per_s,
            memory_bytes, bandwidth_bytes_per_s (HBM), scale_up_bytes_per_s (per direction), scale_up_domain,
            scale_up_topology (switch, mesh, torus, ring, none), scale_up_link_bytes_per_s (one peer's link,
            for a mesh, torus or ring) and scale_out_bytes_per_s (the NIC per accelerator, per direction).
        count: accelerators. tp, pp, dp (default count / (tp·pp·cp)), ep, cp: the degrees of tensor, pipeline,
            data, expert and context parallelism; virtual_stages: model chunks per pipeline rank (interleaving).
        zero_stage: 0-3 over the data-parallel group (3 = FSDP). sequence_parallel: "on" or "off".
        sequence_length, global_batch_tokens, micro_batch: the batch; micro-batches m = ⌈B / (s·b·dp)⌉.
        recompute: none, selective or full. recipe: the training-memory recipes (bytes per parameter).
        flash_attention, dropout: "on" or "off" (activation memory). matmul_efficiency: the fraction of the dense
            peak the matmuls reach (default: the chip's measured ratio, else the edition's typical figure).
        search: "on" also ranks every valid layout (tp, pp, cp, ep and recomputation) that fits, by step time.
        basis: "achievable" (default) runs a data/ chip's matmuls at its measured share of peak and its optimizer
            update at its measured memory bandwidth, where data/ has them (`planner_roofs`); "peak" at the edition's
            typical matmul efficiency and the datasheet bandwidth. A given matmul_efficiency is a share of the dense
            peak on either basis. A custom chip has no measurement: it runs on the peak basis, with a note.

    Returns:
        Result with, per device, weights_bytes, gradients_bytes, optimizer_bytes, activation_bytes, total_bytes,
        fits; microbatches, pipeline_bubble_fraction; compute_seconds, tp_comm_seconds, pp_comm_seconds,
        dp_comm_seconds, ep_comm_seconds, cp_comm_seconds, exposed_comm_seconds, bubble_seconds,
        optimizer_seconds, step_seconds, mfu, tokens_per_second, critical_batch_tokens_per_device (None without
        data parallelism), and the link each axis rides. With search, `table` ranks the layouts.

    Raises:
        CalcError: a value outside its range, a layout that does not use every accelerator or does not divide
            the model, an unknown chip or model.
    """
    shape = _shape(model, params, layers, hidden_size, attention_heads, kv_heads, ffn_hidden_size, vocab_size, mlp)
    check_choice("dtype", dtype, DTYPES)
    chip = load_data().accelerator(accelerator) if accelerator is not None else None
    if chip is not None:
        peak = chip.peak_flop_per_s(dtype)
        if not chip.memory_bytes:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
        if not chip.memory_bandwidth_bytes_per_s:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_bandwidth", subject=chip.name)
        capacity, hbm, label = (
            chip.memory_bytes,
            chip.memory_bandwidth_bytes_per_s,
            text("chip.dense", name=chip.name, dtype=dtype),
        )
    else:
        peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
        capacity = check_number("memory_gb", memory_bytes, low=0, low_open=True, high=1e18)
        hbm = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
        label = text("chip.custom")
    links = _setup_links(
        chip, scale_up_bytes_per_s, scale_up_domain, scale_up_topology, scale_up_link_bytes_per_s, scale_out_bytes_per_s
    )
    resolved = Chip(label, peak, hbm, chip)
    default, hbm, roofs = planner_roofs(resolved, dtype, basis, efficiency_given=matmul_efficiency is not None)
    efficiency = default if matmul_efficiency is None else matmul_efficiency
    efficiency = check_number("matmul_efficiency", efficiency, low=0, low_open=True, high=1)
    n = int(check_number("count", count, low=1, high=1e7, integer=True))
    t_ = int(check_number("tp", tp, low=1, high=1e5, integer=True))
    p_ = int(check_number("pp", pp, low=1, high=1e4, integer=True))
    c_ = int(check_number("cp", cp, low=1, high=1e5, integer=True))
    e_ = int(check_number("ep", ep, low=1, high=1e5, integer=True))
    v_ = int(check_number("virtual_stages", virtual_stages, low=1, high=1e3, integer=True))
    if dp is None:
        if n % (t_ * p_ * c_):
            raise CalcError(field="dp", kind="layout", detail="product", value=float(t_ * p_ * c_), subject=str(n))
        d_ = n // (t_ * p_ * c_)
    else:
        d_ = int(check_number("dp", dp, low=1, high=1e7, integer=True))
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    s = int(check_number("seq_len", sequence_length, low=1, high=1e8, integer=True))
    batch = check_number("global_batch_tokens", global_batch_tokens, low=1, high=1e12)
    b = int(check_number("micro_batch", micro_batch, low=1, high=1e6, integer=True))
    if batch < s * b * d_:
        raise CalcError(
            field="global_batch_tokens", kind="layout", detail="batch", value=batch, subject=str(s * b * d_)
        )
    setup = Setup(
        shape=shape,
        chip_label=label,
        peak=peak,
        efficiency=efficiency,
        capacity=capacity,
        hbm=hbm,
        links=links,
        count=n,
        sequence=s,
        batch_tokens=batch,
        recipe=check_choice("recipe", recipe, tuple(RECIPES)),
        flash=check_choice("flash_attention", flash_attention, SWITCHES) == "on",
        dropout=check_choice("dropout", dropout, SWITCHES) == "on",
    )
    lay = Layout(
        tp=t_,
        pp=p_,
        dp=d_,
        ep=e_,
        cp=c_,
        virtual=v_,
        zero=stage,
        micro_batch=b,
        recompute=check_choice("recompute", recompute, RECOMPUTE),
        sequence_parallel=check_choice("sequence_parallel", sequence_parallel, SWITCHES) == "on",
    )
    check_choice("search", search, SWITCHES)
    _check_layout(setup, lay)
    _check_activation_inputs(setup, lay)
    q = _evaluate(setup, lay)
    steps = _steps(setup, lay, q)
    notes: list[Text] = [roofs.note]
    if matmul_efficiency is None and roofs.flop_per_s == peak:  # no measured matmul: the typical efficiency
        key = "planner.note.efficiency_peak" if basis == "peak" else "planner.note.efficiency_typical"
        notes.append(text(key, efficiency=efficiency))
    if shape.vocab is None:
        notes.append(text("planner.note.no_vocab"))
    if q["critical"] is None:
        notes.append(text("planner.note.no_dp"))
    if not q["fits"]:
        notes.append(
            text(
                "planner.note.no_fit", needed=format_quantity(q["total"], "B"), capacity=format_quantity(capacity, "B")
            )
        )
    quantities: dict[str, Any] = {
        "weights_bytes": q["weights"],
        "gradients_bytes": q["gradients"],
        "optimizer_bytes": q["optimizer"],
        "activation_bytes": q["activations"],
        "total_bytes": q["total"],
        "capacity_bytes": capacity,
        "fits": q["fits"],
        "dp": float(d_),
        "microbatches": float(q["microbatches"]),
        "batch_tokens": q["batch"],
        "pipeline_bubble_fraction": q["bubble_fraction"],
        "compute_seconds": q["compute"],
        "tp_comm_seconds": q["tp_comm"],
        "pp_comm_seconds": q["pp_comm"],
        "dp_comm_seconds": q["dp_comm"],
        "ep_comm_seconds": q["ep_comm"],
        "cp_comm_seconds": q["cp_comm"],
        "dp_exposed_seconds": q["dp_exposed"],
        "exposed_comm_seconds": q["exposed"],
        "bubble_seconds": q["bubble"],
        "optimizer_seconds": q["optimizer_s"],
        "step_seconds": q["step"],
        "mfu": q["mfu"],
        "tokens_per_second": q["tokens_per_second"],
        "critical_batch_tokens_per_device": q["critical"],
        "batch_tokens_per_device": q["tokens_per_device"],
        "matmul_efficiency": efficiency,
        "basis": roofs.basis,
        "memory_bandwidth_bytes_per_s": hbm,
        "tp_link": _link_word(q["tp_one"]),
        "pp_link": _link_word(q["pp_one"]),
        "dp_link": _link_word(q["dp_one"]),
        "ep_link": _link_word(q["ep_one"]),
        "cp_link": _link_word(q["cp_one"]),
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    table = None
    if search == "on":
        table = search_layouts(setup, lay)
        if not table:
            notes.append(text("planner.note.none_fit"))
    result = Result(
        calculator="parallelism", quantities=quantities, steps=steps, notes=notes, table=table, table_key="layouts"
    )
    return result


def _link_word(one: Collective) -> str:
    return {"none": "none", "up": "scale-up", "out": "scale-out", "both": "scale-up+out"}[one.where]


# -- search ----------------------------------------------------------------------------------------------------


def _powers_of_two(limit: int) -> list[int]:
    out, k = [], 1
    while k <= limit:
        out.append(k)
        k *= 2
    return out


def search_layouts(setup: Setup, reader: Layout) -> list[dict[str, Any]]:
    """Every valid layout of the degrees (tp, pp, cp, ep; dp follows) and recomputation, keeping the reader's
    ZeRO stage, micro-batch, sequence parallelism and interleaving; those that fit, ranked by step time.

    Tensor parallelism stays inside the scale-up domain: its collectives sit on the critical path of every layer,
    and the bandwidth model alone would flatter a group that spans domains (it ignores latency and the smaller,
    less efficient matmuls of a wider split)."""
    m, n = setup.shape, setup.count
    rows: list[tuple[float, dict[str, Any]]] = []
    tps = [x for x in _powers_of_two(min(m.heads, 64, n, max(1, setup.links.domain))) if m.heads % x == 0]
    pps = [x for x in _powers_of_two(min(m.layers, 64, n))]
    cps = [x for x in _powers_of_two(16) if setup.sequence % x == 0] if setup.sequence >= 16_384 else [1]
    eps = [x for x in _powers_of_two(min(m.experts or 1, 64))] if m.experts else [1]
    for t_ in tps:
        for p_ in pps:
            for c_ in cps:
                if n % (t_ * p_ * c_):
                    continue
                d_ = n // (t_ * p_ * c_)
                if setup.batch_tokens < setup.sequence * reader.micro_batch * d_:
                    continue
                for e_ in eps:
                    if e_ > 1 and (m.experts % e_ or (d_ * c_) % e_):  # type: ignore[operator]
                        continue
                    virtual = reader.virtual if p_ > 1 and p_ * reader.virtual <= m.layers else 1
                    for mode in RECOMPUTE:
                        lay = replace(reader, tp=t_, pp=p_, dp=d_, ep=e_, cp=c_, virtual=virtual, recompute=mode)
                        memory = _memory(setup, lay)
                        if not memory["fits"]:
                            continue
                        try:
                            q = _evaluate(setup, lay, memory)
                        except CalcError:
                            continue
                        rows.append((q["step"], _row(lay, q)))
                        break  # the least recomputation that fits is the fastest for this layout
    rows.sort(key=lambda item: (item[0], item[1]["id"]))
    ranked = [row for _, row in rows[:MAX_ROWS]]
    for index, row in enumerate(ranked, start=1):
        row["rank"] = index
    return ranked


def _row(lay: Layout, q: dict[str, Any]) -> dict[str, Any]:
    ident = f"tp{lay.tp}-pp{lay.pp}-dp{lay.dp}-ep{lay.ep}-cp{lay.cp}-{lay.recompute}"
    name = (
        f"TP {lay.tp} · PP {lay.pp} · DP {lay.dp}"
        + (f" · EP {lay.ep}" if lay.ep > 1 else "")
        + (f" · CP {lay.cp}" if lay.cp > 1 else "")
    )
    axes = {"tp": q["tp_comm"], "cp": q["cp_comm"], "ep": q["ep_comm"], "pp": q["pp_comm"], "dp": q["dp_exposed"]}
    worst = max(axes, key=lambda k: axes[k])
    return {
        "id": ident,
        "name": name,
        "rank": None,
        "fits": True,
        "skipped_for": None,
        "tp": lay.tp,
        "pp": lay.pp,
        "dp": lay.dp,
        "ep": lay.ep,
        "cp": lay.cp,
        "recompute": lay.recompute,
        "step_seconds": q["step"],
        "mfu": q["mfu"],
        "compute_seconds": q["compute"],
        "bubble_seconds": q["bubble"],
        "exposed_comm_seconds": q["exposed"],
        "largest_comm": worst if axes[worst] > 0 else None,
        "largest_comm_link": _link_word(q[f"{worst}_one"]) if axes[worst] > 0 else None,
        "total_bytes": q["total"],
        "inputs": {
            "tp": str(lay.tp),
            "pp": str(lay.pp),
            "dp": str(lay.dp),
            "ep": str(lay.ep),
            "cp": str(lay.cp),
            "recompute": lay.recompute,
            "search": "off",
        },
    }


def describe_layout(result: Result, row: dict[str, Any], lang: str = "en") -> str:
    """A ranked layout's reason, in `lang`: where its step time goes, compared with the first."""

    def s(value: float) -> str:
        return format_quantity(value, "s", lang)

    parts = [
        t(
            "planner.reason.time",
            lang,
            step=s(row["step_seconds"]),
            mfu=format_number(100 * row["mfu"], lang, digits=3),
            compute=s(row["compute_seconds"]),
            bubble=s(row["bubble_seconds"]),
            comm=s(row["exposed_comm_seconds"]),
        )
    ]
    if row["largest_comm"] is not None:
        parts.append(
            t(
                "planner.reason.largest",
                lang,
                axis=t(f"planner.axis.{row['largest_comm']}", lang),
                link=t(f"planner.linkword.{row['largest_comm_link']}", lang),
            )
        )
    capacity = result.quantities.get("capacity_bytes")
    parts.append(
        t(
            "planner.reason.memory",
            lang,
            memory=format_quantity(row["total_bytes"], "B", lang),
            capacity=format_quantity(float(capacity), "B", lang) if isinstance(capacity, float) else "—",
            recompute=t(f"option.recompute.{row['recompute']}", lang),
        )
    )
    table = result.table or []
    if table and row["rank"] and row["rank"] > 1:
        best = table[0]
        slower = row["step_seconds"] / best["step_seconds"] - 1
        parts.append(t("planner.reason.slower", lang, percent=format_number(100 * slower, lang, digits=2)))
    return t("chooser.reason.join", lang).join(parts) + "."


# -- page chart -------------------------------------------------------------------------------------------------


def _parallelism_svg(result: Result, lang: str) -> str:
    q = result.quantities
    names = {
        "weights_bytes": "plot.memory.weights",
        "gradients_bytes": "plot.memory.gradients",
        "optimizer_bytes": "plot.memory.optimizer",
        "activation_bytes": "plot.memory.activations",
    }
    parts = tuple((t(label, lang), float(q[key])) for key, label in names.items())  # type: ignore[arg-type]
    memory = memory_bars_svg(parts=parts, capacity_bytes=float(q["capacity_bytes"]), lang=lang)  # type: ignore[arg-type]
    segments = (
        (t("plot.timeline.compute", lang), float(q["compute_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.tp", lang), float(q["tp_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.cp", lang), float(q["cp_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.ep", lang), float(q["ep_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.pp", lang), float(q["pp_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.dp", lang), float(q["dp_exposed_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.bubble", lang), float(q["bubble_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.optimizer", lang), float(q["optimizer_seconds"])),  # type: ignore[arg-type]
    )
    timeline = step_timeline_svg(segments=segments, lang=lang)
    return memory + "\n" + timeline


_CUSTOM_CHIP = "accelerator"
_CUSTOM_MODEL = "model"

PARALLELISM = Calculator(
    name="parallelism",
    fields=(
        Field("model", kind="model", default="llama-3-70b"),
        Field("params", default="70B", custom_of=_CUSTOM_MODEL, low=1e6, high=1e15),
        Field("layers", default="80", custom_of=_CUSTOM_MODEL, low=1, high=1e4, integer=True),
        Field("hidden", default="8192", param="hidden_size", custom_of=_CUSTOM_MODEL, low=64, high=1e6, integer=True),
        Field("heads", default="64", param="attention_heads", custom_of=_CUSTOM_MODEL, low=1, high=1e6, integer=True),
        Field("kv_heads", optional=True, custom_of=_CUSTOM_MODEL, low=1, high=1e6, integer=True),
        Field("ffn", optional=True, param="ffn_hidden_size", custom_of=_CUSTOM_MODEL, low=1, high=1e8, integer=True),
        Field("vocab", optional=True, param="vocab_size", custom_of=_CUSTOM_MODEL, low=1, high=1e8, integer=True),
        Field("mlp", kind="choice", default="swiglu", choices=MLPS, custom_of=_CUSTOM_MODEL),
        ACCELERATOR,
        Field("dtype", kind="choice", default=DEFAULT_DTYPE, choices=DTYPES),
        CUSTOM_PEAK,
        Field(
            "memory_gb",
            unit="GB",
            default="80",
            param="memory_bytes",
            scale=1e9,
            custom_of=_CUSTOM_CHIP,
            low=0,
            low_open=True,
            high=1e9,
        ),
        CUSTOM_BANDWIDTH,
        Field(
            "scale_up_gbytes_s",
            unit="GB/s",
            default="450",
            param="scale_up_bytes_per_s",
            scale=1e9,
            custom_of=_CUSTOM_CHIP,
            low=0,
            low_open=True,
            high=1e6,
        ),
        Field("scale_up_domain", default="8", custom_of=_CUSTOM_CHIP, low=1, high=1e6, integer=True),
        Field("scale_up_topology", kind="choice", default="switch", choices=TOPOLOGIES, custom_of=_CUSTOM_CHIP),
        Field(
            "scale_up_link_gbytes_s",
            unit="GB/s",
            optional=True,
            param="scale_up_link_bytes_per_s",
            scale=1e9,
            custom_of=_CUSTOM_CHIP,
            low=0,
            low_open=True,
            high=1e6,
        ),
        Field(
            "scale_out_gbits_s",
            unit="Gb/s",
            default="400",
            param="scale_out_bytes_per_s",
            scale=1e9 / 8,
            custom_of=_CUSTOM_CHIP,
            low=0,
            low_open=True,
            high=1e7,
        ),
        Field("count", default="1024", low=1, high=1e7, integer=True),
        Field("tp", default="8", low=1, high=1e5, integer=True),
        Field("pp", default="4", low=1, high=1e4, integer=True),
        Field("dp", optional=True, low=1, high=1e7, integer=True),
        Field("ep", default="1", low=1, high=1e5, integer=True),
        Field("cp", default="1", low=1, high=1e5, integer=True),
        Field("zero", default="1", param="zero_stage", low=0, high=3, integer=True),
        Field("seq_len", default="8192", param="sequence_length", low=1, high=1e8, integer=True),
        Field("global_batch_tokens", default="4194304", low=1, high=1e12),
        Field("micro_batch", default="1", low=1, high=1e6, integer=True),
        Field("recompute", kind="choice", default="none", choices=RECOMPUTE),
        Field("sequence_parallel", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field("virtual_stages", default="1", low=1, high=1e3, integer=True, advanced=True),
        Field("optimizer", kind="choice", default="adam-mixed", param="recipe", choices=tuple(RECIPES), advanced=True),
        Field("flash_attention", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field("dropout", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field(
            "matmul_efficiency",
            optional=True,
            low=0,
            low_open=True,
            high=1,
            advanced=True,
            default_from=_typical_efficiency,
        ),
        with_changes(BASIS, advanced=True),
        Field("search", kind="choice", default="off", choices=SWITCHES, advanced=True),
    ),
    function=parallelism,
    units={
        "weights_bytes": "B",
        "gradients_bytes": "B",
        "optimizer_bytes": "B",
        "activation_bytes": "B",
        "total_bytes": "B",
        "capacity_bytes": "B",
        "compute_seconds": "s",
        "tp_comm_seconds": "s",
        "pp_comm_seconds": "s",
        "dp_comm_seconds": "s",
        "ep_comm_seconds": "s",
        "cp_comm_seconds": "s",
        "dp_exposed_seconds": "s",
        "exposed_comm_seconds": "s",
        "bubble_seconds": "s",
        "optimizer_seconds": "s",
        "step_seconds": "s",
        "tokens_per_second": "tokens/s",
        "memory_bandwidth_bytes_per_s": "B/s",
    },
    headline=(
        "total_bytes",
        "step_seconds",
        "mfu",
        "tokens_per_second",
        "pipeline_bubble_fraction",
        "critical_batch_tokens_per_device",
    ),
    presets={
        # Llama Team (2024), Table 4 and section 3.3.2: 16,384 H100, TP 8, PP 16, DP 128, 8K sequences,
        # 16M tokens per batch, FSDP sharding optimizer states and gradients, no activation checkpointing.
        "llama-3-405b": {
            "model": "llama-3-405b",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "16384",
            "dp": "",
            "tp": "8",
            "pp": "16",
            "ep": "1",
            "cp": "1",
            "zero": "2",
            "seq_len": "8192",
            "global_batch_tokens": "16777216",
            "micro_batch": "1",
            "recompute": "none",
        },
        # DeepSeek-AI (2024), DeepSeek-V3 report §3.2 and §4.2: 2,048 H800, PP 16, EP 64, ZeRO-1 data
        # parallelism, no tensor parallelism, FP8 matmuls, 4K sequences, batch of 15,360 sequences.
        "deepseek-v3": {
            "model": "deepseek-v3",
            "accelerator": "h800-sxm",
            "dtype": "fp8",
            "count": "2048",
            "dp": "",
            "tp": "1",
            "pp": "16",
            "ep": "64",
            "cp": "1",
            "zero": "1",
            "seq_len": "4096",
            "global_batch_tokens": "62914560",
            "micro_batch": "1",
            "recompute": "none",
        },
        # Llama 3 70B with plain Adam on one 8-GPU node, no sharding: it does not fit.
        "70b-one-node": {
            "model": "llama-3-70b",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "8",
            "dp": "",
            "tp": "8",
            "pp": "1",
            "ep": "1",
            "cp": "1",
            "zero": "0",
            "seq_len": "8192",
            "global_batch_tokens": "65536",
            "micro_batch": "1",
            "recompute": "full",
        },
    },
    plot=_parallelism_svg,
    describe=lambda result, row, lang: describe_layout(result, row, lang),
    table_label="layout",
    columns=lambda result: ("step_seconds", "mfu", "total_bytes", "exposed_comm_seconds", "bubble_seconds"),
)

CALCULATORS = (PARALLELISM,)
