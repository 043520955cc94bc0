# Serving: weights and KV cache under a memory budget, TTFT, TPOT, throughput and cost per token; speculative decoding.
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .chips import Chip, measured_source, resolve_chip
from .collectives import ring_allreduce_seconds
from .data import Accelerator, Model, load_data
from .defaults import checked_price, price_usd_per_hour
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import (
    ACCELERATOR,
    BASES,
    BASIS,
    CUSTOM_BANDWIDTH,
    CUSTOM_PEAK,
    DEFAULT_BASIS,
    LINK_OVERRIDE,
    Calculator,
    Field,
    with_changes,
)
from .fmt import Quantity
from .inference import (
    INT4_GROUP_SIZE,
    MEMORY_UTILIZATION,
    TABLE_BYTES,
    decode_read_terms,
    experts_touched,
    kv_bytes_per_token,
    max_batch,
    model_tables,
    routed_expert_params,
    served_weight_bytes,
    weight_bytes,
)
from .messages import Text, text
from .plot import CurvePoint, serving_curve_svg
from .results import Result, Scalar, Step

# Formats a served model's weights and KV cache are stored in (bytes per value for the cache).
SERVE_FORMATS = ("bf16", "fp8", "int8", "int4")
KV_FORMATS: dict[str, float] = {"bf16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5}
# The matmuls' format for each weight format: INT4 weights are dequantized to BF16 for the math (W4A16).
COMPUTE_DTYPE = {"bf16": "bf16", "fp16": "bf16", "fp8": "fp8", "int8": "int8", "int4": "bf16"}
ACTIVATION_BYTES = 2.0  # tensor-parallel AllReduces carry BF16 activations
# The share of peak bandwidth and FLOP/s a serving stack reaches when data/ measured no chip at all (see
# `default_efficiency`): Databricks, "LLM Inference Performance Engineering: Best Practices" (2023), Figure 3:
# 60 % model bandwidth utilization at batch 1 on 2 × H100 80 GB with TensorRT-LLM.
DEFAULT_EFFICIENCY = 0.6
# Per-message latency of a small GPU-to-GPU transfer (data/latencies.yaml, Li et al. 2020: a few microseconds,
# the same order over PCIe, NVLink and NVSwitch); each step of the tensor-parallel ring AllReduce pays it.
TP_LATENCY_ID = "nvlink-round-trip"
SWEEP = ("off", "on")
MAX_SWEEP_BATCH = 65_536


# -- The published formulas, one function each -----------------------------------------------------------


def tp_allreduce_seconds(
    *, layers: float, tokens: float, hidden_size: float, tp: float, link_bytes_per_s: float, latency_s: float
) -> float:
    """Tensor-parallel communication of one forward pass: two AllReduces per layer of tokens × h BF16 activations.

    Megatron-LM's layout (Shoeybi et al. 2019, §3) reduces the attention output and the MLP output of every
    layer. Each is a ring AllReduce, 2(t−1)/t · S/B + 2(t−1)·α (Patarasuk & Yuan 2009); at decode the message
    is a few kB and the per-message latency α dominates. Example: Llama 3 70B decoding batch 1 over TP 8 on
    NVLink 4 (450 GB/s, α = 2 µs): 160 × (2·7/8·16384/450e9 + 14 × 2e-6) = 4.49 ms per token.
    """
    n_layers = check_number("layers", layers, low=1, high=1e4, integer=True)
    t = check_number("tp", tp, low=1, high=1e4, integer=True)
    message = check_number("tokens", tokens, low=0, high=1e12) * hidden_size * ACTIVATION_BYTES
    one = ring_allreduce_seconds(bytes_total=message, count=t, link_bytes_per_s=link_bytes_per_s, latency_s=latency_s)
    return 2.0 * n_layers * one


def expected_tokens_per_step(*, acceptance: float, draft_tokens: float) -> float:
    """Tokens one speculative step yields: (1 − α^(γ+1)) / (1 − α), γ + 1 when every draft is accepted (α = 1).

    Source: Leviathan, Kalman & Matias (2023), "Fast Inference from Transformers via Speculative Decoding",
    §3.1, Equation (1). Example: α = 0.75, γ = 7: (1 − 0.75⁸)/0.25 = 3.60 tokens per target-model step.
    """
    a = check_number("acceptance", acceptance, low=0, high=1)
    g = check_number("draft_tokens", draft_tokens, low=0, high=1e3, integer=True)
    return g + 1.0 if a == 1.0 else (1.0 - a ** (g + 1)) / (1.0 - a)


def speculative_speedup(*, acceptance: float, draft_tokens: float, draft_cost: float) -> float:
    """Expected wall-time speedup of speculative decoding: (1 − α^(γ+1)) / ((1 − α)(γc + 1)).

    Source: Leviathan et al. (2023), Theorem 3.8 (c is the draft model's step time over the target's).
    Corollary 3.9: at γ = 1 it is (1 + α)/(1 + c). Example: α = 0.75, γ = 7, c = 0.05: 3.60 / 1.35 = 2.67.
    """
    c = check_number("draft_cost", draft_cost, low=0, high=10)
    tokens = expected_tokens_per_step(acceptance=acceptance, draft_tokens=draft_tokens)
    return tokens / (draft_tokens * c + 1.0)


def best_draft_tokens(*, acceptance: float, draft_cost: float, most: int = 64) -> int:
    """The number of drafted tokens γ (0 to `most`) that maximizes `speculative_speedup`; 0 means do not speculate.

    Source: Leviathan et al. (2023), §3.5 (choosing γ; Figure 3). With c ≥ α no γ helps (Corollary 3.9).
    Example: α = 0.75, c = 0.05 → γ = 7 (speedup 2.666; γ = 6 gives 2.666 too, 1e-4 less).
    """
    speedups = [
        speculative_speedup(acceptance=acceptance, draft_tokens=g, draft_cost=draft_cost) for g in range(most + 1)
    ]
    return max(range(most + 1), key=lambda g: (speedups[g], -g))


# -- One serving case: every figure a batch size needs, then closed-form points ---------------------------


@dataclass(frozen=True)
class ServingCase:
    """The constants of one serving case in SI units; `serving_point` evaluates it at a batch size."""

    tp: float
    kv_shards: float  # ranks the KV cache splits across: min(tp, KV heads); 1 for MQA and MLA
    weights: float  # resident weight bytes of the whole model
    extra_resident: float  # other resident bytes (the chooser's RAG embedder)
    input_table: float  # bytes of the untied input embedding table (0 when tied)
    hidden: float
    expert_bytes: float  # bytes of all routed experts (0 for a dense model)
    experts: float
    experts_per_token: float
    active_params: float
    layers: float
    attention_width: float
    kv_per_token: float
    prompt: float
    output: float
    window: float | None
    peak: float
    bandwidth: float
    bandwidth_efficiency: float
    compute_efficiency: float
    link: float
    latency: float
    memory: float  # capacity of one accelerator
    utilization: float
    price: float | None  # USD per accelerator-hour
    extra_flops: float = 0.0  # other prefill FLOPs per request (the chooser's reranking)

    @property
    def usable(self) -> float:
        return self.tp * self.memory * self.utilization

    @property
    def kv_per_sequence(self) -> float:
        return self.kv_per_token * self.cached(self.prompt + self.output)

    def cached(self, tokens: float) -> float:
        return min(tokens, self.window) if self.window is not None else tokens

    def untouched(self, tokens: float) -> float:
        """Share of routed experts no token of `tokens` uses (uniform routing)."""
        if not self.expert_bytes:
            return 0.0
        return 1.0 - experts_touched(experts=self.experts, experts_per_token=self.experts_per_token, tokens=tokens) / (
            self.experts
        )

    def read_bytes(self, tokens: float) -> float:
        """Weights one forward pass over `tokens` tokens reads: all but the untied input table and untouched experts."""
        lookups = min(tokens * self.hidden * TABLE_BYTES, self.input_table)
        return self.weights - self.input_table + lookups - self.expert_bytes * self.untouched(tokens)

    def comm(self, tokens: float) -> float:
        if self.tp == 1:
            return 0.0
        return tp_allreduce_seconds(
            layers=self.layers,
            tokens=tokens,
            hidden_size=self.hidden,
            tp=self.tp,
            link_bytes_per_s=self.link,
            latency_s=self.latency,
        )


def serving_point(case: ServingCase, batch: float) -> dict[str, float]:
    """Every intermediate of one batch size under continuous batching, in steady state.

    B sequences decode together; each step takes T_dec. When a sequence ends a new request joins after its
    prefill, T_pf (one prompt), during which the others wait: B/(O − 1) prefills per decode step. So
    TTFT = T_pf, TPOT = T_dec + B·T_pf/(O − 1), and the batch makes B·O tokens per B·T_pf + (O − 1)·T_dec.
    Sources: Yu et al. (2022), "Orca" (iteration-level scheduling); Zhong et al. (2024), "DistServe" §2
    (prefill steps delay the decoding steps batched with them, inflating TPOT).
    """
    b, n, k = batch, case.tp, case.kv_shards
    bandwidth = case.bandwidth * case.bandwidth_efficiency
    flop_rate = n * case.peak * case.compute_efficiency
    p, o, d, layers = case.prompt, case.output, case.attention_width, case.layers
    prefill_flops = 2.0 * case.active_params * p + 2.0 * layers * p * p * d + case.extra_flops
    prefill_read = case.read_bytes(p)
    prefill_kv = case.kv_per_token * case.cached(p)
    prefill_compute = prefill_flops / flop_rate
    prefill_memory = (prefill_read / n + prefill_kv / k) / bandwidth
    prefill_comm = case.comm(p)
    ttft = max(prefill_compute, prefill_memory) + prefill_comm
    mean_context = case.cached(p + o / 2.0)
    decode_read = case.read_bytes(b)
    decode_kv = b * case.kv_per_token * mean_context
    decode_memory = (decode_read / n + decode_kv / k) / bandwidth
    decode_flops = b * (2.0 * case.active_params + 4.0 * layers * mean_context * d)
    decode_compute = decode_flops / flop_rate
    decode_comm = case.comm(b)
    step = max(decode_memory, decode_compute) + decode_comm
    interference = b * ttft / (o - 1.0) if o > 1 else 0.0
    tpot = step + interference
    request = ttft + (o - 1.0) * tpot
    rate = b * o / (b * ttft + (o - 1.0) * step)
    out = {
        "batch": b,
        "prefill_flops": prefill_flops,
        "prefill_read": prefill_read,
        "prefill_kv": prefill_kv,
        "prefill_compute": prefill_compute,
        "prefill_memory": prefill_memory,
        "prefill_comm": prefill_comm,
        "ttft": ttft,
        "mean_context": mean_context,
        "decode_untouched": case.untouched(b),
        "decode_read": decode_read,
        "decode_kv": decode_kv,
        "decode_memory": decode_memory,
        "decode_flops": decode_flops,
        "decode_compute": decode_compute,
        "decode_comm": decode_comm,
        "step": step,
        "interference": interference,
        "tpot": tpot,
        "request": request,
        "rate": rate,
        "requests_per_second": rate / o,
    }
    if case.price is not None:
        out["cost"] = n * case.price / 3_600.0 / rate * 1e6
    for key, value in out.items():
        check_finite_result(key, value)
    return out


def case_max_batch(case: ServingCase) -> int:
    """Sequences whose KV caches fit beside the weights in the usable memory (replicated caches count n/k times)."""
    resident = case.weights + case.extra_resident
    if resident >= case.usable:
        return 0
    return max_batch(
        memory_bytes=case.usable,
        weight_bytes_total=resident,
        kv_bytes_per_sequence=case.kv_per_sequence * case.tp / case.kv_shards,
    )


def largest_batch_within(case: ServingCase, tpot_s: float, limit: int) -> int:
    """The largest batch ≤ limit whose TPOT meets the target (TPOT only grows with the batch); 0 if none does."""
    if limit < 1 or serving_point(case, 1)["tpot"] > tpot_s:
        return 0
    low, high = 1, limit
    while low < high:
        middle = (low + high + 1) // 2
        if serving_point(case, middle)["tpot"] <= tpot_s:
            low = middle
        else:
            high = middle - 1
    return low


def _sweep_batches(limit: int, batch: int, chosen: int | None = None) -> list[int]:
    """Powers of two up to twice the memory limit (and the reader's batch), plus the limit, the reader's batch and
    the batch chosen for a TPOT target."""
    top = min(MAX_SWEEP_BATCH, max(2 * max(limit, 1), batch))
    ladder = {2**i for i in range(17) if 2**i <= top} | {batch}
    ladder |= {size for size in (limit, chosen) if size}
    return sorted(ladder)


# -- Building a case from the data ---------------------------------------------------------------------------


def _measured_ratio(chip: Accelerator, dtype: str | None) -> float | None:
    """A chip's measured figure over its datasheet peak: memory bandwidth (dtype None) or a dense matmul format."""
    return chip.achievable_share(dtype)


def default_efficiency(chip: Accelerator | None, dtype: str | None, basis: str = DEFAULT_BASIS) -> tuple[float, Text]:
    """The share of peak a serving stack reaches by default, and where it comes from.

    On the achievable basis, the chip's measured figure over its datasheet peak where data/ has one (memory
    bandwidth for dtype None, else the best dense matmul in `dtype`). Otherwise (and on the peak basis, for every
    chip) the median of that ratio over the chips data/ measured; else DEFAULT_EFFICIENCY (Databricks 2023, an
    end-to-end stack at batch 1 on H100s). Example: the H100 SXM's 2.97 TB/s BabelStream Triad (Azure AI
    Benchmarking Guide) over its 3.35 TB/s gives 0.887.
    """
    check_choice("basis", basis, BASES)
    own = _measured_ratio(chip, dtype) if chip is not None and basis == "achievable" else None
    if own is not None and chip is not None:
        return own, text("serving.source.measured", chip=chip.words(), source=measured_source(chip, dtype))
    ratios = sorted(r for c in load_data().accelerators.values() if (r := _measured_ratio(c, dtype)) is not None)
    if ratios:
        middle = len(ratios) // 2
        median = ratios[middle] if len(ratios) % 2 else (ratios[middle - 1] + ratios[middle]) / 2
        source = "serving.source.median_peak" if basis == "peak" else "serving.source.median"
        return median, text(source, count=float(len(ratios)))
    return DEFAULT_EFFICIENCY, text("serving.source.fallback")


def _efficiency(
    chip: Chip, given: float | None, dtype: str, basis: str = DEFAULT_BASIS
) -> tuple[float, float, list[Text], str]:
    """(bandwidth, compute) efficiency, the note saying which basis and where they come from, and the basis: the
    reader's figure for both (a share of the datasheet figures, so the peak basis), else each one's
    `default_efficiency` on `basis` ("achievable" when one of them is the chip's own measurement)."""
    check_choice("basis", basis, BASES)
    peak, rating = float(chip.peak_flop_per_s or 0), float(chip.bandwidth_bytes_per_s or 0)
    if given is not None:
        value = check_number("efficiency", given, low=0, low_open=True, high=1)
        note = text(
            "serving.note.basis_given",
            efficiency=value,
            bandwidth=Quantity(rating, "B/s"),
            peak=Quantity(peak, "FLOP/s"),
            dtype=dtype.upper(),
        )
        return value, value, [note], "peak"
    bandwidth, bandwidth_source = default_efficiency(chip.data, None, basis)
    compute, compute_source = default_efficiency(chip.data, dtype, basis)
    data = chip.data if basis == "achievable" else None
    measured = data is not None and any(data.achievable_share(d) is not None for d in (None, dtype))
    used = "achievable" if measured else "peak"
    note = text(
        "serving.note.basis",
        basis=text(f"basis.word.{used}"),
        bandwidth=bandwidth,
        bandwidth_value=Quantity(bandwidth * rating, "B/s"),
        bandwidth_peak=Quantity(rating, "B/s"),
        bandwidth_source=bandwidth_source,
        compute=compute,
        compute_value=Quantity(compute * peak, "FLOP/s"),
        compute_peak=Quantity(peak, "FLOP/s"),
        compute_source=compute_source,
        dtype=dtype.upper(),
    )
    return bandwidth, compute, [note], used


def default_tp_latency_s() -> float:
    """The per-message latency a tensor-parallel AllReduce step pays by default (data/latencies.yaml)."""
    found = load_data().latencies.get(TP_LATENCY_ID)
    if found is None:
        raise CalcError(field="latency_us", kind="no_figure", detail="latency", subject=TP_LATENCY_ID)
    return found.typical_s


def _case(
    *,
    model: Model,
    weight_format: str,
    kv_format: str,
    tp: float,
    prompt_tokens: float,
    output_tokens: float,
    peak: float,
    bandwidth: float,
    memory: float,
    efficiency: tuple[float, float],
    link: float,
    latency: float,
    utilization: float,
    price: float | None,
    extra_resident: float = 0.0,
    extra_flops: float = 0.0,
) -> ServingCase:
    tables, input_table = model_tables(model)
    weights = served_weight_bytes(params=model.params, table_params=tables, weight_format=weight_format)
    experts = routed_expert_params(model)
    body_bytes = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
    per_token = kv_bytes_per_token(
        layers=model.layers,
        kv_heads=model.kv_heads,
        head_dim=model.head_dim,
        bytes_per_value=KV_FORMATS[kv_format],
        attention=model.attention,
        kv_lora_rank=model.kv_lora_rank,
        rope_head_dim=model.rope_head_dim,
    )
    shards = 1.0 if model.attention in ("mla", "mqa") else float(min(tp, model.kv_heads))
    return ServingCase(
        tp=tp,
        kv_shards=shards,
        weights=weights,
        extra_resident=extra_resident,
        input_table=input_table,
        hidden=float(model.hidden_size),
        expert_bytes=experts * body_bytes,
        experts=float(model.experts or 0),
        experts_per_token=float(model.experts_per_token or 0),
        active_params=model.active_params,
        layers=float(model.layers),
        attention_width=float(model.attention_heads * model.head_dim),
        kv_per_token=per_token,
        prompt=prompt_tokens,
        output=output_tokens,
        window=float(model.window) if model.attention == "sliding" and model.window else None,
        peak=peak,
        bandwidth=bandwidth,
        bandwidth_efficiency=efficiency[0],
        compute_efficiency=efficiency[1],
        link=link,
        latency=latency,
        memory=memory,
        utilization=utilization,
        price=price,
        extra_flops=extra_flops,
    )


def chip_case(
    *,
    model: Model,
    chip: Accelerator,
    weight_format: str = "bf16",
    prompt_tokens: float,
    output_tokens: float,
    compute_efficiency: float | None = None,
    extra_resident: float = 0.0,
    extra_flops: float = 0.0,
) -> ServingCase | str:
    """A one-accelerator case on a data/ chip at its default efficiency, or the figure it lacks (the chooser's use)."""
    dtype = COMPUTE_DTYPE[weight_format]
    peak = chip.dense_flop_per_s.get(dtype)
    if not chip.memory_bandwidth_bytes_per_s:
        return "memory_bandwidth"
    if not chip.memory_bytes:
        return "memory_capacity"
    if not peak:
        return dtype
    resolved = Chip(text("chip.dense", name=chip.words(), dtype=dtype), peak, chip.memory_bandwidth_bytes_per_s, chip)
    bandwidth_efficiency, default_compute, _, _ = _efficiency(resolved, None, dtype)
    return _case(
        model=model,
        weight_format=weight_format,
        kv_format="bf16",
        tp=1.0,
        prompt_tokens=prompt_tokens,
        output_tokens=output_tokens,
        peak=peak,
        bandwidth=chip.memory_bandwidth_bytes_per_s,
        memory=chip.memory_bytes,
        efficiency=(bandwidth_efficiency, compute_efficiency if compute_efficiency is not None else default_compute),
        link=1.0,
        latency=0.0,
        utilization=MEMORY_UTILIZATION,
        price=price_usd_per_hour(chip.id),
        extra_resident=extra_resident,
        extra_flops=extra_flops,
    )


# -- The calculator --------------------------------------------------------------------------------------------


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
            per-message latency (default data/latencies.yaml, `TP_LATENCY_ID`).
        memory_utilization: share of memory the server may fill (default 0.9).
        sweep: "on" adds the latency-throughput curve over batch sizes (table "sweep" and the chart).
        slo_tpot_s: a TPOT target: adds the cheapest batch that meets it (the largest within memory).

    Returns:
        Result with weights_bytes, kv_bytes (the batch's cache at full length), max_batch, fits, ttft_seconds,
        tpot_seconds, request_seconds, output_tokens_per_second, requests_per_second, decode_bound,
        cost_per_million_output_tokens (None without a price), the slo_* quantities (None without a target) and
        basis ("achievable" when a measured share of the chip is used, else "peak").

    Raises:
        CalcError: a value outside its range, an unknown model or accelerator, or a figure the chip lacks.
    """
    found = load_data().model(model)
    fmt = check_choice("dtype", dtype, SERVE_FORMATS)
    kv_fmt = check_choice("kv_dtype", kv_dtype, tuple(KV_FORMATS))
    check_choice("sweep", sweep, SWEEP)
    p = check_number("prompt_tokens", prompt_tokens, low=1, high=1e8, integer=True)
    o = check_number("output_tokens", output_tokens, low=1, high=1e8, integer=True)
    b = check_number("batch", batch, low=1, high=1e6, integer=True)
    n = check_number("tp", tp, low=1, high=1e4, integer=True)
    u = check_number("memory_utilization", memory_utilization, low=0, low_open=True, high=1)
    chip = resolve_chip(
        accelerator=accelerator,
        dtype=COMPUTE_DTYPE[fmt],
        peak_flop_per_s=peak_flop_per_s,
        bandwidth_bytes_per_s=bandwidth_bytes_per_s,
    )
    data_chip = chip.data
    if data_chip is not None:
        if not data_chip.memory_bytes:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=data_chip.name)
        memory = data_chip.memory_bytes
        domain = data_chip.scale_up_domain_size or 1
        if n > domain:
            raise CalcError(field="tp", kind="out_of_range", low=1, high=domain, integer=True, value=n)
        chip_link = data_chip.scale_up_per_direction_bytes_per_s
    else:
        memory = check_number("capacity_bytes", capacity_bytes, low=0, low_open=True, high=1e15)
        chip_link = None
    link = 1.0
    if n > 1:
        given_link = link_bytes_per_s if link_bytes_per_s is not None else chip_link
        if given_link is None:
            raise CalcError(field="link_gbytes_s", kind="missing", low=0, low_open=True)
        link = check_number("link_bytes_per_s", given_link, low=0, low_open=True, high=1e15)
    alpha = latency_s if latency_s is not None else default_tp_latency_s()
    alpha = check_number("latency_s", alpha, low=0, high=1.0)
    price = checked_price(price_usd_per_hour_per_accelerator, accelerator)
    slo = None if slo_tpot_s is None else check_number("slo_tpot_s", slo_tpot_s, low=0, low_open=True, high=1e3)
    bandwidth_efficiency, compute_efficiency, notes, used = _efficiency(chip, efficiency, COMPUTE_DTYPE[fmt], basis)
    case = _case(
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
        link=link,
        latency=alpha,
        utilization=u,
        price=price,
    )
    limit = case_max_batch(case)
    point = serving_point(case, b)
    steps = _steps(case, point, found, fmt, kv_fmt, limit)
    if case.kv_shards < n:
        notes.append(text("serving.note.kv_replicated", copies=n / case.kv_shards, tp=n))
    if limit == 0:
        notes.append(text("serving.note.weights_do_not_fit"))
    elif b > limit:
        notes.append(text("serving.note.over_memory", batch=b, limit=float(limit)))
    if price is None:
        notes.append(text("serving.note.no_price"))
    quantities: dict[str, Any] = {
        "weights_bytes": case.weights,
        "weights_bytes_per_accelerator": case.weights / n,
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
        "decode_bound": "compute" if point["decode_compute"] > point["decode_memory"] else "memory",
        "decode_step_seconds": point["step"],
        "prefill_interference_seconds": point["interference"],
        "kv_transfer_seconds": None,
        "decode_memory_seconds": point["decode_memory"],
        "decode_compute_seconds": point["decode_compute"],
        "decode_communication_seconds": point["decode_comm"],
        "bandwidth_efficiency": case.bandwidth_efficiency,
        "compute_efficiency": case.compute_efficiency,
        "basis": used,
        "price_usd_per_hour": price,
        "cost_per_million_output_tokens": point.get("cost"),
        "slo_tpot_seconds": slo,
        "slo_batch": None,
        "slo_batch_tpot_seconds": None,
        "slo_output_tokens_per_second": None,
        "slo_cost_per_million_output_tokens": None,
    }
    nic = data_chip.scale_out_bits_per_s / 8.0 if data_chip is not None and data_chip.scale_out_bits_per_s else None
    if nic is not None:
        prompt_kv = case.kv_per_token * case.cached(p)
        quantities["kv_transfer_seconds"] = prompt_kv / (n * nic)
        steps.append(
            Step(
                "kv_transfer_seconds",
                text("serving.step.kv_transfer"),
                r"T_\text{KV} = b_\text{tok}\,P / (n\,B_\text{NIC})",
                "{p} × {P} / ({n} × {B})",
                {"p": (case.kv_per_token, "B"), "P": (case.cached(p), ""), "n": (n, ""), "B": (nic, "B/s")},
                quantities["kv_transfer_seconds"],
                "s",
            )
        )
    else:
        notes.append(text("serving.note.no_scale_out"))
    chosen = None
    if slo is None:
        notes.append(text("serving.note.no_slo"))
    else:
        chosen = largest_batch_within(case, slo, limit)
        if chosen == 0:
            notes.append(text("serving.note.slo_unmet", target=slo * 1e3))
        else:
            best = serving_point(case, chosen)
            quantities.update(
                slo_batch=chosen,
                slo_batch_tpot_seconds=best["tpot"],
                slo_output_tokens_per_second=best["rate"],
                slo_cost_per_million_output_tokens=best.get("cost"),
            )
            steps.append(
                Step(
                    "slo_batch_tpot_seconds",
                    text("serving.step.slo", batch=float(chosen), target=slo * 1e3),
                    r"\text{TPOT}(B^*) \le \text{target} < \text{TPOT}(B^* + 1)",
                    "{S} + {I}",
                    {"S": (best["step"], "s"), "I": (best["interference"], "s")},
                    best["tpot"],
                    "s",
                )
            )
    table: list[dict[str, Scalar]] | None = None
    if sweep == "on":
        table = []
        for size in _sweep_batches(limit, int(b), chosen):
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
    result = Result(
        calculator="serving", quantities=quantities, steps=steps, table=table, table_key="sweep", notes=notes
    )
    return result


def _steps(case: ServingCase, point: dict[str, float], model: Model, fmt: str, kv_fmt: str, limit: int) -> list[Step]:
    """The derivation: memory, then prefill (TTFT), then one decode step (TPOT), then the request and its cost."""
    n, k, b = case.tp, case.kv_shards, point["batch"]
    split = n > 1 or k > 1  # whether to show the division over tensor-parallel ranks
    tables, _ = model_tables(model)
    per_weight = weight_bytes(params=1.0, weight_format=fmt, group_size=INT4_GROUP_SIZE)
    steps = [
        Step(
            "weights_bytes",
            text("serving.step.weights", model=model.name, format=fmt.upper()),
            r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}",
            "({N} − {E}) × {s} + {E} × 2",
            {"N": (model.params, ""), "E": (tables, ""), "s": (per_weight, "B")},
            case.weights,
            "B",
        ),
    ]
    if model.attention == "mla":
        kv_formula, kv_sub = r"L\,(d_c + d_r)\,s_{kv}", "{L} × ({c} + {r}) × {s}"
        kv_values = {
            "L": (float(model.layers), ""),
            "c": (float(model.kv_lora_rank or 0), ""),
            "r": (float(model.rope_head_dim or 0), ""),
            "s": (KV_FORMATS[kv_fmt], "B"),
        }
    else:
        kv_formula, kv_sub = r"2\,L\,H_{kv}\,d\,s_{kv}", "2 × {L} × {H} × {d} × {s}"
        kv_values = {
            "L": (float(model.layers), ""),
            "H": (1.0 if model.attention == "mqa" else float(model.kv_heads), ""),
            "d": (float(model.head_dim), ""),
            "s": (KV_FORMATS[kv_fmt], "B"),
        }
    steps.append(
        Step(
            "kv_bytes_per_token",
            text("serving.step.kv_per_token", format=kv_fmt.upper()),
            kv_formula,
            kv_sub,
            kv_values,
            case.kv_per_token,
            "B",
        )
    )
    full = case.prompt + case.output
    if case.window is not None:
        steps.append(
            Step(
                "kv_bytes_per_sequence",
                text("serving.step.kv_per_sequence"),
                r"S = b_\text{tok}\,\min(P + O, W)",
                "{p} × min({P} + {O}, {W})",
                {"p": (case.kv_per_token, "B"), "P": (case.prompt, ""), "O": (case.output, ""), "W": (case.window, "")},
                case.kv_per_sequence,
                "B",
            )
        )
    else:
        steps.append(
            Step(
                "kv_bytes_per_sequence",
                text("serving.step.kv_per_sequence"),
                r"S = b_\text{tok}\,(P + O)",
                "{p} × ({P} + {O})",
                {"p": (case.kv_per_token, "B"), "P": (case.prompt, ""), "O": (case.output, "")},
                case.kv_per_token * full,
                "B",
            )
        )
    steps += [
        Step(
            "usable_bytes",
            text("serving.step.usable"),
            r"M_u = n\,M\,u",
            "{n} × {M} × {u}",
            {"n": (n, ""), "M": (case.memory, "B"), "u": (case.utilization, "")},
            case.usable,
            "B",
        ),
        Step(
            "kv_room",
            text("serving.step.kv_room", limit=float(limit)),
            r"B_\text{max} = \lfloor (M_u - W) / (S\,n/k) \rfloor"
            if split
            else r"B_\text{max} = \lfloor (M_u - W) / S \rfloor",
            "({U} − {W}) / ({S} × {n} / {k})" if split else "({U} − {W}) / {S}",
            {
                "U": (case.usable, "B"),
                "W": (case.weights + case.extra_resident, "B"),
                "S": (case.kv_per_sequence, "B"),
                "n": (n, ""),
                "k": (k, ""),
            },
            (case.usable - case.weights - case.extra_resident) / (case.kv_per_sequence * n / k),
            "",
        ),
        Step(
            "prefill_flops",
            text("serving.step.prefill_flops"),
            r"F = 2\,N_a\,P + 2\,L\,P^2 d",
            "2 × {N} × {P} + 2 × {L} × {P}² × {d}",
            {
                "N": (case.active_params, ""),
                "P": (case.prompt, ""),
                "L": (case.layers, ""),
                "d": (case.attention_width, ""),
            },
            point["prefill_flops"],
            "FLOP",
        ),
        Step(
            "prefill_compute_seconds",
            text("serving.step.prefill_compute"),
            r"T_\text{math} = F / (n\,P_\text{peak}\,e_c)",
            "{F} / ({n} × {C} × {e})" if split else "{F} / ({C} × {e})",
            {
                "F": (point["prefill_flops"], "FLOP"),
                "n": (n, ""),
                "C": (case.peak, "FLOP/s"),
                "e": (case.compute_efficiency, ""),
            },
            point["prefill_compute"],
            "s",
        ),
        Step(
            "prefill_memory_seconds",
            text("serving.step.prefill_memory"),
            r"T_\text{mem} = (W_\text{read}/n + KV/k) / (B_\text{mem}\,e_b)"
            if split
            else r"T_\text{mem} = (W_\text{read} + KV) / (B_\text{mem}\,e_b)",
            "({R} / {n} + {K} / {k}) / ({Bw} × {e})" if split else "({R} + {K}) / ({Bw} × {e})",
            {
                "R": (point["prefill_read"], "B"),
                "n": (n, ""),
                "K": (point["prefill_kv"], "B"),
                "k": (k, ""),
                "Bw": (case.bandwidth, "B/s"),
                "e": (case.bandwidth_efficiency, ""),
            },
            point["prefill_memory"],
            "s",
        ),
    ]
    steps += _comm_steps(case, "prefill", case.prompt, point["prefill_comm"])
    if n > 1:
        ttft_formula, ttft_sub = (
            r"\text{TTFT} = \max(T_\text{math}, T_\text{mem}) + T_\text{TP}",
            "max({Tc}, {Tm}) + {Tx}",
        )
    else:
        ttft_formula, ttft_sub = r"\text{TTFT} = \max(T_\text{math}, T_\text{mem})", "max({Tc}, {Tm})"
    steps.append(
        Step(
            "ttft_seconds",
            text("serving.step.ttft"),
            ttft_formula,
            ttft_sub,
            {
                "Tc": (point["prefill_compute"], "s"),
                "Tm": (point["prefill_memory"], "s"),
                "Tx": (point["prefill_comm"], "s"),
            },
            point["ttft"],
            "s",
        )
    )
    if case.window is not None:
        steps.append(
            Step(
                "mean_context",
                text("serving.step.mean_context"),
                r"\bar T = \min(P + O/2, W)",
                "min({P} + {O} / 2, {W})",
                {"P": (case.prompt, ""), "O": (case.output, ""), "W": (case.window, "")},
                point["mean_context"],
                "",
            )
        )
    else:
        steps.append(
            Step(
                "mean_context",
                text("serving.step.mean_context"),
                r"\bar T = P + O/2",
                "{P} + {O} / 2",
                {"P": (case.prompt, ""), "O": (case.output, "")},
                point["mean_context"],
                "",
            )
        )
    steps += _read_steps(case, point, model, fmt)
    steps += [
        Step(
            "decode_memory_seconds",
            text("serving.step.decode_memory"),
            r"T_\text{mem} = (W_\text{step}/n + B\,b_\text{tok}\,\bar T/k) / (B_\text{mem}\,e_b)"
            if split
            else r"T_\text{mem} = (W_\text{step} + B\,b_\text{tok}\,\bar T) / (B_\text{mem}\,e_b)",
            "({R} / {n} + {B} × {p} × {T} / {k}) / ({Bw} × {e})" if split else "({R} + {B} × {p} × {T}) / ({Bw} × {e})",
            {
                "R": (point["decode_read"], "B"),
                "n": (n, ""),
                "B": (b, ""),
                "p": (case.kv_per_token, "B"),
                "T": (point["mean_context"], ""),
                "k": (k, ""),
                "Bw": (case.bandwidth, "B/s"),
                "e": (case.bandwidth_efficiency, ""),
            },
            point["decode_memory"],
            "s",
        ),
        Step(
            "decode_compute_seconds",
            text("serving.step.decode_compute"),
            r"T_\text{math} = B\,(2\,N_a + 4\,L\,\bar T d) / (n\,P_\text{peak}\,e_c)",
            "{B} × (2 × {N} + 4 × {L} × {T} × {d}) / ({n} × {C} × {e})"
            if split
            else "{B} × (2 × {N} + 4 × {L} × {T} × {d}) / ({C} × {e})",
            {
                "B": (b, ""),
                "N": (case.active_params, ""),
                "L": (case.layers, ""),
                "T": (point["mean_context"], ""),
                "d": (case.attention_width, ""),
                "n": (n, ""),
                "C": (case.peak, "FLOP/s"),
                "e": (case.compute_efficiency, ""),
            },
            point["decode_compute"],
            "s",
        ),
    ]
    steps += _comm_steps(case, "decode", b, point["decode_comm"])
    if n > 1:
        step_formula, step_sub = (
            r"T_\text{dec} = \max(T_\text{mem}, T_\text{math}) + T_\text{TP}",
            "max({Tm}, {Tc}) + {Tx}",
        )
    else:
        step_formula, step_sub = r"T_\text{dec} = \max(T_\text{mem}, T_\text{math})", "max({Tm}, {Tc})"
    steps.append(
        Step(
            "decode_step_seconds",
            text("serving.step.decode_step"),
            step_formula,
            step_sub,
            {
                "Tm": (point["decode_memory"], "s"),
                "Tc": (point["decode_compute"], "s"),
                "Tx": (point["decode_comm"], "s"),
            },
            point["step"],
            "s",
        )
    )
    o = case.output
    if o > 1:
        steps += [
            Step(
                "prefill_interference_seconds",
                text("serving.step.interference"),
                r"B\,\text{TTFT} / (O - 1)",
                "{B} × {F} / ({O} − 1)",
                {"B": (b, ""), "F": (point["ttft"], "s"), "O": (o, "")},
                point["interference"],
                "s",
            ),
            Step(
                "tpot_seconds",
                text("serving.step.tpot"),
                r"\text{TPOT} = T_\text{dec} + B\,\text{TTFT} / (O - 1)",
                "{S} + {I}",
                {"S": (point["step"], "s"), "I": (point["interference"], "s")},
                point["tpot"],
                "s",
            ),
        ]
    else:
        steps.append(
            Step(
                "tpot_seconds",
                text("serving.step.tpot"),
                r"\text{TPOT} = T_\text{dec}",
                "{S}",
                {"S": (point["step"], "s")},
                point["tpot"],
                "s",
            )
        )
    steps += [
        Step(
            "request_seconds",
            text("serving.step.request"),
            r"T_\text{req} = \text{TTFT} + (O - 1)\,\text{TPOT}",
            "{F} + ({O} − 1) × {T}",
            {"F": (point["ttft"], "s"), "O": (o, ""), "T": (point["tpot"], "s")},
            point["request"],
            "s",
        ),
        Step(
            "output_tokens_per_second",
            text("serving.step.rate"),
            r"r = B\,O / (B\,\text{TTFT} + (O - 1)\,T_\text{dec})",
            "{B} × {O} / ({B} × {F} + ({O} − 1) × {S})",
            {"B": (b, ""), "O": (o, ""), "F": (point["ttft"], "s"), "S": (point["step"], "s")},
            point["rate"],
            "tokens/s",
        ),
        Step(
            "requests_per_second",
            text("serving.step.requests"),
            r"r / O",
            "{r} / {O}",
            {"r": (point["rate"], "tokens/s"), "O": (o, "")},
            point["requests_per_second"],
            "",
        ),
    ]
    if case.price is not None:
        steps.append(
            Step(
                "cost_per_million_output_tokens",
                text("serving.step.cost"),
                r"c = n\,p / r \times 10^6",
                "{n} × {p} / {r} × 10⁶" if split else "{p} / {r} × 10⁶",
                {"n": (n, ""), "p": (case.price / 3_600.0, "USD/h"), "r": (point["rate"], "tokens/s")},
                point["cost"],
                "USD",
            )
        )
    return steps


def _read_steps(case: ServingCase, point: dict[str, float], model: Model, fmt: str) -> list[Step]:
    """What one decode step reads of the weights: all but the untied input table and the experts nobody uses."""
    b = point["batch"]
    steps = []
    if case.expert_bytes:
        steps.append(
            Step(
                "experts_touched",
                text("serving.step.experts_touched", batch=b),
                r"E\,(1 - (1 - k/E)^B)",
                "{E} × (1 − {u})",
                {"E": (case.experts, ""), "u": (point["decode_untouched"], "")},
                case.experts * (1.0 - point["decode_untouched"]),
                "",
            )
        )
    read = decode_read_terms(model=model, weight_format=fmt, tokens=b)
    if len(read.values) > 1:  # a tied, dense model reads all its weights: nothing to derive
        steps.append(replace(read, key="decode_read_bytes", label=text("serving.step.decode_read")))
    return steps


def _comm_steps(case: ServingCase, phase: str, tokens: float, seconds: float) -> list[Step]:
    if case.tp == 1:
        return []
    return [
        Step(
            f"{phase}_communication_seconds",
            text(f"serving.step.{phase}_comm", tp=case.tp),
            r"T_\text{TP} = 2L\,(2\frac{n-1}{n}\frac{T\,h\,2}{B_\text{link}} + 2(n-1)\,\alpha)",
            "2 × {L} × (2 × ({n} − 1) / {n} × {t} × {h} × 2 / {Bl} + 2 × ({n} − 1) × {a})",
            {
                "L": (case.layers, ""),
                "n": (case.tp, ""),
                "t": (tokens, ""),
                "h": (case.hidden, ""),
                "Bl": (case.link, "B/s"),
                "a": (case.latency, "s"),
            },
            seconds,
            "s",
        )
    ]


def _serving_result_svg(result: Result, lang: str) -> str | None:
    """The curve when the sweep is on: output tokens/s against TPOT, the memory limit and the target marked."""
    if result.table is None:
        return None
    q = result.quantities
    points = [
        CurvePoint(
            batch=float(row["batch"]),  # type: ignore[arg-type]
            tpot_seconds=float(row["tpot_seconds"]),  # type: ignore[arg-type]
            tokens_per_second=float(row["output_tokens_per_second"]),  # type: ignore[arg-type]
            fits=bool(row["fits"]),
        )
        for row in result.table
    ]
    inputs = result.inputs
    found = load_data().model(str(inputs["model"]))
    chip = inputs.get("accelerator")
    subject = text(
        "plot.serving.subject",
        model=found.name,
        chip=load_data().accelerator(chip).name if chip else text("chip.custom"),
        tp=float(q["weights_bytes"]) / float(q["weights_bytes_per_accelerator"]),  # type: ignore[arg-type]
    )
    slo = q.get("slo_tpot_seconds")
    chosen = q.get("slo_batch")
    return serving_curve_svg(
        points,
        memory_limit_batch=float(q["max_batch"]),  # type: ignore[arg-type]
        reader_batch=float(inputs["batch"]),
        slo_tpot_seconds=float(slo) if isinstance(slo, float) else None,
        slo_batch=float(chosen) if isinstance(chosen, int) else None,
        subject=subject.render(lang),
        lang=lang,
    )


def _latency_us() -> float:
    return default_tp_latency_s() * 1e6


MODEL = Field("model", kind="model", default="llama-3-8b")

SERVING = Calculator(
    name="serving",
    fields=(
        MODEL,
        ACCELERATOR,
        Field("tp", default="1", low=1, high=1e4, integer=True),
        Field("dtype", kind="choice", default="bf16", choices=SERVE_FORMATS),
        Field("kv_dtype", kind="choice", default="bf16", choices=tuple(KV_FORMATS)),
        Field("prompt_tokens", default="1024", low=1, high=1e8, integer=True),
        Field("output_tokens", default="256", low=1, high=1e8, integer=True),
        Field("batch", default="32", low=1, high=1e6, integer=True),
        Field("efficiency", optional=True, low=0, low_open=True, high=1),
        BASIS,
        Field("price", unit="USD/h", param="price_usd_per_hour_per_accelerator", optional=True, low=0, high=1e4),
        Field("slo_tpot_ms", unit="ms", param="slo_tpot_s", scale=1e-3, optional=True, low=0, low_open=True, high=1e6),
        Field("sweep", kind="choice", default="off", choices=SWEEP),
        with_changes(CUSTOM_PEAK, default="1000"),
        CUSTOM_BANDWIDTH,
        Field(
            "memory_gb",
            unit="GB",
            default="80",
            param="capacity_bytes",
            scale=1e9,
            custom_of="accelerator",
            low=0,
            low_open=True,
            high=1e6,
        ),
        LINK_OVERRIDE,
        Field(
            "latency_us",
            unit="µs",
            optional=True,
            param="latency_s",
            scale=1e-6,
            low=0,
            high=1e6,
            advanced=True,
            default_from=_latency_us,
        ),
        Field("memory_utilization", default="0.9", low=0, low_open=True, high=1, advanced=True),
    ),
    function=serving,
    units={
        "weights_bytes": "B",
        "weights_bytes_per_accelerator": "B",
        "kv_bytes_per_token": "B",
        "kv_bytes_per_sequence": "B",
        "kv_bytes": "B",
        "usable_bytes": "B",
        "max_batch": "",
        "ttft_seconds": "s",
        "tpot_seconds": "s",
        "request_seconds": "s",
        "output_tokens_per_second": "tokens/s",
        "requests_per_second": "requests/s",
        "decode_memory_seconds": "s",
        "decode_compute_seconds": "s",
        "decode_communication_seconds": "s",
        "decode_step_seconds": "s",
        "prefill_interference_seconds": "s",
        "kv_transfer_seconds": "s",
        "bandwidth_efficiency": "",
        "compute_efficiency": "",
        "price_usd_per_hour": "",
        "cost_per_million_output_tokens": "USD",
        "slo_tpot_seconds": "s",
        "slo_batch": "",
        "slo_batch_tpot_seconds": "s",
        "slo_output_tokens_per_second": "tokens/s",
        "slo_cost_per_million_output_tokens": "USD",
    },
    headline=(
        "ttft_seconds",
        "tpot_seconds",
        "output_tokens_per_second",
        "max_batch",
        "decode_bound",
        "cost_per_million_output_tokens",
        "slo_batch",
        "slo_cost_per_million_output_tokens",
    ),
    presets={
        "curve-h100": {
            "model": "llama-3-8b",
            "accelerator": "h100-sxm",
            "tp": "1",
            "dtype": "bf16",
            "batch": "32",
            "sweep": "on",
            "slo_tpot_ms": "20",
        },
        "llama-3-70b-tp8": {
            "model": "llama-3-70b",
            "accelerator": "h100-sxm",
            "tp": "8",
            "dtype": "bf16",
            "batch": "64",
            "sweep": "on",
        },
        "deepseek-v3-fp8": {
            "model": "deepseek-v3",
            "accelerator": "h200-sxm",
            "tp": "8",
            "dtype": "fp8",
            "batch": "32",
            "sweep": "off",
        },
        "mixtral-int4-4090": {
            "model": "mixtral-8x7b",
            "accelerator": "rtx-4090",
            "tp": "1",
            "dtype": "int4",
            "batch": "1",
            "sweep": "off",
        },
    },
    plot=_serving_result_svg,
)


def speculative(*, acceptance: float, draft_tokens: float, draft_cost: float) -> Result:
    """Speculative decoding: tokens per target-model step, the wall-time speedup, and the best number of drafts.

    Parameters:
        acceptance: α, the chance the target model accepts a drafted token (0–1).
        draft_tokens: γ, tokens the draft model proposes per step.
        draft_cost: c, one draft-model step's time over one target-model step's.

    Returns:
        Result with all_accepted (α^γ), expected_tokens_per_step, speedup, best_draft_tokens and best_speedup.
        Source: Leviathan, Kalman & Matias (2023), Equation (1), Theorem 3.8 and §3.5.

    Raises:
        CalcError: a value outside its range.
    """
    a = check_number("acceptance", acceptance, low=0, high=1)
    g = check_number("draft_tokens", draft_tokens, low=1, high=64, integer=True)
    c = check_number("draft_cost", draft_cost, low=0, high=10)
    tokens = expected_tokens_per_step(acceptance=a, draft_tokens=g)
    speedup = speculative_speedup(acceptance=a, draft_tokens=g, draft_cost=c)
    best = best_draft_tokens(acceptance=a, draft_cost=c)
    best_speedup = speculative_speedup(acceptance=a, draft_tokens=best, draft_cost=c)
    steps = []
    if a == 1.0:
        steps.append(
            Step(
                "expected_tokens_per_step",
                text("speculative.step.tokens_all"),
                r"E = \gamma + 1",
                "{g} + 1",
                {"g": (g, "")},
                tokens,
                "",
            )
        )
    else:
        steps += [
            Step(
                "all_accepted",
                text("speculative.step.all_accepted"),
                r"\alpha^\gamma",
                "{p}",
                {"p": (a**g, "")},
                a**g,
                "",
            ),
            Step(
                "expected_tokens_per_step",
                text("speculative.step.tokens"),
                r"E = \frac{1 - \alpha^{\gamma+1}}{1 - \alpha}",
                "(1 − {a} × {p}) / (1 − {a})",
                {"a": (a, ""), "p": (a**g, "")},
                tokens,
                "",
            ),
        ]
    steps.append(
        Step(
            "speedup",
            text("speculative.step.speedup"),
            r"S = \frac{E}{\gamma c + 1}",
            "{E} / ({g} × {c} + 1)",
            {"E": (tokens, ""), "g": (g, ""), "c": (c, "")},
            speedup,
            "",
        )
    )
    best_tokens = expected_tokens_per_step(acceptance=a, draft_tokens=best)
    steps.append(
        Step(
            "best_speedup",
            text("speculative.step.best", best=float(best)),
            r"S(\gamma^*) = \max_{0 \le \gamma \le 64} S(\gamma)",
            "{E} / ({g} × {c} + 1)",
            {"E": (best_tokens, ""), "g": (float(best), ""), "c": (c, "")},
            best_speedup,
            "",
        )
    )
    notes = []
    if best == 0:
        notes.append(text("speculative.note.no_gain"))
    return Result(
        calculator="speculative",
        quantities={
            "all_accepted": a**g,
            "expected_tokens_per_step": tokens,
            "speedup": speedup,
            "best_draft_tokens": best,
            "best_speedup": best_speedup,
        },
        steps=steps,
        notes=notes,
    )


SPECULATIVE = Calculator(
    name="speculative",
    fields=(
        Field("acceptance", default="0.75", low=0, high=1),
        Field("draft_tokens", default="7", low=1, high=64, integer=True),
        Field("draft_cost", default="0.05", low=0, high=10),
    ),
    function=speculative,
    units={
        "all_accepted": "",
        "expected_tokens_per_step": "",
        "speedup": "",
        "best_draft_tokens": "",
        "best_speedup": "",
    },
    headline=("expected_tokens_per_step", "speedup", "best_draft_tokens", "best_speedup"),
)

CALCULATORS = (SERVING, SPECULATIVE)
