# The site search indexes the text a reader sees (tools/search_text.py), not the page's HTML as it stands.
# Material's search plugin reads `page.content` in its on_page_context (priority 0); this hook gives it the search
# version just before and puts the page back just after, so the page itself is unchanged.
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # hooks are loaded by file path: make `tools.*` importable
    sys.path.insert(0, str(ROOT))

from tools.search_text import search_html  # noqa: E402

# What the search plugin takes out of the page after reading it (material/plugins/search/plugin.py).
_SEARCH_ATTRIBUTE = re.compile(r'\s?data-search-\w+="[^"]+"')
_PAGES: dict[int, tuple[str, str]] = {}


@event_priority(100)
def _before_search(context: dict[str, Any], *, page: Any, **_: Any) -> dict[str, Any]:
    if page.content:
        view = search_html(page.content)
        _PAGES[id(page)] = (page.content, view)
        page.content = view
    return context


@event_priority(-50)
def _after_search(context: dict[str, Any], *, page: Any, **_: Any) -> dict[str, Any]:
    if (kept := _PAGES.pop(id(page), None)) is None:
        return context
    original, view = kept
    if page.content not in (view, _SEARCH_ATTRIBUTE.sub("", view)):
        raise RuntimeError(f"{page.file.src_uri}: a plugin changed the page while the search read it")
    page.content = _SEARCH_ATTRIBUTE.sub("", original)
    return context


on_page_context = CombinedEvent(_before_search, _after_search)
