# MkDocs hook: the module to take along. Beside each page's index.html, its text as plain Markdown
# (index.md); at the site's root, llms.txt listing every page in both languages; the landscape data as
# CSV and JSON in downloads/; and, when $X4_PDF is set, a footer link to the language's PDF (tools/pdf.py). Everything comes from the build itself: the pages as rendered, calc's data.
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs import plugins

_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:  # hooks are loaded by file path: make `tools.*` importable
    sys.path.insert(0, _ROOT)

from tools.downloads import FILES, FOLDER, write_downloads  # noqa: E402
from tools.messages import t  # noqa: E402
from tools.pdf import pdf_path  # noqa: E402
from tools.plain_markdown import html_to_markdown  # noqa: E402

LANG_ORDER = ("en", "es")


class _Page:
    def __init__(self, lang: str, src_uri: str, path: str, title: str, description: str, in_nav: bool) -> None:
        self.lang, self.src_uri, self.path, self.title = lang, src_uri, path, title
        self.description, self.in_nav = description, in_nav


# Per build: each language's nav order (src_uri) and every page rendered, across the i18n plugin's nested builds.
_NAV: dict[str, list[str]] = {}
_PAGES: dict[str, _Page] = {}
_SITE_NAMES: dict[str, str] = {}  # each language's site name (the i18n plugin rewrites config's per build)


def _lang(page: Any, config: Any) -> str:
    locale = getattr(page.file, "locale", None)
    if locale:
        return str(locale)
    i18n = config.plugins.get("i18n")
    return getattr(i18n, "current_language", None) or config.theme["language"]


def markdown_path(url: str) -> str:
    """Where a page's Markdown sits, from the site root: 'landscape/' -> 'landscape/index.md', '' -> 'index.md'."""
    if url == "" or url.endswith("/"):
        return f"{url}index.md"
    return re.sub(r"\.html$", ".md", url)


def _first_sentence(markdown: str) -> str:
    for paragraph in markdown.split("\n\n"):
        paragraph = paragraph.strip()
        if paragraph and paragraph[0] not in "#|>-`[!*":
            sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
            return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", sentence)
    return ""


def on_startup(**_: Any) -> None:
    _NAV.clear()
    _PAGES.clear()
    _SITE_NAMES.clear()


def on_nav(nav: Any, *, config: Any, **_: Any) -> Any:
    """Remember this language's page order (llms.txt lists pages as the navigation does)."""
    pages = [page for page in nav.pages]
    if pages:
        lang = _lang(pages[0], config)
        _NAV[lang] = [page.file.src_uri for page in pages]
        _SITE_NAMES[lang] = config["site_name"]
    return nav


@plugins.event_priority(-100)
def on_page_content(html: str, *, page: Any, config: Any, **_: Any) -> str:
    """Write the page's Markdown beside its HTML, and note it for llms.txt."""
    lang = _lang(page, config)
    markdown = html_to_markdown(html)
    target = Path(page.file.abs_dest_path)
    target = target.with_name("index.md") if target.name == "index.html" else target.with_suffix(".md")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(markdown, encoding="utf-8")
    description = (page.meta or {}).get("description") or _first_sentence(markdown)
    _PAGES[f"{lang}:{page.file.src_uri}"] = _Page(
        lang,
        page.file.src_uri,
        markdown_path(page.url),
        page.title or "",
        " ".join(str(description).split()),
        page.file.src_uri in _NAV.get(lang, []),
    )
    return html


def on_page_context(context: dict[str, Any], *, page: Any, config: Any, **_: Any) -> dict[str, Any]:
    """The footer's links to this page's Markdown and to llms.txt, in the page's language."""
    lang = _lang(page, config)
    context["x4_takeaway"] = {
        "markdown_path": markdown_path(page.url),
        "markdown": t("takeaway.markdown", lang),
        "llms": t("takeaway.llms", lang),
        "llms_title": t("takeaway.llms_title", lang),
    }
    if os.environ.get("X4_PDF"):  # `make pdf` sets it, then prints the PDFs into the built site
        context["x4_takeaway"].update(
            pdf_path=pdf_path(lang), pdf=t("pdf.link", lang), pdf_title=t("pdf.link_title", lang)
        )
    return context


def _link(page: _Page, base: str) -> str:
    text = f"- [{page.title}]({base}{page.path})"
    return f"{text}: {page.description}" if page.description else text


def llms_txt(config: Any) -> str:
    """The site's llms.txt: its title, a summary, then per language a list of links to each page's Markdown."""
    base = (config.get("site_url") or "").rstrip("/")
    base = f"{base}/" if base else ""
    lines = [
        f"# {_SITE_NAMES.get('en', config['site_name'])}",
        "",
        f"> {t('takeaway.summary', 'en')}",
        "",
        t("takeaway.about", "en"),
        "",
    ]
    optional: list[str] = []
    for lang in LANG_ORDER:
        pages = [page for page in _PAGES.values() if page.lang == lang]
        order = {uri: index for index, uri in enumerate(_NAV.get(lang, []))}
        in_nav = sorted((p for p in pages if p.in_nav), key=lambda p: order[p.src_uri])
        name = _SITE_NAMES.get(lang, config["site_name"])
        lines += [f"## {t('takeaway.section', lang)}", "", t("takeaway.section_intro", lang, name=name), ""]
        lines += [_link(page, base) for page in in_nav]
        lines.append("")
        rest = sorted((p for p in pages if not p.in_nav), key=lambda p: p.path)
        if rest:
            optional += [f"### {t('takeaway.more', lang)}", ""] + [_link(page, base) for page in rest] + [""]
    lines += [f"## {t('takeaway.data', 'en')}", ""]
    for key in ("csv", "json", "sources_csv"):
        lines.append(f"- [{t(f'downloads.{key}', 'en')}]({base}{FOLDER}/{FILES[key]}): {t(f'takeaway.{key}', 'en')}")
    lines.append("")
    if optional:
        lines += ["## Optional", "", *optional]
    return "\n".join(lines).rstrip() + "\n"


@plugins.event_priority(-300)  # after mkdocs-static-i18n has built every language and hooks.py has finished the site
def on_post_build(config: Any, **_: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outer call writes the site-wide files
    site = Path(config["site_dir"])
    write_downloads(site)
    (site / "llms.txt").write_text(llms_txt(config), encoding="utf-8")
