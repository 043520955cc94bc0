# Just enough of a PDF reader for the PDFs Chromium prints (Skia's writer: a plain xref table, no object
# streams, Type0 fonts with a ToUnicode map): the pages in order, where each named destination lands, the
# link annotations, the outline's titles and each page's text. Standard library only.
from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field

_REF = rb"(\d+) 0 R"
_OBJ = re.compile(rb"(\d+) 0 obj\s*")
_HEX = re.compile(rb"<([0-9A-Fa-f\s]*)>")
# Where an object's dictionary ends: its stream's start or the object's end (a name may contain either word).
_END = re.compile(rb"(?<=>>)\s*stream\r?\n|\sendobj\b")


def _name(raw: bytes) -> str:
    """A PDF name without its slash, #xx escapes decoded."""
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), raw).decode("utf-8")


def _string(raw: bytes) -> str:
    """A PDF string token, literal (...) or hex <...>, UTF-16 when it starts with a byte-order mark."""
    if raw.startswith(b"<"):
        data = bytes.fromhex(raw[1:-1].decode("ascii"))
    else:
        body = raw[1:-1]
        escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}

        def unescape(m: re.Match[bytes]) -> bytes:
            esc = m.group(1)
            if esc[:1].isdigit():
                return bytes([int(esc, 8) & 0xFF])
            return escapes.get(esc, esc)

        data = re.sub(rb"\\([0-7]{1,3}|.)", unescape, body, flags=re.S)
    if data.startswith(b"\xfe\xff"):
        return data[2:].decode("utf-16-be")
    return data.decode("latin-1")


@dataclass
class Link:
    page: int  # 1-based page the link sits on
    dest: str | None  # named destination inside the document
    uri: str | None  # or an address outside it


