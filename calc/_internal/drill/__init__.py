# The drill: problems for the five fluencies, generated from the edition's data and answered by the calculators.
# A generator picks inputs from data/ with a seeded random.Random and runs a calculator on them; the problem's
# answer is that result's quantity, its derivation that result's steps. Nothing here restates a formula.
from __future__ import annotations

import importlib

from .problem import (
    ANSWER_UNITS,
    DEFAULT_TOLERANCE,
    FLUENCIES,
    KINDS,
    RUN_CHIPS,
    SECONDS_PER_PROBLEM,
    ZERO_FACTOR,
    Generator,
    Problem,
    chip_ids,
    chip_words,
    choice_label,
    choice_problem,
    first_working,
    model_words,
    numeric_problem,
    problem_kind,
    run_params,
    run_words,
)
from .rounds import drill_round, drill_score, drill_set, drill_texts, parse_answer, score, score_answer, set_text

# The generators register their kinds when imported, in this order: a round number draws the same set.
for _generators in ("landscape", "roofline", "interconnect", "cost", "choosing"):
    importlib.import_module(f".{_generators}", __name__)

__all__ = [
    "ANSWER_UNITS",
    "DEFAULT_TOLERANCE",
    "FLUENCIES",
    "KINDS",
    "RUN_CHIPS",
    "SECONDS_PER_PROBLEM",
    "ZERO_FACTOR",
    "Generator",
    "Problem",
    "chip_ids",
    "chip_words",
    "choice_label",
    "choice_problem",
    "drill_round",
    "drill_score",
    "drill_set",
    "drill_texts",
    "first_working",
    "model_words",
    "numeric_problem",
    "parse_answer",
    "problem_kind",
    "run_params",
    "run_words",
    "score",
    "score_answer",
    "set_text",
]
