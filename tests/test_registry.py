"""calc.run, the single entry point the pages and the worker use."""

from __future__ import annotations

import json
import math

import pytest

import calc
from calc import CALCULATORS

HOSTILE = [
    "",
    " ",
    "-1",
    "0",
    "NaN",
    "nan",
    "Infinity",
    "-inf",
    "1e400",
    "1e30",
    "abc",
    "__import__('os').system('x')",
    "</script><script>alert(1)</script>",
    "x" * 10_000,
    "1,2,3",
    "1..2",
    "0x10",
    "1e",
    "--5",
    "∞",
    "１２",
    "None",
]


@pytest.mark.parametrize("name", sorted(CALCULATORS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_defaults_compute(name: str, lang: str) -> None:
    """Each calculator's default inputs give a result: the page prerenders exactly this."""
    outcome = calc.run(name, CALCULATORS[name].defaults(), lang)
    assert outcome["ok"], outcome
    json.dumps(outcome)  # plain data only: it crosses the worker boundary


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_hostile_inputs_give_messages(name: str) -> None:
    """Hostile text in any numeric field yields a localized message naming a field, never an exception."""
    calculator = CALCULATORS[name]
    numeric = [f for f in calculator.fields if f.kind == "number" and not f.only_when_custom]
    for field in numeric:
        for text in HOSTILE:
            for lang in ("en", "es"):
                outcome = calc.run(name, {**calculator.defaults(), field.name: text}, lang)
                if outcome["ok"]:
                    assert all(math.isfinite(v) for v in outcome["quantities"].values() if isinstance(v, float)), (
                        field.name,
                        text,
                    )
                    continue
                assert outcome["field"] and outcome["message"], (field.name, text)
                assert "Traceback" not in outcome["message"]
                assert "nan" not in outcome["message"].lower().replace("nan'", "")


def test_unknown_accelerator_lists_known_ids() -> None:
    """An unknown accelerator id is rejected with the known ids listed."""
    outcome = calc.run("roofline", {"accelerator": "h900"}, "en")
    assert not outcome["ok"] and outcome["field"] == "accelerator" and "h100-sxm" in outcome["message"]


def test_custom_figures_imply_a_custom_chip() -> None:
    """Giving --peak-tflops and --bandwidth-tbps without an accelerator uses those figures."""
    outcome = calc.run("roofline", {"peak_tflops": "100", "bandwidth_tbps": "2", "intensity": "10"}, "en")
    assert outcome["ok"]
    assert outcome["quantities"]["ridge_point_flop_per_byte"] == pytest.approx(50.0)


def test_errors_speak_the_readers_units() -> None:
    """A custom peak out of range is reported in TFLOP/s, the unit the reader typed, in Spanish too."""
    outcome = calc.run("roofline", {"accelerator": "custom", "peak_tflops": "-1"}, "es")
    assert outcome["field"] == "peak_tflops"
    assert "se recibió −1" in outcome["message"]


def test_public_surface() -> None:
    """Everything in calc.__all__ exists, and names are unique."""
    assert len(set(calc.__all__)) == len(calc.__all__)
    for name in calc.__all__:
        assert hasattr(calc, name), name
