# The landscape table as files to take along: every spec and measured figure of the current edition's
# accelerators, each with its unit and source id, and each chip's sources (title, URL, date checked), as CSV
# and JSON. Written into the built site from calc.load_data(); the data is the same in every language.
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from calc import load_data
from tools.data_pages import in_current_edition

if TYPE_CHECKING:
    from calc import Accelerator, DataBundle, MeasuredValue, SourcedValue

# Where the files sit in the built site (a folder at its root, whatever the page's language).
FOLDER = "downloads"
FILES = {"csv": "x4-landscape.csv", "json": "x4-landscape.json", "sources_csv": "x4-landscape-sources.csv"}
# The SI unit each dimension of data/ is stored in.
UNITS = {
    "bytes": "B",
    "bytes_per_s": "B/s",
    "bits_per_s": "bit/s",
    "flop_per_s": "FLOP/s",
    "op_per_s": "OP/s",
    "watts": "W",
    "seconds": "s",
    "count": "count",
}
CSV_COLUMNS = (
    "accelerator",
    "name",
    "vendor",
    "year",
    "field",
    "kind",
    "value",
    "unit",
    "as_published",
    "message_bytes",
    "source",
    "source_title",
    "source_url",
    "source_checked",
    "benchmark",
    "software",
    "note",
    "reason",
)
SOURCE_COLUMNS = ("accelerator", "source", "kind", "title", "url", "checked")


def unit_of(dimension: str | None) -> str | None:
    """The SI unit a value of this dimension is given in; None for a value data/ does not have."""
    if dimension is None:
        return None
    return UNITS[dimension]


def _source(chip: Accelerator, source_id: str | None) -> dict[str, Any]:
    return next((s for s in chip.sources if s.get("id") == source_id), {})


def _record(chip: Accelerator, path: str, value: SourcedValue | MeasuredValue, kind: str) -> dict[str, Any]:
    record: dict[str, Any] = {
        "field": path,
        "kind": kind,
        "value": value.si,
        "unit": unit_of(value.dimension) if value.si is not None else None,
        "as_published": value.text,
        "source": value.source,
    }
    for key in ("benchmark", "software"):
        if getattr(value, key, None):
            record[key] = getattr(value, key)
    if value.note:
        record["note"] = value.note
    if value.reason:
        record["reason"] = value.reason
    return record


def _sweep_records(chip: Accelerator) -> list[dict[str, Any]]:
    """The AllReduce's measured bus bandwidth at each message size, where the data has a sweep."""
    sweep = chip.allreduce_sweep_record
    if not sweep:
        return []
    extra = {k: sweep[k] for k in ("benchmark", "software") if sweep.get(k)}
    return [
        {
            "field": "measured.scale_up_allreduce_sweep",
            "kind": "measured",
            "value": rate,
            "unit": UNITS["bytes_per_s"],
            "as_published": None,
            "message_bytes": size,
            "ranks": sweep.get("ranks"),
            "source": sweep["source"],
            **extra,
        }
        for size, rate in chip.allreduce_sweep
    ]


def chip_record(chip: Accelerator) -> dict[str, Any]:
    """One accelerator: its identity, every spec and measured figure, and its sources."""
    values = [_record(chip, path, value, "spec") for path, value in chip.values.items()]
    values += [_record(chip, path, value, "measured") for path, value in chip.measured.items()]
    values += _sweep_records(chip)
    return {
        "id": chip.id,
        "name": chip.name,
        "vendor": chip.vendor,
        "year": chip.year,
        "category": chip.category,
        "values": values,
        "sources": [{k: source.get(k) for k in ("id", "kind", "title", "url", "checked")} for source in chip.sources],
    }


def landscape_document(data: DataBundle | None = None) -> dict[str, Any]:
    """The JSON download: the edition, the units, and one record per accelerator of the current edition."""
    data = data or load_data()
    edition = {k: data.edition.get(k) for k in ("id", "name", "last_reviewed")}
    return {
        "title": "X4 accelerator landscape",
        "edition": edition,
        "units": dict(UNITS),
        "accelerators": [chip_record(chip) for chip in in_current_edition(data)],
    }


def _csv_text(rows: list[dict[str, Any]], columns: tuple[str, ...]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ("" if row.get(k) is None else row[k]) for k in columns})
    return out.getvalue()


def landscape_csv(document: dict[str, Any]) -> str:
    """One row per value: the chip, the field, its SI value and unit, as published, and its source in full."""
    rows = []
    for chip in document["accelerators"]:
        sources = {s["id"]: s for s in chip["sources"]}
        for value in chip["values"]:
            source = sources.get(value["source"], {})
            rows.append(
                {
                    "accelerator": chip["id"],
                    "name": chip["name"],
                    "vendor": chip["vendor"],
                    "year": chip["year"],
                    **value,
                    "value": "" if value["value"] is None else repr(float(value["value"])),
                    "source_title": source.get("title"),
                    "source_url": source.get("url"),
                    "source_checked": source.get("checked"),
                }
            )
    return _csv_text(rows, CSV_COLUMNS)


def sources_csv(document: dict[str, Any]) -> str:
    """Every chip's sources, one row each."""
    rows = [
        {"accelerator": chip["id"], "source": s["id"], **{k: s.get(k) for k in ("kind", "title", "url", "checked")}}
        for chip in document["accelerators"]
        for s in chip["sources"]
    ]
    return _csv_text(rows, SOURCE_COLUMNS)


def write_downloads(site: Path, data: DataBundle | None = None) -> list[Path]:
    """Write the CSV and JSON files into the built site; returns their paths."""
    document = landscape_document(data)
    folder = site / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    texts = {
        FILES["csv"]: landscape_csv(document),
        FILES["json"]: json.dumps(document, ensure_ascii=False, indent=1) + "\n",
        FILES["sources_csv"]: sources_csv(document),
    }
    written = []
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def download_links(lang: str, depth: int) -> str:
    """The download links as raw HTML from a page `depth` folders below the language root (the files are not
    docs pages, so Markdown links to them would not validate)."""
    from tools.data_pages import lang_prefix
    from tools.messages import t

    up = "../" * (depth + (1 if lang_prefix(lang) else 0))
    links = " · ".join(
        f'<a href="{up}{FOLDER}/{FILES[key]}" download>{t(f"downloads.{key}", lang)}</a>'
        for key in ("csv", "json", "sources_csv")
    )
    return f'<p class="x4-downloads"><strong>{t("downloads.title", lang)}</strong> {links}. {t("downloads.note", lang)}</p>'
