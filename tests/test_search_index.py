"""The site search indexes the text a reader sees (tools/search_text.py): formulas as text, not TeX nor a copy of
KaTeX's MathML; a table's cells and a list's items apart; a calculator as its title and labels, not its form."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from calc import CALCULATORS, load_data
from tools.messages import t
from tools.search_text import search_html, tex_text

LANGS = ("en", "es")
_CODE = re.compile(r"<(code|pre)>.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")
# TeX a reader never sees: a control word (\text, \frac, \cdot) or a formula's delimiters (\( \) \[ \]).
_TEX = re.compile(r"\\(?:[A-Za-z]+|[()\[\]])")
# Two cells, or a cell and its row's next one, as the index may set them apart.
_APART = r"(?: · |; | )"


def _prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def _index(site: Path, lang: str) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = json.loads((site / _prefix(lang) / "search" / "search_index.json").read_text())["docs"]
    return docs


def _prose(doc: dict[str, Any]) -> str:
    """An entry's text without its code (where a backslash is the code's own)."""
    return _CODE.sub(" ", doc["text"])


def _plain(doc: dict[str, Any]) -> str:
    return _TAG.sub("", doc["text"])


def test_tex_reads_as_text() -> None:
    assert tex_text(r"\text{KV per token} = 2 \cdot L") == "KV per token = 2 · L"
    assert tex_text(r"I^* = \frac{P}{B}") == "I<sup>*</sup> = P/B"
    assert tex_text(r"T_\text{mem}=\frac{n-1}{n}\,S") == "T<sub>mem</sub> = (n-1)/n S"
    assert tex_text(r"\left\lceil \tfrac{M}{t_m} \right\rceil") == "⌈M/t<sub>m</sub>⌉"
    assert not _TEX.search(tex_text(r"\sqrt{2\,C\,M} \approx \alpha^{\gamma+1} \unknowncommand{x}"))


def test_the_search_version_of_a_page() -> None:
    page = (
        '<h1 id="t">T</h1><p>Rate <span class="arithmatex">\\(\\frac{P}{B}\\)</span>.</p>'
        "<table><thead><tr><th>Chip</th><th>Vendor</th></tr></thead>"
        "<tbody><tr><td>A1</td><td>V1</td></tr><tr><td>A2</td><td>V2</td></tr></tbody></table>"
        '<div class="x4-calc" aria-label="Roofline"><form><label for="r-a">Accelerator</label>'
        '<select id="r-a"><option>A1</option><option>A2</option></select></form>'
        '<dl class="x4-calc__result"><div class="x4-out"><dt>Ridge point</dt><dd>295</dd></div></dl>'
        '<p class="x4-calc__status">Computed at build time.</p><div class="x4-formulas" hidden>\\(x\\)</div></div>'
    )
    text = _TAG.sub("", search_html(page))
    assert "Rate P/B." in text
    assert "Chip · Vendor; A1 · V1; A2 · V2" in text
    assert "Roofline: Accelerator · Ridge point" in text
    for left_out in ("A1A2", "295", "Computed", "\\("):
        assert left_out not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_holds_no_tex(built_site: Path, lang: str) -> None:
    found = {doc["location"]: m.group(0) for doc in _index(built_site, lang) if (m := _TEX.search(_prose(doc)))}
    assert not found, found


class _MathText(HTMLParser):
    """Each <math> element's text as a browser's textContent gives it (KaTeX's annotation left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.formulas: list[str] = []
        self._depth = 0
        self._annotation = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "math":
            self._depth += 1
            self.formulas.append("")
        self._annotation |= tag == "annotation"

    def handle_endtag(self, tag: str) -> None:
        if tag == "math":
            self._depth -= 1
        if tag == "annotation":
            self._annotation = False

    def handle_data(self, data: str) -> None:
        if self._depth and not self._annotation:
            self.formulas[-1] += data


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_holds_no_copy_of_the_typeset_math(built_site: Path, lang: str) -> None:
    """Indexed from the typeset page, a formula would read as KaTeX's MathML text ("T=max(Tmem,Tmath)") or
    carry its TeX annotation; the index reads it as text ("T = max(Tmem, Tmath)")."""
    by_page: dict[str, str] = {}
    for doc in _index(built_site, lang):
        page = doc["location"].partition("#")[0]
        by_page[page] = by_page.get(page, "") + " " + _plain(doc)
    checked = 0
    for page, text in by_page.items():
        assert "<math" not in text and "application/x-tex" not in text, page
        reader = _MathText()
        reader.feed((built_site / _prefix(lang) / page / "index.html").read_text(encoding="utf-8"))
        # A formula of several symbols around a relation: a short one ("W", "6ND") reads the same either way.
        formulas = {f for f in reader.formulas if len(f) >= 6 and re.search(r"\S=\S", f)}
        checked += len(formulas)
        copied = sorted(f for f in formulas if f in text)
        assert not copied, (page, copied)
    assert checked > 20  # the chapters' formulas were there to look for


@pytest.mark.parametrize("lang", LANGS)
def test_table_cells_and_options_are_apart(built_site: Path, lang: str) -> None:
    """The landscape table names every chip of the data, then its vendor, each in its cell: the index holds
    each row with its cells apart, and no two chips' names (a select's options) glued together."""
    chips = list(load_data().accelerators.values())
    text = "\n".join(_plain(doc) for doc in _index(built_site, lang))
    rows = [c for c in chips if not re.search(re.escape(c.display_name(lang)) + _APART + re.escape(c.vendor), text)]
    assert not rows, [c.id for c in rows]
    names = [c.display_name(lang) for c in chips]
    glued = [a + b for a, b in itertools.pairwise(names)] + [c.display_name(lang) + c.vendor for c in chips]
    assert not [g for g in glued if g in text]
    header = re.escape(t("ui.accelerator", lang)) + _APART + re.escape(t("ui.vendor", lang))
    assert re.search(header, text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_calculator_is_indexed_as_its_title_and_labels(built_site: Path, lang: str) -> None:
    text = "\n".join(_plain(doc) for doc in _index(built_site, lang))
    roofline = CALCULATORS["roofline"]
    assert f"{roofline.title(lang)}: {roofline.label(roofline.fields[0], lang)} · " in text
    assert t("ui.static_status", lang) not in text  # the form's status line is not text to find


def _search(page: Any, search: Callable[[str], None], query: str) -> list[str]:
    """The previews the search shows for `query`."""
    search(query)
    # Each preview's words, less its code (where a backslash is the code's own).
    previews: list[str] = page.eval_on_selector_all(
        ".md-search-result__article",
        """els => els.map(e => {
            const copy = e.cloneNode(true);
            copy.querySelectorAll("code, pre").forEach(c => c.remove());
            return copy.textContent;
        })""",
    )
    return previews


@pytest.mark.browser
@pytest.mark.parametrize(
    "path, lang, query", [("numbers/", "en", "memory bandwidth"), ("es/numbers/", "es", "ancho de banda de memoria")]
)
def test_search_previews_read_as_the_pages(
    page: Any, search: Callable[[str], None], site_url: str, path: str, lang: str, query: str
) -> None:
    """Typed into the search box, a query that the chapters' formulas and tables answer shows previews without
    TeX, with the tables' cells apart."""
    page.goto(site_url + path)
    previews = _search(page, search, query)
    assert previews
    assert not [p for p in previews if _TEX.search(p)]
    names = [chip.display_name(lang) for chip in load_data().accelerators.values()]
    assert not [p for p in previews for a, b in itertools.pairwise(names) if a + b in p]
    # A table that lists the chips (the ridge points', the peaks'): a chip's name, then its row's next cell.
    assert [p for p in previews for name in names if f"{name} · " in p]
    assert page.x4_errors == []
