# The chooser's rag-retriever workload: a reranking embedder and a long-context generator on each accelerator at
# the batch memory allows, ranked by fit, latency and cost per thousand queries.
from __future__ import annotations

import math
from typing import Any

from ..data import load_data
from ..errors import check_finite_result, check_number
from ..inference import cached_tokens, model_tables, prefill_flops, served_weight_bytes, weight_bytes
from ..messages import text
from ..results import Result, Step
from ..serving import case_max_batch, chip_case, serving_point
from .common import SECONDS_PER_HOUR, kv_per_sequence, new_row, rank_order, rank_rows, skipped_row, workload_result

# Reference models from data/ for the workload's default generator and embedder.
RAG_MODEL = "llama-3-8b"
RAG_EMBED_MODEL = "bge-large-en-v1-5"

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


def rank_retrieve(
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
    out_tokens = check_number("output_tokens", output_tokens)
    rerank = check_number("rerank_tokens", rerank_tokens)
    target = check_number("target_queries_per_s", target_queries_per_s)
    u = check_number("mfu", mfu)
    embedder_bytes = weight_bytes(params=embedder.params)
    tables, _ = model_tables(shape)
    weights = served_weight_bytes(params=shape.params, table_params=tables) + embedder_bytes
    kv_seq = kv_per_sequence(shape, context + out_tokens)
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
            rows.append(skipped_row(chip, _RAG_KEYS, case))
            continue
        batch = case_max_batch(case)
        row = new_row(
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
            capacity_bytes=chip.device_memory_bytes,
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
    table = rank_rows(
        rows,
        lambda row: (not row["fits"], *rank_order(rank_by, row["latency_seconds"], row["usd_per_thousand_queries"])),
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
    return workload_result("rag-retriever", rank_by, quantities, steps, table)
