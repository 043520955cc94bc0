"""The module to take along: the landscape's data as CSV and JSON, each page as Markdown, llms.txt, and the
comparison page (two to four chips side by side, every figure with its source, rooflines overlaid)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import calc
from tools.compare_page import DEFAULT, compare_html, rows_of
from tools.data_pages import in_current_edition
from tools.downloads import FILES, FOLDER, UNITS, landscape_csv, landscape_document, sources_csv
from tools.pdf import pdf_path
from tools.plain_markdown import html_to_markdown

LANGS = ("en", "es")
PREFIX = {"en": "", "es": "es/"}


# -- the downloads, from calc's data --------------------------------------------------------------------------


def test_the_json_holds_every_figure_of_the_edition_with_unit_and_source() -> None:
    """Every spec and measured figure of every chip in the edition, its SI value and unit, its source among the chip's."""
    data = calc.load_data()
    document = landscape_document(data)
    chips = in_current_edition(data)
    assert [c["id"] for c in document["accelerators"]] == [chip.id for chip in chips]
    for record, chip in zip(document["accelerators"], chips, strict=True):
        fields = {v["field"] for v in record["values"]}
        assert set(chip.values) | set(chip.measured) <= fields
        sources = {s["id"] for s in record["sources"]}
        for value in record["values"]:
            assert value["source"] in sources, (chip.id, value)
            if value["value"] is not None:
                assert value["unit"] in UNITS.values(), (chip.id, value)
            else:
                assert value["unit"] is None
        for s in record["sources"]:
            assert s["title"] and s["url"].startswith("http") and re.fullmatch(r"\d{4}-\d{2}-\d{2}", s["checked"])
        bf16 = next(v for v in record["values"] if v["field"] == "compute.bf16")
        assert bf16["value"] == chip.dense_flop_per_s["bf16"] and bf16["unit"] == "FLOP/s"


def test_the_csv_is_the_json_one_row_per_figure() -> None:
    """The CSV has one row per value of the JSON, with the value and its source's title, URL and date."""
    document = landscape_document()
    rows = list(csv.DictReader(io.StringIO(landscape_csv(document))))
    assert len(rows) == sum(len(c["values"]) for c in document["accelerators"])
    h100 = {r["field"]: r for r in rows if r["accelerator"] == "h100-sxm"}
    chip = calc.load_data().accelerator("h100-sxm")
    bandwidth = h100["memory.bandwidth"]
    assert float(bandwidth["value"]) == chip.memory_bandwidth_bytes_per_s and bandwidth["unit"] == "B/s"
    source = next(s for s in chip.sources if s["id"] == bandwidth["source"])
    assert (bandwidth["source_title"], bandwidth["source_url"], bandwidth["source_checked"]) == (
        source["title"],
        source["url"],
        source["checked"],
    )
    assert float(h100["measured.matmul.bf16"]["value"]) == chip.achievable_flop_per_s["bf16"]
    sources = list(csv.DictReader(io.StringIO(sources_csv(document))))
    assert len(sources) == sum(len(c["sources"]) for c in document["accelerators"])


