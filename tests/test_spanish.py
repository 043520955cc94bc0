"""The Spanish edition reads as Spanish: no English runs, raw ids or English thousands separators on the built
/es/ pages (and no Spanish on the English ones), tú and never usted, and the term list of tools/terms_es.yaml
kept by every Spanish text in the repository."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from calc import MESSAGE_CATALOG as CALC_CATALOG
from calc import load_data
from calc._tooling.bundle import default_data_dir
from calc._tooling.messages import CATALOG as TOOLING_CATALOG
from calc._tooling.translations import load_translations
from calc._tooling.yaml_load import load_yaml
from tools.messages import CATALOG as PAGES_CATALOG

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TERMS = yaml.safe_load((ROOT / "tools" / "terms_es.yaml").read_text(encoding="utf-8"))
SOURCES = sorted(str(p.relative_to(DOCS / "es")) for p in (DOCS / "es").rglob("*.md"))
CHIPS = sorted(p.stem for p in (default_data_dir() / "accelerators").glob("*.yaml"))
# Every page a language builds: the docs pages, the generated accelerator pages and the 404 page.
PAGES = [*SOURCES, "accelerators/index.md", *(f"accelerators/{chip}.md" for chip in CHIPS), "404"]

# Chapters whose prose a separate pass rewrites. Their findings are reported (xfail, with the text) but do
# not fail; empty this list, page by page, once their Spanish prose is done, and the tests hold them too.
PROSE_PENDING: list[str] = []

# English words that are function words (or UI words) and never Spanish: two in one run of text is English.
ENGLISH_WORDS = frozenset(
    "the of and with is are to for in on at by from this that these those which it its be was were has have "
    "only each than into when where what not or an per does do how why your you mode dark light permanent "
    "jump back footnote made search type start searching matching documents clipboard skip contents select "
    "page found home link links".split()
)
# Spanish words that are never English: two in one run of text is Spanish leaking into an English page.
SPANISH_WORDS = frozenset(
    "el la los las del que para con una por es se su como más pero sin entre sobre también este esta "
    "cada cuando donde hasta desde según".split()
)
_WORD = re.compile(r"[A-Za-zÀ-ÿ][\w'’]*(?:-[\w'’]+)*")  # all-to-all is one word
# Thousands grouped with commas, in numbers English writes: "1,000 W", "~14,000", "8,960". In Spanish a
# comma is the decimal mark, so only groups of two or more ("1,440,000"), a 4-digit group before a unit
# or word that takes no three-decimal value ("1,000 W", "8,960 chips"), or "$" amounts are unambiguous.
_ENGLISH_THOUSANDS = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3}){2,}(?![\d,])"
    r"|(?<![\w.,~])[~$]?\d{1,3},\d{3}(?![\d,])(?=\s?(?:W|MHz|chips|GPUs?|tokens|KB|H100)\b)"
    r"|~\d{1,3},\d{3}(?![\d,])"
    r"|\$\s?\d"
)
_RAW_ID = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+|[a-z]+")
_SKIPPED_TAGS = {"code", "pre", "script", "style", "kbd", "samp", "math", "annotation", "template"}
_BLOCKS = {
    "p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "div", "caption", "label", "option", "summary",
    "dt", "dd", "figcaption", "blockquote", "title", "button", "nav", "header", "footer", "ol", "ul", "table",
    "tr", "select", "section", "article", "details", "aside", "form", "text", "tspan", "br",
}  # fmt: skip
# What a calculator's form holds until the reader reaches it (tools/postprocess.py): words a reader sees.
_FORM_TEMPLATES = {"x4-options", "x4-more", "x4-fields"}
_VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed", "param", "track"}
_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
USTED = [re.compile(rf"(?<![\w-]){form}(?![\w-])") for form in TERMS["register"]["never"]]


def _source_titles() -> list[str]:
    """Every data source's title (a chip's measured and internals sections list their own): a document's own words,
    which pages may show in its language."""
    titles = set()
    for path in default_data_dir().rglob("*.yaml"):
        raw = load_yaml(path.read_text(encoding="utf-8"))
        if isinstance(raw, dict):
            sections = [raw, *(raw.get(name) or {} for name in ("measured", "internals"))]
            titles |= {s["title"] for section in sections for s in section.get("sources") or [] if "title" in s}
    return sorted(titles, key=len, reverse=True)


TITLES = _source_titles()


class Reader(HTMLParser):
    """A page's reader-facing text, run by run: block texts and the attributes a reader meets (tooltips,
    labels), without code, math, scripts, and without source titles (<cite lang="en">, the one English kept).
    Also collects each <option> as (value, words)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = []
        self.options: list[tuple[str, str]] = []
        self._stack: list[tuple[str, bool]] = []
        self._skip = 0
        self._buffer: list[str] = []
        self._option: str | None = None

    def _flush(self) -> None:
        text = " ".join("".join(self._buffer).split())
        if text:
            self.runs.append(text)
        self._buffer = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        classes = found.get("class", "").split()
        skip = (
            (tag in _SKIPPED_TAGS and not (tag == "template" and _FORM_TEMPLATES & set(classes)))
            or bool({"katex", "arithmatex", "highlight", "x4-formulas"} & set(classes))
            or (tag == "cite" and found.get("lang") == "en")
        )
        if tag in _BLOCKS:
            self._flush()
        if not self._skip:
            self.runs += [found[name] for name in _ATTRIBUTES if found.get(name)]
            if tag == "meta" and found.get("name") == "description":
                self.runs.append(found.get("content", ""))
        if tag == "option":
            self._option = found.get("value", "")
        if tag in _VOID:
            return
        self._stack.append((tag, skip))
        self._skip += skip

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS:
            self._flush()
        if tag == "option" and self._option is not None and self.runs:
            self.options.append((self._option, self.runs[-1]))
            self._option = None
        while self._stack:
            open_tag, skip = self._stack.pop()
            self._skip -= skip
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._buffer.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def read(html: str) -> Reader:
    reader = Reader()
    reader.feed(html)
    reader.close()
    return reader


