# The calculators on the page: the form, the build-time default result, the derivation, presets and the scratchpad.
# They call calc and place its words and numbers; they do no arithmetic.
from __future__ import annotations

import itertools
import json
from typing import Any

import calc
from calc import (
    AUTO,
    CALCULATORS,
    CUSTOM,
    Calculator,
    Field,
    format_number,
    load_data,
    option_label,
    unit_text,
    with_page_decimal_mark,
)
from tools.common import detail_row, esc
from tools.glossary import linked_label
from tools.messages import CATALOG, t

# The page script's status texts, handed to it per widget so it words nothing itself.
UI_KEYS = (
    "loading_runtime",
    "loading_calc",
    "ready",
    "working",
    "failed",
    "stale",
    "copied",
    "timeout",
    "ignored",
    "copy_link",
    "download_json",
    "none",
    "pending_defaults",
    "pending",
    "pending_failed",
    "reason",
)


def ui_strings(lang: str) -> str:
    """The page script's texts in `lang` as JSON for a data attribute (templates: the script fills `{names}`)."""
    return json.dumps({key: CATALOG[f"ui.{key}"][lang] for key in UI_KEYS}, ensure_ascii=False)


def _options(calculator: Calculator, field: Field, lang: str) -> list[tuple[str, str]]:
    """(value, words) of a select: data/ items for a selector, word labels for a choice."""
    if field.kind == "system":  # the systems with a stated power, after "auto"
        data = load_data()
        powered = [(s.id, data.system_words(s).render(lang)) for s in data.systems.values() if s.power_max_w]
        return [(AUTO, option_label(field.name, AUTO, lang)), *powered]
    if field.kind in ("accelerator", "model"):
        data = load_data()
        if field.kind == "accelerator":
            options = [(chip.id, chip.display_name(lang)) for chip in data.accelerators.values()]
        else:
            options = [(model.id, data.model_words(model).render(lang)) for model in data.models.values()]
        if any(f.custom_of == field.name for f in calculator.fields):
            options.append((CUSTOM, option_label(field.kind, CUSTOM, lang)))
        elif field.optional and field.default is None:
            options.insert(0, ("", option_label(field.name, "default", lang)))
        return options
    return [(choice, option_label(field.name, choice, lang)) for choice in field.choices]


def _placeholder(field: Field, lang: str, took: dict[str, str] | None = None) -> str:
    """What an empty input means: its default, the edition's figure the function takes, or what it took from the
    other inputs at the defaults (`took`: calc.run's placeholders; the page script follows each answer's)."""
    if took and field.name in took:
        return took[field.name]
    if field.default is not None:
        return with_page_decimal_mark(field.default, lang)
    if field.default_from is not None:
        value = field.default_from()
        return format_number(float(value), lang) if value is not None else ""
    return ""


def _applies(calculator: Calculator, field: Field) -> bool:
    """Whether a field shows at the defaults, as the page script decides (x4-calc.js toggleFields): a custom chip's
    or model's figures when "custom" is chosen, a workload's or attention kind's fields when it is chosen."""
    shown = {
        f.name: f.default if f.default is not None else _options(calculator, f, "en")[0][0]
        for f in calculator.fields
        if f.kind in ("accelerator", "model", "system", "choice")
    }
    if field.custom_of and shown.get(field.custom_of) != CUSTOM:
        return False
    return field.when is None or shown.get(field.when[0]) in field.when[1]


def _fields_html(calculator: Calculator, fields: list[Field], lang: str, took: dict[str, str], glossary: str) -> str:
    """The fields, each run of those that do not apply at the defaults built hidden and in a <template>: the
    page script puts a run in when one of its fields comes to apply (a select set to "custom")."""
    out: list[str] = []
    waiting: list[str] = []
    for field in fields:
        if _applies(calculator, field):
            if waiting:
                out.append(f'<template class="x4-fields">{"".join(waiting)}</template>')
                waiting = []
            out.append(_field_html(calculator, field, lang, took, glossary))
        else:
            waiting.append(_field_html(calculator, field, lang, took, glossary, hidden=True))
    if waiting:
        out.append(f'<template class="x4-fields">{"".join(waiting)}</template>')
    return "".join(out)


