"""Publication quality in the browser: search per language, CSP, offline, sub-path, language switch,
print, accessibility. The site is served with its own _headers file, so every browser test runs under
the Content-Security-Policy."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.walks import DesktopWalk, PhoneWalk

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
LIVE_TIMEOUT_MS = 60_000


def _search(page: object, search: Callable[[str], None], query: str) -> list[str]:
    """The links the search shows for `query`."""
    search(query)
    return page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")


@pytest.mark.parametrize("lang, path, query", [("en", "", "memory"), ("es", "es/", "memoria")])
def test_search_returns_only_the_pages_language(
    page: object, search: Callable[[str], None], site_url: str, lang: str, path: str, query: str
) -> None:
    """Searching from a Spanish page finds Spanish pages only, and from an English page English ones."""
    page.goto(site_url + path)
    hrefs = _search(page, search, query)
    assert hrefs
    in_spanish = [h for h in hrefs if urlparse(h).path.startswith("/es/")]
    assert (len(in_spanish) == len(hrefs)) if lang == "es" else not in_spanish, hrefs


def _search_initializer(lang: str) -> str:
    """The theme's "Initializing search" in `lang`, from the site's own language partial or the theme's."""
    import material

    own = ROOT / "overrides" / "partials" / "languages" / f"{lang}.html"
    partial = (
        own
        if own.is_file()
        else Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{lang}.html"
    )
    found = re.search(r'"search\.result\.initializer": "([^"]+)"', partial.read_text(encoding="utf-8"))
    assert found, partial
    return found.group(1)


def _search_ready(lang: str) -> str:
    """A page function that is true once the theme's search index is ready (its status no longer says so)."""
    waiting = _search_initializer(lang)
    status = "document.querySelector('.md-search-result__meta').textContent.trim()"
    return f"() => {status} !== '' && !{status}.includes({waiting!r})"


def test_a_calculator_pages_search_index_waits_for_its_runtime_or_the_reader(
    page: object, search: Callable[[str], None], site_url: str
) -> None:
    """A chapter builds its search index at once; a calculator page leaves it until its runtime has warmed up, so
    the two do not share the CPU while the runtime starts, but builds it as soon as the reader goes to search.
    With the runtime held back (its wasm never arrives), search waits, then answers once the box has focus."""
    page.goto(site_url + "motivation/")
    page.wait_for_function(_search_ready("en"), timeout=15_000)
    page.context.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url + "roofline/")
    page.wait_for_timeout(3_000)
    assert not page.evaluate(_search_ready("en"))
    assert _search(page, search, "memory")
    assert page.x4_errors == []


def test_a_calculator_pages_search_index_is_built_once_the_runtime_has_warmed_up(page: object, site_url: str) -> None:
    """Left alone, a calculator page's search gets ready after its runtime's warm-up, without the reader's help."""
    page.goto(site_url + "es/roofline/")
    page.wait_for_selector("html[data-x4-warmed]", timeout=LIVE_TIMEOUT_MS)
    page.wait_for_function(_search_ready("es"), timeout=15_000)
    assert page.x4_errors == []