def _count(text: str, words: frozenset[str]) -> int:
    for title in TITLES:
        text = text.replace(title, "")
    return sum(word.lower() in words for word in _WORD.findall(text))


def findings(html: str, lang: str) -> list[str]:
    """What on a built page is not in `lang`: runs in the other language, raw ids as option labels and, in
    Spanish, English thousands separators and usted forms. Each finding quotes the text."""
    page = read(html)
    other = ENGLISH_WORDS if lang == "es" else SPANISH_WORDS
    found = [
        f"{'English' if lang == 'es' else 'Spanish'}: {run[:160]!r}" for run in page.runs if _count(run, other) >= 2
    ]
    # An option worded as its value: an id in Spanish ("custom", "adam-mixed"); in English only a compound id.
    found += [
        f"raw id as an option label: {words!r}"
        for value, words in page.options
        if value and words == value and _RAW_ID.fullmatch(words) and (lang == "es" or not words.isalpha())
    ]
    if lang == "es":
        for run in page.runs:
            found += [
                f"English thousands separator: {m.group(0)!r} in {run[:120]!r}"
                for m in _ENGLISH_THOUSANDS.finditer(run)
            ]
            found += [f"usted: {m.group(0)!r} in {run[:120]!r}" for rx in USTED for m in rx.finditer(run)]
    return found


def built_path(site: Path, page: str, lang: str) -> Path:
    """docs path ('reference/calc.md', 'index.md', '404') -> the built HTML file of that language."""
    prefix = site / "es" if lang == "es" else site
    if page == "404":
        return prefix / "404.html"
    stem = page.removesuffix(".md")
    return prefix / ("index.html" if stem == "index" else f"{stem.removesuffix('/index')}/index.html")


