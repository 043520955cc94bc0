# The calculators, and `run`/`compute`: the single entry point that turns a reader's inputs into a result.
# One description of each calculator (fields.Calculator) drives the CLI, the build-time macros and the worker.
from __future__ import annotations

from typing import Any

from . import (
    chooser,
    collective_calculators,
    goodput,
    inference,
    memory,
    parallelism,
    power,
    roofline,
    serving,
    tco,
    training,
)
from .data import load_data
from .errors import CalcError, check_choice, check_number
from .fields import AUTO, EMPTY_DEFAULTS, Calculator
from .fmt import format_number, format_quantity
from .i18n import site_lang
from .messages import Text, t, text
from .results import Result
from .units import parse_si_number

CALCULATORS: dict[str, Calculator] = {
    calculator.name: calculator
    for calculator in (
        roofline.ROOFLINE,
        roofline.MATMUL,
        *training.CALCULATORS,
        memory.TRAINING_MEMORY,
        *parallelism.CALCULATORS,
        *goodput.CALCULATORS,
        *inference.CALCULATORS,
        *serving.CALCULATORS,
        *collective_calculators.CALCULATORS,
        chooser.CHOOSER,
        tco.TCO,
        power.POWER,
    )
}


def _calculator(name: str) -> Calculator:
    found = CALCULATORS.get(name)
    if found is None:
        raise CalcError(field="calculator", kind="unknown_calculator", choices=list(CALCULATORS), value=name)
    return found


def _given(calculator: Calculator, raw: dict[str, Any]) -> dict[str, str]:
    """The reader's inputs by field name (aliases resolved), refusing any the calculator does not take.

    An empty text counts as not given, so the field's default (shown as its placeholder) applies.
    """
    given: dict[str, str] = {}
    for key, value in raw.items():
        name = calculator.aliases.get(key, key)
        if calculator.field_named(name) is None:
            names = [f.name for f in calculator.fields]
            raise CalcError(field=str(key), kind="unknown_input", choices=names, subject=calculator.name)
        if value is not None and str(value).strip():
            given[name] = str(value)
    return given