def test_calculator_works_under_the_csp_header(page: object, site_url: str) -> None:
    """Served with the _headers CSP (which governs the worker too), the calculator answers live and
    nothing is blocked."""
    response = page.goto(site_url + "roofline/")
    assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
    page.fill('.x4-calc[data-calculator="roofline"] input[name=intensity]', "123")
    page.wait_for_selector('.x4-calc[data-calculator="roofline"][data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.__cspViolations") == []
    assert page.x4_errors == []


def test_every_page_has_a_csp_meta_and_integrity(built_site: Path) -> None:
    """Each page carries the CSP as a meta tag, and its own scripts carry integrity hashes."""
    for html in built_site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        assert 'http-equiv="Content-Security-Policy"' in text, html
        for tag in text.split("<script")[1:]:
            head = tag.split(">", 1)[0]
            if " src=" in head:
                assert "integrity=" in head, (html, head)


def test_site_works_with_the_network_cut(browser: object, site_url: str) -> None:
    """With every request to another host refused, pages render and the calculator answers."""
    context = browser.new_context()
    context.route(
        "**/*",
        lambda route: route.continue_() if urlparse(route.request.url).hostname == "127.0.0.1" else route.abort(),
    )
    page = context.new_page()
    page.goto(site_url + "es/roofline/")
    page.fill("input[name=intensity]", "12,5")
    page.wait_for_selector('.x4-calc[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in (
        "sticky",
        "relative",
        "fixed",
    )
    context.close()


def test_site_works_under_a_sub_path(browser: object, built_site: Path) -> None:
    """Hosted under /x4/ (a GitHub Pages project site), styles load and the calculator answers."""
    from tools.static_server import read_headers_file, start_server

    server = start_server(built_site, headers=read_headers_file(built_site), prefix="/x4/")
    try:
        context = browser.new_context()
        page = context.new_page()
        failed: list[str] = []
        page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
        page.goto(f"http://127.0.0.1:{server.server_port}/x4/roofline/")
        page.fill("input[name=intensity]", "7")
        page.wait_for_selector('.x4-calc[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
        assert failed == []
        context.close()
    finally:
        server.shutdown()
        server.server_close()


def _switch_language(page: object, lang: str) -> None:
    """Open the header's language menu and choose `lang`, as a reader does."""
    page.hover(".md-header__option .md-select")
    with page.expect_navigation():
        page.click(f'.md-select__link[hreflang="{lang}"]')


def test_language_switch_keeps_page_and_calculator_state(page: object, site_url: str) -> None:
    """Choosing Spanish in the language menu keeps the page, the anchor and the calculator's inputs (with a
    decimal comma) and result; back to English, the same."""
    page.goto(site_url + "roofline/#calculator")
    widget = '.x4-calc[data-calculator="roofline"]'
    # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
    page.focus(f"{widget} select[name=accelerator]")
    page.select_option(f"{widget} select[name=accelerator]", "mi300x")
    page.fill(f"{widget} input[name=intensity]", "42.5")
    page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    shown = page.text_content(f'{widget} [data-q="attainable_flop_per_s"]')
    _switch_language(page, "es")
    url = urlparse(page.url)
    assert (url.path, url.fragment) == ("/es/roofline/", "calculator")
    assert "roofline.intensity=42.5" in url.query and "roofline.accelerator=mi300x" in url.query
    page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)  # restored and answered
    assert page.input_value(f"{widget} select[name=accelerator]") == "mi300x"
    assert page.input_value(f"{widget} input[name=intensity]") == "42,5"
    assert page.text_content(f'{widget} [data-q="attainable_flop_per_s"]') == shown.replace(".", ",")
    _switch_language(page, "en")
    assert page.url == site_url + "roofline/?" + url.query + "#calculator"
    page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    assert page.input_value(f"{widget} input[name=intensity]") == "42.5"


def test_language_switch_keeps_a_shared_link_and_the_anchor(page: object, site_url: str) -> None:
    """A shared calculator link opened and switched to the other language at once (no edit) keeps its
    query; on a page without a calculator the anchor is kept."""
    page.goto(site_url + "es/choosing/?chooser.workload=serve-7b&chooser.latency_ms=20#tco")
    _switch_language(page, "en")
    assert page.url == site_url + "choosing/?chooser.workload=serve-7b&chooser.latency_ms=20#tco"
    page.wait_for_selector('.x4-calc[data-calculator="chooser"][data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    assert page.input_value('.x4-calc[data-calculator="chooser"] input[name=latency_ms]') == "20"
    page.goto(site_url + "memory/#levels")
    _switch_language(page, "es")
    assert page.url == site_url + "es/memory/#levels"


def test_no_page_logs_an_error_or_fails_a_request(desktop_walk: DesktopWalk) -> None:
    """Every page, in both languages, loads (calculators' runtime included) without a console error, a
    page error, a failed request or an HTTP error."""
    assert desktop_walk.problems == [], "\n".join(desktop_walk.problems[:20])


@pytest.mark.parametrize(
    "path, query, without",
    [("es/", "ancho de banda", "ancho banda"), ("", "memory of the chip", "memory chip")],
)
def test_search_leaves_out_stop_words(
    page: object, search: Callable[[str], None], site_url: str, path: str, query: str, without: str
) -> None:
    """A stop word between the words a reader means ("de", "of the") changes nothing: it is not searched
    as a prefix of every word (which would find every page with "desde" or "decode")."""
    found = []
    for words in (query, without):
        page.goto(site_url + path)
        hrefs = _search(page, search, words)
        found.append((page.text_content(".md-search-result__meta"), hrefs))
    assert found[0] == found[1]


def test_print_shows_results_not_forms(page: object, site_url: str) -> None:
    """In print, the calculator's form is hidden and its current result shown."""
    page.goto(site_url + "roofline/")
    page.emulate_media(media="print")
    assert not page.is_visible(".x4-calc__form")
    assert page.is_visible('[data-q="ridge_point_flop_per_byte"]')


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violations(desktop_walk: DesktopWalk, scheme: str) -> None:
    """axe-core finds no serious or critical violation on any page, in either language or scheme."""
    assert desktop_walk.violations[scheme] == [], "\n".join(desktop_walk.violations[scheme])


def test_tap_targets_keep_their_size_on_a_phone(phone_walk: PhoneWalk) -> None:
    """On a phone (Lighthouse's mobile viewport), axe-core's target-size rule passes on every calculator page,
    in both languages: no field, button or summary is too small or covered by another target. On the
    narrowest common phone, every calculator fits the height it reserves while off screen."""
    problems = phone_walk.targets + phone_walk.outgrown
    assert problems == [], "\n".join(problems)


def test_calculator_is_usable_from_the_keyboard(page: object, site_url: str) -> None:
    """Tabbing reaches every control of a calculator in order, typing updates the result, and the
    result region is a live region that screen readers announce."""
    page.goto(site_url + "roofline/")
    widget = '.x4-calc[data-calculator="roofline"]'
    page.focus(f"{widget} select[name=accelerator]")
    reached = [page.evaluate("document.activeElement.name")]
    while reached[-1] != "intensity" and len(reached) < 6:
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.name || document.activeElement.getAttribute('href')"))
    # A label's glossary link is a stop of its own, just before the field it names.
    fields = [name for name in reached if "glossary" not in name]
    assert fields == ["accelerator", "dtype", "intensity"], reached
    page.keyboard.press("Control+A")
    page.keyboard.type("1000")
    page.wait_for_selector(f'{widget}[data-x4-state="live"]', timeout=LIVE_TIMEOUT_MS)
    assert page.text_content(f'{widget} [data-q="bound"]') == "compute-bound"
    assert page.get_attribute(f"{widget} .x4-calc__output", "aria-live") == "polite"


def test_pages_without_calculators_stay_under_500_kb(desktop_walk: DesktopWalk) -> None:
    """Every page that runs no Python (every chapter without a calculator, every chip page) transfers under
    500 KiB in total from an empty cache (served gzipped, as hosts do), and loads nothing of the Python runtime.
    The scratchpad and the drill run Python on the page, as calculators do."""
    assert len(desktop_walk.transfers) > 50, sorted(desktop_walk.transfers)
    over = [
        f"{path}: {total // 1024} KiB"
        for path, (total, urls) in desktop_walk.transfers.items()
        if total > 500 * 1024 or any("pyodide" in url for url in urls)
    ]
    assert over == [], over
