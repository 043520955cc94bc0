# The calculators on the page: the form, the build-time default result, the derivation, presets and the scratchpad.
# They call calc and place its words and numbers; they do no arithmetic.
from __future__ import annotations

import json
from typing import Any

import calc
from calc import CALCULATORS, Calculator, Field, format_number, load_data, option_label
from calc._internal.fields import CUSTOM
from tools.common import esc
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
    "none",
)


def ui_strings(lang: str) -> str:
    """The page script's texts in `lang` as JSON for a data attribute (templates: the script fills `{names}`)."""
    return json.dumps({key: CATALOG[f"ui.{key}"][lang] for key in UI_KEYS}, ensure_ascii=False)


def _options(calculator: Calculator, field: Field, lang: str) -> list[tuple[str, str]]:
    """(value, words) of a select: data/ items for a selector, word labels for a choice."""
    if field.kind in ("accelerator", "model"):
        data = load_data()
        items = data.accelerators.values() if field.kind == "accelerator" else data.models.values()
        options = [(item.id, item.name) for item in items]
        if any(f.custom_of == field.name for f in calculator.fields):
            options.append((CUSTOM, option_label(field.kind, CUSTOM, lang)))
        elif field.optional and field.default is None:
            options.insert(0, ("", option_label(field.name, "default", lang)))
        return options
    return [(choice, option_label(field.name, choice, lang)) for choice in field.choices]


def _placeholder(field: Field, lang: str) -> str:
    """What an empty input means: its default, or the edition's figure the function takes."""
    if field.default is not None:
        return field.default.replace(".", ",") if lang == "es" else field.default
    if field.default_from is not None:
        value = field.default_from()
        return format_number(float(value), lang) if value is not None else ""
    return ""


def _field_html(calculator: Calculator, field: Field, lang: str) -> str:
    ident = f"{calculator.name}-{field.name}"
    unit = f' <span class="x4-unit">({esc(field.unit)})</span>' if field.unit else ""
    label = esc(calculator.label(field, lang)) + unit
    error = f'<p class="x4-field__error" id="{ident}-error" hidden></p>'
    common = f'id="{ident}" name="{field.name}" aria-describedby="{ident}-error"'
    if field.kind in ("accelerator", "model", "choice"):
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
        control = (
            f'<input type="text" inputmode="decimal" autocomplete="off" spellcheck="false" {common} '
            f'value="{esc(value)}" placeholder="{esc(_placeholder(field, lang))}">'
        )
    conditions = f' data-aliases="{esc(" ".join(field.aliases))}"' if field.aliases else ""
    if field.custom_of:
        conditions += f' data-custom-of="{esc(field.custom_of)}"'
    if field.when is not None:
        conditions += f' data-when-field="{esc(field.when[0])}" data-when-values="{esc(" ".join(field.when[1]))}"'
    return (
        f'<div class="x4-field" data-field="{field.name}"{conditions}>'
        f'<label for="{ident}">{label}</label>{control}{error}</div>'
    )


def _result_html(calculator: Calculator, lang: str) -> str:
    outcome = calc.run(calculator.name, calculator.defaults(), lang)
    if not outcome["ok"]:
        raise ValueError(f"default inputs of {calculator.name} fail: {outcome['message']}")
    items = "".join(
        f'<div class="x4-out"><dt>{esc(calculator.output_label(name, lang))}</dt>'
        f'<dd data-q="{name}">{esc(outcome["formatted"].get(name, t("ui.none", lang)))}</dd></div>'
        for name in calculator.headline
    )
    notes = "".join(f"<li>{esc(note)}</li>" for note in outcome["notes"])
    steps = "".join(
        f'<li><span class="x4-step__label">{esc(s["label"])}</span>: {_formula_html(s["formula"])} '
        f"<code>{esc(s['substitution'])}</code> = <strong>{esc(s['result'])}</strong></li>"
        for s in outcome["derivation"]
    )
    # A calculator with a chart always has its box, so a chart the reader turns on (serving's sweep) has a place.
    plot = f'<div class="x4-calc__plot">{outcome.get("svg") or ""}</div>' if calculator.plot is not None else ""
    return (
        f'<dl class="x4-calc__result">{items}</dl><ul class="x4-calc__notes">{notes}</ul>{plot}'
        f"{_table_html(outcome.get('table'), lang)}"
        f'<details class="x4-calc__derivation"><summary>{t("ui.derivation", lang)}</summary><ol>{steps}</ol></details>'
    )


def _table_html(rows: list[dict[str, Any]] | None, lang: str) -> str:
    """A ranking (the chooser's) as a table: rank, accelerator, fits, and calc's reason in `lang`."""
    if rows is None:
        return ""
    head = "".join(f'<th scope="col">{t(f"ui.{k}", lang)}</th>' for k in ("rank", "accelerator", "fits", "reason"))
    body = "".join(
        f'<tr><td class="x4-num">{row["rank"] if row["rank"] is not None else "—"}</td>'
        f'<th scope="row">{esc(row["name"])}</th>'
        f"<td>{'—' if row['fits'] is None else '✓' if row['fits'] else '✗'}</td><td>{esc(row['reason'])}</td></tr>"
        for row in rows
    )
    return (
        f'<div class="x4-table-wrap"><table class="x4-calc__table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def _formula_html(tex: str) -> str:
    """A step's formula as arithmatex markup; the build typesets it with KaTeX (tools/postprocess.py)."""
    return (
        f'<span class="x4-step__formula" data-tex="{esc(tex)}"><span class="arithmatex">\\({esc(tex)}\\)</span></span>'
    )


def _formula_bank_html(calculator: Calculator, lang: str) -> str:
    """Every formula the defaults and presets derive, typeset once, for the live derivation to reuse."""
    formulas: dict[str, None] = {}
    for inputs in [calculator.defaults(), *calculator.presets.values()]:
        outcome = calc.run(calculator.name, {**calculator.defaults(), **inputs}, lang)
        for step in outcome.get("derivation", []):
            formulas[step["formula"]] = None
    return f'<div class="x4-formulas" hidden>{"".join(_formula_html(tex) for tex in formulas)}</div>'


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


def calculator_html(name: str, lang: str) -> str:
    """A calculator's form and its build-time default result, ready for the page script to take over."""
    calculator = CALCULATORS[name]
    basic = "".join(_field_html(calculator, f, lang) for f in calculator.fields if not f.advanced)
    advanced = "".join(_field_html(calculator, f, lang) for f in calculator.fields if f.advanced)
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
        f'<form class="x4-calc__form" novalidate><div class="x4-calc__fields">{basic}</div>{advanced}</form>'
        f'<p class="x4-calc__status" role="status">{t("ui.static_status", lang)}</p>'
        f'<div class="x4-calc__output" aria-live="polite">{_result_html(calculator, lang)}</div>'
        f"{_formula_bank_html(calculator, lang)}"
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
            f'<tr data-accelerator="{chip.id}"><th scope="row">{esc(chip.name)}</th><td>{esc(chip.vendor)}</td>{tds}</tr>'
        )
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
