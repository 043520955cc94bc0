# Accelerator chooser: the module's three workloads ranked across every accelerator in data/ by time, cost and fit.
from __future__ import annotations

import math
from typing import Any

from .data import DTYPES, Accelerator, load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fmt import format_number, format_quantity
from .inference import WEIGHT_FORMATS, cached_tokens, kv_bytes_per_token, max_batch, weight_bytes
from .memory import RECIPES, activation_bytes, zero_bytes_per_accelerator
from .results import Result, Scalar, Step
from .roofline import DEFAULT_DTYPE
from .tco import cost_per_million_tokens
from .training import SECONDS_PER_DAY, SECONDS_PER_HOUR, cluster_flop_per_s, training_flops, training_seconds

WORKLOADS = ("train-70b", "serve-7b", "rag-retriever")
RANK_BY = ("cost", "time")
# Compute format of the matmuls for each weight format (int4 weights are dequantized to bf16 for the math).
_COMPUTE_DTYPE = {"bf16": "bf16", "fp16": "bf16", "fp8": "fp8", "int8": "int8", "int4": "bf16"}
# Reference models from data/ for each workload's default shape.
TRAIN_SHAPE_MODEL = "llama-3-70b"
SERVE_MODEL = "mistral-7b"
RAG_MODEL = "llama-3-8b"
RAG_EMBED_MODEL = "bge-large-en-v1-5"


def prompt_flops(*, params: float, prompt_tokens: float, layers: float, attention_width: float) -> float:
    """FLOPs of one causal forward pass over a prompt: F = 2·N·T + L·T²·d_attn.

    Kaplan et al. (2020), "Scaling Laws for Neural Language Models", Table 1: a forward pass costs
    2N + 2·n_layer·n_ctx·d_attn FLOPs per token; with causal attention token i sees i tokens, so the
    context term sums to L·T²·d_attn over a T-token prompt. At long context it dominates. Example:
    Llama 3 8B (8.03e9 params, 32 layers, d_attn = 32 × 128 = 4096) over 131,072 tokens:
    2.10e15 + 2.25e15 = 4.36e15 FLOPs.
    """
    n = check_number("params", params, low=0, low_open=True, high=1e15)
    t = check_number("context", prompt_tokens, low=1, high=1e8)
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    width = check_number("attention_width", attention_width, low=1, high=1e7)
    return check_finite_result("prompt_flops", 2.0 * n * t + n_layers * t * t * width)


def _price(chip_id: str) -> float | None:
    """Typical cloud price per accelerator-hour from data/'s economics; None when the chip is unpriced."""
    economics = load_data().economics
    if economics is None:
        return None
    try:
        return economics.price(chip_id).typical
    except CalcError:
        return None


def _n(value: float, lang: str, digits: int = 3) -> str:
    return format_number(value, lang, digits)


def _usd(value: float, lang: str) -> str:
    return f"${_n(value, lang)}" if lang == "en" else f"{_n(value, lang)} USD"


def _skip(chip: Accelerator, keys: tuple[str, ...], missing_en: str, missing_es: str) -> dict[str, Scalar]:
    row: dict[str, Scalar] = {"id": chip.id, "name": chip.name, "rank": None, "fits": None}
    row.update({key: None for key in keys})
    row["reason_en"] = f"Skipped: {missing_en} in the data."
    row["reason_es"] = f"Omitido: {missing_es} en los datos."
    return row


def _memory_figures(
    chip: Accelerator, dtype: str, keys: tuple[str, ...]
) -> tuple[float, float, float] | dict[str, Scalar]:
    """(bandwidth, capacity, dense peak) of a chip for a memory-bound workload, or its skipped row."""
    bandwidth, memory, peak = chip.memory_bandwidth_bytes_per_s, chip.memory_bytes, chip.dense_flop_per_s.get(dtype)
    if not bandwidth or not memory:
        return _skip(chip, keys, "no memory bandwidth or capacity", "no hay ancho de banda o capacidad de memoria")
    if not peak:
        return _skip(chip, keys, f"no dense {dtype} peak", f"no hay pico denso {dtype}")
    return bandwidth, memory, peak


