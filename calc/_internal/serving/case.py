# One serving case: every figure a batch size needs (weights, KV cache, reads, FLOPs, the tensor-parallel
# AllReduce), the closed-form point at a batch size, and the case built from a data/ chip and model.
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..chips import Chip, measured_source
from ..collectives import one_shot_allreduce_seconds, ring_allreduce_seconds, swept_bus_bandwidth, uses_one_shot
from ..data import Accelerator, Model, load_data
from ..defaults import price_usd_per_hour
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    BASES,
    DEFAULT_BASIS,
)
from ..fmt import Quantity
from ..inference import (
    INT4_GROUP_SIZE,
    MEMORY_UTILIZATION,
    TABLE_BYTES,
    causal_attention_flops,
    experts_touched,
    kv_bytes_per_token,
    max_batch,
    model_tables,
    routed_expert_params,
    served_weight_bytes,
    weight_bytes,
)
from ..messages import Text, text
from ..parallelism.links import HOP_LATENCY_ID

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
SWEEP = ("off", "on")
SCHEDULES = ("chunked", "blocking")  # how a new request's prefill shares the engine with running decodes
MAX_SWEEP_BATCH = 65_536


def tp_allreduce_seconds(
    *, layers: float, tokens: float, hidden_size: float, tp: float, link_bytes_per_s: float, latency_s: float
) -> float:
    """Tensor-parallel communication of one forward pass: two AllReduces per layer of tokens × h BF16 activations.

    Megatron-LM's layout (Shoeybi et al. 2019, §3) reduces the attention output and the MLP output of every
    layer. Each is a ring AllReduce, 2(t−1)/t · S/B + 2(t−1)·α (Patarasuk & Yuan 2009); at decode the message
    is a few kB and the per-message latency α dominates. Example: Llama 3 70B decoding batch 1 over TP 8 on
    NVLink 4 (450 GB/s, α = 2 µs): 160 × (2·7/8·16384/450e9 + 14 × 2e-6) = 4.49 ms per token.
    """
    n_layers = check_number("layers", layers)
    t = check_number("tp", tp)
    message = check_number("tokens", tokens, low=0, high=1e12) * hidden_size * ACTIVATION_BYTES
    one = ring_allreduce_seconds(bytes_total=message, count=t, link_bytes_per_s=link_bytes_per_s, latency_s=latency_s)
    return 2.0 * n_layers * one


class TPAllReduce(NamedTuple):
    """One tensor-parallel AllReduce of a pass: the path it takes ("one_shot": the engine's own kernel; "swept": NCCL
    at the bus bandwidth measured at its size; "flat": a ring at the link's bandwidth plus one call's time), its
    message in bytes, the bandwidth it moves at (B/s) and its time."""

    path: str
    message: float
    bandwidth: float
    seconds: float


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
    link: float  # the AllReduce's bus bandwidth per direction
    latency: float  # one AllReduce call's small-message time
    memory: float  # capacity of one accelerator
    utilization: float
    price: float | None  # USD per accelerator-hour
    extra_flops: float = 0.0  # other prefill FLOPs per request (the chooser's reranking)
    schedule: str = "chunked"  # "chunked": prefills share each step with the decodes; "blocking": a prefill stops them
    sweep: tuple[tuple[float, float], ...] = ()  # NCCL's measured AllReduce bus bandwidth by message size (bytes, B/s)
    pull_link: float = 0.0  # what one rank receives through the switch in the engine's one-shot kernel; 0: no kernel
    prefix_hit: float = 0.0  # share of each prompt found in the prefix cache: its prefill is not computed again

    @property
    def computed_prompt(self) -> float:
        """The prompt tokens a prefill computes: those the prefix cache does not already hold."""
        return self.prompt * (1.0 - self.prefix_hit)

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

    def allreduce(self, tokens: float) -> TPAllReduce:
        """One AllReduce of `tokens` × h BF16 values, timed at its own size. Below the engine's one-shot limit
        (`uses_one_shot`, where the chip's ranks meet through a switch) the engine's kernel: α + (n − 1)·S / B_pull.
        Above it NCCL: at the bus bandwidth the chip's sweep measured at that size, 2(n − 1)/n · S / B_bus(S), the same
        lookup the planner uses (`swept_bus_bandwidth`, latency included); without a sweep, a ring at the link's bus
        bandwidth plus one call's small-message time."""
        n, message = self.tp, tokens * self.hidden * ACTIVATION_BYTES
        if self.pull_link and uses_one_shot(message, n):
            seconds = one_shot_allreduce_seconds(
                bytes_total=message, count=n, link_bytes_per_s=self.pull_link, latency_s=self.latency
            )
            return TPAllReduce("one_shot", message, self.pull_link, seconds)
        if self.sweep and message > 0:
            bus = swept_bus_bandwidth(message, self.sweep)
            return TPAllReduce("swept", message, bus, 2.0 * (n - 1.0) / n * message / bus)
        seconds = ring_allreduce_seconds(bytes_total=message, count=n, link_bytes_per_s=self.link) + self.latency
        return TPAllReduce("flat", message, self.link, seconds)

    def comm(self, tokens: float) -> float:
        """Two AllReduces per layer of `tokens` × h BF16 values, each timed at its own size (`allreduce`)."""
        if self.tp == 1:
            return 0.0
        return 2.0 * self.layers * self.allreduce(tokens).seconds


