# Choosing problems: which chip, rent or own, what cooling, what fits.
from __future__ import annotations

import dataclasses
import random

from ..data import load_data
from ..fmt import format_money
from ..messages import Text, Words
from ..registry import compute
from ..results import Result
from .problem import (
    Problem,
    chip_ids,
    chip_words,
    choice_problem,
    first_working,
    model_words,
    numeric_problem,
    problem_kind,
)


@problem_kind("choosing.best", "choosing")
def _best(rng: random.Random) -> Problem:
    workload, rank_by = rng.choice(("train-70b", "serve-7b", "rag-retriever")), rng.choice(("cost", "time"))
    params = {"workload": workload, "rank_by": rank_by}
    result = compute("chooser", params)
    # The other options are contenders: ranked, fitting, and priced when the ranking is by cost.
    ranked = [
        str(row["id"])
        for row in result.table or ()
        if row.get("rank") is not None
        and row.get("fits") is not False
        and (rank_by == "time" or row.get("price_usd_per_hour") is not None)
    ]
    best = str(result.quantities["best"])
    others = rng.sample([c for c in ranked if c != best], min(3, len(ranked) - 1))
    choices = tuple(rng.sample([best, *others], len(others) + 1))
    return choice_problem(
        "choosing.best",
        result,
        params,
        "best",
        choices,
        "choosing.md#workloads",
        workload=Text(f"option.workload.{workload}"),
        rank=Text(f"drill.rank.{rank_by}"),
    )


def _tco_params(rng: random.Random) -> dict[str, str]:
    return {
        "rent": rng.choice(("1.5", "2", "2.5", "3", "4")),
        "capex": rng.choice(("20000", "30000", "40000", "50000")),
        "years": rng.choice(("3", "4", "5")),
        "utilization": rng.choice(("0.3", "0.5", "0.7", "0.9")),
    }


def _money(amount: float, per: str = "") -> Words:
    return Words(format_money(amount, "en", per), format_money(amount, "es", per))


def _tco_words(params: dict[str, str]) -> dict[str, object]:
    return {
        "rent": _money(float(params["rent"]), "h"),
        "capex": _money(float(params["capex"])),
        "years": params["years"],
        "utilization": float(params["utilization"]),
    }


@problem_kind("choosing.own", "choosing")
def _own(rng: random.Random) -> Problem:
    params = _tco_params(rng)
    result = compute("tco", params)
    return choice_problem(
        "choosing.own", result, params, "cheaper", ("own", "rent"), "choosing.md#tco", **_tco_words(params)
    )


@problem_kind("choosing.breakeven", "choosing")
def _breakeven(rng: random.Random) -> Problem:
    params = _tco_params(rng)
    del params["utilization"]
    words = {k: v for k, v in _tco_words({**params, "utilization": "0"}).items() if k != "utilization"}
    return numeric_problem("choosing.breakeven", "tco", params, "breakeven_utilization", "", "choosing.md#tco", **words)


@problem_kind("choosing.cooling", "choosing")
def _cooling(rng: random.Random) -> Problem:
    def run(chip: str) -> Result | None:
        return compute("power", {"accelerator": chip, "count": "1024"})

    chip, result = first_working(rng, [c for c in chip_ids(datacenter=True) if load_data().accelerator(c).tdp_w], run)
    params = {"accelerator": chip, "count": "1024"}
    return choice_problem(
        "choosing.cooling", result, params, "cooling", ("air", "liquid"), "power.md#rack", chip=chip_words(chip)
    )


@problem_kind("choosing.fits", "choosing")
def _fits(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b", "mixtral-8x7b", "llama-2-70b"])
    chip = rng.choice(chip_ids())
    params = {
        "model": model,
        "accelerator": chip,
        "weight_format": rng.choice(("bf16", "fp8", "int4")),
        "context": "8192",
        "batch": "1",
    }
    result = compute("kv-cache", params)
    problem = choice_problem(
        "choosing.fits",
        result,
        params,
        "fits",
        ("true", "false"),
        "memory.md#kv-vs-weights",
        model=model_words(model),
        chip=chip_words(chip),
        format=params["weight_format"].upper(),
    )
    return dataclasses.replace(problem, answer="true" if result.quantities["fits"] else "false")


@problem_kind("choosing.serve", "choosing")
def _serve(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b"])
    batch = rng.choice((1, 8, 32, 64, 128, 256))

    def run(chip: str) -> Result | None:
        result = compute("serving", {"model": model, "accelerator": chip, "batch": str(batch)})
        return result if result.quantities["decode_bound"] in ("compute", "memory") else None

    chip, result = first_working(rng, chip_ids(datacenter=True), run)
    params = {"model": model, "accelerator": chip, "batch": str(batch)}
    return choice_problem(
        "choosing.serve",
        result,
        params,
        "decode_bound",
        ("compute", "memory"),
        "serving.md#phases",
        model=model_words(model),
        chip=chip_words(chip),
        batch=batch,
    )
