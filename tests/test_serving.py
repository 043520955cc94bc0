"""Serving: published formulas (speculative decoding, KV bytes per token), bandwidth-bound decode on a known chip,
the memory limit on the batch, tensor-parallel latency, continuous batching, the curve and the CLI contract."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import calc
from calc import CalcError
from calc._tooling.cli import main

H100_BANDWIDTH, H100_BF16 = 3.35e12, 989.4e12  # NVIDIA H100 SXM: product page, whitepaper
H100_MEMORY = 81_559 * 2**20  # what nvidia-smi reports on an H100 SXM sold as 80 GB (NVIDIA/nccl issue #1264)


def _serve(**inputs: str) -> dict:
    return calc.compute("serving", inputs, "en").to_dict()


# -- Speculative decoding: Leviathan, Kalman & Matias (2023) ---------------------------------------------------


def test_expected_tokens_equation_1() -> None:
    """Equation (1): E = (1 − α^(γ+1)) / (1 − α); α = 0.75 (the paper's T5-small draft for T5-XXL, Table 3), γ = 7:
    (1 − 0.75⁸)/0.25 = 3.5995; α = 0 gives one token, α = 1 gives γ + 1."""
    assert calc.expected_tokens_per_step(acceptance=0.75, draft_tokens=7) == pytest.approx((1 - 0.75**8) / 0.25)
    assert calc.expected_tokens_per_step(acceptance=0.75, draft_tokens=7) == pytest.approx(3.5995, abs=1e-4)
    assert calc.expected_tokens_per_step(acceptance=0.0, draft_tokens=7) == 1.0
    assert calc.expected_tokens_per_step(acceptance=1.0, draft_tokens=7) == 8.0


@given(
    st.floats(min_value=0.0, max_value=0.999),
    st.integers(min_value=1, max_value=64),
    st.floats(min_value=0.0, max_value=2.0),
)
def test_speedup_is_theorem_3_8(alpha: float, gamma: int, c: float) -> None:
    """Theorem 3.8: S = (1 − α^(γ+1)) / ((1 − α)(γc + 1)), for any α, γ and c."""
    expected = (1 - alpha ** (gamma + 1)) / ((1 - alpha) * (gamma * c + 1))
    speedup = calc.speculative_speedup(acceptance=alpha, draft_tokens=gamma, draft_cost=c)
    assert speedup == pytest.approx(expected, rel=1e-9)


def test_corollary_3_9_and_the_best_gamma() -> None:
    """Corollary 3.9: at γ = 1 the speedup is (1 + α)/(1 + c), above 1 whenever α > c; the best γ is the argmax of
    Theorem 3.8 (found here by brute force), and with c ≥ α nothing pays, so the best is not to draft (γ = 0)."""
    for alpha, c in ((0.6, 0.1), (0.8, 0.05), (0.9, 0.0), (0.5, 0.3)):
        assert calc.speculative_speedup(acceptance=alpha, draft_tokens=1, draft_cost=c) == pytest.approx(
            (1 + alpha) / (1 + c)
        )
        best = calc.best_draft_tokens(acceptance=alpha, draft_cost=c)
        brute = max(range(65), key=lambda g: calc.speculative_speedup(acceptance=alpha, draft_tokens=g, draft_cost=c))
        assert calc.speculative_speedup(acceptance=alpha, draft_tokens=best, draft_cost=c) == pytest.approx(
            calc.speculative_speedup(acceptance=alpha, draft_tokens=brute, draft_cost=c)
        )
    assert calc.best_draft_tokens(acceptance=0.2, draft_cost=0.3) == 0
    outcome = calc.run("speculative", {"acceptance": "0.2", "draft_cost": "0.3"}, "es")
    assert outcome["quantities"]["best_draft_tokens"] == 0 and "α > c" in outcome["notes"][0]


def test_speculative_calculator_defaults() -> None:
    """The calculator at α = 0.75, γ = 7, c = 0.05: 3.60 tokens per step, 2.67 times faster (3.60 / 1.35)."""
    q = calc.compute("speculative", {}, "en").to_dict()
    assert q["expected_tokens_per_step"] == pytest.approx(3.5995, abs=1e-4)
    assert q["speedup"] == pytest.approx(3.5995 / 1.35, rel=1e-4)
    assert q["all_accepted"] == pytest.approx(0.75**7)


# -- Weights and KV cache as the server holds them ---------------------------------------------------------------


def test_kv_bytes_per_token_by_attention_kind() -> None:
    """KV per token: Llama 3 70B (GQA) 2·80·8·128·2 = 327,680 B (scaling book: 160 KiB in int8); DeepSeek-V3 (MLA)
    61·(512 + 64)·2 = 70,272 B (V2 report §2.1); GPT-3 (MHA) 2·96·96·128·2 = 4.7 MB; Mistral 7B's cache stops at
    its 4,096-token window."""
    assert _serve(model="llama-3-70b", tp="8")["kv_bytes_per_token"] == 327_680
    assert _serve(model="llama-3-70b", tp="8", kv_dtype="fp8")["kv_bytes_per_token"] == 160 * 1024
    assert _serve(model="deepseek-v3", accelerator="h200-sxm", tp="8", dtype="fp8")["kv_bytes_per_token"] == 70_272
    assert _serve(model="gpt-3-175b", tp="8")["kv_bytes_per_token"] == 2 * 96 * 96 * 128 * 2  # MHA: every head
    mistral = _serve(model="mistral-7b", prompt_tokens="8000", output_tokens="200")
    assert mistral["kv_bytes_per_sequence"] == 2 * 32 * 8 * 128 * 2 * 4096


def test_decode_reads_every_weight_but_the_input_table() -> None:
    """Llama 3 8B (config.json: V = 128,256, h = 4096, untied) holds 16.06 GB in BF16; a decode step skips the
    1.05 GB input table but one 8 kB row per token. GPT-3 ties its tables (GPT-2's code): the step reads them all."""
    d = calc.load_data()
    llama = d.model("llama-3-8b")
    table = 128_256 * 4096 * 2
    assert calc.decode_read_bytes(model=llama, tokens=1) == pytest.approx(2 * 8.03e9 - table + 4096 * 2)
    gpt3 = d.model("gpt-3-175b")
    assert calc.decode_read_bytes(model=gpt3, tokens=1) == pytest.approx(2 * 175e9)
    q = calc.compute("decode", {"model": "llama-3-8b", "accelerator": "h100-sxm"}, "en").to_dict()
    assert q["weights_read_bytes"] == pytest.approx(2 * 8.03e9 - table + 8192)
    assert q["step_seconds"] == pytest.approx(q["weights_read_bytes"] / H100_BANDWIDTH)


def test_decode_keeps_its_flags_and_keys() -> None:
    """The decode calculator's old contract still holds: --weights-bytes and the same JSON keys; a model may
    replace the weight bytes but not be given with them."""
    q = calc.compute("decode", {"weights_bytes": "14G", "accelerator": "h100-sxm"}, "en").to_dict()
    assert q["step_seconds"] == pytest.approx(14e9 / H100_BANDWIDTH)
    assert {"step_seconds", "tokens_per_second", "batch_tokens_per_second", "memory_seconds"} <= set(q)
    with pytest.raises(CalcError) as raised:
        calc.compute("decode", {"model": "llama-3-8b", "weights_bytes": "14G"}, "en")
    assert raised.value.kind == "only_custom"


def test_int4_counts_group_scales_and_the_tables() -> None:
    """Mixtral 8x7B in INT4: 46.7e9 × 0.5 = 23.35 GB looks like it fits a 24 GB card; with an FP16 scale per 128
    weights (GPTQ, AWQ) and the BF16 embedding tables it is 24.47 GB, and with vLLM's 0.9 share and the KV cache
    of one 4,096-token sequence it does not fit."""
    mixtral = calc.load_data().model("mixtral-8x7b")
    tables = 2 * 32_000 * 4096
    weights = (mixtral.params - tables) * (0.5 + 2 / 128) + tables * 2
    assert weights == pytest.approx(24.47e9, rel=1e-3)
    kv = calc.compute(
        "kv-cache",
        {"model": "mixtral-8x7b", "context": "4096", "accelerator": "rtx-4090", "weight_format": "int4"},
        "en",
    ).to_dict()
    assert kv["weights_bytes"] == pytest.approx(weights)
    assert kv["usable_bytes"] == pytest.approx(24e9 * 0.9)
    assert kv["fits"] is False and kv["fit"] == "does-not-fit"
    served = _serve(model="mixtral-8x7b", accelerator="rtx-4090", dtype="int4", batch="1")
    assert served["max_batch"] == 0 and served["fits"] is False


def test_training_memory_keeps_the_cuda_context_out() -> None:
    """A training state of 85.4 GB "fits" the 85.5 GB an H100 reports by capacity alone; PyTorch's CUDA context
    (287 MB with lazy loading, PyTorch PR #86509) leaves 85.2 GB, so it does not."""
    q = calc.training_memory(params=85.4e9 / 16, accelerator="h100-sxm").quantities
    assert q["per_accelerator_bytes"] == pytest.approx(85.4e9)
    assert q["capacity_bytes"] == H100_MEMORY
    assert q["usable_bytes"] == pytest.approx(H100_MEMORY - 287_047_680)
    assert q["fits"] is False


# -- Bandwidth-bound decode on a known chip and the memory limit on the batch ---------------------------------------


def test_batch_one_decode_is_bandwidth_bound_on_h100() -> None:
    """Llama 3 8B, batch 1, on an H100 SXM at full efficiency: one step reads 15.0 GB of weights plus the cache
    at the mean context (1024 + 256/2 tokens × 131,072 B) at 3.35 TB/s: 4.53 ms, memory-bound; the compute is
    2 × 8.03e9 FLOPs plus attention at 989.4 TFLOP/s, 100 times less."""
    q = _serve(batch="1", efficiency="1")
    read = 2 * 8.03e9 - 128_256 * 4096 * 2 + 8192
    kv = 131_072 * (1024 + 128)
    assert q["decode_memory_seconds"] == pytest.approx((read + kv) / H100_BANDWIDTH)
    assert q["decode_memory_seconds"] == pytest.approx(4.53e-3, rel=0.01)
    assert q["decode_bound"] == "memory"
    flops = 2 * 8.03e9 + 4 * 32 * 1152 * 4096
    assert q["decode_compute_seconds"] == pytest.approx(flops / H100_BF16)


def test_memory_caps_the_batch() -> None:
    """Llama 3 8B, 1024 + 256 tokens, on one H100: 0.9 × 85.52 GB − 16.06 GB leaves room for
    ⌊60.91e9 / (131,072 × 1280)⌋ = 363 sequences; batch 363 fits, 364 does not (and says so)."""
    room = (0.9 * H100_MEMORY - 2 * 8.03e9) / (131_072 * 1280)
    assert math.floor(room) == 363
    assert _serve(batch="363")["max_batch"] == 363 and _serve(batch="363")["fits"] is True
    outcome = calc.run("serving", {"batch": "364"}, "en")
    assert outcome["quantities"]["fits"] is False and any("363" in note for note in outcome["notes"])


def test_tensor_parallelism_splits_weights_and_kv_heads_but_copies_mla() -> None:
    """TP 8 splits Llama 3 70B's 8 KV heads one per rank; DeepSeek-V3's MLA latent is one per token, so each of the
    8 ranks keeps a copy and a sequence costs 8 times its cache in the memory budget."""
    llama = _serve(model="llama-3-70b", tp="8")
    room = (8 * 0.9 * H100_MEMORY - llama["weights_bytes"]) / llama["kv_bytes_per_sequence"]
    assert llama["max_batch"] == math.floor(room)
    deepseek = calc.run("serving", {"model": "deepseek-v3", "accelerator": "h200-sxm", "tp": "8", "dtype": "fp8"}, "en")
    q = deepseek["quantities"]
    room = (8 * 0.9 * 141e9 - q["weights_bytes"]) / (8 * q["kv_bytes_per_sequence"])
    assert q["max_batch"] == math.floor(room)
    assert any("8" in note and "MLA" in note for note in deepseek["notes"])


def test_tp_is_capped_by_the_scale_up_domain() -> None:
    """An H100 SXM's NVLink domain is 8 GPUs (HGX baseboard): TP 16 is refused, naming the flag and the bound."""
    outcome = calc.run("serving", {"model": "llama-3-70b", "tp": "16"}, "en")
    assert not outcome["ok"] and outcome["field"] == "tp" and "8" in outcome["accepted"]


def test_tp_allreduce_is_latency_bound_at_decode() -> None:
    """Llama 3 70B decoding batch 1 on TP 8: two ring AllReduces per layer of 8192 BF16 values over NVLink 4
    (450 GB/s per direction, 2 µs per message, data/latencies.yaml): 160 × (2·7/8·16384/450e9 + 14·2e-6) = 4.49 ms,
    of which the bandwidth term is 10 µs."""
    seconds = calc.tp_allreduce_seconds(
        layers=80, tokens=1, hidden_size=8192, tp=8, link_bytes_per_s=450e9, latency_s=2e-6
    )
    assert seconds == pytest.approx(160 * (2 * 7 / 8 * 16384 / 450e9 + 14 * 2e-6))
    assert seconds == pytest.approx(4.49e-3, rel=0.01)
    given = _serve(model="llama-3-70b", tp="8", batch="1", schedule="blocking", link_gbytes_s="450", latency_us="2")
    assert given["decode_communication_seconds"] == pytest.approx(seconds)


def test_tp_allreduce_below_the_engines_limit_takes_its_one_shot_kernel() -> None:
    """Batch 1 of Llama 3 70B on 8 H100: each AllReduce is 16,384 B, under the 500 kB below which TensorRT-LLM's AUTO
    strategy runs its one-shot kernel on more than 4 ranks (NVIDIA/TensorRT-LLM 005b299, allreducePlugin.cpp). Each
    rank pulls the message from its 7 peers at the 370 GB/s NCCL's AllGather reaches through the NVSwitch, after the
    6 µs of a small AllReduce in a CUDA graph (data/accelerators/h100-sxm.yaml):
    160 × (6 µs + 7 × 16384 / 370e9) = 1.01 ms per decode step."""
    q = _serve(model="llama-3-70b", tp="8", batch="1", schedule="blocking")
    assert q["decode_communication_seconds"] == pytest.approx(160 * (6e-6 + 7 * 16384 / 370e9))
    assert q["decode_communication_seconds"] == pytest.approx(1.01e-3, rel=0.005)


def test_tp_allreduce_above_the_engines_limit_takes_nccls_measured_bandwidth_at_its_size() -> None:
    """Batch 1024 of Llama 3 70B on 8 H100, decode alone: each AllReduce is 1024 × 8192 × 2 = 16 MiB, above the
    engine's limit, so NCCL at the 234.45 GB/s Azure's nccl-tests table (ND H100 v5, Table 6) measured at 16 MiB:
    160 × 2 × 7/8 × 16,777,216 / 234.45e9 = 20.0 ms, against 9.79 ms at the 480 GB/s of its largest messages."""
    q = _serve(model="llama-3-70b", tp="8", batch="1024", schedule="blocking")
    assert q["decode_communication_seconds"] == pytest.approx(160 * 2 * 7 / 8 * 16_777_216 / 234.45e9)
    assert q["decode_communication_seconds"] == pytest.approx(20.0e-3, rel=0.005)


def test_the_engines_one_shot_limit_both_sides() -> None:
    """TensorRT-LLM's AUTO strategy: one-shot below 500 kB on 5-8 ranks and below 1 MB on 3-4, both excluded; on 2
    ranks up to its 16 MB workspace, included. Llama 3 70B's message is 16,384 B a token: 30 tokens (491,520 B) take
    the kernel on 8 ranks, 31 (507,904 B) go to NCCL, and the serving step follows the same line."""
    assert calc.uses_one_shot(499_999, 8) and not calc.uses_one_shot(500_000, 8)
    assert calc.uses_one_shot(999_999, 4) and not calc.uses_one_shot(1_000_000, 4)
    assert calc.uses_one_shot(16_000_000, 2) and not calc.uses_one_shot(16_000_001, 2)
    assert calc.one_shot_limit_bytes(8) == 500e3 and calc.one_shot_limit_bytes(2) == 16e6
    below = _serve(model="llama-3-70b", tp="8", batch="30", schedule="blocking")["decode_communication_seconds"]
    above = _serve(model="llama-3-70b", tp="8", batch="31", schedule="blocking")["decode_communication_seconds"]
    assert below == pytest.approx(160 * (6e-6 + 7 * 491_520 / 370e9))
    bus = calc.swept_bus_bandwidth(507_904, calc.load_data().accelerator("h100-sxm").allreduce_sweep)
    assert above == pytest.approx(160 * 2 * 7 / 8 * 507_904 / bus)
    assert 10.86e9 < bus < 21.35e9  # 496 KiB: between the table's 256 KiB and 512 KiB rows
    assert calc.one_shot_allreduce_seconds(bytes_total=16384, count=8, link_bytes_per_s=370e9, latency_s=6e-6) == (
        pytest.approx(6.31e-6, rel=0.001)
    )


def test_experts_a_batch_touches() -> None:
    """DeepSeek-V3 routes each token to 8 of 256 experts: one token touches 8, 64 tokens about 222, 1024 all of them;
    Mixtral (2 of 8) touches 2 with one token."""
    assert calc.experts_touched(experts=256, experts_per_token=8, tokens=1) == pytest.approx(8)
    assert calc.experts_touched(experts=256, experts_per_token=8, tokens=64) == pytest.approx(
        256 * (1 - (1 - 8 / 256) ** 64)
    )
    assert calc.experts_touched(experts=256, experts_per_token=8, tokens=1024) == pytest.approx(256, rel=1e-9)
    assert calc.experts_touched(experts=8, experts_per_token=2, tokens=1) == pytest.approx(2)


# -- Continuous batching, the curve and the latency target --------------------------------------------------------


@given(st.integers(min_value=1, max_value=400), st.integers(min_value=2, max_value=2000))
def test_blocking_batching_accounting(batch: int, output: int) -> None:
    """Blocking prefill (Orca): B sequences each emit one token per TPOT over O − 1 decode tokens, so the batch makes
    B·O / ((O − 1)·TPOT) tokens/s; TPOT is the decode step plus the B/(O − 1) prefills that interrupt it."""
    q = _serve(batch=str(batch), output_tokens=str(output), schedule="blocking")
    assume(q["fits"])  # a batch past the memory gets no times
    assert q["tpot_seconds"] == pytest.approx(q["decode_step_seconds"] + batch * q["ttft_seconds"] / (output - 1))
    assert q["output_tokens_per_second"] == pytest.approx(batch * output / ((output - 1) * q["tpot_seconds"]))
    assert q["request_seconds"] == pytest.approx(q["ttft_seconds"] + (output - 1) * q["tpot_seconds"])


@given(st.integers(min_value=1, max_value=400), st.integers(min_value=2, max_value=2000))
def test_chunked_batching_accounting(batch: int, output: int) -> None:
    """Chunked prefill (Sarathi-Serve): every step carries the decodes and the joining prompts, so TPOT is the step
    itself, the batch makes B tokens per step, and a step is never faster than the same batch decoding alone."""
    q = _serve(batch=str(batch), output_tokens=str(output))
    assume(q["fits"])  # a batch past the memory gets no times
    alone = _serve(batch=str(batch), output_tokens=str(output), schedule="blocking")
    assert q["tpot_seconds"] == pytest.approx(q["decode_step_seconds"])
    assert q["output_tokens_per_second"] == pytest.approx(batch / q["tpot_seconds"])
    assert q["request_seconds"] == pytest.approx(q["ttft_seconds"] + (output - 1) * q["tpot_seconds"])
    assert q["decode_step_seconds"] >= alone["decode_step_seconds"] * (1 - 1e-9)
    assert q["output_tokens_per_second"] >= alone["output_tokens_per_second"] * (1 - 1e-9)


def test_larger_batches_cost_less_and_wait_longer() -> None:
    """Along the curve TPOT grows and the cost per token falls with the batch: the trade a target settles."""
    rows = _serve(sweep="on")["sweep"]
    tpots = [row["tpot_seconds"] for row in rows]
    costs = [row["cost_per_million_output_tokens"] for row in rows]
    assert tpots == sorted(tpots)
    assert all(
        later <= earlier * (1 + 1e-12) for earlier, later in itertools.pairwise(costs)
    )  # flat once compute-bound


def test_slo_picks_the_largest_batch_that_meets_it() -> None:
    """A 20 ms TPOT target on Llama 3 8B / H100: the chosen batch meets it, one more does not, and nothing is
    cheaper among the batches that meet it."""
    q = _serve(slo_tpot_ms="20")
    chosen = q["slo_batch"]
    assert q["slo_batch_tpot_seconds"] <= 0.02
    assert _serve(batch=str(chosen + 1))["tpot_seconds"] > 0.02
    assert q["slo_cost_per_million_output_tokens"] == pytest.approx(
        _serve(batch=str(chosen))["cost_per_million_output_tokens"]
    )
    too_tight = calc.run("serving", {"slo_tpot_ms": "1"}, "en")
    assert too_tight["quantities"]["slo_batch"] is None and any("1 ms" in n for n in too_tight["notes"])


def test_sweep_marks_the_memory_limit_and_draws_it() -> None:
    """--sweep on lists batches up to twice the memory limit, flags the ones that do not fit, includes the limit and
    the chosen batch, and the page draws the curve; off, neither the table nor the chart is made."""
    outcome = calc.run("serving", {"sweep": "on", "slo_tpot_ms": "20"}, "es")
    rows, q = outcome["table"], outcome["quantities"]
    batches = [row["batch"] for row in rows]
    assert q["max_batch"] in batches and q["slo_batch"] in batches
    assert all(row["fits"] == (row["batch"] <= q["max_batch"]) for row in rows)
    root = ET.fromstring(outcome["svg"])
    desc = root.find("{http://www.w3.org/2000/svg}desc").text
    assert "límite de memoria: batch 363" in desc
    off = calc.run("serving", {}, "en")
    assert "table" not in off and off["svg"] is None


def test_cost_per_million_output_tokens() -> None:
    """Cost = n × price / (tokens/s × 3600) × 10⁶: at $2.99 per H100-hour (the data's typical price) and the
    batch's output rate; a chip without a price gives none, and --price adds it."""
    q = _serve()
    assert q["cost_per_million_output_tokens"] == pytest.approx(2.99 / (q["output_tokens_per_second"] * 3600) * 1e6)
    assert "h800-sxm" not in calc.load_data().economics.accelerator_hour_usd, "pick a chip the data has no price for"
    unpriced = calc.run("serving", {"accelerator": "h800-sxm", "model": "llama-3-8b"}, "en")
    assert unpriced["quantities"]["cost_per_million_output_tokens"] is None
    priced = _serve(accelerator="h800-sxm", price="0.5")
    assert priced["cost_per_million_output_tokens"] == pytest.approx(
        0.5 / (priced["output_tokens_per_second"] * 3600) * 1e6
    )


# -- Input and output tokens priced apart ---------------------------------------------------------------------------

SPLIT_KEYS = (
    "prefill_time_share",
    "cost_per_million_input_tokens",
    "cost_per_million_generated_tokens",
    "generated_to_input_cost_ratio",
)


def _request_cost(q: dict) -> float:
    """The GPU cost of one request: n × price per second over the requests per second."""
    return q["price_usd_per_hour"] * q["n"] / 3600 / q["requests_per_second"]


def _assert_split_adds_up(inputs: dict[str, str]) -> dict:
    q = _serve(**inputs)
    p, o = float(inputs.get("prompt_tokens", "1024")), float(inputs.get("output_tokens", "256"))
    q["n"] = float(inputs.get("tp", "1"))
    assert 0.0 <= q["prefill_time_share"] <= 1.0
    split = (q["cost_per_million_input_tokens"] * p + q["cost_per_million_generated_tokens"] * o) / 1e6
    assert split == pytest.approx(_request_cost(q), rel=1e-9)
    assert split == pytest.approx(q["cost_per_million_output_tokens"] * o / 1e6, rel=1e-9)  # the all-in price
    return q


@pytest.mark.parametrize("schedule", ["chunked", "blocking"])
@pytest.mark.parametrize("preset", sorted(calc.CALCULATORS["serving"].presets))
def test_input_and_output_costs_add_up_to_the_request(preset: str, schedule: str) -> None:
    """The prompt's P tokens at the input price plus the O output tokens at the decode-only price pay exactly for
    the GPU time of one request (n × price / requests per second), on every preset that fits and has a price."""
    inputs = {**calc.CALCULATORS["serving"].presets[preset], "schedule": schedule}
    q = _serve(**inputs)
    if q["cost_per_million_output_tokens"] is None:  # the RTX 4090 has no price in the data
        assert all(q[key] is None for key in SPLIT_KEYS[1:])
        return
    _assert_split_adds_up(inputs)


@given(
    st.sampled_from(["llama-3-8b", "llama-3-70b"]),
    st.sampled_from(["1", "2", "8"]),
    st.integers(min_value=1, max_value=32_768),
    st.integers(min_value=1, max_value=4_096),
    st.integers(min_value=1, max_value=512),
    st.sampled_from(["chunked", "blocking"]),
)
def test_the_split_adds_up_for_any_request(
    model: str, tp: str, prompt: int, output: int, batch: int, schedule: str
) -> None:
    """Whatever the shape, the schedule and the AllReduce's path, the two prices share out the request's cost."""
    inputs = {"model": model, "tp": tp, "prompt_tokens": str(prompt), "output_tokens": str(output)}
    inputs |= {"batch": str(batch), "schedule": schedule}
    outcome = calc.run("serving", inputs, "en")
    assume(outcome["ok"] and outcome["quantities"]["fits"])
    _assert_split_adds_up(inputs)


def test_worked_example_of_the_split_by_hand() -> None:
    """Llama 3 8B on one H100 at $2.99/h, batch 256, 1,024-token prompts and 256-token answers, chunked.
    The step: max(T_W 5.05 ms, T_lin,mix 25.9 ms) + max(T_KV 13.0 ms, T_att,mix 0.54 ms) = 38.9 ms, where the
    mixed matmuls are 255/256 × 5.17 ms of decodes plus one prompt's 20.7 ms. The same step with its decodes
    alone: max(5.05, 255/256 × 5.17 = 5.15 ms) + max(13.0, 0.19 ms) = 18.2 ms. The prompts add 38.9 − 18.2 =
    20.7 ms, f = 0.533. The batch makes 256 / 38.9 ms = 6,586 output tokens/s and 6,586 × 1,024 / 256 = 26,345
    prompt tokens/s, and costs 2.99 / 3600 = $0.000831 a second: input 0.533 × 0.000831 / 26,345 × 10⁶ = $0.0168
    per million, output 0.467 × 0.000831 / 6,586 × 10⁶ = $0.0589 per million, 3.51 times dearer. Check:
    0.0168 × 1,024 + 0.0589 × 256 = 32.3 = $0.126 (all-in) × 256, in millionths of a dollar per request."""
    q = _serve(batch="256")
    weights, kv = q["decode_weights_seconds"], q["decode_kv_seconds"]
    share = 255 / 256
    alone = max(weights, share * q["decode_linear_seconds"]) + max(kv, share * q["decode_attention_seconds"])
    assert q["decode_step_seconds"] == pytest.approx(0.0389, rel=2e-3)
    assert alone == pytest.approx(0.0182, rel=2e-3)
    f = (q["decode_step_seconds"] - alone) / q["decode_step_seconds"]
    assert q["prefill_time_share"] == pytest.approx(f) == pytest.approx(0.533, rel=2e-3)
    dollars = 2.99 / 3600
    rate = q["output_tokens_per_second"]
    assert rate == pytest.approx(6586, rel=1e-3)
    assert q["cost_per_million_input_tokens"] == pytest.approx(f * dollars / (rate * 1024 / 256) * 1e6)
    assert q["cost_per_million_input_tokens"] == pytest.approx(0.0168, rel=3e-3)
    assert q["cost_per_million_generated_tokens"] == pytest.approx((1 - f) * dollars / rate * 1e6)
    assert q["cost_per_million_generated_tokens"] == pytest.approx(0.0589, rel=3e-3)
    assert q["generated_to_input_cost_ratio"] == pytest.approx(3.51, rel=3e-3)


def test_blocking_charges_a_prompt_token_its_own_prefill_time() -> None:
    """Blocking: the prefills' share B·TTFT of each cycle, spread over the batch's B·P prompt tokens, leaves each
    prompt token TTFT / P seconds of the engine, whatever the batch; it grows with the prompt (causal attention
    is quadratic in it), and the ratio with it, while a larger batch shares each decode step's weight read and
    makes output tokens relatively cheaper."""
    prices = []
    for prompt in ("512", "2048", "8192"):
        q = _serve(schedule="blocking", prompt_tokens=prompt, batch="8")
        per_second = q["price_usd_per_hour"] / 3600
        expected = q["ttft_seconds"] / float(prompt) * per_second * 1e6
        assert q["cost_per_million_input_tokens"] == pytest.approx(expected)
        prices.append((q["cost_per_million_input_tokens"], q["generated_to_input_cost_ratio"]))
    assert prices == sorted(prices) and prices[0][1] < prices[-1][1]
    ratios = [_serve(schedule="blocking", batch=b)["generated_to_input_cost_ratio"] for b in ("1", "16", "256")]
    assert ratios == sorted(ratios, reverse=True) and ratios[-1] > 1


def test_chunked_prompts_ride_free_under_the_reads_until_their_math_shows() -> None:
    """Chunked, Llama 3 8B on one H100 at batch 32: short prompts' matmuls hide under the weight read (the step
    stays memory-bound), so they add no time, cost nothing and leave no ratio to give; the all-in price is then
    the decode price. Longer prompts make the step compute-bound and the input price rises with them."""
    short = _serve()
    assert short["prefill_time_share"] == 0.0 and short["cost_per_million_input_tokens"] == 0.0
    assert short["generated_to_input_cost_ratio"] is None
    assert short["cost_per_million_generated_tokens"] == pytest.approx(short["cost_per_million_output_tokens"])
    prices = [_serve(prompt_tokens=p)["cost_per_million_input_tokens"] for p in ("1024", "2048", "4096", "8192")]
    assert prices == sorted(prices) and prices[0] == 0.0 < prices[1]


def test_long_prompts_make_output_tokens_relatively_dearer_at_the_memory_limit() -> None:
    """Llama 3 70B over eight H100s, each shape at the largest batch memory holds: 8,000-token prompts with
    200-token answers hold fewer sequences than 1,000 + 1,000, so each step's weight read is shared by fewer
    output tokens, each reading a longer cache; a prompt token costs about the same (compute-bound prefill),
    and the ratio rises."""
    rows = []
    for prompt, output in (("1000", "1000"), ("8000", "200")):
        base = {"model": "llama-3-70b", "tp": "8", "prompt_tokens": prompt, "output_tokens": output}
        limit = _serve(**base)["max_batch"]
        rows.append((limit, _assert_split_adds_up({**base, "batch": str(limit)})))
    (short_limit, short), (long_limit, long) = rows
    assert long_limit < short_limit
    assert long["cost_per_million_input_tokens"] == pytest.approx(short["cost_per_million_input_tokens"], rel=0.25)
    assert long["generated_to_input_cost_ratio"] > 2 * short["generated_to_input_cost_ratio"] > 2


def test_without_a_price_the_share_stays_and_the_prices_go() -> None:
    """The time share needs no price; the three prices do, and a batch that does not fit gets none of the four."""
    unpriced = _serve(accelerator="h800-sxm", schedule="blocking")
    assert 0 < unpriced["prefill_time_share"] < 1
    assert all(unpriced[key] is None for key in SPLIT_KEYS[1:])
    over = _serve(batch="500")
    assert all(over[key] is None for key in SPLIT_KEYS)


def test_custom_chip_needs_a_link_for_tensor_parallelism() -> None:
    """A custom chip has no scale-up link in the data: TP 2 asks for --link-gbytes-s, and works with it."""
    custom = {"accelerator": "custom", "peak_tflops": "500", "bandwidth_tbytes_s": "2", "memory_gb": "96", "tp": "2"}
    outcome = calc.run("serving", custom, "en")
    assert not outcome["ok"] and outcome["field"] == "link_gbytes_s"
    assert calc.run("serving", {**custom, "link_gbytes_s": "100"}, "en")["ok"]


# -- The CLI contract ------------------------------------------------------------------------------------------------


CONTRACT_KEYS = {
    "weights_bytes",
    "kv_bytes",
    "max_batch",
    "ttft_seconds",
    "tpot_seconds",
    "request_seconds",
    "output_tokens_per_second",
    "requests_per_second",
    "decode_bound",
    "cost_per_million_output_tokens",
}


def test_cli_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's flags and JSON keys: serving --model --accelerator --tp --dtype --kv-dtype --prompt-tokens
    --output-tokens --batch --efficiency --price, --sweep on, --slo-tpot-ms; speculative --acceptance
    --draft-tokens --draft-cost."""
    argv = [
        "serving", "--model", "llama-3-70b", "--accelerator", "h100-sxm", "--tp", "8", "--dtype", "fp8",
        "--kv-dtype", "fp8", "--prompt-tokens", "2k", "--output-tokens", "512", "--batch", "64",
        "--efficiency", "0.8", "--price", "3", "--sweep", "on", "--slo-tpot-ms", "30", "--json",
    ]  # fmt: skip
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert CONTRACT_KEYS <= set(out) and out["sweep"] and out["slo_batch"]
    assert out["cost_per_million_output_tokens"] == pytest.approx(
        8 * 3 / (out["output_tokens_per_second"] * 3600) * 1e6
    )
    assert set(SPLIT_KEYS) <= set(out)  # "2k" prompt tokens are 2,000
    split = out["cost_per_million_input_tokens"] * 2000 + out["cost_per_million_generated_tokens"] * 512
    assert split == pytest.approx(out["cost_per_million_output_tokens"] * 512)
    assert out["generated_to_input_cost_ratio"] == pytest.approx(
        out["cost_per_million_generated_tokens"] / out["cost_per_million_input_tokens"]
    )
    assert main(["speculative", "--acceptance", "0.8", "--draft-tokens", "4", "--draft-cost", "0.1", "--json"]) == 0
    spec = json.loads(capsys.readouterr().out)
    assert spec["expected_tokens_per_step"] == pytest.approx((1 - 0.8**5) / 0.2)
    assert spec["speedup"] == pytest.approx((1 - 0.8**5) / 0.2 / 1.4)
    assert main(["serving", "--sweep", "yes"]) == 2
    assert "--sweep" in capsys.readouterr().err


def test_default_efficiency_is_the_measured_share_of_peak() -> None:
    """Without --efficiency a chip runs at its measured share of peak: the H100 SXM's BabelStream Triad 2.97 TB/s
    (Azure AI Benchmarking Guide) of 3.35 TB/s for bandwidth, its best BF16 matmul 794.5 of 989.4 TFLOP/s
    (mamf-finder) for compute; a chip the data did not measure takes the median of the chips it did."""
    q = _serve()
    assert q["bandwidth_efficiency"] == pytest.approx(2.97 / 3.35)
    assert q["compute_efficiency"] == pytest.approx(794.5 / 989.4)
    data = calc.load_data()
    ratios = sorted(
        c.achievable_memory_bandwidth_bytes_per_s / c.memory_bandwidth_bytes_per_s
        for c in data.accelerators.values()
        if c.achievable_memory_bandwidth_bytes_per_s
    )
    assert len(ratios) >= 2 and data.accelerator("rtx-4090").achievable_memory_bandwidth_bytes_per_s is None
    median = (
        ratios[len(ratios) // 2] if len(ratios) % 2 else (ratios[len(ratios) // 2 - 1] + ratios[len(ratios) // 2]) / 2
    )
    assert _serve(accelerator="rtx-4090")["bandwidth_efficiency"] == pytest.approx(median)
    given = _serve(efficiency="0.5")
    assert given["bandwidth_efficiency"] == given["compute_efficiency"] == 0.5


def test_a_server_that_cannot_hold_its_weights_gives_no_time_or_price_and_says_what_fits() -> None:
    """Llama 3 70B in BF16 (141 GB) on one H100 (77 GB it may fill): no TTFT, TPOT, throughput or price, only the
    memory steps; the first note says it does not fit and that 2 accelerators or FP8 weights would (both checked
    by running them), in both languages."""
    inputs = {"model": "llama-3-70b", "tp": "1", "accelerator": "h100-sxm", "slo_tpot_ms": "30"}
    for lang, words in (("en", "Does not fit"), ("es", "No cabe")):
        result = calc.compute("serving", inputs, lang)
        q = result.quantities
        assert q["max_batch"] == 0 and q["fits"] is False
        assert all(q[key] is None for key in ("ttft_seconds", "tpot_seconds", "cost_per_million_output_tokens"))
        assert q["output_tokens_per_second"] is None and q["slo_batch"] is None
        assert {step.key for step in result.steps} <= {
            "weights_bytes",
            "kv_bytes_per_token",
            "kv_bytes_per_sequence",
            "usable_bytes",
            "kv_room",
            "compute_bound_batch",
            "kv_transfer_seconds",
        }
        first = result.notes[0].render(lang)
        assert first.startswith(words) and "2" in first and "FP8" in first
    assert calc.compute("serving", {**inputs, "tp": "2"}, "en").quantities["max_batch"] >= 1
    assert calc.compute("serving", {**inputs, "dtype": "fp8"}, "en").quantities["max_batch"] >= 1


def test_a_batch_past_the_memory_limit_gets_no_price() -> None:
    """Weights that fit but a batch that does not: no price for that batch, and the note comes first."""
    result = calc.compute("serving", {"batch": "500"}, "en")
    assert result.quantities["fits"] is False and result.quantities["cost_per_million_output_tokens"] is None
    assert result.notes[0].render("en").startswith("A batch of 500 does not fit")


def test_compute_bound_batch_is_on_the_serving_basis() -> None:
    """The weights-only batch where decode turns compute-bound uses the same rates as the serving step: the
    datasheet ratio (the decode calculator's) times the compute over the bandwidth efficiency."""
    inputs = {"model": "llama-3-8b", "accelerator": "h100-sxm"}
    peak_ratio = calc.compute("decode", inputs).quantities["compute_bound_batch"]
    for extra in ({}, {"basis": "peak"}, {"efficiency": "1"}):
        q = calc.compute("serving", {**inputs, **extra}).quantities
        expected = peak_ratio * q["compute_efficiency"] / q["bandwidth_efficiency"]
        assert q["compute_bound_batch"] == pytest.approx(expected)
    achievable = calc.compute("serving", inputs).quantities["compute_bound_batch"]
    assert 240 < achievable < 260 < peak_ratio  # about 250 on the H100's measured rates, against 276 at the peaks


def test_a_step_runs_its_kernels_in_turn_each_at_its_own_roof() -> None:
    """The matmuls then attention, each bound by its own reads or FLOPs (Yuan et al. 2024, a roofline per
    operation): Llama 3 8B at a batch of 320 on one H100 has compute-bound matmuls and still pays for reading
    its whole cache, which one roofline over the step (max of the totals) would hide. At batch 1 both kernels
    are bound by their reads, and the step is the memory time either way."""
    q = calc.compute(
        "serving", {"model": "llama-3-8b", "accelerator": "h100-sxm", "batch": "320", "schedule": "blocking"}
    ).quantities
    linear, kv = q["decode_linear_seconds"], q["decode_kv_seconds"]
    assert linear > q["decode_weights_seconds"] and kv > q["decode_attention_seconds"]
    assert q["decode_step_seconds"] == pytest.approx(linear + kv)
    assert q["decode_step_seconds"] > max(q["decode_memory_seconds"], q["decode_compute_seconds"])
    one = calc.compute("serving", {"model": "llama-3-8b", "accelerator": "h100-sxm", "batch": "1"}).quantities
    assert one["decode_step_seconds"] == pytest.approx(one["decode_memory_seconds"], rel=0.02)


# -- Prefix caching: vLLM's automatic prefix caching, SGLang's RadixAttention (Zheng et al. 2024) -------------------


def test_a_prefix_cache_computes_only_the_new_tokens_and_their_attention_to_the_whole_prompt() -> None:
    """Llama 3 8B, 8,000-token prompts, half of each in the prefix cache: the prefill computes 4,000 tokens, whose
    matmuls are 2·N·4,000 FLOPs and whose causal attention to the whole prompt is 2·L·d·(8,000² − 4,000²), three
    quarters of the full prompt's 2·L·d·8,000² (each new token attends to everything before it). The TTFT and the
    price of an input token fall; the memory per request and the decode step do not move."""
    cold, warm = _serve(prompt_tokens="8000"), _serve(prompt_tokens="8000", prefix_hit_rate="0.5")
    model = calc.load_data().model("llama-3-8b")
    layers, width = model.layers, model.attention_heads * model.head_dim
    assert warm["prefill_tokens_computed"] == pytest.approx(4000)
    assert cold["prefill_tokens_computed"] == pytest.approx(8000) and cold["prefix_hit_rate"] == 0
    flops = 2 * model.active_params * 4000 + 2 * layers * width * (8000**2 - 4000**2)
    ratio = flops / (2 * model.active_params * 8000 + 2 * layers * width * 8000**2)
    assert warm["ttft_seconds"] == pytest.approx(cold["ttft_seconds"] * ratio, rel=1e-9)  # compute-bound prefill
    assert 2 * layers * width * (8000**2 - 4000**2) == pytest.approx(0.75 * 2 * layers * width * 8000**2)
    assert warm["cost_per_million_input_tokens"] < cold["cost_per_million_input_tokens"]
    assert warm["kv_bytes_per_sequence"] == cold["kv_bytes_per_sequence"] and warm["max_batch"] == cold["max_batch"]
    assert warm["decode_memory_seconds"] == cold["decode_memory_seconds"]
    notes = calc.compute("serving", {"prompt_tokens": "8000", "prefix_hit_rate": "0.5"}, "en").rendered_notes("en")
    assert any("whole KV cache" in note for note in notes)


def test_no_prefix_hit_changes_nothing() -> None:
    """A hit rate of 0, given or left out, is the server without a prefix cache, key for key."""
    for schedule in ("chunked", "blocking"):
        assert _serve(schedule=schedule, prefix_hit_rate="0") == _serve(schedule=schedule)


@pytest.mark.parametrize("lang, words", [("en", "must be a number"), ("es", "debe ser un número")])
def test_a_whole_prompt_is_never_a_hit(lang: str, words: str) -> None:
    """The newest token is always computed, so the hit rate stops at 0.99; 1 is refused, naming the field."""
    outcome = calc.run("serving", {"prefix_hit_rate": "1"}, lang)
    assert not outcome["ok"] and outcome["field"] == "prefix_hit_rate" and words in outcome["message"]
    assert "0.99" in outcome["message"] or "0,99" in outcome["message"]


def test_causal_attention_of_a_half_cached_prompt() -> None:
    """The docstring's worked example: L = 80, d = 8,192, T = 2,000 with the last 1,000 computed is
    2 × 80 × 8,192 × (2,000² − 1,000²) FLOPs, three quarters of the whole prompt's 2·L·T²·d."""
    assert calc.causal_attention_flops(80, 8192, 2000, 1000) == pytest.approx(3.93e12, rel=1e-3)
    half = calc.causal_attention_flops(80, 8192, 2000, 1000)
    assert half == pytest.approx(0.75 * calc.causal_attention_flops(80, 8192, 2000))