def serving_point(case: ServingCase, batch: float) -> dict[str, float]:
    """Every intermediate of one batch size under continuous batching, in steady state.

    A step runs its kernels one after another, each at its own roof: the weights' matmuls, bound by reading the
    weights (T_W) or by their FLOPs (T_lin), then attention over the cache, bound by reading it (T_KV) or by its
    FLOPs (T_att): T = max(T_W, T_lin) + max(T_KV, T_att) + T_TP. A batch whose matmuls are compute-bound still
    pays for reading its cache (one roofline over the whole step would hide it). Source: Yuan et al. (2024), "LLM
    Inference Unveiled: Survey and Roofline Model Insights" (arXiv:2402.16363), §3: a roofline per operation.
    Chunked (the default, as vLLM and Sarathi-Serve schedule): B slots, each a request's prompt for one step and
    then its O − 1 decodes, so each step carries B(O − 1)/O decode tokens and B/O prompts. The step reads the
    weights and the KV cache once and does both kinds of work: each compute side is (O − 1)/O of the decodes' plus
    B/O of a prompt's; TPOT = T, TTFT = T_pf (the prompt's own step), and the batch makes B tokens per step.
    Sources: Agrawal et al. (2024), "Taming Throughput-Latency Tradeoff in LLM Inference with Sarathi-Serve"
    (OSDI '24), §3-4. Blocking: when a sequence ends a new request joins after its prefill, T_pf, during which
    the others wait: B/(O − 1) prefills per decode step. So TPOT = T_dec + B·T_pf/(O − 1), and the batch makes
    B·O tokens per B·T_pf + (O − 1)·T_dec. Sources: Yu et al. (2022), "Orca" (iteration-level scheduling);
    Zhong et al. (2024), "DistServe" §2 (prefill steps delay the decoding steps batched with them).
    """
    bandwidth = case.bandwidth * case.bandwidth_efficiency
    flop_rate = case.tp * case.peak * case.compute_efficiency
    out = {"batch": batch, **_prefill_point(case, bandwidth, flop_rate)}
    out.update(_decode_point(case, batch, bandwidth, flop_rate))
    out.update(_step_point(case, batch, out))
    out.update(_phase_split(case, batch, out))
    if case.price is not None:
        out["cost"] = case.tp * case.price / 3_600.0 / out["rate"] * 1e6
        out.update(_phase_costs(case, out))
    for key, value in out.items():
        check_finite_result(key, value)
    return out


def _prefill_point(case: ServingCase, bandwidth: float, flop_rate: float) -> dict[str, float]:
    """One prompt's pass: its FLOPs and reads, each side's time, and the TTFT (the slower side plus TP's AllReduces)."""
    p, c, d, layers = case.prompt, case.computed_prompt, case.attention_width, case.layers
    attention_flops = causal_attention_flops(layers, d, p, c)
    prefill_flops = 2.0 * case.active_params * c + attention_flops + case.extra_flops
    prefill_read = case.read_bytes(c)
    prefill_kv = case.kv_per_token * (case.cached(p) - case.cached(p - c))
    prefill_compute = prefill_flops / flop_rate
    prefill_memory = (prefill_read / case.tp + prefill_kv / case.kv_shards) / bandwidth
    prefill_comm = case.comm(c)
    return {
        "prefill_flops": prefill_flops,
        "prefill_read": prefill_read,
        "prefill_kv": prefill_kv,
        "prefill_compute": prefill_compute,
        "prefill_attention": attention_flops / flop_rate,
        "prefill_memory": prefill_memory,
        "prefill_comm": prefill_comm,
        "ttft": max(prefill_compute, prefill_memory) + prefill_comm,
    }


