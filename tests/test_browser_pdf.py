"""The module as one PDF (tools/pdf.py), printed in Spanish from the test's built site by the session's browser:
a page per chapter at least, the chapters in the navigation's order with their titles, a table of contents
whose links and page numbers land on each chapter, and every calculator's result for its default inputs."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from tools.data_pages import lang_prefix
from tools.pdf import build_pdf
from tools.pdf_reader import PdfDocument

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
LANG = "es"  # the language under a prefix, with its own titles and decimal comma


def _squeeze(text: str) -> str:
    """Text without whitespace: a PDF's text comes in runs, broken wherever a line or a style ends."""
    return re.sub(r"\s+", "", text)


def _plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).replace("¶", "").strip()


def _nav_files(nav: list[object]) -> list[str]:
    files: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        files += _nav_files(value) if isinstance(value, list) else [str(value)]
    return files


def _chapters(site: Path, lang: str) -> list[tuple[str, str]]:
    """mkdocs.yml's navigation, in order: each page's built HTML and its title (its h1) in `lang`."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!ENV", lambda _loader, _node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=loader)  # a SafeLoader that skips !ENV
    pages = []
    for name in _nav_files(config["nav"]):
        stem = name.removesuffix(".md")
        folder = stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else f"{stem}/"
        page = site / lang_prefix(lang) / folder / "index.html"
        text = page.read_text(encoding="utf-8")
        title = re.search(r"<h1[^>]*>(.*?)</h1>", text, re.S)
        assert title, f"{page} has no title"
        pages.append((text, _plain(title.group(1))))
    return pages


@pytest.fixture(scope="module")
def printed(browser: object, site_url: str, built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> PdfDocument:
    out = build_pdf(browser, site_url, LANG, tmp_path_factory.mktemp("pdf") / f"x4-{LANG}.pdf")
    return PdfDocument(out.read_bytes())


def test_the_pdf_has_every_chapter_in_order_with_a_contents_that_lands_on_each(
    printed: PdfDocument, built_site: Path
) -> None:
    chapters = _chapters(built_site, LANG)
    titles = [title for _, title in chapters]
    pages = printed.page_texts()
    assert len(pages) > len(chapters)

    # The outline (a reader's bookmarks): the contents, then one top-level entry per chapter, in order.
    assert [title for depth, title in printed.outline() if depth == 1][1:] == titles

    # The contents' links: before the first chapter, one per chapter in order, each onto its chapter's page,
    # which holds its title, and beside the title the number of that page.
    landed = printed.destinations()
    first = landed["p1"]
    toc = [link for link in printed.links() if link.page < first and link.dest]
    assert [link.dest for link in toc] == [f"p{i}" for i in range(1, len(chapters) + 1)]
    starts = [landed[link.dest] for link in toc if link.dest]
    assert starts == sorted(set(starts)), "each chapter starts on a later page than the one before"
    contents = _squeeze("".join(pages[: first - 1]))
    for title, start in zip(titles, starts, strict=True):
        assert _squeeze(title) in _squeeze(pages[start - 1]), f"{title!r} is not on page {start}"
        assert f"{_squeeze(title)}{start}" in contents, f"the contents do not give {title!r} page {start}"


def test_every_link_resolves_and_none_leads_to_the_local_server(printed: PdfDocument, site_url: str) -> None:
    landed = printed.destinations()
    links = printed.links()
    assert any(link.dest for link in links if link.page >= landed["p1"]), "chapters link each other inside the PDF"
    assert [link.dest for link in links if link.dest and link.dest not in landed] == []
    host = site_url.split("//", 1)[1].split("/", 1)[0]
    assert [link.uri for link in links if link.uri and host in link.uri] == []


def test_every_default_result_and_every_closed_disclosure_is_printed_in_its_chapter(
    printed: PdfDocument, built_site: Path
) -> None:
    """Each calculator's results for its default inputs (its result list, labels and values in order) and what
    each closed disclosure holds (a derivation's steps, a quiz answer's text) are in that calculator's chapter."""
    chapters = _chapters(built_site, LANG)
    landed = printed.destinations()
    pages = printed.page_texts()
    starts = [landed[f"p{i}"] for i in range(1, len(chapters) + 1)] + [len(pages) + 1]
    results = disclosures = 0
    for i, (text, title) in enumerate(chapters):
        chapter = _squeeze("".join(pages[starts[i] - 1 : starts[i + 1] - 1]))
        for listing in re.findall(r'<dl class="x4-calc__result">(.*?)</dl>', text, re.S):
            assert _squeeze(_plain(listing)) in chapter, f"{title}: results {_plain(listing)[:80]!r} missing"
            results += 1
        for body in re.findall(r'<template class="x4-later">(.*?)</template>', text, re.S):
            # Its longest stretch of text in one block and without a formula (the PDF draws a list's numbers
            # between blocks, and a formula's glyphs are not its MathML's characters), by its start or its end:
            # a stretch a page break cuts can have its second half drawn after other text of that page.
            parts = re.split(
                r"<math.*?</math>|</?(?:p|li|ol|ul|div|h\d|pre|table|tr|td|th|dl|dt|dd)\b[^>]*>", body, flags=re.S
            )
            stretch = max((_squeeze(_plain(part)) for part in parts), key=len)
            assert stretch[:30] in chapter or stretch[-30:] in chapter, f"{title}: {stretch[:80]!r} missing"
            disclosures += 1
    assert results > 10 and disclosures > 10  # the chapters' calculators and answers, not a page without any
