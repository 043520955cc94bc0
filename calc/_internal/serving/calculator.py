# Serving: weights and KV cache under a memory budget, TTFT, TPOT, throughput and cost per token.
from __future__ import annotations

from typing import Any, NamedTuple

from ..chips import resolve_chip
from ..data import Accelerator, load_data
from ..defaults import checked_price
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    DEFAULT_BASIS,
)
from ..fmt import Quantity
from ..inference import (
    MEMORY_UTILIZATION,
    critical_batch,
)
from ..messages import Text, text
from ..parallelism import chip_links
from ..results import Result, Scalar, Step, q, step
from .case import (
    COMPUTE_DTYPE,
    KV_FORMATS,
    SCHEDULES,
    SERVE_FORMATS,
    SWEEP,
    ServingCase,
    build_case,
    case_max_batch,
    default_tp_latency_s,
    largest_batch_within,
    serving_efficiency,
    serving_point,
    sweep_batches,
)
from .derivation import serving_steps
from .load import DEFAULT_ATTAINMENT
from .load_steps import LoadInputs, load_steps

# -- The calculator --------------------------------------------------------------------------------------------


# What a configuration that does not fit shows: its memory steps and the batch where decode turns compute-bound
# (the model's and chip's, whatever the batch), and none of its times or prices.
UNFIT_STEPS = (
    "weights_bytes",
    "kv_bytes_per_token",
    "kv_bytes_per_sequence",
    "usable_bytes",
    "kv_room",
    "compute_bound_batch",
)
UNFIT_NONE = (
    "ttft_seconds",
    "tpot_seconds",
    "request_seconds",
    "output_tokens_per_second",
    "requests_per_second",
    "decode_step_seconds",
    "decode_bound",
    "cost_per_million_output_tokens",
    "prefill_time_share",
    "cost_per_million_input_tokens",
    "cost_per_million_generated_tokens",
    "generated_to_input_cost_ratio",
)


def _what_would_fit(common: dict[str, Any], case: ServingCase, chip: Accelerator | None) -> Text:
    """Why the weights do not fit, and the fewest accelerators (within the scale-up domain) or the first narrower
    weight format that would hold them with one sequence's cache."""

    def fits(**change: Any) -> bool:
        return case_max_batch(build_case(**{**common, **change, "link": 1.0})) >= 1

    domain = int(chip.scale_up_domain_size or 1) if chip is not None else 1
    tp = next((k for k in (2, 4, 8, 16, 32, 64) if case.tp < k <= domain and fits(tp=float(k))), None)
    narrower = SERVE_FORMATS[SERVE_FORMATS.index(common["weight_format"]) + 1 :]
    fmt = next((f for f in narrower if fits(weight_format=f)), None)
    key = {(True, True): "tp_or_format", (True, False): "tp", (False, True): "format", (False, False): "none"}
    return text(
        f"serving.note.no_fit_{key[(tp is not None, fmt is not None)]}",
        weights=Quantity(case.weights, "B"),
        usable=Quantity(case.usable, "B"),
        tp=float(tp or 0),
        format=(fmt or "").upper(),
    )


