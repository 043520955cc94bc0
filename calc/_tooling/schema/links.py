"""data/interconnects.yaml and data/latencies.yaml: links with their bandwidth and latency, latencies low to high."""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import Field

from .common import KEBAB, Leaf, Source, Strict
from .problems import DataError, Problems
from .pydantic_problems import validated
from .values import (
    BIDIRECTIONAL_TOLERANCE,
    check_leaf_sources,
    check_source,
    close,
    dimensioned,
    leaf_bounds,
    source_ids,
)


class Interconnect(Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    kind: Literal["die-to-die", "cpu-gpu", "scale-up", "switch", "scale-out", "storage"]
    scope: Literal["package", "node", "rack", "cluster"]
    per_direction: Leaf | None = None
    bidirectional: Leaf | None = None
    latency: Leaf
    note: str | None = None
    source: str


class Interconnects(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    interconnects: list[Interconnect]


class Latency(Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    typical: Leaf
    low: Leaf | None = None
    high: Leaf | None = None
    note: str | None = None
    source: str


class Latencies(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    latencies: list[Latency]


def check_interconnects(raw: Any, *, file_name: str) -> Interconnects:
    """Validate data/interconnects.yaml; every link is checked, and the DataError names each bad one."""
    data, problems = validated(Interconnects, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    for link in data.interconnects:
        with problems.collect():
            _check_link(link, known, problems, where=f"{file_name} [{link.id}]")
    problems.raise_any()
    return data


def _check_link(link: Interconnect, known: set[str], problems: Problems, *, where: str) -> None:
    check_source(link.source, known, where=where, key="source")
    if link.per_direction is None and link.bidirectional is None:
        raise DataError(f"{where}: field 'per_direction': give per_direction or bidirectional bandwidth")
    values = {}
    for key, expected, kind in (
        ("per_direction", "bytes_per_s", "interconnect.bandwidth"),
        ("bidirectional", "bytes_per_s", "interconnect.bandwidth"),
        ("latency", "seconds", "interconnect.latency"),
    ):
        leaf = getattr(link, key)
        check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = dimensioned(leaf, expected, where=where, key=key)
        problems.add(*leaf_bounds(kind, values[key], leaf, where=where, key=key))
    if (
        values["per_direction"]
        and values["bidirectional"]
        and not close(values["bidirectional"], 2 * values["per_direction"], BIDIRECTIONAL_TOLERANCE)
    ):
        raise DataError(f"{where}: field 'bidirectional': must be twice 'per_direction'")


def check_latencies(raw: Any, *, file_name: str) -> Latencies:
    """Validate data/latencies.yaml: every value in seconds and plausible, low <= typical <= high."""
    data, problems = validated(Latencies, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    for item in data.latencies:
        with problems.collect():
            _check_latency(item, known, problems, where=f"{file_name} [{item.id}]")
    problems.raise_any()
    return data


def _check_latency(item: Latency, known: set[str], problems: Problems, *, where: str) -> None:
    check_source(item.source, known, where=where, key="source")
    values = {}
    for key in ("low", "typical", "high"):
        leaf = getattr(item, key)
        check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = dimensioned(leaf, "seconds", where=where, key=key)
        problems.add(*leaf_bounds("latency", values[key], leaf, where=where, key=key))
    if values["typical"] is None:
        raise DataError(f"{where}: field 'typical': a latency needs a typical value")
    if (values["low"] or 0.0) > values["typical"] or values["typical"] > (values["high"] or math.inf):
        raise DataError(f"{where}: field 'typical': must lie between low and high")