def _field_html(
    calculator: Calculator, field: Field, lang: str, took: dict[str, str], glossary: str, hidden: bool = False
) -> str:
    ident = f"{calculator.name}-{field.name}"
    unit = f' <span class="x4-unit">({esc(unit_text(field.unit, lang))})</span>' if field.unit else ""
    label = linked_label(calculator.label_key(field), calculator.label(field, lang), lang, glossary) + unit
    # The field's error message box is the page script's to add when calc refuses the field (x4-calc.js): an
    # empty box per field was a tenth of a calculator's elements.
    common = f'id="{ident}" name="{field.name}"'
    if field.kind in ("accelerator", "model", "system", "choice"):
        selected = field.default if field.default is not None else ""
        control = (
            f"<select {common}>"
            + "".join(
                f'<option value="{esc(v)}"{" selected" if v == selected else ""}>{esc(words)}</option>'
                for v, words in _options(calculator, field, lang)
            )
            + "</select>"
        )
    else:
        value = _placeholder(field, lang) if field.default is not None else ""
        # A phone's keyboard that can type what the field accepts: letters for a suffix (70B, 16k), with no
        # capital, correction or spelling check in their way; a keypad of digits where plain numbers are all.
        keyboard = f'inputmode="{field.inputmode}"'
        if field.inputmode == "text":
            keyboard += ' autocapitalize="none" autocorrect="off"'
        control = (
            f'<input type="text" {keyboard} enterkeyhint="done" autocomplete="off" spellcheck="false" {common} '
            f'value="{esc(value)}" placeholder="{esc(_placeholder(field, lang, took))}">'
        )
    conditions = f' data-aliases="{esc(" ".join(field.aliases))}"' if field.aliases else ""
    if field.custom_of:
        conditions += f' data-custom-of="{esc(field.custom_of)}"'
    if field.when is not None:
        conditions += f' data-when-field="{esc(field.when[0])}" data-when-values="{esc(" ".join(field.when[1]))}"'
    return (
        f'<div class="x4-field" data-field="{field.name}"{conditions}{" hidden" if hidden else ""}>'
        f'<label for="{ident}">{label}</label>{control}</div>'
    )


def _headline_html(calculator: Calculator, outcome: dict[str, Any], lang: str, glossary: str) -> str:
    """The headline results (the summary beside or under the form)."""
    items = "".join(
        f'<div class="x4-out"><dt>'
        f"{linked_label(calculator.output_label_key(name), calculator.output_label(name, lang), lang, glossary)}</dt>"
        f'<dd data-q="{name}">{esc(outcome["formatted"].get(name, t("ui.none", lang)))}</dd></div>'
        for name in calculator.headline
    )
    return f'<dl class="x4-calc__result">{items}</dl>'


def _details_html(calculator: Calculator, outcome: dict[str, Any], lang: str) -> str:
    """What follows the headline: notes, the chart, the ranking and the derivation."""
    notes = "".join(f"<li>{esc(note)}</li>" for note in outcome["notes"])
    steps = "".join(
        f'<li><span class="x4-step__label">{esc(s["label"])}</span>: {_formula_html(s["formula"])} '
        f"<code>{esc(s['substitution'])}</code> = <strong>{esc(s['result'])}</strong></li>"
        for s in outcome["derivation"]
    )
    # A calculator with a chart always has its box, so a chart the reader turns on (serving's sweep) has a place.
    plot = f'<div class="x4-calc__plot">{outcome.get("svg") or ""}</div>' if calculator.plot is not None else ""
    return (
        f'<ul class="x4-calc__notes">{notes}</ul>{plot}{_table_html(calculator, outcome, lang)}'
        f'<details class="x4-calc__derivation"><summary>{t("ui.derivation", lang)}</summary><ol>{steps}</ol></details>'
    )


