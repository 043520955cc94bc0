"""The calculators as a reader meets them on a 1280 × 800 desktop and a 390 px phone: few inputs first, the
headline result in view while editing, readable charts, chip colours that stay put, typeset derivations,
a sortable ranking, controls of one height, and a "Link copied." that stays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import calc

pytestmark = pytest.mark.browser

LIVE_MS = 60_000
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PHONE_IN_A_BROWSER = {"width": 390, "height": 664}  # what Safari's bars leave of that screen
LONG = {"training": "training-cost/", "chooser": "choosing/"}
# Inputs shown before "More options" is opened (the chooser's default workload: train a 70B model).
FIRST_INPUTS = {
    "training": ["params", "tokens", "accelerator", "count", "mfu"],
    "chooser": ["workload", "rank_by", "params", "tokens", "deadline_days", "count"],
}
VISIBLE_INPUTS = """(w) => [...document.querySelector(w).querySelectorAll('input, select')]
    .filter((e) => e.checkVisibility()).map((e) => e.name)"""
RECT = (
    "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
)


def _open(browser: object, site_url: str, path: str, viewport: dict[str, int], **options: object) -> object:
    context = browser.new_context(viewport=viewport, **options)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site_url + path)
    return page


def _widget(name: str) -> str:
    return f'.x4-calc[data-calculator="{name}"]'


def _edit(page: object, selector: str, value: str) -> None:
    widget = selector.split(" ")[0]
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    page.fill(selector, value)
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
    )


@pytest.mark.parametrize("name", sorted(LONG))
def test_long_calculators_show_few_inputs_first(browser: object, site_url: str, name: str) -> None:
    """The training calculator shows 5 inputs and the chooser 6 until "More options" is opened."""
    page = _open(browser, site_url, LONG[name], DESKTOP)
    assert page.evaluate(VISIBLE_INPUTS, _widget(name)) == FIRST_INPUTS[name]
    page.click(f"{_widget(name)} .x4-calc__more > summary")
    assert len(page.evaluate(VISIBLE_INPUTS, _widget(name))) > len(FIRST_INPUTS[name])
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", sorted(LONG))
def test_headline_result_beside_the_form_on_a_desktop(browser: object, site_url: str, name: str, lang: str) -> None:
    """At 1280 × 800 the headline results sit to the right of the form and are in view with the form's
    first field, and still in view when the reader has scrolled to the form's last field (options open)."""
    page = _open(browser, site_url, ("es/" if lang == "es" else "") + LONG[name], DESKTOP)
    widget = _widget(name)
    page.click(f"{widget} .x4-calc__more > summary")
    form = page.evaluate(RECT, f"{widget} .x4-calc__form")
    page.evaluate("(y) => window.scrollBy(0, y - 60)", form[1])  # the form's top just under the header
    form = page.evaluate(RECT, f"{widget} .x4-calc__form")
    headline = page.evaluate(RECT, f"{widget} .x4-calc__result")
    assert headline[0] >= form[2], f"headline starts at x={headline[0]}, left of the form's right edge {form[2]}"
    assert 48 <= headline[1] and headline[3] <= DESKTOP["height"], headline
    assert headline[1] - form[1] < 40, f"headline {headline[1] - form[1]:.0f} px below the form's top"
    last = page.evaluate(
        f"() => {{ const f = [...document.querySelectorAll('{widget} .x4-field')].filter((e) => e.getClientRects().length);"
        " const r = f[f.length - 1].getBoundingClientRect(); window.scrollBy(0, r.bottom - innerHeight + 20);"
        " return f.length; }"
    )
    assert last > 8
    headline = page.evaluate(RECT, f"{widget} .x4-calc__result")
    assert 48 <= headline[1] and headline[3] <= DESKTOP["height"], f"headline scrolled away: {headline}"
    page.context.close()


@pytest.mark.parametrize("name", sorted(LONG))
def test_headline_result_pinned_while_editing_on_a_phone(browser: object, site_url: str, name: str) -> None:
    """On a 390 px phone in a browser, with every option open, the headline results stay on screen (pinned to its
    bottom) while the reader edits a field at the top of the form."""
    page = _open(browser, site_url, LONG[name], PHONE_IN_A_BROWSER)
    widget = _widget(name)
    page.click(f"{widget} .x4-calc__more > summary")
    first = page.evaluate(RECT, f"{widget} .x4-field")
    page.evaluate("(y) => window.scrollBy(0, y - 60)", first[1])
    _edit(page, f"{widget} input[name=params]", "80B")
    headline = page.evaluate(RECT, f"{widget} .x4-calc__result")
    assert headline[3] <= PHONE_IN_A_BROWSER["height"] + 0.5 and headline[1] >= 48, headline
    assert page.evaluate(RECT, f"{widget} .x4-calc__form")[3] > PHONE_IN_A_BROWSER["height"], (
        "the form fits: nothing to pin"
    )
    page.context.close()


