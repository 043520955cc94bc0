"""Every derivation line a reader sees evaluates to the result it shows.

For every calculator, at its defaults, its presets, every workload or attention kind, and seeded random valid
inputs, in both languages, each step is checked twice:
- exactly: its substitution template, filled with the step's values in SI units, gives the step's value;
- as shown: the same template, filled with the numbers as the page prints them (rounded, in the page's units),
  gives the printed result within the rounding of three significant digits.
"""

from __future__ import annotations

import math
import random
import re

import pytest

import calc
from calc import CALCULATORS, DISPLAY_FACTORS, PREFIXED_UNITS, CalcError, Step

_SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
_WORD_UNITS = {"días": "days", "años": "years", "consultas/s": "queries/s"}
_UNIT_FACTORS: dict[str, float] = {"": 1.0, "FLOP": 1.0, "FLOP/byte": 1.0, "tokens/s": 1.0, "queries/s": 1.0}
_UNIT_FACTORS.update({prefixed: factor for ladder in PREFIXED_UNITS.values() for prefixed, factor in ladder})
_UNIT_FACTORS.update(DISPLAY_FACTORS)


def _floor(x: float) -> int:
    """⌊x⌋ as calc rounds counts: a value within a billionth below an integer is that integer (float noise)."""
    return math.floor(x * (1 + 1e-9))


def _ceil(x: float) -> int:
    """⌈x⌉ with the same tolerance."""
    return math.ceil(x * (1 - 1e-9))


