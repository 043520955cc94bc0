# One layout's memory per device and step time: compute, each axis's communication, the pipeline bubble and
# the optimizer update; the pipeline's published formulas; the matmul efficiency a layout runs at.
from __future__ import annotations

import math
from typing import Any

from ..chips import Chip, Roofs, basis_rates, basis_roofs
from ..data import Accelerator, load_data
from ..errors import CalcError, check_choice, check_number
from ..fields import (
    BASES,
    DEFAULT_BASIS,
)
from ..memory import (
    RECIPES,
    RECOMPUTE,
    layer_activation_parts_unchecked,
    output_activation_bytes_unchecked,
)
from .kernels import Device, LayerWork, ShapeRates, layer_work, output_layer, pass_factors
from .layout import Layout, Setup, activation_inputs, output_inputs
from .links import collective
from .moe import routed_copies

ACTIVATION_BYTES = 2.0  # activations and their gradients cross the links in 16 bits
GRADIENT_BYTES = 2.0  # gradients are reduced in BF16
# DualPipe's overlap runs the all-to-all on SMs taken from the compute: DeepSeek-AI (2024), DeepSeek-V3 report
# §3.2.2 ("only 20 SMs are sufficient to fully utilize the bandwidths of IB and NVLink") and §3.5.1 ("20 SMs out of
# the 132 SMs available in the H800 GPU"). The share, not the count: a chip's other SMs keep its other kernels.
EP_OVERLAP_SM_SHARE = 20 / 132


# The pipeline schedules: 1F1B (interleaved with more than one model chunk per rank) and the two handcrafted
# zero-bubble schedules of Qi et al. (2024), which split each backward pass into B (input gradient) and W (weight
# gradient) and run W where 1F1B idles.
SCHEDULES = ("1f1b", "zb-h1", "zb-h2")


def pipeline_bubble_fraction(
    *,
    stages: float,
    microbatches: float,
    virtual_stages: float = 1,
    schedule: str = "1f1b",
    recompute: str = "none",
) -> float:
    """Idle fraction of a pipelined step relative to its ideal time: (p − 1)/(v·m).

    Source: Narayanan et al. (2021), "Efficient Large-Scale Language Model Training on GPU Clusters Using
    Megatron-LM", §2.2: 1F1B has a bubble of (p − 1)/m; the interleaved schedule with v model chunks per
    device divides it by v. Example: p = 16, m = 16: 15/16 = 0.94; interleaved with v = 4: 0.23.

    The zero-bubble schedules ("zb-h1", "zb-h2", one chunk per device) idle `schedule_bubble` over the m
    micro-batches' T_F + T_B + T_W, with the passes timed as `pass_shares(recompute)`: ZB-H1 leaves
    (p − 1)/(3m), ZB-H2 none. Example: p = 16, m = 16, no recomputation: ZB-H1 15/48 = 0.31, ZB-H2 0.
    """
    p = check_number("pp", stages)
    m = check_number("microbatches", microbatches, low=1, high=1e9, integer=True)
    v = check_number("virtual_stages", virtual_stages)
    check_choice("schedule", schedule, SCHEDULES)
    if schedule == "1f1b":
        return (p - 1) / (v * m)
    if v != 1:
        raise CalcError(
            field="schedule", kind="layout", detail="schedule", choices=("1f1b",), value=schedule, subject=f"{v:g}"
        )
    forward, input_grad, weight_grad = pass_shares(check_choice("recompute", recompute, RECOMPUTE))
    return schedule_bubble(schedule, p, forward, input_grad, weight_grad, m) / m


def pass_shares(recompute: str) -> tuple[float, float, float]:
    """(T_F, T_B, T_W): the shares of one micro-batch's time its forward pass, its input-gradient pass B and its
    weight-gradient pass W take.

    The forward is a third of the passes (the backward does twice its matmuls), a quarter with full recomputation
    (the forward runs again in the backward); W computes one weight gradient per forward matmul, as many FLOPs as
    the forward's matmuls (Qi et al. 2024, Table 1), so T_W = T_F, and B takes the rest of the backward: the input
    gradients and any recomputed forward, which B needs first. Without full recomputation the backward splits
    evenly, T_F = T_B = T_W = 1/3. Example: full recomputation: (0.25, 0.5, 0.25).
    """
    if recompute == "full":
        return 0.25, 0.5, 0.25
    third = 1.0 / 3.0  # the same float thrice, so that ZB-H2's T_F + T_B − 2·T_W is exactly zero
    return third, third, third


