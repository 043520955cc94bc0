"""The calculators as a reader meets them on a 1280 × 800 desktop and a 390 px phone: few inputs first, the
headline result in view while editing, readable charts, chip colours that stay put, typeset derivations,
a sortable ranking, controls of one height, and a "Link copied." that stays."""

from __future__ import annotations

import re

import pytest

import calc
from tests.walks import DESKTOP, PHONE, TABLES, DesktopWalk, PhoneWalk

pytestmark = pytest.mark.browser

LIVE_MS = 60_000
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


# Every page with a chart, and charts the worker draws (the serving curve once its sweep is on).
CHART_PAGES = ["", "roofline/", "training-cost/", "memory/", "parallelism/", "serving/", "validation/", "compare/"]
LIVE_CHARTS = {"serving/?serving.sweep=on": "serving"}
# Per shown chart: its name, its box, and per shown text its words, its rendered size in CSS px (font size times
# the SVG's scale) and its box.
CHART_TEXTS = """() => [...document.querySelectorAll('svg.x4-chart')].filter((svg) => svg.checkVisibility()).map((svg) => {
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.checkVisibility()).map((t) => {
    const r = t.getBoundingClientRect();
    return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a, r.left, r.top, r.right, r.bottom];
  });
  return [svg.getAttribute('aria-labelledby'), [box.left, box.top, box.right, box.bottom], texts];
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def _chart_problems(where: str, charts: list[list[object]]) -> list[str]:
    """What is wrong with the charts shown: text under 12 px, two labels over one another, a label cut off."""
    problems = []
    for name, box, texts in charts:
        for words, size, *rect in texts:  # type: ignore[attr-defined]
            if size < 12:
                problems.append(f"{where} {name}: {words!r} at {size:.1f} px")
            if rect[0] < box[0] - 0.5 or rect[2] > box[2] + 0.5 or rect[1] < box[1] - 0.5 or rect[3] > box[3] + 0.5:  # type: ignore[index]
                problems.append(f"{where} {name}: {words!r} cut off")
        boxes = [(words, rect) for words, _, *rect in texts]  # type: ignore[attr-defined]
        for index, (words, rect) in enumerate(boxes):
            problems += [
                f"{where} {name}: {words!r} over {other!r}"
                for other, box2 in boxes[index + 1 :]
                if _overlap(rect, box2)
            ]
    return problems


@pytest.mark.parametrize("prefix", ["", "es/"])
def test_chart_text_is_12px_and_apart_on_a_phone(browser: object, site_url: str, prefix: str) -> None:
    """On a 390 px phone every chart's text, the build's and the worker's, renders at 12 CSS px or more (font size
    times the SVG's scale), inside the chart, and no two labels cover each other."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    problems = []
    for path in [*CHART_PAGES, *LIVE_CHARTS]:
        page.goto(site_url + prefix + path)
        if path in LIVE_CHARTS:
            widget = _widget(LIVE_CHARTS[path])
            page.wait_for_function(
                "(w) => (document.querySelector(w).x4Done || 0) > 0 && document.querySelector(w + ' .x4-calc__plot svg')",
                arg=widget,
                timeout=LIVE_MS,
            )
        charts = page.evaluate(CHART_TEXTS)
        assert charts, f"no chart on {prefix}{path or 'home'}"
        problems += _chart_problems(prefix + (path or "home"), charts)
    context.close()
    assert problems == [], "\n".join(problems)


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
        # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
        page.focus(f"{widget} select[name=accelerator]")
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
        # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
        page.focus(f"{widget} select[name={field}]")
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
    """The ranking has one column per figure; a header sorts by it (blanks last), each row's reason moving with it,
    and the order survives a recompute; another workload brings its own columns."""
    page = _open(browser, site_url, "choosing/", DESKTOP)
    widget = _widget("chooser")
    headers = f"{widget} .x4-calc__table thead th"
    assert page.eval_on_selector_all(headers, "ths => ths.map((th) => th.textContent.replace(/ ⇅|[▲▼]/g, '').trim())")[
        2:
    ] == ["Time", "Cost", "Memory", "Fits", "On time"]
    page.click(f"{headers} >> text=Cost")
    column = f"{widget} .x4-calc__table tbody td:nth-child(4)"

    def costs() -> list[float | None]:
        raw = page.eval_on_selector_all(column, "tds => tds.map((td) => td.dataset.sort)")
        return [float(v) if v else None for v in raw]

    shown = costs()
    priced = [c for c in shown if c is not None]
    assert priced == sorted(priced) and shown[: len(priced)] == priced, "priced rows first, cheapest first"
    # A row's reason is the row under it: no priced row is followed by "No price in the data."
    reasons = page.eval_on_selector_all(
        f"{widget} .x4-calc__table tbody tr:not(.x4-detail)",
        "trs => trs.map((tr) => [tr.cells[3].dataset.sort, tr.nextElementSibling?.classList.contains('x4-detail')"
        " ? tr.nextElementSibling.textContent : ''])",
    )
    assert any("No price" in reason for _, reason in reasons)
    assert not any(cost and "No price" in reason for cost, reason in reasons), reasons
    _edit(page, f"{widget} input[name=count]", "2048")
    assert [c for c in costs() if c is not None] == sorted(c for c in costs() if c is not None)
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
    page.focus(f"{widget} select[name=workload]")
    page.select_option(f"{widget} select[name=workload]", "serve-7b")
    # Waited on by its headers: the count's recompute may still land first and move x4Done on its own.
    page.wait_for_function(
        "([w, n, sel]) => (document.querySelector(w).x4Done || 0) > n"
        " && [...document.querySelectorAll(sel)].some((th) => th.textContent.includes('Cost per million tokens'))",
        arg=[widget, before, headers],
        timeout=LIVE_MS,
    )
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


