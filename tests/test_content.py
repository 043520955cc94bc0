"""The module's content: twin pages in both languages with the same structure, no spec figure typed
into prose, and every executed example ran cleanly."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from calc import load_data
from tools.postprocess import without_switching_rule

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
# The rule as Material 9.8 ships it in palette.*.min.css.
_PALETTE_RULE = (
    "[data-md-color-switching] *,[data-md-color-switching] :after,[data-md-color-switching] :before"
    "{transition-duration:0s!important}"
)
PAGES = sorted(p.relative_to(DOCS / "en") for p in (DOCS / "en").rglob("*.md"))

# A number followed by a unit a spec sheet would print.
_FIGURE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:[,.\u202f ]\d{3})*(?:[.,]\d+)?)\s?(TFLOP/s|TFLOPS|TF/s|PFLOP/s|TOPS|TB/s|GB/s|GiB|GB|W)\b"
)
_UNIT_SCALE = {
    "TFLOP/s": 1e12,
    "TFLOPS": 1e12,
    "TF/s": 1e12,
    "PFLOP/s": 1e15,
    "TOPS": 1e12,
    "TB/s": 1e12,
    "GB/s": 1e9,
    "GiB": 2**30,
    "GB": 1e9,
    "W": 1.0,
}


def _prose(markdown: str) -> str:
    """Markdown without code blocks, macro calls, HTML comments and math."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)  # inline code: syntax examples, not claims
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]", "", text, flags=re.S)
    return text


def _spec_values() -> list[float]:
    """Every figure of data/'s accelerators: datasheet values and measured ones (their `measured` section)."""
    values = []
    for chip in load_data().accelerators.values():
        values += [v.si for v in chip.values.values() if v.si and v.dimension != "count"]
        values += [v.si for v in chip.measured.values() if v.si]
    return values


def test_every_page_has_its_twin() -> None:
    """docs/en and docs/es hold the same pages."""
    spanish = sorted(p.relative_to(DOCS / "es") for p in (DOCS / "es").rglob("*.md"))
    assert PAGES == spanish


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_twins_have_the_same_structure(page: Path) -> None:
    """Both languages have the same calculators, worked problems, executed examples and heading anchors."""
    english = (DOCS / "en" / page).read_text(encoding="utf-8")
    spanish = (DOCS / "es" / page).read_text(encoding="utf-8")
    for pattern in (r"calculator\(\s*['\"]([\w-]+)", r"^\?\?\? success", r"```python exec=\"on\"", r"^#{2,3} "):
        assert re.findall(pattern, english, re.M) == re.findall(pattern, spanish, re.M), (page, pattern)
    anchors_en = re.findall(r"^#{2,3} .*?\{ ?#([\w-]+) ?\}", english, re.M)
    anchors_es = re.findall(r"^#{2,3} .*?\{ ?#([\w-]+) ?\}", spanish, re.M)
    assert anchors_en == anchors_es, page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_spec_figure_is_typed_into_prose(lang: str) -> None:
    """A number-with-unit in prose that equals a data/ figure (a datasheet or a measured one) must come from a macro."""
    values = _spec_values()
    typed = []
    for page in PAGES:
        prose = _prose((DOCS / lang / page).read_text(encoding="utf-8"))
        for match in _FIGURE.finditer(prose):
            number_text, unit = match.groups()
            normalized = number_text.replace("\u202f", "").replace(" ", "")
            normalized = normalized.replace(".", "").replace(",", ".") if lang == "es" else normalized.replace(",", "")
            try:
                si = float(normalized) * _UNIT_SCALE[unit]
            except ValueError:
                continue
            if si and any(abs(si - v) <= 0.005 * v for v in values):
                typed.append(f"{lang}/{page}: {match.group(0)!r}")
    assert typed == [], "\n".join(typed)