def schedule_bubble(
    schedule: str, stages: float, forward: float, input_grad: float, weight_grad: float, microbatches: float = math.inf
) -> float:
    """The idle time of a one-chunk pipeline of p stages over a step, from one micro-batch's T_F, T_B and T_W.

    Source: Qi, Wan, Huang & Lin (2024), "Zero Bubble Pipeline Parallelism", ICLR 2024 (arXiv:2401.10241),
    Table 2: 1F1B (p − 1)(T_F + T_B + T_W) at a peak activation memory of p·M_B; ZB-H1 (p − 1)(T_F + T_B − T_W)
    at p·M_B; ZB-H2 (p − 1)(T_F + T_B − 2·T_W) at (2p − 1)·M_B, and no bubble when that is not positive.
    ZB-H2 gets there by putting p − 1 more micro-batches in flight than ZB-H1, each filling a T_W of its bubble;
    with m < 2p − 1 micro-batches only max(0, m − p) of them exist, and the bubble is ZB-H1's less that many T_W.
    Example: p = 8, T_F = T_B = T_W = 1: 21, 7 and 0 (with m = 10: 7 − 2 = 5).
    """
    p, f, b, w = stages, forward, input_grad, weight_grad
    if schedule == "zb-h1":
        return (p - 1) * (f + b - w)
    if schedule == "zb-h2":
        return max(0.0, (p - 1) * (f + b - w) - extra_in_flight(p, microbatches) * w)
    return (p - 1) * (f + b + w)


def extra_in_flight(stages: float, microbatches: float) -> float:
    """The micro-batches ZB-H2 holds in flight beyond 1F1B's p: p − 1, fewer when the step has under 2p − 1."""
    return max(0.0, min(stages - 1, microbatches - stages))


def in_flight(schedule: str, stages: int) -> int:
    """Micro-batches whose activations the first stage holds at its peak: p with 1F1B and ZB-H1, 2p − 1 with ZB-H2
    (Qi et al. 2024, Table 2; the first stage holds the most)."""
    return 2 * stages - 1 if schedule == "zb-h2" else stages


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
    c = check_number("peak_flop_per_s", peak_flop_per_s)
    w = check_number("link_bytes_per_s", link_bytes_per_s)
    x = check_number("count", count)
    u = check_number("matmul_efficiency", efficiency)
    return u * c / w * (x - 1) / x


def layout_memory(setup: Setup, lay: Layout) -> dict[str, Any]:
    """One layout's memory per device, as plain numbers: all that decides whether it fits (`evaluate_layout` adds the rest).

    The activation formulas run unchecked: the caller checked the setup's inputs with `check_activation_inputs`."""
    stages = _stages(setup, lay)
    first_layers = stages.pop("first_layers")
    out = {**stages, **_state_bytes(setup, lay, stages["imbalance"])}
    out.update(_activation_bytes(setup, lay, stages["microbatches"], first_layers, stages["last_layers"]))
    out["total"] = total = out["weights"] + out["gradients"] + out["optimizer"] + out["activations"]
    out["fits"] = total <= setup.capacity
    return out


def _stages(setup: Setup, lay: Layout) -> dict[str, Any]:
    """The micro-batches a step takes, the tokens they carry, and the layers of each pipeline stage."""
    m, p = setup.shape, lay.pp
    s, b = setup.sequence, lay.micro_batch
    microbatches = math.ceil(setup.batch_tokens / (s * b * lay.dp))
    per_stage = math.ceil(m.layers / p)
    # Layers short of p·⌈L/p⌉ come off the last stage (which also holds the output layer), then the first (which
    # keeps the most activations), as Llama 3 ran its 126 layers on 16 stages (Llama Team 2024, §3.3.2).
    slack = per_stage * p - m.layers if p > 1 else 0
    return {
        "microbatches": microbatches,
        "batch": float(microbatches * b * s * lay.dp),
        "per_stage": per_stage,
        "last_layers": per_stage - min(1, slack),
        "imbalance": per_stage * p / m.layers,
        "first_layers": per_stage - (1 if slack >= 2 else 0),
    }


