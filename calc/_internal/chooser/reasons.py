# The chooser's words: a ranking row's reason (`describe_row`, the CLI's sentence; `short_reason`, the page's
# column beside the figures) and the figure columns each workload shows.
from __future__ import annotations

from typing import Any

from ..fmt import format_money, format_number, format_quantity
from ..messages import t
from ..results import Result

_FIGURES = ("figure.memory_bandwidth", "figure.memory_capacity", "figure.scale_out", "figure.scale_up_per_peer")


def unserved_reason(workload: str, row: dict[str, Any], quantities: dict[str, Any], lang: str) -> str | None:
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
        return _skipped_reason(row, lang)
    priced = row.get("price_usd_per_hour") is not None
    if workload == "train-70b":
        parts = _train_parts(row, quantities, lang, priced)
    elif (miss := unserved_reason(workload, row, quantities, lang)) is not None:
        parts = [miss]
    elif workload == "serve-7b":
        parts = _serve_parts(row, quantities, lang, priced)
    else:
        parts = _rag_parts(row, quantities, lang, priced)
    if not priced and row["fits"]:
        parts.append(t("chooser.reason.no_price", lang))
    return t("chooser.reason.join", lang).join(parts) + "."


def _skipped_reason(row: dict[str, Any], lang: str) -> str:
    """Why a chip is not ranked: the figure its data lacks, and what kind of part it is if it is flagged."""
    figure = row["skipped_for"]
    missing = (
        t(f"figure.{figure}", lang) if f"figure.{figure}" in _FIGURES else t("chooser.dense_peak", lang, dtype=figure)
    )
    skipped = t("chooser.reason.skipped", lang, missing=missing)
    if row.get("flag") is not None:  # say what kind of part it is, too
        return skipped + t("chooser.reason.join", lang) + t(f"chooser.reason.flag_{row['flag']}", lang) + "."
    return skipped


def _q(value: float, unit: str, lang: str) -> str:
    return format_quantity(value, unit, lang)


def _money(value: float, lang: str, per: str = "") -> str:
    return format_money(value, lang, per=per)


def _train_parts(row: dict[str, Any], quantities: dict[str, Any], lang: str, priced: bool) -> list[str]:
    """A training row: its time and MFU, its layout, the deadline, its cost and its memory."""
    parts: list[str] = []
    deadline = _q(float(quantities["deadline_seconds"]), "days", lang)
    if row.get("flag") is not None:
        parts.append(t(f"chooser.reason.flag_{row['flag']}", lang))
    parts.append(
        t(
            "chooser.reason.train_time",
            lang,
            days=_q(row["seconds"], "days", lang),
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
    met = "chooser.reason.deadline_met" if row["meets_deadline"] else "chooser.reason.deadline_missed"
    parts.append(t(met, lang, deadline=deadline))
    if priced:
        parts.append(_cost_part("chooser.reason.cost", row["cost_usd"], row, lang))
    parts.append(
        t(
            "chooser.reason.train_memory",
            lang,
            needed=_q(row["per_accelerator_bytes"], "B", lang),
            capacity=_q(row["capacity_bytes"], "B", lang),
            stage=row["zero_stage"],
            verdict=t("plot.memory.fits" if row["fits"] else "plot.memory.does_not_fit", lang),
        )
    )
    return parts


def _serve_parts(row: dict[str, Any], quantities: dict[str, Any], lang: str, priced: bool) -> list[str]:
    """A serving row that serves: its batch and what limits it, its step, its rate and its cost."""
    parts = [
        t(
            "chooser.reason.serve_batch",
            lang,
            batch=row["batch"],
            limit=t(f"chooser.limit.{row['limited_by']}", lang),
            step=_q(row["step_seconds"], "s", lang),
            rate=format_number(row["tokens_per_second"], lang),
            count=row["accelerators"],
            target=format_number(float(quantities["target_tokens_per_s"]), lang),
        )
    ]
    if priced:
        parts.append(_cost_part("chooser.reason.per_million", row["usd_per_million_tokens"], row, lang))
    return parts


def _cost_part(key: str, cost: float, row: dict[str, Any], lang: str) -> str:
    """A row's cost sentence: the cost per unit of work, at the accelerator-hour price it was priced at."""
    return t(key, lang, cost=_money(cost, lang), price=_money(row["price_usd_per_hour"], lang, "h"))


def _rag_parts(row: dict[str, Any], quantities: dict[str, Any], lang: str, priced: bool) -> list[str]:
    """A retrieval row that serves: its prefill, its decode steps, its latency, its rate and its cost."""
    parts = [
        t(
            "chooser.reason.rag",
            lang,
            prefill=_q(row["prefill_seconds"], "s", lang),
            tokens=format_number(float(quantities["output_tokens"]), lang),
            step=_q(row["step_seconds"], "s", lang),
            batch=row["batch"],
            latency=_q(row["latency_seconds"], "s", lang),
            qps=format_number(row["queries_per_second"], lang),
            count=row["accelerators"],
            target=format_number(float(quantities["target_queries_per_s"]), lang),
        )
    ]
    if priced:
        parts.append(_cost_part("chooser.reason.per_thousand", row["usd_per_thousand_queries"], row, lang))
    return parts


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
    empty when nothing does.

    The page shows it under the row's figures (nothing when empty); `describe_row` is the whole sentence the CLI
    prints.
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
        if (miss := unserved_reason(workload, row, quantities, lang)) is not None:
            parts.append(miss)
        else:
            parts.append(t("chooser.short.limited_by", lang, limit=t(f"chooser.limit.{row['limited_by']}", lang)))
    elif (miss := unserved_reason(workload, row, quantities, lang)) is not None:
        parts.append(miss)
    else:
        parts.append(t("chooser.short.rag", lang, prefill=q(row["prefill_seconds"], "s"), batch=row["batch"]))
    if row.get("price_usd_per_hour") is None and row["fits"]:
        parts.append(t("chooser.short.no_price", lang))
    if not parts:
        return ""
    sentence = t("chooser.reason.join", lang).join(parts)
    return sentence[:1].upper() + sentence[1:] + "."
