"""The calculators' forms as a reader on a phone meets them, in both languages: a shared link's inputs are never
shown over results that are not theirs without saying so, each field gets a keyboard that can type what it
accepts and buttons a finger can hit, a Spanish thousands point is read as one (or refused, naming the field),
and an empty field whose value the other inputs decide shows it as its placeholder and in the result."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

import calc
from calc import CALCULATORS
from tools.messages import CATALOG

pytestmark = pytest.mark.browser

LIVE_MS = 60_000
PHONE = {"width": 390, "height": 844}
LANGS = [("en", ""), ("es", "es/")]
TRAINING = '.x4-calc[data-calculator="training"]'
# The shared link: Llama 3 405B's run, which the build's defaults (70B, 1T, 1024) are not.
SHARED = {"params": "405B", "tokens": "15.6T", "count": "16384"}


def _page_of(built_site: Path, name: str, prefix: str) -> str:
    """The first page (its path under `prefix`) that embeds calculator `name`."""
    root = built_site / prefix if prefix else built_site
    for html in sorted(root.rglob("index.html")):
        rel = html.parent.relative_to(root).as_posix()
        if (not prefix and rel.startswith("es")) or f'data-calculator="{name}"' not in html.read_text("utf-8"):
            continue
        return "" if rel == "." else rel + "/"
    raise AssertionError(f"no page embeds {name}")


def _answered(page: object, widget: str, before: int) -> None:
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
    )


def _edit(page: object, widget: str, name: str, value: str) -> None:
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    page.fill(f"{widget} [name={name}]", value)
    _answered(page, widget, before)


def _headline(page: object, name: str) -> dict[str, str]:
    widget = f'.x4-calc[data-calculator="{name}"]'
    return {key: page.text_content(f'{widget} [data-q="{key}"]') for key in CALCULATORS[name].headline}


def _expected(name: str, inputs: dict[str, str], lang: str) -> dict[str, str]:
    outcome = calc.run(name, CALCULATORS[name].defaults(inputs), lang)
    assert outcome["ok"], outcome
    return {key: outcome["formatted"].get(key, "—") for key in CALCULATORS[name].headline}


OPACITY = "(s) => Number(getComputedStyle(document.querySelector(s)).opacity)"


@pytest.mark.parametrize("lang, prefix", LANGS)
def test_a_shared_link_marks_the_default_results_until_its_answer(
    page: object, site_url: str, built_site: Path, lang: str, prefix: str
) -> None:
    """While the runtime loads, a shared link's inputs stand over the build's default results: those are dimmed,
    busy and labelled as the defaults', and the label says the answer is coming; the answer then replaces them at
    full strength. The link's 15.6T shows with the page's decimal mark."""
    held: list[object] = []
    released: list[bool] = []

    def hold(route: object) -> None:  # the runtime waits for its snapshot until the marks are checked
        if released:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/pyodide-snapshot.bin.gz", hold)
    query = "&".join(f"training.{key}={value}" for key, value in SHARED.items())
    page.goto(f"{site_url}{prefix}{_page_of(built_site, 'training', prefix)}?{query}")
    page.wait_for_selector(f'{TRAINING}[data-x4-state="pending"]', timeout=LIVE_MS)
    assert page.input_value(f"{TRAINING} [name=tokens]") == ("15,6T" if lang == "es" else "15.6T")
    assert page.input_value(f"{TRAINING} [name=params]") == "405B"
    label = CATALOG["ui.pending_defaults"][lang]
    assert page.is_visible(f"{TRAINING} .x4-calc__pending")
    assert page.text_content(f"{TRAINING} .x4-calc__pending") == label
    assert page.get_attribute(f"{TRAINING} .x4-calc__details", "data-x4-pending") == label
    assert page.get_attribute(f"{TRAINING} .x4-calc__output", "aria-busy") == "true"
    assert page.evaluate(OPACITY, f"{TRAINING} .x4-calc__output") < 0.6
    assert page.evaluate(OPACITY, f"{TRAINING} .x4-calc__plot") < 0.6  # the chart titled for the defaults' model
    assert _headline(page, "training") == _expected("training", {}, lang)  # still the defaults' numbers: labelled
    assert page.evaluate("document.documentElement.dataset.x4Runtime") is None
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(f'{TRAINING}[data-x4-state="live"]', timeout=LIVE_MS)
    assert page.is_hidden(f"{TRAINING} .x4-calc__pending")
    assert page.get_attribute(f"{TRAINING} .x4-calc__details", "data-x4-pending") is None
    assert page.get_attribute(f"{TRAINING} .x4-calc__output", "aria-busy") is None
    assert page.evaluate(OPACITY, f"{TRAINING} .x4-calc__output") == 1
    assert _headline(page, "training") == _expected("training", SHARED, lang)
    assert page.x4_errors == []


def test_a_link_with_the_defaults_marks_nothing(page: object, site_url: str, built_site: Path) -> None:
    """A link that carries the defaults' own inputs shows results that are theirs: nothing is marked."""
    page.context.route("**/pyodide-snapshot.bin.gz", lambda route: None)  # the runtime never comes
    page.goto(f"{site_url}{_page_of(built_site, 'training', '')}?training.params=70B")
    page.wait_for_function("() => document.querySelector('.x4-calc .x4-copy-link')")
    page.wait_for_timeout(300)
    assert page.get_attribute(TRAINING, "data-x4-state") is None
    assert page.is_hidden(f"{TRAINING} .x4-calc__pending")


