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