def _to_python(template: str) -> str:
    """A substitution template as a Python expression (× → *, − → -, ² → **2, 10⁶ → 10**6, √( → sqrt(,
    ⌈x⌉ → ceil(x), ⌊x⌋ → floor(x), log₂( → log2(, ln( → log(, ^ → **)."""
    expression = template.replace("×", "*").replace("−", "-").replace("²", "**2").replace("√(", "sqrt(")
    expression = expression.replace("⌈", "ceil(").replace("⌉", ")").replace("⌊", "floor(").replace("⌋", ")")
    expression = expression.replace("log₂(", "log2(").replace("ln(", "log(").replace("^", "**")
    expression = re.sub(r"10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: f"10**{m.group(1).translate(_SUPERSCRIPT)}", expression)
    known = expression
    for function in ("min(", "max(", "sqrt(", "ceil(", "floor(", "log2(", "log("):
        known = known.replace(function, "")
    if re.search(r"[^\w\s{}().,*/+\-]|[A-Za-z]", re.sub(r"\{\w+\}", "", known)):
        raise AssertionError(f"a derivation uses a symbol the check cannot read: {template!r}")
    return expression


def _evaluate(template: str, numbers: dict[str, float]) -> float:
    expression = re.sub(r"\{(\w+)\}", lambda m: f"({numbers[m.group(1)]!r})", _to_python(template))
    functions = {
        "min": min,
        "max": max,
        "sqrt": math.sqrt,
        "ceil": _ceil,
        "floor": _floor,
        "log2": math.log2,
        "log": math.log,
    }
    return float(eval(expression, {"__builtins__": {}}, functions))


def read_shown(text: str, lang: str) -> float:
    """A number as the page prints it ('1,12 MW', '$2.99/h', '4.2 × 10²³ FLOP', '707 000 USD'), back in SI units."""
    text = text.strip()
    money = text.startswith("$") or " USD" in text
    if money:
        text = text.replace("$", "").replace(" USD", " ")
        match = re.fullmatch(r"(.+?)\s*(/\w+)?", text)
        assert match, text
        number_text, per = match.group(1), match.group(2) or ""
        unit = "USD" + per
    else:
        match = re.fullmatch(r"(−?[\d.,\u202f]+(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)\s*(.*)", text)
        assert match, text
        number_text, unit = match.group(1), _WORD_UNITS.get(match.group(2), match.group(2))
    mantissa, _, exponent = number_text.partition(" × 10")
    mantissa = mantissa.replace("−", "-").replace("\u202f", "")
    mantissa = mantissa.replace(",", ".") if lang == "es" else mantissa.replace(",", "")
    value = float(mantissa) * (10 ** int(exponent.translate(_SUPERSCRIPT)) if exponent else 1)
    factor = DISPLAY_FACTORS.get(unit, 1.0) if unit.startswith("USD") else _UNIT_FACTORS[unit]
    return value * factor


def check_step(step: Step, lang: str) -> list[str]:
    """Both checks on one step; returns what is wrong (nothing when it evaluates)."""
    problems = []
    exact = _evaluate(step.substitution, {k: v for k, (v, _) in step.values.items()})
    if not math.isclose(exact, step.value, rel_tol=1e-6, abs_tol=1e-12):
        problems.append(f"{step.key}: {step.substitution} gives {exact!r} with the exact values, not {step.value!r}")
    shown = step.render(lang)
    printed = {
        k: read_shown(calc.format_quantity(v, unit, lang, step.digits), lang) for k, (v, unit) in step.values.items()
    }
    result = read_shown(shown["result"], lang)
    evaluated = _evaluate(step.substitution, printed)
    # Each printed figure carries up to 0.5 % of rounding (three significant digits); so does the result.
    tolerance = 0.005 * (len(step.values) + 1) + 1e-9
    if not math.isclose(evaluated, result, rel_tol=tolerance, abs_tol=1e-9):
        problems.append(f"{lang} {step.key}: “{shown['substitution']} = {shown['result']}” evaluates to {evaluated!r}")
    return problems


def _random_inputs(name: str, rng: random.Random) -> dict[str, str]:
    """Valid-looking inputs: each applicable number drawn log-uniformly within a tenth to ten times its default."""
    calculator = CALCULATORS[name]
    base = calculator.defaults()
    for field in calculator.fields:
        if field.kind == "choice" and not field.custom_of and rng.random() < 0.3:
            base = calculator.defaults({**base, field.name: rng.choice(field.choices)})
    inputs = dict(base)
    for field in calculator.fields:
        if field.kind != "number" or field.name not in base:
            continue
        default = calc.parse_si_number(base[field.name], field=field.name)
        if default <= 0:
            continue
        value = default * 10 ** rng.uniform(-1, 1)
        inputs[field.name] = repr(round(value) if field.integer else value)
    return inputs


def _cases(name: str) -> list[dict[str, str]]:
    calculator = CALCULATORS[name]
    cases = [calculator.defaults()]
    cases += [calculator.defaults(preset) for preset in calculator.presets.values()]
    for field in calculator.fields:
        if field.kind == "choice" and any(g.when and g.when[0] == field.name for g in calculator.fields):
            cases += [calculator.defaults({field.name: choice}) for choice in field.choices]
    rng = random.Random(f"derivations-{name}")
    cases += [_random_inputs(name, rng) for _ in range(25)]
    return cases


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_derivation_line_evaluates(name: str) -> None:
    """At defaults, presets, every workload and 25 random input sets, each step evaluates to its result."""
    problems, checked = [], 0
    for inputs in _cases(name):
        try:
            result = calc.compute(name, inputs)
        except CalcError:  # a random draw outside what the calculator accepts: nothing to show
            continue
        for step in result.steps:
            for lang in ("en", "es"):
                found = check_step(step, lang)
                checked += 1
                problems += [f"{p}  (inputs {inputs})" for p in found]
    assert checked > 0
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_the_check_catches_a_missing_term() -> None:
    """The TCO line that once showed 40,000/(4×8760×0.7) + 0.7 kW×1.56×0.08 = 2.37 USD/h (it evaluates to 1.72)."""
    year = 8_760 * 3_600.0
    wrong = Step(
        "owning",
        calc.message_text("tco.step.owning"),
        "",
        "{K} / ({y} × {H} × {u}) + {W} × {p} × {c}",
        {
            "K": (40_000.0, "USD"),
            "y": (4.0, ""),
            "H": (year, "h"),
            "u": (0.7, ""),
            "W": (700.0, "kW"),
            "p": (1.56, ""),
            "c": (0.08 / 3.6e6, "USD/kWh"),
        },
        2.37 / 3_600,
        "USD/h",
    )
    assert check_step(wrong, "en")


def test_the_reader_parses_what_the_page_prints() -> None:
    """The helper reads both languages' numbers and units back."""
    assert read_shown("1.12 MW", "en") == pytest.approx(1.12e6)
    assert read_shown("1,12 MW", "es") == pytest.approx(1.12e6)
    assert read_shown("$705,000", "en") == pytest.approx(705_000)
    assert read_shown("705\u202f000 USD", "es") == pytest.approx(705_000)
    assert read_shown("$2.99/h", "en") == pytest.approx(2.99 / 3600)
    assert read_shown("4,2 × 10²³ FLOP", "es") == pytest.approx(4.2e23)
    assert read_shown("9,6 días", "es") == pytest.approx(9.6 * 86_400)


def test_the_check_reads_ceilings_and_floors() -> None:
    """⌈1024 / 72⌉ is 15 racks, not the 14 a truncation gives; ⌊10⁹ / 2000⌋ is 500,000 despite float noise."""

    def step(template: str, values: dict[str, tuple[float, str]], value: float) -> Step:
        return Step("racks", calc.message_text("power.step.racks"), "", template, values, value, "")

    racks = {"n": (1024.0, ""), "r": (72.0, "")}
    assert not check_step(step("⌈{n} / {r}⌉", racks, 15), "en")
    assert check_step(step("⌈{n} / {r}⌉", racks, 14), "en")
    site = {"S": (1e9, "W"), "W": (120e3 / 72, "W"), "p": (1.2, "")}
    assert not check_step(step("⌊{S} / ({W} × {p})⌋", site, 500_000), "es")


@pytest.mark.parametrize("schedule", ["chunked", "blocking"])
@pytest.mark.parametrize("tp", ["1", "2"])
def test_prefix_cache_lines_evaluate(schedule: str, tp: str) -> None:
    """A hit rate's lines (the tokens computed, their FLOPs, their attention), which no default or random draw
    reaches since the rate defaults to 0, evaluate to their results too."""
    inputs = {"prompt_tokens": "6000", "prefix_hit_rate": "0.7", "schedule": schedule, "tp": tp}
    result = calc.compute("serving", inputs)
    keys = {step.key for step in result.steps}
    assert {"prefill_tokens_computed", "prefill_flops"} <= keys
    problems = [p for step in result.steps for lang in ("en", "es") for p in check_step(step, lang)]
    assert not problems, "\n".join(problems)