def serving(
    *,
    model: str,
    prompt_tokens: float,
    output_tokens: float,
    batch: float,
    accelerator: str | None = None,
    dtype: str = "bf16",
    kv_dtype: str = "bf16",
    tp: float = 1,
    efficiency: float | None = None,
    price_usd_per_hour_per_accelerator: float | None = None,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
    capacity_bytes: float | None = None,
    link_bytes_per_s: float | None = None,
    latency_s: float | None = None,
    memory_utilization: float = MEMORY_UTILIZATION,
    sweep: str = "off",
    slo_tpot_s: float | None = None,
    basis: str = DEFAULT_BASIS,
    schedule: str = "chunked",
    arrival_rate: float | None = None,
    slo_ttft_s: float | None = None,
    slo_attainment: float = DEFAULT_ATTAINMENT,
    prefix_hit_rate: float = 0.0,
) -> Result:
    """Serve `model` on `tp` accelerators: memory, largest batch, TTFT, TPOT, throughput and cost per token.

    Memory: weights W (`served_weight_bytes`) plus a KV cache per sequence of (P + O) tokens must fit in
    n × M × u, u = 0.9 (vLLM's gpu_memory_utilization default; the rest holds the CUDA context and buffers).
    Tensor parallelism splits weights and KV heads over n ranks; a cache with fewer KV heads than ranks (MQA,
    MLA) is copied to each. Prefill of the batch (TTFT) is max(FLOPs / (n·P·e), bytes / (n·B·e)) with
    FLOPs = B(2·N_active·P + 2·L·P²·d) (PaLM App. B); one decode step (TPOT) reads every weight except the
    untied input table, of which it looks up one row per token, and the experts its batch touches
    (`experts_touched`), plus the KV cache at the mean context P + O/2; both add two AllReduces per layer
    (`tp_allreduce_seconds`). A request takes TTFT + (O − 1)·TPOT; the batch makes B·O output tokens in that
    time; cost per million output tokens = n × price / tokens/s × 10⁶ / 3600. Source: "How to Scale Your Model",
    ch. Serving LLaMA 3-70B (decode bound by reading the parameters and the cache).

    Parameters:
        model: a data/ model id.
        prompt_tokens, output_tokens: P and O per request; batch: B requests served together.
        accelerator: a data/ id; or a custom chip's `peak_flop_per_s`, `bandwidth_bytes_per_s`, `capacity_bytes`.
        dtype: weight format (bf16, fp8, int8, int4); kv_dtype: KV-cache format.
        tp: tensor-parallel degree, at most the chip's scale-up domain.
        efficiency: share of peak bandwidth and FLOP/s reached (default: `default_efficiency` on `basis`, the
            chip's measured bandwidth and matmul over its datasheet figures where data/ has them).
        basis: "achievable" (default) takes the chip's measured shares where data/ has them, else the median of
            the measured chips; "peak" takes that median for every chip. A given efficiency replaces both, as a share
            of the datasheet figures (the peak basis). A custom chip has no measurement: the peak basis, with a note.
        price_usd_per_hour_per_accelerator: default the edition's typical price.
        link_bytes_per_s, latency_s: the AllReduce's link per direction (default the chip's scale-up) and
            per-message latency (default data/latencies.yaml, `HOP_LATENCY_ID`).
        memory_utilization: share of memory the server may fill (default 0.9).
        prefix_hit_rate: share of each prompt already in the prefix cache (0 to 0.99, default 0): its prefill is not
            computed again, only the new tokens' matmuls and their attention to the whole prompt (vLLM's automatic
            prefix caching, SGLang's RadixAttention); each request still holds its whole cache.
        sweep: "on" adds the latency-throughput curve over batch sizes (table "sweep" and the chart).
        schedule: "chunked" (default) runs each new prompt inside a step beside the decodes; "blocking" stops the
            decodes while a new request's prefill runs (`serving_point`).
        slo_tpot_s: a TPOT target: adds the cheapest batch that meets it (the largest within memory).
        arrival_rate: requests/s arriving at random (Poisson): adds the batch in flight, the wait for a slot and
            TTFT and TPOT at the median and the 99th percentile (`load.load_point`).
        slo_ttft_s: a TTFT target; with it or the TPOT target, goodput: the highest arrival rate at which
            `slo_attainment` (default 0.9) of requests meet both (`load.goodput`).

    Returns:
        Result with weights_bytes, kv_bytes (the batch's cache at full length), max_batch, fits, ttft_seconds,
        tpot_seconds, request_seconds, output_tokens_per_second, requests_per_second, decode_bound,
        cost_per_million_output_tokens (None without a price; all the GPU time charged to output tokens),
        prefill_time_share (the engine time prompts add: case.py `_phase_split`), the same cost split between the phases
        as cost_per_million_input_tokens and cost_per_million_generated_tokens, and their ratio
        generated_to_input_cost_ratio (None when prefill adds no time), the slo_* quantities (None without a
        target) and basis ("achievable" when a measured share of the chip is used, else "peak"); under load,
        saturation_requests_per_second (a full batch's requests/s, where the queue runs away), and with an
        arrival rate load_utilization, load_batch, wait_probability, mean_wait_seconds, ttft_p50_seconds,
        ttft_p99_seconds, tpot_p50_seconds, tpot_p99_seconds and slo_met_share, with a target
        goodput_requests_per_second (None where they do not apply).

    Raises:
        CalcError: a value outside its range, an unknown model or accelerator, or a figure the chip lacks.
    """
    found = load_data().model(model)
    fmt = check_choice("dtype", dtype, SERVE_FORMATS)
    kv_fmt = check_choice("kv_dtype", kv_dtype, tuple(KV_FORMATS))
    check_choice("sweep", sweep, SWEEP)
    p = check_number("prompt_tokens", prompt_tokens)
    o = check_number("output_tokens", output_tokens)
    b = check_number("batch", batch)
    n = check_number("tp", tp)
    u = check_number("memory_utilization", memory_utilization)
    hit = check_number("prefix_hit_rate", prefix_hit_rate)
    chip = resolve_chip(
        accelerator=accelerator,
        dtype=COMPUTE_DTYPE[fmt],
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    memory, links = _memory_and_links(chip.data, n, capacity_bytes, link_bytes_per_s, latency_s)
    price = checked_price(price_usd_per_hour_per_accelerator, accelerator)
    slo = None if slo_tpot_s is None else check_number("slo_tpot_s", slo_tpot_s)
    load = _load_inputs(arrival_rate, slo_ttft_s, slo, slo_attainment)
    bandwidth_efficiency, compute_efficiency, notes, used = serving_efficiency(
        chip, efficiency, COMPUTE_DTYPE[fmt], basis
    )
    common: dict[str, Any] = dict(
        model=found,
        weight_format=fmt,
        kv_format=kv_fmt,
        tp=n,
        prompt_tokens=p,
        output_tokens=o,
        peak=float(chip.peak_flop_per_s or 0),
        bandwidth=float(chip.bandwidth_bytes_per_s or 0),
        memory=memory,
        efficiency=(bandwidth_efficiency, compute_efficiency),
        link=links.link,
        latency=links.latency,
        sweep=links.sweep,
        pull_link=links.pull_link,
        utilization=u,
        price=price,
        schedule=check_choice("schedule", schedule, SCHEDULES),
        prefix_hit=hit,
    )
    case = build_case(**common)
    limit = case_max_batch(case)
    point = serving_point(case, b)
    steps = serving_steps(case, point, found, fmt, kv_fmt, limit)
    _memory_notes(notes, common, case, b, limit, chip.data)
    quantities = _quantities(case, point, b, limit, used, price, slo)
    steps.append(_compute_bound_step(case, quantities))
    if not quantities["fits"]:  # no time or price for a server that cannot hold its batch: only the memory that says so
        quantities.update(dict.fromkeys(UNFIT_NONE))
        steps = [line for line in steps if line.key in UNFIT_STEPS]
    steps += _kv_transfer_steps(case, chip.data, quantities, notes)
    chosen = _slo_batch(case, slo, limit, quantities, steps, notes)
    steps += load_steps(case, limit, load, quantities, notes)
    table = _sweep(case, limit, b, chosen, slo) if sweep == "on" else None
    return Result(calculator="serving", quantities=quantities, steps=steps, table=table, table_key="sweep", notes=notes)


def _load_inputs(
    arrival_rate: float | None, slo_ttft_s: float | None, slo_tpot_s: float | None, slo_attainment: float
) -> LoadInputs:
    """The arrival rate and the two targets, checked (the TPOT target already is)."""
    return LoadInputs(
        arrival=None if arrival_rate is None else check_number("arrival_rate", arrival_rate),
        ttft=None if slo_ttft_s is None else check_number("slo_ttft_s", slo_ttft_s),
        tpot=slo_tpot_s,
        attainment=check_number("slo_attainment", slo_attainment),
    )


class TPLinks(NamedTuple):
    """The tensor-parallel AllReduce's figures: the link's bus bandwidth per direction (1 on one chip: unused), one
    call's small-message time, NCCL's measured bus bandwidth by message size (empty: none), and what one rank
    receives through the switch in the engine's one-shot kernel (0: no such kernel)."""

    link: float
    latency: float
    sweep: tuple[tuple[float, float], ...] = ()
    pull_link: float = 0.0


def _memory_and_links(
    data_chip: Accelerator | None,
    n: float,
    capacity_bytes: float | None,
    link_bytes_per_s: float | None,
    latency_s: float | None,
) -> tuple[float, TPLinks]:
    """One accelerator's memory and its tensor-parallel AllReduce's figures: a measured small-message call where
    nccl-tests timed one, else 2(n − 1) ring steps of the given or typical per-message latency; on a data/ chip whose
    ranks meet through a switch, the engine's one-shot kernel pulling at the chip's measured AllGather bus bandwidth
    and NCCL at the chip's measured sweep. A link or latency the reader gives times every AllReduce as a ring on it."""
    measured_call: float | None = None  # a measured small-message AllReduce's time, per call
    sweep: tuple[tuple[float, float], ...] = ()
    pull = 0.0
    if data_chip is not None:
        if not data_chip.device_memory_bytes:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=data_chip.name)
        memory = data_chip.device_memory_bytes
        domain = data_chip.scale_up_domain_size or 1
        if n > domain:
            raise CalcError(field="tp", kind="out_of_range", low=1, high=domain, integer=True, value=n)
        measured = chip_links(data_chip) if data_chip.scale_up_per_direction_bytes_per_s else None
        chip_link = data_chip.scale_up_per_direction_bytes_per_s
        if measured is not None and chip_link:  # nccl-tests' bus bandwidth and small-message time, where measured
            chip_link *= measured.up_share
            measured_call = measured.up_latency or None
            sweep = measured.up_sweep
            if measured.topology == "switch" and measured.up_total:  # every peer one hop away: the one-shot kernel
                pull = measured.up_total * measured.up_gather_share
    else:
        memory = check_number("capacity_bytes", capacity_bytes)
        chip_link = None
    link = 1.0
    if n > 1:
        given_link = link_bytes_per_s if link_bytes_per_s is not None else chip_link
        if given_link is None:
            raise CalcError(field="link_gbytes_s", kind="missing", low=0, low_open=True)
        link = check_number("link_bytes_per_s", given_link)
    if latency_s is not None:
        alpha = 2 * (n - 1) * check_number("latency_s", latency_s)
    else:
        alpha = measured_call if measured_call is not None else 2 * (n - 1) * default_tp_latency_s()
    if link_bytes_per_s is not None or latency_s is not None:  # the reader's own link: a ring on it, every size
        return memory, TPLinks(link, alpha)
    return memory, TPLinks(link, alpha, sweep, pull)


