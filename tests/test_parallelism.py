"""The parallelism planner against what is published: Korthikanti et al. (2022) for activations, Narayanan et al.
(2021) for the pipeline bubble, the scaling book's critical batch on TPU v5p, Llama 3 405B's layout, and a layout
that cannot fit."""

from __future__ import annotations

import itertools
import json
import math

import pytest

import calc
from calc import CalcError
from calc._tooling.cli import main

# GPT-3 175B as Korthikanti et al. evaluate it (Table 3): a = 96, h = 12288, s = 2048, b = 1, t = 8.
GPT3 = {"sequence_length": 2048, "micro_batch": 1, "hidden_size": 12288, "attention_heads": 96}
S, B, H, A, T = 2048, 1, 12288, 96, 8
SBH = S * B * H


def _layer(**kwargs: object) -> float:
    return sum(calc.layer_activation_parts(**{**GPT3, **kwargs}).values())  # type: ignore[arg-type]


def test_korthikanti_table_2() -> None:
    """Korthikanti et al. (2022), Table 2: activation bytes per transformer layer for each technique."""
    assert _layer() == pytest.approx(SBH * (34 + 5 * A * S / H))
    assert _layer(tensor_parallel=T) == pytest.approx(SBH * (10 + 24 / T + 5 * A * S / (H * T)))
    assert _layer(tensor_parallel=T, sequence_parallel=True) == pytest.approx(SBH / T * (34 + 5 * A * S / H))
    assert _layer(tensor_parallel=T, recompute="selective") == pytest.approx(SBH * (10 + 24 / T))
    selective_sp = _layer(tensor_parallel=T, sequence_parallel=True, recompute="selective")
    assert selective_sp == pytest.approx(34 * SBH / T)
    assert _layer(tensor_parallel=T, recompute="full") == pytest.approx(2 * SBH)


def test_korthikanti_selective_saves_70_percent_for_gpt3() -> None:
    """§5: for GPT-3, 5as/h = 80 against 34, so selective recomputation saves 70 % of the activations."""
    saved = 1 - _layer(recompute="selective") / _layer()
    assert 5 * A * S / H == 80
    assert saved == pytest.approx(0.70, abs=0.005)


def test_without_dropout_and_with_flash_attention() -> None:
    """No dropout removes the two s·b·h masks and 3·a·s²·b of attention dropout; FlashAttention keeps no s×s
    matrix, only a 4-byte log-sum-exp per query and head."""
    assert _layer(dropout=False) == pytest.approx(SBH * 32 + 2 * A * S * S * B)
    assert _layer(flash_attention=True) == pytest.approx(SBH * 34 + 4 * A * S * B)
    assert _layer(flash_attention=True, dropout=False) == pytest.approx(SBH * 32 + 4 * A * S * B)


def test_swiglu_stores_more_and_gqa_less() -> None:
    """Llama 3 405B's blocks (F = 53,248 = 3.25h, 8 KV heads of 128): the SwiGLU MLP stores 2 + 1 + 6·F/h =
    22.5 s·b·h against GELU's 19; grouped-query attention stores K and V 1/16 as wide as multi-head."""
    shape = {"sequence_length": 8192, "micro_batch": 1, "hidden_size": 16384, "attention_heads": 128}
    sbh = 8192 * 16384
    gelu = calc.layer_activation_parts(**shape, ffn_hidden_size=4 * 16384, mlp="gelu", recompute="selective")
    swiglu = calc.layer_activation_parts(**shape, ffn_hidden_size=53248, mlp="swiglu", recompute="selective")
    # The MLP's share: its input (2) and dropout mask (1) sit in `replicated`, the rest in `linear`.
    attention = 8 * sbh  # Q, K, V and the attention output at full width
    assert (gelu["linear"] - attention) / sbh == pytest.approx(16)  # 19 - 3
    assert (swiglu["linear"] - attention) / sbh == pytest.approx(19.5)  # 22.5 - 3
    gqa = calc.layer_activation_parts(**shape, kv_heads=8, recompute="selective")
    mha = calc.layer_activation_parts(**shape, recompute="selective")
    assert mha["linear"] - gqa["linear"] == pytest.approx(4 * sbh * (1 - 1 / 16))


def test_logits_rival_layers_at_a_128k_vocabulary() -> None:
    """Korthikanti §4.3: the loss keeps FP32 logits, 4·s·b·v. At Llama 3's 128,256 tokens they outweigh more than
    ten layers kept under full recomputation (2·s·b·h each)."""
    logits = calc.output_activation_bytes(sequence_length=8192, micro_batch=1, hidden_size=16384, vocab_size=128256)
    assert logits == pytest.approx(4 * 8192 * 16384 + 4 * 8192 * 128256)
    one_layer_full = 2 * 8192 * 16384
    assert logits / one_layer_full > 10


