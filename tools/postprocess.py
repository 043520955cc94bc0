# After both languages are built: one search index per language, a Content-Security-Policy (meta tag
# and a _headers file), and integrity attributes on the site's own scripts and stylesheets.
from __future__ import annotations

import base64
import hashlib
import html as html_lib
import json
import re
import subprocess
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

LANGS_BESIDE_DEFAULT = ("es",)
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
_LOCAL_ASSET = re.compile(
    r'<(?P<tag>script|link)\b(?P<attrs>[^>]*?\b(?:src|href)="(?P<url>(?![a-z]+:|//)[^"#?]+\.(?:js|css))"[^>]*)>'
)
_CONFIG_BASE = re.compile(
    r'(<script id="__config" type="application/json">\{"annotate": [^,]*, "base": ")(?P<base>[^"]*)(")'
)
# The theme's search worker in the page's config; a calculator page starts it through X4's wrapper beside it
# (overrides/assets/javascripts/workers/x4-search.js), which builds the index once the page lets it.
_CONFIG_SEARCH = re.compile(r'("search": "(?:[^"]*/)?)(search\.[0-9a-f]+\.min\.js)(")')
CALCULATOR_SCRIPT = "assets/x4/x4-calc.js"
# Material's script reads each <link rel="alternate" hreflang> as another language's *site root*: it fetches
# sitemap.xml beside it and, on a click on any link under it, navigates by that sitemap. mkdocs-static-i18n
# points those links at the page's own translation, so every page fetched two missing files (404s in the
# console) and the language menu threw away the page's query and anchor. The sitemap lists the same
# alternates (hreflang) for search engines, so the head links go; the menu's plain links then just work.
_HREFLANG_LINK = re.compile(r'\n[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
CSP_MARKER = 'http-equiv="Content-Security-Policy"'
FINISHED_MARKER = '<meta name="x4-finished"'
# pymdownx.arithmatex (generic mode) output: \( \) inline spans and \[ \] display divs.
_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])</(?P=tag)>', re.S
)

# KaTeX's MathML output: a wrapper span, and the TeX source kept as an annotation the browser never shows.
_KATEX_MATHML = re.compile(
    r'<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"(?P<attrs>[^>]*)><semantics>'
    r'(?P<body>.*)<annotation encoding="application/x-tex">.*</annotation></semantics></math></span>',
    re.S,
)
_MATHML_TAG = re.compile(r"<(/?)mrow>")

# Material's palette marks <body> while it sets the colours, and this rule then freezes every element's
# transitions. The palette sets the colours on every page load, so the mark alone restyled the whole page twice
# before the reader could interact (a third of the elements a calculator page styles at start-up); without the
# rule, a reader's rare switch of palette lets link colours fade for their 0.125 s instead of snapping.
_SWITCHING_RULE = re.compile(r"\[data-md-color-switching\] \*,[^{}]*\{transition-duration:0s!important\}")

# A fenced code block as pymdownx.highlight writes it.
_CODE_BLOCK = re.compile(r"<pre><span></span><code>")
# The macros' bank of typeset formulas (tools/macros/calculators.py): spans only, no nested <div>.
_FORMULA_BANK = re.compile(r'<div class="x4-formulas" hidden>(?P<body>.*?)</div>', re.S)


def _search_base(match: re.Match[str], *, lang: str) -> str:
    # ".." -> "../es/" on a page; "/" -> "/es/" on the 404 page, whose links are absolute (not "//es/").
    return match.group(1) + match.group("base").rstrip("/") + f"/{lang}/" + match.group(3)


