"""Every calculator on its page, in both languages: the page shows what the CLI's --json computes,
hostile input gives a message (never NaN, ∞ or a traceback) and the calculator keeps working, and the
URL restores a calculator's inputs and result."""

from __future__ import annotations

import contextlib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import calc
from calc import CALCULATORS, format_number, format_quantity, format_word
from calc._tooling.cli import main
from tests.walks import new_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
LIVE_MS = 60_000
HOSTILE = [
    "",
    "   ",
    "-1",
    "0",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "1e30",
    "abc",
    "1,2,3",
    "0x1F",
    "__import__('os').system('x')",
    "</script><script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "'; DROP TABLE x; --",
    "x" * 10_000,
    "∞",
    "1e-400",
    "None",
    "{{7*7}}",
    "${7*7}",
]


def _calculator_pages(site: Path) -> dict[str, str]:
    """Calculator name -> the first page (path under the site) that embeds it."""
    found: dict[str, str] = {}
    for html in sorted(site.rglob("index.html")):
        rel = html.parent.relative_to(site).as_posix()
        if rel.startswith("es"):
            continue
        for name in re.findall(r'class="x4-calc" data-calculator="([a-z0-9-]+)"', html.read_text(encoding="utf-8")):
            found.setdefault(name, "" if rel == "." else rel + "/")
    return found


def _scaled(text: str, factor: float) -> str:
    return repr(calc.parse_si_number(text, field="x") * factor)


def _input_sets(name: str) -> list[dict[str, str]]:
    """Three input sets: the defaults, and two with the first numeric inputs scaled."""
    calculator = CALCULATORS[name]
    defaults = calculator.defaults()
    numeric = [f.name for f in calculator.fields if f.kind == "number" and not f.custom_of and f.name in defaults]
    sets = [dict(defaults)]
    for index, factor in ((0, 2.0), (-1, 0.5)):
        if numeric:
            changed = dict(defaults)
            changed[numeric[index]] = _scaled(defaults[numeric[index]], factor)
            if calc.run(name, changed, "en")["ok"]:
                sets.append(changed)
    return sets


def _cli_json(name: str, inputs: dict[str, str]) -> dict[str, object]:
    """What `python -m calc NAME --flags --json` prints, run in-process (tests/test_cli.py runs the real process)."""
    flags = []
    for key, value in inputs.items():
        if value not in ("", None):
            flags += ["--" + key.replace("_", "-"), value]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([name, *flags, "--json"])
    assert code == 0, err.getvalue()
    return json.loads(out.getvalue())


def _expected_text(name: str, key: str, value: object, lang: str) -> str:
    units = CALCULATORS[name].units
    if value is None:
        return "—"
    if isinstance(value, str):
        return format_word(value, lang)
    if key in units:
        return format_quantity(value, units[key], lang)
    return format_number(value, lang)


def _to_page_value(value: str, lang: str) -> str:
    return value.replace(".", ",") if lang == "es" and re.fullmatch(r"-?\d+\.\d+", value) else value


def _fill(page: object, widget: str, inputs: dict[str, str], lang: str) -> None:
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    for key, value in inputs.items():
        control = page.query_selector(f"{widget} [name={key}]")
        if control is None or not control.is_visible():
            continue
        if control.evaluate("e => e.tagName") == "SELECT":
            # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
            control.focus()
            control.select_option(value)
        else:
            control.fill(_to_page_value(value, lang))
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS, polling=10
    )


@pytest.fixture(scope="module")
def calculator_pages(built_site: Path) -> dict[str, str]:
    pages = _calculator_pages(built_site)
    assert set(pages) == set(CALCULATORS), f"calculators on no page: {set(CALCULATORS) - set(pages)}"
    return pages


# Types each text into a field as a reader's keystrokes would (an input event), waits for the answer to it, and
# reads what the widget then shows: one round trip per calculator instead of four per text.
TYPE_EACH = """async ([selector, name, texts, limitMs]) => {
  const widget = document.querySelector(selector);
  const control = widget.querySelector(`[name="${name}"]`);
  const seen = [];
  for (const text of texts) {
    const before = widget.x4Done || 0;
    control.value = text;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    const start = performance.now();
    while ((widget.x4Done || 0) <= before && performance.now() - start < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const error = widget.querySelector(".x4-field__error:not([hidden])");
    seen.push([text, widget.dataset.x4State, error ? error.textContent : "", widget.textContent]);
  }
  return seen;
}"""