def test_narayanan_pipeline_bubble() -> None:
    """Narayanan et al. (2021), §2.2: the 1F1B bubble is (p − 1)/m, the interleaved one (p − 1)/(v·m)."""
    assert calc.pipeline_bubble_fraction(stages=16, microbatches=16) == pytest.approx(15 / 16)
    assert calc.pipeline_bubble_fraction(stages=16, microbatches=16, virtual_stages=4) == pytest.approx(15 / 64)
    assert calc.pipeline_bubble_fraction(stages=1, microbatches=8) == 0
    q = calc.compute("parallelism", {"tp": "8", "pp": "4", "virtual_stages": "2"}).quantities
    assert q["pipeline_bubble_fraction"] == pytest.approx(3 / (2 * q["microbatches"]))


def test_scaling_book_critical_batch_on_tpu_v5p() -> None:
    """How to Scale Your Model, ch. 5: a v5p chip (C = 4.59e14) on one torus axis, both neighbours at 90 GB/s each
    way (W = 1.8e11), is compute-bound under pure data parallelism above C/W = 2,550 tokens per chip. The book's
    inputs, given explicitly (a custom torus chip, peak throughput); the edition's 100 GB/s per link gives 2,295."""
    assert calc.critical_batch_tokens(peak_flop_per_s=4.59e14, link_bytes_per_s=1.8e11, count=4096) == pytest.approx(
        2550, rel=1e-3
    )
    book = {
        "peak_tflops": "459",
        "memory_gb": "95",
        "bandwidth_tbytes_s": "2.765",
        "scale_up_gbytes_s": "600",
        "scale_up_domain": "8960",
        "scale_up_topology": "torus",
        "scale_up_link_gbytes_s": "90",
        "scale_out_gbits_s": "50",
        "count": "4096",
        "tp": "1",
        "pp": "1",
        "zero": "3",
        "matmul_efficiency": "1",
        "model": "llama-3-8b",
        "global_batch_tokens": "64M",
    }
    q = calc.compute("parallelism", book).quantities
    assert q["critical_batch_tokens_per_device"] == pytest.approx(2550, rel=1e-3)
    assert q["dp_link"] == "scale-up"
    edition = {k: v for k, v in book.items() if k in ("count", "tp", "pp", "zero", "matmul_efficiency", "model")}
    q = calc.compute("parallelism", {**edition, "accelerator": "tpu-v5p", "global_batch_tokens": "64M"}).quantities
    assert q["critical_batch_tokens_per_device"] == pytest.approx(4.59e14 / 2e11 * 4095 / 4096)


LLAMA3_405B = {  # Llama Team (2024), Table 4 (16,384 GPUs) and §3.3.2
    "model": "llama-3-405b",
    "accelerator": "h100-sxm",
    "count": "16384",
    "tp": "8",
    "pp": "16",
    "zero": "2",  # "Our use of FSDP for Llama 3 shards optimizer states and gradients"
    "seq_len": "8192",
    "global_batch_tokens": "16777216",  # 16M tokens: 16 sequences per data-parallel group
    "micro_batch": "1",
    "recompute": "none",  # "pre-train Llama 3 on sequences of 8K tokens without activation checkpointing"
}


def test_llama3_405b_layout_fits_on_its_links() -> None:
    """TP 8, PP 16, DP 128 on 16,384 H100 fits in 80 GB, with TP inside the node and DP and PP across it; its MFU
    against Table 4 is checked with the other published runs (test_validation.py)."""
    q = calc.compute("parallelism", LLAMA3_405B).quantities
    assert q["dp"] == 128 and q["microbatches"] == 16
    assert q["fits"] is True and q["total_bytes"] < 80e9
    assert q["pipeline_bubble_fraction"] == pytest.approx(15 / 16)
    assert q["tp_link"] == "scale-up" and q["dp_link"] == "scale-out" and q["pp_link"] == "scale-out"
    # The data-parallel groups see 131,072 tokens per step, far above their critical batch: DP is not the limit.
    assert q["batch_tokens_per_device"] > 5 * q["critical_batch_tokens_per_device"]


def test_the_search_puts_llama3s_published_layout_among_the_fastest() -> None:
    """Among every layout of 16,384 H100 that fits, with TP kept inside the NVLink domain, the one Meta published is
    within 3 % of the fastest, in the top three: closer than the model's own accuracy can separate. The ranking is by
    tokens per second, since whole micro-batches give layouts different tokens per step."""
    result = calc.compute("parallelism", {**LLAMA3_405B, "search": "on"})
    table = result.table or []
    ids = [(row["tp"], row["pp"], row["dp"]) for row in table]
    assert (8, 16, 128) in ids[:3]
    published = table[ids.index((8, 16, 128))]
    assert published["tokens_per_second"] >= 0.97 * table[0]["tokens_per_second"]
    assert all(row["fits"] for row in table)
    rates = [row["tokens_per_second"] for row in table]
    assert rates == sorted(rates, reverse=True)
    assert "%" in calc.describe_layout(result, table[1], "en")