CHART_PAGES = ["", "roofline/", "training-cost/", "memory/"]


@pytest.mark.parametrize("prefix", ["", "es/"])
def test_chart_text_is_at_least_9px_on_a_phone(browser: object, site_url: str, prefix: str) -> None:
    """Every chart's text renders at 9 px or more on a 390 px phone (font size times the SVG's scale)."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    sizes = {}
    for path in CHART_PAGES:
        page.goto(site_url + prefix + path)
        found = page.evaluate(
            """() => [...document.querySelectorAll('.x4-calc__plot svg text, .x4-figure svg text')]
                .filter((t) => t.getClientRects().length)
                .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a)"""
        )
        assert found, f"no chart on {path or 'home'}"
        sizes[path or "home"] = round(min(found), 2)
    context.close()
    assert all(size >= 9 for size in sizes.values()), sizes


def test_chip_colours_stay_put_and_the_chosen_chip_is_highlighted(browser: object, site_url: str) -> None:
    """On the roofline chart each chip keeps its colour whichever chip is chosen, and the chosen one is
    drawn thicker and named in bold."""
    page = _open(browser, site_url, "roofline/", DESKTOP)
    widget = _widget("roofline")
    legend = """(w) => Object.fromEntries([...document.querySelectorAll(w + ' .x4-calc__plot svg text[fill]')]
        .map((t) => [t.textContent.split(',')[0], [t.getAttribute('fill'), t.getAttribute('font-weight') === 'bold']]))"""
    seen: dict[str, str] = {}
    for chip in ("h100-sxm", "mi300x", "b200", "tpu-v5e"):
        before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
        page.select_option(f"{widget} select[name=accelerator]", chip)
        page.wait_for_function(
            "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
        )
        shown = page.evaluate(legend, widget)
        name = calc.load_data().accelerator(chip).name
        assert [label for label, (_, bold) in shown.items() if bold] == [name]
        for label, (colour, _) in shown.items():
            assert seen.setdefault(label, colour) == colour, f"{label} changed colour"
    assert len(set(seen.values())) == len(seen) == 4
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_live_derivations_are_typeset(browser: object, site_url: str, lang: str) -> None:
    """Inputs whose derivation has steps the default lacks (a sliding-window model's KV cache, the
    chooser's serving and retrieval workloads) show every formula typeset, none as raw TeX."""
    prefix = "es/" if lang == "es" else ""
    cases = [("memory/", "kv-cache", "model", "mistral-7b"), ("choosing/", "chooser", "workload", "serve-7b")]
    cases.append(("choosing/", "chooser", "workload", "rag-retriever"))
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[attr-defined]
    page = context.new_page()
    for path, name, field, value in cases:
        page.goto(site_url + prefix + path)
        widget = _widget(name)
        before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
        page.select_option(f"{widget} select[name={field}]", value)
        page.wait_for_function(
            "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
        )
        steps = page.eval_on_selector_all(
            f"{widget} .x4-calc__derivation li",
            "items => items.map((li) => [li.querySelector('.x4-step__formula math') !== null, li.textContent])",
        )
        assert steps and all(typeset for typeset, _ in steps), (name, value, [t for ok, t in steps if not ok])
    context.close()


def test_chooser_ranking_sorts_by_any_figure_and_follows_the_workload(browser: object, site_url: str) -> None:
    """The ranking has one column per figure; a header sorts by it (blanks last) and the order survives a
    recompute; another workload brings its own columns."""
    page = _open(browser, site_url, "choosing/", DESKTOP)
    widget = _widget("chooser")
    headers = f"{widget} .x4-calc__table thead th"
    assert page.eval_on_selector_all(headers, "ths => ths.map((th) => th.textContent.replace(/ ⇅|[▲▼]/g, '').trim())")[
        2:-1
    ] == ["Time", "Cost", "Memory", "Fits", "On time"]
    page.click(f"{headers} >> text=Cost")
    column = f"{widget} .x4-calc__table tbody td:nth-child(4)"

    def costs() -> list[float | None]:
        raw = page.eval_on_selector_all(column, "tds => tds.map((td) => td.dataset.sort)")
        return [float(v) if v else None for v in raw]

    shown = costs()
    priced = [c for c in shown if c is not None]
    assert priced == sorted(priced) and shown[: len(priced)] == priced, "priced rows first, cheapest first"
    _edit(page, f"{widget} input[name=count]", "2048")
    assert [c for c in costs() if c is not None] == sorted(c for c in costs() if c is not None)
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    page.select_option(f"{widget} select[name=workload]", "serve-7b")
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
    )
    labels = page.eval_on_selector_all(headers, "ths => ths.map((th) => th.textContent)")
    assert any("Cost per million tokens" in label for label in labels)
    page.context.close()


