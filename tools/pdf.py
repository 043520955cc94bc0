"""The module as one PDF per language, printed from the built site by headless Chromium.

Usage: python tools/pdf.py [--site DIR] [--lang LANG ...]   (writes DIR/pdf/x4-LANG.pdf; DIR defaults to site/)

Each page of the language's navigation, in order, becomes a chapter: its article as the build wrote it (scripts
off, so every calculator shows the answer computed at build time, for the default inputs listed above it), its
closed disclosures opened, its charts and tables kept. A cover (title, edition, date) and a table of contents
with links and page numbers come first. Links between chapters become links inside the PDF; other links of the
site point at the published site when $X4_SITE_URL is set, and are plain text otherwise.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from calc import LANGS, load_data  # noqa: E402
from tools.data_pages import lang_prefix  # noqa: E402
from tools.messages import t  # noqa: E402
from tools.pdf_reader import PdfDocument  # noqa: E402
from tools.static_server import start_server  # noqa: E402

FOLDER = "pdf"
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
# A4 less the side margins below, in CSS pixels, upright and turned: the widths wide content is fitted to.
CONTENT_WIDTH_PX = int((210 - 2 * 16) / 25.4 * 96)
LANDSCAPE_WIDTH_PX = int((297 - 2 * 16) / 25.4 * 96)


def pdf_path(lang: str) -> str:
    """Where a language's PDF sits, from the site root."""
    return f"{FOLDER}/x4-{lang}.pdf"


@dataclass
class Chapter:
    index: int
    section: str  # the navigation section it is listed under ("" for the home page)
    title: str
    html: str
    stylesheets: list[str]


# The navigation of the language's home page: each page once, in order, with the section it sits in.
NAV_JS = """() => {
  const seen = new Set(), pages = [];
  for (const a of document.querySelectorAll(".md-nav--primary a.md-nav__link[href]")) {
    if (a.closest(".md-nav--secondary")) continue;
    const url = new URL(a.getAttribute("href"), location.href);
    url.hash = "";
    if (url.origin !== location.origin || seen.has(url.href)) continue;
    seen.add(url.href);
    const section = a.closest(".md-nav__item--section")?.querySelector(":scope > .md-nav__link .md-ellipsis");
    pages.push([url.href, section ? section.textContent.trim() : ""]);
  }
  return {pages, site: document.querySelector(".md-header__topic .md-ellipsis")?.textContent.trim() || document.title,
          description: document.querySelector('meta[name="description"]')?.content || "",
          body: Object.fromEntries([...document.body.attributes].map((a) => [a.name, a.value]))};
}"""