def _rank(rows: list[dict[str, Any]], key: Any) -> list[dict[str, Scalar]]:
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


# -- train-70b -----------------------------------------------------------------------------------

_TRAIN_KEYS = (
    "meets_deadline",
    "seconds",
    "days",
    "cost_usd",
    "price_usd_per_hour",
    "per_accelerator_bytes",
    "capacity_bytes",
)


def _train(
    *,
    params: float,
    tokens: float,
    deadline_days: float,
    count: float,
    mfu: float,
    dtype: str,
    zero_stage: int,
    recipe: str,
    rank_by: str,
) -> Result:
    deadline = check_number("deadline_days", deadline_days, low=0, low_open=True, high=1e5)
    n = check_number("count", count, low=1, high=1e7, integer=True)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    total = training_flops(params=params, tokens=tokens)
    state = zero_bytes_per_accelerator(params=params, recipe=recipe, zero_stage=zero_stage, count=n)
    shape = load_data().model(TRAIN_SHAPE_MODEL)
    activations = activation_bytes(
        layers=shape.layers,
        hidden_size=shape.hidden_size,
        attention_heads=shape.attention_heads,
        sequence_length=4096,
        recompute="full",
    )
    needed = state + activations
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        peak = chip.dense_flop_per_s.get(dtype)
        if not peak:
            rows.append(_skip(chip, _TRAIN_KEYS, f"no dense {dtype} peak", f"no hay pico denso {dtype}"))
            continue
        if not chip.memory_bytes:
            rows.append(_skip(chip, _TRAIN_KEYS, "no memory capacity", "no hay capacidad de memoria"))
            continue
        rate = cluster_flop_per_s(peak_flop_per_s=peak, count=n, mfu=u)
        seconds = training_seconds(total_flops=total, cluster_flop_per_s=rate)
        days = seconds / SECONDS_PER_DAY
        price = _price(chip.id)
        cost = n * seconds / SECONDS_PER_HOUR * price if price is not None else None
        fits = needed <= chip.memory_bytes
        meets = days <= deadline
        en = [
            f"{_n(days, 'en')} days on {_n(n, 'en')} at MFU {_n(u, 'en')}"
            + (
                f" (meets the {_n(deadline, 'en')}-day deadline)"
                if meets
                else f" (misses the {_n(deadline, 'en')}-day deadline)"
            )
        ]
        es = [
            f"{_n(days, 'es')} días en {_n(n, 'es')} con MFU {_n(u, 'es')}"
            + (
                f" (cumple el plazo de {_n(deadline, 'es')} días)"
                if meets
                else f" (no cumple el plazo de {_n(deadline, 'es')} días)"
            )
        ]
        if price is None:
            en.append("price unknown (no price in the data), ranked by time")
            es.append("precio desconocido (no hay precio en los datos), ordenado por tiempo")
        else:
            en.append(f"{_usd(cost, 'en')} at {_usd(price, 'en')}/h")  # type: ignore[arg-type]
            es.append(f"{_usd(cost, 'es')} a {_usd(price, 'es')}/h")  # type: ignore[arg-type]
        verdict_en, verdict_es = ("fits", "cabe") if fits else ("does not fit", "no cabe")
        en.append(
            f"{format_quantity(needed, 'B', 'en')} of {format_quantity(chip.memory_bytes, 'B', 'en')} per accelerator "
            f"with ZeRO-{zero_stage}: {verdict_en}"
        )
        es.append(
            f"{format_quantity(needed, 'B', 'es')} de {format_quantity(chip.memory_bytes, 'B', 'es')} por acelerador "
            f"con ZeRO-{zero_stage}: {verdict_es}"
        )
        rows.append(
            {
                "id": chip.id,
                "name": chip.name,
                "rank": None,
                "fits": fits,
                "meets_deadline": meets,
                "seconds": seconds,
                "days": days,
                "cost_usd": cost,
                "price_usd_per_hour": price,
                "per_accelerator_bytes": needed,
                "capacity_bytes": chip.memory_bytes,
                "reason_en": "; ".join(en) + ".",
                "reason_es": "; ".join(es) + ".",
            }
        )
    table = _rank(
        rows,
        lambda row: (not row["fits"], not row["meets_deadline"], *_order(rank_by, row["seconds"], row["cost_usd"])),
    )
    steps = [
        Step(
            "total_flops",
            {"en": "Training FLOPs", "es": "FLOPs de entrenamiento"},
            r"C = 6\,N\,D",
            "6 × {N} × {D}",
            {"N": (params, ""), "D": (tokens, "")},
            total,
            "FLOP",
        ),
        Step(
            "state_bytes",
            {
                "en": f"Training state per accelerator ({recipe}, ZeRO-{zero_stage} over {n:.0f})",
                "es": f"Estado de entrenamiento por acelerador ({recipe}, ZeRO-{zero_stage} sobre {n:.0f})",
            },
            r"(w + g + o)\,\Psi \text{ sharded}",
            "{P} × …",
            {"P": (params, "")},
            state,
            "B",
        ),
        Step(
            "activation_bytes",
            {
                "en": f"Activations, full recomputation ({shape.name}, 4096 tokens, micro-batch 1)",
                "es": f"Activaciones, recomputación completa ({shape.name}, 4096 tokens, micro-batch 1)",
            },
            r"2\,L\,s\,b\,h",
            "2 × {L} × {s} × 1 × {h}",
            {"L": (shape.layers, ""), "s": (4096, ""), "h": (shape.hidden_size, "")},
            activations,
            "B",
        ),
    ]
    best = table[0] if table and table[0]["rank"] == 1 else None
    if best is not None:
        best_peak = load_data().accelerator(str(best["id"])).peak_flop_per_s(dtype)
        steps.append(
            Step(
                "best_seconds",
                {
                    "en": f"Wall-clock time on the top choice ({best['name']})",
                    "es": f"Tiempo de reloj en la mejor opción ({best['name']})",
                },
                r"T = C / (n\,P\,\text{MFU})",
                "{C} / ({n} × {P} × {U})",
                {"C": (total, "FLOP"), "n": (n, ""), "P": (best_peak, "FLOP/s"), "U": (u, "")},
                best["seconds"],
                "s",
            )
        )
    quantities = {
        "total_flops": total,
        "per_accelerator_bytes": needed,
        "count": n,
        "mfu": u,
        "deadline_days": deadline,
    }
    return _result("train-70b", rank_by, quantities, steps, table)