def _judge(page: str, problems: list[str]) -> None:
    if problems and page in PROSE_PENDING:
        pytest.xfail(f"{page} awaits the prose pass: " + " | ".join(problems))
    assert problems == [], f"{page}:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_built_page_reads_in_its_language(built_site: Path, page: str, lang: str) -> None:
    """A built page has no run in the other language, no raw id as an option label, and, in Spanish, no English
    thousands separator and no usted; the source titles a page cites are the English it may keep."""
    html = built_path(built_site, page, lang).read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    _judge(page, findings(html, lang))


def test_the_scanner_catches_what_it_must() -> None:
    """The built-page checks fail on each kind of slip they exist for, and pass a clean Spanish sentence."""
    assert findings("<p>Switch to dark mode</p>", "es")
    assert findings('<a title="Permanent link">¶</a>', "es")
    assert findings('<select><option value="adam-mixed">adam-mixed</option></select>', "es")
    assert findings("<p>Un rack de 1,000 W</p>", "es") and findings("<p>~14,000 tokens</p>", "es")
    assert findings("<p>Cuesta $707,000.</p>", "es") and findings("<p>Su navegador lo ejecuta.</p>", "es")
    assert findings("<p>Este chip es el más rápido de la lista.</p>", "en")
    assert findings('<p><span lang="en">The figure is per GPU.</span></p>', "es")
    assert not findings('<p>Pico de 1,835 PFLOP/s; <cite lang="en">The Llama 3 Herd of Models</cite>.</p>', "es")
    assert not findings("<p>La caché KV de 8 GPU ocupa 1,5 GB; <code>the sum of it</code>.</p>", "es")


# -- The term list, on every Spanish text of the repository ------------------------------------------------

NEVER = [
    (term.get("en", "register"), re.compile(rf"(?<![\w-]){pattern}(?![\w-])"))
    for term in [TERMS["register"], *TERMS["terms"]]
    for pattern in term.get("never", [])
]


def prose_of(text: str) -> str:
    """Spanish text as the term list judges it: without code, macros, math, HTML tags and comments, links'
    targets, URLs, and what stands in parentheses or «quotation marks» (the English term on first use, a
    document's own words)."""
    for pattern in (
        r"```.*?```",
        r"`[^`\n]*`",
        r"\{\{.*?\}\}",
        r"\{%.*?%\}",
        r"<!--.*?-->",
        r"<cite[^>]*>.*?</cite>",
        r"\{\w+\}",
        r"\\\(.*?\\\)",
        r"\\\[.*?\\\]",
        r"<[^>]+>",
        r"\]\([^)]*\)",
        r"\[\^[\w-]+\]",  # a footnote's mark: [^measured]
        r"https?://\S+",
        r"\{\s*[:#][^}]*\}",  # attribute lists: a heading's anchor "{ #links }" keeps the English id
        r"«[^»]*»",
    ):
        text = re.sub(pattern, " ", text, flags=re.S)
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", " ", text)
    return text


def banned(text: str) -> list[str]:
    """The term list's `never` forms found in `text`, each with the concept it belongs to."""
    prose = prose_of(text)
    return [f"{concept}: {m.group(0)!r}" for concept, rx in NEVER for m in rx.finditer(prose)]


def test_the_term_list_catches_what_it_must() -> None:
    """Each kind of banned form is caught; the English term in parentheses and code are allowed."""
    assert banned("Usa la librería de NVIDIA.") and banned("Las GPUs del nodo.") and banned("la matmul grande")
    assert banned("Si usted cambia una entrada") and banned("la KV cache crece")
    assert not banned("la dispersión (sparsity) de 2:4 y `kv_cache` en código; la caché KV; las GPU")
    assert not banned("Infinity Cache de AMD y NVLink") and not banned("## Enlaces { #links }")
    assert banned("los FLOPs del modelo") and banned("el data parallelism") and banned("con overhead")


@pytest.mark.parametrize("page", SOURCES)
def test_spanish_page_keeps_the_term_list(page: str) -> None:
    """docs/es pages write the term list's Spanish, never its banned forms, and tú."""
    _judge(page, banned((DOCS / "es" / page).read_text(encoding="utf-8")))