def _decode_point(case: ServingCase, b: float, bandwidth: float, flop_rate: float) -> dict[str, float]:
    """One decode step of the batch alone: its reads (weights, the cache at the mean context) and its math."""
    mean_context = case.cached(case.prompt + case.output / 2.0)
    decode_read = case.read_bytes(b)
    decode_kv = b * case.kv_per_token * mean_context
    decode_weights = decode_read / case.tp / bandwidth
    decode_kv_time = decode_kv / case.kv_shards / bandwidth
    decode_linear = b * 2.0 * case.active_params / flop_rate
    decode_attention = b * 4.0 * case.layers * mean_context * case.attention_width / flop_rate
    return {
        "mean_context": mean_context,
        "decode_untouched": case.untouched(b),
        "decode_read": decode_read,
        "decode_kv": decode_kv,
        "decode_weights": decode_weights,
        "decode_kv_time": decode_kv_time,
        "decode_memory": decode_weights + decode_kv_time,
        "decode_linear": decode_linear,
        "decode_attention": decode_attention,
        "decode_compute": decode_linear + decode_attention,
        "decode_comm": case.comm(b),
    }


def _step_point(case: ServingCase, b: float, point: dict[str, float]) -> dict[str, float]:
    """The step under the case's schedule, the TPOT and request it makes, and the batch's token rate."""
    p, o, ttft = case.prompt, case.output, point["ttft"]
    weights, kv_time = point["decode_weights"], point["decode_kv_time"]
    mixed_tokens = b * (o - 1.0) / o + b * p / o
    out: dict[str, float] = {}
    if case.schedule == "chunked":
        # Each step carries the decodes and the prompts of the requests replacing finished ones: of the B slots,
        # B/O are a prompt's step and the rest decode (Agrawal et al. 2024, Sarathi-Serve; vLLM's chunked prefill).
        prefill_linear = point["prefill_compute"] - point["prefill_attention"]
        linear = (o - 1.0) / o * point["decode_linear"] + b / o * prefill_linear
        attention = (o - 1.0) / o * point["decode_attention"] + b / o * point["prefill_attention"]
        comm = out["decode_comm"] = case.comm(mixed_tokens)
        step_s = max(weights, linear) + max(kv_time, attention) + comm
        interference, tpot = 0.0, step_s
        rate = b / step_s
    else:
        linear, attention, comm = point["decode_linear"], point["decode_attention"], point["decode_comm"]
        step_s = max(weights, linear) + max(kv_time, attention) + comm
        interference = b * ttft / (o - 1.0) if o > 1 else 0.0
        tpot = step_s + interference
        rate = b * o / (b * ttft + (o - 1.0) * step_s)
    bound_compute = (linear if linear > weights else 0.0) + (attention if attention > kv_time else 0.0)
    return {
        **out,
        "mixed_tokens": mixed_tokens,
        "mixed_linear": linear,
        "mixed_attention": attention,
        "mixed_compute": linear + attention,
        "compute_bound_share": bound_compute / (step_s - comm) if step_s > comm else 0.0,
        "step": step_s,
        "interference": interference,
        "tpot": tpot,
        "request": ttft + (o - 1.0) * tpot,
        "rate": rate,
        "requests_per_second": rate / o,
    }


def _phase_split(case: ServingCase, b: float, point: dict[str, float]) -> dict[str, float]:
    """The share of the engine's time each phase adds, to split its cost between prompt and output tokens.

    Chunked: what the joining prompts add to a step, T − T_dec, where T_dec is the same step formula over the
    step's decodes alone, max(T_W, (O − 1)/O · T_lin) + max(T_KV, (O − 1)/O · T_att) + T_TP(B(O − 1)/O): the
    marginal time of prefill (none while the prompts' math hides under the weight and cache reads; never below
    none, where a smaller AllReduce takes a slower path). Blocking: the prefills' B·TTFT of each request cycle
    B·TTFT + (O − 1)·T_dec. Example: a step of 20 ms whose decodes alone take 15 ms gives prefill 5/20 = 25 %.
    """
    o = case.output
    if case.schedule == "chunked":
        share = (o - 1.0) / o
        linear, attention = share * point["decode_linear"], share * point["decode_attention"]
        comm = case.comm(b * share)
        alone = max(point["decode_weights"], linear) + max(point["decode_kv_time"], attention) + comm
        prefill = max(0.0, point["step"] - alone)
        return {
            "decode_only_linear": linear,
            "decode_only_attention": attention,
            "decode_only_comm": comm,
            "decode_only_step": alone,
            "prefill_step_seconds": prefill,
            "prefill_share": prefill / point["step"],
        }
    prefills = b * point["ttft"]
    return {"prefill_share": prefills / (prefills + (o - 1.0) * point["step"])}


