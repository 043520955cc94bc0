# Landscape problems: the chips' headline figures, read from data/ through the calculators that use them.
from __future__ import annotations

import random

from ..data import load_data
from ..fmt import Quantity
from ..messages import Text
from ..registry import compute
from .problem import Problem, chip_ids, chip_words, model_words, numeric_problem, problem_kind


@problem_kind("landscape.peak", "landscape")
def _peak(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1000", "basis": "peak"}
    return numeric_problem(
        "landscape.peak", "roofline", params, "peak_flop_per_s", "TFLOP/s", "landscape.md#table", chip=chip_words(chip)
    )


@problem_kind("landscape.bandwidth", "landscape")
def _bandwidth(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1", "basis": "peak"}
    return numeric_problem(
        "landscape.bandwidth",
        "roofline",
        params,
        "bandwidth_bytes_per_s",
        "TB/s",
        "landscape.md#table",
        chip=chip_words(chip),
    )


@problem_kind("landscape.capacity", "landscape")
def _capacity(rng: random.Random) -> Problem:
    chip = rng.choice(chip_ids())
    params = {"model": "custom", "params": "1B", "accelerator": chip}
    return numeric_problem(
        "landscape.capacity",
        "training-memory",
        params,
        "capacity_bytes",
        "GB",
        "landscape.md#table",
        chip=chip_words(chip),
    )


@problem_kind("landscape.weights", "landscape")
def _weights(rng: random.Random) -> Problem:
    model = rng.choice(list(load_data().models))
    params = {"model": model, "recipe": "adam-mixed"}
    return numeric_problem(
        "landscape.weights",
        "training-memory",
        params,
        "weight_bytes",
        "GB",
        "memory.md#training-memory",
        model=model_words(model),
    )


@problem_kind("landscape.faster", "landscape")
def _faster(rng: random.Random) -> Problem:
    first, second = rng.sample(chip_ids(datacenter=True), 2)
    runs = [
        compute("roofline", {"accelerator": c, "dtype": "bf16", "intensity": "1000", "basis": "peak"})
        for c in (first, second)
    ]
    peaks = [float(r.quantities["peak_flop_per_s"] or 0) for r in runs]
    params = {"accelerator": first, "other": second}
    return Problem(
        "landscape.faster",
        "landscape",
        Text("drill.q.landscape.faster", {"chip": chip_words(first), "other": chip_words(second)}),
        "true" if peaks[0] > peaks[1] else "false",
        "",
        "landscape.md#table",
        "roofline",
        params,
        "peak_flop_per_s",
        1.0,
        ("true", "false"),
        tuple(runs),
    )


@problem_kind("landscape.sparse", "landscape")
def _sparse(rng: random.Random) -> Problem:
    """True or false: the headline sparse figure is what a dense matmul can reach (the landscape's misconception)."""
    chip = rng.choice([c.id for c in load_data().accelerators.values() if c.sparse_headline_flop_per_s.get("bf16")])
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1000", "basis": "peak"}
    result = compute("roofline", params)
    dense = float(result.quantities["peak_flop_per_s"] or 0)
    sparse = float(load_data().accelerator(chip).sparse_headline_flop_per_s["bf16"] or 0)
    words = {"chip": chip_words(chip), "sparse": Quantity(sparse, "FLOP/s")}
    return Problem(
        "landscape.sparse",
        "landscape",
        Text("drill.q.landscape.sparse", words),
        "true" if dense >= sparse else "false",
        "",
        "landscape.md#dense-vs-sparse",
        "roofline",
        params,
        "peak_flop_per_s",
        1.0,
        ("true", "false"),
        (result,),
    )
