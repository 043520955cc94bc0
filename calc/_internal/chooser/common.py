# What the chooser's three workloads share: a row per accelerator, the ranking, one request's KV cache and
# the Result every workload returns.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..data import Accelerator, Model
from ..errors import check_finite_result
from ..inference import cached_tokens, kv_bytes_per_token
from ..messages import text
from ..results import Result, Scalar, Step

WORKLOADS = ("train-70b", "serve-7b", "rag-retriever")
RANK_BY = ("cost", "time")
SECONDS_PER_HOUR = 3_600.0


def new_row(chip: Accelerator, **figures: Any) -> dict[str, Any]:
    return {"id": chip.id, "name": chip.name, "rank": None, "skipped_for": None, **figures}


def skipped_row(chip: Accelerator, keys: tuple[str, ...], figure: str) -> dict[str, Any]:
    """A row left out of the ranking because the data lacks `figure` (a figure.* id or a dense format)."""
    row = new_row(chip, fits=None, **{key: None for key in keys})
    row["skipped_for"] = figure
    return row


def rank_rows(rows: list[dict[str, Any]], key: Any) -> list[dict[str, Any]]:
    ranked = sorted((row for row in rows if row["fits"] is not None), key=lambda row: (*key(row), row["id"]))
    skipped = [row for row in rows if row["fits"] is None]
    for index, row in enumerate(ranked, start=1):
        row["rank"] = index
    return ranked + skipped


def rank_order(rank_by: str, time_s: float | None, cost: float | None) -> tuple[Any, ...]:
    big = 1e300
    time_key = time_s if time_s is not None else big
    if rank_by == "time":
        return (time_key, cost is None, cost if cost is not None else big)
    return (cost is None, cost if cost is not None else big, time_key)


def kv_per_sequence(model: Model, context: float, bytes_per_value: float = 2.0) -> float:
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


def workload_result(
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
