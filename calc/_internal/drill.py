# The drill: problems for the five fluencies, generated from the edition's data and answered by the calculators.
# A generator picks inputs from data/ with a seeded random.Random and runs a calculator on them; the problem's
# answer is that result's quantity, its derivation that result's steps. Nothing here restates a formula.
from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .data import load_data
from .errors import CalcError
from .fmt import DISPLAY_FACTORS, Quantity, format_money, format_number, format_word, unit_text
from .messages import CATALOG, Text, Words, t
from .registry import CALCULATORS, compute
from .results import Result
from .units import parse_si_number

FLUENCIES = ("landscape", "roofline", "interconnect", "cost", "choosing")
DEFAULT_TOLERANCE = 2.0  # full marks within this factor: a back-of-the-envelope figure
ZERO_FACTOR = 10.0  # nothing past this factor
SECONDS_PER_PROBLEM = 60  # the timed mode's clock: the module's 60-second question
# The unit an answer is typed in -> its size in SI units (a display unit of fmt, or one of these).
_ANSWER_UNITS: dict[str, float] = {
    "": 1.0,
    "s": 1.0,
    "FLOP": 1.0,
    "FLOP/B": 1.0,
    "tokens/s": 1.0,
    "USD": 1.0,
    "ms": 1e-3,
}
_ANSWER_UNITS.update(DISPLAY_FACTORS)


