# MkDocs hooks: bundle the browser runtime (self-hosted Pyodide + the calc package + the data bundle) into the built site.
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # hooks are loaded by file path: make `tools.*` importable
    sys.path.insert(0, str(ROOT))
NODE_MODULES = ROOT / "node_modules"
# What the site serves from npm packages: site folder under assets/ -> (package folder, file patterns).
VENDORED = {
    # Pyodide's core runtime only; no packages: calc is pure Python.
    # (its standard library goes through `trim_stdlib`).
    "pyodide": ("pyodide", ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")),
}
# What a page's worker cannot use, left out of the standard library every calculator page downloads:
# servers, mail and network clients (a page has no sockets), processes, terminals, debuggers, test
# runners, and the legacy and East Asian codecs. The scratchpad keeps the rest (math, statistics, json,
# decimal, fractions, re, itertools, dataclasses...).
STDLIB_LEFT_OUT = frozenset(
    "_pyrepl pydoc pydoc_data pdb bdb doctest unittest idlelib tkinter turtle turtledemo lib2to3 ensurepip venv "
    "curses dbm http xmlrpc wsgiref imaplib smtplib poplib ftplib nntplib telnetlib mailbox socketserver "
    "multiprocessing email xml plistlib pickletools".split()
)
STDLIB_CODECS_KEPT = frozenset(
    "__init__ aliases ascii latin_1 utf_8 utf_8_sig utf_16 utf_16_be utf_16_le utf_32 utf_32_be utf_32_le cp1252 "
    "cp437 charmap idna punycode raw_unicode_escape unicode_escape base64_codec hex_codec undefined".split()
)
_FIXED_TIME = (2024, 1, 1, 0, 0, 0)  # deterministic archive bytes, so the hash only changes with the code
# Titles Python-Markdown writes into every page (heading permalinks, footnote back-references): its
# extensions take one configuration for the whole site, so each page sets them for its language.
MARKDOWN_TITLES = {
    "en": {
        "toc": {"permalink_title": "Permanent link"},
        "footnotes": {"BACKLINK_TITLE": "Back to footnote %d in the text"},
    },
    "es": {
        "toc": {"permalink_title": "Enlace permanente"},
        "footnotes": {"BACKLINK_TITLE": "Volver a la nota %d en el texto"},
    },
}


def build_calc_archive(destination: Path) -> None:
    """Zip calc/ (without the CPython-only tooling) plus the JSON data bundle, for Pyodide to unpack."""
    from calc._tooling.bundle import build_bundle, default_data_dir

    bundle = json.dumps(build_bundle(default_data_dir()), ensure_ascii=False, sort_keys=True)
    destination.parent.mkdir(parents=True, exist_ok=True)
    sources = sorted(
        path
        for path in (ROOT / "calc").rglob("*.py")
        if "_tooling" not in path.parts and "__pycache__" not in path.parts
    )
    with zipfile.ZipFile(destination, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), _FIXED_TIME)
            archive.writestr(info, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo("calc/x4-data.json", _FIXED_TIME), bundle, compress_type=zipfile.ZIP_DEFLATED)


def copy_vendored(assets: Path) -> None:
    """Copy the npm packages' runtime files into the site (never a CDN); fail if `npm ci` was not run."""
    for folder, (package, patterns) in VENDORED.items():
        source_dir = NODE_MODULES / package
        for pattern in patterns:
            sources = sorted(source_dir.glob(pattern))
            if not sources:
                raise FileNotFoundError(f"{source_dir / pattern} is missing: run `npm ci` (or `make setup`).")
            for source in sources:
                target = assets / folder / source.relative_to(source_dir)
                if not target.is_file() or target.stat().st_size != source.stat().st_size:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, target)


def _stdlib_entry_kept(name: str) -> bool:
    top, _, rest = name.partition("/")
    if top == "encodings" and rest:
        return rest.removesuffix(".py") in STDLIB_CODECS_KEPT
    return top.removesuffix(".py") not in STDLIB_LEFT_OUT


def trim_stdlib(destination: Path) -> None:
    """Pyodide's python_stdlib.zip without STDLIB_LEFT_OUT and the codecs not kept (deterministic bytes)."""
    source = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    destination.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(destination, "w") as trimmed:
        for info in full.infolist():
            if _stdlib_entry_kept(info.filename):
                kept = zipfile.ZipInfo(info.filename, info.date_time)
                trimmed.writestr(kept, full.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def make_snapshot(archive: Path, stdlib: Path, destination: Path) -> None:
    """A gzipped Pyodide memory snapshot with calc imported (tools/make_snapshot.mjs), made once per archive.

    It is made with the standard library the site serves: the snapshot holds zipimport's index of it."""
    maker = ROOT / "tools" / "make_snapshot.mjs"
    xor = ROOT / "overrides" / "assets" / "x4" / "x4-wasm-data.mjs"  # the maker imports it
    inputs = b"".join(
        path.read_bytes() for path in (archive, stdlib, NODE_MODULES / "pyodide" / "package.json", maker, xor)
    )
    digest = hashlib.sha256(inputs).hexdigest()
    stamp = destination.with_suffix(".sha256")
    if destination.is_file() and stamp.is_file() and stamp.read_text() == digest:
        return
    subprocess.run(
        ["node", str(maker), str(archive), str(stdlib), str(destination)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    stamp.write_text(digest)


def _building_lang(config: Any) -> str:
    """The language mkdocs-static-i18n is building now (the theme's language without the plugin)."""
    i18n = config.plugins.get("i18n")
    return getattr(i18n, "current_language", None) or config.theme["language"]


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Word the permalink and footnote titles in the page's language before Python-Markdown renders it."""
    lang = getattr(page.file, "locale", None) or _building_lang(config)
    for extension, options in MARKDOWN_TITLES.get(lang, MARKDOWN_TITLES["en"]).items():
        config["mdx_configs"].setdefault(extension, {}).update(options)
    return markdown


def on_post_template(output: str, *, template_name: str, config: Any) -> str:
    """The Spanish build's 404 page goes to es/404.html; returning nothing keeps the English one at the root."""
    lang = _building_lang(config)
    if template_name != "404.html" or lang == "en":
        return output
    target = Path(config["site_dir"]) / lang / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    return ""


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other languages and merged search
def on_post_build(config: Any, **_: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outer call finishes the whole site
    site = Path(config["site_dir"])
    copy_vendored(site / "assets")
    stdlib = site / "assets" / "pyodide" / "python_stdlib.zip"
    trim_stdlib(stdlib)
    archive = site / "assets" / "x4" / "calc.zip"
    build_calc_archive(archive)
    make_snapshot(archive, stdlib, site / "assets" / "x4" / "pyodide-snapshot.bin.gz")
    from tools.postprocess import postprocess

    # `mkdocs serve` injects an inline live-reload script that a CSP would block.
    base_path = urlparse(config.get("site_url") or "/").path or "/"
    postprocess(site, with_csp="serve" not in sys.argv[1:2], base_path=base_path)
