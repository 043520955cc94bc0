# Accelerator chooser: the module's three workloads ranked across every accelerator in data/ by time, cost and fit.
# Rows carry figures and codes; `describe_row` words them for a page or the CLI.
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .chips import Chip
from .data import Accelerator, Model, load_data
from .defaults import price_usd_per_hour
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import DEFAULT_BASIS, DEFAULT_DTYPE, DTYPES, Calculator, Field
from .fmt import format_money, format_number, format_quantity
from .inference import (
    INT4_GROUP_SIZE,
    WEIGHT_FORMATS,
    cached_tokens,
    kv_bytes_per_token,
    model_tables,
    prefill_flops,
    served_weight_bytes,
    weight_bytes,
)
from .memory import RECIPES, RECOMPUTE
from .messages import t, text
from .parallelism import (
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
    planner_rates,
)
from .results import Result, Scalar, Step
from .serving import case_max_batch, chip_case, largest_batch_within, serving_point
from .training import training_flops

WORKLOADS = ("train-70b", "serve-7b", "rag-retriever")
RANK_BY = ("cost", "time")
# Reference models from data/ for each workload's default shape.
TRAIN_SHAPE_MODEL = "llama-3-70b"
SERVE_MODEL = "mistral-7b"
RAG_MODEL = "llama-3-8b"
RAG_EMBED_MODEL = "bge-large-en-v1-5"
TRAIN_SEQUENCE = 4096  # tokens per sequence for the activation estimate
SECONDS_PER_HOUR = 3_600.0


def _row(chip: Accelerator, **figures: Any) -> dict[str, Any]:
    return {"id": chip.id, "name": chip.name, "rank": None, "skipped_for": None, **figures}


def _skip(chip: Accelerator, keys: tuple[str, ...], figure: str) -> dict[str, Any]:
    """A row left out of the ranking because the data lacks `figure` (a figure.* id or a dense format)."""
    row = _row(chip, fits=None, **{key: None for key in keys})
    row["skipped_for"] = figure
    return row


def _memory_figures(
    chip: Accelerator, dtype: str, keys: tuple[str, ...]
) -> tuple[float, float, float] | dict[str, Any]:
    """(bandwidth, capacity, dense peak) of a chip for a memory-bound workload, or its skipped row."""
    bandwidth, memory, peak = chip.memory_bandwidth_bytes_per_s, chip.memory_bytes, chip.dense_flop_per_s.get(dtype)
    if not bandwidth:
        return _skip(chip, keys, "memory_bandwidth")
    if not memory:
        return _skip(chip, keys, "memory_capacity")
    if not peak:
        return _skip(chip, keys, dtype)
    return bandwidth, memory, peak


def _rank(rows: list[dict[str, Any]], key: Any) -> list[dict[str, Any]]:
    ranked = sorted((row for row in rows if row["fits"] is not None), key=lambda row: (*key(row), row["id"]))
    skipped = [row for row in rows if row["fits"] is None]
    for index, row in enumerate(ranked, start=1):
        row["rank"] = index
    return ranked + skipped


def _order(rank_by: str, time_s: float | None, cost: float | None) -> tuple[Any, ...]:
    big = 1e300
    time_key = time_s if time_s is not None else big
    if rank_by == "time":
        return (time_key, cost is None, cost if cost is not None else big)
    return (cost is None, cost if cost is not None else big, time_key)


def _kv_per_sequence(model: Model, context: float, bytes_per_value: float = 2.0) -> float:
    per_token = kv_bytes_per_token(
        layers=model.layers,
        kv_heads=model.kv_heads,
        head_dim=model.head_dim,
        bytes_per_value=bytes_per_value,
        attention=model.attention,
        kv_lora_rank=model.kv_lora_rank,
        rope_head_dim=model.rope_head_dim,
    )
    kept = cached_tokens(context=context, window=model.window if model.attention == "sliding" else None)
    return per_token * kept


