"""Training-run calculator against published runs (GPT-3, Chinchilla, Llama 3 405B, DeepSeek-V3) and the seed quiz."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError

H100_BF16 = 989.4e12  # NVIDIA H100 SXM datasheet, dense BF16 (the H800 has the same tensor cores)


def test_seed_quiz_reads_as_the_seed() -> None:
    """Seed 00's quiz: 70B params, 1T tokens, 1024 H100 SXM at 50 % MFU, BF16 dense 989.4 TFLOP/s, $3/GPU-hour,
    700 W, PUE 1.2, $0.10/kWh → ≈ 9.6 days, ≈ $708k, ≈ 860 kW facility, ≈ $19.8k of electricity.
    (The seed's prose says "989 TF/s FP8" and "~240 h → $740k, $21k"; 989 TF/s is dense BF16 and 9.6 days
    is 230 h, which gives the figures below.)"""
    q = calc.training(
        params=70e9,
        tokens=1e12,
        peak_flop_per_s=H100_BF16,
        count=1024,
        mfu=0.5,
        price_usd_per_hour_per_accelerator=3.0,
        watts=700,
        pue=1.2,
        electricity_usd_per_kwh=0.10,
    ).to_dict()
    assert q["total_flops"] == pytest.approx(4.2e23)
    assert q["days"] == pytest.approx(9.6, abs=0.01)
    assert q["cloud_cost_usd"] == pytest.approx(708e3, rel=0.002)
    assert q["it_power_kw"] == pytest.approx(716.8)
    assert q["facility_power_kw"] == pytest.approx(860.16)
    assert q["electricity_cost_usd"] == pytest.approx(19.8e3, rel=0.002)
    assert q["bottleneck"] == "compute"


def test_seed_quiz_on_the_data_h100_uses_tdp() -> None:
    """With --accelerator h100-sxm the peak (989.4 TFLOP/s BF16) and the 700 W TDP come from data/."""
    q = calc.training(
        params=70e9,
        tokens=1e12,
        accelerator="h100-sxm",
        count=1024,
        mfu=0.5,
        price_usd_per_hour_per_accelerator=3.0,
        pue=1.2,
        electricity_usd_per_kwh=0.10,
    ).to_dict()
    assert q["days"] == pytest.approx(9.6, abs=0.01)
    assert q["facility_power_kw"] == pytest.approx(860.16)


def test_gpt3_training_flops() -> None:
    """GPT-3 175B on 300B tokens: 3.14e23 FLOPs (Brown et al. 2020, "Language Models are Few-Shot Learners",
    Table D.1: 3.64e3 PF-days). 6ND gives 3.15e23."""
    assert calc.training_flops(params=175e9, tokens=300e9) == pytest.approx(3.14e23, rel=0.01)


def test_chinchilla_training_flops() -> None:
    """Chinchilla 70B on 1.4T tokens used Gopher's budget, 5.76e23 FLOPs (Hoffmann et al. 2022, Table 3);
    6ND gives 5.88e23, within 3 %."""
    assert calc.training_flops(params=70e9, tokens=1.4e12) == pytest.approx(5.76e23, rel=0.03)


def test_llama3_405b_flops_and_gpu_hours() -> None:
    """Llama 3 405B: 3.8e25 FLOPs on 15.6T tokens, 38–43 % BF16 MFU on 16k H100s (Llama 3 Herd of Models, 2024,
    §3.3.4 and Table 4); the model card reports 30.84M H100 GPU-hours. At 38–43 % MFU the ideal run needs
    24.8–28.1M GPU-hours: below the report (restarts, evaluation and ramp-up are not in 6ND) by at most 25 %."""
    assert calc.training_flops(params=405e9, tokens=15.6e12) == pytest.approx(3.8e25, rel=0.01)
    for mfu in (0.38, 0.43):
        hours = calc.training(
            params=405e9, tokens=15.6e12, peak_flop_per_s=H100_BF16, count=16384, mfu=mfu, watts=700
        ).to_dict()["accelerator_hours"]
        assert 0.75 * 30.84e6 < hours < 30.84e6


def test_deepseek_v3_gpu_hours() -> None:
    """DeepSeek-V3 (DeepSeek-AI 2024, tech report §1): 37B active params, 14.8T tokens; "each trillion tokens
    requires 180K H800 GPU hours, i.e. 3.7 days on our cluster with 2048 H800 GPUs", pre-training 2664K
    GPU-hours (2.788M in total). The MFU implied by 180K GPU-hours per trillion tokens reproduces both."""
    per_trillion_flops = calc.training_flops(params=37e9, tokens=1e12)
    mfu = per_trillion_flops / (180e3 * 3600 * H100_BF16)
    assert 0.2 < mfu < 0.5
    run = calc.training(params=37e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=2048, mfu=mfu, watts=700).to_dict()
    assert run["days"] == pytest.approx(3.7, abs=0.05)
    full = calc.training(
        params=37e9, tokens=14.8e12, peak_flop_per_s=H100_BF16, count=2048, mfu=mfu, watts=700
    ).to_dict()
    assert full["accelerator_hours"] == pytest.approx(2.664e6, rel=0.001)
    assert full["accelerator_hours"] < 2.788e6


def test_gradient_sync_names_the_bottleneck() -> None:
    """70B BF16 gradients (140 GB) over a flat ring of 1024 custom chips at 50 GB/s take 2·1023/1024·140e9/50e9
    ≈ 5.6 s > 3.5 s of compute per 4M-token step: gradient sync is the bottleneck; at 400 GB/s it is compute."""
    slow = calc.training(
        params=70e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=1024, mfu=0.5, watts=700, link_bytes_per_s=50e9
    ).to_dict()
    assert slow["gradient_sync_seconds"] == pytest.approx(2 * 1023 / 1024 * 140e9 / 50e9)
    assert slow["step_compute_seconds"] == pytest.approx(6 * 70e9 * 4194304 / (1024 * H100_BF16 * 0.5))
    assert slow["bottleneck"] == "gradient-sync"
    assert slow["overlap_needed"] == 1.0
    fast = calc.training(
        params=70e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=1024, mfu=0.5, watts=700, link_bytes_per_s=400e9
    ).to_dict()
    assert fast["bottleneck"] == "compute"
    assert 0 < fast["overlap_needed"] < 1


def test_hierarchical_sync_on_h100_nodes() -> None:
    """On H100 SXM (NVLink 450 GB/s per direction, 8 per node) a model that fits one GPU is reduced hierarchically:
    a 1B model with 50 GB/s NICs, 2·7/8·2e9/450e9 + 2·127/128·(2e9/8)/50e9 = 17.7 ms. An 8B model needs its 128 GB
    of training state split in 2 (85.6 GB usable): each node holds 4 replicas of each half, 2·3/4·8e9/450e9 +
    2·127/128·(8e9/4)/50e9 = 106 ms over the 512 replicas of a half."""
    one = calc.training(params=1e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, link_bytes_per_s=50e9)
    assert one.quantities["gradient_sync_seconds"] == pytest.approx(
        2 * 7 / 8 * 2e9 / 450e9 + 2 * 127 / 128 * 0.25e9 / 50e9
    )
    eight = calc.training(params=8e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, link_bytes_per_s=50e9)
    assert eight.quantities["gradient_sync_seconds"] == pytest.approx(
        2 * 3 / 4 * 8e9 / 450e9 + 2 * 127 / 128 * 2e9 / 50e9
    )
    assert next(step.value for step in eight.steps if step.key == "model_shards") == 2


def test_a_model_too_big_for_one_accelerator_syncs_its_shard() -> None:
    """70B on 1,024 H100: 1.12 TB of training state over 85.6 GB usable needs 16 shards (`model_shards`), so each
    GPU reduces 1/16 of the 140 GB of BF16 gradients, 8.75 GB, over the 64 replicas of its shard on its NIC:
    2·63/64·8.75e9/50e9 = 345 ms, a tenth of the step's 3.5 s of compute."""
    q = calc.training(params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, link_bytes_per_s=50e9)
    assert q.quantities["gradient_sync_seconds"] == pytest.approx(2 * 63 / 64 * 8.75e9 / 50e9)
    assert q.quantities["bottleneck"] == "compute"


