# Reader-facing text lives in one catalog per layer (id -> {"en": template, "es": template}), read through `translate`.
from __future__ import annotations

import string
from collections.abc import Mapping

LANGS = ("en", "es")

Catalog = Mapping[str, Mapping[str, str]]


def site_lang(lang: str | None) -> str:
    """`lang` if the site has it, else English."""
    return lang if lang in LANGS else "en"


def translate(catalog: Catalog, key: str, lang: str, /, **fields: object) -> str:
    """The catalog's text `key` in `lang`, its `{placeholders}` filled from `fields`.

    An unknown key is a programming error (KeyError); the catalog test checks every entry has both languages.
    """
    return catalog[key][site_lang(lang)].format(**fields)


def placeholders(template: str) -> set[str]:
    """The `{names}` a template fills."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def catalog_problems(catalog: Catalog) -> list[str]:
    """Entries missing a language, empty, that do not fill, or whose languages fill different placeholders."""
    problems = []
    for key, entry in catalog.items():
        missing = [lang for lang in LANGS if not entry.get(lang, "").strip()]
        if missing:
            problems.append(f"{key}: no text in {', '.join(missing)}")
            continue
        try:
            names = {lang: placeholders(entry[lang]) for lang in LANGS}
            for lang in LANGS:
                entry[lang].format(**dict.fromkeys(names[lang], ""))
        except (KeyError, ValueError, IndexError) as error:
            problems.append(f"{key}: does not fill ({error!r}); write a literal brace as {{{{ or }}}}")
            continue
        if names["en"] != names["es"]:
            problems.append(f"{key}: placeholders differ, en {sorted(names['en'])} and es {sorted(names['es'])}")
    return problems