def _cli_mismatches(page: object, name: str, widget: str, lang: str) -> list[str]:
    """For three input sets, each headline number the widget shows against the CLI's JSON value, formatted by
    calc's own formatter in the page's language."""
    mismatches = []
    for inputs in _input_sets(name):
        _fill(page, widget, inputs, lang)
        # The answer to the last edit has arrived; on a busy machine the widget can still be settling its state.
        page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_MS)
        shown_inputs = page.evaluate(
            f"Object.fromEntries([...document.querySelectorAll('{widget} input, {widget} select')]"
            ".filter(e => !e.closest('[hidden]')).map(e => [e.name, e.value]))"
        )
        cli_inputs = {k: v.replace(",", ".") if re.fullmatch(r"-?\d+,\d+", v) else v for k, v in shown_inputs.items()}
        expected = _cli_json(name, cli_inputs)
        for key in CALCULATORS[name].headline:
            shown = page.text_content(f'{widget} [data-q="{key}"]')
            want = _expected_text(name, key, expected[key], lang)
            chip = expected.get(key.removesuffix("_name")) if key.endswith("_name") else None
            if isinstance(chip, str) and chip in calc.load_data().accelerators:  # a chip's name in the page's language
                want = calc.load_data().accelerator(chip).display_name(lang)
            if shown != want:
                mismatches.append(f"{lang} {name} {key}: page {shown!r} != CLI {want!r} for {cli_inputs}")
    return mismatches


def _hostile_problems(page: object, name: str, widget: str, lang: str) -> list[str]:
    """22 hostile strings typed into a numeric field the defaults show, then its default again."""
    calculator = CALCULATORS[name]
    defaults = calculator.defaults()
    shown = calculator.custom_selectors(defaults, {})
    field = next(
        f
        for f in calculator.fields
        if f.kind == "number" and not f.advanced and f.default and calculator.applies(f, defaults, shown)
    )
    texts = [_to_page_value(text, lang) for text in HOSTILE] + [_to_page_value(field.default, lang)]
    *hostile, recovered = page.evaluate(TYPE_EACH, [widget, field.name, texts, LIVE_MS])
    problems = []
    for text, state, message, body in hostile:
        if state == "stale":
            if not message.strip():
                problems.append(f"{name} {text[:20]!r}: no message shown")
        elif state != "live":
            problems.append(f"{name} {text[:20]!r}: state {state}")
        for bad in ("NaN", "Infinity", "∞", "Traceback", "inf "):
            if bad in body.replace(text, ""):
                problems.append(f"{name} {text[:20]!r}: {bad!r} on the page")
    if recovered[1] != "live":
        problems.append(f"{name}: did not recover after hostile input")
    return problems


@dataclass
class Visit:
    """What one language's pass over every calculator page found: each page is opened once (its runtime started
    once) and each of its calculators takes the hostile strings at its defaults, then the CLI's three input sets."""

    mismatches: list[str]
    problems: list[str]
    dialogs: list[str]
    errors: list[str]


@pytest.fixture(scope="module", params=["en", "es"])
def visit(request: pytest.FixtureRequest, browser: object, site_url: str, calculator_pages: dict[str, str]) -> Visit:
    lang = request.param
    found = Visit([], [], [], [])
    page = new_page(browser)
    page.on("dialog", lambda dialog: (found.dialogs.append(dialog.message), dialog.dismiss()))
    by_page: dict[str, list[str]] = {}
    for name, path in sorted(calculator_pages.items()):
        by_page.setdefault(path, []).append(name)
    for path, names in by_page.items():
        page.goto(site_url + ("es/" if lang == "es" else "") + path)
        for name in names:
            widget = f'.x4-calc[data-calculator="{name}"]'
            found.problems += _hostile_problems(page, name, widget, lang)
            found.mismatches += _cli_mismatches(page, name, widget, lang)
    found.errors = page.x4_errors
    page.context.close()
    return found


def test_every_calculator_matches_the_cli(visit: Visit) -> None:
    """For three input sets per calculator, each headline number on the page is the CLI's JSON value,
    formatted by calc's own formatter in the page's language."""
    assert visit.mismatches == [], "\n".join(visit.mismatches)
    assert visit.errors == []


def test_hostile_inputs_get_messages_and_the_calculator_recovers(visit: Visit) -> None:
    """22 hostile strings in a numeric field of every calculator: each gives a message at a field (or a
    finite result), no NaN/∞/traceback shows, no dialog opens, and a good value then computes again."""
    assert visit.problems == [], "\n".join(visit.problems)
    assert visit.dialogs == []
    assert visit.errors == []