def _table_html(calculator: Calculator, outcome: dict[str, Any], lang: str) -> str:
    """A ranking (the chooser's accelerators, the planner's layouts) as a table: rank, name, one column per
    figure (calc formats each cell; `data-sort` holds the SI value the page script sorts by), and calc's reason
    on a row of its own under them, across the table. A calculator that can rank gets the table even when its
    defaults do not (hidden, in a <template> the page script stamps out when a result has rows, so an empty
    table is not in the page at load); a row with `inputs` links to the same calculator with those inputs."""
    rows = outcome.get("table")
    if rows is None and calculator.describe is None:
        return ""
    columns = [("rank", t("ui.rank", lang))] + [(c["key"], c["label"]) for c in outcome.get("columns", [])]
    head = "".join(
        f'<th scope="col" data-key="{key}">{esc(label)}</th>'
        + (f'<th scope="col">{t(f"ui.{calculator.table_label}", lang)}</th>' if key == "rank" else "")
        for key, label in columns
    )

    def cell(row: dict[str, Any], key: str) -> str:
        value = row.get(key)
        order = "" if value is None else repr(float(value))
        return f'<td class="x4-num" data-sort="{order}">{esc(row["formatted"][key])}</td>'

    def name(row: dict[str, Any]) -> str:
        inputs = row.get("inputs")
        if not inputs:
            return esc(row["name"])
        query = "&amp;".join(f"{esc(calculator.name)}.{esc(k)}={esc(v)}" for k, v in inputs.items())
        return f'<a href="?{query}">{esc(row["name"])}</a>'

    reason = t("ui.reason", lang)
    body = "".join(
        "<tr>"
        + "".join(cell(row, key) + (f'<th scope="row">{name(row)}</th>' if key == "rank" else "") for key, _ in columns)
        + "</tr>"
        + detail_row(len(columns) + 1, [(reason, esc(row["reason"]))])
        for row in rows or []
    )
    hidden = "" if rows is not None else " hidden"
    table = (
        f'<div class="x4-table-wrap"{hidden}><table class="x4-calc__table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )
    return table if rows is not None else f'<template class="x4-table">{table}</template>'


def _formula_html(tex: str) -> str:
    """A step's formula as arithmatex markup; the build typesets it with KaTeX (tools/postprocess.py)."""
    return (
        f'<span class="x4-step__formula" data-tex="{esc(tex)}"><span class="arithmatex">\\({esc(tex)}\\)</span></span>'
    )


def formula_inputs(calculator: Calculator) -> list[dict[str, str]]:
    """Input sets whose derivations cover every formula the calculator can show: the defaults, the presets,
    each choice of each select and each pair of choices of two selects (a formula can depend on both, e.g. the
    recompute policy with sequence parallelism), each with and without each optional number filled in (some
    add a step, e.g. a link's sync)."""
    choices = {f.name: [v for v, _ in _options(calculator, f, "en") if v] for f in calculator.fields}
    choices = {name: values for name, values in choices.items() if values}
    combos: list[dict[str, str]] = [{}, *({name: v} for name, values in choices.items() for v in values)]
    for (k1, v1), (k2, v2) in itertools.combinations(choices.items(), 2):
        if len(v1) * len(v2) <= 400:
            combos += [{k1: a, k2: b} for a in v1 for b in v2]
    extras: list[dict[str, str]] = [{}]
    for f in calculator.fields:
        if f.optional and f.default is None and f.kind == "number":
            value = 1.0 if (f.high is None or f.high >= 1) and (f.low is None or f.low < 1) else f.high
            extras.append({f.name: repr(value)})
    presets = [{**calculator.defaults(), **inputs} for inputs in calculator.presets.values()]
    every = [*presets, *({**base, **extra} for base in map(calculator.defaults, combos) for extra in extras)]
    # Many combos come to the same inputs (a pair naming a default, a select that does not apply): each
    # is kept once, in the order first met, so the bank computes it once and lists the same formulas.
    distinct: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
    for inputs in every:
        distinct.setdefault(tuple(sorted(inputs.items())), inputs)
    return list(distinct.values())


# Each calculator's formula bank with the data bundle it was computed from: one bank serves both languages (a
# formula is TeX, the same in every language) and every page that shows the calculator, until the data changes.
_BANKS: dict[str, tuple[object, str]] = {}


def _formula_bank_html(calculator: Calculator) -> str:
    """Every formula a derivation can show, typeset once at build time, for the live derivation to reuse."""
    bundle = calc.load_data()
    cached = _BANKS.get(calculator.name)
    if cached is not None and cached[0] is bundle:
        return cached[1]
    formulas: dict[str, None] = {}
    for inputs in formula_inputs(calculator):
        try:  # compute, not run: the derivation without drawing the chart
            result = calc.compute(calculator.name, inputs, "en")
        except calc.CalcError:
            continue
        formulas.update((step.formula, None) for step in result.steps)
    bank = f'<div class="x4-formulas" hidden>{"".join(_formula_html(tex) for tex in formulas)}</div>'
    _BANKS[calculator.name] = (bundle, bank)
    return bank


def _presets_html(calculator: Calculator, lang: str) -> str:
    """Buttons that fill the form with a named set of inputs."""
    buttons = [
        f'<button type="button" class="md-button x4-preset" data-preset="{esc(json.dumps(inputs))}">'
        f"{esc(calculator.preset_label(preset_id, lang))}</button>"
        for preset_id, inputs in calculator.presets.items()
    ]
    if not buttons:
        return ""
    return f'<div class="x4-presets" role="group" aria-label="{t("ui.presets", lang)}">{"".join(buttons)}</div>'


def calculator_html(name: str, lang: str, glossary: str = "../glossary/") -> str:
    """A calculator's form and its build-time default result, ready for the page script to take over.

    The form and the headline results sit side by side when the calculator is wide enough, and the
    headline stays in view while the reader edits (x4.css); the chart, ranking and derivation follow.
    `glossary` is the glossary page's URL from the page (a label's term links to its entry there).
    """
    calculator = CALCULATORS[name]
    outcome = calc.run(calculator.name, calculator.defaults(), lang)
    if not outcome["ok"]:
        raise ValueError(f"default inputs of {calculator.name} fail: {outcome['message']}")
    took = outcome["placeholders"]
    basic = _fields_html(calculator, [f for f in calculator.fields if not f.advanced], lang, took, glossary)
    # "More options" waits in a template of its own until opened (tools/postprocess.py): its fields only hidden.
    advanced = "".join(
        _field_html(calculator, f, lang, took, glossary, hidden=not _applies(calculator, f))
        for f in calculator.fields
        if f.advanced
    )
    if advanced:
        advanced = (
            f'<details class="x4-calc__more"><summary>{t("ui.more_options", lang)}</summary>'
            f'<div class="x4-calc__fields">{advanced}</div></details>'
        )
    title = esc(calculator.title(lang))
    return (
        f'<div class="x4-calc" data-calculator="{name}" data-lang="{lang}" data-ui="{esc(ui_strings(lang))}" '
        f'role="region" aria-label="{title}">'
        f"{_presets_html(calculator, lang)}"
        '<div class="x4-calc__body">'
        f'<form class="x4-calc__form" novalidate><div class="x4-calc__fields">{basic}</div>{advanced}</form>'
        '<div class="x4-calc__summary">'
        '<p class="x4-calc__pending" hidden></p>'
        f'<div class="x4-calc__output" aria-live="polite">{_headline_html(calculator, outcome, lang, glossary)}</div>'
        f'<p class="x4-calc__status" role="status">{t("ui.static_status", lang)}</p>'
        "</div></div>"
        f'<div class="x4-calc__details">{_details_html(calculator, outcome, lang)}</div>'
        f"{_formula_bank_html(calculator)}"
        "</div>"
    )


def scratchpad_html(lang: str) -> str:
    """A Python editor that runs the reader's code against calc in the page's worker."""
    return (
        f'<div class="x4-scratchpad" data-lang="{lang}" data-ui="{esc(ui_strings(lang))}">'
        f'<label for="x4-scratch-code">{t("ui.code", lang)}</label>'
        f'<textarea id="x4-scratch-code" rows="14" spellcheck="false" autocapitalize="off">'
        f"{esc(t('ui.scratch_example', lang))}</textarea>"
        f'<button type="button" class="md-button md-button--primary x4-scratchpad__run">{t("ui.run", lang)}</button>'
        f'<p class="x4-calc__status" role="status">{t("ui.static_status", lang)}</p>'
        f'<pre class="x4-scratchpad__output" role="log" aria-label="{t("ui.output", lang)}"></pre>'
        "</div>"
    )


def spec_table_html(lang: str, ids: list[str] | None = None) -> str:
    """The compact spec table: dense peaks, memory, bandwidth and power, from data/."""
    data = load_data()
    chips = [data.accelerator(i) for i in ids] if ids else list(data.accelerators.values())
    head = "".join(
        f'<th scope="col">{t(f"ui.{k}", lang)}</th>'
        for k in ("accelerator", "vendor", "memory", "bandwidth", "bf16", "fp8", "tdp")
    )

    def cell(value: float | None, scale: float) -> str:
        return "—" if value is None else format_number(value / scale, lang, digits=4)

    rows = []
    for chip in chips:
        cells = [
            cell(chip.memory_bytes, 1e9),
            cell(chip.memory_bandwidth_bytes_per_s, 1e12),
            cell(chip.dense_flop_per_s.get("bf16"), 1e12),
            cell(chip.dense_flop_per_s.get("fp8"), 1e12),
            cell(chip.tdp_w, 1),
        ]
        tds = "".join(f'<td class="x4-num">{c}</td>' for c in cells)
        rows.append(
            f'<tr data-accelerator="{chip.id}"><th scope="row">{esc(chip.display_name(lang))}</th>'
            f"<td>{esc(chip.vendor)}</td>{tds}</tr>"
        )
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
