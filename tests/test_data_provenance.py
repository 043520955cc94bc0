"""Every number in data/ has a source with a URL, a checked date and how it was checked."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from calc._tooling.bundle import build_bundle, default_data_dir

BUNDLE = build_bundle(default_data_dir())
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
    return sources + BUNDLE["economics"]["sources"]


def test_the_edition_covers_the_issue_list() -> None:
    """data/accelerators holds exactly the chips issue 3 asks for."""
    assert {chip["id"] for chip in BUNDLE["accelerators"]} == ISSUE_IDS


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