def _state_bytes(setup: Setup, lay: Layout, imbalance: float) -> dict[str, Any]:
    """Parameters on one device (dense ones split by tp and pp, routed experts also by ep), the groups their
    gradients reduce over, and the weights, gradients and optimizer states ZeRO leaves on it."""
    m, t, p = setup.shape, lay.tp, lay.pp
    expert = m.expert_params
    dense_dev = (m.params - expert) / (t * p) * imbalance
    expert_dev = expert / (t * p * lay.ep) * imbalance
    group = lay.dp * lay.cp  # gradients are reduced over data and context parallelism
    expert_group = group // lay.ep
    w, g, o = RECIPES[setup.recipe]

    def sharded(size: float, level: int) -> float:
        return size * (
            dense_dev / (group if lay.zero >= level else 1) + expert_dev / (expert_group if lay.zero >= level else 1)
        )

    return {
        "dense_dev": dense_dev,
        "expert_dev": expert_dev,
        "group": group,
        "expert_group": expert_group,
        "weights": sharded(w, 3),
        "gradients": sharded(g, 2),
        "optimizer": sharded(o, 1),
    }


def _activation_bytes(
    setup: Setup, lay: Layout, microbatches: int, first_layers: int, last_layers: int
) -> dict[str, Any]:
    """Activations: the first stage keeps the most micro-batches in flight (Korthikanti et al. 2022, §4.2.3), the
    last also the output layer's logits; the device holds the larger."""
    p, v = lay.pp, lay.virtual
    parts = layer_activation_parts_unchecked(activation_inputs(setup, lay))
    per_layer = sum(parts.values())
    first: float
    last: float
    if v == 1:  # ZB-H2 keeps 2p − 1 micro-batches in flight on the first stage (`in_flight`)
        first = float(first_layers * min(in_flight(lay.schedule, p), microbatches))
        last = float(last_layers)
    else:
        first = min(first_layers * p * (1 + (p - 1) / (p * v)), first_layers * microbatches)
        last = min(last_layers / v * ((v - 1) * p + 1), last_layers * microbatches)
    logits = 0.0
    if setup.shape.vocab:
        logits = output_activation_bytes_unchecked(**output_inputs(setup, lay))
    first_bytes = first * per_layer + (logits if p == 1 else 0.0)
    last_bytes = last * per_layer + logits
    return {
        "parts": parts,
        "per_layer": per_layer,
        "first": first,
        "last": last,
        "logits": logits,
        "first_bytes": first_bytes,
        "last_bytes": last_bytes,
        "activations": first_bytes if p == 1 else max(first_bytes, last_bytes),
    }


def device_of(setup: Setup) -> Device:
    return Device(setup.peak, setup.efficiency, setup.units, setup.hbm, setup.attention_rate, setup.shapes, setup.wide)


def _work(setup: Setup, lay: Layout, *, moe: bool) -> LayerWork:
    m = setup.shape
    return layer_work(
        device=device_of(setup),
        tokens=setup.sequence * lay.micro_batch / lay.cp,
        sequence=setup.sequence,  # each rank's queries attend to the whole sequence's keys
        hidden=m.hidden,
        heads=m.heads,
        kv_heads=m.kv_heads,
        head_dim=m.head_dim,
        ffn=float(m.expert_ffn if moe and m.expert_ffn else m.ffn),
        mlp=m.mlp,
        mlp_copies=routed_copies(m.experts_per_token, m.shared_experts, setup.capacity_factor) if moe else 1.0,
        tp=lay.tp,
        sequence_parallel=lay.sequence_parallel,
        flash=setup.flash,
        dropout=setup.dropout,
    )


def pass_seconds(work: LayerWork, recompute: str, flash: bool) -> float:
    """One layer's forward, recomputation and backward for one micro-batch (`kernels.pass_factors`)."""
    k_mm, k_att, k_mem, k_sc = pass_factors(recompute, flash)
    return (
        k_mm * work.matmul_seconds
        + k_att * work.attention_seconds
        + k_mem * work.memory_seconds
        + k_sc * work.score_seconds
    )


