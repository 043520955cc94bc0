# mkdocs-macros entry point: the page-side macros. They call calc and format; they do no arithmetic.
from __future__ import annotations

import html
import json
from typing import Any

import calc
from calc import CALCULATORS, format_number, load_data

LANGS = ("en", "es")

TEXT = {
    "accelerator": {"en": "Accelerator", "es": "Acelerador"},
    "vendor": {"en": "Vendor", "es": "Fabricante"},
    "memory": {"en": "Memory (GB)", "es": "Memoria (GB)"},
    "bandwidth": {"en": "Memory bandwidth (TB/s)", "es": "Ancho de banda de memoria (TB/s)"},
    "bf16": {"en": "BF16 dense (TFLOP/s)", "es": "BF16 denso (TFLOP/s)"},
    "fp8": {"en": "FP8 dense (TFLOP/s)", "es": "FP8 denso (TFLOP/s)"},
    "tdp": {"en": "Power (W)", "es": "Potencia (W)"},
    "none": {"en": "—", "es": "—"},
    "custom": {"en": "Custom chip", "es": "Chip personalizado"},
    "custom_model": {"en": "Custom model", "es": "Modelo personalizado"},
    "static_status": {
        "en": "Result computed when the site was built. Edit any input to start the live calculator.",
        "es": "Resultado calculado al construir el sitio. Edita cualquier dato para iniciar la calculadora en vivo.",
    },
    "derivation": {"en": "Derivation", "es": "Derivación"},
    "presets": {"en": "Presets", "es": "Ejemplos predefinidos"},
    "rank": {"en": "Rank", "es": "Puesto"},
    "fits": {"en": "Fits", "es": "Cabe"},
    "reason": {"en": "Why", "es": "Por qué"},
    "copy_link": {"en": "Copy link", "es": "Copiar enlace"},
}


def _lang(env: Any) -> str:
    page = getattr(env, "page", None)
    locale = getattr(getattr(page, "file", None), "locale", None) or env.conf["theme"]["language"]
    return locale if locale in LANGS else "en"


def _t(key: str, lang: str) -> str:
    return TEXT[key][lang]


def _cell(value: float | None, scale: float, lang: str) -> str:
    return TEXT["none"][lang] if value is None else format_number(value / scale, lang, digits=4)


def spec_table_html(lang: str, ids: list[str] | None = None) -> str:
    """The compact spec table: dense peaks, memory, bandwidth and power, from data/."""
    data = load_data()
    chips = [data.accelerator(i) for i in ids] if ids else list(data.accelerators.values())
    head = "".join(
        f'<th scope="col">{_t(k, lang)}</th>'
        for k in ("accelerator", "vendor", "memory", "bandwidth", "bf16", "fp8", "tdp")
    )
    rows = []
    for chip in chips:
        cells = [
            _cell(chip.memory_bytes, 1e9, lang),
            _cell(chip.memory_bandwidth_bytes_per_s, 1e12, lang),
            _cell(chip.dense_flop_per_s.get("bf16"), 1e12, lang),
            _cell(chip.dense_flop_per_s.get("fp8"), 1e12, lang),
            _cell(chip.tdp_w, 1, lang),
        ]
        tds = "".join(f'<td class="x4-num">{c}</td>' for c in cells)
        rows.append(
            f'<tr data-accelerator="{chip.id}"><th scope="row">{html.escape(chip.name)}</th>'
            f"<td>{html.escape(chip.vendor)}</td>{tds}</tr>"
        )
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _field_html(calc_name: str, field: calc.Field, lang: str) -> str:
    ident = f"{calc_name}-{field.name}"
    label = html.escape(field.label[lang]) + (
        f' <span class="x4-unit">({html.escape(field.unit)})</span>' if field.unit else ""
    )
    error = f'<p class="x4-field__error" id="{ident}-error" hidden></p>'
    common = f'id="{ident}" name="{field.name}" aria-describedby="{ident}-error"'
    if field.kind in ("accelerator", "model"):
        data = load_data()
        items = data.accelerators.values() if field.kind == "accelerator" else getattr(data, "models", {}).values()
        options = [(item.id, item.name) for item in items] + [
            ("custom", _t("custom", lang) if field.kind == "accelerator" else _t("custom_model", lang))
        ]
        default = field.default or "custom"
        control = (
            f'<select {common} data-selector="true">'
            + "".join(
                f'<option value="{v}"{" selected" if v == default else ""}>{html.escape(n)}</option>'
                for v, n in options
            )
            + "</select>"
        )
    elif field.kind == "choice":
        control = (
            f"<select {common}>"
            + "".join(
                f'<option value="{v}"{" selected" if v == field.default else ""}>{v}</option>' for v in field.choices
            )
            + "</select>"
        )
    else:
        value = field.default or ""
        if lang == "es":
            value = value.replace(".", ",")
        control = f'<input type="text" inputmode="decimal" autocomplete="off" spellcheck="false" {common} value="{html.escape(value)}">'
    hidden = ' data-custom-only="true"' if field.only_when_custom else ""
    return f'<div class="x4-field" data-field="{field.name}"{hidden}><label for="{ident}">{label}</label>{control}{error}</div>'


