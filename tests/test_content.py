"""The module's content: twin pages in both languages with the same structure, no spec figure typed
into prose, and every executed example ran cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from calc import load_data

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
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
    """Markdown without code blocks, macro calls, HTML comments, math and quoted seed text."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)  # inline code: syntax examples, not claims
    # Seed quotations are reproduced as written (and corrected next to them).
    text = re.sub(r'^!!! (quote|warning) "[^"]*".*?(?=^\S)', "", text, flags=re.S | re.M)
    text = re.sub(r'"[^"\n]*"', "", text)  # quotations of the seed, reproduced as written
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]", "", text, flags=re.S)
    return text


def _spec_values() -> list[float]:
    values = []
    for chip in load_data().accelerators.values():
        values += [v.si for v in chip.values.values() if v.si and v.dimension != "count"]
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
    """A number-with-unit in prose that equals a data/ figure must come from a macro instead."""
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
        if "Traceback (most recent call last)" in (text := html.read_text(encoding="utf-8"))
        or "macro error" in text.lower()
    ]
    assert broken == []


def test_pages_without_calculators_load_no_runtime(built_site: Path) -> None:
    """Only pages that embed a calculator or the scratchpad reference the runtime's script."""
    for html in built_site.rglob("index.html"):
        text = html.read_text(encoding="utf-8")
        uses_runtime = 'class="x4-calc"' in text or 'class="x4-scratchpad"' in text
        assert uses_runtime == ("x4-calc.js" in text), html