def layer_times(setup: Setup, lay: Layout) -> dict[str, Any]:
    """The mean time of one layer of a stage for one micro-batch, with each kind of layer's work and time: every
    layer is dense, or a mixture of experts but for the first `dense_layers`."""
    m = setup.shape
    dense = _work(setup, lay, moe=False)
    dense_s = pass_seconds(dense, lay.recompute, setup.flash)
    if not m.experts:
        return {"seconds": dense_s, "dense": dense, "dense_s": dense_s, "moe": None, "moe_s": 0.0, "moe_share": 0.0}
    moe = _work(setup, lay, moe=True)
    moe_s = pass_seconds(moe, lay.recompute, setup.flash)
    share = (m.layers - m.dense_layers) / m.layers
    seconds = share * moe_s + (1 - share) * dense_s
    return {"seconds": seconds, "dense": dense, "dense_s": dense_s, "moe": moe, "moe_s": moe_s, "moe_share": share}


def _matmul_seconds(layer: dict[str, Any], recompute: str, flash: bool) -> float:
    """One layer's matmul time for one micro-batch, forward, recomputed and backward (a mixture of experts' layers
    weighted by their share)."""
    factor = pass_factors(recompute, flash)[0]
    moe = layer["moe"].matmul_seconds if layer["moe"] is not None else 0.0
    return factor * (layer["moe_share"] * moe + (1 - layer["moe_share"]) * layer["dense"].matmul_seconds)