def test_executed_examples_ran_cleanly(built_site: Path) -> None:
    """No markdown-exec block or macro left a traceback or an error in a built page."""
    broken = [
        str(html.relative_to(built_site))
        for html in built_site.rglob("*.html")
        # Tags stripped: a traceback in a highlighted code block has a span around every word.
        if "Traceback (most recent call last)" in (text := re.sub(r"<[^>]+>", "", html.read_text(encoding="utf-8")))
        or "macro error" in text.lower()
    ]
    assert broken == []


def test_no_stylesheet_restyles_the_page_on_the_palettes_mark(built_site: Path) -> None:
    """Material's palette marks <body> on every load; no rule of the built site may select on that mark, so it
    costs no restyle of the whole page (tools/postprocess.py drops Material's; a new version's would fail here)."""
    assert without_switching_rule(_PALETTE_RULE) == ""
    marked = [
        str(sheet.relative_to(built_site))
        for sheet in built_site.rglob("*.css")
        if "data-md-color-switching" in sheet.read_text(encoding="utf-8")
    ]
    assert marked == []


def test_pages_without_calculators_load_no_runtime(built_site: Path) -> None:
    """Only pages that embed a calculator or the scratchpad reference the runtime's script."""
    for html in built_site.rglob("index.html"):
        text = html.read_text(encoding="utf-8")
        uses_runtime = 'class="x4-calc"' in text or 'class="x4-scratchpad"' in text
        assert uses_runtime == ("x4-calc.js" in text), html


def test_pages_with_a_runtime_start_the_theme_search_worker_through_the_wrapper(built_site: Path) -> None:
    """A page that starts the runtime names X4's search wrapper in the theme's config, with the theme's own worker
    beside it (a theme upgrade that renames it fails here); every other page names the theme's worker."""
    workers = built_site / "assets" / "javascripts" / "workers"
    for html in built_site.rglob("index.html"):
        text = html.read_text(encoding="utf-8")
        named = re.search(r'"search": "(?:[^"]*/)?([^"/]+)"', text)
        assert named, html
        if "x4-calc.js" in text:
            wrapper, _, theme = named.group(1).partition("?theme=")
            assert wrapper == "x4-search.js" and (workers / theme).is_file(), (html, named.group(1))
        else:
            assert re.fullmatch(r"search\.[0-9a-f]+\.min\.js", named.group(1)), (html, named.group(1))


# --- What the prose may say ---------------------------------------------------------------------

# A Takeaway box earns its place only when it states a rule of thumb its section has not already
# stated (docs/STYLE: a handful per chapter, not one per section). Two per page is the ceiling.
MAX_TAKEAWAYS_PER_PAGE = 2
_TAKEAWAY = {"en": '!!! tip "Takeaway"', "es": '!!! tip "Idea clave"'}
_MISCONCEPTIONS = {"en": '!!! warning "Common misconceptions"', "es": '!!! warning "Ideas equivocadas frecuentes"'}


def _source(lang: str, page: Path) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


def test_no_text_tells_how_the_module_was_written() -> None:
    """No page and no data file says 'seed' or 'semilla': readers get the misconception and its
    correction, not the history of the text."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in [*sorted(DOCS.rglob("*.md")), *sorted((ROOT / "data").rglob("*.yaml"))]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b(seed|semilla)", line, re.I)
    ]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_takeaways_are_few(lang: str) -> None:
    """At most MAX_TAKEAWAYS_PER_PAGE Takeaway boxes on any page."""
    crowded = {
        str(page): n for page in PAGES if (n := _source(lang, page).count(_TAKEAWAY[lang])) > MAX_TAKEAWAYS_PER_PAGE
    }
    assert crowded == {}


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_twins_have_the_same_boxes(page: Path) -> None:
    """Both languages keep the same Takeaway and Common-misconceptions boxes, under the same title."""
    for boxes in (_TAKEAWAY, _MISCONCEPTIONS):
        assert _source("en", page).count(boxes["en"]) == _source("es", page).count(boxes["es"]), (page, boxes["en"])


def test_the_box_titles_are_the_only_ones() -> None:
    """Tip and warning boxes use the module's titles, so the counts above see every one."""
    titles = set()
    for lang in ("en", "es"):
        for page in PAGES:
            titles |= set(re.findall(r'^\s*!!! (?:tip|warning) "([^"]*)"', _source(lang, page), re.M))
    assert titles <= {
        *(t.split('"')[1] for t in _TAKEAWAY.values()),
        *(t.split('"')[1] for t in _MISCONCEPTIONS.values()),
    }


