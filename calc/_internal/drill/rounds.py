# A round: a set of problems from a round number, its texts, and scoring an answer.
from __future__ import annotations

import math
import random
import re
from typing import Any

from ..errors import CalcError
from ..fmt import format_number
from ..messages import CATALOG, t
from ..units import parse_si_number
from .problem import (
    ANSWER_UNITS,
    DEFAULT_TOLERANCE,
    FLUENCIES,
    KINDS,
    SECONDS_PER_PROBLEM,
    ZERO_FACTOR,
    Problem,
    choice_label,
)


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
    return value * ANSWER_UNITS[problem.unit]


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