def _phase_costs(case: ServingCase, point: dict[str, float]) -> dict[str, float]:
    """The GPU cost split by `_phase_split`'s shares: per million prompt tokens the prefill's share of the dollars
    per second over the prompt tokens per second (r·P/O), per million output tokens the rest over r. The two add up
    to the whole: c_in·P + c_gen·O = c·O, the cost of a request; their ratio is how much dearer an output token is.
    """
    dollars = case.tp * case.price / 3_600.0 if case.price is not None else 0.0
    share, rate = point["prefill_share"], point["rate"]
    out = {
        "cost_input": share * dollars / (rate * case.prompt / case.output) * 1e6,
        "cost_generated": (1.0 - share) * dollars / rate * 1e6,
    }
    if out["cost_input"] > 0:
        out["cost_ratio"] = out["cost_generated"] / out["cost_input"]
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


def sweep_batches(limit: int, batch: int, chosen: int | None = None) -> list[int]:
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


def serving_efficiency(
    chip: Chip, given: float | None, dtype: str, basis: str = DEFAULT_BASIS
) -> tuple[float, float, list[Text], str]:
    """(bandwidth, compute) efficiency, the note saying which basis and where they come from, and the basis: the
    reader's figure for both (a share of the datasheet figures, so the peak basis), else each one's
    `default_efficiency` on `basis` ("achievable" when one of them is the chip's own measurement)."""
    check_choice("basis", basis, BASES)
    peak, rating = float(chip.peak_flop_per_s or 0), float(chip.bandwidth_bytes_per_s or 0)
    if given is not None:
        value = check_number("efficiency", given)
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
    found = load_data().latencies.get(HOP_LATENCY_ID)
    if found is None:
        raise CalcError(field="latency_us", kind="no_figure", detail="latency", subject=HOP_LATENCY_ID)
    return found.typical_s


def build_case(
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
    schedule: str = "chunked",
    sweep: tuple[tuple[float, float], ...] = (),
    pull_link: float = 0.0,
    prefix_hit: float = 0.0,
) -> ServingCase:
    tables, input_table = model_tables(model)
    weights = served_weight_bytes(params=model.params, table_params=tables, weight_format=weight_format)
    experts = routed_expert_params(model)
    body_bytes = weight_bytes(params=1.0, weight_format=weight_format, group_size=INT4_GROUP_SIZE)
    per_token = model_kv_bytes_per_token(model, kv_format)
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
        schedule=schedule,
        sweep=sweep,
        pull_link=pull_link,
        prefix_hit=prefix_hit,
    )


def model_kv_bytes_per_token(model: Model, kv_format: str) -> float:
    """A data/ model's KV cache per token with its cache in `kv_format`."""
    return kv_bytes_per_token(
        layers=model.layers,
        kv_heads=model.kv_heads,
        head_dim=model.head_dim,
        bytes_per_value=KV_FORMATS[kv_format],
        attention=model.attention,
        kv_lora_rank=model.kv_lora_rank,
        rope_head_dim=model.rope_head_dim,
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
    if not chip.device_memory_bytes:
        return "memory_capacity"
    if not peak:
        return dtype
    label = text("chip.dense", name=chip.words(), dtype=text(f"option.dtype.{dtype}"))
    resolved = Chip(label, peak, chip.memory_bandwidth_bytes_per_s, chip)
    bandwidth_efficiency, default_compute, _, _ = serving_efficiency(resolved, None, dtype)
    return build_case(
        model=model,
        weight_format=weight_format,
        kv_format="bf16",
        tp=1.0,
        prompt_tokens=prompt_tokens,
        output_tokens=output_tokens,
        peak=peak,
        bandwidth=chip.memory_bandwidth_bytes_per_s,
        memory=chip.device_memory_bytes,
        efficiency=(bandwidth_efficiency, compute_efficiency if compute_efficiency is not None else default_compute),
        link=1.0,
        latency=0.0,
        utilization=MEMORY_UTILIZATION,
        price=price_usd_per_hour(chip.id),
        extra_resident=extra_resident,
        extra_flops=extra_flops,
    )


def divides_over_ranks(case: ServingCase) -> bool:
    """Whether a derivation shows the division over tensor-parallel ranks (or KV shards)."""
    return case.tp > 1 or case.kv_shards > 1
