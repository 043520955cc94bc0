# Parallelism planner: a model's training step laid out over a cluster (data, ZeRO/FSDP, tensor with sequence
# parallelism, pipeline, expert and context parallelism): memory per device, each axis's traffic on the link the
# layout puts it on, the pipeline bubble, step time and MFU; and a search that ranks every layout that fits.
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..chips import Chip, Roofs
from ..data import Accelerator, load_data
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    DEFAULT_BASIS,
    DEFAULT_DTYPE,
    DTYPES,
)
from ..fmt import format_quantity
from ..memory import (
    RECIPES,
    RECOMPUTE,
    SWITCHES,
    device_capacity,
    usable_capacity,
)
from ..messages import Text, text
from ..results import Result
from .derivation import planner_steps
from .layout import Layout, Setup, check_activation_inputs, check_layout, model_shape
from .links import link_word, setup_links
from .moe import dropped_token_share
from .search import search_layouts
from .step_time import (
    SCHEDULES,
    attention_rate,
    compute_units,
    evaluate_layout,
    kept_in_bf16,
    matmul_shapes,
    planner_roofs,
    routed_tokens,
)

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
    schedule: str = "1f1b",
    zero_stage: int = 1,
    sequence_parallel: str = "on",
    tp_overlap: str = "off",
    dp_overlap: str = "on",
    ep_overlap: str = "off",
    capacity_factor: float | None = None,
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
        schedule: the pipeline's schedule: "1f1b" (the default; interleaved with virtual_stages > 1), or one of
            Qi et al.'s (2024) zero-bubble schedules with one chunk per rank: "zb-h1" (a third of 1F1B's bubble
            when T_F = T_B = T_W, same memory) or "zb-h2" (no bubble then, 2p − 1 micro-batches of activations in
            flight on the first stage instead of p).
        zero_stage: 0-3 over the data-parallel group (3 = FSDP). sequence_parallel: "on" or "off". tp_overlap: "on" hides
        the tensor-parallel collectives under the layer's matmuls as far as they reach (Transformer Engine's
        userbuffers overlap); "off" (the default) leaves them all on the critical path. dp_overlap: "on" (the
        default) starts the gradient sync during the backward pass (PyTorch DDP's buckets, Megatron-Core's
        overlapped reduction); "off" runs it after the last backward, all of it exposed (Megatron-LM's 2021
        "local" DDP). ep_overlap: "on" runs each micro-batch's expert all-to-alls under another micro-batch's
        forward and backward (DeepSeek-V3's DualPipe), exposing only what that compute cannot cover, and gives the
        kernels that move them 20 of every 132 SMs (the report's H800 figure), so compute runs on the rest; "off"
        (the default) leaves every all-to-all on the critical path.
        capacity_factor: a mixture of experts' expert capacity C (1 to 8): each expert takes up to C times its
            balanced share of the tokens a rank routes per micro-batch (Fedus, Zoph & Shazeer 2022, "Switch
            Transformers", §2.2) and its buffer is padded to that, so the routed experts' matmuls, the expert
            all-to-alls' bytes and the dispatch buffers' activations are C times the balanced ones; the tokens
            over capacity are dropped (`dropped_token_share`). None (the default): dropless routing, as
            DeepSeek-V3 trained (report, §2.1.2, "No Token-Dropping"). A model without experts takes none.
        sequence_length, global_batch_tokens, micro_batch: the batch; micro-batches m = ⌈B / (s·b·dp)⌉.
        recompute: none, selective or full. recipe: the training-memory recipes (bytes per parameter).
        flash_attention, dropout: "on" or "off" (activation memory). matmul_efficiency: the fraction of the dense
            peak the matmuls reach (default: the chip's measured ratio, else the edition's typical figure).
        search: "on" also ranks every valid layout (tp, pp, cp, ep and recomputation) that fits, by tokens per second (layouts whose micro-batches round differently carry different tokens per step).
        basis: "achievable" (default) runs a data/ chip's matmuls at its measured share of peak and its optimizer
            update at its measured memory bandwidth, where data/ has them (`planner_roofs`); "peak" at the edition's
            typical matmul efficiency and the datasheet bandwidth. A given matmul_efficiency is a share of the dense
            peak on either basis. A custom chip has no measurement: it runs on the peak basis, with a note.

    Returns:
        Result with, per device, weights_bytes, gradients_bytes, optimizer_bytes, activation_bytes, total_bytes,
        fits; microbatches, pipeline_bubble_fraction; compute_seconds, tp_comm_seconds, pp_comm_seconds,
        dp_comm_seconds, ep_comm_seconds, ep_exposed_seconds, cp_comm_seconds, exposed_comm_seconds, bubble_seconds,
        optimizer_seconds, step_seconds, mfu, tokens_per_second, critical_batch_tokens_per_device (None without
        data parallelism), dropped_token_share (None without a capacity factor), and the link each axis rides. With search, `table` ranks the layouts.

    Raises:
        CalcError: a value outside its range, a layout that does not use every accelerator or does not divide
            the model, a zero-bubble schedule with more than one chunk per rank, an unknown chip or model.
    """
    shape = model_shape(model, params, layers, hidden_size, attention_heads, kv_heads, ffn_hidden_size, vocab_size, mlp)
    check_choice("dtype", dtype, DTYPES)
    chip = load_data().accelerator(accelerator) if accelerator is not None else None
    label, peak, capacity, where, hbm = _chip_figures(chip, dtype, peak_flop_per_s, memory_bytes, bandwidth_bytes_per_s)
    links = setup_links(
        chip, scale_up_bytes_per_s, scale_up_domain, scale_up_topology, scale_up_link_bytes_per_s, scale_out_bytes_per_s
    )
    resolved = Chip(label, peak, hbm, chip)
    default, hbm, roofs = planner_roofs(resolved, dtype, basis, efficiency_given=matmul_efficiency is not None)
    usable, capacity_steps = usable_capacity(capacity, where)
    efficiency = default if matmul_efficiency is None else matmul_efficiency
    efficiency = check_number("matmul_efficiency", efficiency)
    n, s, batch, degrees = _degrees(
        count, tp, pp, cp, ep, virtual_stages, dp, zero_stage, sequence_length, global_batch_tokens, micro_batch
    )
    setup = Setup(
        shape=shape,
        chip_label=label,
        peak=peak,
        efficiency=efficiency,
        capacity=usable,
        hbm=hbm,
        links=links,
        count=n,
        sequence=s,
        batch_tokens=batch,
        recipe=check_choice("recipe", recipe, tuple(RECIPES)),
        flash=check_choice("flash_attention", flash_attention, SWITCHES) == "on",
        dropout=check_choice("dropout", dropout, SWITCHES) == "on",
        units=compute_units(chip),
        attention_rate=attention_rate(chip, dtype, basis, efficiency),
        shapes=matmul_shapes(chip, dtype, basis, efficiency_given=matmul_efficiency is not None),
        capacity_factor=None if capacity_factor is None else check_number("capacity_factor", capacity_factor),
    )
    wide = kept_in_bf16(
        chip, dtype, basis, efficiency=efficiency, efficiency_given=matmul_efficiency is not None, setup=setup
    )
    setup = replace(setup, wide=wide)
    lay = Layout(
        **degrees,
        recompute=check_choice("recompute", recompute, RECOMPUTE),
        sequence_parallel=check_choice("sequence_parallel", sequence_parallel, SWITCHES) == "on",
        tp_overlap=check_choice("tp_overlap", tp_overlap, SWITCHES) == "on",
        dp_overlap=check_choice("dp_overlap", dp_overlap, SWITCHES) == "on",
        ep_overlap=check_choice("ep_overlap", ep_overlap, SWITCHES) == "on",
        schedule=check_choice("schedule", schedule, SCHEDULES),
    )
    check_choice("search", search, SWITCHES)
    check_layout(setup, lay)
    check_activation_inputs(setup, lay)
    fig = evaluate_layout(setup, lay)
    steps = planner_steps(setup, lay, fig, capacity_steps)
    notes = _notes(setup, lay, fig, roofs, basis, matmul_efficiency is None, chip, dtype)
    quantities = _quantities(setup, lay, fig, capacity, roofs.basis)
    quantities["dropped_token_share"] = dropped_share(setup, lay)
    table = None
    if search == "on":
        table = search_layouts(setup, lay)
        if not table:
            notes.append(text("planner.note.none_fit"))
    return Result(
        calculator="parallelism", quantities=quantities, steps=steps, notes=notes, table=table, table_key="layouts"
    )


def dropped_share(setup: Setup, lay: Layout) -> float | None:
    """The share of token-expert assignments over capacity (`moe.dropped_token_share`) at the mean load
    λ = T·k/E of the tokens T one rank routes per micro-batch; None without a capacity factor or experts."""
    m = setup.shape
    if setup.capacity_factor is None or not m.experts:
        return None
    lam = routed_tokens(setup, lay) * m.experts_per_token / m.experts
    return dropped_token_share(tokens_per_expert=lam, capacity_factor=setup.capacity_factor)


def _chip_figures(
    chip: Accelerator | None,
    dtype: str,
    peak_flop_per_s: float | None,
    memory_bytes: float,
    bandwidth_bytes_per_s: float,
) -> tuple[Text, float, float, Text, float]:
    """A data/ chip's (or the custom chip's) label, dense peak in `dtype`, memory with the words naming it, and
    HBM bandwidth."""
    if chip is None:
        peak = check_number("peak_flop_per_s", peak_flop_per_s)
        capacity = check_number("memory_bytes", memory_bytes)
        where = text("training-memory.step.capacity", chip=text("chip.custom"))
        hbm = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
        return text("chip.custom"), peak, capacity, where, hbm
    peak = chip.peak_flop_per_s(dtype)
    capacity, where = device_capacity(chip)
    if not chip.memory_bandwidth_bytes_per_s:
        raise CalcError(field="accelerator", kind="no_figure", detail="memory_bandwidth", subject=chip.name)
    label = text("chip.dense", name=chip.words(), dtype=text(f"option.dtype.{dtype}"))
    return label, peak, capacity, where, chip.memory_bandwidth_bytes_per_s


def _degrees(
    count: float,
    tp: float,
    pp: float,
    cp: float,
    ep: float,
    virtual_stages: float,
    dp: float | None,
    zero_stage: int,
    sequence_length: float,
    global_batch_tokens: float,
    micro_batch: float,
) -> tuple[int, int, float, dict[str, int]]:
    """(accelerators, sequence length, batch tokens, the layout's degrees, ZeRO stage and micro-batch), checked:
    dp defaults to what tp·pp·cp leave of the accelerators, and the batch must give every data-parallel rank one
    micro-batch."""
    n = int(check_number("count", count))
    t_ = int(check_number("tp", tp))
    p_ = int(check_number("pp", pp))
    c_ = int(check_number("cp", cp))
    e_ = int(check_number("ep", ep))
    v_ = int(check_number("virtual_stages", virtual_stages))
    if dp is None:
        if n % (t_ * p_ * c_):
            raise CalcError(field="dp", kind="layout", detail="product", value=float(t_ * p_ * c_), subject=str(n))
        d_ = n // (t_ * p_ * c_)
    else:
        d_ = int(check_number("dp", dp))
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    s = int(check_number("seq_len", sequence_length, low=1, high=1e8, integer=True))
    batch = check_number("global_batch_tokens", global_batch_tokens)
    b = int(check_number("micro_batch", micro_batch))
    if batch < s * b * d_:
        raise CalcError(
            field="global_batch_tokens", kind="layout", detail="batch", value=batch, subject=str(s * b * d_)
        )
    return (
        n,
        s,
        batch,
        {"tp": t_, "pp": p_, "dp": d_, "ep": e_, "cp": c_, "virtual": v_, "zero": stage, "micro_batch": b},
    )


def _notes(
    setup: Setup,
    lay: Layout,
    fig: dict[str, Any],
    roofs: Roofs,
    basis: str,
    efficiency_default: bool,
    chip: Accelerator | None,
    dtype: str,
) -> list[Text]:
    """The basis's note and the matmuls' rate, then what the figures leave out or warn of; a layout that does not
    fit says so first."""
    notes: list[Text] = [roofs.note]
    if efficiency_default and roofs.flop_per_s == setup.peak:  # no measured matmul: the typical efficiency
        key = "planner.note.efficiency_peak" if basis == "peak" else "planner.note.efficiency_typical"
        notes.append(text(key, efficiency=setup.efficiency))
    if setup.wide is not None:
        notes.append(text("planner.note.kept_bf16", format=dtype.upper()))
    if setup.shape.vocab is None:
        notes.append(text("planner.note.no_vocab"))
    if fig["critical"] is None:
        notes.append(text("planner.note.no_dp"))
    if not fig["fits"]:  # first: every figure below is for a layout that cannot run
        needed, room = format_quantity(fig["total"], "B"), format_quantity(setup.capacity, "B")
        notes.insert(0, text("planner.note.no_fit", needed=needed, capacity=room))
    if fig["bubble_fraction"] > 1:
        notes.append(text("planner.note.bubble_over_one", bubble=fig["bubble_fraction"], stages=float(lay.pp)))
    after_basis = notes.index(roofs.note) + 1
    notes[after_basis:after_basis] = _shape_note(setup, chip, dtype, roofs, efficiency_default)
    return notes


def _shape_note(
    setup: Setup, chip: Accelerator | None, dtype: str, roofs: Roofs, efficiency_default: bool
) -> list[Text]:
    """Which rate the matmuls ran at: the one measured at each shape (and the document), or the best shape's where
    the chip's measured matmul has no rate by shape in data/."""
    if setup.shapes is not None and chip is not None:
        source = chip.source_title(chip.matmul_shapes[dtype]["source"])
        return [text("planner.note.matmul_shapes", source=source)]
    if efficiency_default and roofs.basis == "achievable" and roofs.flop_per_s != setup.peak and chip is not None:
        return [text("planner.note.matmul_best_shape", chip=chip.words())]
    return []


def _quantities(setup: Setup, lay: Layout, fig: dict[str, Any], capacity: float, basis: str) -> dict[str, Any]:
    """The layout's figures, each float checked finite."""
    quantities = {
        "weights_bytes": fig["weights"],
        "gradients_bytes": fig["gradients"],
        "optimizer_bytes": fig["optimizer"],
        "activation_bytes": fig["activations"],
        "total_bytes": fig["total"],
        "capacity_bytes": capacity,
        "usable_bytes": setup.capacity,
        "fits": fig["fits"],
        "dp": float(lay.dp),
        "microbatches": float(fig["microbatches"]),
        "batch_tokens": fig["batch"],
        "pipeline_bubble_fraction": fig["bubble_fraction"],
        "compute_seconds": fig["compute"],
        "tp_comm_seconds": fig["tp_comm"],
        "tp_exposed_seconds": fig["tp_exposed"],
        "pp_comm_seconds": fig["pp_comm"],
        "dp_comm_seconds": fig["dp_comm"],
        "ep_comm_seconds": fig["ep_comm"],
        "ep_exposed_seconds": fig["ep_exposed"],
        "cp_comm_seconds": fig["cp_comm"],
        "dp_exposed_seconds": fig["dp_exposed"],
        "exposed_comm_seconds": fig["exposed"],
        "bubble_seconds": fig["bubble"],
        "optimizer_seconds": fig["optimizer_s"],
        "step_seconds": fig["step"],
        "mfu": fig["mfu"],
        "hfu": fig["hfu"],
        "tokens_per_second": fig["tokens_per_second"],
        "critical_batch_tokens_per_device": fig["critical"],
        "batch_tokens_per_device": fig["tokens_per_device"],
        "matmul_efficiency": setup.efficiency,
        "basis": basis,
        "memory_bandwidth_bytes_per_s": setup.hbm,
        "tp_link": link_word(fig["tp_one"]),
        "pp_link": link_word(fig["pp_one"]),
        "dp_link": link_word(fig["dp_one"]),
        "ep_link": link_word(fig["ep_one"]),
        "cp_link": link_word(fig["cp_one"]),
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return quantities
