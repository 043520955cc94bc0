"""Goodput: Llama 3's published failure rate, Young's checkpoint interval, and training stretched by goodput."""

from __future__ import annotations

import math

import pytest

import calc


def test_llama3_failure_rate() -> None:
    """Llama Team (2024), §3.3.4: 466 job interruptions in a 54-day snapshot on 16,384 H100 — one per 2.78 h for
    the job, 45,566 h per GPU."""
    q = calc.compute("goodput", {}).to_dict()
    assert q["mtbf_hours"] == pytest.approx(16_384 * 54 * 24 / 466)
    assert q["system_mtbf_hours"] == pytest.approx(54 * 24 / 466)
    assert q["failures_per_day"] == pytest.approx(466 / 54)


def test_young_interval_and_lost_time() -> None:
    """Young (1974): τ = √(2CM); time lost C/τ + (τ/2 + R)/M, which at τ is √(2C/M) + R/M."""
    c, r, m = 60.0, 600.0, 10_000.0
    tau = calc.checkpoint_interval_seconds(checkpoint_seconds=c, mtbf_seconds=m)
    assert tau == pytest.approx(math.sqrt(2 * c * m))
    lost = calc.lost_fraction(checkpoint_seconds=c, restart_seconds=r, mtbf_seconds=m, interval_seconds=tau)
    assert lost == pytest.approx(math.sqrt(2 * c / m) + r / m)
    # The optimum: checkpointing more or less often loses more.
    for other in (tau / 2, tau * 2):
        worse = calc.lost_fraction(checkpoint_seconds=c, restart_seconds=r, mtbf_seconds=m, interval_seconds=other)
        assert worse > lost


def test_system_mtbf_replaces_the_per_accelerator_figure() -> None:
    """--system-mtbf-hours gives the job's figure directly; the count then plays no part."""
    q = calc.compute("goodput", {"system_mtbf_hours": "3", "count": "10", "mtbf_hours": "9"}).to_dict()
    assert q["system_mtbf_hours"] == pytest.approx(3)
    outcome = calc.run("goodput", {"system_mtbf_hours": "3", "mtbf_hours": "9"}, "en")
    assert any("not used" in note for note in outcome["notes"])


def test_more_accelerators_lose_more() -> None:
    """The job fails n times as often as one accelerator: goodput falls with the cluster's size."""
    small = calc.compute("goodput", {"count": "1024"}).quantities["goodput"]
    large = calc.compute("goodput", {"count": "100000"}).quantities["goodput"]
    assert small > large


def test_training_takes_goodput_into_days_and_dollars() -> None:
    """training --goodput 0.9 stretches the days, accelerator-hours and cost by 1/0.9; its keys stay."""
    base = calc.compute("training", {"price": "3"}).to_dict()
    slowed = calc.compute("training", {"price": "3", "goodput": "0.9"}).to_dict()
    assert slowed["days"] == pytest.approx(base["days"] / 0.9)
    assert slowed["cloud_cost_usd"] == pytest.approx(base["cloud_cost_usd"] / 0.9)
    assert slowed["goodput"] == 0.9 and base["goodput"] is None


def test_checkpoint_holds_weights_and_optimizer_states() -> None:
    """ZeRO's accounting (Rajbhandari et al. 2020, §3.1): mixed-precision Adam holds 2 + 2 + 12 = 16 bytes per
    parameter in training; its checkpoint saves the weights and optimizer states, not the gradients: 2 + 12 = 14."""
    assert calc.bytes_per_param(recipe="adam-mixed") == 16
    assert calc.checkpoint_bytes_per_param(recipe="adam-mixed") == 14
    assert calc.checkpoint_bytes_per_param(recipe="bf16-adam") == 6


def test_llama3_405b_checkpoint_against_the_paper() -> None:
    """Llama Team (2024), §3.3.1: Tectonic sustains 2 TB/s (7 TB/s peak); checkpoints save "each GPU's model
    state, ranging from 1 MB to 4 GB per GPU". Llama 3 405B's mixed-precision Adam state, 405e9 × 14 B = 5.67 TB,
    spread over 16,384 GPUs is 346 MB each, inside that range; written at 2 TB/s it takes 2.835 s."""
    q = calc.compute("goodput", {"model": "llama-3-405b", "count": "16384"}).to_dict()
    assert q["checkpoint_bytes"] == pytest.approx(405e9 * 14)
    assert q["checkpoint_write_seconds"] == pytest.approx(405e9 * 14 / 2e12)
    assert q["checkpoint_seconds"] == pytest.approx(q["checkpoint_write_seconds"])  # synchronous: the whole write
    storage = calc.load_data().training.storage()
    assert storage.sustained_bytes_per_s == 2e12 and storage.peak_bytes_per_s == 7e12
    low, high = storage.per_gpu_checkpoint_low_bytes, storage.per_gpu_checkpoint_high_bytes
    assert low < q["checkpoint_bytes_per_accelerator"] < high
    assert q["checkpoint_bytes_per_accelerator"] == pytest.approx(346e6, rel=1e-3)


