# Helpers every page-building module shares; a leaf: it imports nothing else of tools/.
from __future__ import annotations

import html
from typing import Any

from calc import LANGS, site_lang

__all__ = ["LANGS", "NONE", "esc", "page_lang"]

NONE = "—"


def page_lang(env: Any) -> str:
    """The language of the page mkdocs-macros is rendering (the i18n plugin's locale), else the theme's."""
    page = getattr(env, "page", None)
    locale = getattr(getattr(page, "file", None), "locale", None) or env.conf["theme"]["language"]
    return site_lang(locale)


def esc(text: Any) -> str:
    """Escape for HTML text and attribute values."""
    return html.escape(str(text), quote=True)
