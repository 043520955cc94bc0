# What changed between two states of data/: chips added to and removed from the current edition, and every changed value.
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any, TypedDict

import yaml

from .._internal.fmt import format_number
from .._internal.units import parse_quantity
from . import history
from .messages import t
from .schema import yaml_error
from .yaml_load import load_yaml

# Keys that describe a value (its provenance) or hold lists; they are not values themselves.
NOT_VALUES = {
    "id",
    "note",
    "notes",
    "reason",
    "outlier_reason",
    "alternatives",
    "sources",
    "source",
    "default_source",
    "editions",
    "not_doubled",
}
# Files other than the chips whose items have an id, and the key of their list.
ITEM_FILES = {"interconnects.yaml": "interconnects", "latencies.yaml": "latencies", "models.yaml": "models"}
_FIGURE = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(\S.*?)?\s*$")


class Change(TypedDict):
    """One changed value: who, which field, the figure before and after in `unit`, and the new value's source id."""

    id: str
    field: str
    old: float | int | str | None
    new: float | int | str | None
    unit: str | None
    source: str | None


class Diff(TypedDict):
    """`data diff --json`: chip ids added to and removed from the current edition, and the changed values."""

    added: list[str]
    removed: list[str]
    changed: list[Change]


Leaves = dict[str, tuple[Any, str | None]]  # field -> (value, source id)


class Snapshot(TypedDict):
    """data/ at one moment, read without validation (an old revision may predate today's schema)."""

    current: str | None
    chips: dict[str, dict[str, Any]]  # id -> {"name", "editions", "leaves"}
    others: dict[str, Leaves]  # "models/llama-3-70b", "economics", ... -> leaves


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else value


def _leaves(node: Any, prefix: str, source: str | None) -> Leaves:
    """Every value under `node` by its dotted field, with the source it cites (a `source` key applies to its siblings)."""
    if isinstance(node, dict) and "value" in node:
        return {prefix: (_plain(node["value"]), node.get("source") or source)}
    if isinstance(node, dict):
        own = node.get("source")
        source = own if isinstance(own, str) else source
        found: Leaves = {}
        for key, item in node.items():
            if key not in NOT_VALUES:
                found.update(_leaves(item, f"{prefix}.{key}" if prefix else str(key), source))
        return found
    if isinstance(node, list):
        return {}
    return {prefix: (_plain(node), source)}


def _load(path: str, text: str) -> Any:
    try:
        return load_yaml(text)
    except yaml.YAMLError as error:
        raise yaml_error(error, text, file=path) from None


def snapshot(files: dict[str, str]) -> Snapshot:
    """Read data/'s files (relative path -> text) into what the diff compares."""
    chips: dict[str, dict[str, Any]] = {}
    others: dict[str, Leaves] = {}
    for path, text in sorted(files.items()):
        if path.startswith("accelerators/") and path.count("/") == 1:
            raw = _load(path, text)
            if isinstance(raw, dict):
                chip_id = str(raw.get("id") or Path(path).stem)
                chips[chip_id] = {
                    "name": raw.get("name", chip_id),
                    "editions": [str(e) for e in raw.get("editions") or []],
                    "leaves": _leaves(raw, "", raw.get("default_source")),
                }
        elif path in ITEM_FILES:
            raw = _load(path, text) or {}
            stem = path.removesuffix(".yaml")
            for item in raw.get(ITEM_FILES[path]) or []:
                if isinstance(item, dict) and "id" in item:
                    others[f"{stem}/{item['id']}"] = _leaves(item, "", None)
        elif path == "economics.yaml":
            others["economics"] = _leaves(_load(path, text) or {}, "", None)
    return {"current": history.current_edition_id(files.get("edition.yaml")), "chips": chips, "others": others}


def _members(state: Snapshot) -> set[str]:
    current = state["current"]
    return {key for key, chip in state["chips"].items() if current is None or current in chip["editions"]}


def _figure(value: Any) -> tuple[Any, str | None]:
    """(number, unit) for a quantity written with its unit ("3.35 TB/s" -> (3.35, "TB/s")); other values as they are."""
    if value is None or isinstance(value, (bool, int, float)):
        return value, None
    match = _FIGURE.match(str(value))
    if match and match.group(2):
        try:
            parse_quantity(str(value))
        except ValueError:
            return str(value), None
        number = match.group(1)
        return (int(number) if re.fullmatch(r"[-+]?\d+", number) else float(number)), match.group(2)
    return str(value), None


