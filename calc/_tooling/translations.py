# The Spanish of data/'s reader-facing texts (notes, reasons, how, form factors, descriptive names), kept in
# data/i18n/es.yaml keyed by file, entry and field, each entry holding the English it translates.
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .schema import DataError, yaml_error
from .yaml_load import load_yaml

__all__ = [
    "CATALOG_PATH",
    "catalog_problems",
    "data_texts",
    "load_translations",
    "spanish_texts",
    "stub_yaml",
    "translation_problems",
]

CATALOG_PATH = Path("i18n") / "es.yaml"
# Fields whose text a page shows as written: always translated.
PROSE_FIELDS = frozenset({"note", "notes", "reason", "how", "form_factor", "convention", "known_miss", "where"})
# Fields that name a thing: translated when they hold a description (a lowercase word such as "per",
# "through", "cache"), not when they are a product name as the vendor writes it ("TPU v5e", "H100 SXM"); a
# measured figure's benchmark and software likewise ("driver 560.35.03" is worded, "PyTorch 2.7.0+cu126" is not).
NAME_FIELDS = frozenset({"name", "type", "architecture", "process", "sparsity", "benchmark", "software"})
_DESCRIPTIVE = re.compile(r"(?<![\w])[a-z]{2,}(?![\w])")
# Files whose texts no page shows in another language: edition.yaml words its changelog in both itself.
SKIPPED_FILES = frozenset({"edition.yaml"})


def _needs_spanish(field: str, text: str) -> bool:
    if field in PROSE_FIELDS:
        return True
    return field in NAME_FIELDS and bool(_DESCRIPTIVE.search(text.replace("-", " ")))


def _walk(node: Any, path: list[str], out: dict[str, str], file: str) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            _walk(value, [*path, str(key)], out, file)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            step = str(item["id"]) if isinstance(item, dict) and "id" in item else str(index)
            _walk(item, [*path, step], out, file)
    elif isinstance(node, str) and path:
        field = next((part for part in reversed(path) if part != "value"), "")
        if _needs_spanish(field, node):
            out[f"{file}#{'.'.join(path)}"] = node


def data_texts(data_dir: Path) -> dict[str, str]:
    """Every English text in `data_dir` that a page shows and Spanish pages must word: key -> text.

    Keys are `file#path`, the path's list items named by their `id` when they have one
    (`accelerators/rtx-5090.yaml#compute.bf16.note`, `interconnects.yaml#sources.pcisig.how`), else by index.
    """
    texts: dict[str, str] = {}
    for path in sorted(Path(data_dir).rglob("*.yaml")):
        relative = path.relative_to(data_dir)
        if relative.parts[0] == CATALOG_PATH.parts[0] or relative.name in SKIPPED_FILES:
            continue
        text = path.read_text(encoding="utf-8")
        try:
            raw = load_yaml(text)
        except yaml.YAMLError as error:
            raise yaml_error(error, text, file=relative.as_posix()) from None
        _walk(raw, [], texts, relative.as_posix())
    return texts


def load_translations(data_dir: Path) -> dict[str, dict[str, str]]:
    """data/i18n/es.yaml as {key: {"en": ..., "es": ...}}; raises DataError naming a malformed entry."""
    path = Path(data_dir) / CATALOG_PATH
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    try:
        raw = load_yaml(text) or {}
    except yaml.YAMLError as error:
        raise yaml_error(error, text, file=CATALOG_PATH.as_posix()) from None
    if not isinstance(raw, dict):
        raise DataError(f"{CATALOG_PATH.as_posix()}: expected a mapping of keys to {{en, es}} entries")
    for key, entry in raw.items():
        if not isinstance(entry, dict) or set(entry) != {"en", "es"}:
            raise DataError(f"{CATALOG_PATH.as_posix()} [{key}]: expected exactly the fields en and es")
        for lang in ("en", "es"):
            if not isinstance(entry[lang], str) or not entry[lang].strip():
                raise DataError(f"{CATALOG_PATH.as_posix()} [{key}]: field '{lang}': expected a non-empty text")
    return raw


def catalog_problems(texts: dict[str, str], catalog: dict[str, dict[str, str]]) -> list[tuple[str, str]]:
    """What keeps Spanish pages from wording data/, as (key, kind): kind is "missing" (no entry), "stale"
    (the data file's English changed since the entry was written) or "orphan" (an entry for no text)."""
    problems = []
    for key, english in texts.items():
        entry = catalog.get(key)
        if entry is None:
            problems.append((key, "missing"))
        elif entry["en"].strip() != english.strip():
            problems.append((key, "stale"))
    problems += [(key, "orphan") for key in catalog if key not in texts]
    return problems


def translation_problems(data_dir: Path) -> list[tuple[str, str]]:
    """Every missing, stale or orphan entry of data/i18n/es.yaml, each naming its key (what `data check` reports)."""
    return catalog_problems(data_texts(data_dir), load_translations(data_dir))


def spanish_texts(data_dir: Path) -> dict[str, str]:
    """{key: Spanish} for every data text whose entry is present and current; the others read in English
    until `data check`, which fails on them, is satisfied."""
    texts = data_texts(data_dir)
    catalog = load_translations(data_dir)
    return {
        key: catalog[key]["es"]
        for key, english in texts.items()
        if key in catalog and catalog[key]["en"].strip() == english.strip()
    }


def stub_yaml(data_dir: Path) -> str:
    """YAML entries, `es` left empty, for every data text whose Spanish is missing or stale."""
    texts = data_texts(data_dir)
    catalog = load_translations(data_dir)
    todo = {
        key: {"en": english, "es": ""}
        for key, english in texts.items()
        if key not in catalog or catalog[key]["en"].strip() != english.strip()
    }
    return yaml.safe_dump(todo, allow_unicode=True, sort_keys=False, width=1000) if todo else ""
