# Build the JSON bundle from data/*.yaml: validated, values converted to SI, each tied to its source.
from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from .._internal.data import use_bundle
from .._internal.units import parse_quantity
from . import schema
from .schema import DataError, Problem, Problems, yaml_error
from .translations import spanish_texts
from .yaml_load import load_yaml

__all__ = ["DataError", "build_bundle", "checkout_bundle", "default_data_dir", "load_accelerator", "use_data_dir"]

# Sections of an accelerator file whose leaves are sourced values.
VALUE_SECTIONS = ("memory", "compute", "sparse_headline", "power", "scale_up", "scale_out", "on_chip")
# Leaves that are words, not quantities.
TEXT_LEAVES = {
    "memory.type",
    "scale_up.name",
    "scale_up.topology",
    "sparse_headline.sparsity",
    "sparse_headline.not_doubled",
    "scale_out.name",
}


def default_data_dir() -> Path:
    """data/ of the checkout this package sits in."""
    return Path(__file__).resolve().parents[2] / "data"


def _jsonable(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


def _read(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DataError(Problem(key="data_not_text", fields={"where": path.name})) from None
    try:
        return load_yaml(text)
    except yaml.YAMLError as error:
        raise yaml_error(error, text, file=path.name) from None


def _sourced(raw: Any, *, default_source: str | None) -> dict[str, Any]:
    """Bundle form of one (already validated) leaf."""
    spec = raw if isinstance(raw, dict) else {"value": raw}
    value = spec.get("value")
    out: dict[str, Any] = {
        "si": None,
        "dimension": None,
        "text": None,
        "source": spec.get("source") or default_source,
        "note": spec.get("note"),
        "reason": spec.get("reason"),
        "alternatives": spec.get("alternatives") or [],
    }
    if value is None:
        return out
    if isinstance(value, (int, float)):
        out.update(si=float(value), dimension="count", text=str(value))
    else:
        si, dimension = parse_quantity(str(value))
        out.update(si=si, dimension=dimension, text=str(value))
    return out


def _text_leaf(raw: Any, *, default_source: str | None) -> dict[str, Any]:
    """Bundle form of a word-valued leaf (a unit's name, an engine's generation): kept with its source."""
    spec = raw if isinstance(raw, dict) else {"value": raw}
    value = spec.get("value")
    return {
        "si": None,
        "dimension": "text" if value is not None else None,
        "text": None if value is None else str(value),
        "source": spec.get("source") or default_source,
        "note": spec.get("note"),
        "reason": spec.get("reason"),
        "alternatives": spec.get("alternatives") or [],
    }


def _internals(raw: dict[str, Any] | None, *, default_source: str) -> dict[str, Any]:
    """internals.<leaf> -> bundle leaf; numbers and quantities converted, words kept as text."""
    out: dict[str, Any] = {}
    for leaf, item in (raw or {}).items():
        if leaf == "sources":
            continue
        maker = _text_leaf if leaf in schema.INTERNALS_TEXT else _sourced
        out[f"internals.{leaf}"] = maker(item, default_source=default_source)
    return out


# The measured section's figures that are one value each (matmul and attention are one per format).
MEASURED_SINGLES = (
    "memory_bandwidth",
    "memory_capacity",
    "scale_up_allreduce",
    "scale_up_allgather",
    "scale_up_latency",
    "scale_out_allreduce",
    "scale_out_latency",
)


def _measured(raw: dict[str, Any] | None, *, default_source: str) -> dict[str, Any] | None:
    """The measured section: {'reason', 'values': {path: leaf with software, benchmark, measured_on}}."""
    if raw is None:
        return None
    items = {f"matmul.{dtype}": item for dtype, item in (raw.get("matmul") or {}).items()}
    items.update({f"attention.{dtype}": item for dtype, item in (raw.get("attention") or {}).items()})
    for key in MEASURED_SINGLES:
        if raw.get(key) is not None:
            items[key] = raw[key]
    values = {}
    for key, item in items.items():
        leaf = _sourced(item, default_source=default_source)
        leaf.update(software=item.get("software"), benchmark=item.get("benchmark"), measured_on=item.get("measured_on"))
        values[f"measured.{key}"] = leaf
    sweeps = {}
    sweep = raw.get("scale_up_allreduce_sweep")
    if sweep is not None:  # bus bandwidth in B/s, beside the sizes in bytes
        sweeps["scale_up_allreduce"] = {
            **{key: value for key, value in sweep.items() if key != "bus_gbytes_s"},
            "bus_bytes_per_s": [1e9 * float(value) for value in sweep["bus_gbytes_s"]],
        }
    shapes = {  # a matmul's rate by shape, in FLOP/s beside the sizes
        dtype: {
            **{key: value for key, value in table.items() if key != "tflops"},
            "flop_per_s": [[[1e12 * float(v) for v in cell] for cell in row] for row in table["tflops"]],
        }
        for dtype, table in (raw.get("matmul_shapes") or {}).items()
    }
    return {"reason": raw.get("reason"), "values": values, "sweeps": sweeps, "shapes": shapes}


def load_accelerator(path: Path) -> dict[str, Any]:
    """Read and validate one data/accelerators/*.yaml into its bundle entry."""
    raw = _read(path)
    if not isinstance(raw, dict):
        raise DataError(f"{path.name} [?]: field '(file)': expected a mapping")
    schema.check_accelerator(raw, file_name=path.name)
    default_source = raw["default_source"]
    values: dict[str, Any] = {}
    text: dict[str, Any] = {}
    for section in VALUE_SECTIONS:
        for leaf, item in (raw.get(section) or {}).items():
            key = f"{section}.{leaf}"
            if key in TEXT_LEAVES:
                text[key] = item["value"] if isinstance(item, dict) else item
            elif item is not None:
                values[key] = _sourced(item, default_source=default_source)
    keys = ("architecture", "process", "announced", "category", "purpose", "form_factor", "status", "editions", "notes")
    for key in keys:
        if key in raw:
            text[key] = _jsonable(raw[key])
    extra_sources = [
        source for section in ("measured", "internals") for source in (raw.get(section) or {}).get("sources") or []
    ]
    return _jsonable(
        {
            "id": raw["id"],
            "vendor": raw["vendor"],
            "name": raw["name"],
            "announced": raw["announced"],
            "category": raw["category"],
            "default_source": default_source,
            "values": values,
            "text": text,
            "measured": _measured(raw.get("measured"), default_source=default_source),
            "internals": _internals(raw.get("internals"), default_source=default_source),
            "sources": raw["sources"] + extra_sources,
        }
    )


def _si_or_none(leaf: Any) -> float | None:
    value = leaf.get("value") if isinstance(leaf, dict) else leaf
    return None if value is None else parse_quantity(str(value))[0]


def _interconnects(raw: Any) -> dict[str, Any]:
    schema.check_interconnects(raw, file_name="interconnects.yaml")
    links = [
        {
            "id": link["id"],
            "name": link["name"],
            "kind": link["kind"],
            "scope": link["scope"],
            "per_direction_bytes_per_s": _si_or_none(link.get("per_direction")),
            "bidirectional_bytes_per_s": _si_or_none(link.get("bidirectional")),
            "latency_s": _si_or_none(link["latency"]),
            "note": link.get("note"),
            "source": link["source"],
            "raw": link,
        }
        for link in raw["interconnects"]
    ]
    return {"sources": raw["sources"], "items": links}


def _latencies(raw: Any) -> dict[str, Any]:
    schema.check_latencies(raw, file_name="latencies.yaml")
    items = [
        {
            "id": item["id"],
            "name": item["name"],
            "typical_s": _si_or_none(item["typical"]),
            "low_s": _si_or_none(item.get("low")),
            "high_s": _si_or_none(item.get("high")),
            "note": item.get("note"),
            "source": item["source"],
            "raw": item,
        }
        for item in raw["latencies"]
    ]
    return {"sources": raw["sources"], "items": items}


def _models(raw: Any) -> dict[str, Any]:
    schema.check_models(raw, file_name="models.yaml")
    models = []
    for model in raw["models"]:
        where = f"models.yaml [{model['id']}]"
        entry = dict(model)
        entry["params"] = schema.count(model["params"], where=where, key="params")
        entry["active_params"] = schema.count(model["active_params"], where=where, key="active_params")
        entry["params_text"], entry["active_params_text"] = str(model["params"]), str(model["active_params"])
        models.append(entry)
    return {"sources": raw["sources"], "items": models}


def _systems(raw: Any, *, accelerator_ids: set[str]) -> dict[str, Any]:
    schema.check_systems(raw, file_name="systems.yaml", accelerator_ids=accelerator_ids)
    items = []
    for system in raw["systems"]:
        source = system["source"]
        values = {key: _sourced(system[key], default_source=source) for key in schema.SYSTEM_DIMENSIONS}
        values.update({key: _text_leaf(system[key], default_source=source) for key in ("cooling", "topology")})
        items.append(
            {
                "id": system["id"],
                "name": system["name"],
                "kind": system["kind"],
                "accelerators": [{"id": held["id"], "count": held["count"]} for held in system["accelerators"]],
                "note": system.get("note"),
                "source": source,
                "values": values,
            }
        )
    return {"sources": raw["sources"], "items": items}


def _editions(path: Path, problems: Problems) -> tuple[dict[str, Any], list[Any]]:
    """The current edition (what pages show) and every edition, newest first; none while the file is missing or
    broken (its problems added)."""
    if path.is_file():
        with problems.collect():
            raw = _read(path)
            schema.check_edition(raw, file_name=path.name)
            return next(entry for entry in raw["editions"] if entry["id"] == raw["current"]), raw["editions"]
    return {}, []


def _checked_as_written(path: Path, check: Callable[..., object], problems: Problems) -> Any:
    """A file the bundle holds as written once `check` passes; None while it is missing or broken (its problems
    added)."""
    if path.is_file():
        with problems.collect():
            raw = _read(path)
            check(raw, file_name=path.name)
            return raw
    return None


def build_bundle(data_dir: Path) -> dict[str, Any]:
    """Validate `data_dir` and return the whole bundle as JSON-ready data.

    Raises DataError with every problem found, one per line, each naming file, entry and field: every file is
    checked, each as far as its first broken consistency rule.
    """
    data_dir = Path(data_dir)
    if not (data_dir / "accelerators").is_dir():
        raise DataError(f"{data_dir}: no accelerators/ folder")
    problems = Problems()
    chip_files = sorted((data_dir / "accelerators").glob("*.yaml"))
    accelerators = []
    for path in chip_files:
        with problems.collect():
            accelerators.append(load_accelerator(path))
    ids = {path.stem for path in chip_files}  # a chip's id is its file's name, even while the file is broken
    bundle: dict[str, Any] = {"accelerators": accelerators}
    bundle["edition"], bundle["editions"] = _editions(data_dir / "edition.yaml", problems)
    readers = {"interconnects": _interconnects, "latencies": _latencies, "models": _models}
    for name, reader in readers.items():
        path = data_dir / f"{name}.yaml"
        with problems.collect():
            bundle[name] = reader(_read(path)) if path.is_file() else {"sources": [], "items": []}
    systems_file = data_dir / "systems.yaml"
    bundle["systems"] = {"sources": [], "items": []}
    if systems_file.is_file():
        with problems.collect():
            bundle["systems"] = _systems(_read(systems_file), accelerator_ids=ids)
    checks: dict[str, Callable[..., object]] = {
        "economics": functools.partial(schema.check_economics, accelerator_ids=ids),
        "training": schema.check_training,
        "validation": schema.check_validation,
    }
    for name, check in checks.items():
        bundle[name] = _checked_as_written(data_dir / f"{name}.yaml", check, problems)
    problems.raise_any()
    # The Spanish of the texts pages show (data/i18n/es.yaml); a missing or stale one reads in English,
    # and `data check` fails naming it.
    bundle["i18n"] = {"es": spanish_texts(data_dir)}
    return _jsonable(bundle)


def checkout_bundle() -> dict[str, Any]:
    """The bundle of this checkout's data/ (what calc loads when no bundle file ships beside it)."""
    return build_bundle(default_data_dir())


def use_data_dir(data_dir: str | Path) -> None:
    """Make calc compute with another data/ folder (the CLI's --data)."""
    use_bundle(build_bundle(Path(data_dir)))
