"""The calculators' build-time HTML: every formula a live derivation can show is typeset in the page's bank,
the ranking has one column per figure formatted by calc, and the form's units speak the page's language."""

from __future__ import annotations

import functools
import html
import itertools
import re
from pathlib import Path

import pytest

import calc
from calc import CALCULATORS, CUSTOM
from tools.macros import calculators
from tools.postprocess import render_math

# Each calculator's page HTML, built once per run: several tests read the same page.
calculator_html = functools.cache(calculators.calculator_html)


def _choices(name: str) -> dict[str, list[str]]:
    """Every value of every select of a calculator: choices, data/ items, and "custom" where it has one."""
    calculator = CALCULATORS[name]
    data = calc.load_data()
    out: dict[str, list[str]] = {}
    for f in calculator.fields:
        custom = [CUSTOM] if any(other.custom_of == f.name for other in calculator.fields) else []
        if f.kind == "choice":
            out[f.name] = list(f.choices)
        elif f.kind == "accelerator":
            out[f.name] = [*data.accelerators, *custom]
        elif f.kind == "model":
            out[f.name] = [*data.models, *custom]
    return out


@functools.cache
def _derived_formulas(name: str) -> set[str]:
    """The formulas of every derivation over each select value and each pair of select values, with and without
    each optional input."""
    calculator = CALCULATORS[name]
    choices = _choices(name)
    singles: list[dict[str, str]] = [{}, *({key: value} for key, values in choices.items() for value in values)]
    pairs = [
        {k1: a, k2: b}
        for (k1, v1), (k2, v2) in itertools.combinations(choices.items(), 2)
        if len(v1) * len(v2) <= 400
        for a in v1
        for b in v2
    ]
    optional = [f for f in calculator.fields if f.optional and f.default is None and f.kind == "number"]
    # An optional input that applies to some select values only (a custom item's figure, a field of one attention
    # kind) is tried with every pair; one that always applies, with each single value.
    extras = [{}, *({f.name: "2"} for f in optional)]
    bound = [{}, *({f.name: "2"} for f in optional if f.custom_of or f.when is not None)]
    every = [{**calculator.defaults(base), **extra} for base in singles for extra in extras]
    every += [{**calculator.defaults(base), **extra} for base in pairs for extra in bound]
    # Many combos come to the same inputs (a pair naming a default, a select that does not apply): each
    # distinct input set is computed once, its formulas the same however it was reached.
    inputs = {tuple(sorted(items.items())) for items in every}
    formulas: set[str] = set()
    for items in inputs:
        try:  # compute, not run: the same derivation without drawing the chart
            result = calc.compute(name, dict(items), "en")
        except calc.CalcError:
            continue
        formulas |= {step.formula for step in result.steps}
    return formulas


def _bank(page_html: str) -> set[str]:
    bank = re.search(r'<div class="x4-formulas" hidden>(.*?)</div>\s*</div>$', page_html, re.S)
    assert bank is not None
    return {html.unescape(tex) for tex in re.findall(r'data-tex="([^"]*)"', bank.group(1))}


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_live_formula_is_typeset_at_build_time(name: str) -> None:
    """A live derivation reuses the build's typeset formulas by their TeX: each formula any pair of select
    values (chip, model, workload, format, custom item) or an optional input brings is in the page's bank,
    so none shows as raw TeX."""
    missing = _derived_formulas(name) - _bank(calculator_html(name, "en"))
    assert not missing, f"{name}: not typeset at build time: {sorted(missing)}"


def test_math_is_typeset_as_compact_mathml() -> None:
    """The build typesets TeX as MathML the browser draws, without KaTeX's wrapper span, TeX annotation or
    whole-formula <mrow>, nor arithmatex's span around an inline formula; an <mrow> that is one part of a formula
    (a fenced group) stays, and so does a display formula's box (it scrolls)."""
    page = Path("page.html")
    source = (
        r'<span class="arithmatex">\(N\)</span> '
        r'<div class="arithmatex">\[\left(a\right) + \frac{b}{2}\]</div>'
    )
    typeset = render_math({page: source})[page]
    assert typeset == (
        '<math><mi>N</mi></math> <div class="arithmatex" tabindex="0">'
        '<math display="block"><mrow><mo fence="true">(</mo><mi>a</mi><mo fence="true">)</mo></mrow><mo>+</mo>'
        "<mfrac><mi>b</mi><mn>2</mn></mfrac></math></div>"
    )


