# The changelog macro: per edition, its entries, the chips that joined or left, and the values that changed, all from data/.
from __future__ import annotations

from pathlib import Path
from typing import Any

from calc import DataBundle, load_data
from calc._tooling.bundle import default_data_dir
from calc._tooling.diff import Diff, show_value
from calc._tooling.edition import edition_changes, edition_problems
from calc._tooling.messages import t
from calc._tooling.translations import load_translations
from tools.common import page_lang

ChangesOf = dict[str, "Diff | None"]


def _chip_link(chip_id: str, data: DataBundle, lang: str) -> str:
    chip = data.accelerators.get(chip_id)
    return f"[{chip.display_name(lang)}](accelerators/{chip_id}.md)" if chip else f"`{chip_id}`"


def _links(chip_ids: list[str], data: DataBundle, lang: str) -> str:
    return ", ".join(_chip_link(chip_id, data, lang) for chip_id in chip_ids)


def _members(data: DataBundle, edition_id: str) -> list[str]:
    return sorted(key for key, chip in data.accelerators.items() if edition_id in (chip.text.get("editions") or []))


def _shown(value: Any, unit: str, said: dict[str, str], lang: str) -> str:
    """A changed value as the page's language writes it. A text value (a link's name) reads in Spanish when
    data/i18n/es.yaml words that text today; an older wording it no longer holds shows as the data file had it."""
    if isinstance(value, str) and not unit and lang != "en":
        return said[value] if value in said else f"`{value}`"
    return show_value(value, lang) + (unit if value is not None else "")


def _changes_table(diff: Diff, data: DataBundle, lang: str) -> list[str]:
    """The changed values as a collapsed table: item, field, before, after, source."""
    heads = [t(key, lang) for key in ("cl_item", "cl_field", "cl_old", "cl_new", "cl_source")]
    rows = [f"    | {' | '.join(heads)} |", "    |---|---|---|---|---|"]
    catalog = load_translations(default_data_dir()) if lang == "es" else {}
    said = {entry["en"]: entry["es"] for entry in catalog.values()}
    for change in diff["changed"]:
        unit = f" {change['unit']}" if change["unit"] else ""
        before = _shown(change["old"], unit, said, lang)
        after = _shown(change["new"], unit, said, lang)
        cells = [
            _chip_link(change["id"], data, lang),
            f"`{change['field']}`",
            before.replace("|", "\\|"),
            after.replace("|", "\\|"),
            f"`{change['source']}`" if change["source"] else "—",
        ]
        rows.append(f"    | {' | '.join(cells)} |")
    return [f'??? info "{t("cl_changed", lang, count=len(diff["changed"]))}"', "", *rows, ""]


def changelog_markdown(lang: str, data: DataBundle, changes: ChangesOf) -> str:
    """Every edition, newest first: dates, changelog entries, chips that joined or left, and the changed values.

    `changes` maps each edition id to what changed during it (None when neither a record nor git history says).
    """
    editions: list[dict[str, Any]] = data.raw.get("editions") or []
    lines: list[str] = []
    for index, entry in enumerate(editions):
        older = editions[index + 1] if index + 1 < len(editions) else None
        current = " · " + t("cl_current", lang) if entry["id"] == data.edition.get("id") else ""
        lines += [
            f"## {entry['name']}{current} {{ #{entry['id']} }}",
            "",
            t("cl_dates", lang, started=entry["started"], reviewed=entry["last_reviewed"]),
            "",
        ]
        text_key = "change_es" if lang == "es" else "change"
        lines += [f"- **{change['date']}**: {change[text_key]}" for change in entry["changelog"]]
        lines.append("")
        members = _members(data, entry["id"])
        if older is None:
            lines += [t("cl_first", lang, count=len(members), chips=_links(members, data, lang)), ""]
        else:
            before = _members(data, older["id"])
            carried = [chip for chip in members if chip in before]
            lines += [t("cl_carried", lang, count=len(carried), previous=older["name"]), ""]
            joined, left = [c for c in members if c not in before], [c for c in before if c not in members]
            if joined:
                lines += [t("cl_joined", lang, count=len(joined), chips=_links(joined, data, lang)), ""]
            if left:
                lines += [t("cl_left", lang, count=len(left), chips=_links(left, data, lang)), ""]
        diff = changes.get(entry["id"])
        if diff is None:
            lines += [t("cl_unknown", lang), ""]
        elif not diff["changed"]:
            lines += [t("cl_no_changes", lang), ""]
        else:
            lines += _changes_table(diff, data, lang)
    return "\n".join(lines)


def all_changes(data: DataBundle, data_dir: Path) -> ChangesOf:
    """What changed during each edition: its record, else git (up to the next edition's start, or now)."""
    editions = data.raw.get("editions") or []
    return {
        entry["id"]: edition_changes(data_dir, entry["id"], newer=editions[index - 1]["id"] if index else None)
        for index, entry in enumerate(editions)
    }


def register(env: Any) -> None:
    """Register `changelog()`; fail the build when the editions are inconsistent (an empty edition, an unknown id)."""
    _lang = page_lang

    data = load_data()
    problems = edition_problems(data.raw)
    if problems:
        raise ValueError("data/: " + " ".join(problems))
    found: dict[str, ChangesOf] = {}  # computed once per build, on the first page that asks

    @env.macro
    def changelog() -> str:
        """The changelog of every edition in the page's language."""
        if "changes" not in found:
            found["changes"] = all_changes(data, default_data_dir())
        return changelog_markdown(_lang(env), data, found["changes"])