def test_70b_with_plain_adam_on_one_node_does_not_fit() -> None:
    """70B with mixed-precision Adam (16 B per parameter) on one 8-GPU node without sharding needs over 140 GB
    per GPU: the planner says it does not fit, in both languages."""
    outcome = calc.run("parallelism", {**calc.CALCULATORS["parallelism"].presets["70b-one-node"]}, "es")
    assert outcome["ok"] and outcome["quantities"]["fits"] is False
    assert outcome["quantities"]["total_bytes"] > 140e9
    assert any(note.startswith("No cabe") for note in outcome["notes"])


def test_links_follow_the_topology() -> None:
    """A switch gives a ring the whole NVLink bandwidth, at the share nccl-tests measures on H100: an AllReduce reduced
    in the NVSwitches at the bus bandwidth Azure's sweep measured at its size (295.53 GB/s at 32 MiB, one sequence of
    4,096 tokens × 4,096 × 2 B), and sequence parallelism's AllGather and ReduceScatter at 370/480 of it; a full
    mesh gives a collective every peer link (7 × 64 GB/s on MI300X, of which rccl-tests measures 319) but a pipeline send only one; a torus axis gives
    both neighbours (2 × 100 GB/s on v5p)."""
    base = {"model": "llama-3-8b", "count": "8", "tp": "8", "pp": "1", "seq_len": "4096", "global_batch_tokens": "4096"}
    h100 = calc.compute("parallelism", {**base, "accelerator": "h100-sxm"})
    mi300x = calc.compute("parallelism", {**base, "accelerator": "mi300x"})
    step = {s.key: s for s in h100.steps}["tp_comm_seconds"]
    assert step.values["xB"][0] == pytest.approx(295.53e9 * 370 / 480)
    unsplit = calc.compute("parallelism", {**base, "accelerator": "h100-sxm", "sequence_parallel": "off"})
    assert {s.key: s for s in unsplit.steps}["tp_comm_seconds"].values["xB"][0] == pytest.approx(295.53e9)
    step = {s.key: s for s in mi300x.steps}["tp_comm_seconds"]
    assert step.values["xB"][0] == pytest.approx(319e9)  # rccl-tests' 319 GB/s of the 7 × 64 GB/s the links give
    piped = calc.compute(
        "parallelism", {**base, "accelerator": "mi300x", "tp": "4", "pp": "2", "global_batch_tokens": "8192"}
    )
    assert {s.key: s for s in piped.steps}["pp_comm_seconds"].values["xB"][0] == pytest.approx(64e9)
    v5p = calc.compute(
        "parallelism", {**base, "accelerator": "tpu-v5p", "count": "16", "tp": "16", "model": "llama-3-70b"}
    )
    assert {s.key: s for s in v5p.steps}["tp_comm_seconds"].values["xB"][0] == pytest.approx(200e9)


def test_deepseek_v3_experts_cross_the_network() -> None:
    """DeepSeek-V3's EP 64 spans 8 nodes of 8 H800: its all-to-alls ride NVLink and then InfiniBand."""
    preset = calc.CALCULATORS["parallelism"].presets["deepseek-v3"]
    q = calc.compute("parallelism", preset).quantities
    assert q["ep_link"] == "scale-up+out" and q["ep_comm_seconds"] > 0
    assert q["microbatches"] == 120  # 15,360 sequences of 4K over 128 data-parallel ranks


@pytest.mark.parametrize(
    "change, field",
    [
        ({"dp": "33"}, "dp"),
        ({"tp": "3", "count": "1536"}, "tp"),
        ({"pp": "200", "count": "1600"}, "pp"),
        ({"ep": "2"}, "ep"),
        ({"cp": "3", "count": "1536", "pp": "4"}, "cp"),
        ({"global_batch_tokens": "8192"}, "global_batch_tokens"),
    ],
)
def test_layouts_that_do_not_divide_are_refused(change: dict[str, str], field: str) -> None:
    """A layout that does not use every accelerator or does not divide the model names the field, in Spanish too."""
    outcome = calc.run("parallelism", change, "es")
    assert not outcome["ok"] and outcome["field"] == field, outcome
    assert outcome["kind"] == "layout" and outcome["message"]


@pytest.mark.parametrize("search", ["off", "on"])
def test_a_custom_model_whose_head_dimension_is_not_whole_is_refused_first(search: str) -> None:
    """The activation formulas' checks run before any layout's links: 5000 / 3 heads is refused as head_dim, not as the
    missing network of a chip without one (B100, 64 accelerators past its 8-GPU domain), search on or off, and though
    the checks passed for 4998 / 3 heads just before (they are remembered once passed)."""
    custom = {"model": "custom", "params": "13B", "layers": "40", "hidden": "4998", "heads": "3"}
    inputs = {**custom, "accelerator": "b100", "count": "64", "tp": "1", "pp": "1", "search": search}
    assert calc.run("parallelism", {**inputs, "accelerator": "h100-sxm"}, "en")["ok"]
    outcome = calc.run("parallelism", {**inputs, "hidden": "5000"}, "en")
    assert not outcome["ok"] and outcome["field"] == "head_dim" and outcome["kind"] == "out_of_range", outcome