def _change(key: str, field: str, old: Any, new: Any, source: str | None) -> Change:
    (old_figure, old_unit), (new_figure, new_unit) = _figure(old), _figure(new)
    unit = new_unit or old_unit
    if old_unit and new_unit and old_unit != new_unit:
        old_si, old_dimension = parse_quantity(str(old))
        factor, new_dimension = parse_quantity(f"1 {new_unit}")
        if old_dimension == new_dimension:
            old_figure = float(f"{old_si / factor:.6g}")
        else:
            old_figure, new_figure, unit = str(old), str(new), None
    elif (old_unit is None and old is not None and new_unit) or (new_unit is None and new is not None and old_unit):
        old_figure, new_figure, unit = old, new, None  # a quantity became text or the reverse: show both as written
    return {"id": key, "field": field, "old": old_figure, "new": new_figure, "unit": unit, "source": source}


def _changed(key: str, before: Leaves, after: Leaves) -> list[Change]:
    changes = []
    for field in list(after) + [f for f in before if f not in after]:
        old, old_source = before.get(field, (None, None))
        new, new_source = after.get(field, (None, None))
        if old != new:
            changes.append(_change(key, field, old, new, new_source if field in after else old_source))
    return changes


def compare(before: Snapshot, after: Snapshot) -> Diff:
    """Chips that joined or left the current edition (or whose files appeared or went), and every changed value."""
    old_members, new_members = _members(before), _members(after)
    changed: list[Change] = []
    for key in sorted(set(before["chips"]) & set(after["chips"])):
        changed += _changed(key, before["chips"][key]["leaves"], after["chips"][key]["leaves"])
    for key in sorted(set(before["others"]) | set(after["others"])):
        changed += _changed(key, before["others"].get(key, {}), after["others"].get(key, {}))
    return {
        "added": sorted(new_members - old_members),
        "removed": sorted(old_members - new_members),
        "changed": changed,
    }


def diff_since(data_dir: Path, rev: str | None) -> tuple[Diff, str, dict[str, str]]:
    """data/ now against data/ at `rev` (default: the last commit that changed edition.yaml).

    Returns the diff, the commit described in one line, and the chip names (id -> name) of both states.
    Raises GitError when git is missing, the folder is not in a repository, or `rev` is not found.
    """
    commit = history.resolve(data_dir, rev) if rev else history.default_rev(data_dir)
    before, after = snapshot(history.files_at(data_dir, commit)), snapshot(history.files_now(data_dir))
    names = {key: chip["name"] for state in (before, after) for key, chip in state["chips"].items()}
    return compare(before, after), history.describe(data_dir, commit), names


def show_value(value: Any, lang: str) -> str:
    """A figure as the reader's language writes it: 3,35 in Spanish; '—' for no value."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return format_number(value, lang, digits=6)
    return str(value)


def change_text(change: Change, lang: str) -> str:
    """'3.35 → 3.9 TB/s' in the reader's language."""
    unit = f" {change['unit']}" if change["unit"] else ""
    return f"{show_value(change['old'], lang)} → {show_value(change['new'], lang)}{unit}"


def diff_text(diff: Diff, *, against: str, names: dict[str, str], lang: str) -> str:
    """The text `data diff` prints."""
    lines = [t("diff_header", lang, against=against)]
    if not (diff["added"] or diff["removed"] or diff["changed"]):
        return "\n".join([*lines, t("diff_nothing", lang)])
    for key in ("added", "removed"):
        chips = ", ".join(f"{names.get(chip, chip)} ({chip})" for chip in diff[key]) or t("none", lang)
        lines.append(t(f"diff_{key}", lang, count=len(diff[key]), chips=chips))
    lines.append(t("diff_changed", lang, count=len(diff["changed"])))
    width = max((len(change["id"]) for change in diff["changed"]), default=0)
    for change in diff["changed"]:
        source = t("diff_source", lang, source=change["source"]) if change["source"] else ""
        lines.append(f"  {change['id'].ljust(width)}  {change['field']}: {change_text(change, lang)}{source}")
    return "\n".join(lines)