def parse_inputs(calculator: Calculator, raw: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Turn a reader's (string) inputs into the calc function's keyword arguments.

    Values cross as data: strings are parsed as numbers or matched against choices, never evaluated.
    Raises CalcError for an unknown input, an input that does not apply (a custom chip's figure beside a
    data/ chip, a workload's field under another workload) and any value out of range.
    """
    given = _given(calculator, raw)
    merged = {**{f.name: f.default for f in calculator.fields if f.default is not None}, **given}
    custom = calculator.custom_selectors(merged, given)
    kwargs: dict[str, Any] = {}
    for f in calculator.fields:
        if not calculator.applies(f, merged, custom):
            if f.name in given and f.custom_of:
                raise CalcError(field=f.name, kind="only_custom")
            if f.name in given and f.when is not None:
                raise CalcError(field=f.name, kind="only_when", choices=f.when[1], detail=f.when[0])
            continue
        value = merged.get(f.name)
        if value is None:
            if f.optional:
                continue
            raise CalcError(
                field=f.name, kind="missing", low=f.low, high=f.high, low_open=f.low_open, integer=f.integer
            )
        if f.kind == "number":
            number = parse_si_number(value, field=f.name, decimal_comma=(lang == "es"))
            number = check_number(f.name, number, low=f.low, high=f.high, low_open=f.low_open, integer=f.integer)
            kwargs[f.keyword] = number * f.scale
        elif f.kind == "accelerator":
            kwargs[f.keyword] = None if f.name in custom else load_data().accelerator(value).id
        elif f.kind == "model":
            kwargs[f.keyword] = None if f.name in custom else load_data().model(value).id
        elif f.kind == "system":
            kwargs[f.keyword] = AUTO if value == AUTO else load_data().system(value).id
        else:
            kwargs[f.keyword] = check_choice(f.name, value, f.choices)
    return kwargs


def _field_named_by_error(calculator: Calculator, error: CalcError) -> CalcError:
    """Errors raised inside a formula name its keyword (peak_flop_per_s); readers know the field (peak_tflops)."""
    for f in calculator.fields:
        if error.field == f.keyword and error.field != f.name:
            error.field = f.name
            if error.low is not None or error.high is not None:  # bounds in the units the reader types
                error.low, error.high = f.low, f.high
                error.value = error.value / f.scale if isinstance(error.value, float) else error.value
    return error


def empty_defaults(calculator: Calculator, raw: dict[str, Any], result: Result) -> dict[str, tuple[float, ...] | None]:
    """The optional fields left empty whose value the others decide (fields.EMPTY_DEFAULTS), each with the values
    it took from `result`, or None where it takes none (no TPOT target; a chip with no price)."""
    given = _given(calculator, raw)
    merged = {**{f.name: f.default for f in calculator.fields if f.default is not None}, **given}
    custom = calculator.custom_selectors(merged, given)
    found: dict[str, tuple[float, ...] | None] = {}
    for f in calculator.fields:
        entry = EMPTY_DEFAULTS.get(f.name)
        if entry is None or f.name in given or not f.optional or not calculator.applies(f, merged, custom):
            continue
        values = [result.quantities.get(key) for key in entry.quantities]
        took = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values) and bool(values)
        found[f.name] = tuple(float(v) for v in values if isinstance(v, (int, float))) if took else None
    return found


def _empty_notes(calculator: Calculator, raw: dict[str, Any], result: Result) -> list[Text]:
    """A note naming each empty field's value ("Price per accelerator-hour left empty: $2.99, ...")."""
    notes = []
    for name, values in empty_defaults(calculator, raw, result).items():
        entry, f = EMPTY_DEFAULTS[name], calculator.field_named(name)
        if values is None or not entry.note or f is None:
            continue
        named = {f"value{i}": value for i, value in enumerate(values)}
        notes.append(text(entry.note, field=Text(calculator.label_key(f)), **named))
    return notes


def compute(name: str, raw: dict[str, Any], lang: str = "en") -> Result:
    """Run calculator `name` on a reader's inputs (strings, as typed); CalcError names the input at fault.

    An optional field left empty whose value depends on the other inputs is named in a note (`empty_defaults`)."""
    calculator = _calculator(name)
    try:
        kwargs = parse_inputs(calculator, raw, lang)
        result = calculator.function(**kwargs)
    except CalcError as error:
        raise _field_named_by_error(calculator, error) from None
    result.inputs = kwargs
    result.notes = [*result.notes, *_empty_notes(calculator, raw, result)]
    return result


def placeholders(calculator: Calculator, raw: dict[str, Any], result: Result, lang: str) -> dict[str, str]:
    """What each empty field of `empty_defaults` took, as its placeholder shows it ("2,99", "32", "ninguno")."""
    return {
        name: " / ".join(format_number(v, lang) for v in values) if values else t("empty.none", lang)
        for name, values in empty_defaults(calculator, raw, result).items()
    }


def formatted(result: Result, calculator: Calculator, lang: str) -> dict[str, str]:
    """The result's quantities as the page shows them; a chip named beside its id (`best_name` beside `best`)
    reads as `lang` names it."""
    shown = result.formatted(lang, calculator.units)
    chips = load_data().accelerators
    for key, value in result.quantities.items():
        chip_id = result.quantities.get(key.removesuffix("_name")) if key.endswith("_name") else None
        if isinstance(value, str) and isinstance(chip_id, str) and chip_id in chips:
            shown[key] = chips[chip_id].display_name(lang)
    return shown


def format_cell(value: Any, unit: str | None, lang: str) -> str:
    """One figure of a ranking row as the page shows it: a number in its display unit, a yes/no, or a dash."""
    if value is None:
        return t("cli.none", lang)
    if isinstance(value, bool):
        return t("table.yes" if value else "table.no", lang)
    if isinstance(value, (int, float)):
        return format_quantity(float(value), unit, lang) if unit is not None else format_number(float(value), lang)
    return str(value)


def _table(calculator: Calculator, result: Result, lang: str) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """A ranking's rows, each with its `formatted` cells and worded `reason`, and its columns (key, label)."""
    keys = calculator.columns(result) if calculator.columns is not None else ()
    chips = load_data().accelerators
    rows = []
    for source in result.table or ():
        row: dict[str, Any] = dict(source)
        shown = ("rank", *keys, *(k for k in row if k in calculator.units))
        row["formatted"] = {k: format_cell(row.get(k), calculator.units.get(k), lang) for k in dict.fromkeys(shown)}
        if calculator.describe is not None:
            row["reason"] = calculator.describe(result, source, lang)
        if str(row.get("id")) in chips:  # a data/ accelerator's name as `lang` reads it
            row["name"] = chips[str(row["id"])].display_name(lang)
        rows.append(row)
    return rows, [{"key": key, "label": calculator.column_label(key, lang)} for key in keys]


def run(name: str, raw: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The one entry point for pages and the worker: a reader's inputs in, plain JSON-ready data out.

    Returns {"ok": True, "quantities", "formatted", "derivation", "notes", "export" (what the CLI's --json
    prints)} (plus "table", the rows of a
    ranking, each with its "formatted" cells and "reason", and "columns", its figure columns as key and
    label, when the result has one; and "svg", the chart or None, when the calculator has a plot) or
    {"ok": False, "field", "kind", "message", "accepted"}, the message naming the field by its label;
    it never raises for bad input.
    """
    lang = site_lang(lang)
    try:
        calculator = _calculator(name)
        result = compute(name, raw, lang)
    except CalcError as error:
        found = CALCULATORS[name].field_named(error.field) if name in CALCULATORS else None
        label = CALCULATORS[name].label(found, lang) if found is not None else None
        return {
            "ok": False,
            "field": error.field,
            "kind": error.kind,
            "message": error.message(lang, name=label),
            "accepted": error.accepted(lang),
        }
    outcome: dict[str, Any] = {
        "ok": True,
        "quantities": result.flat(),
        "formatted": formatted(result, calculator, lang),
        "derivation": result.derivation(lang),
        "notes": result.rendered_notes(lang),
        "placeholders": placeholders(calculator, raw, result, lang),
        # What the CLI's --json prints, as its text (the page's JSON keeps its nulls): the panel's download.
        "export": result.to_json(),
    }
    if result.table is not None:
        outcome["table"], outcome["columns"] = _table(calculator, result, lang)
    if calculator.plot is not None:
        try:
            outcome["svg"] = calculator.plot(result, lang) or None
        except CalcError:  # a case the numbers allow but the chart cannot draw: the page keeps the numbers
            outcome["svg"] = None
    return outcome


def _nearby(calculator: Calculator, defaults: dict[str, str]) -> list[dict[str, str]]:
    """The defaults with the first number field a reader sees halved and doubled, where both stay in range."""
    for f in calculator.fields:
        if f.kind != "number" or f.advanced or f.name not in defaults:
            continue
        try:
            value = parse_si_number(defaults[f.name], field=f.name)
        except CalcError:
            return []
        values = [value / 2, value * 2]
        if any(v < (f.low or 0) or (f.high is not None and v > f.high) for v in values):
            return []
        return [{**defaults, f.name: str(round(v) if f.integer else v)} for v in values]
    return []


def warm_up_cases(names: list[str]) -> list[tuple[str, dict[str, str]]]:
    """The cases a page's worker runs while the reader is idle: each calculator at its defaults, at each of its
    presets, and with its first number field halved and doubled; the page's own calculators (`names`) first,
    then the others. The browser optimizes the runtime's code as it runs, and all calculators share most of
    it (the interpreter, the planner, formatting): running every case, about half a second of the worker's
    time, makes the reader's first edits as fast as later ones, and leaves the page's presets in calc's
    caches."""
    first = [_calculator(name).name for name in dict.fromkeys(names)]
    cases = []
    for name in first + [name for name in CALCULATORS if name not in first]:
        calculator = CALCULATORS[name]
        defaults = calculator.defaults()
        tried = [defaults, *(calculator.defaults(preset) for preset in calculator.presets.values())]
        cases += [(name, inputs) for inputs in tried + _nearby(calculator, defaults)]
    return cases
