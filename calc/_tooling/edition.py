# Editions: what `data check` requires of them, what it warns about, and `edition new` (targeted text edits that keep comments).
from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import history, schema
from .diff import Diff, diff_since
from .messages import t
from .schema import DataError
from .yaml_load import load_yaml

CHANGES_DIR = "changes"  # data/changes/<edition id>.yaml: what changed during an edition, written when it ends


def _editions_of(chip: dict[str, Any]) -> list[str]:
    return [str(e) for e in chip["text"].get("editions") or []]


def edition_problems(bundle: dict[str, Any], lang: str = "en") -> list[str]:
    """What makes `data check` and the build fail: an edition without chips, a chip naming an unknown edition."""
    editions = bundle.get("editions") or []
    if not editions:
        return []
    known = [entry["id"] for entry in editions]
    current = bundle["edition"]["id"]
    problems = []
    if not any(current in _editions_of(chip) for chip in bundle["accelerators"]):
        problems.append(t("empty_edition", lang, edition=current))
    for chip in bundle["accelerators"]:
        for name in _editions_of(chip):
            if name not in known:
                problems.append(
                    t(
                        "unknown_edition",
                        lang,
                        file=f"accelerators/{chip['id']}.yaml",
                        edition=name,
                        known=", ".join(known),
                    )
                )
    return problems


def edition_warnings(bundle: dict[str, Any], lang: str = "en") -> list[str]:
    """One line per chip carried over from an earlier edition whose values cite a source checked before this one started."""
    editions = bundle.get("editions") or []
    if not editions:
        return []
    current = bundle["edition"]
    earlier = [entry["id"] for entry in editions[[e["id"] for e in editions].index(current["id"]) + 1 :]]
    started = str(current["started"])
    warnings = []
    for chip in bundle["accelerators"]:
        chip_editions = _editions_of(chip)
        previous = [name for name in chip_editions if name in earlier]
        if current["id"] not in chip_editions or not previous:
            continue
        checked = {source["id"]: str(source["checked"]) for source in chip["sources"]}
        counts: dict[str, int] = {}
        for value in chip["values"].values():
            if value["si"] is not None and value["source"] in checked and checked[value["source"]] < started:
                counts[value["source"]] = counts.get(value["source"], 0) + 1
        if counts:
            stale = ", ".join(
                t("stale_source", lang, source=source, checked=checked[source], count=count)
                for source, count in counts.items()
            )
            warnings.append(
                t(
                    "stale_chip",
                    lang,
                    file=f"accelerators/{chip['id']}.yaml",
                    previous=previous[0],
                    edition=current["id"],
                    started=started,
                    sources=stale,
                )
            )
    return warnings


def default_name(edition_id: str) -> str:
    """'2026–2028' for the id 2026-2028 (an en dash between years); the id itself otherwise."""
    years = re.fullmatch(r"(\d{4})-(\d{4})", edition_id)
    return f"{years.group(1)}–{years.group(2)}" if years else edition_id


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid double-quoted YAML scalar


def add_to_editions_line(text: str, edition_id: str, *, file_name: str) -> str:
    """The chip file's text with `edition_id` appended to its `editions` list, every other line untouched."""
    flow = re.search(r"^editions:[ \t]*\[([^\]\n]*)\]", text, flags=re.MULTILINE)
    if flow:
        items = [item.strip() for item in flow.group(1).split(",") if item.strip()]
        return f"{text[: flow.start(1)]}{', '.join([*items, edition_id])}{text[flow.end(1) :]}"
    block = re.search(r"^editions:[ \t]*(?:#[^\n]*)?\n((?:[ \t]*-[ \t]*[^\n]*\n)+)", text, flags=re.MULTILINE)
    if block:
        last = block.group(1).splitlines()[-1]
        indent = last[: len(last) - len(last.lstrip())]
        return f"{text[: block.end(1)]}{indent}- {edition_id}\n{text[block.end(1) :]}"
    raise DataError(f"{file_name}: field 'editions': expected `editions: [..]` or a list of `- id` lines")


def add_edition_entry(text: str, *, edition_id: str, name: str, started: dt.date, previous: dict[str, Any]) -> str:
    """edition.yaml's text with a new first entry under `editions:` and `current:` pointing at it."""
    current = re.search(r"^current:[ \t]*([^\s#]+)", text, flags=re.MULTILINE)
    listed = re.search(r"^editions:[ \t]*(?:#[^\n]*)?\n", text, flags=re.MULTILINE)
    if not current or not listed:
        raise DataError("edition.yaml: field 'current': expected a `current: ID` line and an `editions:` list")
    first = re.search(r"^([ \t]*)-", text[listed.end() :], flags=re.MULTILINE)
    indent = first.group(1) if first else "  "
    inner = indent + "    "
    carried = t("new_entry_change", "en", name=name, previous=previous["name"])
    carried_es = t("new_entry_change", "es", name=name, previous=previous["name"])
    entry = (
        f"{indent}- id: {edition_id}\n"
        f"{indent}  name: {_quoted(name)}\n"
        f"{indent}  started: {started.isoformat()}\n"
        f"{indent}  last_reviewed: {previous['last_reviewed']}\n"
        f"{indent}  changelog:\n"
        f"{inner}# Say what changed in this edition: chips that joined or left, figures re-checked or corrected.\n"
        f"{inner}- date: {started.isoformat()}\n"
        f"{inner}  change: {_quoted(carried)}\n"
        f"{inner}  change_es: {_quoted(carried_es)}\n"
    )
    text = f"{text[: listed.end()]}{entry}{text[listed.end() :]}"
    return f"{text[: current.start(1)]}{edition_id}{text[current.end(1) :]}"