# -- train-70b -----------------------------------------------------------------------------------

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
    if not chip.memory_bytes:
        return "memory_capacity"
    if not chip.memory_bandwidth_bytes_per_s:
        return "memory_bandwidth"
    try:
        links = chip_links(chip)
    except CalcError:
        return "scale_up_per_peer"
    if links.out is None and count > links.domain:
        return "scale_out"
    label = text("chip.dense", name=chip.name, dtype=dtype)
    efficiency, hbm = planner_rates(
        Chip(label, peak, chip.memory_bandwidth_bytes_per_s, chip), dtype, DEFAULT_BASIS, efficiency_given=False
    )
    setup = Setup(
        shape=shape,
        chip_label=label,
        peak=peak,
        efficiency=efficiency,
        capacity=chip.memory_bytes,
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


def _train(
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
    n = int(check_number("count", count, low=1, high=1e7, integer=True))
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
            rows.append({**_skip(chip, _TRAIN_KEYS, fit), "flag": flag})
            continue
        lay = fit.layout
        seconds = check_finite_result("seconds", tokens / fit.tokens_per_second)
        price = price_usd_per_hour(chip.id)
        rows.append(
            _row(
                chip,
                fits=fit.fits,
                meets_deadline=seconds <= deadline_s,
                seconds=seconds,
                cost_usd=n * seconds / SECONDS_PER_HOUR * price if price is not None else None,
                price_usd_per_hour=price,
                per_accelerator_bytes=fit.total_bytes,
                capacity_bytes=chip.memory_bytes,
                mfu=fit.mfu,
                layout=f"TP {lay.tp} · PP {lay.pp} · DP {lay.dp}",
                recompute=lay.recompute,
                zero_stage=lay.zero,
                dp_link=fit.dp_link,
                efficiency=fit.efficiency,
                flag=flag,
            )
        )
    table = _rank(
        rows,
        lambda row: (
            not row["fits"],
            not row["meets_deadline"],
            row["flag"] is not None,
            *_order(rank_by, row["seconds"], row["cost_usd"]),
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
    return _result("train-70b", rank_by, quantities, steps, table)


# -- serve-7b ------------------------------------------------------------------------------------

_SERVE_KEYS = (
    "meets_latency",
    "batch",
    "limited_by",
    "step_seconds",
    "tokens_per_second",
    "accelerators",
    "usd_per_hour",
    "usd_per_million_tokens",
    "price_usd_per_hour",
    "weight_bytes",
    "kv_bytes_per_sequence",
    "capacity_bytes",
)


def _serve(
    *,
    model: str | None,
    weight_format: str,
    context: float,
    output_tokens: float,
    target_tokens_per_s: float,
    latency_s: float,
    rank_by: str,
) -> Result:
    shape = load_data().model(model or SERVE_MODEL)
    target = check_number("target_tokens_per_s", target_tokens_per_s, low=0, low_open=True, high=1e12)
    latency = check_number("latency_ms", latency_s, low=0, low_open=True, high=1e3)
    out_tokens = check_number("output_tokens", output_tokens, low=1, high=1e7, integer=True)
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        case = chip_case(
            model=shape, chip=chip, weight_format=weight_format, prompt_tokens=context, output_tokens=out_tokens
        )
        if isinstance(case, str):
            rows.append(_skip(chip, _SERVE_KEYS, case))
            continue
        # The serving model per chip: the largest batch within memory whose time per output token meets the target.
        limit = case_max_batch(case)
        batch = largest_batch_within(case, latency, limit)
        row = _row(
            chip,
            fits=limit >= 1,
            meets_latency=batch >= 1,
            batch=None,
            limited_by=None,
            step_seconds=None,
            tokens_per_second=None,
            accelerators=None,
            usd_per_hour=None,
            usd_per_million_tokens=None,
            price_usd_per_hour=case.price,
            weight_bytes=case.weights,
            kv_bytes_per_sequence=case.kv_per_sequence,
            capacity_bytes=chip.memory_bytes,
            floor_seconds=serving_point(case, 1)["tpot"],
        )
        if row["fits"] and batch >= 1:
            point = serving_point(case, batch)
            count = math.ceil(target / point["rate"])
            row.update(
                batch=batch,
                limited_by="memory" if batch == limit else "latency",
                step_seconds=point["tpot"],
                tokens_per_second=point["rate"],
                accelerators=count,
            )
            if case.price is not None:
                row.update(usd_per_hour=count * case.price, usd_per_million_tokens=point["cost"])
        rows.append(row)
    table = _rank(
        rows,
        lambda row: (
            not row["fits"],
            not row["meets_latency"],
            *_order(rank_by, row["step_seconds"], row["usd_per_million_tokens"]),
        ),
    )
    tables, _ = model_tables(shape)
    weights = served_weight_bytes(params=shape.params, table_params=tables, weight_format=weight_format)
    per_weight = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
    steps = [
        Step(
            "weight_bytes",
            text("chooser.step.serve_weights", model=load_data().model_words(shape), format=weight_format.upper()),
            r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}",
            "({N} − {E}) × {s} + {E} × 2",
            {"N": (shape.params, ""), "E": (tables, ""), "s": (per_weight, "B")},
            weights,
            "B",
        ),
    ]
    quantities = {
        "weight_bytes": weights,
        "kv_bytes_per_sequence": _kv_per_sequence(shape, context + out_tokens),
        "target_tokens_per_s": target,
        "latency_s": latency,
    }
    return _result("serve-7b", rank_by, quantities, steps, table)


# -- rag-retriever -------------------------------------------------------------------------------

_RAG_KEYS = (
    "batch",
    "prefill_seconds",
    "latency_seconds",
    "queries_per_second",
    "accelerators",
    "usd_per_thousand_queries",
    "price_usd_per_hour",
    "needed_bytes",
    "capacity_bytes",
)


def _rag(
    *,
    model: str | None,
    embed_model: str | None,
    context: float,
    output_tokens: float,
    rerank_tokens: float,
    target_queries_per_s: float,
    mfu: float,
    rank_by: str,
) -> Result:
    shape = load_data().model(model or RAG_MODEL)
    embedder = load_data().model(embed_model or RAG_EMBED_MODEL)
    out_tokens = check_number("output_tokens", output_tokens, low=1, high=1e7, integer=True)
    rerank = check_number("rerank_tokens", rerank_tokens, low=0, high=1e9, integer=True)
    target = check_number("target_queries_per_s", target_queries_per_s, low=0, low_open=True, high=1e9)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    embedder_bytes = weight_bytes(params=embedder.params)
    tables, _ = model_tables(shape)
    weights = served_weight_bytes(params=shape.params, table_params=tables) + embedder_bytes
    kv_seq = _kv_per_sequence(shape, context + out_tokens)
    width = float(shape.attention_heads * shape.head_dim)
    prefill = prefill_flops(
        params=shape.active_params, prompt_tokens=context, layers=shape.layers, attention_width=width
    )
    embed = 2.0 * embedder.params * rerank  # encoder forward over the candidates (Kaplan et al. 2020: 2N per token)
    query_flops = check_finite_result("query_flops", prefill + embed)
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        # The serving model per chip at the batch memory allows; prefill runs at the given MFU.
        case = chip_case(
            model=shape,
            chip=chip,
            prompt_tokens=context,
            output_tokens=out_tokens,
            compute_efficiency=u,
            extra_resident=embedder_bytes,
            extra_flops=embed,
        )
        if isinstance(case, str):
            rows.append(_skip(chip, _RAG_KEYS, case))
            continue
        batch = case_max_batch(case)
        row = _row(
            chip,
            fits=batch >= 1,
            batch=batch,
            prefill_seconds=None,
            step_seconds=None,
            latency_seconds=None,
            queries_per_second=None,
            accelerators=None,
            usd_per_thousand_queries=None,
            price_usd_per_hour=case.price,
            needed_bytes=weights + kv_seq,
            capacity_bytes=chip.memory_bytes,
        )
        if row["fits"]:
            point = serving_point(case, batch)
            qps = point["requests_per_second"]
            row.update(
                prefill_seconds=point["ttft"],
                step_seconds=point["tpot"],
                latency_seconds=point["request"],
                queries_per_second=qps,
                accelerators=math.ceil(target / qps),
            )
            if case.price is not None:
                per_thousand = case.price / (qps * SECONDS_PER_HOUR) * 1e3
                row["usd_per_thousand_queries"] = check_finite_result("usd_per_thousand_queries", per_thousand)
        rows.append(row)
    table = _rank(
        rows, lambda row: (not row["fits"], *_order(rank_by, row["latency_seconds"], row["usd_per_thousand_queries"]))
    )
    cached = cached_tokens(context=context + out_tokens, window=shape.window if shape.attention == "sliding" else None)
    steps = [
        Step(
            "kv_bytes_per_sequence",
            text("chooser.step.rag_kv", model=load_data().model_words(shape), tokens=float(context + out_tokens)),
            r"2\,L\,H_{kv}\,d\,s\,T",
            "2 × {L} × {H} × {d} × {s} × {T}",
            {
                "L": (shape.layers, ""),
                "H": (shape.kv_heads, ""),
                "d": (shape.head_dim, ""),
                "s": (2.0, "B"),
                "T": (cached, ""),
            },
            kv_seq,
            "B",
        ),
        Step(
            "weight_bytes",
            text(
                "chooser.step.rag_weights",
                model=load_data().model_words(shape),
                embedder=load_data().model_words(embedder),
            ),
            r"2\,(N_\text{gen} + N_\text{emb})",
            "2 × ({N} + {E})",
            {"N": (shape.params, ""), "E": (embedder.params, "")},
            weights,
            "B",
        ),
        Step(
            "prompt_flops",
            text("chooser.step.rag_prefill"),
            r"2NT + 2\,L\,T^2\,d",
            "2 × {N} × {T} + 2 × {L} × {T}² × {d}",
            {"N": (shape.active_params, ""), "T": (context, ""), "L": (shape.layers, ""), "d": (width, "")},
            prefill,
            "FLOP",
        ),
        Step(
            "rerank_flops",
            text("chooser.step.rag_rerank", embedder=load_data().model_words(embedder)),
            r"2\,N_\text{emb}\,T_\text{rerank}",
            "2 × {E} × {R}",
            {"E": (embedder.params, ""), "R": (rerank, "")},
            embed,
            "FLOP",
        ),
    ]
    quantities = {
        "kv_bytes_per_sequence": kv_seq,
        "weight_bytes": weights,
        "query_flops": query_flops,
        "target_queries_per_s": target,
        "output_tokens": out_tokens,
    }
    return _result("rag-retriever", rank_by, quantities, steps, table)


def _result(
    workload: str, rank_by: str, quantities: Mapping[str, Scalar], steps: list[Step], table: list[dict[str, Any]]
) -> Result:
    ranked = [row for row in table if row["rank"] is not None]
    top = ranked[0] if ranked else None
    met = (
        top is not None
        and top["fits"]
        and top.get("meets_deadline") is not False
        and top.get("meets_latency") is not False
    )
    best = top if met else None
    head: dict[str, Scalar] = {
        "workload": workload,
        "rank_by": rank_by,
        "best": best["id"] if best else None,
        "best_name": best["name"] if best else None,
        "ranked": len(ranked),
        "fitting": sum(1 for row in ranked if row["fits"]),
        "skipped": len(table) - len(ranked),
        "unpriced": sum(1 for row in ranked if row.get("price_usd_per_hour") is None),
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    notes = [text("chooser.note.unpriced", count=head["unpriced"])] if rank_by == "cost" and head["unpriced"] else []
    return Result(calculator="chooser", quantities={**head, **quantities}, steps=steps, table=table, notes=notes)


def _unserved_reason(workload: str, row: dict[str, Any], quantities: dict[str, Any], lang: str) -> str | None:
    """Why a serving row serves nothing (it does not fit, or misses the latency target), or None."""

    def q(value: float, unit: str) -> str:
        return format_quantity(value, unit, lang)

    if not row["fits"]:
        # Serving reads the figures of its row (they depend on the chip's precision); RAG, the workload's.
        figures = row if workload == "serve-7b" else quantities
        return t(
            "chooser.reason.serve_no_fit" if workload == "serve-7b" else "chooser.reason.rag_no_fit",
            lang,
            weights=q(float(figures["weight_bytes"]), "B"),
            kv=q(float(figures["kv_bytes_per_sequence"]), "B"),
            capacity=q(row["capacity_bytes"], "B"),
        )
    if workload == "serve-7b" and row["batch"] is None:
        target = q(float(quantities["latency_s"]), "s")
        return t("chooser.reason.serve_too_slow", lang, floor=q(row["floor_seconds"], "s"), target=target)
    return None


def describe_row(workload: str, row: dict[str, Any], quantities: dict[str, Any], lang: str = "en") -> str:
    """One ranking row's reason, worded in `lang` from its figures (the page's "Why" and the CLI's line)."""
    if row["skipped_for"] is not None:
        figure = row["skipped_for"]
        missing = (
            t(f"figure.{figure}", lang)
            if f"figure.{figure}" in _FIGURES
            else t("chooser.dense_peak", lang, dtype=figure)
        )
        skipped = t("chooser.reason.skipped", lang, missing=missing)
        if row.get("flag") is not None:  # say what kind of part it is, too
            return skipped + t("chooser.reason.join", lang) + t(f"chooser.reason.flag_{row['flag']}", lang) + "."
        return skipped

    def q(value: float, unit: str) -> str:
        return format_quantity(value, unit, lang)

    def money(value: float, per: str = "") -> str:
        return format_money(value, lang, per=per)

    parts: list[str] = []
    priced = row.get("price_usd_per_hour") is not None
    if workload == "train-70b":
        deadline = q(float(quantities["deadline_seconds"]), "days")
        if row.get("flag") is not None:
            parts.append(t(f"chooser.reason.flag_{row['flag']}", lang))
        parts.append(
            t(
                "chooser.reason.train_time",
                lang,
                days=q(row["seconds"], "days"),
                count=format_number(float(quantities["count"]), lang),
                mfu=format_number(100 * row["mfu"], lang),
            )
        )
        parts.append(
            t(
                "chooser.reason.train_layout",
                lang,
                layout=row["layout"],
                recompute=t(f"option.recompute.{row['recompute']}", lang),
                link=t(f"planner.linkword.{row['dp_link']}", lang) if row["dp_link"] != "none" else "—",
                efficiency=format_number(100 * row["efficiency"], lang),
            )
        )
        parts.append(
            t(
                "chooser.reason.deadline_met" if row["meets_deadline"] else "chooser.reason.deadline_missed",
                lang,
                deadline=deadline,
            )
        )
        if priced:
            parts.append(
                t("chooser.reason.cost", lang, cost=money(row["cost_usd"]), price=money(row["price_usd_per_hour"], "h"))
            )
        parts.append(
            t(
                "chooser.reason.train_memory",
                lang,
                needed=q(row["per_accelerator_bytes"], "B"),
                capacity=q(row["capacity_bytes"], "B"),
                stage=row["zero_stage"],
                verdict=t("plot.memory.fits" if row["fits"] else "plot.memory.does_not_fit", lang),
            )
        )
    elif workload == "serve-7b":
        if (miss := _unserved_reason(workload, row, quantities, lang)) is not None:
            parts.append(miss)
        else:
            parts.append(
                t(
                    "chooser.reason.serve_batch",
                    lang,
                    batch=row["batch"],
                    limit=t(f"chooser.limit.{row['limited_by']}", lang),
                    step=q(row["step_seconds"], "s"),
                    rate=format_number(row["tokens_per_second"], lang),
                    count=row["accelerators"],
                    target=format_number(float(quantities["target_tokens_per_s"]), lang),
                )
            )
            if priced:
                parts.append(
                    t(
                        "chooser.reason.per_million",
                        lang,
                        cost=money(row["usd_per_million_tokens"]),
                        price=money(row["price_usd_per_hour"], "h"),
                    )
                )
    elif (miss := _unserved_reason(workload, row, quantities, lang)) is not None:
        parts.append(miss)
    else:
        parts.append(
            t(
                "chooser.reason.rag",
                lang,
                prefill=q(row["prefill_seconds"], "s"),
                tokens=format_number(float(quantities["output_tokens"]), lang),
                step=q(row["step_seconds"], "s"),
                batch=row["batch"],
                latency=q(row["latency_seconds"], "s"),
                qps=format_number(row["queries_per_second"], lang),
                count=row["accelerators"],
                target=format_number(float(quantities["target_queries_per_s"]), lang),
            )
        )
        if priced:
            parts.append(
                t(
                    "chooser.reason.per_thousand",
                    lang,
                    cost=money(row["usd_per_thousand_queries"]),
                    price=money(row["price_usd_per_hour"], "h"),
                )
            )
    if not priced and row["fits"]:
        parts.append(t("chooser.reason.no_price", lang))
    return t("chooser.reason.join", lang).join(parts) + "."


_FIGURES = ("figure.memory_bandwidth", "figure.memory_capacity", "figure.scale_out", "figure.scale_up_per_peer")

# The ranking's figure columns per workload (row keys; labels `chooser.col.<key>`, units in CHOOSER.units).
COLUMNS: dict[str, tuple[str, ...]] = {
    "train-70b": ("seconds", "cost_usd", "capacity_bytes", "fits", "meets_deadline"),
    "serve-7b": (
        "batch",
        "tokens_per_second",
        "accelerators",
        "usd_per_million_tokens",
        "capacity_bytes",
        "fits",
        "meets_latency",
    ),
    "rag-retriever": (
        "latency_seconds",
        "queries_per_second",
        "accelerators",
        "usd_per_thousand_queries",
        "capacity_bytes",
        "fits",
    ),
}


def columns_of(result: Result) -> tuple[str, ...]:
    """The figure columns of this result's ranking (they depend on the workload)."""
    return COLUMNS[str(result.quantities["workload"])]


def short_reason(workload: str, row: dict[str, Any], quantities: dict[str, Any], lang: str = "en") -> str:
    """What a ranking row's figures do not say: why it misses (memory, deadline, latency, no price), in `lang`;
    a dash when nothing does.

    The page shows it beside one column per figure; `describe_row` is the whole sentence the CLI prints.
    """
    if row["skipped_for"] is not None:
        return describe_row(workload, row, quantities, lang)

    def q(value: float, unit: str) -> str:
        return format_quantity(value, unit, lang)

    parts: list[str] = []
    if workload == "train-70b":
        if not row["fits"]:
            parts.append(
                t(
                    "chooser.reason.train_memory",
                    lang,
                    needed=q(row["per_accelerator_bytes"], "B"),
                    capacity=q(row["capacity_bytes"], "B"),
                    stage=quantities["zero_stage"],
                    verdict=t("plot.memory.does_not_fit", lang),
                )
            )
        if not row["meets_deadline"]:
            deadline = q(float(quantities["deadline_seconds"]), "days")
            parts.append(t("chooser.reason.deadline_missed", lang, deadline=deadline))
    elif workload == "serve-7b":
        if (miss := _unserved_reason(workload, row, quantities, lang)) is not None:
            parts.append(miss)
        else:
            parts.append(t("chooser.short.limited_by", lang, limit=t(f"chooser.limit.{row['limited_by']}", lang)))
    elif (miss := _unserved_reason(workload, row, quantities, lang)) is not None:
        parts.append(miss)
    else:
        parts.append(t("chooser.short.rag", lang, prefill=q(row["prefill_seconds"], "s"), batch=row["batch"]))
    if row.get("price_usd_per_hour") is None and row["fits"]:
        parts.append(t("chooser.short.no_price", lang))
    if not parts:
        return t("cli.none", lang)
    sentence = t("chooser.reason.join", lang).join(parts)
    return sentence[:1].upper() + sentence[1:] + "."


def chooser(
    *,
    workload: str = "train-70b",
    rank_by: str = "cost",
    params: float = 70e9,
    tokens: float = 1e12,
    deadline_days: float = 30.0,
    count: float = 1024,
    mfu: float = 0.5,
    dtype: str = DEFAULT_DTYPE,
    zero_stage: int = 3,
    recipe: str = "adam-mixed",
    model: str | None = None,
    weight_format: str = "bf16",
    context: float | None = None,
    target_tokens_per_s: float = 10_000.0,
    latency_s: float = 0.05,
    embed_model: str | None = None,
    output_tokens: float = 256,
    rerank_tokens: float = 51_200,
    target_queries_per_s: float = 1.0,
) -> Result:
    """Rank every accelerator in data/ for one of the module's three workloads, by time, cost and fit.

    Workloads:
        train-70b: train a `params` dense model on `tokens` with `count` accelerators at `mfu` within
            `deadline_days`. Time T = 6ND / (n·P·MFU) (Kaplan et al. 2020); cost n·T·price; fit = training
            state under ZeRO-`zero_stage` (Rajbhandari et al. 2020) plus activations with full recomputation
            of a Llama 3 70B-shaped layer stack at 4096 tokens (Korthikanti et al. 2022) ≤ the chip's memory.
        serve-7b: serve `model` (default Mistral 7B) with `context` prompt tokens and `output_tokens` per request
            at `target_tokens_per_s` output tokens in total, each token within `latency_s`. Per accelerator, the
            serving calculator's model (calc.serving, one accelerator, its default efficiency): the batch is the
            largest whose KV caches fit beside the weights in 90 % of memory and whose time per output token
            meets the target; throughput B·O / (TTFT + (O − 1)·TPOT); accelerators ⌈target / throughput⌉; cost
            per million output tokens = price / (tokens/s × 3600) × 10⁶.
        rag-retriever: an embedding/reranking model (`embed_model`, default BGE large) over `rerank_tokens`
            candidate tokens plus a long-context generator (`model`, default Llama 3 8B) reading `context` tokens
            and writing `output_tokens`, on the serving calculator's model at the batch memory allows: fit =
            weights + one request's KV cache; prefill (2NT + 2·L·T²·d FLOPs plus the reranking) at `mfu`,
            decode at the default bandwidth efficiency.

    Chips missing a figure the workload needs are listed last, unranked, with `skipped_for` naming it. Prices
    are the typical figures of data/'s economics; an unpriced chip is ranked after the priced ones by time.
    `rank_by` "cost" (default) or "time" orders the chips that fit.

    Returns:
        Result whose quantities hold workload, rank_by, best (id), best_name, ranked, fitting, skipped,
        unpriced and the workload's shared figures; `table` (JSON key "ranking") holds one row per accelerator
        with id, name, rank, fits, skipped_for and the workload's figures in SI units. `describe_row` words a row.

    Raises:
        CalcError: an unknown workload, model, format or a value outside its range.
    """
    kind = check_choice("workload", workload, WORKLOADS)
    order = check_choice("rank_by", rank_by, RANK_BY)
    if kind == "train-70b":
        check_choice("dtype", dtype, DTYPES)
        check_choice("recipe", recipe, tuple(RECIPES))
        stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
        deadline = check_number("deadline_days", deadline_days, low=0, low_open=True, high=1e5) * 86_400.0
        return _train(
            params=params,
            tokens=tokens,
            deadline_s=deadline,
            count=count,
            dtype=dtype,
            zero_stage=stage,
            recipe=recipe,
            rank_by=order,
        )
    if kind == "serve-7b":
        check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
        ctx = check_number("context", context if context is not None else 4096, low=1, high=1e8, integer=True)
        return _serve(
            model=model,
            weight_format=weight_format,
            context=ctx,
            output_tokens=output_tokens,
            target_tokens_per_s=target_tokens_per_s,
            latency_s=latency_s,
            rank_by=order,
        )
    ctx = check_number("context", context if context is not None else 131_072, low=1, high=1e8, integer=True)
    return _rag(
        model=model,
        embed_model=embed_model,
        context=ctx,
        output_tokens=output_tokens,
        rerank_tokens=rerank_tokens,
        target_queries_per_s=target_queries_per_s,
        mfu=mfu,
        rank_by=order,
    )


_TRAIN = ("workload", ("train-70b",))
_SERVE = ("workload", ("serve-7b",))
_RAG = ("workload", ("rag-retriever",))
_SERVE_OR_RAG = ("workload", ("serve-7b", "rag-retriever"))

CHOOSER = Calculator(
    name="chooser",
    fields=(
        Field("workload", kind="choice", default="train-70b", choices=WORKLOADS),
        Field("rank_by", kind="choice", default="cost", choices=RANK_BY),
        Field("params", default="70B", low=0, low_open=True, high=1e15, when=_TRAIN),
        Field("tokens", default="1T", low=0, low_open=True, high=1e16, when=_TRAIN),
        Field("deadline_days", unit="days", default="30", low=0, low_open=True, high=1e5, when=_TRAIN),
        Field("count", default="1024", low=1, high=1e7, integer=True, when=_TRAIN),
        Field("mfu", default="0.5", low=0, low_open=True, high=1, when=_RAG, advanced=True),
        Field("dtype", kind="choice", default=DEFAULT_DTYPE, choices=DTYPES, when=_TRAIN, advanced=True),
        Field("zero", default="3", param="zero_stage", low=0, high=3, integer=True, when=_TRAIN, advanced=True),
        Field("recipe", kind="choice", default="adam-mixed", choices=tuple(RECIPES), when=_TRAIN, advanced=True),
        Field("model", kind="model", optional=True, when=_SERVE_OR_RAG),
        Field(
            "weight_format", kind="choice", default="bf16", choices=tuple(WEIGHT_FORMATS), when=_SERVE, advanced=True
        ),
        Field("context", optional=True, low=1, high=1e8, integer=True, when=_SERVE_OR_RAG),
        Field("target_tokens_per_s", unit="tokens/s", default="10k", low=0, low_open=True, high=1e12, when=_SERVE),
        Field(
            "latency_ms",
            unit="ms",
            default="50",
            param="latency_s",
            scale=1e-3,
            low=0,
            low_open=True,
            high=1e6,
            when=_SERVE,
        ),
        Field("embed_model", kind="model", optional=True, when=_RAG, advanced=True),
        Field("output_tokens", default="256", low=1, high=1e7, integer=True, when=_SERVE_OR_RAG, advanced=True),
        Field("rerank_tokens", default="51200", low=0, high=1e9, integer=True, when=_RAG, advanced=True),
        Field("target_queries_per_s", unit="queries/s", default="1", low=0, low_open=True, high=1e9, when=_RAG),
    ),
    function=chooser,
    units={
        "total_flops": "FLOP",
        "per_accelerator_bytes": "B",
        "weight_bytes": "B",
        "kv_bytes_per_sequence": "B",
        "query_flops": "FLOP",
        "latency_s": "s",
        "deadline_seconds": "days",
        "target_tokens_per_s": "tokens/s",
        "target_queries_per_s": "queries/s",
        # the ranking's figures
        "seconds": "days",
        "cost_usd": "USD",
        "capacity_bytes": "B",
        "batch": "",
        "tokens_per_second": "tokens/s",
        "accelerators": "",
        "usd_per_million_tokens": "USD",
        "latency_seconds": "s",
        "queries_per_second": "queries/s",
        "usd_per_thousand_queries": "USD",
    },
    headline=("best_name", "fitting", "skipped"),
    describe=lambda result, row, lang: short_reason(str(result.quantities["workload"]), row, result.quantities, lang),
    columns=columns_of,
)
