# Helpers every page-building module shares; a leaf: it imports nothing else of tools/.
from __future__ import annotations

import html
from typing import Any

from calc import LANGS, site_lang

__all__ = ["LANGS", "NONE", "detail_row", "esc", "page_lang"]

NONE = "—"


def page_lang(env: Any) -> str:
    """The language of the page mkdocs-macros is rendering (the i18n plugin's locale), else the theme's."""
    page = getattr(env, "page", None)
    locale = getattr(getattr(page, "file", None), "locale", None) or env.conf["theme"]["language"]
    return site_lang(locale)


def esc(text: Any) -> str:
    """Escape for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def detail_row(columns: int, parts: list[tuple[str, str]], key: str = "") -> str:
    """A table row's prose, on a row of its own under it, across every column: (label, HTML) parts, each label in
    bold; empty when no part has text. On a narrow screen the text stays in view while the figures scroll
    sideways (x4.css). `key` (data-detail) names the row it belongs to."""
    shown = [f"<strong>{label}:</strong> {body}" if label else body for label, body in parts if body]
    if not shown:
        return ""
    named = f' data-detail="{esc(key)}"' if key else ""
    return (
        f'<tr class="x4-detail"{named}><td colspan="{columns}">'
        f'<div class="x4-detail__text">{"<br>".join(shown)}</div></td></tr>'
    )
