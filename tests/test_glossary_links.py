"""A calculator label that uses a term of the trade (MFU, ZeRO, pipeline bubble, TTFT…) links it to the glossary
entry of its language (tools/glossary.py: one mapping, label -> entry)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from calc import CALCULATORS, Calculator
from tools.glossary import LABELS, TERMS, terms_in
from tools.macros.calculators import calculator_html

LANGS = ("en", "es")
ROOT = Path(__file__).resolve().parents[1]
_LINK = re.compile(r'<a class="x4-gloss" href="(?P<href>[^"]*)">(?P<words>[^<]*)</a>')
_TAG = re.compile(r"<[^>]+>")
_NAMES = "|".join(re.escape(name) for name in CALCULATORS)
# A field's label and a headline result's term, as the calculators write them (tools/macros/calculators.py).
_LABEL = re.compile(rf'<label for="(?:{_NAMES})-[^"]+">(?P<html>.*?)</label>|<div class="x4-out"><dt>(?P<dt>.*?)</dt>')


def _labels(calculator: Calculator, lang: str) -> list[tuple[str, str]]:
    """(catalog key, words) of every label a calculator shows: its inputs' and its headline results'."""
    fields = [(calculator.label_key(f), calculator.label(f, lang)) for f in calculator.fields]
    results = [(calculator.output_label_key(q), calculator.output_label(q, lang)) for q in calculator.headline]
    return fields + results


def test_every_mapped_label_is_a_calculators_and_every_entry_is_listed() -> None:
    keys = {key for calculator in CALCULATORS.values() for key, _ in _labels(calculator, "en")}
    assert not set(LABELS) - keys
    assert not set(LABELS.values()) - set(TERMS)
    assert all(set(words) == set(LANGS) for words in TERMS.values())


@pytest.mark.parametrize("lang", LANGS)
def test_a_label_with_a_term_of_the_trade_links_one_it_names(lang: str) -> None:
    unmapped = {}
    for calculator in CALCULATORS.values():
        for key, words in _labels(calculator, lang):
            terms = terms_in(words, lang)
            if terms and LABELS.get(key) not in terms:
                unmapped[key] = (words, sorted(terms))
    assert not unmapped, unmapped


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_entry_a_label_links_has_its_anchor(lang: str) -> None:
    source = (ROOT / "docs" / lang / "glossary.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r"^\*\*.+\{ #([a-z0-9-]+) \}$", source, re.M))
    assert not set(LABELS.values()) - anchors


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_links_the_terms_words(lang: str) -> None:
    for name, calculator in CALCULATORS.items():
        page = calculator_html(name, lang, glossary="../G/")
        for key, words in _labels(calculator, lang):
            if key not in LABELS:
                continue
            links = [m for m in _LINK.finditer(page) if m.group("href") == f"../G/#{LABELS[key]}"]
            assert any(m.group("words") in words for m in links), (name, key)


def _page_lang(rel: Path) -> str:
    return rel.parts[0] if rel.parts and rel.parts[0] in LANGS[1:] else "en"


def test_built_glossary_links_land_on_an_entry_of_the_pages_language(built_site: Path) -> None:
    checked = 0
    for page in sorted(built_site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        rel = page.parent.relative_to(built_site)
        lang = _page_lang(rel)
        for link in _LINK.finditer(html):
            base = "http://site/" if rel == Path(".") else f"http://site/{rel.as_posix()}/"
            target = urlparse(urljoin(base, link.group("href")))
            glossary = built_site / target.path.lstrip("/") / "index.html"
            expected = built_site / ("" if lang == "en" else lang) / "glossary" / "index.html"
            assert glossary == expected, (str(rel), link.group("href"))
            assert f'id="{target.fragment}"' in glossary.read_text(encoding="utf-8"), (str(rel), link.group("href"))
            checked += 1
    assert checked > 50


def test_built_labels_with_a_term_of_the_trade_have_the_link(built_site: Path) -> None:
    missing = []
    for page in sorted(built_site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        if 'class="x4-calc"' not in html:
            continue
        lang = _page_lang(page.parent.relative_to(built_site))
        for label in _LABEL.finditer(html):
            inner = label.group("html") or label.group("dt") or ""
            if terms_in(_TAG.sub("", inner), lang) and 'class="x4-gloss"' not in inner:
                missing.append((str(page.parent.relative_to(built_site)), _TAG.sub("", inner)))
    assert not missing, missing