def test_cli_contract_keys() -> None:
    """`python -m calc parallelism --json` prints the contract's keys; `--search` alone switches the search on."""
    from contextlib import redirect_stdout
    from io import StringIO

    out = StringIO()
    with redirect_stdout(out):
        assert main(["parallelism", "--json"]) == 0
    data = json.loads(out.getvalue())
    for key in (
        "weights_bytes",
        "gradients_bytes",
        "optimizer_bytes",
        "activation_bytes",
        "total_bytes",
        "fits",
        "microbatches",
        "pipeline_bubble_fraction",
        "compute_seconds",
        "tp_comm_seconds",
        "pp_comm_seconds",
        "dp_comm_seconds",
        "ep_comm_seconds",
        "exposed_comm_seconds",
        "step_seconds",
        "mfu",
        "tokens_per_second",
        "critical_batch_tokens_per_device",
    ):
        assert key in data, key
    out = StringIO()
    with redirect_stdout(out):
        assert main(["parallelism", "--json", "--search"]) == 0
    assert json.loads(out.getvalue())["layouts"][0]["rank"] == 1


def test_custom_model_and_chip_flags() -> None:
    """A described model and chip through the contract's flags; a torus needs its per-link figure."""
    argv = ["parallelism", "--params", "7B", "--layers", "32", "--hidden", "4096", "--heads", "32", "--kv-heads", "8"]
    argv += ["--peak-tflops", "500", "--memory-gb", "96", "--bandwidth-tbps", "2", "--scale-up-gbytes-s", "300"]
    argv += ["--scale-up-domain", "4", "--scale-up-topology", "switch", "--scale-out-gbits-s", "200"]
    argv += ["--count", "64", "--tp", "4", "--pp", "1", "--zero", "3", "--sequence-parallel", "on", "--json"]
    assert main(argv) == 0
    with pytest.raises(CalcError) as raised:
        calc.compute("parallelism", {"peak_tflops": "500", "scale_up_topology": "torus"})
    assert raised.value.field == "scale_up_link_gbytes_s"


def test_scaling_book_llama3_70b_on_a_v5p_pod() -> None:
    """How to Scale Your Model, "Training LLaMA 3 on TPUs": 4M tokens (1,024 sequences of 4K) on a v5p pod cannot
    run as pure FSDP over 8,960 chips (only 1,024 sequences to share out), but FSDP 1,024 × sequence 2 × tensor 4
    keeps every chip compute-bound: 2,048 tokens each against a critical batch below 2,000, all on the torus."""
    pod = {"model": "llama-3-70b", "accelerator": "tpu-v5p", "seq_len": "4096", "global_batch_tokens": "4194304"}
    refused = calc.run("parallelism", {**pod, "count": "8960", "tp": "1", "pp": "1", "zero": "3"}, "en")
    assert not refused["ok"] and refused["field"] == "global_batch_tokens"
    q = calc.compute("parallelism", {**pod, "count": "8192", "tp": "4", "cp": "2", "pp": "1", "zero": "3"}).quantities
    assert q["dp"] == 1024 and q["batch_tokens_per_device"] == 2048
    assert q["critical_batch_tokens_per_device"] < 2048 and q["dp_exposed_seconds"] == 0
    assert q["dp_link"] == "scale-up" and q["fits"] is True


def test_overlapped_tensor_parallelism_hides_under_the_matmuls_as_far_as_they_reach() -> None:
    """Off, every TP collective is on the critical path; on, only what the layer's matmuls cannot cover stays
    (none for Llama 3 70B on H100s, whose matmuls outlast their AllGathers and ReduceScatters); the step shrinks by
    the exposed time and its share of the bubble, and nothing else moves."""
    inputs = {"model": "llama-3-70b", "count": "64", "tp": "8", "pp": "2", "global_batch_tokens": "1M"}
    off = calc.compute("parallelism", inputs, "en").quantities
    on = calc.compute("parallelism", {**inputs, "tp_overlap": "on"}, "en").quantities
    assert off["tp_exposed_seconds"] == off["tp_comm_seconds"] > 0
    assert on["tp_comm_seconds"] == off["tp_comm_seconds"] and on["tp_exposed_seconds"] == 0
    assert on["compute_seconds"] == off["compute_seconds"]
    saved = off["tp_comm_seconds"] + (off["bubble_seconds"] - on["bubble_seconds"])
    assert on["step_seconds"] == pytest.approx(off["step_seconds"] - saved)
    assert on["bubble_seconds"] < off["bubble_seconds"]
    # A slow link leaves part of it exposed: the collectives' time less the matmuls'.
    slow = calc.compute("parallelism", {**inputs, "tp_overlap": "on", "scale_up_gbytes_s": "5"}, "en")
    assert slow.quantities["tp_exposed_seconds"] > 0
    assert any(step.key == "tp_exposed_seconds" for step in slow.steps)


