# MkDocs hook: one generated page per accelerator (and their index) in every language, from data/, never committed.
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs import plugins
from mkdocs.structure.files import File, Files, InclusionLevel

from calc import load_data

# MkDocs loads hooks by file path; make the project root importable so `tools.*` resolves whatever
# the working directory and however mkdocs was started (console script or python -m).
_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from tools.chip_pages import chip_page_markdown, index_page_markdown  # noqa: E402
from tools.common import LANGS  # noqa: E402 (needs the path above)

# src_uri ("en/accelerators/h100-sxm.md") -> Markdown, for the build in progress.
_PAGES: dict[str, str] = {}


def generated_pages(repo_url: str) -> dict[str, str]:
    """Every generated page's Markdown by its docs path: <lang>/accelerators/index.md and <lang>/accelerators/<id>.md."""
    data = load_data()
    pages: dict[str, str] = {}
    for lang in LANGS:
        pages[f"{lang}/accelerators/index.md"] = index_page_markdown(lang, data)
        for chip in data.accelerators.values():
            pages[f"{lang}/accelerators/{chip.id}.md"] = chip_page_markdown(chip, lang, repo_url, data)
    return pages


@plugins.event_priority(0)
def _add_pages(files: Files, config: Any) -> Files:
    """Before mkdocs-static-i18n (priority -100): add the pages as if they sat in docs/<lang>/accelerators/.

    They are given docs_dir as their source folder so the i18n plugin assigns them a language like
    any other page; it rebuilds each File from its path, so their content is attached after it runs.
    """
    _PAGES.clear()
    _PAGES.update(generated_pages(config["repo_url"]))
    for src_uri in _PAGES:
        if files.get_file_from_path(src_uri) is not None:
            raise FileExistsError(
                f"docs/{src_uri} exists, but the accelerator pages are generated from data/: delete it"
            )
        # Chip pages are reached from the index and the landscape table, not the nav.
        inclusion = InclusionLevel.INCLUDED if src_uri.endswith("/index.md") else InclusionLevel.NOT_IN_NAV
        files.append(
            File(src_uri, config["docs_dir"], config["site_dir"], config["use_directory_urls"], inclusion=inclusion)
        )
    return files


@plugins.event_priority(-110)
def _fill_pages(files: Files, config: Any) -> Files:
    """After mkdocs-static-i18n: give the files it kept for this language their generated Markdown."""
    missing = set(_PAGES)
    for file in files:
        if file.src_uri in _PAGES:
            file.content_string = _PAGES[file.src_uri]
            missing.discard(file.src_uri)
    kept = {uri for uri in _PAGES if uri not in missing}
    if not kept:
        raise RuntimeError("no generated accelerator page survived the i18n plugin's file selection")
    return files


on_files = plugins.CombinedEvent(_add_pages, _fill_pages)