def test_a_changed_figure_changes_the_downloads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The files are made from the data, not written by hand: another bandwidth in the data is another value."""
    import dataclasses

    data = calc.load_data()
    chip = data.accelerator("h100-sxm")
    value = dataclasses.replace(chip.values["memory.bandwidth"], si=1.0, text="1 B/s")
    changed = dataclasses.replace(chip, values={**chip.values, "memory.bandwidth": value})
    bundle = dataclasses.replace(data, accelerators={**data.accelerators, "h100-sxm": changed})
    record = next(c for c in landscape_document(bundle)["accelerators"] if c["id"] == "h100-sxm")
    assert next(v for v in record["values"] if v["field"] == "memory.bandwidth")["value"] == 1.0


# -- the Markdown view ------------------------------------------------------------------------------------------


def test_markdown_keeps_what_a_reader_sees_and_drops_the_controls() -> None:
    html = (
        '<h2 id="x">Ridge <a class="headerlink" href="#x">¶</a></h2><p>Peak <strong>989</strong> over '
        '<a href="../landscape/">bandwidth</a>.</p><form><input value="70B"><button>Go</button></form>'
        "<table><thead><tr><th>Chip</th><th>TB/s</th></tr></thead><tbody><tr><td>H100 | SXM</td><td>3.35</td></tr>"
        '</tbody></table><div class="language-python highlight"><pre><span class="filename">t</span><code>'
        "print(1)</code></pre></div><svg><title>Chart</title><desc>a: 1</desc><line/></svg>"
        '<p hidden>secret</p><span class="arithmatex">\\(x\\)</span>'
    )
    markdown = html_to_markdown(html)
    assert "## Ridge\n" in markdown and "¶" not in markdown
    assert "Peak **989** over [bandwidth](../landscape/)." in markdown
    assert "| Chip | TB/s |\n|---|---|\n| H100 \\| SXM | 3.35 |" in markdown
    assert "```python\nprint(1)\n```" in markdown
    assert "[Chart. a: 1]" in markdown and "\\(x\\)" in markdown
    assert "70B" not in markdown and "Go" not in markdown and "secret" not in markdown


# -- the comparison page ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_comparison_has_a_column_per_chip_and_shows_the_default(lang: str) -> None:
    data = calc.load_data()
    chips = in_current_edition(data)
    html = compare_html(lang, data)
    templates = re.findall(r'<template data-chip="([^"]+)">(.*?)</template>', html)
    assert [chip for chip, _ in templates] == [chip.id for chip in chips]
    fields = [path for _, paths in rows_of(chips) for path in paths]
    for _, cells in templates:
        assert cells.count("<td") == len(fields)
    shown_table = html.split('<table class="x4-specs x4-compare__table">', 1)[1].split("</table>", 1)[0]
    assert re.findall(r'<th scope="col" data-chip="([^"]+)"', shown_table) == list(DEFAULT)
    assert shown_table.count("<tr data-field=") == len(fields)
    # every shown figure links to its source; the roofs of the default chips are drawn, the others' hidden
    h100 = data.accelerator("h100-sxm")
    assert f'href="{next(s for s in h100.sources if s["id"] == h100.values["compute.bf16"].source)["url"]}"' in html
    for chip in chips:
        roof = re.search(rf'<polyline [^>]*data-roof="peak" data-chip="{chip.id}"[^>]*>', html)
        if roof is not None:
            assert ("display" not in roof.group(0)) == (chip.id in DEFAULT), chip.id


def test_the_comparison_refuses_a_default_it_cannot_show() -> None:
    with pytest.raises(ValueError):
        compare_html("en", shown=("h100-sxm",))
    with pytest.raises(ValueError):
        compare_html("en", shown=("h100-sxm", "no-such-chip"))


# -- the built site -----------------------------------------------------------------------------------------------


def _href_targets(page: Path, pattern: str) -> list[Path]:
    html = page.read_text(encoding="utf-8")
    return [(page.parent / href).resolve() for href in re.findall(pattern, html)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_accelerators_index_links_the_downloads(built_site: Path, lang: str) -> None:
    """Both languages link the same files, worded in the page's language; the files are the data's."""
    page = built_site / f"{PREFIX[lang]}accelerators/index.html"
    targets = _href_targets(page, rf'href="([^"]*{FOLDER}/[^"]+)" download')
    assert sorted(t.name for t in targets) == sorted(FILES.values())
    assert all(t.is_file() for t in targets)
    html = page.read_text(encoding="utf-8")
    assert ("Descarga los datos" in html) == (lang == "es") and ("Download the data" in html) == (lang == "en")
    built = json.loads((built_site / FOLDER / FILES["json"]).read_text(encoding="utf-8"))
    assert built == json.loads(json.dumps(landscape_document()))
    assert (built_site / FOLDER / FILES["csv"]).read_text(encoding="utf-8") == landscape_csv(landscape_document())


def _markdown_pages(built_site: Path) -> list[Path]:
    return [p for p in built_site.rglob("index.html") if not p.relative_to(built_site).parts[0] == "assets"]


def test_every_page_has_its_markdown_beside_it(built_site: Path) -> None:
    """index.md beside every page's index.html, with the page's title and numbers as rendered, and no TeX-less math."""
    pages = _markdown_pages(built_site)
    assert len(pages) > 40
    for page in pages:
        markdown = page.with_name("index.md")
        assert markdown.is_file(), page
        text = markdown.read_text(encoding="utf-8")
        assert text.startswith("# "), markdown
        assert "<math" not in text and "<script" not in text and "{{" not in text, markdown
    roofline = (built_site / "roofline/index.md").read_text(encoding="utf-8")
    ridge = calc.ridge_point(
        peak_flop_per_s=calc.load_data().accelerator("h100-sxm").dense_flop_per_s["bf16"],
        bandwidth_bytes_per_s=calc.load_data().accelerator("h100-sxm").memory_bandwidth_bytes_per_s,
    )
    assert f"{calc.format_number(ridge, 'en', digits=3)} FLOP/byte" in roofline
    assert "\\frac" in roofline  # formulas stay TeX
    spanish = (built_site / "es/roofline/index.md").read_text(encoding="utf-8")
    assert f"{calc.format_number(ridge, 'es', digits=3)} FLOP/byte" in spanish


@pytest.mark.parametrize("lang", LANGS)
def test_every_footer_links_its_markdown_and_llms_txt(built_site: Path, lang: str) -> None:
    for path in ("", "landscape/", "compare/", "accelerators/h100-sxm/"):
        page = built_site / f"{PREFIX[lang]}{path}index.html"
        footer = page.read_text(encoding="utf-8").split('<div class="x4-takeaway">', 1)[1].split("</div>", 1)[0]
        targets = [(page.parent / href).resolve() for href in re.findall(r'href="([^"]+)"', footer)]
        # A site built by `make pdf` also links its language's PDF.
        pdf = [(built_site / pdf_path(lang)).resolve()] if 'type="application/pdf"' in footer else []
        assert targets == [page.with_name("index.md").resolve(), (built_site / "llms.txt").resolve(), *pdf]
        assert ("Esta página en Markdown" in footer) == (lang == "es")


@pytest.mark.parametrize("lang", LANGS)
def test_the_footer_links_the_pdf_only_in_a_build_that_makes_it(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """`make build` and `make serve` make no PDF, so their pages must not link one (it would be a 404)."""
    from tools import takeaway_hook

    page = SimpleNamespace(file=SimpleNamespace(locale=lang), url="roofline/")
    monkeypatch.delenv("X4_PDF", raising=False)
    assert "pdf_path" not in takeaway_hook.on_page_context({}, page=page, config=None)["x4_takeaway"]
    monkeypatch.setenv("X4_PDF", "1")
    footer = takeaway_hook.on_page_context({}, page=page, config=None)["x4_takeaway"]
    assert footer["pdf_path"] == pdf_path(lang)
    other = takeaway_hook.on_page_context(
        {}, page=SimpleNamespace(file=SimpleNamespace(locale="en" if lang == "es" else "es"), url=""), config=None
    )
    assert other["x4_takeaway"]["pdf"] != footer["pdf"]  # each language's own label


def test_llms_txt_lists_every_page_of_both_languages(built_site: Path) -> None:
    """The llms.txt convention: a title, a summary, then sections of `- [title](url): description` lines."""
    text = (built_site / "llms.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# ") and lines[2].startswith("> ")
    sections = [line for line in lines if line.startswith("## ")]
    assert sections[:2] == ["## English", "## Español"]
    links = re.findall(r"^- \[([^\]]+)\]\(([^)]+)\): (.+)$", text, re.M)
    linked = {url for _, url, _ in links}
    for page in _markdown_pages(built_site):
        if page.parent == built_site / "404":
            continue
        rel = page.with_name("index.md").relative_to(built_site).as_posix()
        assert rel in linked, rel
    for _, url, _ in links:
        assert (built_site / url).is_file(), url
    assert "- [Inicio](es/index.md)" in text and "- [Home](index.md)" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_comparison_page_is_built_modest_and_in_its_language(built_site: Path, lang: str) -> None:
    html = (built_site / f"{PREFIX[lang]}compare/index.html").read_text(encoding="utf-8")
    assert 'class="x4-compare"' in html and "x4-compare.js" in html
    live = re.sub(r"<template.*?</template>", "", html, flags=re.S)
    assert live.count("<td") < 250  # the other chips' columns wait in templates, outside the DOM
    assert ("Elige de dos a cuatro aceleradores" in html) == (lang == "es")
    assert "Choose two to four accelerators" in html if lang == "en" else "Choose two" not in html