# "FP8 doubles BF16", "each halving of precision doubles the peak", "a sparse headline is twice the
# dense figure" are false for some chips of the edition; a paragraph that states such a rule must
# also list the exceptions through the macro that computes them from data/.
_DOUBLING = re.compile(r"\b(doubl\w*|twice|dobl\w*|duplic\w*|el doble)\b", re.I)
_FORMAT_WORD = re.compile(
    r"\b(FP8|FP6|FP4|INT8|INT4|precision|precisión|formato?|halving|sparse|sparsity|dispersión|headline)\b", re.I
)
_EXCEPTIONS_MACRO = re.compile(r"\{\{\s*(doubling_exceptions|sparse_exceptions)\(")


def _paragraphs(markdown: str) -> list[str]:
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def _states_a_doubling_rule(paragraph: str) -> bool:
    prose = re.sub(r"\{\{.*?\}\}|\\\(.*?\\\)", " ", paragraph, flags=re.S)
    return any(_DOUBLING.search(s) and _FORMAT_WORD.search(s) for s in re.split(r"(?<=[.;:])\s+", prose))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_doubling_rules_name_their_exceptions(lang: str) -> None:
    """Every paragraph that says a narrower format or a sparse headline doubles the peak calls
    doubling_exceptions or sparse_exceptions (maintaining.md describes the schema's check instead)."""
    bare = [
        f"{lang}/{page}: {' '.join(paragraph.split())[:120]}"
        for page in PAGES
        if page.name != "maintaining.md"
        for paragraph in _paragraphs(_source(lang, page))
        if _states_a_doubling_rule(paragraph) and not _EXCEPTIONS_MACRO.search(paragraph)
    ]
    assert bare == [], "\n".join(bare)


def test_the_doubling_check_can_fail() -> None:
    """The rule detector sees the phrasings the review found, in both languages, and not others."""
    assert _states_a_doubling_rule("Peaks double at each halving of precision, so compare like with like.")
    assert _states_a_doubling_rule("- FP8 doubles the BF16 figure, FP4 doubles it again.")
    assert _states_a_doubling_rule("Los picos se doblan cada vez que la precisión se reduce a la mitad.")
    assert not _states_a_doubling_rule("NVLink 5 doubles that, and the rack extends the domain.")


# The module's 60-second question (70B, 1T tokens, 1024 H100 SXM, 50 % MFU) is solved on the quiz
# page only; other pages link to it. Its wall-clock time must not be printed anywhere else, neither
# by a calc_out macro nor by an executed example.
_QUIZ_PAGE = Path("quiz.md")
_QUIZ_RUN = {"params": "70B", "tokens": "1T", "accelerator": "h100-sxm", "count": "1024", "mfu": "0.5"}
_CALC_OUT = re.compile(r"\{\{\s*(calc_out\(.*?\))\s*\}\}", re.S)
_EXEC_BLOCK = re.compile(r'^( *)```python exec="on"([^\n]*)\n(.*?)^\1```', re.S | re.M)


def _quiz_days(lang: str) -> str:
    from calc import compute, format_quantity

    return format_quantity(compute("training", _QUIZ_RUN, "en").quantities["seconds"], "days", lang)


