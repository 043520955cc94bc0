# Roofline problems: ridge points, bounds and the figures of a kernel.
from __future__ import annotations

import random

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


def _roofline_params(chip: str, intensity: float, basis: str = "peak") -> dict[str, str]:
    return {"accelerator": chip, "dtype": "bf16", "intensity": repr(intensity), "basis": basis}


@problem_kind("roofline.ridge", "roofline")
def _ridge(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    return numeric_problem(
        "roofline.ridge",
        "roofline",
        _roofline_params(chip, 100.0),
        "ridge_point_flop_per_byte",
        "FLOP/B",
        "roofline.md#ridge-point",
        chip=chip_words(chip),
    )


@problem_kind("roofline.bound", "roofline")
def _bound(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    intensity = float(rng.choice((2, 10, 30, 60, 120, 250, 500, 1000, 2000)))
    params = _roofline_params(chip, intensity)
    result = compute("roofline", params)
    return choice_problem(
        "roofline.bound",
        result,
        params,
        "bound",
        ("compute", "memory"),
        "roofline.md#ridge-point",
        chip=chip_words(chip),
        intensity=intensity,
    )


@problem_kind("roofline.attainable", "roofline")
def _attainable(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    intensity = float(rng.choice((4, 16, 50, 100, 200, 400, 1000)))
    return numeric_problem(
        "roofline.attainable",
        "roofline",
        _roofline_params(chip, intensity),
        "attainable_flop_per_s",
        "TFLOP/s",
        "roofline.md#ridge-point",
        chip=chip_words(chip),
        intensity=intensity,
    )


@problem_kind("roofline.matmul", "roofline")
def _matmul(rng: random.Random) -> Problem:
    m, k, n = (rng.choice((1, 16, 128, 1024, 4096, 8192)), rng.choice((4096, 8192)), rng.choice((4096, 8192, 28672)))
    params = {"m": str(m), "k": str(k), "n": str(n), "bytes_per_element": "2"}
    return numeric_problem(
        "roofline.matmul", "matmul", params, "intensity_flop_per_byte", "FLOP/B", "roofline.md#matmul", m=m, k=k, n=n
    )


@problem_kind("roofline.decode", "roofline")
def _decode(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b", "mixtral-8x7b"])

    def run(chip: str) -> Result | None:
        result = compute("decode", {"model": model, "accelerator": chip, "count": "8"})
        return result

    chip, _ = first_working(rng, chip_ids(datacenter=True), run)
    params = {"model": model, "accelerator": chip, "count": "8"}
    return numeric_problem(
        "roofline.decode",
        "decode",
        params,
        "tokens_per_second",
        "tokens/s",
        "roofline.md#decode",
        model=model_words(model),
        chip=chip_words(chip),
    )


@problem_kind("roofline.kv", "roofline")
def _kv(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "llama-3-70b", "llama-3-405b", "mistral-7b", "llama-2-70b"])
    context, batch = rng.choice((4096, 8192, 32768, 131072)), rng.choice((1, 8, 32, 64))
    params = {"model": model, "context": str(context), "batch": str(batch)}
    return numeric_problem(
        "roofline.kv",
        "kv-cache",
        params,
        "total_bytes",
        "GB",
        "memory.md#kv-vs-weights",
        model=model_words(model),
        context=context,
        batch=batch,
    )
