# The chooser's train-70b workload: each accelerator's fastest layout of the planner's family for one model and
# cluster (remembered per chip and case), ranked by fit, deadline, time and cost.
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..chips import Chip
from ..data import Accelerator, load_data
from ..defaults import price_usd_per_hour
from ..errors import CalcError, check_finite_result, check_number
from ..fields import DEFAULT_BASIS
from ..memory import CUDA_CONTEXT_BYTES, RECOMPUTE
from ..messages import text
from ..parallelism import (
    Layout,
    Setup,
    Shape,
    attention_rate,
    check_activation_inputs,
    chip_links,
    compute_units,
    evaluate_layout,
    layout_memory,
    link_word,
    matmul_shapes,
    planner_rates,
)
from ..results import Result, Step
from ..training import training_flops
from .common import SECONDS_PER_HOUR, new_row, rank_order, rank_rows, skipped_row, workload_result

# Reference model from data/ for the workload's default shape.
TRAIN_SHAPE_MODEL = "llama-3-70b"
TRAIN_SEQUENCE = 4096  # tokens per sequence for the activation estimate

_TRAIN_KEYS = (
    "meets_deadline",
    "seconds",
    "cost_usd",
    "price_usd_per_hour",
    "per_accelerator_bytes",
    "capacity_bytes",
    "mfu",
    "layout",
    "dp_link",
    "efficiency",
    "flag",
    "recompute",
    "zero_stage",
)
TRAIN_BATCH_TOKENS = 4_194_304  # global batch: 4M tokens, or one sequence per accelerator on larger clusters


def _train_setup(chip: Accelerator, *, shape: Shape, count: int, dtype: str, recipe: str) -> tuple[Setup, int] | str:
    """The planner's case for this chip (its own achievable rates: the measured matmul share and memory bandwidth where
    measured) and the TP that fills its scale-up domain up to 8; or why none can be made (a figure.* id or a dtype)."""
    peak = chip.dense_flop_per_s.get(dtype)
    if not peak:
        return dtype
    if not chip.device_memory_bytes:
        return "memory_capacity"
    if not chip.memory_bandwidth_bytes_per_s:
        return "memory_bandwidth"
    try:
        links = chip_links(chip)
    except CalcError:
        return "scale_up_per_peer"
    if links.out is None and count > links.domain:
        return "scale_out"
    label = text("chip.dense", name=chip.words(), dtype=text(f"option.dtype.{dtype}"))
    efficiency, hbm = planner_rates(
        Chip(label, peak, chip.memory_bandwidth_bytes_per_s, chip), dtype, DEFAULT_BASIS, efficiency_given=False
    )
    setup = Setup(
        shape=shape,
        chip_label=label,
        peak=peak,
        efficiency=efficiency,
        capacity=chip.device_memory_bytes - CUDA_CONTEXT_BYTES,
        hbm=hbm,
        links=links,
        count=count,
        sequence=TRAIN_SEQUENCE,
        batch_tokens=float(max(TRAIN_BATCH_TOKENS, TRAIN_SEQUENCE * count)),
        recipe=recipe,
        flash=True,
        dropout=False,
        units=compute_units(chip),
        attention_rate=attention_rate(chip, dtype, DEFAULT_BASIS, efficiency),
        shapes=matmul_shapes(chip, dtype, DEFAULT_BASIS, efficiency_given=False),
    )
    tp = 1
    while tp * 2 <= min(8, links.domain, count) and shape.heads % (tp * 2) == 0:
        tp *= 2
    return setup, tp