def test_selects_and_inputs_have_one_height(browser: object, site_url: str) -> None:
    """A calculator's selects are as tall as its text inputs."""
    page = _open(browser, site_url, "training-cost/", DESKTOP)
    heights = page.evaluate(
        """() => [...document.querySelectorAll('.x4-calc input, .x4-calc select')]
            .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().height)"""
    )
    assert max(heights) - min(heights) < 1, heights
    page.context.close()


def test_link_copied_stays_while_results_update(browser: object, site_url: str) -> None:
    """ "Link copied." has its own place: the answer that arrives after the click does not replace it."""
    page = _open(browser, site_url, "es/roofline/", DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    widget = _widget("roofline")
    # The runtime first: the status clears after 4 s, and a cold runtime can take longer than that.
    _edit(page, f"{widget} input[name=intensity]", "12")
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    page.fill(f"{widget} input[name=intensity]", "12,5")
    page.click(f"{widget} .x4-copy-link")
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
    )
    assert page.text_content(f"{widget} .x4-copy-status") == "Enlace copiado."
    assert re.search(r"roofline\.intensity=12\.5", page.evaluate("navigator.clipboard.readText()"))
    page.context.close()


@pytest.mark.parametrize(
    "path, table", [("landscape/", ".x4-landscape__table"), ("es/accelerators/h100-sxm/", ".x4-chip-fields")]
)
def test_wide_tables_scroll_inside_with_their_names_in_view(
    browser: object, site_url: str, path: str, table: str
) -> None:
    """On a 390 px phone a wide table scrolls inside its box (the page itself does not scroll sideways) and
    its first column (the accelerator, the field) stays in view; names are not broken mid-word."""
    page = _open(browser, site_url, path, PHONE)
    wrap = f"{table}"
    sizes = page.evaluate(
        """(t) => { const w = document.querySelector(t).closest('.x4-table-wrap');
            return [w.scrollWidth, w.clientWidth, document.scrollingElement.scrollWidth]; }""",
        wrap,
    )
    assert sizes[0] > sizes[1] and sizes[2] <= PHONE["width"], sizes
    first = f"{table} tbody tr:first-child > :first-child"
    before = page.evaluate(RECT, first)
    page.evaluate("(t) => { document.querySelector(t).closest('.x4-table-wrap').scrollLeft = 400; }", wrap)
    after = page.evaluate(RECT, first)
    assert abs(after[0] - before[0]) < 1, (before, after)
    code_lines = page.evaluate(
        "(t) => [...document.querySelectorAll(t + ' th code')].map((c) => c.getClientRects().length)", table
    )
    assert all(lines == 1 for lines in code_lines), "a field id wraps"
    page.context.close()


def test_sorted_status_names_the_column_and_its_unit(browser: object, site_url: str) -> None:
    """Sorting the landscape table by bandwidth says "Bandwidth TB/s", with the space."""
    page = _open(browser, site_url, "landscape/", DESKTOP)
    page.click('.x4-landscape__table th[data-column="bandwidth"] button')
    assert "Bandwidth TB/s" in page.text_content(".x4-landscape__status")
    page.context.close()


def test_no_page_scrolls_sideways_on_a_phone(browser: object, site_url: str, built_site: Path) -> None:
    """At 390 px no page is wider than the screen: wide tables and code scroll inside their own box (a table's
    screen-reader-only header among them)."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    wide = {}
    for html in sorted(built_site.rglob("index.html")):
        path = "" if html.parent == built_site else html.parent.relative_to(built_site).as_posix() + "/"
        page.goto(site_url + path, wait_until="domcontentloaded")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > PHONE["width"]:
            wide[path or "/"] = width
    context.close()
    assert wide == {}