def evaluate_layout(setup: Setup, lay: Layout, memory: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every figure of one layout, as plain numbers (the derivation shows the same arithmetic): its `layout_memory`
    (`memory`, when the caller has it) and its compute, communication and step time."""
    mem = layout_memory(setup, lay) if memory is None else memory
    out = {**mem, **_compute(setup, lay, mem)}
    out.update(_layer_comm(setup, lay, out))
    out.update(_pipeline(setup, lay, out))
    out.update(_data_parallel(setup, lay, out))
    out.update(_step(setup, lay, out))
    return out


def _compute(setup: Setup, lay: Layout, mem: dict[str, Any]) -> dict[str, Any]:
    """Compute: each layer's kernels timed on the device (kernels.py), forward, recomputed and backward, on the
    busiest stage, and the FLOPs per token the MFU and HFU count."""
    m, p = setup.shape, lay.pp
    attention = m.layers * m.heads * m.head_dim * setup.sequence
    extra = {"none": (0.0, 0.0), "selective": (0.0, 2.0), "full": (2.0, 2.0)}[lay.recompute]
    layer = layer_times(setup, lay)
    output = None
    if m.vocab:
        tokens = setup.sequence * lay.micro_batch / lay.cp
        output = output_layer(device=device_of(setup), tokens=tokens, hidden=m.hidden, vocab=float(m.vocab), tp=lay.tp)
    output_seconds = output.seconds if output is not None else 0.0
    # The busiest stage sets the pace: a middle one, or the last with its output layer.
    last_mb = mem["last_layers"] * layer["seconds"] + output_seconds
    middle_mb = mem["per_stage"] * layer["seconds"] if p > 1 else 0.0
    stage_mb = max(middle_mb, last_mb)
    # Expert all-to-alls overlapped (DualPipe): the kernels that move them take a share of the SMs, so the
    # stage's compute runs on the rest.
    compute_mb = stage_mb / (1 - EP_OVERLAP_SM_SHARE) if lay.ep_overlap and m.experts and lay.ep > 1 else stage_mb
    return {
        "hw_token": (6.0 + extra[0]) * m.active_params + (6.0 + extra[1]) * attention,
        "model_token": 6.0 * m.active_params + 12.0 * attention,  # PaLM's model FLOPs (Chowdhery et al. 2022, App. B)
        "attention": attention,
        "extra": extra,
        "rate": setup.efficiency * setup.peak,
        "stage_mb": stage_mb,
        "compute_mb": compute_mb,
        "stage_layers": mem["per_stage"] if middle_mb >= last_mb else mem["last_layers"],
        "middle_mb": middle_mb,
        "layer": layer,
        "output_seconds": output_seconds,
        "output": output,
        "compute": mem["microbatches"] * compute_mb,
    }


def routed_tokens(setup: Setup, lay: Layout) -> float:
    """The tokens one rank routes to the experts per micro-batch, s·b/c (split t ways with sequence parallelism):
    what its all-to-all sends, and the batch an expert's capacity is a share of (per rank, as Megatron-Core sizes
    it)."""
    tokens = setup.sequence * lay.micro_batch / lay.cp
    return tokens / (lay.tp if lay.sequence_parallel else 1)


def _layer_comm(setup: Setup, lay: Layout, q: dict[str, Any]) -> dict[str, Any]:
    """The collectives inside each layer of the busiest stage, per micro-batch and per step: tensor parallelism's,
    context parallelism's and expert parallelism's, and what of them the compute beside them cannot hide."""
    m, links, full = setup.shape, setup.links, lay.recompute == "full"
    t, e, c = lay.tp, lay.ep, lay.cp
    s, b, microbatches, busiest = setup.sequence, lay.micro_batch, q["microbatches"], q["stage_layers"]
    # Tensor parallelism: 4 AllReduces (or AllGather + ReduceScatter pairs) of s·b·h/c per layer, 6 with full recompute.
    tp_calls = 6.0 if full else 4.0
    tp_kind = "gather_scatter" if lay.sequence_parallel else "allreduce"
    tp_one = collective(tp_kind, ACTIVATION_BYTES * s * b * m.hidden / c, t, 1, links)
    tp_mb = busiest * tp_calls * tp_one.seconds
    # Overlapped (Transformer Engine's userbuffers), a collective hides under its layer's matmuls: what they
    # cannot cover stays exposed. Off, each waits for the GEMM before it and holds up the GEMM after it.
    matmul_mb = busiest * _matmul_seconds(q["layer"], lay.recompute, setup.flash)
    tp_exposed_mb = max(0.0, tp_mb - matmul_mb) if lay.tp_overlap else tp_mb
    # Context parallelism: K and V gathered in the forward pass and again in the backward, dK and dV reduce-scattered.
    kv_split = min(t, m.kv_heads)
    cp_calls = 4.0 if full else 3.0
    cp_one = collective("allgather", 2 * ACTIVATION_BYTES * s * b * m.kv_heads * m.head_dim / kv_split, c, t, links)
    cp_mb = busiest * cp_calls * cp_one.seconds
    # Expert parallelism: dispatch and combine all-to-alls, forward and backward, per MoE layer; with a capacity
    # factor C every expert's buffer is padded to C times its balanced tokens, and the all-to-all moves C times the
    # balanced bytes (Fedus, Zoph & Shazeer 2022, Switch Transformers, §2.2; `moe.routed_copies`).
    moe_layers = busiest * (m.layers - m.dense_layers) / m.layers if m.experts else 0.0
    ep_calls = 6.0 if full else 4.0
    tokens = routed_tokens(setup, lay)
    padded = tokens * m.experts_per_token * (setup.capacity_factor or 1.0)
    ep_one = collective("alltoall", padded * m.hidden * ACTIVATION_BYTES, e, t * c, links)
    ep_mb = moe_layers * ep_calls * ep_one.seconds
    # Overlapped (DualPipe, DeepSeek-AI 2024, §3.2.1): one micro-batch's all-to-alls run under the other
    # micro-batch's forward and backward chunks, so they cost only what that compute cannot cover.
    ep_exposed_mb = max(0.0, ep_mb - q["compute_mb"]) if lay.ep_overlap else ep_mb
    return {
        "tp_calls": tp_calls,
        "tp_one": tp_one,
        "tp_comm": microbatches * tp_mb,
        "cp_calls": cp_calls,
        "cp_one": cp_one,
        "cp_comm": microbatches * cp_mb,
        "moe_layers": moe_layers,
        "ep_calls": ep_calls,
        "ep_one": ep_one,
        "ep_comm": microbatches * ep_mb,
        "ep_mb": ep_mb,
        "ep_exposed": microbatches * ep_exposed_mb,
        "critical_mb": q["compute_mb"] + tp_exposed_mb + cp_mb + ep_exposed_mb,
        "tp_mb": tp_mb,
        "matmul_mb": matmul_mb,
        "tp_exposed": microbatches * tp_exposed_mb,
    }


def _pipeline(setup: Setup, lay: Layout, q: dict[str, Any]) -> dict[str, Any]:
    """Pipeline: one send forward and one backward per micro-batch and model chunk, s·b·h/(c·t) each, and the
    bubble of p − 1 stages' critical time over v chunks."""
    m, links = setup.shape, setup.links
    t, p, d, c, v = lay.tp, lay.pp, lay.dp, lay.cp, lay.virtual
    s, b, microbatches = setup.sequence, lay.micro_batch, q["microbatches"]
    pp_one = collective("p2p", ACTIVATION_BYTES * s * b * m.hidden / (c * t), p, t * c * d, links)
    # Without sequence parallelism each tensor-parallel rank sends its 1/t of the (replicated) activations and
    # the receiving ranks gather the whole back over the scale-up links (Narayanan et al. 2021, §4.1, the
    # scatter/gather optimization); with it the activations stay sharded and need no gather.
    gathered = p > 1 and t > 1 and not lay.sequence_parallel
    pp_gather = collective("allgather", ACTIVATION_BYTES * s * b * m.hidden / c, t, 1, links) if gathered else None
    pp_gather_s = pp_gather.seconds if pp_gather is not None else 0.0
    return {
        "pp_one": pp_one,
        "pp_gather": pp_gather,
        "pp_comm": microbatches * 2 * v * (pp_one.seconds + pp_gather_s) if p > 1 else 0.0,
        **_bubble(lay, q["critical_mb"], microbatches),
    }