@dataclass(frozen=True)
class Problem:
    """One drill problem: what it asks (a catalog Text, worded in either language), the calculator inputs that
    answer it, the answer (a number in SI units, or a choice's id) and the unit it is typed in."""

    kind: str
    fluency: str
    question: Text
    answer: float | str
    unit: str
    section: str  # the page and anchor that teach it, "roofline.md#ridge-point"
    calculator: str
    params: dict[str, str]
    output: str  # the quantity of the calculator's result that is the answer
    tolerance: float = DEFAULT_TOLERANCE
    choices: tuple[str, ...] = ()
    results: tuple[Result, ...] = field(default=(), compare=False, repr=False)

    @property
    def key(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        return self.kind, tuple(sorted(self.params.items()))

    def answer_text(self, lang: str = "en") -> str:
        if isinstance(self.answer, str):
            return choice_label(self.answer, lang)
        shown = format_number(self.answer / _ANSWER_UNITS[self.unit], lang, digits=3)
        return f"{shown} {unit_text(self.unit, lang)}".strip()

    def derivation(self, lang: str = "en") -> list[dict[str, str]]:
        return [step for result in self.results for step in result.derivation(lang)]

    def reasons(self, lang: str = "en") -> list[str]:
        """Why each choice ranks where it does, where the calculator words it (the chooser's "Why" column)."""
        describe = CALCULATORS[self.calculator].describe
        rows = {str(row.get("id")): row for result in self.results for row in result.table or ()}
        if describe is None or not rows:
            return []
        return [
            f"{choice_label(c, lang)}: {describe(self.results[0], rows[c], lang)}" for c in self.choices if c in rows
        ]

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """JSON-ready: what the CLI's --json prints and the page shows."""
        return {
            "kind": self.kind,
            "fluency": self.fluency,
            "fluency_name": t(f"drill.fluency.{self.fluency}", lang),
            "question": self.question.render(lang),
            "calculator": self.calculator,
            "params": dict(self.params),
            "answer": self.answer,
            "answer_text": self.answer_text(lang),
            "answer_in_unit": self.answer if isinstance(self.answer, str) else self.answer / _ANSWER_UNITS[self.unit],
            "unit": self.unit,
            "unit_text": unit_text(self.unit, lang) if self.unit else "",
            "tolerance": self.tolerance,
            "choices": [{"id": c, "label": choice_label(c, lang)} for c in self.choices],
            "section": self.section,
            "derivation": self.derivation(lang),
            "reasons": self.reasons(lang),
        }


def choice_label(choice: str, lang: str) -> str:
    """A choice as `lang` reads it: a chip by its name, true/false and a calculator's words translated."""
    chips = load_data().accelerators
    if choice in chips:
        return chips[choice].display_name(lang)
    if choice in ("true", "false"):
        return t(f"drill.choice.{choice}", lang)
    return format_word(choice, lang)


# -- generators ------------------------------------------------------------------------------------------------

Generator = Callable[[random.Random], Problem]
KINDS: dict[str, tuple[str, Generator]] = {}


def _kind(name: str, fluency: str) -> Callable[[Generator], Generator]:
    def register(generator: Generator) -> Generator:
        KINDS[name] = (fluency, generator)
        return generator

    return register


def _chips(*, datacenter: bool = False) -> list[str]:
    return [c.id for c in load_data().accelerators.values() if not datacenter or c.category == "datacenter"]


def _first(rng: random.Random, options: list[str], run: Callable[[str], Result | None]) -> tuple[str, Result]:
    """The first of `options` in a random order whose calculation succeeds (a chip may lack a figure)."""
    for option in rng.sample(options, len(options)):
        try:
            result = run(option)
        except CalcError:
            continue
        if result is not None:
            return option, result
    raise LookupError("no option has the figures this problem needs")


def _numeric(
    kind: str, name: str, inputs: dict[str, str], output: str, unit: str, section: str, **words: object
) -> Problem:
    fluency = KINDS[kind][0]
    result = compute(name, inputs)
    value = result.quantities[output]
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise LookupError(f"{name} gives no {output} for these inputs")  # a chip without a price, say
    words.setdefault("unit", Words(unit_text(unit, "en"), unit_text(unit, "es")))
    return Problem(
        kind,
        fluency,
        Text(f"drill.q.{kind}", words),
        float(value),
        unit,
        section,
        name,
        inputs,
        output,
        results=(result,),
    )


def _choice(
    kind: str,
    result: Result,
    params: dict[str, str],
    output: str,
    choices: tuple[str, ...],
    section: str,
    **words: object,
) -> Problem:
    answer = str(result.quantities[output])
    return Problem(
        kind,
        KINDS[kind][0],
        Text(f"drill.q.{kind}", words),
        answer,
        "",
        section,
        result.calculator,
        params,
        output,
        1.0,
        choices,
        (result,),
    )


def _words(chip: str) -> object:
    return load_data().accelerator(chip).words()


def _model_words(model: str) -> object:
    data = load_data()
    return data.model_words(data.model(model))


# Landscape: the chips' headline figures, read from data/ through the calculators that use them.
@_kind("landscape.peak", "landscape")
def _peak(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1000", "basis": "peak"}
    return _numeric(
        "landscape.peak", "roofline", params, "peak_flop_per_s", "TFLOP/s", "landscape.md#table", chip=_words(chip)
    )


@_kind("landscape.bandwidth", "landscape")
def _bandwidth(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1", "basis": "peak"}
    return _numeric(
        "landscape.bandwidth",
        "roofline",
        params,
        "bandwidth_bytes_per_s",
        "TB/s",
        "landscape.md#table",
        chip=_words(chip),
    )


@_kind("landscape.capacity", "landscape")
def _capacity(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    params = {"model": "custom", "params": "1B", "accelerator": chip}
    return _numeric(
        "landscape.capacity", "training-memory", params, "capacity_bytes", "GB", "landscape.md#table", chip=_words(chip)
    )


@_kind("landscape.weights", "landscape")
def _weights(rng: random.Random) -> Problem:
    model = rng.choice(list(load_data().models))
    params = {"model": model, "recipe": "adam-mixed"}
    return _numeric(
        "landscape.weights",
        "training-memory",
        params,
        "weight_bytes",
        "GB",
        "memory.md#training-memory",
        model=_model_words(model),
    )


@_kind("landscape.faster", "landscape")
def _faster(rng: random.Random) -> Problem:
    first, second = rng.sample(_chips(datacenter=True), 2)
    runs = [
        compute("roofline", {"accelerator": c, "dtype": "bf16", "intensity": "1000", "basis": "peak"})
        for c in (first, second)
    ]
    peaks = [float(r.quantities["peak_flop_per_s"] or 0) for r in runs]
    params = {"accelerator": first, "other": second}
    return Problem(
        "landscape.faster",
        "landscape",
        Text("drill.q.landscape.faster", {"chip": _words(first), "other": _words(second)}),
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


@_kind("landscape.sparse", "landscape")
def _sparse(rng: random.Random) -> Problem:
    """True or false: the headline sparse figure is what a dense matmul can reach (the landscape's misconception)."""
    chip = rng.choice([c.id for c in load_data().accelerators.values() if c.sparse_headline_flop_per_s.get("bf16")])
    params = {"accelerator": chip, "dtype": "bf16", "intensity": "1000", "basis": "peak"}
    result = compute("roofline", params)
    dense = float(result.quantities["peak_flop_per_s"] or 0)
    sparse = float(load_data().accelerator(chip).sparse_headline_flop_per_s["bf16"] or 0)
    words = {"chip": _words(chip), "sparse": Quantity(sparse, "FLOP/s")}
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


# Roofline: ridge points, bounds and the figures of a kernel.
def _roofline_params(chip: str, intensity: float, basis: str = "peak") -> dict[str, str]:
    return {"accelerator": chip, "dtype": "bf16", "intensity": repr(intensity), "basis": basis}


@_kind("roofline.ridge", "roofline")
def _ridge(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    return _numeric(
        "roofline.ridge",
        "roofline",
        _roofline_params(chip, 100.0),
        "ridge_point_flop_per_byte",
        "FLOP/B",
        "roofline.md#ridge-point",
        chip=_words(chip),
    )


@_kind("roofline.bound", "roofline")
def _bound(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    intensity = float(rng.choice((2, 10, 30, 60, 120, 250, 500, 1000, 2000)))
    params = _roofline_params(chip, intensity)
    result = compute("roofline", params)
    return _choice(
        "roofline.bound",
        result,
        params,
        "bound",
        ("compute", "memory"),
        "roofline.md#ridge-point",
        chip=_words(chip),
        intensity=intensity,
    )


@_kind("roofline.attainable", "roofline")
def _attainable(rng: random.Random) -> Problem:
    chip = rng.choice(_chips())
    intensity = float(rng.choice((4, 16, 50, 100, 200, 400, 1000)))
    return _numeric(
        "roofline.attainable",
        "roofline",
        _roofline_params(chip, intensity),
        "attainable_flop_per_s",
        "TFLOP/s",
        "roofline.md#ridge-point",
        chip=_words(chip),
        intensity=intensity,
    )


@_kind("roofline.matmul", "roofline")
def _matmul(rng: random.Random) -> Problem:
    m, k, n = (rng.choice((1, 16, 128, 1024, 4096, 8192)), rng.choice((4096, 8192)), rng.choice((4096, 8192, 28672)))
    params = {"m": str(m), "k": str(k), "n": str(n), "bytes_per_element": "2"}
    return _numeric(
        "roofline.matmul", "matmul", params, "intensity_flop_per_byte", "FLOP/B", "roofline.md#matmul", m=m, k=k, n=n
    )


@_kind("roofline.decode", "roofline")
def _decode(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b", "mixtral-8x7b"])

    def run(chip: str) -> Result | None:
        result = compute("decode", {"model": model, "accelerator": chip, "count": "8"})
        return result

    chip, _ = _first(rng, _chips(datacenter=True), run)
    params = {"model": model, "accelerator": chip, "count": "8"}
    return _numeric(
        "roofline.decode",
        "decode",
        params,
        "tokens_per_second",
        "tokens/s",
        "roofline.md#decode",
        model=_model_words(model),
        chip=_words(chip),
    )


@_kind("roofline.kv", "roofline")
def _kv(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "llama-3-70b", "llama-3-405b", "mistral-7b", "llama-2-70b"])
    context, batch = rng.choice((4096, 8192, 32768, 131072)), rng.choice((1, 8, 32, 64))
    params = {"model": model, "context": str(context), "batch": str(batch)}
    return _numeric(
        "roofline.kv",
        "kv-cache",
        params,
        "total_bytes",
        "GB",
        "memory.md#kv-vs-weights",
        model=_model_words(model),
        context=context,
        batch=batch,
    )


# Interconnect: a collective's time on a chip's scale-up link.
_SIZES = {"64M": 64e6, "256M": 256e6, "1G": 1e9, "4G": 4e9}


def _collective(kind: str, name: str, rng: random.Random) -> Problem:
    size = rng.choice(list(_SIZES))
    count = rng.choice((2, 4, 8))

    def run(chip: str) -> Result | None:
        domain = load_data().accelerator(chip).scale_up_domain_size or 1
        return compute(name, {"bytes": size, "count": str(count), "accelerator": chip}) if domain >= count else None

    chip, _ = _first(rng, _chips(datacenter=True), run)
    params = {"bytes": size, "count": str(count), "accelerator": chip}
    return _numeric(
        kind,
        name,
        params,
        "seconds",
        "ms",
        "interconnects.md#collective-costs",
        size=Quantity(_SIZES[size], "B"),
        count=count,
        chip=_words(chip),
    )


@_kind("interconnect.allreduce", "interconnect")
def _allreduce(rng: random.Random) -> Problem:
    return _collective("interconnect.allreduce", "allreduce", rng)


@_kind("interconnect.allgather", "interconnect")
def _allgather(rng: random.Random) -> Problem:
    return _collective("interconnect.allgather", "allgather", rng)


@_kind("interconnect.reducescatter", "interconnect")
def _reducescatter(rng: random.Random) -> Problem:
    return _collective("interconnect.reducescatter", "reducescatter", rng)


@_kind("interconnect.alltoall", "interconnect")
def _alltoall(rng: random.Random) -> Problem:
    return _collective("interconnect.alltoall", "alltoall", rng)


@_kind("interconnect.gradient", "interconnect")
def _gradient(rng: random.Random) -> Problem:
    params = _run_params(rng, "h100-sxm")
    return _numeric(
        "interconnect.gradient",
        "training",
        params,
        "gradient_sync_seconds",
        "s",
        "training-cost.md#bottleneck",
        **_run_words(params),
    )


@_kind("interconnect.link", "interconnect")
def _link(rng: random.Random) -> Problem:
    first, second = rng.sample(
        [
            c
            for c in _chips(datacenter=True)
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
        Text("drill.q.interconnect.link", {"chip": _words(first), "other": _words(second)}),
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


# Cost of a run: days, dollars and megawatts.
_RUN_CHIPS = ("h100-sxm", "h200-sxm", "b200", "mi300x", "gb200", "a100-sxm")


def _run_params(rng: random.Random, chip: str | None = None) -> dict[str, str]:
    return {
        "params": rng.choice(("7B", "13B", "34B", "70B", "175B", "405B")),
        "tokens": rng.choice(("300B", "1T", "2T", "15T")),
        "accelerator": chip or rng.choice(_RUN_CHIPS),
        "count": rng.choice(("256", "512", "1024", "2048", "4096")),
        "mfu": rng.choice(("0.3", "0.4", "0.5")),
    }


def _run_words(params: dict[str, str]) -> dict[str, object]:
    return {
        "params": params["params"],
        "tokens": params["tokens"],
        "count": params["count"],
        "chip": _words(params["accelerator"]),
        "mfu": float(params["mfu"]),
    }


def _run(kind: str, output: str, unit: str, section: str, rng: random.Random) -> Problem:
    params = _run_params(rng)
    return _numeric(kind, "training", params, output, unit, section, **_run_words(params))


@_kind("cost.flops", "cost")
def _flops(rng: random.Random) -> Problem:
    return _run("cost.flops", "total_flops", "FLOP", "training-cost.md#method", rng)


@_kind("cost.days", "cost")
def _days(rng: random.Random) -> Problem:
    return _run("cost.days", "seconds", "days", "training-cost.md#method", rng)


@_kind("cost.dollars", "cost")
def _dollars(rng: random.Random) -> Problem:
    return _run("cost.dollars", "cloud_cost_usd", "USD", "training-cost.md#method", rng)


@_kind("cost.megawatts", "cost")
def _megawatts(rng: random.Random) -> Problem:
    return _run("cost.megawatts", "facility_power_w", "MW", "training-cost.md#power", rng)


@_kind("cost.sixty", "cost")
def _sixty(rng: random.Random) -> Problem:
    params = {**_run_params(rng, "h100-sxm"), "count": "1024", "mfu": "0.5"}
    return _numeric("cost.sixty", "training", params, "seconds", "days", "quiz.md#deliverable", **_run_words(params))


@_kind("cost.racks", "cost")
def _racks(rng: random.Random) -> Problem:
    count = rng.choice((256, 512, 1024, 4096))

    def run(chip: str) -> Result | None:
        return compute("power", {"accelerator": chip, "count": str(count)})

    chip, _ = _first(rng, [c for c in _chips(datacenter=True) if load_data().accelerator(c).tdp_w], run)
    return _numeric(
        "cost.racks",
        "power",
        {"accelerator": chip, "count": str(count)},
        "racks",
        "",
        "power.md#rack",
        chip=_words(chip),
        count=count,
    )


# Choosing: which chip, rent or own, what cooling.
@_kind("choosing.best", "choosing")
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
    return _choice(
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


@_kind("choosing.own", "choosing")
def _own(rng: random.Random) -> Problem:
    params = _tco_params(rng)
    result = compute("tco", params)
    return _choice("choosing.own", result, params, "cheaper", ("own", "rent"), "choosing.md#tco", **_tco_words(params))


@_kind("choosing.breakeven", "choosing")
def _breakeven(rng: random.Random) -> Problem:
    params = _tco_params(rng)
    del params["utilization"]
    words = {k: v for k, v in _tco_words({**params, "utilization": "0"}).items() if k != "utilization"}
    return _numeric("choosing.breakeven", "tco", params, "breakeven_utilization", "", "choosing.md#tco", **words)


@_kind("choosing.cooling", "choosing")
def _cooling(rng: random.Random) -> Problem:
    def run(chip: str) -> Result | None:
        return compute("power", {"accelerator": chip, "count": "1024"})

    chip, result = _first(rng, [c for c in _chips(datacenter=True) if load_data().accelerator(c).tdp_w], run)
    params = {"accelerator": chip, "count": "1024"}
    return _choice("choosing.cooling", result, params, "cooling", ("air", "liquid"), "power.md#rack", chip=_words(chip))


@_kind("choosing.fits", "choosing")
def _fits(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b", "mixtral-8x7b", "llama-2-70b"])
    chip = rng.choice(_chips())
    params = {
        "model": model,
        "accelerator": chip,
        "weight_format": rng.choice(("bf16", "fp8", "int4")),
        "context": "8192",
        "batch": "1",
    }
    result = compute("kv-cache", params)
    problem = _choice(
        "choosing.fits",
        result,
        params,
        "fits",
        ("true", "false"),
        "memory.md#kv-vs-weights",
        model=_model_words(model),
        chip=_words(chip),
        format=params["weight_format"].upper(),
    )
    return dataclasses.replace(problem, answer="true" if result.quantities["fits"] else "false")


@_kind("choosing.serve", "choosing")
def _serve(rng: random.Random) -> Problem:
    model = rng.choice(["llama-3-8b", "mistral-7b", "llama-3-70b"])
    batch = rng.choice((1, 8, 32, 64, 128, 256))

    def run(chip: str) -> Result | None:
        result = compute("serving", {"model": model, "accelerator": chip, "batch": str(batch)})
        return result if result.quantities["decode_bound"] in ("compute", "memory") else None

    chip, result = _first(rng, _chips(datacenter=True), run)
    params = {"model": model, "accelerator": chip, "batch": str(batch)}
    return _choice(
        "choosing.serve",
        result,
        params,
        "decode_bound",
        ("compute", "memory"),
        "serving.md#phases",
        model=_model_words(model),
        chip=_words(chip),
        batch=batch,
    )


# -- sets, scoring --------------------------------------------------------------------------------------------


def _kinds(kinds: str | None) -> list[str]:
    chosen = [kind for kind in (kinds or "").split(",") if kind]
    for kind in chosen:
        if kind not in KINDS:
            raise CalcError(field="kinds", kind="not_choice", choices=list(KINDS), value=kind)
    return chosen


def drill_set(seed: int, count: int = 10, fluency: str | None = None, kinds: str | None = None) -> list[Problem]:
    """`count` problems from `seed`, the same set in every language: the fluencies in turn (or only `fluency`),
    a kind at random within each (or among `kinds`, comma-separated: the ones a schedule says are due), no
    problem twice."""
    if fluency is not None and fluency not in FLUENCIES:
        raise CalcError(field="fluency", kind="not_choice", choices=FLUENCIES, value=fluency)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 100:
        raise CalcError(field="count", kind="out_of_range", low=1, high=100, integer=True, value=count)
    allowed = _kinds(kinds) or [kind for kind, (f, _) in KINDS.items() if fluency in (None, f)]
    rng = random.Random(seed)
    present = [f for f in FLUENCIES if any(KINDS[kind][0] == f for kind in allowed)]
    order = rng.sample(present, len(present))
    problems: list[Problem] = []
    seen: set[object] = set()
    for index in range(count):
        choices = [kind for kind in allowed if KINDS[kind][0] == order[index % len(order)]]
        for _attempt in range(50):
            try:  # inputs drawn for a chip that lacks a figure (a price, a TDP): draw again
                problem = KINDS[rng.choice(choices)][1](rng)
            except (CalcError, LookupError):
                continue
            if problem.key not in seen:
                seen.add(problem.key)
                problems.append(problem)
                break
    return problems


_GROUPS_EN = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_GROUPS_ES = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))")


def parse_answer(problem: Problem, text: str, lang: str = "en") -> float | str:
    """A reader's answer: a choice's id, or a number in the problem's unit (SI suffixes, 4e23, 4×10^23, and the
    decimal comma in Spanish) as SI. Raises CalcError naming the answer field."""
    if problem.choices:
        raw = text.strip()
        by_label = {choice_label(c, lang).casefold(): c for c in problem.choices}
        found = raw if raw in problem.choices else by_label.get(raw.casefold())
        if found is None:
            raise CalcError(
                field="answer", kind="not_choice", choices=[choice_label(c, lang) for c in problem.choices], value=text
            )
        return found
    grouped = _GROUPS_ES if lang == "es" else _GROUPS_EN  # 1,835 or 16 384, as the answers are written
    value = parse_si_number(grouped.sub("", text), field="answer", decimal_comma=(lang == "es"))
    if value <= 0:
        raise CalcError(field="answer", kind="out_of_range", low=0, low_open=True, value=value)
    return value * _ANSWER_UNITS[problem.unit]


def score(answer: float | str, problem: Problem) -> float:
    """1 within the problem's factor, falling with the log of the error to 0 at ZERO_FACTOR; a choice is 1 or 0."""
    if isinstance(problem.answer, str) or isinstance(answer, str):
        return 1.0 if answer == problem.answer else 0.0
    if answer <= 0:
        return 0.0
    factor = max(answer / problem.answer, problem.answer / answer)
    if factor <= problem.tolerance:
        return 1.0
    if factor >= ZERO_FACTOR:
        return 0.0
    return 1.0 - math.log(factor / problem.tolerance) / math.log(ZERO_FACTOR / problem.tolerance)


def score_answer(problem: Problem, text: str, lang: str = "en") -> dict[str, Any]:
    """Score a reader's typed answer: {"ok": True, "score", "answer_text", ...} or {"ok": False, "message"}, the
    message naming the answer field in `lang`. Never raises for bad input."""
    try:
        given = parse_answer(problem, text, lang)
    except CalcError as error:
        return {"ok": False, "kind": error.kind, "message": error.message(lang, name=t("drill.field.answer", lang))}
    points = score(given, problem)
    shown = {"score_text": format_number(points, lang, digits=2), "answer_text": problem.answer_text(lang)}
    return {"ok": True, "score": points, "answer": problem.answer, **shown}


def drill_round(
    seed: int, count: int = 10, fluency: str | None = None, lang: str = "en", kinds: str | None = None
) -> dict[str, Any]:
    """The page's and the worker's entry point: a set as JSON-ready data, or {"ok": False, "message"}."""
    try:
        problems = drill_set(int(seed), int(count), fluency or None, kinds or None)
    except (CalcError, ValueError) as error:
        message = error.message(lang) if isinstance(error, CalcError) else str(error)
        return {"ok": False, "message": message}
    return {"ok": True, "seed": int(seed), "problems": [p.to_dict(lang) for p in problems]}


def drill_score(
    seed: int, count: int, fluency: str | None, index: int, text: str, lang: str = "en", kinds: str | None = None
) -> dict[str, Any]:
    """Score the answer to problem `index` of a set (the worker's request: the set is rebuilt from its seed)."""
    problems = drill_set(int(seed), int(count), fluency or None, kinds or None)
    return score_answer(problems[int(index)], text, lang)


def set_text(problems: list[Problem], lang: str = "en", *, answers: bool = False) -> str:
    """A set as the CLI prints it: one numbered question per problem, and with `answers` its answer, derivation
    and section."""
    lines = []
    for number, problem in enumerate(problems, 1):
        lines.append(f"{number}. [{t(f'drill.fluency.{problem.fluency}', lang)}] {problem.question.render(lang)}")
        if answers:
            lines.append(f"   {t('drill.cli.answer', lang)}: {problem.answer_text(lang)}")
            lines += [f"     {s['label']}: {s['substitution']} = {s['result']}" for s in problem.derivation(lang)]
            lines += [f"     {reason}" for reason in problem.reasons(lang)]
            lines.append(f"   {t('drill.cli.section', lang)}: {problem.section}")
    return "".join(line + "\n" for line in lines)


def drill_texts(lang: str = "en") -> dict[str, object]:
    """The drill page's texts in `lang` (templates: the page fills `{names}`), the fluencies' names, the kinds'
    fluencies and the timed mode's seconds, for the page script, which words nothing itself."""
    ui = {key.removeprefix("drill.ui."): words[lang] for key, words in CATALOG.items() if key.startswith("drill.ui.")}
    ui["answer"] = t("drill.field.answer", lang)  # the field an answer's error message names
    return {
        "ui": ui,
        "fluencies": {f: t(f"drill.fluency.{f}", lang) for f in FLUENCIES},
        "kinds": {kind: fluency for kind, (fluency, _) in KINDS.items()},
        "seconds": SECONDS_PER_PROBLEM,
        "tolerance": format_number(DEFAULT_TOLERANCE, lang),
        "zero": format_number(ZERO_FACTOR, lang),
    }
