# The chooser's serve-7b workload: each accelerator on the serving calculator's model at the largest batch whose
# time per output token meets the target, ranked by fit, latency, cost and time.
from __future__ import annotations

import math
from typing import Any

from ..data import load_data
from ..errors import check_number
from ..inference import INT4_GROUP_SIZE, model_tables, served_weight_bytes, weight_bytes
from ..messages import text
from ..results import Result, Step
from ..serving import case_max_batch, chip_case, largest_batch_within, serving_point
from .common import kv_per_sequence, new_row, rank_order, rank_rows, skipped_row, workload_result

# Reference model from data/ for the workload's default model.
SERVE_MODEL = "mistral-7b"

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


def rank_serve(
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
    target = check_number("target_tokens_per_s", target_tokens_per_s)
    latency = check_number("latency_ms", latency_s, low=0, low_open=True, high=1e3)
    out_tokens = check_number("output_tokens", output_tokens)
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        case = chip_case(
            model=shape, chip=chip, weight_format=weight_format, prompt_tokens=context, output_tokens=out_tokens
        )
        if isinstance(case, str):
            rows.append(skipped_row(chip, _SERVE_KEYS, case))
            continue
        # The serving model per chip: the largest batch within memory whose time per output token meets the target.
        limit = case_max_batch(case)
        batch = largest_batch_within(case, latency, limit)
        row = new_row(
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
            capacity_bytes=chip.device_memory_bytes,
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
    table = rank_rows(
        rows,
        lambda row: (
            not row["fits"],
            not row["meets_latency"],
            *rank_order(rank_by, row["step_seconds"], row["usd_per_million_tokens"]),
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
        "kv_bytes_per_sequence": kv_per_sequence(shape, context + out_tokens),
        "target_tokens_per_s": target,
        "latency_s": latency,
    }
    return workload_result("serve-7b", rank_by, quantities, steps, table)
