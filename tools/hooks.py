# MkDocs hooks: bundle the browser runtime (self-hosted Pyodide + the calc package + the data bundle) into the built site.
from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
# The runtime files Pyodide's core needs; no packages: calc is pure Python.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
_FIXED_TIME = (2024, 1, 1, 0, 0, 0)  # deterministic archive bytes, so the hash only changes with the code


def build_calc_archive(destination: Path) -> None:
    """Zip calc/ (without the CPython-only tooling) plus the JSON data bundle, for Pyodide to unpack."""
    from calc._tooling.bundle import build_bundle, default_data_dir

    bundle = json.dumps(build_bundle(default_data_dir()), ensure_ascii=False, sort_keys=True)
    destination.parent.mkdir(parents=True, exist_ok=True)
    sources = sorted(
        path for path in (ROOT / "calc").rglob("*.py")
        if "_tooling" not in path.parts and "__pycache__" not in path.parts
    )
    with zipfile.ZipFile(destination, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), _FIXED_TIME)
            archive.writestr(info, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo("calc/x4-data.json", _FIXED_TIME), bundle, compress_type=zipfile.ZIP_DEFLATED)


def copy_pyodide(destination: Path) -> None:
    """Copy Pyodide's core runtime from the npm package into the site (never a CDN)."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_SRC / name).is_file()]
    if missing:
        raise FileNotFoundError(f"Pyodide runtime files missing from node_modules/pyodide: {missing}; run `npm ci`.")
    destination.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source, target = PYODIDE_SRC / name, destination / name
        if not target.is_file() or target.stat().st_size != source.stat().st_size:
            shutil.copy2(source, target)


def on_post_build(config: Any, **_: Any) -> None:
    site = Path(config["site_dir"])
    copy_pyodide(site / "assets" / "pyodide")
    build_calc_archive(site / "assets" / "x4" / "calc.zip")
