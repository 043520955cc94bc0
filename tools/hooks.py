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
    "pyodide": (
        "pyodide",
        ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"),
    ),
    # KaTeX renders the derivations' math; modern browsers take only the woff2 fonts.
    "katex": ("katex/dist", ("katex.min.js", "katex.min.css", "fonts/*.woff2")),
}
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


def make_snapshot(archive: Path, destination: Path) -> None:
    """A gzipped Pyodide memory snapshot with calc imported (tools/make_snapshot.mjs), made once per archive."""
    maker = ROOT / "tools" / "make_snapshot.mjs"
    xor = ROOT / "overrides" / "assets" / "x4" / "x4-wasm-data.mjs"  # the maker imports it
    inputs = b"".join(path.read_bytes() for path in (archive, NODE_MODULES / "pyodide" / "package.json", maker, xor))
    digest = hashlib.sha256(inputs).hexdigest()
    stamp = destination.with_suffix(".sha256")
    if destination.is_file() and stamp.is_file() and stamp.read_text() == digest:
        return
    subprocess.run(
        ["node", str(maker), str(archive), str(destination)],
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
    archive = site / "assets" / "x4" / "calc.zip"
    build_calc_archive(archive)
    make_snapshot(archive, site / "assets" / "x4" / "pyodide-snapshot.bin.gz")
    from tools.postprocess import postprocess

    # `mkdocs serve` injects an inline live-reload script that a CSP would block.
    base_path = urlparse(config.get("site_url") or "/").path or "/"
    postprocess(site, with_csp="serve" not in sys.argv[1:2], base_path=base_path)
