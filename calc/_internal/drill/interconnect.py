# Interconnect problems: a collective's time on a chip's scale-up link.
from __future__ import annotations

import random

from ..data import load_data
from ..fmt import Quantity
from ..messages import Text
from ..registry import compute
from ..results import Result
from .problem import Problem, chip_ids, chip_words, first_working, numeric_problem, problem_kind, run_params, run_words

_SIZES = {"64M": 64e6, "256M": 256e6, "1G": 1e9, "4G": 4e9}


def _collective(kind: str, name: str, rng: random.Random) -> Problem:
    size = rng.choice(list(_SIZES))
    count = rng.choice((2, 4, 8))

    def run(chip: str) -> Result | None:
        domain = load_data().accelerator(chip).scale_up_domain_size or 1
        return compute(name, {"bytes": size, "count": str(count), "accelerator": chip}) if domain >= count else None

    chip, _ = first_working(rng, chip_ids(datacenter=True), run)
    params = {"bytes": size, "count": str(count), "accelerator": chip}
    return numeric_problem(
        kind,
        name,
        params,
        "seconds",
        "ms",
        "interconnects.md#collective-costs",
        size=Quantity(_SIZES[size], "B"),
        count=count,
        chip=chip_words(chip),
    )


@problem_kind("interconnect.allreduce", "interconnect")
def _allreduce(rng: random.Random) -> Problem:
    return _collective("interconnect.allreduce", "allreduce", rng)


@problem_kind("interconnect.allgather", "interconnect")
def _allgather(rng: random.Random) -> Problem:
    return _collective("interconnect.allgather", "allgather", rng)


@problem_kind("interconnect.reducescatter", "interconnect")
def _reducescatter(rng: random.Random) -> Problem:
    return _collective("interconnect.reducescatter", "reducescatter", rng)


@problem_kind("interconnect.alltoall", "interconnect")
def _alltoall(rng: random.Random) -> Problem:
    return _collective("interconnect.alltoall", "alltoall", rng)


@problem_kind("interconnect.gradient", "interconnect")
def _gradient(rng: random.Random) -> Problem:
    params = run_params(rng, "h100-sxm")
    return numeric_problem(
        "interconnect.gradient",
        "training",
        params,
        "gradient_sync_seconds",
        "s",
        "training-cost.md#bottleneck",
        **run_words(params),
    )


@problem_kind("interconnect.link", "interconnect")
def _link(rng: random.Random) -> Problem:
    first, second = rng.sample(
        [
            c
            for c in chip_ids(datacenter=True)
            if load_data().accelerator(c).scale_up_domain_size
            and (load_data().accelerator(c).scale_up_domain_size or 0) >= 8
        ],
        2,
    )
    runs = [compute("allreduce", {"bytes": "1G", "count": "8", "accelerator": c}) for c in (first, second)]
    times = [float(r.quantities["seconds"] or 0) for r in runs]
    params = {"bytes": "1G", "count": "8", "accelerator": first, "other": second}
    return Problem(
        "interconnect.link",
        "interconnect",
        Text("drill.q.interconnect.link", {"chip": chip_words(first), "other": chip_words(second)}),
        first if times[0] < times[1] else second,
        "",
        "interconnects.md#hierarchy",
        "allreduce",
        params,
        "seconds",
        1.0,
        (first, second),
        tuple(runs),
    )
