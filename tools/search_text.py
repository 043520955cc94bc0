# What the site search indexes of a page: the text its reader sees. Material's search plugin reads a page's HTML
# and keeps only its text (and <p>, <code>, <li>, <sub>, <sup>), so it would index formulas as their TeX source,
# run a table's cells and a select's options together ("A100 SXM 80GBB100 (HGX)…", every tag between them
# dropped), and take in a calculator's form: its options, the build-time result, the hidden formula bank. The
# hook (tools/search_hook.py) hands it this version of the page instead: formulas as readable text, table cells
# apart, a calculator as its title and the labels of its inputs and results.
from __future__ import annotations

import html
import re

from tools.plain_markdown import VOID, Node, parse

# -- TeX as text --------------------------------------------------------------------------------------------

_SYMBOLS = {
    "cdot": "·",
    "times": "×",
    "div": "÷",
    "pm": "±",
    "approx": "≈",
    "sim": "∼",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ll": "≪",
    "gg": "≫",
    "ne": "≠",
    "neq": "≠",
    "equiv": "≡",
    "propto": "∝",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "Rightarrow": "⇒",
    "infty": "∞",
    "ast": "∗",
    "star": "⋆",
    "prime": "′",
    "partial": "∂",
    "nabla": "∇",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "in": "∈",
    "top": "⊤",
    "lceil": "⌈",
    "rceil": "⌉",
    "lfloor": "⌊",
    "rfloor": "⌋",
    "langle": "⟨",
    "rangle": "⟩",
    "ldots": "…",
    "cdots": "⋯",
    "dots": "…",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "ell": "ℓ",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
}
_FUNCTIONS = frozenset("max min log ln exp lim sin cos tan arg det sup inf".split())
# Commands whose argument is shown as it stands (in text mode, spaces kept).
_TEXT_COMMANDS = frozenset(
    "text textrm textit textbf mbox mathrm mathit mathbf mathsf mathtt mathbb operatorname".split()
)
_ACCENTS = {
    "bar": "\u0304",
    "overline": "\u0304",
    "hat": "\u0302",
    "widehat": "\u0302",
    "tilde": "\u0303",
    "dot": "\u0307",
}
_SPACES = frozenset([",", ";", ":", " ", "quad", "qquad", "enspace", "thinspace", "medspace", "thickspace"])
# Sizing and layout that draw nothing of their own.
_SILENT = frozenset(
    "! left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr displaystyle textstyle "
    "scriptstyle limits nolimits".split()
)
_FRACTIONS = frozenset("frac tfrac dfrac cfrac".split())
# Operators and relations TeX sets with space around them, whatever the source typed.
_SPACED = frozenset(
    "cdot times div pm approx sim le leq ge geq ll gg ne neq equiv propto to rightarrow leftarrow".split()
)
_ATOM = re.compile(r"[\w.,′'⌈⌉⌊⌋]+")
_TAGS = re.compile(r"<[^>]+>")