def _bubble(lay: Layout, critical_mb: float, microbatches: int) -> dict[str, Any]:
    """The bubble: p − 1 stages' critical time over v chunks with 1F1B; with a zero-bubble schedule, Qi et al.'s
    (2024, Table 2) expression over the same critical time split into T_F, T_B and T_W (`pass_shares`)."""
    p, v = lay.pp, lay.virtual
    if lay.schedule == "1f1b":
        return {"bubble": (p - 1) / v * critical_mb, "bubble_fraction": (p - 1) / (v * microbatches)}
    forward, input_grad, weight_grad = (share * critical_mb for share in pass_shares(lay.recompute))
    bubble = schedule_bubble(lay.schedule, p, forward, input_grad, weight_grad, microbatches)
    return {
        "bubble": bubble,
        "bubble_fraction": bubble / (microbatches * critical_mb),
        "t_forward": forward,
        "t_input_grad": input_grad,
        "t_weight_grad": weight_grad,
    }


def _data_parallel(setup: Setup, lay: Layout, q: dict[str, Any]) -> dict[str, Any]:
    """Data parallelism: the gradients' ReduceScatter + AllGather (an AllReduce) over the data-parallel group, as
    often as the ZeRO stage asks, what of it the backward and forward passes hide, and the optimizer step."""
    links, t, c, e = setup.links, lay.tp, lay.cp, lay.ep
    microbatches, compute_mb = q["microbatches"], q["compute_mb"]
    dense_dev, expert_dev, group, expert_group = q["dense_dev"], q["expert_dev"], q["group"], q["expert_group"]
    dp_one = collective("allreduce", GRADIENT_BYTES * dense_dev, group, t, links)  # cp then dp, from stride t
    ep_dp_one = collective("allreduce", GRADIENT_BYTES * expert_dev, expert_group, t * c * e, links)
    allreduce = dp_one.seconds + ep_dp_one.seconds
    forward_share = pass_shares(lay.recompute)[0]
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
    if not lay.dp_overlap:  # reduced after the pipeline's flush: nothing hides it
        dp_exposed = dp_comm
    # The optimizer step reads and writes its states and writes the weights, at HBM bandwidth.
    w, g, o = RECIPES[setup.recipe]
    updated = (dense_dev / (group if lay.zero >= 1 else 1)) + expert_dev / (expert_group if lay.zero >= 1 else 1)
    return {
        "dp_one": dp_one,
        "ep_dp_one": ep_dp_one,
        "allreduce": allreduce,
        "fwd": fwd,
        "bwd": bwd,
        "dp_comm": dp_comm,
        "dp_exposed": dp_exposed,
        "updated": updated,
        "optimizer_s": (2 * o + w + g) * updated / setup.hbm,
    }


