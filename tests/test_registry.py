"""calc.run and calc.compute, the single entry point of the pages, the worker, the CLI and the macros."""

from __future__ import annotations

import json
import math

import pytest

import calc
from calc import CALCULATORS, CUSTOM, CalcError, warm_up_cases

HOSTILE = [
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


def _inputs_to_try(name: str) -> list[dict[str, str]]:
    """The defaults, plus every choice of the fields that change which others apply (workload, attention)."""
    calculator = CALCULATORS[name]
    tries = [calculator.defaults()]
    for f in calculator.fields:
        if f.kind == "choice" and any(g.when and g.when[0] == f.name for g in calculator.fields):
            tries += [calculator.defaults({f.name: choice}) for choice in f.choices]
    return tries


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_hostile_inputs_give_messages(name: str) -> None:
    """Hostile text in any numeric field yields a localized message naming that field, never an exception."""
    calculator = CALCULATORS[name]
    for base in _inputs_to_try(name):
        custom = calculator.custom_selectors(base, {})
        numeric = [f for f in calculator.fields if f.kind == "number" and calculator.applies(f, base, custom)]
        for field in numeric:
            for text in HOSTILE:
                for lang in ("en", "es"):
                    outcome = calc.run(name, {**base, field.name: text}, lang)
                    if outcome["ok"]:
                        values = [v for v in outcome["quantities"].values() if isinstance(v, float)]
                        assert all(math.isfinite(v) for v in values), (field.name, text)
                        continue
                    assert outcome["field"] and outcome["message"], (field.name, text)
                    assert calculator.label(field, lang) in outcome["message"] or outcome["field"] != field.name
                    assert "Traceback" not in outcome["message"]
                    assert "nan" not in outcome["message"].lower().replace("nan'", "")


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_unknown_inputs_are_refused(name: str) -> None:
    """A misspelt input is refused, naming it and listing the calculator's inputs; it never falls back to a default."""
    with pytest.raises(calc.CalcError) as raised:
        calc.compute(name, {**CALCULATORS[name].defaults(), "prices": "30"})
    assert raised.value.field == "prices" and raised.value.kind == "unknown_input"
    assert CALCULATORS[name].fields[0].name in raised.value.message("en")
    assert "prices" in raised.value.message("es")


def test_the_issue_example_is_refused() -> None:
    """calc.run("training", {"prices": "30"}) is refused, naming the typo, rather than giving the $3 default."""
    outcome = calc.run("training", {"prices": "30"}, "en")
    assert not outcome["ok"] and outcome["field"] == "prices" and "price" in outcome["accepted"]


def test_a_field_of_another_workload_is_refused_when_given() -> None:
    """The chooser's serving target under the training workload is an error, not silently ignored."""
    with pytest.raises(calc.CalcError) as raised:
        calc.compute("chooser", {"workload": "train-70b", "latency_ms": "20"})
    assert raised.value.kind == "only_when" and "serve-7b" in raised.value.message("en")


def test_a_custom_figure_beside_a_data_chip_is_refused() -> None:
    """--peak-tflops with --accelerator h100-sxm would be ignored: it is refused instead."""
    with pytest.raises(calc.CalcError) as raised:
        calc.compute("roofline", {"accelerator": "h100-sxm", "peak_tflops": "500"})
    assert raised.value.kind == "only_custom" and raised.value.field == "peak_tflops"


def test_an_empty_field_takes_its_default() -> None:
    """A cleared input means its default (shown as the placeholder), as if it had not been given."""
    cleared = calc.run("training", {**CALCULATORS["training"].defaults(), "count": " "}, "en")
    default = calc.run("training", CALCULATORS["training"].defaults(), "en")
    assert cleared["quantities"]["seconds"] == default["quantities"]["seconds"]


def test_unknown_accelerator_lists_known_ids() -> None:
    """An unknown accelerator id is rejected with the known ids listed."""
    outcome = calc.run("roofline", {"accelerator": "h900"}, "en")
    assert not outcome["ok"] and outcome["field"] == "accelerator" and "h100-sxm" in outcome["message"]


def test_custom_figures_imply_a_custom_chip() -> None:
    """Giving the custom figures without an accelerator uses those figures (the old flag name works too)."""
    for bandwidth in ("bandwidth_tbytes_s", "bandwidth_tbps"):
        outcome = calc.run("roofline", {"peak_tflops": "100", bandwidth: "2", "intensity": "10"}, "en")
        assert outcome["ok"], outcome
        assert outcome["quantities"]["ridge_point_flop_per_byte"] == pytest.approx(50.0)


def test_errors_speak_the_readers_units() -> None:
    """A custom peak out of range is reported in TFLOP/s, the unit the reader typed, in Spanish too."""
    outcome = calc.run("roofline", {"accelerator": CUSTOM, "peak_tflops": "-1"}, "es")
    assert outcome["field"] == "peak_tflops"
    assert "se recibió −1" in outcome["message"]
    assert outcome["message"].startswith("Pico (chip personalizado)")


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_one_default_per_quantity(name: str) -> None:
    """Where the Python function has a default, the page and the CLI use the same one (or leave the field out).

    The selectors and a custom chip's or model's figures are the exception on purpose: the page and the CLI
    start from a chip or model of the edition (and pre-fill an example custom one), while the Python
    functions take None to mean a custom one described by its figures.
    """
    calculator = CALCULATORS[name]
    signature = calculator.signature_defaults()
    for field in calculator.fields:
        skip = field.kind in ("accelerator", "model") or field.custom_of or field.default is None
        if skip or field.keyword not in signature:
            continue
        if field.kind == "number":
            typed = calc.parse_si_number(field.default, field=field.name) * field.scale
            assert typed == pytest.approx(signature[field.keyword]), (name, field.name)
        else:
            assert field.default == signature[field.keyword], (name, field.name)


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_optional_field_is_optional(name: str) -> None:
    """Leaving every optional field empty still computes (outputs that need one are None, with a note)."""
    calculator = CALCULATORS[name]
    for base in _inputs_to_try(name):
        outcome = calc.run(name, {k: v for k, v in base.items() if not calculator.field_named(k).optional}, "en")
        assert outcome["ok"], outcome


def test_api_cli_and_page_agree_on_the_facility_defaults() -> None:
    """calc.training(...) and the page take the same PUE, the data's."""
    api = calc.training(params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5)
    page = calc.run("training", {"params": "70B", "tokens": "1T", "count": "1024", "mfu": "0.5"}, "en")
    assert page["quantities"]["facility_power_w"] == pytest.approx(api.quantities["facility_power_w"])
    assert api.quantities["pue"] == calc.load_data().economics.pue.typical


def test_a_custom_chip_without_power_still_computes_time_and_cost() -> None:
    """--watts is optional: a custom chip without it gets time and cost, no power outputs, and a note saying why."""
    outcome = calc.run("training", {"peak_tflops": "500", "price": "2"}, "es")
    assert outcome["ok"], outcome
    assert outcome["quantities"]["seconds"] > 0 and outcome["quantities"]["cloud_cost_usd"] > 0
    assert outcome["quantities"]["facility_power_kw"] is None and outcome["quantities"]["co2_tonnes"] is None
    assert any("potencia total por acelerador" in note for note in outcome["notes"])


def test_public_surface_is_listed_once_and_sorted() -> None:
    """calc.__all__ is sorted and unique (constants, then classes, then functions, as ruff keeps it); everything in
    it exists; nothing private leaks into it."""
    names = list(calc.__all__)
    assert names == sorted(names, key=lambda n: (0 if n.isupper() else 1 if n[0].isupper() else 2, n))
    assert len(set(calc.__all__)) == len(calc.__all__)
    for name in calc.__all__:
        assert hasattr(calc, name) and not name.startswith("_"), name
    assert calc.HELPERS < set(calc.__all__), sorted(calc.HELPERS - set(calc.__all__))


def test_public_surface_has_every_calculator_function() -> None:
    """Every registered calculator's function is public under its own name."""
    for calculator in CALCULATORS.values():
        assert getattr(calc, calculator.function.__name__) is calculator.function


def test_warm_up_cases_are_a_readers_first_cases() -> None:
    """A page's warm-up runs its own calculators first, then every other one: each at the defaults, at every
    preset, and with the first number field halved and doubled. Each case is one calc answers, and a name it
    does not know is refused."""
    training = CALCULATORS["training"]
    cases = warm_up_cases(["training", "chooser", "training"])
    per_calculator = {name: [inputs for n, inputs in cases if n == name] for name in CALCULATORS}
    assert list(dict.fromkeys(name for name, _ in cases)) == ["training", "chooser"] + [
        name for name in CALCULATORS if name not in ("training", "chooser")
    ]
    assert per_calculator["training"][: 1 + len(training.presets)] == [
        training.defaults(p) for p in [None, *training.presets.values()]
    ]
    assert [float(inputs["params"]) for inputs in per_calculator["training"][-2:]] == [35e9, 140e9]
    assert [inputs["params"] for inputs in per_calculator["chooser"]] == ["70B", "35000000000.0", "140000000000.0"]
    assert all(calc.run(name, inputs, "es")["ok"] for name, inputs in cases)
    with pytest.raises(CalcError):
        warm_up_cases(["no-such-calculator"])
