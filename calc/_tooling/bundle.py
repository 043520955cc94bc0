# Build the JSON bundle from data/*.yaml: values converted to SI, each tied to its source.
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import yaml

from .._internal.units import parse_quantity

# Sections of an accelerator file whose leaves are sourced values.
VALUE_SECTIONS = ("memory", "compute", "sparse_headline", "power", "scale_up", "scale_out", "on_chip")
# Leaves that are words, not quantities.
TEXT_LEAVES = {"memory.type", "scale_up.name", "sparse_headline.sparsity", "scale_out.name"}


class DataError(ValueError):
    """A data file is malformed; the message names the file, the entry and the field."""


def default_data_dir() -> Path:
    """data/ of the checkout this package sits in."""
    return Path(__file__).resolve().parents[2] / "data"


def _jsonable(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_jsonable(item) for item in value]
    return value


def _sourced(raw: Any, *, default_source: str, where: str) -> dict[str, Any]:
    spec = raw if isinstance(raw, dict) else {"value": raw}
    value = spec.get("value")
    out: dict[str, Any] = {
        "si": None, "dimension": None, "text": None,
        "source": spec.get("source", default_source), "note": spec.get("note"), "reason": spec.get("reason"),
    }
    if value is None:
        if not spec.get("reason"):
            raise DataError(f"{where}: null value needs a 'reason'")
        return out
    if isinstance(value, bool):
        raise DataError(f"{where}: expected a quantity, got {value!r}")
    if isinstance(value, (int, float)):
        out.update(si=float(value), dimension="count", text=str(value))
        return out
    try:
        si, dimension = parse_quantity(str(value))
    except ValueError as error:
        raise DataError(f"{where}: {error}") from None
    out.update(si=si, dimension=dimension, text=str(value))
    return out


def load_accelerator(path: Path) -> dict[str, Any]:
    """Read one data/accelerators/*.yaml into its bundle entry."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    entry_id = raw.get("id", path.stem)
    where = f"{path.name} [{entry_id}]"
    sources = raw.get("sources") or []
    if not sources:
        raise DataError(f"{where}: field 'sources': at least one source is required")
    default_source = raw.get("default_source", sources[0]["id"])
    values: dict[str, Any] = {}
    text: dict[str, Any] = {}
    for section in VALUE_SECTIONS:
        for leaf, item in (raw.get(section) or {}).items():
            key = f"{section}.{leaf}"
            if key in TEXT_LEAVES:
                text[key] = item["value"] if isinstance(item, dict) else item
            else:
                values[key] = _sourced(item, default_source=default_source, where=f"{where}: field '{key}'")
    for key in ("architecture", "process", "announced", "category", "form_factor", "edition"):
        if key in raw:
            text[key] = _jsonable(raw[key])
    return _jsonable({
        "id": entry_id, "vendor": raw["vendor"], "name": raw["name"], "announced": raw["announced"],
        "category": raw.get("category", "datacenter"), "values": values, "text": text, "sources": sources,
    })


def build_bundle(data_dir: Path) -> dict[str, Any]:
    """Return the whole bundle for `data_dir` as JSON-ready data."""
    accelerators = [load_accelerator(path) for path in sorted((data_dir / "accelerators").glob("*.yaml"))]
    edition_file = data_dir / "edition.yaml"
    edition = yaml.safe_load(edition_file.read_text(encoding="utf-8")) if edition_file.is_file() else {}
    return {"edition": _jsonable(edition), "accelerators": accelerators}