def _calc_out_seconds(call: str) -> float | None:
    """The wall-clock seconds a calc_out('training', 'days'|'seconds', ...) call shows, else None."""
    import ast

    from calc import compute

    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call)
    args = [ast.literal_eval(a) for a in node.args]
    if args[:1] != ["training"] or args[1] not in ("days", "seconds"):
        return None
    inputs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg not in ("digits", "percent")}
    return compute("training", inputs, "en").quantities["seconds"]


def _exec_outputs(markdown: str) -> str:
    """What the page's executed Python blocks print, each session run in order in its own namespace;
    only sessions that touch the training calculator are run."""
    import contextlib
    import io
    import textwrap

    sessions: dict[str, list[str]] = {}
    for number, (_indent, options, code) in enumerate(_EXEC_BLOCK.findall(markdown)):
        if 'title="api-functions"' in options:
            continue  # prints calc's own docstrings, whose worked examples belong to calc/
        found = re.search(r'session="([^"]+)"', options)
        sessions.setdefault(found.group(1) if found else f"#{number}", []).append(textwrap.dedent(code))
    printed = io.StringIO()
    for blocks in sessions.values():
        if not any("training" in code for code in blocks):
            continue
        namespace: dict[str, object] = {"__name__": "__page__"}
        with contextlib.redirect_stdout(printed):
            for code in blocks:
                exec(compile(code, "<page>", "exec"), namespace)
    return printed.getvalue()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_quiz_is_solved_on_its_page_only(lang: str) -> None:
    """No page but quiz.md shows the quiz's wall-clock time, through calc_out or an executed example;
    the quiz page does."""
    from calc import compute

    quiz_seconds = compute("training", _QUIZ_RUN, "en").quantities["seconds"]
    days = _quiz_days(lang)
    where = []
    for page in PAGES:
        markdown = _source(lang, page)
        shown = [c for c in _CALC_OUT.findall(markdown) if _calc_out_seconds(c) == pytest.approx(quiz_seconds)]
        printed = days in _exec_outputs(markdown)
        if shown or printed:
            where.append(str(page))
    assert where == [str(_QUIZ_PAGE)], f"the quiz's {days} appears on {where}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_home_page_leads_to_every_chapter(lang: str) -> None:
    """The reading path and the 'you will be able to' list name every page of the Learn section of the navigation."""
    import yaml

    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^nav:\n(?:[ -].*\n)+", config, flags=re.M)
    assert block is not None
    nav = yaml.safe_load(block.group(0))["nav"]
    learn = next(item["Learn"] for item in nav if isinstance(item, dict) and "Learn" in item)
    chapters = [next(iter(entry.values())) for entry in learn]
    home = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
    missing = [page for page in chapters if f"]({page})" not in home]
    assert missing == []


class _ProseText(HTMLParser):
    """A page's text outside code, scripts, styles, templates, SVG and typeset math: where TeX must not show."""

    SKIP = frozenset({"code", "pre", "script", "style", "template", "svg", "math", "annotation", "textarea"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.stack: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        skip = tag in self.SKIP or any(c in ("katex", "katex-display", "arithmatex") for c in classes)
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed"):
            return
        self.stack.append(skip)
        self.depth += skip

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed"):
            return
        if self.stack:
            self.depth -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.depth == 0:
            self.text.append(data)


TEX_OUTSIDE_MATH = re.compile(r"\\[\[\]()]|\\(?:frac|text|qquad|quad|times|mathrm|cdot|left|right|sum|eta)\b")


def test_no_tex_shows_outside_math(built_site: Path) -> None:
    """No page prints TeX as text (a block that arithmatex did not take, as the training-cost page's first formulas
    once did): delimiters and commands appear only inside typeset math, code and templates."""
    problems = []
    for page in sorted(built_site.rglob("*.html")):
        reader = _ProseText()
        reader.feed(page.read_text(encoding="utf-8"))
        for match in TEX_OUTSIDE_MATH.finditer(" ".join(reader.text)):
            problems.append(f"{page.relative_to(built_site)}: {match.group(0)!r}")
    assert problems == [], "\n".join(dict.fromkeys(problems))