def _step(setup: Setup, lay: Layout, q: dict[str, Any]) -> dict[str, Any]:
    """The step: compute, the bubble, every exposed collective and the optimizer; the rates it gives, and the
    critical batch, where compute covers the gradient reduction's bytes (its latency is a fixed cost, not a rate)."""
    batch, group = q["batch"], q["group"]
    exposed = q["tp_exposed"] + q["cp_comm"] + q["ep_exposed"] + q["pp_comm"] + q["dp_exposed"]
    step = q["compute"] + q["bubble"] + exposed + q["optimizer_s"]
    weights_flops_dev = 4.0 * setup.shape.active_params * q["imbalance"] / (lay.tp * lay.pp)
    reduction_bytes_s = q["allreduce"] - q["dp_one"].latency - q["ep_dp_one"].latency
    return {
        "exposed": exposed,
        "step": step,
        "mfu": q["model_token"] * batch / (step * setup.count * setup.peak),
        "hfu": q["hw_token"] * batch / (step * setup.count * setup.peak),
        "tokens_per_second": batch / step,
        "weights_flops_dev": weights_flops_dev,
        "critical": q["rate"] * reduction_bytes_s / weights_flops_dev if group > 1 else None,
        "reduction_bytes_s": reduction_bytes_s,
        "tokens_per_device": batch / group,
    }


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
    return typical_efficiency()


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


def typical_efficiency() -> float:
    figures = load_data().training
    return figures.matmul_efficiency.typical if figures is not None else 0.8


def compute_units(chip: Accelerator | None) -> int | None:
    """The chip's SMs (or CUs, or cores) from data/, which quantize its matmuls into waves; None when unknown."""
    found = chip.internals.get("internals.units") if chip is not None else None
    return int(found.si) if found is not None and found.si else None


def attention_rate(chip: Accelerator | None, dtype: str, basis: str, efficiency: float) -> float | None:
    """The attention kernel's measured FLOP/s on the achievable basis where data/ has it (FlashAttention's own
    benchmarks), scaled by the reader's matmul efficiency over the chip's when the reader gave one; else None,
    and attention runs at the matmul rate."""
    if chip is None or basis != "achievable":
        return None
    measured = chip.achievable_attention_flop_per_s.get(dtype)
    share = chip.achievable_share(dtype)
    if not measured:
        return None
    return measured * (efficiency / share if share else 1.0)


# Formats whose training recipes run only the linear layers' GEMMs in that format, keeping attention and the output
# head in BF16 (DeepSeek-AI 2024, DeepSeek-V3 report, §3.3.1; Micikevicius et al. 2022, FP8 Formats for Deep
# Learning, §4).
KEPT_IN_BF16 = ("fp8", "fp6", "fp4", "int8")


def kept_in_bf16(
    chip: Accelerator | None, dtype: str, basis: str, *, efficiency: float, efficiency_given: bool, setup: Setup
) -> Device | None:
    """The chip in BF16 for a narrow-format run's attention and output head, at the reader's efficiency relative to
    the format's default (1 when none was given); None for a wide format or a chip without a BF16 peak."""
    if chip is None or dtype not in KEPT_IN_BF16 or not chip.dense_flop_per_s.get("bf16"):
        return None
    default = default_efficiency(chip, dtype, basis)
    wide = default_efficiency(chip, "bf16", basis) * (efficiency / default if default else 1.0)
    return Device(
        chip.peak_flop_per_s("bf16"),
        wide,
        setup.units,
        setup.hbm,
        attention_rate(chip, "bf16", basis, wide),
        matmul_shapes(chip, "bf16", basis, efficiency_given=efficiency_given),
    )


def matmul_shapes(chip: Accelerator | None, dtype: str, basis: str, *, efficiency_given: bool) -> ShapeRates | None:
    """The chip's matmul rate measured by shape (data/: measured.matmul_shapes) on the achievable basis when the
    reader gave no efficiency; else None, and every matmul runs at η·E·P (the best shape's share, the wave
    quantization of its output, the peak)."""
    if chip is None or basis != "achievable" or efficiency_given:
        return None
    table = chip.matmul_shapes.get(dtype)
    if not table:
        return None
    rates = tuple(tuple(tuple(float(v) for v in cell) for cell in row) for row in table["flop_per_s"])
    return ShapeRates(
        tuple(float(v) for v in table["m"]),
        tuple(float(v) for v in table["n"]),
        tuple(float(v) for v in table["k"]),
        rates,
    )