@dataclass
class NewEdition:
    """What `edition new` changed, for its report."""

    edition_id: str
    name: str
    started: dt.date
    previous: str
    chips: list[str] = field(default_factory=list)
    recorded: Diff | None = None
    not_recorded: str | None = None  # why the previous edition's changes could not be recorded


def _same_but_editions(before: str, after: str, edition_id: str, *, file_name: str) -> None:
    old, new = load_yaml(before), load_yaml(after)
    expected = {**old, "editions": [*old["editions"], edition_id]}
    if new != expected:
        raise DataError(f"{file_name}: field 'editions': the edit changed more than the list; edit the file by hand")


def record_changes(data_dir: Path, edition_id: str, *, lang: str = "en") -> tuple[Diff | None, str | None]:
    """What changed in data/ since `edition_id` started (from git), or None and the reason it cannot be known."""
    try:
        if not history.has_history(data_dir):
            raise history.GitError("no_history", folder=data_dir)
        start = history.edition_starts(data_dir).get(edition_id)
        if start is None:
            raise history.GitError("no_start", edition=edition_id)
        diff, _, _ = diff_since(data_dir, start)
    except history.GitError as error:
        return None, t(error.key, lang, **error.fields)
    return diff, None


def changes_file_text(diff: Diff, *, edition_id: str, successor: str) -> str:
    """data/changes/<id>.yaml: the diff as YAML under a comment that says where it comes from."""
    header = (
        f"# What changed in data/ during the {edition_id} edition, recorded by `python -m calc edition new "
        f"{successor}`\n# from git when {successor} replaced it. The changelog page reads it; it is not edited by hand.\n"
    )
    body = yaml.safe_dump({"edition": edition_id, **diff}, allow_unicode=True, sort_keys=False, width=120)
    return header + body


def new_edition(
    data_dir: Path, edition_id: str, *, name: str | None = None, today: dt.date | None = None, lang: str = "en"
) -> NewEdition:
    """Make `edition_id` current, carry every chip of the current edition into it, record the outgoing one's changes.

    Raises DataError if the data is invalid, the id is malformed or exists, or a file cannot be edited safely.
    """
    from .bundle import build_bundle

    bundle = build_bundle(data_dir)
    editions = bundle["editions"]
    if not editions:
        raise DataError(f"{data_dir / 'edition.yaml'}: no edition to start from")
    if not re.fullmatch(schema.KEBAB, edition_id):
        raise DataError(t("bad_edition_id", lang, edition=edition_id))
    if edition_id in {entry["id"] for entry in editions}:
        raise DataError(t("edition_exists", lang, edition=edition_id))
    previous = bundle["edition"]
    report = NewEdition(edition_id, name or default_name(edition_id), today or dt.date.today(), previous["id"])
    writes: dict[Path, str] = {}
    for chip in bundle["accelerators"]:
        if previous["id"] in _editions_of(chip):
            path = data_dir / "accelerators" / f"{chip['id']}.yaml"
            before = path.read_text(encoding="utf-8")
            writes[path] = add_to_editions_line(before, edition_id, file_name=path.name)
            _same_but_editions(before, writes[path], edition_id, file_name=path.name)
            report.chips.append(chip["id"])
    edition_path = data_dir / "edition.yaml"
    writes[edition_path] = add_edition_entry(
        edition_path.read_text(encoding="utf-8"),
        edition_id=edition_id,
        name=report.name,
        started=report.started,
        previous=previous,
    )
    schema.check_edition(load_yaml(writes[edition_path]), file_name="edition.yaml")
    report.recorded, report.not_recorded = record_changes(data_dir, previous["id"], lang=lang)
    if report.recorded is not None:
        changes = data_dir / CHANGES_DIR / f"{previous['id']}.yaml"
        writes[changes] = changes_file_text(report.recorded, edition_id=previous["id"], successor=edition_id)
    for path, text in writes.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return report


def recorded_changes(data_dir: Path, edition_id: str) -> Diff | None:
    """The changes `edition new` recorded for a past edition, or None if there is no record."""
    path = data_dir / CHANGES_DIR / f"{edition_id}.yaml"
    if not path.is_file():
        return None
    raw = load_yaml(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or raw.get("edition") != edition_id or set(raw) != {"edition", *Diff.__annotations__}:
        raise DataError(f"{CHANGES_DIR}/{path.name}: field '(file)': expected edition, added, removed and changed")
    return {"added": raw["added"], "removed": raw["removed"], "changed": raw["changed"]}


def edition_changes(data_dir: Path, edition_id: str, *, newer: str | None) -> Diff | None:
    """What changed during an edition: its record if `edition new` wrote one, else from git (up to `newer`'s start,
    or data/ now for the current edition); None when neither is available (no git, a shallow clone)."""
    recorded = recorded_changes(data_dir, edition_id)
    if recorded is not None or not history.has_history(data_dir):
        return recorded
    from .diff import compare, snapshot

    try:
        starts = history.edition_starts(data_dir)
        if edition_id not in starts:
            return None
        before = snapshot(history.files_at(data_dir, starts[edition_id]))
        end = starts.get(newer) if newer else None
        if newer and end is None:
            return None
        after = snapshot(history.files_at(data_dir, end) if end else history.files_now(data_dir))
    except history.GitError:
        return None
    return compare(before, after)
