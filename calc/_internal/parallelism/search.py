# The planner's search: every valid layout that fits, ranked, and the words for each ranked row.
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import CalcError
from ..fmt import format_number, format_quantity
from ..memory import (
    RECOMPUTE,
)
from ..messages import t
from ..results import Result
from .layout import Layout, Setup
from .links import link_word
from .step_time import evaluate_layout, layout_memory

MAX_ROWS = 12


# -- search ----------------------------------------------------------------------------------------------------


def _powers_of_two(limit: int) -> list[int]:
    out, k = [], 1
    while k <= limit:
        out.append(k)
        k *= 2
    return out


def search_layouts(setup: Setup, reader: Layout) -> list[dict[str, Any]]:
    """Every valid layout of the degrees (tp, pp, cp, ep; dp follows) and recomputation, keeping the reader's
    ZeRO stage, micro-batch, sequence parallelism and interleaving; those that fit, ranked by tokens per second:
    micro-batches are whole, so layouts round the batch differently and a shorter step may carry fewer tokens.

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
                        memory = layout_memory(setup, lay)
                        if not memory["fits"]:
                            continue
                        try:
                            q = evaluate_layout(setup, lay, memory)
                        except CalcError:
                            continue
                        rows.append((-q["tokens_per_second"], _row(lay, q)))
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
    axes = {"tp": q["tp_exposed"], "cp": q["cp_comm"], "ep": q["ep_exposed"], "pp": q["pp_comm"], "dp": q["dp_exposed"]}
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
        "tokens_per_second": q["tokens_per_second"],
        "mfu": q["mfu"],
        "compute_seconds": q["compute"],
        "bubble_seconds": q["bubble"],
        "exposed_comm_seconds": q["exposed"],
        "largest_comm": worst if axes[worst] > 0 else None,
        "largest_comm_link": link_word(q[f"{worst}_one"]) if axes[worst] > 0 else None,
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
        slower = best["tokens_per_second"] / row["tokens_per_second"] - 1
        parts.append(t("planner.reason.slower", lang, percent=format_number(100 * slower, lang, digits=2)))
    return t("chooser.reason.join", lang).join(parts) + "."