def _memory_notes(
    notes: list[Text], common: dict[str, Any], case: ServingCase, b: float, limit: int, chip: Accelerator | None
) -> None:
    """What memory says about the case: caches copied to each rank, whole caches kept beside a prefix cache, a
    batch over the limit or weights that do not fit (first, with what would), and a missing price."""
    n = case.tp
    if case.kv_shards < n:
        notes.append(text("serving.note.kv_replicated", copies=n / case.kv_shards, tp=n))
    if case.prefix_hit:
        notes.append(text("serving.note.prefix_memory"))
    if limit == 0:  # first, with what would make it fit
        notes.insert(0, _what_would_fit(common, case, chip))
    elif b > limit:
        notes.insert(0, text("serving.note.over_memory", batch=b, limit=float(limit)))
    if case.price is None:
        notes.append(text("serving.note.no_price"))


def _quantities(
    case: ServingCase, point: dict[str, float], b: float, limit: int, used: str, price: float | None, slo: float | None
) -> dict[str, Any]:
    """The Result's figures at the reader's batch (the SLO's and the KV transfer's filled in later)."""
    return {
        "weights_bytes": case.weights,
        "weights_bytes_per_accelerator": case.weights / case.tp,
        "kv_bytes_per_token": case.kv_per_token,
        "kv_bytes_per_sequence": case.kv_per_sequence,
        "kv_bytes": check_finite_result("kv_bytes", b * case.kv_per_sequence),
        "usable_bytes": case.usable,
        "max_batch": limit,
        "fits": 1 <= b <= limit,
        "ttft_seconds": point["ttft"],
        "tpot_seconds": point["tpot"],
        "request_seconds": point["request"],
        "output_tokens_per_second": point["rate"],
        "requests_per_second": point["requests_per_second"],
        "decode_bound": "compute" if point["compute_bound_share"] > 0.5 else "memory",
        "decode_step_seconds": point["step"],
        "prefill_interference_seconds": point["interference"],
        "kv_transfer_seconds": None,
        "decode_memory_seconds": point["decode_memory"],
        "decode_compute_seconds": point["decode_compute"],
        "decode_weights_seconds": point["decode_weights"],
        "decode_kv_seconds": point["decode_kv_time"],
        "decode_linear_seconds": point["decode_linear"],
        "decode_attention_seconds": point["decode_attention"],
        "decode_communication_seconds": point["decode_comm"],
        "bandwidth_efficiency": case.bandwidth_efficiency,
        "compute_efficiency": case.compute_efficiency,
        "basis": used,
        "price_usd_per_hour": price,
        "cost_per_million_output_tokens": point.get("cost"),
        "prefill_time_share": point["prefill_share"],
        "prefix_hit_rate": case.prefix_hit,
        "prefill_tokens_computed": case.computed_prompt,
        "cost_per_million_input_tokens": point.get("cost_input"),
        "cost_per_million_generated_tokens": point.get("cost_generated"),
        "generated_to_input_cost_ratio": point.get("cost_ratio"),
        "slo_tpot_seconds": slo,
        "slo_batch": None,
        "slo_batch_tpot_seconds": None,
        "slo_output_tokens_per_second": None,
        "slo_cost_per_million_output_tokens": None,
    }