def test_co2_and_node_overhead() -> None:
    """CO₂ = energy × grid intensity; node overhead multiplies TDP (1.5 × 700 W), --watts replaces both."""
    base = calc.training(
        params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, pue=1.2, carbon_g_per_kwh=400
    ).to_dict()
    assert base["co2_tonnes"] == pytest.approx(base["energy_mwh"] * 1000 * 400 / 1e6)
    heavy = calc.training(
        params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, node_overhead=1.5
    ).to_dict()
    assert heavy["it_power_kw"] == pytest.approx(1.5 * 716.8)
    watts = calc.training(
        params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, node_overhead=1.5, watts=1000
    ).to_dict()
    assert watts["it_power_kw"] == pytest.approx(1024.0)


def test_defaults_without_economics() -> None:
    """Without a price the cloud cost is None (never NaN); PUE and electricity default to 1.2 and $0.10/kWh
    unless data/ has economics."""
    q = calc.training(params=70e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=1024, mfu=0.5, watts=700).to_dict()
    if getattr(calc.load_data(), "economics", None) is None:
        assert q["cloud_cost_usd"] is None
        assert q["pue"] == 1.2 and q["electricity_usd_per_kwh"] == 0.10
    assert q["bottleneck"] == "compute"


positive = st.floats(1e6, 1e13)