def test_url_round_trip_restores_inputs_and_result(
    browser: object, site_url: str, calculator_pages: dict[str, str]
) -> None:
    """A calculator's URL, opened in a fresh browser, restores its inputs and shows the same result."""
    context = browser.new_context()
    page = context.new_page()
    for name in ("roofline", "training", "kv-cache"):
        path = calculator_pages[name]
        page.goto(site_url + "es/" + path)
        widget = f'.x4-calc[data-calculator="{name}"]'
        changed = _input_sets(name)[-1]
        _fill(page, widget, changed, "es")
        shown = {k: page.text_content(f'{widget} [data-q="{k}"]') for k in CALCULATORS[name].headline}
        # The address follows the form once the edits pause (it is written after the answer).
        page.wait_for_function(
            "(n) => [...new URL(location.href).searchParams.keys()].some((k) => k.startsWith(n + '.'))",
            arg=name,
            timeout=LIVE_MS,
        )
        # What copying the link does: the edits still waiting for that pause go into the address first.
        page.evaluate("window.x4SavePendingUrls()")
        link = page.url
        fresh = context.new_page()
        fresh.goto(link)
        fresh.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_MS)
        restored = {k: fresh.text_content(f'{widget} [data-q="{k}"]') for k in CALCULATORS[name].headline}
        assert restored == shown, name
        fresh.close()
    context.close()


@pytest.mark.parametrize("lang, prefix", [("en", ""), ("es", "es/")])
def test_scratchpad_runs_python_against_calc(page: object, site_url: str, lang: str, prefix: str) -> None:
    """The scratchpad runs the reader's code in the page's runtime: its example prints what calc
    computes here, an exception shows as text, the next run still works, and the heap grows past the snapshot's."""
    page.goto(f"{site_url}{prefix}scratchpad/")

    def run(code: str) -> str:
        before = page.evaluate("document.querySelector('.x4-scratchpad').x4Done || 0")
        page.fill(".x4-scratchpad textarea", code)
        page.click(".x4-scratchpad__run")
        page.wait_for_function(
            "n => (document.querySelector('.x4-scratchpad').x4Done || 0) > n", arg=before, timeout=LIVE_MS
        )
        return page.text_content(".x4-scratchpad__output")

    quiz = calc.compute(
        "training", {"params": "70B", "tokens": "1T", "accelerator": "h100-sxm", "count": "1024", "mfu": "0.5"}, lang
    )
    expected_days = format_quantity(quiz.quantities["seconds"], "days", lang)
    example = page.input_value(".x4-scratchpad textarea")
    assert expected_days in run(example)
    assert "ZeroDivisionError" in run("1 / 0")
    assert run("import calc; print(calc.format_number(2 ** 0.5, 'es'))") == "1,41"
    # The restored heap still grows: the build zeroes malloc's free memory under a footprint limit, then lifts it.
    assert run("print(len(bytearray(64 << 20)))") == str(64 << 20)
    assert page.x4_errors == []


@pytest.mark.parametrize("lang, prefix", [("en", ""), ("es", "es/")])
def test_presets_fill_the_form_and_compute(
    page: object, site_url: str, calculator_pages: dict[str, str], lang: str, prefix: str
) -> None:
    """Each preset button fills its calculator and shows what calc computes for those inputs."""
    for name, calculator in sorted(CALCULATORS.items()):
        if not calculator.presets:
            continue
        page.goto(site_url + prefix + calculator_pages[name])
        widget = f'.x4-calc[data-calculator="{name}"]'
        for index, (preset_id, inputs) in enumerate(calculator.presets.items()):
            before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
            page.click(f"{widget} .x4-preset >> nth={index}")
            page.wait_for_function(
                "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
            )
            expected = calc.run(name, calculator.defaults(inputs), lang)["formatted"]
            for key in calculator.headline:
                assert page.text_content(f'{widget} [data-q="{key}"]') == expected.get(key, "—"), (
                    name,
                    calculator.preset_label(preset_id, lang),
                    key,
                )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_result_panel_downloads_the_inputs_and_the_clis_json(
    page: object, site_url: str, calculator_pages: dict[str, str], lang: str
) -> None:
    """Download JSON gives the calculator's name, the inputs shown and the results exactly as the CLI's --json
    prints them for those inputs, in both languages (numbers are language-neutral)."""
    name = "training"
    page.goto(site_url + ("es/" if lang == "es" else "") + calculator_pages[name])
    widget = f'.x4-calc[data-calculator="{name}"]'
    _fill(page, widget, {"count": "2048"}, lang)
    with page.expect_download() as caught:
        page.click(f"{widget} .x4-download-json")
    saved = json.loads(Path(caught.value.path()).read_text(encoding="utf-8"))
    assert saved["calculator"] == name and saved["inputs"]["count"] == "2048"
    inputs = {k: v.replace(",", ".") if re.fullmatch(r"-?\d+,\d+", v) else v for k, v in saved["inputs"].items()}
    assert saved["results"] == _cli_json(name, inputs)
    assert page.x4_errors == []