class _Tex:
    """A small reader of the TeX the pages write: each formula as the text and sub- and superscripts it draws."""

    def __init__(self, tex: str) -> None:
        self.tex = tex
        self.at = 0

    def _peek(self) -> str:
        return self.tex[self.at] if self.at < len(self.tex) else ""

    def _command(self) -> str:
        """The name after a backslash: letters, or one other character."""
        match = re.compile(r"[A-Za-z]+\*?|.", re.S).match(self.tex, self.at)
        if match is None:
            return ""
        self.at = match.end()
        return match.group(0).rstrip("*")

    def group(self, *, text_mode: bool = False, until: str = "") -> str:
        out: list[str] = []
        while self.at < len(self.tex):
            char = self.tex[self.at]
            if until and char == until:
                self.at += 1
                break
            out.append(self._piece(text_mode))
        return "".join(out)

    def argument(self, *, text_mode: bool = False) -> str:
        """A command's argument: a braced group, or the next single piece."""
        while not text_mode and self._peek().isspace():
            self.at += 1
        if self._peek() == "{":
            self.at += 1
            return self.group(text_mode=text_mode, until="}")
        return self._piece(text_mode)

    def _piece(self, text_mode: bool) -> str:
        char = self.tex[self.at]
        self.at += 1
        if char == "{":
            return self.group(text_mode=text_mode, until="}")
        if char == "\\":
            return self._control(self._command())
        if text_mode:
            return html.escape(char, quote=False)
        if char.isspace():
            return " "
        if char in "_^":
            inner = self.argument()
            tag = "sub" if char == "_" else "sup"
            return f"<{tag}>{inner.strip()}</{tag}>"
        if char == "'":
            return "′"
        if char in "&~":
            return " "
        if char in "=<>":  # relations, set with space around them as TeX does
            return f" {html.escape(char, quote=False)} "
        return html.escape(char, quote=False)

    def _control(self, name: str) -> str:
        if name in _SPACES or name == "\\":
            return " "
        if name in _SILENT:
            if name in ("left", "right", "middle") and self._peek() == ".":
                self.at += 1
            return ""
        if name in ("begin", "end"):
            self.argument()  # the environment's name
            return " "
        if name in _TEXT_COMMANDS:
            return self.argument(text_mode=True)
        if name in _FRACTIONS:
            top, bottom = self.argument(), self.argument()
            return f"{_parenthesized(top)}/{_parenthesized(bottom)}"
        if name == "sqrt":
            if self._peek() == "[":
                self.at += 1
                self.group(until="]")
            root = self.argument().strip()
            return "√" + (root if len(_TAGS.sub("", root)) == 1 else f"({root})")
        if name in _ACCENTS:
            return self.argument() + _ACCENTS[name]
        if name in _SPACED:
            return f" {_SYMBOLS[name]} "
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        if name in _FUNCTIONS:  # "m\\max(a, b)" is drawn "m max(a, b)"
            return f" {name}"
        if len(name) == 1 and not name.isalpha():
            return html.escape(name, quote=False)  # \% \{ \} \$ \& \_ \#
        return name  # a command this reader does not know: its name, never a backslash


def _parenthesized(part: str) -> str:
    """A fraction's numerator or denominator, in parentheses when it is more than one symbol."""
    part = part.strip()
    return part if _ATOM.fullmatch(_TAGS.sub("", part)) or _enclosed(part) else f"({part})"


def _enclosed(part: str) -> bool:
    """Whether `part` is one parenthesized group, "(a + b)" (not "(a)(b)")."""
    if not part.startswith("("):
        return False
    depth = 0
    for index, char in enumerate(part):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return index == len(part) - 1
    return False


def tex_text(tex: str) -> str:
    """A formula as a reader reads it: HTML text with <sub> and <sup>, no TeX (`\\frac{P}{B}` -> `P/B`)."""
    text = re.sub(r"\s+", " ", _Tex(tex).group()).strip()
    text = re.sub(r"([⌈⌊(]) | ([⌉⌋)])", lambda m: m.group(1) or m.group(2), text)
    return re.sub(r" ([.,;])(?= |$)", r"\1", text)


# -- A page as the search should read it --------------------------------------------------------------------

# Not text a reader sees: controls, templates, hidden boxes, and the site's own machinery (a value's numbered
# source link, the report link, screen-reader-only words, footnote back-links, a calculator's formula bank and
# status lines).
_SKIPPED = frozenset("script style template noscript button select textarea input".split())
_SKIPPED_CLASSES = frozenset(
    "x4-src x4-report x4-sr footnote-backref x4-formulas x4-calc__status x4-calc__pending".split()
)
_BLOCKS = frozenset(
    "p div section article header footer aside figure figcaption table thead tbody tfoot tr td th caption ul ol li "
    "pre blockquote details summary h1 h2 h3 h4 h5 h6 hr dl dt dd fieldset legend label form nav".split()
)
CELL_SEPARATOR = " · "
ROW_SEPARATOR = "; "