@pytest.mark.parametrize("lang, prefix", LANGS)
def test_fields_get_a_keyboard_that_types_what_they_accept(
    browser: object, site_url: str, built_site: Path, lang: str, prefix: str
) -> None:
    """On a 390 px phone, a field that takes 70B, 1T, 16k or 3.35e12 opens a keyboard with letters (no capitals,
    corrections or spelling marks in the way); a field of plain numbers a keypad; every preset and Copy link
    button is at least 44 px tall."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    problems = []
    for name in ("training", "serving", "roofline", "allreduce"):
        page.goto(f"{site_url}{prefix}{_page_of(built_site, name, prefix)}")
        widget = f'.x4-calc[data-calculator="{name}"]'
        page.wait_for_selector(f"{widget} .x4-copy-link")
        shown = page.evaluate(
            """(w) => [...document.querySelector(w).querySelectorAll('input')].map((e) => [e.name, e.inputMode,
               e.getAttribute('autocapitalize'), e.getAttribute('autocorrect'), e.spellcheck, e.enterKeyHint])""",
            widget,
        )
        for field_name, mode, capitalize, correct, spellcheck, enter in shown:
            field = CALCULATORS[name].field_named(field_name)
            assert field is not None
            if mode != field.inputmode:
                problems.append(f"{name}.{field_name}: inputmode {mode}, wants {field.inputmode}")
            if mode == "text" and (capitalize, correct, spellcheck) != ("none", "off", False):
                problems.append(f"{name}.{field_name}: letters keyboard with {capitalize}, {correct}, {spellcheck}")
            if enter != "done":
                problems.append(f"{name}.{field_name}: enterkeyhint {enter}")
        heights = page.evaluate(
            """(w) => [...document.querySelector(w).querySelectorAll('.x4-preset, .x4-copy-link')]
               .map((b) => [b.textContent, b.getBoundingClientRect().height])""",
            widget,
        )
        problems += [f"{name}: button {words!r} is {height:.0f} px tall" for words, height in heights if height < 44]
    context.close()
    assert problems == [], "\n".join(problems)
    # The fields the issue names: letters where a suffix is typed, digits where a share is.
    training = CALCULATORS["training"]
    assert [training.field_named(n).inputmode for n in ("params", "tokens", "count", "mfu", "layers")] == [
        "text",
        "text",
        "text",
        "decimal",
        "numeric",
    ]


def test_spanish_fields_read_a_thousands_point_or_refuse_it(page: object, site_url: str, built_site: Path) -> None:
    """On /es/, "1.000" is a thousand (the answer is calc's for 1000, and the link carries 1000); "1.500B", which
    reads two ways, gets a message naming the field; the English page still reads "1.000" as one."""
    page.goto(f"{site_url}es/{_page_of(built_site, 'training', 'es/')}")
    _edit(page, TRAINING, "tokens", "1.000")
    assert page.get_attribute(TRAINING, "data-x4-state") == "live"
    assert _headline(page, "training") == _expected("training", {"tokens": "1000"}, "es")
    page.evaluate("window.x4SavePendingUrls()")
    assert parse_qs(urlparse(page.url).query)["training.tokens"] == ["1000"]
    _edit(page, TRAINING, "params", "1.500B")
    assert page.get_attribute(TRAINING, "data-x4-state") == "stale"
    error = page.text_content(f'{TRAINING} .x4-field[data-field="params"] .x4-field__error')
    assert error.startswith(CALCULATORS["training"].label(CALCULATORS["training"].field_named("params"), "es"))
    assert "dos maneras" in error
    _edit(page, TRAINING, "params", "1,5B")
    assert _headline(page, "training") == _expected("training", {"tokens": "1000", "params": "1.5B"}, "es")
    page.goto(f"{site_url}{_page_of(built_site, 'training', '')}")
    _edit(page, TRAINING, "tokens", "1.000")
    assert _headline(page, "training") == _expected("training", {"tokens": "1"}, "en")
    assert page.x4_errors == []


@pytest.mark.parametrize("lang, prefix", LANGS)
def test_an_empty_field_shows_the_value_it_takes(
    page: object, site_url: str, built_site: Path, lang: str, prefix: str
) -> None:
    """The serving calculator's empty price, share of peak and TPOT target, and the planner's empty DP, show what
    they take as their placeholders, from the build and after each answer, and the result names the price and DP."""
    serving = '.x4-calc[data-calculator="serving"]'
    page.goto(f"{site_url}{prefix}{_page_of(built_site, 'serving', prefix)}")
    defaults = calc.run("serving", CALCULATORS["serving"].defaults(), lang)
    for name in ("price", "efficiency", "slo_tpot_ms"):
        assert page.get_attribute(f"{serving} [name={name}]", "placeholder") == defaults["placeholders"][name]
    assert page.get_attribute(f"{serving} [name=slo_tpot_ms]", "placeholder") == CATALOG_NONE[lang]
    before = page.evaluate(f"document.querySelector('{serving}').x4Done || 0")
    # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
    page.focus(f"{serving} [name=accelerator]")
    page.select_option(f"{serving} [name=accelerator]", "h200-sxm")
    _answered(page, serving, before)
    changed = calc.run("serving", CALCULATORS["serving"].defaults({"accelerator": "h200-sxm"}), lang)
    assert changed["placeholders"]["price"] != defaults["placeholders"]["price"]
    assert page.get_attribute(f"{serving} [name=price]", "placeholder") == changed["placeholders"]["price"]
    notes = page.text_content(f"{serving} .x4-calc__notes")
    assert changed["placeholders"]["price"] in notes and re.search(r"en blanco|left empty", notes)

    planner = '.x4-calc[data-calculator="parallelism"]'
    page.goto(f"{site_url}{prefix}{_page_of(built_site, 'parallelism', prefix)}")
    assert page.get_attribute(f"{planner} [name=dp]", "placeholder") == "32"  # 1024 / (8 × 4 × 1)
    _edit(page, planner, "count", "2048")
    assert page.get_attribute(f"{planner} [name=dp]", "placeholder") == "64"
    assert "64" in page.text_content(f"{planner} .x4-calc__notes")
    assert page.x4_errors == []


CATALOG_NONE = {"en": "none", "es": "ninguno"}
