"""End-to-end: the built site's roofline calculator runs calc in Pyodide and agrees with pytest's calc."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

import calc

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 60_000


def _wait_live(page: object, widget: str) -> None:
    page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("lang, prefix, typed", [("en", "", "42.5"), ("es", "es/", "42,5")])
def test_roofline_page_matches_calc(page: object, site_url: str, lang: str, prefix: str, typed: str) -> None:
    """Typing an intensity shows exactly the text calc's own formatter gives for calc's value."""
    page.goto(f"{site_url}{prefix}roofline/")
    widget = '.x4-calc[data-calculator="roofline"]'
    # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
    page.focus(f"{widget} select[name=accelerator]")
    page.select_option(f"{widget} select[name=accelerator]", "mi300x")
    page.fill(f"{widget} input[name=intensity]", typed)
    _wait_live(page, widget)
    expected = calc.roofline(intensity_flop_per_byte=42.5, accelerator="mi300x")
    formatted = expected.formatted(lang, calc.CALCULATORS["roofline"].units)
    for key in ("ridge_point_flop_per_byte", "attainable_flop_per_s", "bound"):
        shown = page.text_content(f'{widget} [data-q="{key}"]')
        assert shown == formatted[key], key
    raw = page.evaluate(
        """async () => {
            const w = new Worker(new URL('assets/x4/x4-worker.js', location.origin + '/'), {type: 'module'});
            return await new Promise((resolve) => {
              w.onmessage = (e) => { if (e.data.id === 1) resolve(e.data.result.quantities); };
              w.postMessage({id: 1, type: 'run', calculator: 'roofline',
                             inputs: {accelerator: 'mi300x', intensity: '42.5'}, lang: 'en'});
            });
        }"""
    )
    for key, value in expected.quantities.items():
        if isinstance(value, float):
            assert float(f"{raw[key]:.12g}") == float(f"{value:.12g}"), key
        else:
            assert raw[key] == value
    assert page.x4_errors == []


def test_prerendered_result_without_javascript(browser: object, site_url: str) -> None:
    """With JavaScript off, the page already shows calc's default roofline result."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site_url}roofline/")
    default = calc.run("roofline", calc.CALCULATORS["roofline"].defaults(), "en")
    assert (
        page.text_content('[data-q="ridge_point_flop_per_byte"]') == default["formatted"]["ridge_point_flop_per_byte"]
    )
    context.close()


def test_no_request_leaves_localhost(page: object, site_url: str) -> None:
    """Loading pages and running a calculator requests nothing from any host but 127.0.0.1."""
    hosts: set[str] = set()
    page.on("request", lambda request: hosts.add(urlparse(request.url).hostname or ""))
    for path in ("", "es/", "roofline/", "es/roofline/"):
        page.goto(f"{site_url}{path}")
    page.fill("input[name=intensity]", "7")
    _wait_live(page, '.x4-calc[data-calculator="roofline"]')
    assert hosts <= {"127.0.0.1"}, hosts


def test_bad_input_shows_localized_message(page: object, site_url: str) -> None:
    """A bad intensity gives a Spanish message at the field and keeps the last good result, marked stale."""
    page.goto(f"{site_url}es/roofline/")
    widget = '.x4-calc[data-calculator="roofline"]'
    before = page.text_content(f'{widget} [data-q="ridge_point_flop_per_byte"]')
    page.fill(f"{widget} input[name=intensity]", "-3")
    page.wait_for_selector(f'{widget}[data-x4-state="stale"]', timeout=LIVE_TIMEOUT_MS)
    message = page.text_content(f'{widget} [data-field="intensity"] .x4-field__error')
    expected = calc.run("roofline", {**calc.CALCULATORS["roofline"].defaults(), "intensity": "-3"}, "es")
    assert message == expected["message"] and message.startswith("Intensidad aritmética debe ser")
    assert page.text_content(f'{widget} [data-q="ridge_point_flop_per_byte"]') == before