# -- serve-7b ------------------------------------------------------------------------------------

_SERVE_KEYS = (
    "meets_latency",
    "batch",
    "step_seconds",
    "tokens_per_second",
    "accelerators",
    "usd_per_hour",
    "usd_per_million_tokens",
    "price_usd_per_hour",
)


def _model(model_id: str | None, default: str) -> Any:
    return load_data().model(model_id if model_id is not None else default)


def _kv_per_sequence(model: Any, context: float, bytes_per_value: float = 2.0) -> float:
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


def _serve(
    *, model: str | None, weight_format: str, context: float, target_tokens_per_s: float, latency_s: float, rank_by: str
) -> Result:
    shape = _model(model, SERVE_MODEL)
    target = check_number("target_tokens_per_s", target_tokens_per_s, low=0, low_open=True, high=1e12)
    latency = check_number("latency_ms", latency_s, low=0, low_open=True, high=1e3)
    weights = weight_bytes(params=shape.active_params, weight_format=weight_format)
    kv_seq = _kv_per_sequence(shape, context)
    compute_dtype = _COMPUTE_DTYPE[weight_format]
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        figures = _memory_figures(chip, compute_dtype, _SERVE_KEYS)
        if isinstance(figures, dict):
            rows.append(figures)
            continue
        bandwidth, memory, peak = figures
        by_memory = max_batch(memory_bytes=memory, weight_bytes_total=weights, kv_bytes_per_sequence=kv_seq)
        # Latency T(b) = max((W + b·KV)/B, 2·N·b/P) must stay under the target.
        by_bandwidth = math.floor((latency * bandwidth - weights) / kv_seq) if latency * bandwidth > weights else 0
        by_compute = math.floor(latency * peak / (2.0 * shape.active_params))
        batch = min(by_memory, by_bandwidth, by_compute)
        price = _price(chip.id)
        fits = by_memory >= 1
        row: dict[str, Any] = {
            "id": chip.id,
            "name": chip.name,
            "rank": None,
            "fits": fits,
            "meets_latency": batch >= 1,
            "batch": None,
            "step_seconds": None,
            "tokens_per_second": None,
            "accelerators": None,
            "usd_per_hour": None,
            "usd_per_million_tokens": None,
            "price_usd_per_hour": price,
        }
        if not fits:
            en = (
                f"weights ({format_quantity(weights, 'B', 'en')}) plus one sequence's KV cache "
                f"({format_quantity(kv_seq, 'B', 'en')}) exceed {format_quantity(memory, 'B', 'en')}"
            )
            es = (
                f"los pesos ({format_quantity(weights, 'B', 'es')}) más la KV cache de una secuencia "
                f"({format_quantity(kv_seq, 'B', 'es')}) superan {format_quantity(memory, 'B', 'es')}"
            )
        elif batch < 1:
            floor_s = (weights + kv_seq) / bandwidth
            en = f"one token takes at least {format_quantity(floor_s, 's', 'en')}, over the {format_quantity(latency, 's', 'en')} target"
            es = f"un token tarda al menos {format_quantity(floor_s, 's', 'es')}, por encima del objetivo de {format_quantity(latency, 's', 'es')}"
        else:
            step = max((weights + batch * kv_seq) / bandwidth, 2.0 * shape.active_params * batch / peak)
            rate = batch / step
            count = math.ceil(target / rate)
            limit_en, limit_es = ("memory", "memoria") if batch == by_memory else ("latency", "latencia")
            row.update(batch=batch, step_seconds=step, tokens_per_second=rate, accelerators=count)
            en = (
                f"batch {batch} (limited by {limit_en}), {format_quantity(step, 's', 'en')} per token, "
                f"{_n(rate, 'en')} tokens/s per accelerator, {count} for {_n(target, 'en')} tokens/s"
            )
            es = (
                f"batch {batch} (limitado por {limit_es}), {format_quantity(step, 's', 'es')} por token, "
                f"{_n(rate, 'es')} tokens/s por acelerador, {count} para {_n(target, 'es')} tokens/s"
            )
            if price is not None:
                per_million = cost_per_million_tokens(usd_per_hour=price, tokens_per_second=rate)
                row.update(usd_per_hour=count * price, usd_per_million_tokens=per_million)
                en += f"; {_usd(per_million, 'en')} per million tokens at {_usd(price, 'en')}/h"
                es += f"; {_usd(per_million, 'es')} por millón de tokens a {_usd(price, 'es')}/h"
        if price is None and fits:
            en += "; price unknown (no price in the data), ranked by time"
            es += "; precio desconocido (no hay precio en los datos), ordenado por tiempo"
        row["reason_en"], row["reason_es"] = en + ".", es + "."
        rows.append(row)
    table = _rank(
        rows,
        lambda row: (
            not row["fits"],
            not row["meets_latency"],
            *_order(rank_by, row["step_seconds"], row["usd_per_million_tokens"]),
        ),
    )
    steps = [
        Step(
            "weight_bytes",
            {"en": f"Weights ({shape.name}, {weight_format})", "es": f"Pesos ({shape.name}, {weight_format})"},
            r"W = N \cdot s",
            "{N} × {s}",
            {"N": (shape.active_params, ""), "s": (WEIGHT_FORMATS[weight_format], "B")},
            weights,
            "B",
        ),
        Step(
            "kv_bytes_per_sequence",
            {"en": "KV cache per sequence (bf16)", "es": "KV cache por secuencia (bf16)"},
            r"KV = b_\text{tok} \cdot \min(T, W)",
            "{T} tokens",
            {"T": (min(context, shape.window or context), "")},
            kv_seq,
            "B",
        ),
        Step(
            "latency_s",
            {"en": "Per-token latency target", "es": "Objetivo de latencia por token"},
            r"T(b) = \max\!\left(\frac{W + b\,KV}{B}, \frac{2Nb}{P}\right) \le T_\text{max}",
            "{L}",
            {"L": (latency, "s")},
            latency,
            "s",
        ),
    ]
    quantities = {
        "weight_bytes": weights,
        "kv_bytes_per_sequence": kv_seq,
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
    shape = _model(model, RAG_MODEL)
    embedder = _model(embed_model, RAG_EMBED_MODEL)
    out_tokens = check_number("output_tokens", output_tokens, low=1, high=1e7, integer=True)
    rerank = check_number("rerank_tokens", rerank_tokens, low=0, high=1e9, integer=True)
    target = check_number("target_queries_per_s", target_queries_per_s, low=0, low_open=True, high=1e9)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    weights = weight_bytes(params=shape.active_params) + weight_bytes(params=embedder.params)
    kv_seq = _kv_per_sequence(shape, context)
    prefill = prompt_flops(
        params=shape.active_params,
        prompt_tokens=context,
        layers=shape.layers,
        attention_width=shape.attention_heads * shape.head_dim,
    )
    embed = 2.0 * embedder.params * rerank  # encoder forward over the candidates (Kaplan et al. 2020: 2N per token)
    query_flops = check_finite_result("query_flops", prefill + embed)
    rows: list[dict[str, Any]] = []
    for chip in load_data().accelerators.values():
        figures = _memory_figures(chip, DEFAULT_DTYPE, _RAG_KEYS)
        if isinstance(figures, dict):
            rows.append(figures)
            continue
        bandwidth, memory, peak = figures
        batch = max_batch(memory_bytes=memory, weight_bytes_total=weights, kv_bytes_per_sequence=kv_seq)
        price = _price(chip.id)
        fits = batch >= 1
        row: dict[str, Any] = {
            "id": chip.id,
            "name": chip.name,
            "rank": None,
            "fits": fits,
            "batch": batch,
            "prefill_seconds": None,
            "latency_seconds": None,
            "queries_per_second": None,
            "accelerators": None,
            "usd_per_thousand_queries": None,
            "price_usd_per_hour": price,
            "needed_bytes": weights + kv_seq,
            "capacity_bytes": memory,
        }
        if not fits:
            en = (
                f"weights ({format_quantity(weights, 'B', 'en')}) plus one {_n(context, 'en')}-token KV cache "
                f"({format_quantity(kv_seq, 'B', 'en')}) exceed {format_quantity(memory, 'B', 'en')}"
            )
            es = (
                f"los pesos ({format_quantity(weights, 'B', 'es')}) más una KV cache de {_n(context, 'es')} tokens "
                f"({format_quantity(kv_seq, 'B', 'es')}) superan {format_quantity(memory, 'B', 'es')}"
            )
        else:
            prefill_s = query_flops / (peak * u)
            step = (weights + batch * kv_seq) / bandwidth
            latency = prefill_s + out_tokens * step
            qps = 1.0 / (prefill_s + out_tokens * step / batch)
            count = math.ceil(target / qps)
            row.update(prefill_seconds=prefill_s, latency_seconds=latency, queries_per_second=qps, accelerators=count)
            en = (
                f"{format_quantity(prefill_s, 's', 'en')} of compute-bound prefill, then {_n(out_tokens, 'en')} tokens at "
                f"{format_quantity(step, 's', 'en')} each (batch {batch} by memory, bandwidth-bound): "
                f"{format_quantity(latency, 's', 'en')} per query, {_n(qps, 'en')} queries/s per accelerator, "
                f"{count} for {_n(target, 'en')}/s"
            )
            es = (
                f"{format_quantity(prefill_s, 's', 'es')} de prefill limitado por cómputo, luego {_n(out_tokens, 'es')} tokens a "
                f"{format_quantity(step, 's', 'es')} cada uno (batch {batch} por memoria, limitado por ancho de banda): "
                f"{format_quantity(latency, 's', 'es')} por consulta, {_n(qps, 'es')} consultas/s por acelerador, "
                f"{count} para {_n(target, 'es')}/s"
            )
            if price is None:
                en += "; price unknown (no price in the data), ranked by time"
                es += "; precio desconocido (no hay precio en los datos), ordenado por tiempo"
            else:
                per_thousand = check_finite_result("usd_per_thousand_queries", price / (qps * SECONDS_PER_HOUR) * 1e3)
                row["usd_per_thousand_queries"] = per_thousand
                en += f"; {_usd(per_thousand, 'en')} per thousand queries at {_usd(price, 'en')}/h"
                es += f"; {_usd(per_thousand, 'es')} por mil consultas a {_usd(price, 'es')}/h"
        row["reason_en"], row["reason_es"] = en + ".", es + "."
        rows.append(row)
    table = _rank(
        rows, lambda row: (not row["fits"], *_order(rank_by, row["latency_seconds"], row["usd_per_thousand_queries"]))
    )
    steps = [
        Step(
            "kv_bytes_per_sequence",
            {
                "en": f"KV cache of one long context ({shape.name}, bf16)",
                "es": f"KV cache de un contexto largo ({shape.name}, bf16)",
            },
            r"2\,L\,H_{kv}\,d\,s\,T",
            "{T} tokens",
            {"T": (context, "")},
            kv_seq,
            "B",
        ),
        Step(
            "weight_bytes",
            {
                "en": f"Weights: {shape.name} + {embedder.name} (bf16)",
                "es": f"Pesos: {shape.name} + {embedder.name} (bf16)",
            },
            r"2\,(N_\text{gen} + N_\text{emb})",
            "2 × ({N} + {E})",
            {"N": (shape.active_params, ""), "E": (embedder.params, "")},
            weights,
            "B",
        ),
        Step(
            "prompt_flops",
            {
                "en": "Prefill FLOPs per query (weights + causal attention)",
                "es": "FLOPs de prefill por consulta (pesos + atención causal)",
            },
            r"2NT + L\,T^2\,d_\text{attn}",
            "2 × {N} × {T} + {L} × {T}² × {d}",
            {
                "N": (shape.active_params, ""),
                "T": (context, ""),
                "L": (shape.layers, ""),
                "d": (shape.attention_heads * shape.head_dim, ""),
            },
            prefill,
            "FLOP",
        ),
        Step(
            "rerank_flops",
            {
                "en": f"Embedding/reranking FLOPs per query ({embedder.name})",
                "es": f"FLOPs de embedding/reranking por consulta ({embedder.name})",
            },
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
    }
    return _result("rag-retriever", rank_by, quantities, steps, table)


def _result(
    workload: str, rank_by: str, quantities: dict[str, Scalar], steps: list[Step], table: list[dict[str, Scalar]]
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
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="chooser", quantities={**head, **quantities}, steps=steps, table=table)


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
        serve-7b: serve `model` (default Mistral 7B) with `context` tokens per sequence at `target_tokens_per_s`
            in total, each token within `latency_s`. Per accelerator, the batch is the largest that fits beside
            the weights and keeps max((W + b·KV)/B, 2Nb/P) ≤ latency ("How to Scale Your Model", ch. Serving
            LLaMA 3-70B); throughput b/T; accelerators ⌈target / throughput⌉; cost per million tokens = price /
            (tokens/s × 3600) × 10⁶.
        rag-retriever: an embedding/reranking model (`embed_model`, default BGE large) over `rerank_tokens`
            candidate tokens plus a long-context generator (`model`, default Llama 3 8B) reading `context` tokens
            and writing `output_tokens`: fit = weights + one context's KV cache; prefill compute-bound
            (2NT + L·T²·d_attn FLOPs at `mfu`), decode bandwidth-bound at the batch that memory allows.

    Chips missing a figure the workload needs are listed last, unranked, with the reason. Prices are the
    typical figures of data/'s economics; an unpriced chip is ranked after the priced ones by time and its
    reason says the price is unknown. `rank_by` "cost" (default) or "time" orders the chips that fit.

    Returns:
        Result whose quantities hold workload, rank_by, best (id), best_name, ranked, fitting, skipped and
        the workload's shared figures; `table` (JSON key "ranking") holds one row per accelerator with id,
        name, rank, fits, the workload's time and cost columns, reason_en and reason_es.

    Raises:
        CalcError: an unknown workload, model, format or a value outside its range.
    """
    kind = check_choice("workload", workload, WORKLOADS)
    order = check_choice("rank_by", rank_by, RANK_BY)
    if kind == "train-70b":
        check_choice("dtype", dtype, DTYPES)
        check_choice("recipe", recipe, tuple(RECIPES))
        stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
        return _train(
            params=params,
            tokens=tokens,
            deadline_days=deadline_days,
            count=count,
            mfu=mfu,
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


def _register() -> None:
    from .registry import Calculator, Field, register

    register(
        Calculator(
            name="chooser",
            title={"en": "Accelerator chooser", "es": "Selector de aceleradores"},
            fields=(
                Field(
                    "workload",
                    {"en": "Workload", "es": "Carga de trabajo"},
                    kind="choice",
                    default="train-70b",
                    choices=WORKLOADS,
                ),
                Field(
                    "rank_by", {"en": "Rank by", "es": "Ordenar por"}, kind="choice", default="cost", choices=RANK_BY
                ),
                Field(
                    "params",
                    {"en": "Parameters (train-70b)", "es": "Parámetros (train-70b)"},
                    default="70B",
                    low=0,
                    low_open=True,
                    high=1e15,
                ),
                Field(
                    "tokens",
                    {"en": "Token budget (train-70b)", "es": "Presupuesto de tokens (train-70b)"},
                    default="1T",
                    low=0,
                    low_open=True,
                    high=1e16,
                ),
                Field(
                    "deadline_days",
                    {"en": "Deadline in days (train-70b)", "es": "Plazo en días (train-70b)"},
                    unit="days",
                    default="30",
                    low=0,
                    low_open=True,
                    high=1e5,
                ),
                Field(
                    "count",
                    {"en": "Accelerators (train-70b)", "es": "Aceleradores (train-70b)"},
                    default="1024",
                    low=1,
                    high=1e7,
                    integer=True,
                ),
                Field(
                    "mfu",
                    {
                        "en": "MFU (0–1; train-70b, rag-retriever prefill)",
                        "es": "MFU (0–1; train-70b, prefill de rag-retriever)",
                    },
                    default="0.5",
                    low=0,
                    low_open=True,
                    high=1,
                ),
                Field(
                    "dtype",
                    {"en": "Number format (train-70b)", "es": "Formato numérico (train-70b)"},
                    kind="choice",
                    default=DEFAULT_DTYPE,
                    choices=DTYPES,
                ),
                Field(
                    "zero",
                    {"en": "ZeRO stage (3 = FSDP; train-70b)", "es": "Etapa ZeRO (3 = FSDP; train-70b)"},
                    default="3",
                    param="zero_stage",
                    low=0,
                    high=3,
                    integer=True,
                ),
                Field(
                    "recipe",
                    {"en": "Optimizer recipe (train-70b)", "es": "Receta del optimizador (train-70b)"},
                    kind="choice",
                    default="adam-mixed",
                    choices=tuple(RECIPES),
                ),
                Field(
                    "model",
                    {
                        "en": "Model (serve-7b: Mistral 7B; rag-retriever: Llama 3 8B)",
                        "es": "Modelo (serve-7b: Mistral 7B; rag-retriever: Llama 3 8B)",
                    },
                    kind="model",
                    optional=True,
                ),
                Field(
                    "weight_format",
                    {"en": "Weight format (serve-7b)", "es": "Formato de pesos (serve-7b)"},
                    kind="choice",
                    default="bf16",
                    choices=tuple(WEIGHT_FORMATS),
                ),
                Field(
                    "context",
                    {
                        "en": "Context tokens (serve-7b 4096; rag-retriever 131072)",
                        "es": "Tokens de contexto (serve-7b 4096; rag-retriever 131072)",
                    },
                    optional=True,
                    low=1,
                    high=1e8,
                    integer=True,
                ),
                Field(
                    "target_tokens_per_s",
                    {"en": "Target throughput (serve-7b)", "es": "Rendimiento objetivo (serve-7b)"},
                    unit="tokens/s",
                    default="10k",
                    low=0,
                    low_open=True,
                    high=1e12,
                ),
                Field(
                    "latency_ms",
                    {"en": "Per-token latency target (serve-7b)", "es": "Latencia objetivo por token (serve-7b)"},
                    unit="ms",
                    default="50",
                    param="latency_s",
                    scale=1e-3,
                    low=0,
                    low_open=True,
                    high=1e6,
                ),
                Field(
                    "embed_model",
                    {
                        "en": "Embedding/reranking model (rag-retriever)",
                        "es": "Modelo de embedding/reranking (rag-retriever)",
                    },
                    kind="model",
                    optional=True,
                ),
                Field(
                    "output_tokens",
                    {
                        "en": "Output tokens per query (rag-retriever)",
                        "es": "Tokens de salida por consulta (rag-retriever)",
                    },
                    default="256",
                    low=1,
                    high=1e7,
                    integer=True,
                ),
                Field(
                    "rerank_tokens",
                    {
                        "en": "Candidate tokens to rerank per query (rag-retriever)",
                        "es": "Tokens candidatos a reordenar por consulta (rag-retriever)",
                    },
                    default="51200",
                    low=0,
                    high=1e9,
                    integer=True,
                ),
                Field(
                    "target_queries_per_s",
                    {"en": "Target queries/s (rag-retriever)", "es": "Consultas/s objetivo (rag-retriever)"},
                    unit="queries/s",
                    default="1",
                    low=0,
                    low_open=True,
                    high=1e9,
                ),
            ),
            function=chooser,
            units={
                "total_flops": "FLOP",
                "per_accelerator_bytes": "B",
                "weight_bytes": "B",
                "kv_bytes_per_sequence": "B",
                "query_flops": "FLOP",
                "latency_s": "s",
                "deadline_days": "days",
                "target_tokens_per_s": "tokens/s",
                "target_queries_per_s": "queries/s",
            },
            headline=("workload", "best_name", "fitting", "skipped"),
            output_labels={
                "best_name": {"en": "Top choice", "es": "Mejor opción"},
                "fitting": {"en": "Accelerators that fit", "es": "Aceleradores en los que cabe"},
                "skipped": {"en": "Skipped (missing data)", "es": "Omitidos (faltan datos)"},
            },
        )
    )


_register()