def test_no_page_scrolls_sideways_on_a_phone(phone_walk: PhoneWalk) -> None:
    """At 390 px no page is wider than the screen: wide tables and code scroll inside their own box (a table's
    screen-reader-only header among them)."""
    wide = {path or "/": width for path, width in phone_walk.widths.items() if width > PHONE["width"]}
    assert len(phone_walk.widths) > 50 and wide == {}, wide


# The one table wider than any column by design: every chip's every figure, scrolled with the chip's name in view.
WIDE_BY_DESIGN = "x4-landscape__table"
# The planner's ranking, shown only with its search on.
RANKING = ["parallelism/?parallelism.search=on", "es/parallelism/?parallelism.search=on"]


def _ranking_tables(browser: object, site_url: str, viewport: dict[str, int]) -> dict[str, list[list[object]]]:
    context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
    page = context.new_page()
    tables = {}
    for path in RANKING:
        page.goto(site_url + path)
        page.wait_for_function(
            "(w) => document.querySelector(w + ' .x4-table-wrap')?.hidden === false",
            arg=_widget("parallelism"),
            timeout=LIVE_MS,
        )
        tables[path] = page.evaluate(TABLES, viewport["width"])
    context.close()
    return tables


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_table_reads_at_desktop_and_phone_widths(
    browser: object, site_url: str, desktop_walk: DesktopWalk, phone_walk: PhoneWalk, viewport: dict[str, int]
) -> None:
    """At 1280 px every table but the landscape fits its column, none has a narrow column of long prose, and a row's
    prose stays in view; at 390 px every table fits the screen or scrolls inside a box within it, X4's with their row
    names pinned. The planner's ranking is measured too, with its search on."""
    walked = desktop_walk.tables if viewport is DESKTOP else phone_walk.tables
    problems = []
    for path, tables in {**walked, **_ranking_tables(browser, site_url, viewport)}.items():
        for name, inside, scrolls, pinned, prose, narrow in tables:
            where = f"{path or '/'} table.{name or '(theme)'}"
            if not inside:
                problems.append(f"{where}: wider than the screen, in no box that scrolls")
            if viewport is DESKTOP and scrolls and WIDE_BY_DESIGN not in name:
                problems.append(f"{where}: scrolls sideways at {viewport['width']} px")
            if scrolls and name and not pinned:
                problems.append(f"{where}: scrolls with its row names out of view")
            if not prose:
                problems.append(f"{where}: a row's prose runs past its box")
            problems += [f"{where}: {cell}" for cell in narrow] if viewport is DESKTOP else []
    assert len(walked) > 50 and problems == [], "\n".join(problems)