def render_math(pages: dict[Path, str]) -> dict[Path, str]:
    """Typeset every formula as MathML with KaTeX at build time (tools/render_math.mjs), so pages load no math
    script, stylesheet or font."""
    formulas = sorted(
        {
            (html_lib.unescape(m.group("tex")).strip(), m.group("tag") == "div")
            for text in pages.values()
            for m in _MATH.finditer(text)
        }
    )
    if not formulas:
        return pages
    result = subprocess.run(
        ["node", str(ROOT / "tools" / "render_math.mjs")],
        input=json.dumps([{"tex": tex, "display": display} for tex, display in formulas]),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    typeset = dict(zip(formulas, map(compact_mathml, json.loads(result.stdout)), strict=True))
    out = {}
    for page, text in pages.items():

        def replace(match: re.Match[str]) -> str:
            display = match.group("tag") == "div"
            rendered = typeset[(html_lib.unescape(match.group("tex")).strip(), display)]
            # Wide display formulas scroll: keyboard users must be able to reach them. An inline formula is its
            # <math> alone: the span around it draws nothing (a tenth of a chapter's elements).
            return f'<div class="arithmatex" tabindex="0">{rendered}</div>' if display else rendered

        out[page] = _MATH.sub(replace, text)
    return out


def compact_mathml(rendered: str) -> str:
    """KaTeX's MathML with what the browser does not draw left out: the wrapper span, the <semantics> and
    TeX <annotation> pair, and an <mrow> around the whole formula (<math> is one already). A single-letter
    variable goes from six elements to two; every element left out is one the browser no longer styles."""
    match = _KATEX_MATHML.fullmatch(rendered)
    if match is None:
        return rendered
    body = match.group("body")
    if body.startswith("<mrow>") and body.endswith("</mrow>"):
        depth = 0
        for tag in _MATHML_TAG.finditer(body):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                if tag.end() == len(body):  # the first <mrow> closes at the very end: it wraps the formula
                    body = body[len("<mrow>") : -len("</mrow>")]
                break
    return f"<math{match.group('attrs')}>{body}</math>"


def bank_in_template(html: str) -> str:
    """A calculator's formula bank (every formula its live derivation can show, typeset) as a <template>: the
    page script clones from it, and the browser neither styles nor lays out, nor counts in the page, what it
    holds (the bank is a third of a calculator page's elements)."""
    return _FORMULA_BANK.sub(r'<template class="x4-formulas">\g<body></template>', html)


# Disclosures whose body need not be in the page until opened: every <details> but the calculators' "More
# options" (its fields are the form's), one that starts open, or one that holds a control.
_DETAILS_TAG = re.compile(r"<(/?)details\b([^>]*)>")
_OPEN = re.compile(r"\sopen(?:[\s=]|$)")
_CONTROL = re.compile(r"<(?:input|select|textarea|button)\b")
_TEMPLATE = re.compile(r"(<template\b.*?</template>)", re.S)
# A highlighted block whose body is only Pygments' token spans (no highlighted line, anchor or annotation).
_HIGHLIGHTED = re.compile(
    r'(<pre><span></span><code tabindex="0">)(?P<body>[^<]*<span class="[A-Za-z0-9 -]+">.*?)(</code></pre>)', re.S
)
_ONLY_TOKENS = re.compile(r'(?:[^<]|<span class="[A-Za-z0-9 -]+">[^<]*</span>)*')
_TAG = re.compile(r"<[^>]*>")


# A calculator's form (tools/macros/calculators.py): its selects, and its "More options" with their body.
_CALC_FORM = re.compile(r'<form class="x4-calc__form"[^>]*>.*?</form>', re.S)
_SELECT = re.compile(r"(?P<open><select\b[^>]*>)(?P<options>.*?)</select>", re.S)
_OPTION = re.compile(r"<option\b[^>]*>.*?</option>", re.S)
_MORE = re.compile(r'(?P<head><details class="x4-calc__more"><summary>.*?</summary>)(?P<body>.*?)(?=</details>)', re.S)
# A link in the theme's navigation: the span around its title only clips it (it wraps, and is never clipped).
_NAV_TITLE = re.compile(
    r'(<(?:a|label) [^>]*class="md-nav__link[^"]*"[^>]*>\s*)<span class="md-ellipsis">([^<]*)</span>'
)


def calculator_forms_deferred(html: str) -> str:
    """What a calculator's form holds that the reader does not see until they reach for it, as <template>s:
    - a select's list: the chosen option stays (what the closed select shows and what the form sends), and
      the whole list waits in a template inside the select; x4-later.js puts it in as the select takes focus
      or a pointer, before it can open or a key can change it (a chip or model list is 10-60 options);
    - the body of "More options", closed at load: x4-later.js stamps it as it opens (and before printing),
      and the page script reads its defaults from the template until then."""

    def form(match: re.Match[str]) -> str:
        def select(found: re.Match[str]) -> str:
            options = _OPTION.findall(found.group("options"))
            if len(options) < 2:
                return found.group(0)
            chosen = next((o for o in options if re.match(r"<option\b[^>]*\sselected\b", o)), options[0])
            return (
                f'{found.group("open")}{chosen}<template class="x4-options">{found.group("options")}</template>'
                "</select>"
            )

        def more(found: re.Match[str]) -> str:
            body = found.group("body")
            if not body:
                return found.group(0)
            return f'{found.group("head")}<template class="x4-later x4-more">{body}</template>'

        return _MORE.sub(more, _SELECT.sub(select, match.group(0)))

    return _CALC_FORM.sub(form, html)


# A footnote of one paragraph: Python-Markdown wraps its words in a <p> of their own.
_FOOTNOTE_PARAGRAPH = re.compile(r'(<li id="fn:[^"]+">)\s*<p>((?:(?!</?p[\s>]).)*)</p>\s*(</li>)', re.S)


def footnote_paragraphs_unwrapped(html: str) -> str:
    """A footnote of one paragraph as the list item's own words, without the <p> around them (a page of sources
    has twenty or more): x4.css gives the item the paragraph's spacing, so the notes look the same. A note of
    several paragraphs keeps them."""
    return _FOOTNOTE_PARAGRAPH.sub(r"\1\2\3", html)


def nav_titles_unwrapped(html: str) -> str:
    """The theme's navigation links without the span around each title (a third of the navigation's elements,
    each one its script also watches for a clipped title to give a tooltip): a navigation title wraps, so the
    span never clips it. The header's and footer's titles, which can be clipped, keep theirs."""
    return _NAV_TITLE.sub(r"\1\2", html)


def closed_details_in_template(html: str) -> str:
    """The body of every closed disclosure (a worked answer, a calculator's derivation) as a <template> after
    its summary: the browser neither builds, styles nor lays out what the reader has not opened, and the theme's
    start-up does not walk it. x4-later.js stamps it out when the disclosure opens, before printing, and when the
    address names an anchor inside it. The search index is built from the pages before this step, so it keeps
    every answer's words."""
    out: list[str] = []
    position = 0
    depth = 0
    start = body_start = -1
    for tag in _DETAILS_TAG.finditer(html):
        closing = tag.group(1) == "/"
        if not closing:
            depth += 1
            attrs = tag.group(2)
            if start < 0 and not _OPEN.search(attrs) and "x4-calc__more" not in attrs:
                summary_end = html.find("</summary>", tag.end())
                if summary_end >= 0:
                    start, start_depth = tag.start(), depth
                    body_start = summary_end + len("</summary>")
            continue
        if start >= 0 and depth == start_depth:
            body = html[body_start : tag.start()]
            if body.strip() and not _CONTROL.search(body):
                out.append(html[position:body_start] + f'<template class="x4-later">{body}</template>')
                position = tag.start()
            start = -1
        depth -= 1
    out.append(html[position:])
    return "".join(out)


def lazy_highlight(html: str) -> str:
    """A code block's text at load, its colours as a <template> beside it: Pygments wraps every token in a
    span (a Python example is a hundred elements, a YAML file a thousand), and x4-later.js puts them back as
    the block nears the viewport, and before printing. The text, what a search of the page finds and what
    the copy button copies, is the same from the start. Blocks inside a template are left as they are."""

    def plain(match: re.Match[str]) -> str:
        body = match.group("body")
        if not _ONLY_TOKENS.fullmatch(body):
            return match.group(0)
        return f'{match.group(1)}{_TAG.sub("", body)}</code><template class="x4-hl">{body}</template></pre>'

    return "".join(
        part if part.startswith("<template") else _HIGHLIGHTED.sub(plain, part) for part in _TEMPLATE.split(html)
    )


def focusable_code(html: str) -> str:
    """Every code block a tab stop from the start. The theme mounts a code block (its copy button, and a tab
    stop when it scrolls sideways) only as it comes into view (content.lazy); until then, a keyboard reader
    could not reach a block wider than the page to scroll it."""
    return _CODE_BLOCK.sub('<pre><span></span><code tabindex="0">', html)


def without_switching_rule(css: str) -> str:
    return _SWITCHING_RULE.sub("", css)


def quiet_palette_switch(site: Path) -> None:
    """Drop the palette's switching rule (see _SWITCHING_RULE) from Material's built stylesheets."""
    for sheet in (site / "assets" / "stylesheets").glob("palette.*.min.css"):
        css = sheet.read_text(encoding="utf-8")
        if (quiet := without_switching_rule(css)) != css:
            sheet.write_text(quiet, encoding="utf-8")


def _sha256(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def policy(script_hashes: list[str]) -> str:
    """The site's CSP: its own origin only; inline scripts by hash; wasm for Pyodide."""
    hashes = " ".join(f"'{h}'" for h in sorted(set(script_hashes)))
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'wasm-unsafe-eval' {hashes}".strip(),
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


# Short function words a reader types between the words they mean ("ancho de banda", "cost of the run").
# Material appends a wildcard to every query word, and Lunr filters no stop word out of a wildcard term,
# so "de" searched for "de*": every page with "desde", "del" or "decode" (42 hits for "ancho de banda").
ENGLISH_STOP_WORDS = "a an and are as at be by for from in is it of on or the to with"
SPANISH_STOP_WORDS = "a al con de del e el en es la las lo los o para por que se su sus un una y"
STOP_WORDS = {"en": ENGLISH_STOP_WORDS, "es": SPANISH_STOP_WORDS}


def search_config(config: dict[str, Any], lang: str) -> dict[str, Any]:
    """One language's search settings: its Lunr stemmer and stop words, and a separator that also swallows a
    query word that is only a stop word (Material splits the query at spaces and each word at the separator).

    The pipeline keeps Material's stop-word filter and adds the language's trimmer (punctuation around a word,
    accents kept), but no stemmer: query words are wildcards, which Lunr does not stem, so a stemmed index
    would miss them ("memoria*" cannot match the stem "memori").
    """
    words = STOP_WORDS[lang].split()
    variants = sorted({w for word in words for w in (word, word.capitalize())})
    separator = f"{config['separator']}|^(?:{'|'.join(variants)})$"
    return {**config, "lang": [lang], "separator": separator, "pipeline": ["stopWordFilter", "trimmer"]}


def split_search_index(site: Path) -> None:
    """Material + static-i18n merge every language into one index; give each language its own."""
    index_file = site / "search" / "search_index.json"
    if not index_file.is_file():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    docs = index["docs"]
    default = [d for d in docs if not any(d["location"].startswith(f"{lang}/") for lang in LANGS_BESIDE_DEFAULT)]
    index_file.write_text(
        json.dumps({**index, "config": search_config(index["config"], "en"), "docs": default}), encoding="utf-8"
    )
    for lang in LANGS_BESIDE_DEFAULT:
        prefix = f"{lang}/"
        own = [{**d, "location": d["location"][len(prefix) :]} for d in docs if d["location"].startswith(prefix)]
        target = site / lang / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps({**index, "config": search_config(index["config"], lang), "docs": own}), encoding="utf-8"
        )


def _language_of(page: Path, site: Path) -> str | None:
    first = page.relative_to(site).parts[0]
    return first if first in LANGS_BESIDE_DEFAULT else None


def _with_integrity(html: str, page: Path, site: Path, base_path: str) -> str:
    def add(match: re.Match[str]) -> str:
        attrs = match.group("attrs")
        if "integrity=" in attrs or (match.group("tag") == "link" and "stylesheet" not in attrs):
            return match.group(0)
        url = match.group("url")
        if url.startswith("/"):  # 404.html uses absolute URLs under the site's path
            asset = site / url[len(base_path) :] if url.startswith(base_path) else site / "__missing__"
        else:
            asset = (page.parent / url).resolve()
        if not asset.is_file():
            return match.group(0)
        return f'<{match.group("tag")}{attrs} integrity="{_sha256(asset.read_bytes())}">'

    return _LOCAL_ASSET.sub(add, html)


def process_pages(site: Path, *, with_csp: bool, base_path: str = "/") -> list[str]:
    """Finish every page once; returns every inline-script hash seen (for the _headers file)."""
    pending = {
        page.relative_to(site): text
        for page in site.rglob("*.html")
        if FINISHED_MARKER not in (text := page.read_text(encoding="utf-8"))
    }
    pending = render_math(pending)
    all_hashes: list[str] = []
    for rel, html in pending.items():
        page = site / rel
        lang = _language_of(page, site)
        if lang:  # the search index of the page's own language: base points at the language root
            html = _CONFIG_BASE.sub(partial(_search_base, lang=lang), html, count=1)
        if CALCULATOR_SCRIPT in html:
            html = _CONFIG_SEARCH.sub(r"\1x4-search.js?theme=\2\3", html, count=1)
        html = _HREFLANG_LINK.sub("", html)
        html = bank_in_template(html)
        html = focusable_code(html)
        html = calculator_forms_deferred(html)
        html = nav_titles_unwrapped(html)
        html = footnote_paragraphs_unwrapped(html)
        html = closed_details_in_template(html)
        html = lazy_highlight(html)
        html = _with_integrity(html, page, site, base_path)
        hashes = [
            _sha256(m.group("body").encode())
            for m in _INLINE_SCRIPT.finditer(html)
            if "application/json" not in m.group("attrs")
        ]
        all_hashes += hashes
        head = FINISHED_MARKER + ' content="1">'
        if with_csp:
            head += f'\n    <meta http-equiv="Content-Security-Policy" content="{policy(hashes)}">'
        html = html.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n    ' + head, 1)
        page.write_text(html, encoding="utf-8")
    return all_hashes


def write_headers(site: Path, script_hashes: list[str]) -> None:
    """A _headers file (Netlify, Cloudflare Pages and others) with the same policy, which also governs
    the worker (a meta tag does not) and can forbid framing."""
    rules = [
        "/*",
        f"  Content-Security-Policy: {policy(script_hashes)}; frame-ancestors 'self'",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: no-referrer",
        "/assets/pyodide/*.wasm",
        "  Content-Type: application/wasm",
        # Stored gzipped; a host that says so lets the browser inflate it while it downloads.
        # (A host that cannot set headers serves the raw gzip, and the worker inflates it.)
        "/assets/x4/pyodide-snapshot.bin.gz",
        "  Content-Type: application/octet-stream",
        "  Content-Encoding: gzip",
    ]
    (site / "_headers").write_text("\n".join(rules) + "\n", encoding="utf-8")


def postprocess(site: Path, *, with_csp: bool = True, base_path: str = "/") -> None:
    """Finish the built site in place (idempotent). `base_path` is the site URL's path, e.g. /x4/."""
    split_search_index(site)
    quiet_palette_switch(site)  # before the pages get its integrity hash
    hashes = process_pages(site, with_csp=with_csp, base_path=base_path)
    if hashes or not (site / "_headers").exists():
        write_headers(site, hashes)