def _compute_bound_step(case: ServingCase, quantities: dict[str, Any]) -> Step:
    """The batch where decode turns compute-bound on the efficiencies' roof (set in `quantities`)."""
    weight_bytes = case.read_bytes(1) / case.active_params  # per parameter one decode step reads
    critical = quantities["compute_bound_batch"] = critical_batch(
        peak_flop_per_s=case.peak * case.compute_efficiency,
        bandwidth_bytes_per_s=case.bandwidth * case.bandwidth_efficiency,
        bytes_per_weight=weight_bytes,
    )
    return step(
        "compute_bound_batch",
        text("decode.step.compute_bound_batch"),
        r"B^* = \frac{e_c\,P}{e_b\,B_\text{mem}} \cdot \frac{s}{2}",
        "{ec} × {P} / ({eb} × {B}) × {s} / 2",
        critical,
        "",
        ec=case.compute_efficiency,
        P=q(case.peak, "FLOP/s"),
        eb=case.bandwidth_efficiency,
        B=q(case.bandwidth, "B/s"),
        s=q(weight_bytes, "B"),
    )


def _kv_transfer_steps(
    case: ServingCase, chip: Accelerator | None, quantities: dict[str, Any], notes: list[Text]
) -> list[Step]:
    """With a scale-out NIC, the time to send a prompt's cache to a decode server (disaggregated serving)."""
    nic = chip.scale_out_bits_per_s / 8.0 if chip is not None and chip.scale_out_bits_per_s else None
    if nic is None:
        notes.append(text("serving.note.no_scale_out"))
        return []
    n, cached = case.tp, case.cached(case.prompt)
    seconds = quantities["kv_transfer_seconds"] = case.kv_per_token * cached / (n * nic)
    formula = r"T_\text{KV} = b_\text{tok}\,P / (n\,B_\text{NIC})"
    label = text("serving.step.kv_transfer")
    return [
        step(
            "kv_transfer_seconds",
            label,
            formula,
            "{p} × {P} / ({n} × {B})",
            seconds,
            "s",
            p=q(case.kv_per_token, "B"),
            P=cached,
            n=n,
            B=q(nic, "B/s"),
        )
    ]