def test_async_stalls_only_for_the_copy_to_host() -> None:
    """Asynchronous (PyTorch DCP async_save: copy to CPU buffers, write in the background): the stall is each GPU's
    share over its host link, S / n / B_host = 5.67 TB / 16,384 / 64 GB/s (PCIe 5.0 x16) = 5.41 ms; the write
    in flight adds to the rework per failure, (τ/2 + W + R) / M."""
    sync = calc.compute("goodput", {"model": "llama-3-405b"}).to_dict()
    q = calc.compute("goodput", {"model": "llama-3-405b", "checkpoint_mode": "async"}).to_dict()
    stall = 405e9 * 14 / 16_384 / 64e9
    assert q["checkpoint_seconds"] == pytest.approx(stall)
    m, w, r = q["system_mtbf_seconds"], q["checkpoint_write_seconds"], 600.0
    tau = math.sqrt(2 * stall * m)
    assert q["checkpoint_interval_seconds"] == pytest.approx(tau)
    assert q["lost_fraction"] == pytest.approx(stall / tau + (tau / 2 + w + r) / m)
    assert q["goodput"] > sync["goodput"]


def test_the_interval_never_undercuts_the_write_in_flight() -> None:
    """One asynchronous write at a time (the DCP recipe waits for the last before the next): with slow storage,
    τ is the write time, not Young's shorter interval."""
    q = calc.compute(
        "goodput", {"model": "llama-3-405b", "checkpoint_mode": "async", "storage_tbytes_s": "0.001"}
    ).to_dict()
    assert q["checkpoint_write_seconds"] == pytest.approx(405e9 * 14 / 1e9)
    assert q["checkpoint_interval_seconds"] == pytest.approx(q["checkpoint_write_seconds"])


def test_the_bare_checkpoint_time_still_rules() -> None:
    """--checkpoint-seconds keeps its meaning: without a model it is used as given (60 s when empty); given beside
    a model it wins, with a note, and the model's size is still shown."""
    default = calc.compute("goodput", {}).to_dict()
    given = calc.compute("goodput", {"checkpoint_seconds": "60"}).to_dict()
    assert default["goodput"] == given["goodput"] and default["checkpoint_seconds"] == 60
    assert default["checkpoint_bytes"] is None
    both = calc.run("goodput", {"checkpoint_seconds": "30", "model": "llama-3-405b"}, "en")
    q = calc.compute("goodput", {"checkpoint_seconds": "30", "model": "llama-3-405b"}).to_dict()
    assert q["checkpoint_seconds"] == 30 and q["checkpoint_bytes"] == pytest.approx(405e9 * 14)
    assert any("not used" in note for note in both["notes"])


def test_llama3_table5_adds_up_and_its_misprint() -> None:
    """Llama Team (2024), Table 5: the 18 root causes' counts add up to the 419 unexpected interruptions; every
    printed share is count / 419 to 0.05 points but the first: Faulty GPU, 148 of 419 is 35.3 %, printed 30.1 %.
    The text's 58.7 % of GPU issues is the printed shares' sum; by counts the GPU rows are 268 of 419, 64.0 %."""
    report = calc.load_data().training.failure_report()
    assert len(report.causes) == 18
    assert sum(c.count for c in report.causes) == report.unexpected == 419
    off = [c.id for c in report.causes if abs(100 * c.count / 419 - c.printed_percent) > 0.05]
    assert off == ["faulty-gpu"]
    gpu = [c for c in report.causes if c.category == "gpu"]
    assert sum(c.printed_percent for c in gpu) == pytest.approx(58.7)
    assert sum(c.count for c in gpu) == 268


def test_a_root_cause_table_that_does_not_add_up_is_refused() -> None:
    """data/training.yaml's check: a cause's count mistyped (148 → 184) no longer adds up to the 419 it classifies."""
    import copy
    from pathlib import Path

    import yaml

    from calc._tooling.schema import DataError, check_training

    raw = yaml.safe_load((Path(__file__).resolve().parents[1] / "data" / "training.yaml").read_text(encoding="utf-8"))
    check_training(raw, file_name="training.yaml")
    broken = copy.deepcopy(raw)
    broken["failures"][0]["causes"][0]["count"] = 184
    with pytest.raises(DataError, match="add up to 455"):
        check_training(broken, file_name="training.yaml")