def _train_layout(
    chip: Accelerator,
    *,
    shape: Shape,
    count: int,
    dtype: str,
    zero_stage: int,
    recipe: str,
    memory_of: dict[Layout, dict[str, Any]] | None = None,
) -> tuple[Layout, dict[str, Any], float] | str:
    """The fastest layout of the planner's family for this chip (TP filling the scale-up domain up to 8, PP 1-8, for
    each PP the least ZeRO sharding, then recomputation, that fits and is the fastest so far), or why none can be
    computed; a layout that fits nowhere is the leanest. `memory_of` keeps layouts' memory across chips of one case."""
    made = _train_setup(chip, shape=shape, count=count, dtype=dtype, recipe=recipe)
    if isinstance(made, str):
        return made
    setup, tp = made
    best: tuple[Layout, dict[str, Any]] | None = None
    leanest: tuple[Layout, dict[str, Any]] | None = None  # a layout and its memory: only what fits is timed
    checked = False  # the first layout's activation inputs stand for all of them (one model, s, b and t)
    for pp in (1, 2, 4, 8):
        if count % (tp * pp) or pp > shape.layers:
            continue
        timed = None  # the recomputation of this PP's last timed layout
        for stage in range(min(1, zero_stage), zero_stage + 1):
            for mode in RECOMPUTE:
                lay = Layout(tp, pp, count // (tp * pp), 1, 1, 1, stage, 1, mode, True)
                if not checked:
                    check_activation_inputs(setup, lay)
                    checked = True
                memory = memory_of.get(lay) if memory_of is not None else None
                if memory is None:
                    memory = layout_memory(setup, lay)
                    if memory_of is not None:
                        memory_of[lay] = memory
                elif memory["fits"] != (memory["total"] <= setup.capacity):  # kept from a chip of another size
                    memory = {**memory, "fits": not memory["fits"]}
                if leanest is None or memory["total"] < leanest[1]["total"]:
                    leanest = (lay, memory)
                if memory["fits"]:
                    # A deeper ZeRO stage with the same recomputation only exposes more DP traffic: never faster.
                    if mode != timed:
                        timed = mode
                        q = evaluate_layout(setup, lay, memory)
                        if best is None or q["step"] < best[1]["step"]:
                            best = (lay, q)
                    break
            if best is not None and best[0].pp == pp:
                break
    if best is not None:
        return best[0], best[1], setup.efficiency
    if leanest is not None:
        return leanest[0], evaluate_layout(setup, leanest[0], leanest[1]), setup.efficiency
    return "memory_capacity"


def train_shape(params: float) -> Shape:
    """The model the chooser lays out for training: `params` parameters in a Llama 3 70B-shaped layer stack."""
    base = load_data().model(TRAIN_SHAPE_MODEL)
    return Shape(
        label=base.name,
        params=params,
        active_params=params,
        layers=base.layers,
        hidden=base.hidden_size,
        heads=base.attention_heads,
        kv_heads=base.kv_heads,
        head_dim=float(base.head_dim),
        ffn=float(base.ffn_hidden_size or 4 * base.hidden_size),
        mlp=base.mlp or "swiglu",
        vocab=base.vocab_size,
    )


@dataclass(frozen=True)
class TrainFit:
    """What the chooser ranks a chip by for training: the planner's fastest layout (`_train_layout`) and its figures."""

    layout: Layout
    fits: bool
    total_bytes: float
    mfu: float
    tokens_per_second: float
    dp_link: str
    efficiency: float


# The planner's answer per chip and case, so an edit that changes neither the model nor the cluster (tokens, deadline,
# ranking) does not lay every chip out again: keyed by the chip object itself (a chip is its figures; two chips
# with one id are two keys) and every other input of `_train_layout`; the least recently used goes first.
_FITS: dict[tuple[Any, ...], tuple[Accelerator, TrainFit | str]] = {}
FITS_KEPT = 256


def train_fit(
    chip: Accelerator,
    *,
    shape: Shape,
    count: int,
    dtype: str,
    zero_stage: int,
    recipe: str,
    memory_of: dict[Layout, dict[str, Any]] | None = None,
) -> TrainFit | str:
    """`_train_layout`'s answer for this chip and case, as the chooser ranks it, or why none can be computed;
    remembered for the last FITS_KEPT chips and cases."""
    key = (id(chip), shape, count, dtype, zero_stage, recipe)
    kept = _FITS.pop(key, None)
    if kept is not None and kept[0] is chip:
        _FITS[key] = kept  # now the most recently used
        return kept[1]
    found = _train_layout(
        chip, shape=shape, count=count, dtype=dtype, zero_stage=zero_stage, recipe=recipe, memory_of=memory_of
    )
    if isinstance(found, str):
        fit: TrainFit | str = found
    else:
        lay, q, efficiency = found
        fit = TrainFit(
            lay, bool(q["fits"]), q["total"], q["mfu"], q["tokens_per_second"], link_word(q["dp_one"]), efficiency
        )
    _FITS[key] = (chip, fit)
    while len(_FITS) > FITS_KEPT:
        del _FITS[next(iter(_FITS))]
    return fit


def rank_train(
    *,
    params: float,
    tokens: float,
    deadline_s: float,
    count: float,
    dtype: str,
    zero_stage: int,
    recipe: str,
    rank_by: str,
) -> Result:
    n = int(check_number("count", count))
    total = training_flops(params=params, tokens=tokens)
    shape = train_shape(params)
    rows: list[dict[str, Any]] = []
    memory_of: dict[Layout, dict[str, Any]] = {}  # a layout's memory is the same on every chip; only its fit differs
    for chip in load_data().accelerators.values():
        flag = "inference" if chip.purpose == "inference" else chip.category if chip.category != "datacenter" else None
        fit = train_fit(
            chip, shape=shape, count=n, dtype=dtype, zero_stage=zero_stage, recipe=recipe, memory_of=memory_of
        )
        if isinstance(fit, str):
            rows.append({**skipped_row(chip, _TRAIN_KEYS, fit), "flag": flag})
            continue
        lay = fit.layout
        seconds = check_finite_result("seconds", tokens / fit.tokens_per_second)
        price = price_usd_per_hour(chip.id)
        rows.append(
            new_row(
                chip,
                fits=fit.fits,
                meets_deadline=seconds <= deadline_s,
                seconds=seconds,
                cost_usd=n * seconds / SECONDS_PER_HOUR * price if price is not None else None,
                price_usd_per_hour=price,
                per_accelerator_bytes=fit.total_bytes,
                capacity_bytes=chip.device_memory_bytes,
                mfu=fit.mfu,
                layout=f"TP {lay.tp} · PP {lay.pp} · DP {lay.dp}",
                recompute=lay.recompute,
                zero_stage=lay.zero,
                dp_link=fit.dp_link,
                efficiency=fit.efficiency,
                flag=flag,
            )
        )
    table = rank_rows(
        rows,
        lambda row: (
            not row["fits"],
            not row["meets_deadline"],
            row["flag"] is not None,
            *rank_order(rank_by, row["seconds"], row["cost_usd"]),
        ),
    )
    steps = [
        Step(
            "total_flops",
            text("training.step.total_flops"),
            r"C = 6\,N\,D",
            "6 × {N} × {D}",
            {"N": (params, ""), "D": (tokens, "")},
            total,
            "FLOP",
        ),
    ]
    best = table[0] if table and table[0]["rank"] == 1 else None
    if best is not None:
        steps.append(
            Step(
                "best_seconds",
                text("chooser.step.best_seconds", chip=load_data().accelerator(best["id"]).words()),
                r"T = D / (\text{tokens/s})",
                "{D} / {r}",
                {"D": (tokens, ""), "r": (tokens / float(best["seconds"]), "tokens/s")},
                float(best["seconds"]),
                "days",
            )
        )
    quantities = {
        "total_flops": total,
        "count": float(n),
        "deadline_seconds": deadline_s,
        "zero_stage": zero_stage,
    }
    return workload_result("train-70b", rank_by, quantities, steps, table)