@given(
    params=positive, tokens=positive, count=st.integers(1, 100_000), mfu=st.floats(0.01, 1), factor=st.floats(1.01, 10)
)
def test_time_scales_and_stays_finite(params: float, tokens: float, count: int, mfu: float, factor: float) -> None:
    """Time grows linearly with tokens; the compute's time falls with more accelerators at a flat cost, and the
    wall-clock time is it stretched by an exposed gradient sync (never less); every number is finite."""
    args = dict(
        params=params,
        peak_flop_per_s=H100_BF16,
        count=count,
        mfu=mfu,
        watts=700,
        price_usd_per_hour_per_accelerator=2.0,
        carbon_g_per_kwh=300,
        link_bytes_per_s=50e9,
    )
    one = calc.training(tokens=tokens, **args).to_dict()
    more = calc.training(tokens=tokens * factor, **args).to_dict()
    assert more["seconds"] == pytest.approx(one["seconds"] * factor)
    assert more["cloud_cost_usd"] >= one["cloud_cost_usd"]
    for value in one.values():
        assert not (isinstance(value, float) and not math.isfinite(value))
    bigger = calc.training(tokens=tokens, **{**args, "count": count + 1}).to_dict()
    assert bigger["compute_seconds"] < one["compute_seconds"]
    for run in (one, bigger):
        assert run["seconds"] == pytest.approx(run["compute_seconds"] * run["sync_stretch"])
        assert run["sync_stretch"] >= 1
    compute_cost = {id(run): run["cloud_cost_usd"] / run["sync_stretch"] for run in (one, bigger)}
    assert compute_cost[id(bigger)] == pytest.approx(compute_cost[id(one)])


@pytest.mark.parametrize(
    "change, field",
    [
        ({"params": 0}, "params"),
        ({"tokens": -1}, "tokens"),
        ({"count": 0}, "count"),
        ({"count": 1.5}, "count"),
        ({"mfu": 0}, "mfu"),
        ({"mfu": 1.2}, "mfu"),
        ({"flops_per_token_per_param": 0}, "flops_per_token_per_param"),
        ({"pue": 0.9}, "pue"),
        ({"electricity_usd_per_kwh": -1}, "electricity"),
        ({"price_usd_per_hour_per_accelerator": -3}, "price"),
        ({"carbon_g_per_kwh": 1e9}, "carbon"),
        ({"watts": -1}, "watts"),
        ({"peak_flop_per_s": None, "accelerator": None}, "peak_flop_per_s"),
        ({"node_overhead": 0.5}, "node_overhead"),
        ({"link_bytes_per_s": 0}, "link_bytes_per_s"),
        ({"batch_tokens": 0}, "batch_tokens"),
        ({"accelerator": "nope"}, "accelerator"),
        ({"dtype": "fp4"}, "dtype"),
        ({"params": float("inf")}, "params"),
    ],
)
def test_bad_input_raises_calc_error(change: dict, field: str) -> None:
    """Every bad training input raises CalcError naming the field."""
    args = dict(params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, watts=700)
    args.update(change)
    if args.get("accelerator") is None and "peak_flop_per_s" not in change:
        args["peak_flop_per_s"] = H100_BF16
    with pytest.raises(CalcError) as raised:
        calc.training(**args)
    assert raised.value.field == field