def _skipped(node: Node) -> bool:
    return (
        node.tag in _SKIPPED
        or "hidden" in node.attrs
        or node.attrs.get("aria-hidden") == "true"
        or bool(node.classes & _SKIPPED_CLASSES)
    )


def _start_tag(node: Node) -> str:
    attrs = "".join(f' {k}="{html.escape(v, quote=True)}"' for k, v in node.attrs.items())
    return f"<{node.tag}{attrs}>"


def _text(node: Node | str) -> str:
    """What a node shows, as HTML for the search plugin."""
    if isinstance(node, str):
        return html.escape(node, quote=False)
    if _skipped(node):
        return ""
    tag, classes = node.tag, node.classes
    if tag == "br":
        return " "
    if tag in VOID:
        return _start_tag(node)
    if "arithmatex" in classes:
        source = "".join(c for c in node.children if isinstance(c, str)).strip()
        formula = tex_text(re.sub(r"^\\[(\[]|\\[)\]]$", "", source))
        return f" {formula} " if tag == "div" else formula
    if tag == "svg":  # a chart: its title (its description repeats, as a sentence, every value it draws)
        title = next((c for c in node.children if isinstance(c, Node) and c.tag == "title"), None)
        return f" {_plain(title)} " if title is not None else " "
    if tag == "table":
        return f" {_table(node)} "
    if tag == "div" and "x4-calc" in classes:
        return f" {_calculator(node)} "
    inner = "".join(_text(child) for child in node.children)
    element = f"{_start_tag(node)}{inner}</{tag}>"
    return f" {element} " if tag in _BLOCKS else element


def _plain(node: Node) -> str:
    return html.escape(re.sub(r"\s+", " ", "".join(_strings(node))).strip(), quote=False)


def _strings(node: Node | str) -> list[str]:
    if isinstance(node, str):
        return [node]
    if _skipped(node):
        return []
    return [s for child in node.children for s in _strings(child)]


def _inner(node: Node) -> str:
    """What an element holds, on one line, without the element's own tags."""
    return re.sub(r"\s+", " ", "".join(_text(child) for child in node.children)).strip()


def _table(node: Node) -> str:
    """A table as its caption, then its rows: cells apart (" · "), rows apart ("; "), empty cells left out."""
    caption = ""
    rows: list[str] = []

    def walk(parent: Node) -> None:
        nonlocal caption
        for child in parent.children:
            if not isinstance(child, Node) or _skipped(child):
                continue
            if child.tag == "caption":
                caption = _inner(child)
            elif child.tag == "tr":
                cells = [_inner(c) for c in child.children if isinstance(c, Node) and c.tag in ("td", "th")]
                if row := CELL_SEPARATOR.join(cell for cell in cells if cell):
                    rows.append(row)
            elif child.tag in ("thead", "tbody", "tfoot"):
                walk(child)

    walk(node)
    return " ".join(part for part in (caption, ROW_SEPARATOR.join(rows)) if part)


def _find(node: Node, wanted: str, classes: str = "") -> list[Node]:
    found = []
    for child in node.children:
        if not isinstance(child, Node):
            continue
        if child.tag == wanted and (not classes or classes in child.classes):
            found.append(child)
        else:
            found += _find(child, wanted, classes)
    return found


def _calculator(node: Node) -> str:
    """A calculator as its title and the labels of its inputs and its headline results: its options, its
    build-time result and its derivation are form, not text."""
    labels = [_inner(label) for label in _find(node, "label")]
    labels += [_inner(term) for result in _find(node, "dl", "x4-calc__result") for term in _find(result, "dt")]
    words = CELL_SEPARATOR.join(label for label in labels if label)
    title = html.escape(node.attrs.get("aria-label", ""), quote=False)
    return f"<p>{title}: {words}</p>" if title else f"<p>{words}</p>"


def search_html(page_html: str) -> str:
    """The page's content HTML as the search should read it (see the module's comment)."""
    # Text before the first heading would make a section of its own, without a title.
    return "".join(_text(child) for child in parse(page_html).children).strip()
