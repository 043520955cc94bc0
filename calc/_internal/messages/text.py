# The catalog's machinery: `t` words an id in a language; Text, Words and Joined are text worded later, in the
# reader's language.
from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import translate
from ..numbers import format_number
from .catalog import CATALOG


def t(key: str, lang: str = "en", /, **fields: object) -> str:
    """The catalog's text `key` in `lang`, its placeholders filled from `fields`."""
    return translate(CATALOG, key, lang, **fields)


@dataclass(frozen=True)
class Text:
    """Text to word later, in the reader's language: a catalog id and its fields.

    A field that is a Text is worded in the same language; a float is written the language's way.
    """

    key: str
    fields: dict[str, object] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        return t(self.key, lang, **{k: _word(v, lang) for k, v in self.fields.items()})


@dataclass(frozen=True)
class Words:
    """A data text in both languages (a chip's name), for a Text field: worded when the Text is."""

    en: str
    es: str

    def render(self, lang: str = "en") -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class Joined:
    """Several message fields worded one after another: "A", "A and B", "A, B and C" (`join.and`)."""

    parts: tuple[object, ...]

    def render(self, lang: str = "en") -> str:
        words = [str(_word(part, lang)) for part in self.parts]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + t("join.and", lang) + words[-1]


def _word(value: object, lang: str) -> object:
    render = getattr(value, "render", None)
    if callable(render):  # a Text, Words, Joined or fmt.Quantity: worded in the same language
        return render(lang)
    if isinstance(value, float):
        return format_number(value, lang)
    return value


def text(key: str, /, **fields: object) -> Text:
    """Shorthand for Text(key, fields)."""
    return Text(key, fields)
