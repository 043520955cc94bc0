# The drill's problems: problems for the five fluencies, generated from the edition's data and answered by the calculators.
# A generator picks inputs from data/ with a seeded random.Random and runs a calculator on them; the problem's
# answer is that result's quantity, its derivation that result's steps. Nothing here restates a formula.
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..data import load_data
from ..errors import CalcError
from ..fmt import DISPLAY_FACTORS, format_number, format_word, unit_text
from ..messages import Text, Words, t
from ..registry import CALCULATORS, compute
from ..results import Result

FLUENCIES = ("landscape", "roofline", "interconnect", "cost", "choosing")
DEFAULT_TOLERANCE = 2.0  # full marks within this factor: a back-of-the-envelope figure
ZERO_FACTOR = 10.0  # nothing past this factor
SECONDS_PER_PROBLEM = 60  # the timed mode's clock: the module's 60-second question
# The unit an answer is typed in -> its size in SI units (a display unit of fmt, or one of these).
ANSWER_UNITS: dict[str, float] = {
    "": 1.0,
    "s": 1.0,
    "FLOP": 1.0,
    "FLOP/B": 1.0,
    "tokens/s": 1.0,
    "USD": 1.0,
    "ms": 1e-3,
}
ANSWER_UNITS.update(DISPLAY_FACTORS)


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
        shown = format_number(self.answer / ANSWER_UNITS[self.unit], lang, digits=3)
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
            "answer_in_unit": self.answer if isinstance(self.answer, str) else self.answer / ANSWER_UNITS[self.unit],
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


def problem_kind(name: str, fluency: str) -> Callable[[Generator], Generator]:
    def register(generator: Generator) -> Generator:
        KINDS[name] = (fluency, generator)
        return generator

    return register


def chip_ids(*, datacenter: bool = False) -> list[str]:
    return [c.id for c in load_data().accelerators.values() if not datacenter or c.category == "datacenter"]


def first_working(rng: random.Random, options: list[str], run: Callable[[str], Result | None]) -> tuple[str, Result]:
    """The first of `options` in a random order whose calculation succeeds (a chip may lack a figure)."""
    for option in rng.sample(options, len(options)):
        try:
            result = run(option)
        except CalcError:
            continue
        if result is not None:
            return option, result
    raise LookupError("no option has the figures this problem needs")


def numeric_problem(
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


def choice_problem(
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


def chip_words(chip: str) -> object:
    return load_data().accelerator(chip).words()


def model_words(model: str) -> object:
    data = load_data()
    return data.model_words(data.model(model))


# A training run's inputs, drawn for the cost and interconnect problems.
RUN_CHIPS = ("h100-sxm", "h200-sxm", "b200", "mi300x", "gb200", "a100-sxm")


def run_params(rng: random.Random, chip: str | None = None) -> dict[str, str]:
    return {
        "params": rng.choice(("7B", "13B", "34B", "70B", "175B", "405B")),
        "tokens": rng.choice(("300B", "1T", "2T", "15T")),
        "accelerator": chip or rng.choice(RUN_CHIPS),
        "count": rng.choice(("256", "512", "1024", "2048", "4096")),
        "mfu": rng.choice(("0.3", "0.4", "0.5")),
    }


def run_words(params: dict[str, str]) -> dict[str, object]:
    return {
        "params": params["params"],
        "tokens": params["tokens"],
        "count": params["count"],
        "chip": chip_words(params["accelerator"]),
        "mfu": float(params["mfu"]),
    }
