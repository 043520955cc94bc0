# Cost problems: a run's FLOPs, days, dollars, megawatts and racks.
from __future__ import annotations

import random

from ..data import load_data
from ..registry import compute
from ..results import Result
from .problem import Problem, chip_ids, chip_words, first_working, numeric_problem, problem_kind, run_params, run_words


def _run(kind: str, output: str, unit: str, section: str, rng: random.Random) -> Problem:
    params = run_params(rng)
    return numeric_problem(kind, "training", params, output, unit, section, **run_words(params))


@problem_kind("cost.flops", "cost")
def _flops(rng: random.Random) -> Problem:
    return _run("cost.flops", "total_flops", "FLOP", "training-cost.md#method", rng)


@problem_kind("cost.days", "cost")
def _days(rng: random.Random) -> Problem:
    return _run("cost.days", "seconds", "days", "training-cost.md#method", rng)


@problem_kind("cost.dollars", "cost")
def _dollars(rng: random.Random) -> Problem:
    return _run("cost.dollars", "cloud_cost_usd", "USD", "training-cost.md#method", rng)


@problem_kind("cost.megawatts", "cost")
def _megawatts(rng: random.Random) -> Problem:
    return _run("cost.megawatts", "facility_power_w", "MW", "training-cost.md#power", rng)


@problem_kind("cost.sixty", "cost")
def _sixty(rng: random.Random) -> Problem:
    params = {**run_params(rng, "h100-sxm"), "count": "1024", "mfu": "0.5"}
    return numeric_problem(
        "cost.sixty", "training", params, "seconds", "days", "quiz.md#deliverable", **run_words(params)
    )


@problem_kind("cost.racks", "cost")
def _racks(rng: random.Random) -> Problem:
    count = rng.choice((256, 512, 1024, 4096))

    def run(chip: str) -> Result | None:
        return compute("power", {"accelerator": chip, "count": str(count)})

    chip, _ = first_working(rng, [c for c in chip_ids(datacenter=True) if load_data().accelerator(c).tdp_w], run)
    return numeric_problem(
        "cost.racks",
        "power",
        {"accelerator": chip, "count": str(count)},
        "racks",
        "",
        "power.md#rack",
        chip=chip_words(chip),
        count=count,
    )