def test_a_layout_that_does_not_fit_says_so_first_and_a_bubble_over_one_is_flagged() -> None:
    """Llama 3 405B on 128 H100s with 64k tokens per step: 16 stages over 2 micro-batches idle 1.88 times the
    compute ((16 − 1) / (1 × 8)), and the planner says so; a layout over the memory leads with that."""
    result = calc.compute(
        "parallelism",
        {"model": "llama-3-405b", "count": "128", "tp": "8", "pp": "16", "global_batch_tokens": "64k"},
        "en",
    )
    assert result.quantities["pipeline_bubble_fraction"] > 1
    assert any("idles longer than it computes" in note.render("en") for note in result.notes)
    big = calc.compute("parallelism", {"model": "llama-3-405b", "count": "8", "tp": "8", "pp": "1"}, "en")
    assert big.quantities["fits"] is False and big.notes[0].render("en").startswith("Does not fit")


def test_context_parallel_ranks_share_the_whole_sequence_attention() -> None:
    """Each rank's s/c queries attend to all s keys (its gathered K and V), so splitting a 32k sequence over 2 or 4
    ranks leaves the step's compute what it was on one: the same attention FLOPs, shared out, not c times fewer."""
    base = {"model": "llama-3-8b", "count": "8", "tp": "1", "pp": "1", "seq_len": "32768"}
    base |= {"global_batch_tokens": "262144", "zero": "1"}
    one = calc.compute("parallelism", {**base, "cp": "1"}).quantities["compute_seconds"]
    for cp in ("2", "4"):
        split = calc.compute("parallelism", {**base, "cp": cp}).quantities["compute_seconds"]
        assert split == pytest.approx(one, rel=0.01)


def test_a_gradient_sync_after_the_backward_pass_is_all_exposed() -> None:
    """Megatron-LM's 2021 "local" DDP reduced the gradients after the pipeline's flush (megatron/training.py,
    train_step, at the commit its SC21 scripts name): off, the whole AllReduce adds to the step; on (the default),
    only what the last micro-batch does not cover."""
    inputs = {"model": "llama-3-70b", "count": "256", "tp": "8", "pp": "4", "global_batch_tokens": "2M", "zero": "1"}
    on = calc.compute("parallelism", inputs, "en")
    off = calc.compute("parallelism", {**inputs, "dp_overlap": "off"}, "es")
    q_on, q_off = on.quantities, off.quantities
    assert q_off["dp_exposed_seconds"] == q_off["dp_comm_seconds"] > q_on["dp_exposed_seconds"]
    saved = q_off["dp_exposed_seconds"] - q_on["dp_exposed_seconds"]
    assert q_off["step_seconds"] == pytest.approx(q_on["step_seconds"] + saved)
    shown = next(step for step in off.steps if step.key == "dp_exposed_seconds")
    assert "sin solapar" in shown.render("es")["label"]


def test_pipeline_sends_without_sequence_parallelism_gather_the_activations_back() -> None:
    """Narayanan et al. (2021), §4.1: each of the t tensor-parallel ranks sends 1/t of the replicated activations
    to the next stage, whose ranks AllGather them over NVLink. With sequence parallelism they stay sharded and no
    gather follows; the sends themselves are the same."""
    inputs = {"model": "llama-3-70b", "accelerator": "a100-sxm", "count": "64", "tp": "8", "pp": "4"}
    sharded = calc.compute("parallelism", {**inputs, "sequence_parallel": "on"}).quantities
    replicated = calc.compute("parallelism", {**inputs, "sequence_parallel": "off"}, "en")
    q = replicated.quantities
    assert q["pp_comm_seconds"] > sharded["pp_comm_seconds"] > 0
    shown = next(step for step in replicated.steps if step.key == "pp_comm_seconds").render("en")
    assert "gather them back" in shown["label"]


def test_ep_overlap_hides_the_all_to_alls_under_the_other_micro_batch() -> None:
    """DualPipe (DeepSeek-AI 2024, §3.2): a micro-batch's all-to-alls run under another's compute, which loses 20 of
    every 132 SMs to them; by hand from the run without the overlap: t_c' = t_c × 132/112, the exposed all-to-all
    max(0, t_EP − t_c'), the bubble (p − 1)/m of the critical time, and the rest of the step unchanged."""
    preset = calc.CALCULATORS["parallelism"].presets["deepseek-v3"]
    assert preset["ep_overlap"] == "on"
    off = calc.compute("parallelism", {**preset, "ep_overlap": "off"}).quantities
    on = calc.compute("parallelism", preset).quantities
    m, p = float(off["microbatches"]), 16.0
    compute = float(off["compute_seconds"]) * 132 / 112
    ep = float(off["ep_comm_seconds"])
    exposed = max(0.0, ep - compute)
    assert on["compute_seconds"] == pytest.approx(compute)
    assert on["ep_comm_seconds"] == pytest.approx(ep)  # the same bytes, moved under the compute
    assert on["ep_exposed_seconds"] == pytest.approx(exposed) and 0 < exposed < ep
    assert off["ep_exposed_seconds"] == pytest.approx(ep)
    assert on["bubble_seconds"] == pytest.approx((p - 1) / m * (compute + exposed))
    rest = float(off["pp_comm_seconds"]) + float(off["dp_exposed_seconds"]) + float(off["optimizer_seconds"])
    assert on["step_seconds"] == pytest.approx(compute + exposed + (p - 1) / m * (compute + exposed) + rest)
    assert on["step_seconds"] < 0.7 * off["step_seconds"]  # what the overlap buys DeepSeek-V3
    # Default off: a layout without the option is the one with it off; a dense model has no all-to-all to hide.
    default = {k: v for k, v in preset.items() if k != "ep_overlap"}
    assert calc.compute("parallelism", default).quantities["step_seconds"] == off["step_seconds"]
    dense = calc.compute("parallelism", {"ep_overlap": "on"}).quantities
    assert dense["step_seconds"] == calc.compute("parallelism", {}).quantities["step_seconds"]


