# What every chart shares: the palette, the font, the width, the SVG's opening with its title and summary, and the
# text measures that keep labels apart.
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

# A chip's roof keeps its colour whatever else is drawn: the calculators give each chip a fixed one.
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
FONT = 'font-family="system-ui, sans-serif"'
# Charts are drawn 360 units wide with text of 13 units and scale to their box. On a 390 px phone the box is
# 340-360 px wide, so text renders at 12 px or more; pages cap the width at 22rem (x4.css), so on a desktop
# it stays near 16 px, the size of the prose beside it.
WIDTH = 360
FONT_SIZE = 13
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

# Advance widths in em, rounded up from DejaVu Sans (the widest of the common system-ui fonts): an estimate that
# errs long, so labels placed apart by it stay apart in narrower fonts.
_NARROW = set(" .,:;!|'()[]/-ilIjft\u202f\u2009")
_WIDE = set("MWmw%@—")
_SUPERSCRIPTS = set("⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def svg_number(value: float) -> str:
    return f"{value:.1f}"


def decade_label(exponent: int) -> str:
    return "10" + str(exponent).translate(SUPERSCRIPT)


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """The estimated width of `text` set at `size` units."""
    em = 0.0
    for char in text:
        if char in _NARROW:
            em += 0.4
        elif char in _SUPERSCRIPTS:
            em += 0.42
        elif char in _WIDE:
            em += 1.0
        elif char.isupper():
            em += 0.74
        else:
            em += 0.64
    return em * size


@dataclass(frozen=True)
class Box:
    """A rectangle in the chart's units: what a label covers."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box, gap: float = 2.0) -> bool:
        return (
            self.left < other.right + gap
            and other.left < self.right + gap
            and self.top < other.bottom + gap
            and other.top < self.bottom + gap
        )

    def inside(self, other: Box) -> bool:
        return (
            self.left >= other.left
            and self.right <= other.right
            and self.top >= other.top
            and self.bottom <= other.bottom
        )


def text_box(text: str, x: float, y: float, anchor: str = "start", size: float = FONT_SIZE) -> Box:
    """What a label drawn at baseline (x, y) covers: the font's ascent above, its descent below."""
    width = text_width(text, size)
    left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    return Box(left, y - 0.95 * size, left + width, y + 0.25 * size)


def text_element(text: str, x: float, y: float, anchor: str = "start", extra: str = "") -> str:
    """A <text> at baseline (x, y); `extra` adds attributes (fill, font-weight...)."""
    anchored = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text x="{svg_number(x)}" y="{svg_number(y)}"{anchored}{extra}>{escape(text)}</text>'


class Labels:
    """The boxes a chart's labels already cover, within its bounds: each new label takes the first place offered
    that keeps clear of them."""

    def __init__(self, bounds: Box) -> None:
        self.bounds = bounds
        self.taken: list[Box] = []

    def within(self, bounds: Box) -> Labels:
        """The same labels, for new ones that must also stay within `bounds` (a plot's frame)."""
        inner = Labels(bounds)
        inner.taken = self.taken
        return inner

    def free(self, box: Box) -> bool:
        return box.inside(self.bounds) and not any(box.overlaps(other) for other in self.taken)

    def take(self, box: Box) -> Box:
        self.taken.append(box)
        return box

    def place(
        self, text: str, places: Iterable[tuple[float, float, str]], size: float = FONT_SIZE
    ) -> tuple[float, float, str] | None:
        """The first of `places` (x, y, anchor) where `text` is clear of every label taken, now taken too; None when
        none is."""
        for x, y, anchor in places:
            box = text_box(text, x, y, anchor, size)
            if self.free(box):
                self.take(box)
                return x, y, anchor
        return None


def wrap(text: str, width: float, size: float = FONT_SIZE) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a word wider than that has a line of its own). A
    number keeps its unit: no line ends on a digit when more follows."""
    words: list[str] = []
    for word in text.split(" "):
        if words and words[-1][-1:].isdigit() and not word[:1].isdigit():
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def svg_open(kind: str, width: float, height: float, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {svg_number(width)} {svg_number(height)}" role="img" '
        f'aria-labelledby="x4-{kind}-title x4-{kind}-desc" {FONT} font-size="{FONT_SIZE}" class="x4-chart">',
        f'<title id="x4-{kind}-title">{escape(title)}</title>',
        f'<desc id="x4-{kind}-desc">{escape(desc)}.</desc>',
    ]