def test_the_bank_check_can_fail() -> None:
    """The bank of a calculator with a single derivation path lacks the chooser's serving formulas."""
    assert _derived_formulas("chooser") - _bank(calculator_html("roofline", "en"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_ranking_the_defaults_lack_waits_in_a_template(lang: str) -> None:
    """The planner ranks layouts only when asked: its empty table is in a <template> the page script stamps out, so
    it is not in the page at load; the chooser, which ranks at its defaults, has its table in the page."""
    planner = calculator_html("parallelism", lang)
    assert '<template class="x4-table"><div class="x4-table-wrap" hidden><table class="x4-calc__table">' in planner
    assert '<template class="x4-table">' not in calculator_html("chooser", lang)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_ranking_has_a_column_per_figure(lang: str) -> None:
    """The chooser's table heads rank, accelerator and calc's figure columns; its cells are calc's formatted cells,
    each with the SI figure to sort by, and calc's reason follows on a row of its own across the table."""
    page = calculator_html("chooser", lang)
    outcome = calc.run("chooser", CALCULATORS["chooser"].defaults(), lang)
    head = re.search(r'<table class="x4-calc__table"><thead><tr>(.*?)</tr></thead>', page).group(1)
    labels = [html.unescape(cell) for cell in re.findall(r"<th [^>]*>([^<]*)</th>", head)]
    assert labels[2:] == [column["label"] for column in outcome["columns"]]
    first = outcome["table"][0]
    row = re.search(r"<tbody><tr>(.*?)</tr>", page).group(1)
    cells = [html.unescape(cell) for cell in re.findall(r">([^<]*)</t[dh]>", row)]
    keys = [column["key"] for column in outcome["columns"]]
    assert cells == [first["formatted"]["rank"], first["name"], *(first["formatted"][k] for k in keys)]
    assert f'data-sort="{float(first["seconds"])!r}"' in row
    # Under each row, its reason across the table; a row with nothing to add has none.
    body = re.search(r"<tbody>(.*?)</tbody>", page).group(1)
    rows = re.findall(r'<tr( class="x4-detail")?>(.*?)</tr>', body)
    reasons = [html.unescape(re.sub(r"<[^>]+>", "", r)) for detail, r in rows if detail]
    expected = [row for row in outcome["table"] if row["reason"]]
    assert expected and len(reasons) == len(expected)
    assert all(shown.endswith(row["reason"]) for shown, row in zip(reasons, expected, strict=True))
    assert f'colspan="{len(labels)}"' in body


def test_units_in_the_form_speak_the_pages_language() -> None:
    """A unit that is a word is translated in the form's labels (the chooser's deadline in days)."""
    assert '<span class="x4-unit">(días)</span>' in calculator_html("chooser", "es")
    assert '<span class="x4-unit">(days)</span>' in calculator_html("chooser", "en")


def test_empty_fields_whose_value_the_inputs_decide_name_it() -> None:
    """The empty price, share of peak, TPOT target and DP take placeholders from the result, follow the inputs,
    and the price and DP are named in a note, in both languages."""
    serving = calc.run("serving", CALCULATORS["serving"].defaults(), "es")
    assert serving["placeholders"] == {
        "efficiency": "0,887 / 0,803",
        "price": "2,99",
        "slo_tpot_ms": "ninguno",
        "slo_ttft_ms": "ninguno",
    }
    assert any(
        note.startswith("Precio por acelerador-hora: en blanco") and "2,99 USD" in note for note in serving["notes"]
    )
    h200 = calc.run("serving", CALCULATORS["serving"].defaults({"accelerator": "h200-sxm"}), "en")
    assert h200["placeholders"]["price"] == "3.75"
    given = calc.run("serving", CALCULATORS["serving"].defaults({"price": "4", "slo_tpot_ms": "20"}), "en")
    assert "price" not in given["placeholders"] and "slo_tpot_ms" not in given["placeholders"]
    assert not any("left empty" in note and "Price" in note for note in given["notes"])
    planner = calc.run("parallelism", CALCULATORS["parallelism"].defaults({"count": "2048"}), "en")
    assert planner["placeholders"] == {"dp": "64"}
    assert any("left empty, so 64" in note for note in planner["notes"])
    custom = calc.run("training", CALCULATORS["training"].defaults({"accelerator": "custom"}), "en")
    assert custom["placeholders"] == {"price": "none"}