# X4's tables carry a class and the theme styles only tables without one; beside a theme's table (the power
# chapter's systems) each must show the same frame and text size, rules between rows and its names to the left.
STYLED_TABLES = [
    ("", ".x4-specs"),
    ("roofline/", ".x4-ridge"),
    ("accelerators/h100-sxm/", ".x4-chip-fields"),
    ("choosing/", ".x4-calc__table"),
    ("validation/", ".x4-validation"),
    ("interconnects/", ".x4-links"),
    ("compare/", ".x4-compare__table"),
]
TABLE_LOOK = """(selector) => {
  const table = document.querySelector(selector);
  const style = getComputedStyle(table);
  const body = [...table.querySelectorAll('tbody tr:not(.x4-detail)')].filter((tr) => tr.cells.length > 1);
  const name = body[1].querySelector('th[scope="row"]') || body[1].cells[0];
  const head = [...table.querySelectorAll('thead th, tbody tr:first-child > th[scope="col"]')];
  return {
    border: [style.borderTopStyle, parseFloat(style.borderTopWidth), style.borderTopColor],
    font: style.fontSize,
    rule: parseFloat(getComputedStyle(name).borderTopWidth),
    align: getComputedStyle(name).textAlign,
    padding: Math.min(...[...head, name].map((c) => parseFloat(getComputedStyle(c).paddingLeft) + parseFloat(getComputedStyle(c).paddingRight))),
    page: getComputedStyle(document.body).backgroundColor,
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_x4_tables_look_like_the_themes(browser: object, site_url: str, scheme: str) -> None:
    """In either scheme and language every kind of X4 table has the theme's table frame (its border, in its colour,
    visible on the page) and text size, a rule between rows, names aligned left and header cells padded apart."""
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site_url + "power/")
    theme = page.evaluate(TABLE_LOOK, "article table:not([class])")
    assert theme["border"][0] == "solid" and theme["border"][2] != theme["page"], theme
    problems = []
    for prefix in ("", "es/"):
        for path, selector in STYLED_TABLES:
            page.goto(site_url + prefix + path)
            look = page.evaluate(TABLE_LOOK, selector)
            wrong = [
                what
                for what, bad in (
                    ("frame", look["border"] != theme["border"]),
                    ("text size", look["font"] != theme["font"]),
                    ("rule between rows", look["rule"] <= 0),
                    ("names not left", look["align"] not in ("left", "start")),
                    ("header cells run together", look["padding"] < 12),
                )
                if bad
            ]
            if wrong:
                problems.append(f"{prefix}{path} {selector}: {', '.join(wrong)} {look}")
    context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("prefix", ["", "es/"])
def test_home_buttons_are_apart_and_above_the_fold_on_a_phone(browser: object, site_url: str, prefix: str) -> None:
    """On a 390 × 844 phone the home page's buttons (start reading, the quiz, the drill) are on the first screen and
    at least 8 px apart."""
    page = _open(browser, site_url, prefix, PHONE)
    rects = page.evaluate(
        "() => [...document.querySelectorAll('article a.md-button')].map((a) => { const r = a.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })"
    )
    page.context.close()
    assert len(rects) == 3
    assert all(bottom <= PHONE["height"] for *_, bottom in rects), rects
    for index, a in enumerate(rects):
        for b in rects[index + 1 :]:
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= 8, (a, b)


PINNED = ["training", "chooser", "serving", "parallelism"]
CALCULATOR_PAGES = {
    "training": "training-cost/",
    "chooser": "choosing/",
    "serving": "serving/",
    "parallelism": "parallelism/",
}
STUCK = """(w) => {
  let e = document.querySelector(w + ' .x4-calc__result');
  while (e && getComputedStyle(e).position !== 'sticky') e = e.parentElement;
  const r = e.getBoundingClientRect();
  const tops = [...document.querySelectorAll(w + ' .x4-out')].map((o) => Math.round(o.getBoundingClientRect().top));
  return [r.top, r.bottom, new Set(tops).size];
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", PINNED)
def test_pinned_results_take_one_line_on_a_phone(browser: object, site_url: str, name: str, lang: str) -> None:
    """On a 390 × 844 phone, while the reader is at the top of a long form, what stays pinned to the bottom of the
    screen is the headline results on one line: no more than a tenth of the screen's height."""
    page = _open(browser, site_url, ("es/" if lang == "es" else "") + CALCULATOR_PAGES[name], PHONE)
    widget = _widget(name)
    page.click(f"{widget} .x4-calc__more > summary")
    first = page.evaluate(RECT, f"{widget} .x4-field")
    page.evaluate("(y) => window.scrollBy(0, y - 60)", first[1])
    top, bottom, lines = page.evaluate(STUCK, widget)
    below = page.evaluate(RECT, f"{widget} .x4-calc__form")[3] > PHONE["height"]
    page.context.close()
    assert not below or abs(bottom - PHONE["height"]) < 1, f"not pinned to the bottom: {top}-{bottom}"
    assert bottom - top <= PHONE["height"] / 10, f"{bottom - top:.0f} px pinned"
    assert lines == 1
