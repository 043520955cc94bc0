"""Every number in data/ has a source with a URL, a checked date and how it was checked; provenance texts
describe the document, never how it was looked up."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from calc._tooling.bundle import default_data_dir
from calc._tooling.yaml_load import load_yaml
from tests.fresh_data import fresh_bundle

BUNDLE = fresh_bundle()
ISSUE_IDS = {
    "h100-sxm",
    "h100-pcie",
    "h100-nvl",
    "h800-sxm",
    "h200-sxm",
    "b100",
    "b200",
    "gb200",
    "b300",
    "mi300x",
    "mi325x",
    "mi355x",
    "gaudi3",
    "tpu-v5e",
    "tpu-v5p",
    "tpu-v6e",
    "tpu7x",
    "trainium1",
    "trainium2",
    "inferentia2",
    "a100-sxm",
    "rtx-4090",
    "rtx-5090",
    "rtx-pro-6000",
}


def _all_sources() -> list[dict[str, Any]]:
    sources = [source for chip in BUNDLE["accelerators"] for source in chip["sources"]]
    for name in ("interconnects", "latencies", "models"):
        sources += BUNDLE[name]["sources"]
    return sources + BUNDLE["economics"]["sources"] + BUNDLE["training"]["sources"]


def test_the_edition_covers_the_issue_list() -> None:
    """data/accelerators holds at least the chips issue 3 asks for (a chip added later passes)."""
    missing = ISSUE_IDS - {chip["id"] for chip in BUNDLE["accelerators"]}
    assert not missing, sorted(missing)


@pytest.mark.parametrize("chip", BUNDLE["accelerators"], ids=lambda chip: chip["id"])
def test_every_value_has_a_source_or_a_reason(chip: dict[str, Any]) -> None:
    """Known values name a source the file lists; unknown ones carry a reason."""
    known = {source["id"] for source in chip["sources"]}
    for key, value in chip["values"].items():
        if value["si"] is None:
            assert value["reason"], f"{chip['id']} {key}: null without a reason"
        else:
            assert value["source"] in known, f"{chip['id']} {key}: source {value['source']!r}"


def test_every_source_has_url_date_and_how() -> None:
    """Sources carry an http(s) URL, an ISO date no later than the edition's review and a 'how'."""
    reviewed = dt.date.fromisoformat(BUNDLE["edition"]["last_reviewed"])
    for source in _all_sources():
        assert source["url"].startswith(("http://", "https://")), source["id"]
        assert dt.date.fromisoformat(source["checked"]) <= reviewed, source["id"]
        assert len(source["how"]) >= 10, source["id"]


def test_models_interconnects_latencies_name_listed_sources() -> None:
    """Entries in the other data files point at a source their file lists."""
    for name in ("interconnects", "latencies", "models"):
        known = {source["id"] for source in BUNDLE[name]["sources"]}
        for item in BUNDLE[name]["items"]:
            assert item["source"] in known, f"{name} {item['id']}"


def test_ids_are_kebab_case_and_unique() -> None:
    """IDs are stable URL parts: lowercase kebab-case, unique per file."""
    import re

    for name, items in (
        ("accelerators", BUNDLE["accelerators"]),
        *((n, BUNDLE[n]["items"]) for n in ("models", "interconnects", "latencies")),
    ):
        ids = [item["id"] for item in items]
        assert len(ids) == len(set(ids)), name
        assert all(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", item_id) for item_id in ids), name


# Phrases that describe how a figure was looked up rather than where it sits in its document (English, Spanish).
LOOKUP_TALK = [
    r"search tool",
    r"stored (cop(y|ies)|version|excerpt|page)",
    r"\bfound (with|by|using|via)\b",
    r"\bnot (re-?)?opened\b",
    r"\bthis (session|machine|run)\b",
    r"checked against the stored",
    r"known to the maintainers",
    r"maintainers'? reading",
    r"\b(page|excerpt|copy) (was )?checked\b",
    r"\bin the (sources|pages?|excerpt) checked\b",
    r"herramienta de b[uú]squeda",
    r"copias? almacenadas?",
    r"encontrad[oa]s? (con|mediante)",
    r"\bno (se )?(ha )?abiert[oa]\b",
    r"\besta (sesi[oó]n|m[aá]quina)\b",
]
_LOOKUP = re.compile("|".join(f"(?:{pattern})" for pattern in LOOKUP_TALK), re.IGNORECASE)


def lookup_talk(tree: Any, path: str = "") -> list[tuple[str, str]]:
    """(dotted field, matched phrase) for every string in `tree` that talks about the lookup."""
    if isinstance(tree, str):
        found = _LOOKUP.search(tree)
        return [(path or "(value)", found.group(0))] if found else []
    if isinstance(tree, dict):
        items = tree.items()
    elif isinstance(tree, list):
        items = enumerate(tree)
    else:
        return []
    return [hit for key, item in items for hit in lookup_talk(item, f"{path}.{key}" if path else str(key))]


DATA_FILES = sorted(default_data_dir().rglob("*.yaml"))


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda path: str(path.relative_to(default_data_dir())))
def test_provenance_texts_describe_the_document(path: Path) -> None:
    """No text field in data/ (how, note, reason, title, notes, changelog...) tells how a figure was looked up."""
    hits = lookup_talk(load_yaml(path.read_text(encoding="utf-8")))
    assert not hits, "; ".join(f"{path.name}: field '{field}' says {phrase!r}" for field, phrase in hits)


@pytest.mark.parametrize(
    ("planted", "field"),
    [
        ({"sources": [{"how": "Stored copy found with the project's search tool."}]}, "sources.0.how"),
        (
            {"memory": {"capacity": {"note": "Not opened this session; the maintainers' reading."}}},
            "memory.capacity.note",
        ),
        ({"compute": {"fp8": {"reason": "Not in the page excerpt checked."}}}, "compute.fp8.reason"),
        ({"sources": [{"how": "Copia almacenada encontrada con la herramienta de búsqueda."}]}, "sources.0.how"),
        ({"notes": "Comprobado en esta sesión."}, "notes"),
    ],
)
def test_lookup_talk_is_caught(planted: dict[str, Any], field: str) -> None:
    """The scan flags a planted lookup phrase and names the field it sits in."""
    assert [hit_field for hit_field, _ in lookup_talk(planted)] == [field]


def test_document_descriptions_pass() -> None:
    """Texts that say where a figure sits in its document are not flagged."""
    good = {
        "how": "Table 3 (pp. 39-40), H100 SXM5 column: BF16 989.4/1978.9; footnote: with sparsity.",
        "note": "Half of the 3,341 TFLOP/s sparse figure; the datasheet was opened to page 2 in print.",
        "reason": "Google does not publish per-chip power.",
    }
    assert lookup_talk(good) == []