def test_catalogs_keep_the_term_list() -> None:
    """The three catalogs' Spanish and the Spanish of data/ (data/i18n/es.yaml) keep the term list."""
    texts = {f"calc {key}": entry["es"] for key, entry in CALC_CATALOG.items()}
    texts |= {f"tools {key}": entry["es"] for key, entry in PAGES_CATALOG.items()}
    texts |= {f"tooling {key}": entry["es"] for key, entry in TOOLING_CATALOG.items()}
    texts |= {f"data {key}": entry["es"] for key, entry in load_translations(default_data_dir()).items()}
    theme = (ROOT / "overrides" / "partials" / "languages" / "es.html").read_text(encoding="utf-8")
    texts["theme es.html"] = theme.split("-#}", 1)[1]
    found = [f"{where}: {problem}" for where, text in texts.items() for problem in banned(text)]
    assert found == []


def test_each_language_has_its_404_page(built_site: Path) -> None:
    """/404.html stays English and /es/404.html is Spanish, its search reading the Spanish index."""
    english = (built_site / "404.html").read_text(encoding="utf-8")
    spanish = (built_site / "es" / "404.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in english and "page not found" in english
    assert '<html lang="es"' in spanish and "esta página no existe" in spanish
    assert '"base": "/es/"' in spanish


# -- What the pages' executed examples print ------------------------------------------------------------

_EXEC_BLOCK = re.compile(r'^( *)```python exec="on"([^\n]*)\n(.*?)^\1```', re.S | re.M)
# Pages whose examples show calc's API, its JSON and CLI, and the data files themselves: their keys and ids
# are what a reader types, so they print them on purpose.
_PRINTS_IDS = {"maintaining.md", "reference/calc.md"}
_DATA = load_data()
_IDS = sorted({*_DATA.accelerators, *_DATA.systems, *_DATA.models}, key=len, reverse=True)
_NOT_WORDS = re.compile(
    r"(?<![\w./-])(?:"
    r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+"  # a quantity's key: price_usd_per_hour
    r"|" + "|".join(map(re.escape, _IDS)) + r"|"  # a chip, system or model id: h100-sxm
    r"(?:bf16|fp16|fp8|fp6|fp4|fp32|tf32|fp64|int8|int4)"  # a number format's id: bf16, not BF16
    r"|gradient-sync|does-not-fit|scale-up\+out"  # a categorical result not put into words (calc.format_word)
    r")(?![\w/-])"
)
_NOT_WORDS_ES = re.compile(r"(?<![\w-])(?:compute|memory|peak|achievable|bound)(?![\w-])")  # ids, in English


def example_outputs(markdown: str) -> list[tuple[str, str]]:
    """(title, printed text) of each executed block of a page, each session run in order in its namespace."""
    import contextlib
    import io
    import textwrap

    sessions: dict[str, list[tuple[str, str]]] = {}
    for number, (_indent, options, code) in enumerate(_EXEC_BLOCK.findall(markdown)):
        title = re.search(r'title="([^"]+)"', options)
        session = re.search(r'session="([^"]+)"', options)
        block = (title.group(1) if title else f"#{number}", textwrap.dedent(code))
        sessions.setdefault(session.group(1) if session else f"#{number}", []).append(block)
    printed = []
    for blocks in sessions.values():
        namespace: dict[str, object] = {"__name__": "__page__"}
        for title, code in blocks:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<page>", "exec"), namespace)
            printed.append((title, out.getvalue()))
    return printed


def raw_ids(printed: str, lang: str) -> list[str]:
    """The ids in an example's output where a reader should read words: keys, chip ids, format ids."""
    found = _NOT_WORDS.findall(printed)
    return found + (_NOT_WORDS_ES.findall(printed) if lang == "es" else [])


def test_the_output_check_catches_what_it_must() -> None:
    """Keys, ids and untranslated results are caught; labels, names and formats in capitals pass."""
    assert raw_ids("price_usd_per_hour       2,99", "es") and raw_ids("h100-sxm secuencias: 11", "es")
    assert raw_ids("límite: gradient-sync", "es") and raw_ids("límite: compute", "es")
    assert raw_ids("elige uno de fp64, bf16", "en") and raw_ids("h100-sxm  achievable  1,38 ms", "es")
    assert not raw_ids("Precio por acelerador-hora   2,99 USD/h", "es")
    assert not raw_ids("H100 SXM: 11 secuencias; BF16 989 TFLOP/s, limitado por cómputo", "es")
    assert not raw_ids("H100 SXM: compute 3.48 s, memory-bound; 4 × 10^18 FLOP/s", "en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_examples_print_words_not_ids(lang: str) -> None:
    """What a page's examples print names quantities by their labels, chips by their names, number formats as
    written (BF16) and results in words (calc.format_word), in the page's language: no key or id calc uses."""
    found = []
    for path in sorted((DOCS / lang).rglob("*.md")):
        page = str(path.relative_to(DOCS / lang))
        if page in _PRINTS_IDS:
            continue
        for title, printed in example_outputs(path.read_text(encoding="utf-8")):
            found += [f"{page} [{title}]: {sorted(set(ids))}" for ids in [raw_ids(printed, lang)] if ids]
    assert found == [], "\n".join(found)


# -- Counts in Spanish prose ----------------------------------------------------------------------------

# «46,7B», «2,664M», «15,6T tokens», «69,0 B de parámetros»: a decimal comma before a suffix, or a suffix on a
# count of parameters or tokens, where Spanish writes «46 700 millones» (calc.format_count) and «B» is bytes.
# A model's name keeps its size («Llama 3 70B», «un modelo de 70B»).
_SUFFIXED_COUNT = re.compile(
    r"(?<![\w.,])\d+,\d+\s?[MBT](?![\w/])"
    r"|(?<![\w.,])\d+(?:,\d+)?\s?[MBT] (?:de )?(?:parámetros|tokens|USD|H\d00-horas|GPU-horas)\b"
)


def suffixed_counts(text: str) -> list[str]:
    prose = re.sub(
        r"```.*?```|`[^`\n]*`|\{\{.*?\}\}|\{%.*?%\}|<cite[^>]*>.*?</cite>|https?://\S+|«[^»]*»", " ", text, flags=re.S
    )
    return _SUFFIXED_COUNT.findall(prose)


def test_the_count_check_catches_what_it_must() -> None:
    assert suffixed_counts("Mixtral tiene 46,7B parámetros") and suffixed_counts("2,664M H800-horas")
    assert (
        suffixed_counts("15,6T tokens") and suffixed_counts("69,0 B de parámetros") and suffixed_counts("300B tokens")
    )
    assert not suffixed_counts("Llama 3 70B, un modelo de 70B y 46 700 millones de parámetros; 2,99 USD/h; 1,5 TB")


def test_spanish_counts_are_words() -> None:
    """Counts of parameters, tokens, GPU-hours and dollars in Spanish pages, catalogs and data read as words
    («46 700 millones», «15,6 billones de tokens»), never with an English suffix."""
    texts = {f"docs/es/{page}": (DOCS / "es" / page).read_text(encoding="utf-8") for page in SOURCES}
    texts |= {f"calc {key}": entry["es"] for key, entry in CALC_CATALOG.items()}
    texts |= {f"tools {key}": entry["es"] for key, entry in PAGES_CATALOG.items()}
    texts |= {f"data {key}": entry["es"] for key, entry in load_translations(default_data_dir()).items()}
    found = [f"{where}: {count!r}" for where, text in texts.items() for count in suffixed_counts(text)]
    assert found == [], "\n".join(found)


# -- The captions of the examples -----------------------------------------------------------------------

# Words a caption may share with its English twin: acronyms, product and command names, site terms kept in
# English (the term list: roofline, batch, token, warp, matmul, goodput), and the tools' own names.
_SHARED_CAPTION_WORDS = frozenset(
    "moe kv roofline quiz batches chips goodput tco mfu nvlink nic rag yaml data check all to warps token tokens bytes "
    "matmul mfma nvme cuda gpt3 llama3 deepseek h100 sxm nvl72 tp pp dp json allreduce flop".split()
)


def _captions(markdown: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r'```python exec="on"[^\n]*title="([^"]+)"', markdown)]


@pytest.mark.parametrize("page", [page for page in SOURCES if page != "reference/calc.md"])
def test_example_captions_are_spanish(page: str) -> None:
    """A Spanish page's example captions (the title shown over the code) are Spanish words, not the English twin's
    slugs; the calc reference keeps its captions, which name the CLI's commands and the API's functions."""
    english = {
        word for title in _captions((DOCS / "en" / page).read_text(encoding="utf-8")) for word in title.split("-")
    }
    spanish = {
        word for title in _captions((DOCS / "es" / page).read_text(encoding="utf-8")) for word in title.split("-")
    }
    shared = {word for word in english & spanish if not re.search(r"\d", word)} - _SHARED_CAPTION_WORDS
    assert shared == set(), f"{page}: English in the captions: {sorted(shared)}"


# -- Terms glossed on their first use ---------------------------------------------------------------------

FIRST_USE = [(term["en"], term["first_use"]) for term in TERMS["terms"] if "first_use" in term]
# The glossary defines every term; the Performance page's «Rendimiento» is its own name, not throughput.
_NO_FIRST_USE = {"glossary.md", "performance.md"}


def running_prose(text: str) -> str:
    """A page's running text as its reader meets it, in order: without front matter, headings, code, macros,
    math, HTML, links (a link's words are another page's title) and footnote definitions; parentheses kept."""
    text = re.sub(r"\A---\n.*?\n---\n", "\n", text, flags=re.S)
    for pattern in (
        r"```.*?```",
        r"\{\{.*?\}\}",
        r"\{%.*?%\}",
        r"<!--.*?-->",
        r"<cite[^>]*>.*?</cite>",
        r"\\\(.*?\\\)",
        r"\\\[.*?\\\]",
    ):
        text = re.sub(pattern, " ", text, flags=re.S)
    for pattern in (r"`[^`\n]*`", r"<[^>]+>", r"\[[^\]]*\]\([^)]*\)", r"https?://\S+", r"^#.*$", r"^\[\^[\w-]+\]:.*$"):
        text = re.sub(pattern, " ", text, flags=re.M)
    return text


def unglossed(text: str) -> list[str]:
    """The first-use terms whose first use in `text` is not inside their gloss."""
    prose = running_prose(text)
    found = []
    for concept, rule in FIRST_USE:
        first = re.search(rf"(?<![\w-]){rule['word']}(?![\w-])", prose)
        if first is None:
            continue
        glossed = any(m.start() <= first.start() < m.end() for m in re.finditer(rule["gloss"], prose))
        if not glossed:
            found.append(f"{concept}: {prose[max(0, first.start() - 50) : first.end() + 30]!r}")
    return found


def test_the_first_use_check_catches_what_it_must() -> None:
    assert unglossed("El capex y luego la inversión inicial (capex).") and unglossed("Un goodput del 90 %.")
    assert not unglossed("El coste total de propiedad (TCO) manda; el TCO sube. El rendimiento (throughput) cae.")
    assert not unglossed("## TCO\n\nVer [Rendimiento](performance.md). El goodput (la fracción útil) baja.")


@pytest.mark.parametrize("page", [page for page in SOURCES if page not in _NO_FIRST_USE])
def test_spanish_page_glosses_terms_on_first_use(page: str) -> None:
    """Throughput, goodput, TCO and capex are glossed or spelled out where a page first uses them."""
    assert unglossed((DOCS / "es" / page).read_text(encoding="utf-8")) == []