@dataclass
class PdfDocument:
    data: bytes
    objects: dict[int, int] = field(default_factory=dict)  # object number -> byte offset

    def __post_init__(self) -> None:
        start = int(re.findall(rb"startxref\s+(\d+)", self.data)[-1])
        table = re.match(rb"xref\s+(\d+) (\d+)\s+", self.data[start:])
        if not table:
            raise ValueError("no cross-reference table (not a PDF this reader knows)")
        first, pos = int(table.group(1)), start + table.end()
        for number in range(first, first + int(table.group(2))):
            offset, _, kind = self.data[pos : pos + 20].split()
            if kind == b"n":
                self.objects[number] = int(offset)
            pos += 20
        self.catalog = int(re.findall(rb"/Root " + _REF, self.data)[-1])

    def dictionary(self, number: int) -> bytes:
        """The object's text up to its stream or its end."""
        start = self.data.index(b"obj", self.objects[number]) + 3
        return self.data[start : _END.search(self.data, start).start()]  # type: ignore[union-attr]

    def stream(self, number: int) -> bytes:
        head = self.dictionary(number)
        start = _END.search(self.data, self.objects[number]).end()  # type: ignore[union-attr]
        length = int(re.search(rb"/Length (\d+)", head).group(1))  # type: ignore[union-attr]
        raw = self.data[start : start + length]
        return zlib.decompress(raw) if b"/FlateDecode" in head else raw

    def _ref(self, number: int, key: str) -> int | None:
        found = re.search(rb"/" + key.encode() + rb" " + _REF, self.dictionary(number))
        return int(found.group(1)) if found else None

    def pages(self) -> list[int]:
        """The page objects in reading order (the page tree walked depth first)."""

        def walk(number: int) -> list[int]:
            text = self.dictionary(number)
            if re.search(rb"/Type /Page\b", text):
                return [number]
            kids = re.search(rb"/Kids \[([^\]]*)\]", text)
            return [page for kid in re.findall(_REF, kids.group(1) if kids else b"") for page in walk(int(kid))]

        root = self._ref(self.catalog, "Pages")
        return walk(root) if root else []

    def destinations(self) -> dict[str, int]:
        """Each named destination (an id the document links to) -> the 1-based page it lands on."""
        number = self._ref(self.catalog, "Dests")
        if number is None:
            return {}
        page_numbers = {page: i + 1 for i, page in enumerate(self.pages())}
        return {
            _name(name): page_numbers[int(page)]
            for name, page in re.findall(rb"/((?:[^\s/\[\]<>()#]|#[0-9A-Fa-f]{2})+) \[" + _REF, self.dictionary(number))
        }

    def links(self) -> list[Link]:
        found = []
        for index, page in enumerate(self.pages(), start=1):
            annots = re.search(rb"/Annots \[([^\]]*)\]", self.dictionary(page))
            for ref in re.findall(_REF, annots.group(1) if annots else b""):
                text = self.dictionary(int(ref))
                if b"/Subtype /Link" not in text:
                    continue
                dest = re.search(rb"/Dest /((?:[^\s/\[\]<>()]|#[0-9A-Fa-f]{2})+)", text)
                uri = re.search(rb"/URI (\((?:\\.|[^\\)])*\)|<[^>]*>)", text)
                found.append(
                    Link(index, _name(dest.group(1)) if dest else None, _string(uri.group(1)) if uri else None)
                )
        return found

    def outline(self) -> list[tuple[int, str]]:
        """The bookmarks in order, each as (depth from 1, title)."""
        entries: list[tuple[int, str]] = []

        def walk(number: int | None, depth: int) -> None:
            while number is not None:
                text = self.dictionary(number)
                title = re.search(rb"/Title (\((?:\\.|[^\\)])*\)|<[^>]*>)", text, re.S)
                entries.append((depth, _string(title.group(1)) if title else ""))
                walk(self._ref(number, "First"), depth + 1)
                number = self._ref(number, "Next")

        root = self._ref(self.catalog, "Outlines")
        if root is not None:
            walk(self._ref(root, "First"), 1)
        return entries

    def _cmap(self, font: int) -> dict[int, str]:
        number = self._ref(font, "ToUnicode")
        if number is None:
            return {}
        cmap: dict[int, str] = {}
        text = self.stream(number)
        for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
            codes = _HEX.findall(block)
            for code, uni in zip(codes[::2], codes[1::2], strict=True):
                cmap[int(code, 16)] = bytes.fromhex(uni.decode()).decode("utf-16-be")
        for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
            for low, high, target in re.findall(rb"<(\w+)>\s*<(\w+)>\s*(<\w+>|\[[^\]]*\])", block):
                targets = _HEX.findall(target)
                for i, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                    if target.startswith(b"["):
                        cmap[code] = bytes.fromhex(targets[i].decode()).decode("utf-16-be")
                    else:  # the last character counts up along the range
                        first = bytes.fromhex(targets[0].decode()).decode("utf-16-be")
                        cmap[code] = first[:-1] + chr(ord(first[-1]) + i)
        return cmap

    def page_texts(self) -> list[str]:
        """Each page's text, run after run as the content stream draws it (a run per line or style change)."""
        cmaps: dict[int, dict[int, str]] = {}
        texts = []
        for page in self.pages():
            head = self.dictionary(page)
            fonts_match = re.search(rb"/Font <<(.*?)>>", head, re.S)
            fonts = {
                name: int(ref)
                for name, ref in re.findall(rb"/(\w+) " + _REF, fonts_match.group(1) if fonts_match else b"")
            }
            contents = re.search(rb"/Contents (?:\[([^\]]*)\]|(\d+ 0 R))", head)
            refs = re.findall(_REF, (contents.group(1) or contents.group(2)) if contents else b"")
            runs, cmap = [], {}
            for ref in refs:
                for token in re.finditer(
                    rb"/(\w+) [\d.]+ Tf|(<[0-9A-Fa-f]*>) Tj|\[([^\]]*)\] TJ", self.stream(int(ref))
                ):
                    if token.group(1):
                        font = fonts.get(token.group(1))
                        if font is not None and font not in cmaps:
                            cmaps[font] = self._cmap(font)
                        cmap = cmaps.get(font, {}) if font is not None else {}
                        continue
                    hexes = _HEX.findall(token.group(2) or token.group(3))
                    glyphs = b"".join(bytes.fromhex(h.decode()) for h in hexes)
                    runs.append(
                        "".join(
                            cmap.get(int.from_bytes(glyphs[i : i + 2], "big"), "") for i in range(0, len(glyphs), 2)
                        )
                    )
            texts.append("\n".join(runs))
        return texts