def test_quiz_preset_answers_the_quiz() -> None:
    """The calculator's "quiz" preset is the 60-second quiz: 70B, 1T tokens, 1024 H100 SXM, BF16, MFU 0.5, $3/h,
    PUE 1.2, $0.10/kWh → 9.6 days, ≈ $708k, 860 kW facility power, ≈ $19.8k of electricity."""
    calculator = calc.CALCULATORS["training"]
    q = calc.run("training", {**calculator.defaults(), **calculator.presets["quiz"]}, "en")["quantities"]
    assert q["days"] == pytest.approx(9.6, abs=0.01)
    assert q["cloud_cost_usd"] == pytest.approx(708e3, rel=0.002)
    assert q["facility_power_kw"] == pytest.approx(860.16)
    assert q["electricity_cost_usd"] == pytest.approx(19.8e3, rel=0.002)


def test_defaults_take_the_editions_economics() -> None:
    """Left empty, price, PUE, electricity and carbon are the edition's typical figures, on the page, in the CLI and
    in the Python API alike."""
    economics = calc.load_data().economics
    q = calc.run("training", calc.CALCULATORS["training"].defaults(), "en")["quantities"]
    assert q["pue"] == economics.pue.typical
    assert q["electricity_usd_per_kwh"] == economics.electricity_usd_per_kwh.typical
    assert q["carbon_g_per_kwh"] == economics.grid_carbon_g_per_kwh.typical
    assert q["price_usd_per_hour"] == economics.price("h100-sxm").typical


