"""The drill: every answer is a calculator's result on inputs from data/, sets are reproducible and varied, scoring
goes by order of magnitude, and answers parse as readers type them in both languages."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import subprocess
import sys
from collections import Counter
from collections.abc import Callable

import pytest

import calc

Cli = Callable[..., tuple[int, str, str]]
SEEDS = range(120)
FLUENCIES = ("landscape", "roofline", "interconnect", "cost", "choosing")


def _all_problems() -> list[calc.Problem]:
    return [problem for seed in SEEDS for problem in calc.drill_set(seed, 10)]


PROBLEMS = _all_problems()


def _quantity(problem: calc.Problem, chip: str | None = None) -> object:
    params = {k: v for k, v in problem.params.items() if k != "other"}
    if chip is not None:
        params["accelerator"] = chip
    return calc.compute(problem.calculator, params).quantities[problem.output]


def test_every_answer_is_the_calculators_result() -> None:
    data = calc.load_data()
    for problem in PROBLEMS:
        value = _quantity(problem)
        if problem.kind == "landscape.faster":  # a comparison of two chips' results
            expected = "true" if float(value) > float(_quantity(problem, problem.params["other"])) else "false"
        elif problem.kind == "interconnect.link":
            other = problem.params["other"]
            faster = float(value) < float(_quantity(problem, other))
            expected = problem.params["accelerator"] if faster else other
        elif problem.kind == "landscape.sparse":
            headline = data.accelerator(problem.params["accelerator"]).sparse_headline_flop_per_s["bf16"]
            expected = "true" if float(value) >= float(headline or 0) else "false"
        elif isinstance(value, bool):
            expected = "true" if value else "false"
        elif isinstance(value, str):
            expected = value
        else:
            assert problem.answer == pytest.approx(float(value), rel=1e-12), problem.kind
            assert problem.answer > 0 and not problem.choices
            continue
        assert problem.answer == expected, (problem.kind, problem.params)
        assert problem.answer in problem.choices


def test_every_problem_has_a_derivation_and_a_section() -> None:
    for problem in PROBLEMS[:200]:
        steps = problem.derivation("en")
        assert steps and all(step["result"] for step in steps), problem.kind
        page, _, anchor = problem.section.partition("#")
        assert page.endswith(".md") and anchor, problem.section


def test_parameters_come_from_the_editions_data() -> None:
    data = calc.load_data()
    chips: set[str] = set()
    for problem in PROBLEMS:
        for key in ("accelerator", "other"):
            if key in problem.params:
                assert problem.params[key] in data.accelerators
                chips.add(problem.params[key])
        if "model" in problem.params and problem.params["model"] != "custom":
            assert problem.params["model"] in data.models
        for choice in problem.choices:
            assert choice in data.accelerators or choice in ("true", "false", "compute", "memory", "own", "rent",
                                                             "air", "liquid")  # fmt: skip
    assert len(chips) >= len(data.accelerators) - 2  # drawn across the whole edition


def test_same_seed_same_set_in_both_languages() -> None:
    for seed in (0, 7, 42, 2026):
        english, spanish = calc.drill_round(seed, 10, lang="en"), calc.drill_round(seed, 10, lang="es")
        assert english["ok"] and spanish["ok"]
        pairs = list(zip(english["problems"], spanish["problems"], strict=True))
        for en, es in pairs:
            assert (en["kind"], en["params"], en["answer"]) == (es["kind"], es["params"], es["answer"])
            assert en["question"] != es["question"] and "{" not in es["question"]
        assert calc.drill_set(seed, 10) == calc.drill_set(seed, 10)
    assert calc.drill_set(1, 10) != calc.drill_set(2, 10)


def test_spanish_answers_use_the_decimal_comma() -> None:
    shown = [p.answer_text("es") for p in PROBLEMS if not p.choices]
    assert any("," in text for text in shown)
    assert not any("." in text.split()[0] for text in shown)


def test_no_problem_twice_in_a_set() -> None:
    for seed in range(40):
        problems = calc.drill_set(seed, 40)
        assert len({p.key for p in problems}) == len(problems) == 40


def test_each_fluency_gets_problems() -> None:
    for seed in range(40):
        counts = Counter(p.fluency for p in calc.drill_set(seed, 10))
        assert set(counts) == set(FLUENCIES) and set(counts.values()) == {2}


@pytest.mark.parametrize("fluency", FLUENCIES)
def test_at_least_six_kinds_per_fluency(fluency: str) -> None:
    kinds = {p.kind for seed in range(30) for p in calc.drill_set(seed, 10, fluency)}
    assert all(kind.startswith(f"{fluency}.") for kind in kinds)
    assert len(kinds) >= 6, kinds


def test_bad_settings_are_refused_naming_the_field() -> None:
    with pytest.raises(calc.CalcError) as error:
        calc.drill_set(1, 10, "poetry")
    assert error.value.field == "fluency"
    refused = calc.drill_round(1, 0, lang="es")
    assert not refused["ok"] and "count" in refused["message"]


def _numeric(answer: float = 1e12) -> calc.Problem:
    first = next(p for p in PROBLEMS if not p.choices and p.unit == "")
    return dataclasses.replace(first, answer=answer)


def test_score_is_one_within_the_factor_and_zero_past_ten() -> None:
    problem = _numeric(1e12)
    assert calc.score_answer(problem, "1e12")["score"] == 1.0
    assert calc.score_answer(problem, "2e12")["score"] == 1.0
    assert calc.score_answer(problem, "0.5e12")["score"] == 1.0
    assert calc.score_answer(problem, "10e12")["score"] == 0.0
    assert calc.score_answer(problem, "1e11")["score"] == 0.0
    assert calc.score_answer(problem, "1e15")["score"] == 0.0


def test_score_falls_monotonically_with_the_log_error() -> None:
    problem = _numeric(1e12)
    factors = [2.0, 2.5, 3.0, 4.0, 6.0, 8.0, 9.9]
    for direction in (1, -1):
        scores = [calc.score_answer(problem, repr(1e12 * f**direction))["score"] for f in factors]
        assert all(a > b for a, b in itertools.pairwise(scores)), scores
        assert 0 < scores[-1] < scores[1] < 1
    # symmetric in the log: twice too high scores as twice too low
    high, low = (calc.score_answer(problem, repr(1e12 * 4**d))["score"] for d in (1, -1))
    assert math.isclose(high, low)


def test_choice_problems_are_right_or_wrong() -> None:
    problem = next(p for p in PROBLEMS if p.choices)
    wrong = next(c for c in problem.choices if c != problem.answer)
    assert calc.score_answer(problem, str(problem.answer))["score"] == 1.0
    assert calc.score_answer(problem, wrong)["score"] == 0.0
    refused = calc.score_answer(problem, "maybe", "es")
    assert not refused["ok"] and "Tu respuesta" in refused["message"]


@pytest.mark.parametrize(
    ("typed", "lang"),
    [
        ("4e23", "en"),
        ("4×10^23", "en"),
        ("4x10^23", "en"),
        ("400,000,000,000,000,000,000,000", "en"),
        ("400e21", "es"),
        ("4,0×10^23", "es"),
        ("0,4e24", "es"),
        ("400\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000", "es"),
    ],
)
def test_answers_parse_in_both_languages(typed: str, lang: str) -> None:
    problem = _numeric(4e23)
    result = calc.score_answer(problem, typed, lang)
    assert result["ok"] and result["score"] == 1.0, result


def test_answers_in_the_problems_unit() -> None:
    problem = next(p for p in PROBLEMS if p.unit == "days")
    days = problem.answer / 86_400
    assert calc.score_answer(problem, repr(days))["score"] == 1.0
    assert calc.score_answer(problem, repr(problem.answer))["score"] == 0.0  # seconds typed where days are asked


JUNK = [
    ("ten", "en", "Your answer"),
    ("4,5,6", "es", "Tu respuesta"),
    ("4kb", "en", "Your answer"),
    ("-3", "es", "Tu respuesta"),
    ("1,83", "en", "Your answer"),
]


@pytest.mark.parametrize(("typed", "lang", "words"), JUNK)
def test_junk_gets_a_localized_message_naming_the_field(typed: str, lang: str, words: str) -> None:
    result = calc.score_answer(_numeric(), typed, lang)
    assert not result["ok"] and words in result["message"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_exact_answer_as_shown_scores_full_marks(lang: str) -> None:
    shown = [(p, p.answer_text(lang)) for p in PROBLEMS[:300] if not p.choices and "×" not in p.answer_text(lang)]
    assert len(shown) > 50
    for problem, text in shown:  # "1,835 TFLOP/s", "$42,500", "16 384 tokens/s", "42 500 USD": the number typed
        typed = text.split(" ")[0].removeprefix("$")
        assert calc.score_answer(problem, typed, lang)["score"] == 1.0, (text, typed)


def test_cli_prints_the_same_set_with_its_answers(cli: Cli) -> None:
    """`python -m calc drill` as a process prints the API's set; in Spanish, one fluency, one line a problem; a
    count of 0 is refused (those two in-process: the same main, without a second interpreter's start)."""
    argv = ["drill", "--seed", "42", "--count", "10", "--json", "--answers"]
    done = subprocess.run([sys.executable, "-m", "calc", *argv], capture_output=True, text=True, check=True)
    shown = json.loads(done.stdout)
    assert [item["answer"] for item in shown] == [p.answer for p in calc.drill_set(42, 10)]
    code, text, _ = cli(*argv[:-2], "--lang", "es", "--fluency", "roofline")
    assert code == 0 and text.startswith("1. [Roofline] ") and text.count("\n") == 10
    code, _, err = cli(*argv[:3], "--count", "0")
    assert code == 2 and "count" in err