def _slo_batch(
    case: ServingCase, slo: float | None, limit: int, quantities: dict[str, Any], steps: list[Step], notes: list[Text]
) -> int | None:
    """With a TPOT target, the largest batch within memory that meets it, its figures and its step."""
    if limit <= 0:
        return None
    if slo is None:
        notes.append(text("serving.note.no_slo"))
        return None
    chosen = largest_batch_within(case, slo, limit)
    if chosen == 0:
        notes.append(text("serving.note.slo_unmet", target=slo * 1e3))
        return chosen
    best = serving_point(case, chosen)
    quantities.update(
        slo_batch=chosen,
        slo_batch_tpot_seconds=best["tpot"],
        slo_output_tokens_per_second=best["rate"],
        slo_cost_per_million_output_tokens=best.get("cost"),
    )
    label = text("serving.step.slo", batch=float(chosen), target=slo * 1e3)
    formula = r"\text{TPOT}(B^*) \le \text{target} < \text{TPOT}(B^* + 1)"
    steps.append(
        step(
            "slo_batch_tpot_seconds",
            label,
            formula,
            "{S} + {I}",
            best["tpot"],
            "s",
            S=q(best["step"], "s"),
            I=q(best["interference"], "s"),
        )
    )
    return chosen


def _sweep(case: ServingCase, limit: int, b: float, chosen: int | None, slo: float | None) -> list[dict[str, Scalar]]:
    """The latency-throughput curve: each batch of `sweep_batches` at its TTFT, TPOT, rate and cost."""
    table: list[dict[str, Scalar]] = []
    for size in sweep_batches(limit, int(b), chosen):
        row = serving_point(case, size)
        table.append(
            {
                "batch": size,
                "fits": size <= limit,
                "ttft_seconds": row["ttft"],
                "tpot_seconds": row["tpot"],
                "output_tokens_per_second": row["rate"],
                "cost_per_million_output_tokens": row.get("cost"),
                "meets_slo": None if slo is None else row["tpot"] <= slo,
            }
        )
    return table