# One page's article, made to stand in one document: what the build deferred put back, disclosures open, each
# calculator's inputs listed (its form is not printed), ids prefixed with the chapter's, links between chapters
# made internal, addresses absolute. It moves the page's own strings; it computes nothing.
ARTICLE_JS = """([index, chapters, publicBase, labels]) => {
  const article = document.querySelector("article.md-content__inner");
  const prefix = `p${index}-`;
  let templates;
  while ((templates = article.querySelectorAll("details > template.x4-later")).length) {
    for (const template of templates) template.replaceWith(template.content);
  }
  for (const template of article.querySelectorAll("pre > template.x4-hl")) {
    const code = template.previousElementSibling;
    if (code && code.tagName === "CODE") code.replaceChildren(template.content);
    template.remove();
  }
  for (const template of article.querySelectorAll("figure > template.x4-wide")) template.replaceWith(template.content);
  for (const details of article.querySelectorAll("details")) details.open = true;
  article.querySelectorAll(".headerlink").forEach((a) => a.remove());

  for (const calc of article.querySelectorAll(".x4-calc")) {
    const form = calc.querySelector(".x4-calc__form");
    if (!form) continue;
    const value = (name) => form.querySelector(`[name="${CSS.escape(name)}"]`)?.value;
    const list = document.createElement("dl");
    for (const field of form.querySelectorAll(".x4-field")) {
      const d = field.dataset;
      if (d.customOf && value(d.customOf) !== "custom") continue;
      if (d.whenField && !d.whenValues.split(" ").includes(value(d.whenField))) continue;
      const control = field.querySelector("input, select");
      const label = field.querySelector("label");
      const shown = control?.tagName === "SELECT" ? control.selectedOptions[0]?.textContent : control?.value;
      if (!label || !shown) continue;
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = label.textContent.trim();
      dd.textContent = shown.trim();
      list.append(dt, dd);
    }
    const box = document.createElement("div"), title = document.createElement("p");
    box.className = "x4-pdf-inputs";
    title.className = "x4-pdf-inputs__title";
    title.textContent = labels.inputs;
    box.append(title, list);
    (calc.querySelector(".x4-calc__body") || form).before(box);
  }
  for (const widget of article.querySelectorAll(".x4-drill, .x4-scratchpad")) {
    const note = document.createElement("p");
    note.className = "x4-pdf-live";
    note.textContent = labels.live;
    if (publicBase) {
      const link = document.createElement("a");
      link.href = link.textContent = publicBase + location.pathname.slice(1);
      note.append(" ", link);
    }
    widget.replaceWith(note);
  }

  for (const el of article.querySelectorAll("[id]")) el.id = prefix + el.id;
  for (const el of article.querySelectorAll("label[for]")) el.htmlFor = prefix + el.htmlFor;
  for (const name of ["aria-describedby", "aria-labelledby", "aria-controls"]) {
    for (const el of article.querySelectorAll(`[${name}]`)) {
      el.setAttribute(name, el.getAttribute(name).trim().split(/\\s+/).map((id) => prefix + id).join(" "));
    }
  }
  for (const a of article.querySelectorAll("a[href]")) {
    let url = new URL(a.getAttribute("href"), location.href);
    if (publicBase && url.href.startsWith(publicBase)) url = new URL(url.href.slice(publicBase.length), location.origin + "/");
    if (url.origin !== location.origin) continue;
    const path = url.pathname.replace(/index\\.html$/, "");
    const target = chapters[path];
    if (target !== undefined) {
      a.setAttribute("href", url.hash ? `#p${target}-${decodeURIComponent(url.hash.slice(1))}` : `#p${target}`);
    } else if (publicBase) {
      a.setAttribute("href", publicBase + url.pathname.slice(1) + url.search + url.hash);
    } else {
      a.replaceWith(...a.childNodes);
    }
  }
  for (const el of article.querySelectorAll("[src]")) el.setAttribute("src", el.src);
  return {
    title: article.querySelector("h1")?.textContent.trim() || document.title,
    html: article.innerHTML,
    stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.href),
  };
}"""

# What is wider than the page is scaled down to fit it (the screen scrolls it instead): a table much wider than
# a portrait page gets a landscape page of its own, a formula or a slightly wide table is scaled in place.
FIT_JS = """([portrait, landscape]) => {
  for (const el of document.querySelectorAll(".x4-pdf-chapter table, .x4-pdf-chapter .arithmatex > math")) {
    const width = el.scrollWidth;
    if (width <= portrait) continue;
    let room = portrait;
    if (el.tagName === "TABLE" && width > 1.25 * portrait) {
      (el.closest(".x4-table-wrap") || el).classList.add("x4-pdf-wide");
      room = landscape;
    }
    if (width > room) el.style.zoom = String(room / width);
  }
}"""

FILL_JS = """(pages) => {
  for (const el of document.querySelectorAll("[data-chapter]")) el.textContent = pages[el.dataset.chapter] ?? "";
}"""