# -- the zero-bubble schedules (Qi, Wan, Huang & Lin 2024, "Zero Bubble Pipeline Parallelism", arXiv:2401.10241) --


def _preset(**changes: str) -> dict[str, object]:
    return {**calc.CALCULATORS["parallelism"].presets["llama-3-405b"], **changes}


def test_zero_bubble_table_2_by_hand() -> None:
    """Qi et al. (2024), Table 2: 1F1B (p − 1)(T_F + T_B + T_W), ZB-H1 (p − 1)(T_F + T_B − T_W), ZB-H2
    (p − 1)(T_F + T_B − 2T_W), over the m micro-batches' m(T_F + T_B + T_W), worked by hand for p = 8, m = 32."""
    fraction = calc.pipeline_bubble_fraction
    # T_F = T_B = T_W = 1/3 of a micro-batch: 1F1B 7·1/32, ZB-H1 7·(1/3)/32 (a third), ZB-H2 7·0/32.
    assert fraction(stages=8, microbatches=32) == pytest.approx(7 / 32)
    assert fraction(stages=8, microbatches=32, schedule="zb-h1") == pytest.approx(7 / 96)
    assert fraction(stages=8, microbatches=32, schedule="zb-h2") == 0
    # Full recomputation: B also reruns the forward, T_F = T_W = 1/4, T_B = 1/2. ZB-H1: 7 × (1/4 + 1/2 − 1/4) =
    # 3.5; ZB-H2: 7 × (1/4 + 1/2 − 1/2) = 1.75, a bubble even ZB-H2 keeps.
    assert fraction(stages=8, microbatches=32, schedule="zb-h1", recompute="full") == pytest.approx(3.5 / 32)
    assert fraction(stages=8, microbatches=32, schedule="zb-h2", recompute="full") == pytest.approx(1.75 / 32)
    # Fewer than 2p − 1 micro-batches: only m − p extra in flight, each filling one T_W: m = 10, 7/3 − 2/3.
    assert fraction(stages=8, microbatches=10, schedule="zb-h2") == pytest.approx((7 - 2) / 3 / 10)
    assert fraction(stages=8, microbatches=8, schedule="zb-h2") == fraction(stages=8, microbatches=8, schedule="zb-h1")
    # Never negative, however few stages or many micro-batches.
    for p in (1, 2, 4, 16, 64):
        for m in (1, 3, 2 * p - 1, 10 * p):
            for recompute in ("none", "selective", "full"):
                assert fraction(stages=p, microbatches=m, schedule="zb-h2", recompute=recompute) >= 0


@pytest.mark.parametrize("pp", ["2", "4", "8", "16"])
def test_zero_bubble_planner_never_negative_and_below_1f1b(pp: str) -> None:
    for batch in ("16777216", "67108864", "134217728"):
        for recompute in ("none", "selective", "full"):
            fractions = {}
            for schedule in ("1f1b", "zb-h1", "zb-h2"):
                raw = _preset(pp=pp, global_batch_tokens=batch, recompute=recompute, schedule=schedule)
                q = calc.compute("parallelism", raw).quantities
                assert q["pipeline_bubble_fraction"] >= 0 and q["bubble_seconds"] >= 0
                fractions[schedule] = q["pipeline_bubble_fraction"]
            assert fractions["zb-h2"] <= fractions["zb-h1"] < fractions["1f1b"]


