# A page as plain Markdown, for readers who feed the module to a model: the page's rendered HTML (macros
# evaluated, build-time Python run, every number as the reader sees it) turned back into Markdown. Formulas
# stay TeX, tables become pipe tables, charts become their title and description; forms, scripts and the
# controls a reader clicks are left out.
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
SKIPPED = frozenset("script style template noscript form button select input textarea label nav".split())
# Elements whose class says they are page machinery, not text (permalinks, footnote back-links, report links,
# text only a screen reader needs, the tab bar of a tabbed block).
SKIPPED_CLASSES = frozenset("headerlink footnote-backref x4-report x4-sr tabbed-labels x4-calc__controls".split())
BLOCKS = frozenset(
    "p div section article header footer aside figure figcaption table ul ol li pre blockquote details summary "
    "h1 h2 h3 h4 h5 h6 hr dl dt dd fieldset".split()
)


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def _skipped(node: Node) -> bool:
    return (
        node.tag in SKIPPED
        or "hidden" in node.attrs
        or node.attrs.get("aria-hidden") == "true"
        or bool(node.classes & SKIPPED_CLASSES)
    )


def text_of(node: Node | str) -> str:
    """Every piece of text under a node, as it stands (for code), less a code block's file name and buttons."""
    if isinstance(node, str):
        return node
    if node.tag == "button" or "filename" in node.classes:
        return ""
    return "".join(text_of(child) for child in node.children)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def inline(node: Node | str) -> str:
    """A node's content as one line of Markdown."""
    if isinstance(node, str):
        return _squash(node)
    if _skipped(node):
        return ""
    tag = node.tag
    if tag == "br":
        return " "
    if tag == "svg":
        return _figure_text(node)
    if tag == "img":
        return node.attrs.get("alt", "")
    if tag == "code":
        code = _squash(text_of(node)).strip()
        return f"`{code}`" if code else ""
    inner = "".join(inline(child) for child in node.children)
    if tag in ("strong", "b") and inner.strip():
        return f"**{inner.strip()}**"
    if tag in ("em", "i", "cite") and inner.strip():
        return f"*{inner.strip()}*"
    if tag == "a" and node.attrs.get("href") and inner.strip():
        href = node.attrs["href"]
        return f"[{inner.strip()}]({href})"
    if tag == "sup" and all(isinstance(child, str) for child in node.children) and inner.strip():
        return f"^{inner.strip()}"
    return inner


def _figure_text(svg: Node) -> str:
    """A chart as its title and its description (every value it draws)."""
    parts = []
    for child in svg.children:
        if isinstance(child, Node) and child.tag in ("title", "desc"):
            said = _squash(text_of(child)).strip()
            if said:
                parts.append(said)
    return f"[{'. '.join(parts)}]" if parts else ""


def _cell(node: Node) -> str:
    return inline(node).strip().replace("|", "\\|")


def _table(node: Node) -> str:
    rows: list[list[str]] = []
    head_rows = 0

    def walk(parent: Node, in_head: bool) -> None:
        nonlocal head_rows
        for child in parent.children:
            if not isinstance(child, Node) or _skipped(child):
                continue
            if child.tag == "tr":
                cells = [_cell(cell) for cell in child.children if isinstance(cell, Node) and cell.tag in ("td", "th")]
                rows.append(cells)
                head_rows += in_head
            elif child.tag in ("thead", "tbody", "tfoot"):
                walk(child, child.tag == "thead")

    walk(node, False)
    if not rows:
        return ""
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    header = rows[0] if head_rows else [""] * width
    body = rows[1:] if head_rows else rows
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    caption = next((c for c in node.children if isinstance(c, Node) and c.tag == "caption"), None)
    if caption is not None and inline(caption).strip():
        lines.append("")
        lines.append(f"*{inline(caption).strip()}*")
    return "\n".join(lines)


def _list(node: Node, ordered: bool) -> str:
    items = []
    number = 1
    for child in node.children:
        if not isinstance(child, Node) or child.tag != "li" or _skipped(child):
            continue
        marker = f"{number}. " if ordered else "- "
        number += 1
        content = blocks(child).strip()
        indent = " " * len(marker)
        items.append(marker + content.replace("\n", "\n" + indent))
    return "\n".join(items)


def _code_block(node: Node) -> str:
    language = ""
    for cls in node.classes:
        if cls.startswith("language-"):
            language = cls.removeprefix("language-")
    code = text_of(node).strip("\n")
    return f"```{language}\n{code}\n```"


def _tabbed(node: Node) -> str:
    """pymdownx.tabbed (alternate style): each tab's label as a bold line, then its content."""
    labels_node = next((c for c in node.children if isinstance(c, Node) and "tabbed-labels" in c.classes), None)
    labels = [inline(c).strip() for c in labels_node.children if isinstance(c, Node)] if labels_node else []
    content = next((c for c in node.children if isinstance(c, Node) and "tabbed-content" in c.classes), None)
    tabs = [c for c in content.children if isinstance(c, Node)] if content else []
    out = []
    for index, tab in enumerate(tabs):
        label = labels[index] if index < len(labels) else ""
        out.append((f"**{label}**\n\n" if label else "") + blocks(tab).strip())
    return "\n\n".join(out)


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.strip().split("\n"))


def block(node: Node | str) -> str:
    """One node as Markdown blocks (separated by blank lines)."""
    if isinstance(node, str):
        return _squash(node)
    if _skipped(node):
        return ""
    tag, classes = node.tag, node.classes
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return f"{'#' * int(tag[1])} {inline(node).strip()}"
    if tag == "table":
        return _table(node)
    if tag in ("ul", "ol"):
        return _list(node, tag == "ol")
    if tag == "pre" or (tag == "div" and "highlight" in classes):
        return _code_block(node)
    if tag == "hr":
        return "---"
    if tag == "div" and "tabbed-set" in classes:
        return _tabbed(node)
    if tag == "div" and "arithmatex" in classes:
        return text_of(node).strip()
    if (tag == "div" and "admonition" in classes) or tag == "details":
        return _quoted(blocks(node))
    if tag in ("summary", "dt") or (tag == "p" and "admonition-title" in classes):
        title = inline(node).strip()
        return f"**{title}**" if title else ""
    if tag == "svg":
        return _figure_text(node)
    if tag == "blockquote":
        return _quoted(blocks(node))
    if tag in BLOCKS or tag == "root":
        return blocks(node)
    return inline(node).strip()


def blocks(node: Node) -> str:
    """A container's children as Markdown blocks; runs of inline content make one paragraph."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        text = "".join(run).strip()
        if text:
            out.append(text)
        run.clear()

    for child in node.children:
        if isinstance(child, Node) and (child.tag in BLOCKS or child.tag == "svg"):
            flush()
            text = block(child).strip()
            if text:
                out.append(text)
        else:
            run.append(inline(child))
    flush()
    return "\n\n".join(out)


def html_to_markdown(html: str) -> str:
    """A page's content HTML as plain Markdown."""
    text = blocks(parse(html))
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