PDF_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm;
  @bottom-left { content: FOOTER; font: 11px sans-serif; color: #555; }
  @bottom-right { content: counter(page) " / " counter(pages); font: 11px sans-serif; color: #555; } }
@page :first { @bottom-left { content: none; } @bottom-right { content: none; } }
@page wide { size: A4 landscape; }
.x4-pdf-wide { page: wide; }
/* Whole pixels: Chromium writes text at a fractional size one glyph at a time, which bloats the file. */
html { font-size: 16px; }
body { margin: 0; background: #fff; }
.md-typeset { font-size: 13px; }
.md-content__inner { margin: 0; padding: 0; }
.md-content__inner::before { display: none; }
.x4-pdf-chapter { break-before: page; }
.x4-pdf-cover { height: 240mm; display: flex; flex-direction: column; justify-content: center; }
.x4-pdf-cover .x4-pdf-title { font-size: 40px; font-weight: 700; line-height: 1.2; margin: 0 0 .6em; }
.x4-pdf-cover p { font-size: 16px; max-width: 36em; }
.x4-pdf-toc { break-before: page; }
.x4-pdf-toc ol { list-style: none; padding: 0; margin: 0; }
.x4-pdf-toc.md-typeset li { margin: 0; padding: .15em 0 .15em 1.2em; display: flex; gap: .5em; }
.x4-pdf-toc.md-typeset li a { flex: 1; text-decoration: none; color: inherit; }
.x4-pdf-toc__page { min-width: 2.5em; text-align: right; font-variant-numeric: tabular-nums; }
.x4-pdf-toc.md-typeset .x4-pdf-toc__section { font-weight: 700; margin-top: .8em; padding-left: 0; }
.x4-table-wrap, .arithmatex { overflow: visible !important; }
.md-typeset pre > code { white-space: pre-wrap; word-break: break-word; }
.md-typeset details > summary::after { display: none; }
.md-typeset table:not([class]) { font-size: .85em; }
.x4-pdf-inputs__title { font-weight: 700; margin: .4em 0 .2em; }
.md-typeset .x4-pdf-inputs dl { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em; margin: 0 0 .6em; font-size: .9em; }
.md-typeset .x4-pdf-inputs :is(dt, dd) { margin: 0; font-weight: normal; }
.x4-pdf-live { font-style: italic; }
/* Material keeps a disclosure or a note on one page; a long answer then leaves a page's end blank. */
.md-typeset :is(.admonition, details) { break-inside: auto; }
h1, h2, h3, h4, .md-typeset summary, .admonition-title { break-after: avoid; }
figure, .x4-pdf-inputs, .x4-calc__summary, .x4-calc__plot, tr { break-inside: avoid; }
"""


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _cover(lang: str, site_name: str, description: str, public_url: str | None, today: dt.date) -> str:
    edition = load_data().edition
    if public_url:
        url = _esc(public_url)
        made = _esc(t("pdf.made_from", lang, date=today.isoformat(), url=public_url))
        made = made.replace(url, f'<a href="{url}">{url}</a>', 1)
    else:
        made = _esc(t("pdf.made", lang, date=today.isoformat()))
    lines = [
        f'<p class="x4-pdf-title">{_esc(site_name)}</p>',
        f"<p>{_esc(description)}</p>",
        f"<p>{_esc(t('pdf.edition', lang, name=edition['name'], date=str(edition['last_reviewed'])))}</p>",
        f"<p>{made}</p>",
    ]
    return f'<section class="x4-pdf-cover md-typeset">{"".join(lines)}</section>'


def _toc(lang: str, chapters: list[Chapter]) -> str:
    """The contents: each chapter under its section, linked, with room for its page number (filled in later)."""
    items, section = [], None
    for chapter in chapters:
        if chapter.section != section and chapter.section:
            items.append(f'<li class="x4-pdf-toc__section">{_esc(chapter.section)}</li>')
        section = chapter.section
        items.append(
            f'<li><a href="#p{chapter.index}">{_esc(chapter.title)}</a>'
            f'<span class="x4-pdf-toc__page" data-chapter="{chapter.index}"></span></li>'
        )
    return f'<nav class="x4-pdf-toc md-typeset"><h1>{_esc(t("pdf.contents", lang))}</h1><ol>{"".join(items)}</ol></nav>'


def assemble(lang: str, site: dict[str, Any], chapters: list[Chapter], public_url: str | None, today: dt.date) -> str:
    """The whole module as one HTML document: cover, contents, then each chapter from a new page."""
    stylesheets = list(dict.fromkeys(href for chapter in chapters for href in chapter.stylesheets))
    footer = f"{site['site']} · {t('pdf.edition_short', lang, name=load_data().edition['name'])}"
    css = PDF_CSS.replace("FOOTER", json.dumps(footer, ensure_ascii=False))
    body_attrs = " ".join(f'{name}="{_esc(value)}"' for name, value in site["body"].items())
    parts = [
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{_esc(site["site"])}</title>',
        *(f'<link rel="stylesheet" href="{_esc(href)}">' for href in stylesheets),
        f"<style>{css}</style></head><body {body_attrs}>",
        _cover(lang, site["site"], site["description"], public_url, today),
        _toc(lang, chapters),
        *(
            f'<section class="x4-pdf-chapter" id="p{c.index}"><article class="md-content__inner md-typeset">'
            f"{c.html}</article></section>"
            for c in chapters
        ),
        "</body></html>",
    ]
    return "\n".join(parts)


def collect(page: Any, base_url: str, lang: str, public_url: str | None) -> tuple[dict[str, Any], list[Chapter]]:
    """The language's navigation, then each of its pages' article, in order."""
    page.goto(base_url + lang_prefix(lang))
    site = page.evaluate(NAV_JS)
    paths = {urlsplit(url).path: i for i, (url, _) in enumerate(site["pages"], start=1)}
    labels = {"inputs": t("pdf.inputs", lang), "live": t("pdf.live", lang)}
    chapters = []
    for index, (url, section) in enumerate(site["pages"], start=1):
        page.goto(url)
        found = page.evaluate(ARTICLE_JS, [index, paths, public_url or "", labels])
        chapters.append(Chapter(index, section, found["title"], found["html"], found["stylesheets"]))
    return site, chapters


def build_pdf(browser: Any, base_url: str, lang: str, out: Path, public_url: str | None = None) -> Path:
    """Print one language's PDF from the site served at `base_url` (with the browser given) to `out`."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": CONTENT_WIDTH_PX, "height": 1100})
    try:
        page = context.new_page()
        site, chapters = collect(page, base_url, lang, public_url)
        document = assemble(lang, site, chapters, public_url, dt.date.today())
        # Served from the site's origin, so the chapters' stylesheets and images load as on the site.
        address = f"{base_url}__x4-pdf-{lang}.html"
        page.route(address, lambda route: route.fulfill(body=document, content_type="text/html; charset=utf-8"))
        page.goto(address, wait_until="load")
        page.emulate_media(media="print")
        page.evaluate(FIT_JS, [CONTENT_WIDTH_PX, LANDSCAPE_WIDTH_PX])
        # Tagged: the outline (a reader's bookmarks) and a screen reader's structure come from the tags.
        options = {"print_background": True, "prefer_css_page_size": True, "outline": True, "tagged": True}
        # The contents' page numbers: where a printing put each chapter, filled in and printed again until the
        # numbers are the pages (they fit the room left for them, so the second printing normally is the last).
        shown: dict[str, int | None] = {}
        for _ in range(3):
            pdf = page.pdf(**options)
            landed = PdfDocument(pdf).destinations()
            pages = {str(c.index): landed.get(f"p{c.index}") for c in chapters}
            if pages == shown:
                break
            page.evaluate(FILL_JS, pages)
            shown = pages
        else:
            raise RuntimeError("the contents' page numbers do not settle")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(pdf)
        return out
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default: site/)")
    parser.add_argument("--lang", nargs="+", choices=LANGS, default=list(LANGS))
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"no built site in {args.site} (run make build first)")
    public_url = os.environ.get("X4_SITE_URL") or None
    if public_url and not public_url.endswith("/"):
        public_url += "/"
    from playwright.sync_api import sync_playwright

    server = start_server(args.site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("X4_CHROMIUM", "/usr/bin/chromium"), headless=True, args=BROWSER_ARGS
            )
            for lang in args.lang:
                out = build_pdf(
                    browser, f"http://127.0.0.1:{server.server_port}/", lang, args.site / pdf_path(lang), public_url
                )
                pages = len(PdfDocument(out.read_bytes()).pages())
                print(f"{out} ({pages} pages, {out.stat().st_size / 1e6:.1f} MB)")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