def test_zero_bubble_planner_bubble_and_memory() -> None:
    """On the planner: ZB-H1 a third of 1F1B's bubble (T_F = T_B = T_W without full recomputation) at the same
    memory; ZB-H2 no bubble, its first stage holding 2p − 1 micro-batches' activations instead of p."""
    raw = _preset(pp="8", global_batch_tokens="67108864")  # m = 32 ≥ 2p − 1
    one, h1, h2 = (calc.compute("parallelism", {**raw, "schedule": s}) for s in ("1f1b", "zb-h1", "zb-h2"))
    q1, qh1, qh2 = one.quantities, h1.quantities, h2.quantities
    assert qh1["pipeline_bubble_fraction"] == pytest.approx(q1["pipeline_bubble_fraction"] / 3)
    assert qh1["bubble_seconds"] == pytest.approx(q1["bubble_seconds"] / 3)
    assert qh2["pipeline_bubble_fraction"] == 0 and qh2["bubble_seconds"] == 0
    assert qh1["activation_bytes"] == q1["activation_bytes"]
    assert qh2["activation_bytes"] == pytest.approx(q1["activation_bytes"] * (2 * 8 - 1) / 8)
    assert qh2["step_seconds"] < qh1["step_seconds"] < q1["step_seconds"]
    keys = [s.key for s in h2.steps]
    assert "first_stage_in_flight" in keys and "weight_grad_seconds" in keys
    # Llama 3 405B's own batch has m = p = 16: no micro-batch to put in flight beyond p, so ZB-H2 is ZB-H1.
    q405 = calc.compute("parallelism", _preset(schedule="zb-h2")).quantities
    assert q405["pipeline_bubble_fraction"] == pytest.approx(15 / 48)


def test_zero_bubble_with_interleaving_is_refused_in_both_languages() -> None:
    for schedule in ("zb-h1", "zb-h2"):
        with pytest.raises(CalcError) as raised:
            calc.compute("parallelism", _preset(schedule=schedule, virtual_stages="2"))
        assert raised.value.field == "schedule"
        en, es = raised.value.message("en"), raised.value.message("es")
        assert en.startswith("schedule: ") and "1f1b" in en and "virtual_stages" in en and schedule in en
        assert "1f1b" in es and "virtual_stages" in es and "planificación" in es and en != es
    with pytest.raises(CalcError):
        calc.pipeline_bubble_fraction(stages=8, microbatches=32, virtual_stages=2, schedule="zb-h1")
    with pytest.raises(CalcError) as raised:
        calc.compute("parallelism", _preset(schedule="zb-v"))
    assert raised.value.kind == "not_choice"


def test_schedule_cli_flag_and_unchanged_default() -> None:
    """`--schedule` reaches the --json; `--schedule 1f1b` prints exactly what no flag prints."""
    from contextlib import redirect_stdout
    from io import StringIO

    def run(*extra: str) -> dict[str, object]:
        out = StringIO()
        with redirect_stdout(out):
            assert main(["parallelism", "--json", "--pp", "8", "--global-batch-tokens", "16777216", *extra]) == 0
        return json.loads(out.getvalue())

    default, explicit, h2 = run(), run("--schedule", "1f1b"), run("--schedule", "zb-h2")
    assert default == explicit
    assert default["pipeline_bubble_fraction"] == pytest.approx(7 / default["microbatches"])
    assert h2["pipeline_bubble_fraction"] == 0 and h2["activation_bytes"] > default["activation_bytes"]
    assert set(h2) == set(default)


def test_fp8_runs_only_the_linear_matmuls_in_fp8() -> None:
    """FP8 training recipes keep attention and the output head in BF16 (DeepSeek-V3 report, §3.3.1): in FP8 the
    planner's attention and output-head rates are BF16's, its linear layers' matmuls FP8's, and a note says so."""

    def rate(step: calc.Step) -> float:  # a measured rate by shape (R), else η·E·P
        v = step.values
        return v["R"][0] if "R" in v else v["u"][0] * v["E"][0] * v["P"][0]

    def rates(dtype: str) -> dict[str, float]:
        result = calc.compute("parallelism", {"accelerator": "h100-sxm", "dtype": dtype}, "en")
        steps = {s.key: s for s in result.steps}
        return {
            "attention": steps["dense_layer_attention_seconds"].values["R"][0],
            "head": rate(steps["output_layer_seconds"]),
            "qkv": rate(steps["dense_layer_matmul_qkv_seconds"]),
            "notes": sum(n.key == "planner.note.kept_bf16" for n in result.notes),
        }

    bf16, fp8 = rates("bf16"), rates("fp8")
    assert fp8["attention"] == pytest.approx(bf16["attention"])
    assert fp8["head"] == pytest.approx(bf16["head"])
    assert fp8["qkv"] > 1.5 * bf16["qkv"]
    assert (bf16["notes"], fp8["notes"]) == (0, 1)


# -- a mixture of experts' capacity factor (Fedus, Zoph & Shazeer 2022, "Switch Transformers", JMLR, §2.2) --------


