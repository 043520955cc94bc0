"""One range per calculator input (calc.INPUT_BOUNDS): every form field and every check of that input reads it, so
the same input is never accepted by one calculator and refused by another."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import calc
from calc import CALCULATORS, INPUT_BOUNDS
from tests.sources import nodes

ROOT = Path(__file__).resolve().parents[1]
# Checks that bound an input by another one (at most as many KV heads as heads, no more active parameters than in
# all) or name a figure that is no calculator input under an input's name (tokens held in a KV cache).
RELATIONS = {
    ("parallelism/layout.py", "kv_heads"),
    ("memory/activations.py", "kv_heads"),
    ("training/formulas.py", "kv_heads"),
    ("training/run.py", "total_params"),
    ("inference/formulas.py", "tokens"),
    ("serving/case.py", "tokens"),
    ("serving/speculative.py", "draft_tokens"),
    (
        "plot/curves.py",
        "tokens_per_second",
    ),  # a served throughput the chart draws, not the TCO input  # the formula's own domain: 0 draft tokens is plain decoding
}
_BOUND_KEYWORDS = {"low", "high", "low_open", "high_open", "integer"}


def _checks_with_own_bounds() -> list[str]:
    found = []
    for path in sorted((ROOT / "calc" / "_internal").rglob("*.py")):
        rel = path.relative_to(ROOT / "calc" / "_internal").as_posix()
        for node in nodes(path):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check_number" and node.args):
                continue
            name = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            own = {k.arg for k in node.keywords} & _BOUND_KEYWORDS
            if name in INPUT_BOUNDS and own and (rel, name) not in RELATIONS:
                found.append(f"{rel}:{node.lineno} {name}")
    return found


def test_every_check_of_an_input_reads_its_one_range() -> None:
    assert not _checks_with_own_bounds()


def test_every_number_field_takes_its_range_from_the_table() -> None:
    for calculator in CALCULATORS.values():
        for field in (f for f in calculator.fields if f.kind == "number"):
            bound = INPUT_BOUNDS[field.keyword]
            assert field.high is not None and field.high * field.scale == pytest.approx(bound.high), field.name
            assert field.low is not None and field.low * field.scale == pytest.approx(bound.low, abs=0), field.name
            assert (field.low_open, field.integer) == (bound.low_open, bound.integer), field.name


@pytest.mark.parametrize(
    "field, value, calculators",
    [
        ("count", "5000000", ["decode", "prefill", "training", "allreduce", "power"]),
        ("context", "500000000", ["kv-cache"]),
        ("batch", "5000000", ["serving", "decode", "kv-cache"]),
    ],
)
def test_one_input_is_accepted_alike_everywhere(field: str, value: str, calculators: list[str]) -> None:
    """The issue's examples: a figure one calculator took and another refused is inside every range now."""
    for name in calculators:
        outcome = calc.run(name, {field: value})
        assert outcome["ok"], (name, outcome.get("message"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_refused_memory_names_the_one_range_in_gigabytes(lang: str) -> None:
    """A custom chip's memory past 1 PB is refused by every calculator that takes it, naming 1,000,000 GB."""
    for name in ("training-memory", "serving", "parallelism"):
        outcome = calc.run(name, {"accelerator": "custom", "memory_gb": "2e6"}, lang)
        assert not outcome["ok"] and outcome["field"] == "memory_gb", name
        assert f"≤ {calc.format_number(1e6, lang)};" in outcome["message"], (name, outcome["message"])
