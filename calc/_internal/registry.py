# Calculator registry: one description of each calculator's inputs, shared by the CLI, the build-time
# macros and the in-browser worker, plus `run`, the single entry point that turns raw inputs into a result.
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .data import load_data
from .errors import CalcError, check_choice, check_number
from .results import Result
from .units import parse_si_number

CUSTOM = "custom"
SELECTORS = ("accelerator", "model")


def _model_id(text: str) -> str:
    """Check a model id against data/ (once the data layer has models)."""
    data = load_data()
    if not hasattr(data, "model"):
        raise CalcError(
            field="model",
            accepted="layers, kv_heads and head_dim",
            en="model: this edition's data has no models yet; give --layers, --kv-heads and --head-dim.",
            es="model: los datos de esta edición aún no tienen modelos; indique --layers, --kv-heads y --head-dim.",
        )
    return data.model(text).id


@dataclass(frozen=True)
class Field:
    """One input of a calculator.

    `name` is the URL parameter and, with dashes, the CLI flag. `param` is the keyword of the
    calc function it feeds (default: `name`); a parsed number is multiplied by `scale` first.
    `kind` is number, choice, accelerator or model (an id from data/, or "custom"). A calculator has at
    most one such selector; `only_when_custom` fields describe the custom item instead of it. A selector
    that is `optional` and has no default means "custom" when left out (e.g. kv-cache without --model).
    `low`/`high` bound a number in the units the reader types, so messages speak those units.
    """

    name: str
    label: dict[str, str]
    unit: str = ""
    kind: str = "number"
    default: str | None = None
    param: str | None = None
    scale: float = 1.0
    choices: tuple[str, ...] = ()
    optional: bool = False
    only_when_custom: bool = False
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    integer: bool = False

    @property
    def keyword(self) -> str:
        return self.param or self.name

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Calculator:
    """A calculator: its inputs, the calc function, and how to show its outputs."""

    name: str
    title: dict[str, str]
    fields: tuple[Field, ...]
    function: Callable[..., Result]
    units: dict[str, str]
    headline: tuple[str, ...]
    output_labels: dict[str, dict[str, str]] = field(default_factory=dict)
    presets: dict[str, dict[str, str]] = field(default_factory=dict)
    plot: Callable[[Result, str], str | None] | None = None

    def defaults(self) -> dict[str, str]:
        return {f.name: f.default for f in self.fields if f.default is not None}

    def field_for(self, keyword_or_name: str) -> Field | None:
        for f in self.fields:
            if keyword_or_name in (f.name, f.keyword):
                return f
        return None


CALCULATORS: dict[str, Calculator] = {}


def register(calculator: Calculator) -> Calculator:
    """Add a calculator to the registry (called once per calculator module)."""
    CALCULATORS[calculator.name] = calculator
    return calculator


def parse_inputs(calculator: Calculator, raw: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Turn raw (string) inputs into the calc function's keyword arguments.

    Values cross as data: strings are parsed as numbers or matched against choices, never evaluated.
    """
    given = {k: v for k, v in raw.items() if v is not None}
    merged = {**calculator.defaults(), **given}
    for f in calculator.fields:
        # Giving a custom chip's figures without naming an accelerator means "custom".
        if (
            f.kind in SELECTORS
            and f.name not in given
            and any(g.only_when_custom and g.name in given for g in calculator.fields)
        ):
            merged[f.name] = CUSTOM
    custom = any(
        f.kind in SELECTORS
        and (str(merged.get(f.name, "")) == CUSTOM or (f.optional and f.default is None and f.name not in merged))
        for f in calculator.fields
        if any(g.only_when_custom for g in calculator.fields)
    )
    kwargs: dict[str, Any] = {}
    for f in calculator.fields:
        if f.only_when_custom and not custom:
            continue
        value = merged.get(f.name)
        if value is None or (isinstance(value, str) and not value.strip() and f.optional):
            if f.optional:
                continue
            value = ""
        text = str(value)
        if f.kind == "number":
            number = parse_si_number(text, field=f.name, decimal_comma=(lang == "es"))
            number = check_number(f.name, number, low=f.low, high=f.high, low_open=f.low_open, integer=f.integer)
            kwargs[f.keyword] = number * f.scale
        elif f.kind == "accelerator":
            if text == CUSTOM:
                kwargs[f.keyword] = None
            else:
                kwargs[f.keyword] = load_data().accelerator(text).id
        elif f.kind == "model":
            kwargs[f.keyword] = None if text == CUSTOM else _model_id(text)
        else:
            kwargs[f.keyword] = check_choice(f.name, text, f.choices)
    return kwargs


def _rename_field(error: CalcError, calculator: Calculator) -> CalcError:
    found = calculator.field_for(error.field)
    if found is not None and found.name != error.field:
        error.messages = {lang: text.replace(error.field, found.name, 1) for lang, text in error.messages.items()}
        error.field = found.name
    return error


def compute(name: str, raw: dict[str, Any], lang: str = "en") -> Result:
    """Run calculator `name` on raw inputs; CalcError names the input field at fault."""
    calculator = CALCULATORS.get(name)
    if calculator is None:
        raise CalcError(
            field="calculator",
            accepted=", ".join(CALCULATORS),
            en=f"unknown calculator {name!r}.",
            es=f"calculadora desconocida {name!r}.",
        )
    try:
        kwargs = parse_inputs(calculator, raw, lang)
        result = calculator.function(**kwargs)
    except CalcError as error:
        raise _rename_field(error, calculator) from None
    result.inputs = kwargs
    return result


def _message_for_page(name: str, error: CalcError, lang: str) -> str:
    """The error message with the field named by its label, as the reader sees it on the page."""
    message = error.message(lang)
    calculator = CALCULATORS.get(name)
    found = calculator.field_for(error.field) if calculator else None
    if found is None or not message.startswith(error.field):
        return message
    return found.label.get(lang, found.label["en"]) + message[len(error.field) :]


def run(name: str, raw: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The one entry point for pages and the worker: raw inputs in, plain JSON-ready data out.

    Returns {"ok": True, "quantities", "formatted", "derivation"} (plus "table", the rows of a ranking,
    when the result has one, and "svg", the chart's markup or None, when the calculator has a plot) or
    {"ok": False, "field", "message", "accepted"}; it never raises for bad input.
    """
    lang = lang if lang in ("en", "es") else "en"
    try:
        result = compute(name, raw, lang)
    except CalcError as error:
        return {
            "ok": False,
            "field": error.field,
            "message": _message_for_page(name, error, lang),
            "accepted": error.accepted_es if lang == "es" else error.accepted,
        }
    calculator = CALCULATORS[name]
    outcome: dict[str, Any] = {
        "ok": True,
        "quantities": dict(result.quantities),
        "formatted": result.formatted(lang, calculator.units),
        "derivation": result.derivation(lang),
    }
    if result.table is not None:
        outcome["table"] = [dict(row) for row in result.table]
    if calculator.plot is not None:
        try:
            outcome["svg"] = calculator.plot(result, lang) or None
        except CalcError:  # a case the numbers allow but the chart cannot draw: the page keeps the numbers
            outcome["svg"] = None
    return outcome