def test_dropped_token_share_by_hand() -> None:
    """E[max(0, X − Cλ)] / λ for X ~ Poisson(λ), summed by hand over the loads under capacity: with C = 1 the overflow
    is E[X] − λ + Σ_{x<λ} (λ − x)·P(x). λ = 1: e⁻¹; λ = 2: 2·P(0) + P(1) = 4e⁻², a share of 2e⁻²; λ = 3:
    3·P(0) + 2·P(1) + P(2) = (3 + 6 + 4.5)·e⁻³, a share of 4.5·e⁻³. A large load runs on the normal approximation,
    σ·φ(0)/λ = 1/√(2πλ) at C = 1, and meets the exact sum where it takes over (within a few per cent
    three standard deviations out, where the Poisson's skew shows)."""
    share = calc.dropped_token_share
    assert share(tokens_per_expert=1, capacity_factor=1) == pytest.approx(math.exp(-1), rel=1e-12)
    assert share(tokens_per_expert=2, capacity_factor=1) == pytest.approx(2 * math.exp(-2), rel=1e-12)
    assert share(tokens_per_expert=3, capacity_factor=1) == pytest.approx(4.5 * math.exp(-3), rel=1e-12)
    # C = 1.5 at λ = 2: capacity 3, overflow λ − 3 + 3·P(0) + 2·P(1) + P(2) = −1 + (3 + 4 + 2)·e⁻²
    assert share(tokens_per_expert=2, capacity_factor=1.5) == pytest.approx((2 - 3 + 9 * math.exp(-2)) / 2, rel=1e-9)
    assert share(tokens_per_expert=1e6, capacity_factor=1) == pytest.approx(1 / math.sqrt(2 * math.pi * 1e6), rel=1e-9)
    below = share(tokens_per_expert=99_999, capacity_factor=1.01)
    above = share(tokens_per_expert=100_001, capacity_factor=1.01)
    assert above == pytest.approx(below, rel=5e-2)  # 3.2 σ out, where the Poisson's skew shows


def test_more_capacity_drops_fewer_tokens() -> None:
    """The share dropped falls as the capacity factor rises, at a small and a large load, and is a share."""
    for load in (4.0, 128.0, 2048.0, 3e5):
        shares = [calc.dropped_token_share(tokens_per_expert=load, capacity_factor=c) for c in (1, 1.1, 1.25, 1.5, 2)]
        assert all(0 <= s <= 1 for s in shares)
        assert all(a > b or a == b == 0 for a, b in itertools.pairwise(shares)), shares
        assert shares[0] > shares[-1]


def _deepseek(**changes: str) -> calc.Result:
    preset = calc.CALCULATORS["parallelism"].presets["deepseek-v3"]
    return calc.compute("parallelism", {**preset, "ep_overlap": "off", **changes})


def _step(result: calc.Result, key: str) -> float:
    return next(s.value for s in result.steps if s.key == key)


def test_capacity_pads_the_expert_matmuls_all_to_alls_and_buffers() -> None:
    """Padded to capacity, an MoE layer's MLP matmuls count C·k + shared experts (DeepSeek-V3: 8 routed, 1 shared), not
    k + shared; the all-to-all moves C times the balanced bytes, so its time is affine in C with the collective's
    latency as the intercept; the activations (the dispatch buffers') grow by the same amount for each unit of C.
    Without a capacity factor nothing drops and no share is reported; C = 1 pads nothing."""
    balanced = _deepseek()
    runs = {c: _deepseek(capacity_factor=str(c)) for c in (1, 1.5, 2)}
    assert balanced.quantities["dropped_token_share"] is None
    for c, run in runs.items():
        ratio = _step(run, "moe_layer_matmul_mlp_up_seconds") / _step(balanced, "moe_layer_matmul_mlp_up_seconds")
        assert ratio == pytest.approx((c * 8 + 1) / 9)
        assert _step(run, "expert_copies") == c * 8 + 1
        assert _step(run, "expert_capacity") == pytest.approx(c * 4096 * 8 / 256)  # T = s·b on each rank
    q1, q15, q2 = (runs[c].quantities for c in (1, 1.5, 2))
    assert q1["step_seconds"] == balanced.quantities["step_seconds"]
    for key in ("ep_comm_seconds", "compute_seconds", "activation_bytes"):
        assert q2[key] - q15[key] == pytest.approx(q15[key] - q1[key]), key
        assert q2[key] > q1[key], key
    per_unit = q2["ep_comm_seconds"] - q1["ep_comm_seconds"]  # the balanced bytes' time, without the latency
    assert 0.95 * q1["ep_comm_seconds"] < per_unit < q1["ep_comm_seconds"]
    assert q1["dropped_token_share"] > q15["dropped_token_share"] > q2["dropped_token_share"] > 0


def test_capacity_factor_only_for_experts_and_within_its_range() -> None:
    """A dense model has no experts to cap (refused as expert parallelism is, in both languages); C runs from 1 to 8."""
    for lang in ("en", "es"):
        outcome = calc.run("parallelism", {"capacity_factor": "1.25"}, lang)
        assert not outcome["ok"] and outcome["field"] == "capacity_factor" and outcome["kind"] == "layout", outcome
    preset = calc.CALCULATORS["parallelism"].presets["deepseek-v3"]
    for bad in ("0.5", "9"):
        outcome = calc.run("parallelism", {**preset, "capacity_factor": bad}, "en")
        assert not outcome["ok"] and outcome["field"] == "capacity_factor" and outcome["kind"] == "out_of_range"
    with pytest.raises(CalcError):
        calc.dropped_token_share(tokens_per_expert=0, capacity_factor=1)