def _result_html(calc_name: str, lang: str) -> str:
    calculator = CALCULATORS[calc_name]
    outcome = calc.run(calc_name, calculator.defaults(), lang)
    if not outcome["ok"]:
        raise ValueError(f"default inputs of {calc_name} fail: {outcome['message']}")
    items = "".join(
        f'<div class="x4-out"><dt>{html.escape(calculator.output_labels.get(name, {}).get(lang, name))}</dt>'
        f'<dd data-q="{name}">{html.escape(outcome["formatted"].get(name, str(outcome["quantities"][name])))}</dd></div>'
        for name in calculator.headline
    )
    steps = "".join(
        f'<li><span class="x4-step__label">{html.escape(s["label"])}</span>: {_formula_html(s["formula"])} '
        f"<code>{html.escape(s['substitution'])}</code> = <strong>{html.escape(s['result'])}</strong></li>"
        for s in outcome["derivation"]
    )
    plot = f'<div class="x4-calc__plot">{outcome["svg"]}</div>' if outcome.get("svg") else ""
    return (
        f'<dl class="x4-calc__result">{items}</dl>{plot}{_table_html(outcome.get("table"), lang)}'
        f'<details class="x4-calc__derivation" open><summary>{_t("derivation", lang)}</summary><ol>{steps}</ol></details>'
    )


def _table_html(rows: list[dict[str, Any]] | None, lang: str) -> str:
    """A ranking (the chooser's) as a table: rank, accelerator, fits, and calc's reason in `lang`."""
    if rows is None:
        return ""
    head = "".join(f'<th scope="col">{_t(k, lang)}</th>' for k in ("rank", "accelerator", "fits", "reason"))
    body = "".join(
        f'<tr><td class="x4-num">{row["rank"] if row["rank"] is not None else "—"}</td><th scope="row">{html.escape(str(row["name"]))}</th>'
        f"<td>{'✓' if row['fits'] else '✗'}</td><td>{html.escape(str(row[f'reason_{lang}']))}</td></tr>"
        for row in rows
    )
    return f'<div class="x4-table-wrap"><table class="x4-calc__table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _formula_html(tex: str) -> str:
    """A step's formula as arithmatex markup; the build typesets it with KaTeX (tools/postprocess.py)."""
    return f'<span class="x4-step__formula" data-tex="{html.escape(tex)}"><span class="arithmatex">\\({html.escape(tex)}\\)</span></span>'


def _formula_bank_html(calculator: calc.Calculator, lang: str) -> str:
    """Every formula the defaults and presets derive, typeset once, for the live derivation to reuse."""
    formulas: dict[str, None] = {}
    for inputs in [calculator.defaults()] + [
        {k: v for k, v in p.items() if not k.startswith("label_")} for p in calculator.presets.values()
    ]:
        outcome = calc.run(calculator.name, {**calculator.defaults(), **inputs}, lang)
        for step in outcome.get("derivation", []):
            formulas[step["formula"]] = None
    return f'<div class="x4-formulas" hidden>{"".join(_formula_html(tex) for tex in formulas)}</div>'


def _presets_html(calculator: calc.Calculator, lang: str) -> str:
    """Buttons that fill the form with a named set of inputs (labels in `label_en`/`label_es`)."""
    buttons = []
    for preset_id, preset in calculator.presets.items():
        inputs = {k: v for k, v in preset.items() if not k.startswith("label_")}
        label = preset.get(f"label_{lang}", preset_id)
        buttons.append(
            f'<button type="button" class="md-button x4-preset" data-preset="{html.escape(json.dumps(inputs))}">'
            f"{html.escape(label)}</button>"
        )
    if not buttons:
        return ""
    return f'<div class="x4-presets" role="group" aria-label="{_t("presets", lang)}">{"".join(buttons)}</div>'