def test_cli_defaults_match_the_field_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m calc training --json` with no flags prints the same numbers as calc.run with the Field defaults."""
    import json

    from calc._tooling.cli import main

    assert main(["training", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == calc.run("training", calc.CALCULATORS["training"].defaults(), "en")["quantities"]
    assert printed["pue"] == calc.load_data().economics.pue.typical


def test_custom_chip_without_watts_has_no_power_outputs() -> None:
    """Without --watts a custom chip has no TDP: time and cost are computed, power outputs are None, with a note."""
    result = calc.training(params=70e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=1024, mfu=0.5)
    q = result.to_dict()
    assert q["days"] == pytest.approx(9.6, abs=0.01)
    assert q["it_power_kw"] is None and q["energy_mwh"] is None and q["electricity_cost_usd"] is None
    assert any(note.key == "training.note.no_power" for note in result.notes)


def test_moe_gradient_sync_uses_total_params() -> None:
    """MoE (DeepSeek-V3: 37B active of 671B total, DeepSeek-AI 2024 tech report): FLOPs use the active parameters,
    the gradient AllReduce (pure data parallelism) carries all 671B × 2 bytes; a flat 50 GB/s ring over 2048
    takes 2·2047/2048·1.342e12/50e9 ≈ 53.7 s per step. Total below active is rejected."""
    dense = calc.training(
        params=37e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=2048, mfu=0.4, watts=700, link_bytes_per_s=50e9
    ).to_dict()
    moe = calc.training(
        params=37e9,
        total_params=671e9,
        tokens=1e12,
        peak_flop_per_s=H100_BF16,
        count=2048,
        mfu=0.4,
        watts=700,
        link_bytes_per_s=50e9,
    ).to_dict()
    assert moe["total_flops"] == dense["total_flops"] == pytest.approx(6 * 37e9 * 1e12)
    assert moe["gradient_sync_seconds"] == pytest.approx(2 * 2047 / 2048 * 671e9 * 2 / 50e9)
    assert moe["gradient_sync_seconds"] == pytest.approx(dense["gradient_sync_seconds"] * 671 / 37)
    with pytest.raises(CalcError) as raised:
        calc.training(
            params=37e9, total_params=1e9, tokens=1e12, peak_flop_per_s=H100_BF16, count=8, mfu=0.4, watts=700
        )
    assert raised.value.field == "total_params"


@pytest.mark.parametrize("count", [32.0, 1024.0, 32768.0])
def test_the_charts_points_are_the_training_calculator(count: float) -> None:
    """Each point of the scaling chart is the training calculator at that size (its figures without the derivation):
    the sync-bound days and costs are `training`'s own headline, the compute-only ones the same less the stretch."""
    from calc import training_scaling_point

    inputs = {
        "params": 405e9,
        "tokens": 15.6e12,
        "mfu": 0.4,
        "accelerator": "h100-sxm",
        "total_params": 500e9,
        "goodput": 0.9,
        "price_usd_per_hour_per_accelerator": 2.5,
    }
    point = training_scaling_point(count, inputs)
    q = calc.training(count=count, watts=1.0, **inputs).quantities  # type: ignore[arg-type]
    stretch = max(1.0, q["gradient_sync_seconds"] / q["step_compute_seconds"])
    assert point.synced_seconds == q["seconds"] and point.synced_cost_usd == q["cloud_cost_usd"]
    assert point.seconds == pytest.approx(q["seconds"] / stretch)
    assert point.cost_usd == pytest.approx(q["cloud_cost_usd"] / stretch)


def test_a_model_adds_palms_attention_flops_as_the_planner_counts_them() -> None:
    """Llama 3 405B (126 layers, 128 heads × 128, 405B parameters) at 8,192 tokens: PaLM's attention term
    12 × 126 × 16,384 × 8,192 = 2.03e11 FLOPs per token beside 6N = 2.43e12 (Chowdhery et al. 2022, App. B);
    the planner's MFU counts the same, so one MFU means one time."""
    q = calc.training(
        model="llama-3-405b", tokens=15.6e12, count=16384, mfu=0.4, accelerator="h100-sxm", sequence_length=8192
    ).quantities
    attention = 12 * 126 * 16_384 * 8_192
    assert q["attention_flops_per_token"] == pytest.approx(attention) == pytest.approx(2.03e11, rel=0.01)
    assert q["total_flops"] == pytest.approx((6 * 405e9 + attention) * 15.6e12, rel=0.01)
    layout = {"model": "llama-3-405b", "seq_len": "8192", "count": "1024", "tp": "8", "pp": "16", "zero": "1"}
    planner = calc.compute("parallelism", layout, "en").quantities
    peak = calc.load_data().accelerator("h100-sxm").peak_flop_per_s("bf16")
    model_flops = planner["mfu"] * planner["step_seconds"] * 1024 * peak / planner["batch_tokens"]
    assert model_flops == pytest.approx(6 * q["params"] + attention, rel=1e-6)


def test_without_a_shape_the_6nd_rule_stays_and_says_so() -> None:
    """A custom model without layers and width keeps C = 6ND and a note names what would add the attention; with
    them, 12 · L · h · s per token joins it."""
    bare = calc.compute("training", {"params": "70B", "tokens": "1T"}, "en")
    assert bare.quantities["total_flops"] == pytest.approx(6 * 70e9 * 1e12)
    assert any("6ND" in note.render("en") for note in bare.notes)
    shaped = calc.compute("training", {"params": "70B", "tokens": "1T", "layers": "80", "hidden_size": "8192"}, "en")
    assert shaped.quantities["total_flops"] == pytest.approx((6 * 70e9 + 12 * 80 * 8192 * 4096) * 1e12)


def test_a_mixture_of_experts_model_syncs_all_its_gradients() -> None:
    """DeepSeek-V3 computes with its 37B active parameters but holds and reduces the gradients of all 671B: the
    split that makes its training state fit (and the bytes each shard reduces) counts every expert."""
    moe = calc.load_data().model("deepseek-v3")
    args = dict(model="deepseek-v3", tokens=14.8e12, count=2048, mfu=0.4, accelerator="h800-sxm")
    q = calc.training(**args)  # type: ignore[arg-type]
    assert q.quantities["params"] == moe.active_params < moe.params
    dense = calc.training(**args, total_params=moe.active_params)  # type: ignore[arg-type]
    split, dense_split = (next(s for s in run.steps if s.key == "model_shards") for run in (q, dense))
    usable = split.values["M"][0]
    assert split.value == 2 ** math.ceil(math.log2(16 * moe.params / usable)) > dense_split.value


def test_a_sync_that_cannot_hide_stretches_the_headline_as_the_chart_does() -> None:
    """8B parameters on 1,024 H100 with 256Ki-token steps: the gradient AllReduce (106 ms) outlasts a step's 25 ms
    of compute even fully overlapped, so every step lasts the AllReduce: the headline days, cost and energy are the
    compute's stretched by their ratio, the point the scaling chart's dashed curve draws, and the first note says
    so. At 4Mi-token steps the sync hides and nothing stretches."""
    inputs = {"params": "8B", "tokens": "1T", "accelerator": "h100-sxm", "count": "1024", "batch_tokens": "256Ki"}
    result = calc.compute("training", inputs, "en")
    q = result.quantities
    stretch = q["gradient_sync_seconds"] / q["step_compute_seconds"]
    assert stretch > 4 and q["sync_stretch"] == pytest.approx(stretch)
    assert q["seconds"] == pytest.approx(q["compute_seconds"] * stretch)
    assert q["cloud_cost_usd"] == pytest.approx(q["accelerator_seconds"] / 3600 * q["price_usd_per_hour"])
    assert q["energy_j"] == pytest.approx(q["facility_power_w"] * q["seconds"])
    point = calc.training_scaling_point(
        1024, {"params": 8e9, "tokens": 1e12, "mfu": 0.5, "batch_tokens": 2**18, "accelerator": "h100-sxm"}
    )
    assert point.synced_seconds == pytest.approx(q["seconds"])
    assert "outlasts each step's compute" in result.notes[0].render("en")
    hidden = calc.compute("training", {**inputs, "batch_tokens": "4Mi"}).quantities
    assert hidden["sync_stretch"] == 1 and hidden["seconds"] == hidden["compute_seconds"]


def test_flops_by_kind_split_a_dense_step_as_kaplan_counts_them() -> None:
    """Llama 3 405B at 8,192 tokens: weight GEMMs 2.41e12, causal attention 1.01e11 and the output head 1.26e10
    FLOPs per token (Kaplan et al. 2020, Table 1, backward twice forward), 95.5 % of them in the GEMMs; their sum
    is 6N's weight part with the embedding (a lookup) left out, and attention without the mask is PaLM's term."""
    m = calc.load_data().model("llama-3-405b")
    shape = dict(
        layers=m.layers,
        hidden_size=m.hidden_size,
        attention_heads=m.attention_heads,
        kv_heads=m.kv_heads,
        head_dim=m.head_dim,
        ffn_hidden_size=m.ffn_hidden_size,
        vocab_size=m.vocab_size,
        sequence_length=8192,
        mlp=m.mlp,
    )
    kinds = calc.training_flops_by_kind(**shape)
    assert kinds["linear"] == pytest.approx(2.41e12, rel=0.01)
    assert kinds["attention"] == pytest.approx(1.01e11, rel=0.01)
    assert kinds["output"] == pytest.approx(1.26e10, rel=0.01)
    assert kinds["linear"] / sum(kinds.values()) == pytest.approx(0.955, abs=0.001)
    embedding = m.vocab_size * m.hidden_size
    assert kinds["linear"] + kinds["output"] == pytest.approx(6 * (m.params - embedding), rel=0.01)
    full = calc.training_flops_by_kind(**shape, causal=False)["attention"]
    assert full == calc.attention_flops_per_token(
        layers=m.layers, width=m.attention_heads * m.head_dim, sequence_length=8192
    )
    gelu = calc.training_flops_by_kind(**{**shape, "mlp": "gelu"})["linear"]
    assert kinds["linear"] - gelu == pytest.approx(6 * m.layers * m.hidden_size * m.ffn_hidden_size)
    with pytest.raises(CalcError):
        calc.training_flops_by_kind(**{**shape, "kv_heads": 256})


def test_amdahl_speedup_never_reaches_the_factor() -> None:
    """Amdahl (1967): 95.5 % of the time twice as fast gives 1 / (0.045 + 0.4775) = 1.91; all of it gives 2, none 1."""
    assert calc.amdahl_speedup(share=0.955, factor=2) == pytest.approx(1.914, abs=0.001)
    assert calc.amdahl_speedup(share=1, factor=2) == pytest.approx(2)
    assert calc.amdahl_speedup(share=0, factor=2) == pytest.approx(1)
    with pytest.raises(CalcError):
        calc.amdahl_speedup(share=1.5, factor=2)