def calculator_html(calc_name: str, lang: str) -> str:
    """A calculator's form and its build-time default result, ready for the worker to take over."""
    calculator = CALCULATORS[calc_name]
    fields = "".join(_field_html(calc_name, f, lang) for f in calculator.fields)
    title = html.escape(calculator.title[lang])
    return (
        f'<div class="x4-calc" data-calculator="{calc_name}" data-lang="{lang}" role="region" aria-label="{title}">'
        f"{_presets_html(calculator, lang)}"
        f'<form class="x4-calc__form" novalidate>{fields}</form>'
        f'<p class="x4-calc__status" role="status">{_t("static_status", lang)}</p>'
        f'<div class="x4-calc__output" aria-live="polite">{_result_html(calc_name, lang)}</div>'
        f"{_formula_bank_html(calculator, lang)}"
        "</div>"
    )


SCRATCH_EXAMPLE = {
    "en": """import calc

# Any calculator, with inputs as you would type them on its page:
quiz = calc.compute("training", {"params": "70B", "tokens": "1T", "accelerator": "h100-sxm",
                                 "count": "1024", "mfu": "0.5"}, "en")
print(calc.format_quantity(quiz.quantities["days"], "days", "en"))

# Or the formulas themselves, in SI units:
chip = calc.load_data().accelerator("mi300x")
print(calc.ridge_point(peak_flop_per_s=chip.peak_flop_per_s("bf16"),
                       bandwidth_bytes_per_s=chip.memory_bandwidth_bytes_per_s))
""",
    "es": """import calc

# Cualquier calculadora, con los datos como los escribirías en su página:
quiz = calc.compute("training", {"params": "70B", "tokens": "1T", "accelerator": "h100-sxm",
                                 "count": "1024", "mfu": "0,5"}, "es")
print(calc.format_quantity(quiz.quantities["days"], "days", "es"))

# O las fórmulas directamente, en unidades SI:
chip = calc.load_data().accelerator("mi300x")
print(calc.ridge_point(peak_flop_per_s=chip.peak_flop_per_s("bf16"),
                       bandwidth_bytes_per_s=chip.memory_bandwidth_bytes_per_s))
""",
}


def scratchpad_html(lang: str) -> str:
    """A Python editor that runs the reader's code against calc in the page's worker."""
    label = {"en": "Python code", "es": "Código Python"}[lang]
    run_text = {"en": "Run", "es": "Ejecutar"}[lang]
    output_label = {"en": "Output", "es": "Salida"}[lang]
    return (
        f'<div class="x4-scratchpad" data-lang="{lang}">'
        f'<label for="x4-scratch-code">{label}</label>'
        f'<textarea id="x4-scratch-code" rows="14" spellcheck="false" autocapitalize="off">{html.escape(SCRATCH_EXAMPLE[lang])}</textarea>'
        f'<button type="button" class="md-button md-button--primary x4-scratchpad__run">{run_text}</button>'
        f'<p class="x4-calc__status" role="status">{_t("static_status", lang)}</p>'
        f'<pre class="x4-scratchpad__output" role="log" aria-label="{output_label}"></pre>'
        "</div>"
    )


def define_env(env: Any) -> None:
    """Register X4's macros with mkdocs-macros."""
    data = load_data()  # fail the build early, naming the file, if data/ is malformed

    @env.macro
    def spec_table(ids: list[str] | None = None) -> str:
        return spec_table_html(_lang(env), ids)

    @env.macro
    def calculator(name: str) -> str:
        if name not in CALCULATORS:
            raise KeyError(f"unknown calculator {name!r}; known: {', '.join(CALCULATORS)}")
        env.page.meta["x4_calculators"] = True
        return calculator_html(name, _lang(env))

    @env.macro
    def scratchpad() -> str:
        env.page.meta["x4_calculators"] = True
        return scratchpad_html(_lang(env))

    @env.macro
    def spec(accelerator: str, path: str, unit: str | None = None) -> str:
        """One spec value in the page's language, e.g. spec('h100-sxm', 'compute.bf16', 'TFLOP/s')."""
        value = data.accelerator(accelerator).values[path]
        if value.si is None:
            raise ValueError(f"{accelerator}: {path} is null ({value.reason})")
        if unit is None:
            return value.text or ""
        factor = {"TFLOP/s": 1e12, "TOPS": 1e12, "GB": 1e9, "TB/s": 1e12, "GB/s": 1e9, "W": 1.0}[unit]
        return f"{format_number(value.si / factor, _lang(env), digits=4)} {unit}"

    @env.macro
    def edition() -> dict[str, Any]:
        return data.edition

    from tools import content_macros, data_pages

    content_macros.define_env(env)
    data_pages.define_env(env)
    __import__("tools.changelog").changelog.define_env(env)
