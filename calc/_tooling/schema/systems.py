"""data/systems.yaml: baseboards, nodes, racks and pods, holding known accelerators, with sourced, plausible figures."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .common import KEBAB, Leaf, Source, Sourced, Strict
from .problems import DataError, Problems
from .pydantic_problems import validated
from .values import check_leaf_sources, check_source, dimensioned, leaf_bounds, source_ids, value_of


class SystemAccelerator(Strict):
    """Which accelerator a system holds, and how many."""

    id: Annotated[str, Field(pattern=KEBAB)]
    count: Annotated[int, Field(ge=1)]


class System(Strict):
    """A baseboard, node, rack or pod: accelerators, CPUs, power, cooling (hybrid: liquid cold plates plus air),
    scale-up domain and how many fit in a rack, each sourced."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    kind: Literal["baseboard", "node", "rack", "pod"]
    accelerators: Annotated[list[SystemAccelerator], Field(min_length=1)]
    cpus: Leaf
    power_max: Leaf
    power_typical: Leaf
    cooling: Literal["air", "liquid", "hybrid"] | Sourced
    scale_up_domain: Leaf
    per_rack: Leaf
    topology: str | Sourced
    note: str | None = None
    source: str


class Systems(Strict):
    """data/systems.yaml."""

    sources: Annotated[list[Source], Field(min_length=1)]
    systems: list[System]


COOLING = ("air", "liquid", "hybrid")

# Expected dimension of each quantity leaf of a system.
# `per_rack` is how many of the system fit in one rack as the source lays them out (1 for a rack-scale system).
SYSTEM_DIMENSIONS = {
    "cpus": "count",
    "power_max": "watts",
    "power_typical": "watts",
    "scale_up_domain": "count",
    "per_rack": "count",
}


def check_systems(raw: Any, *, file_name: str, accelerator_ids: set[str]) -> Systems:
    """Validate data/systems.yaml: known accelerators and sources, quantities in their dimension and plausible."""
    data, problems = validated(Systems, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    seen: set[str] = set()
    for system in data.systems:
        where = f"{file_name} [{system.id}]"
        with problems.collect():
            if system.id in seen:
                raise DataError(f"{where}: field 'id': duplicate system id")
            seen.add(system.id)
            _check_system(system, known, accelerator_ids, problems, where=where)
    problems.raise_any()
    return data


def _check_system(
    system: System, known: set[str], accelerator_ids: set[str], problems: Problems, *, where: str
) -> None:
    check_source(system.source, known, where=where, key="source")
    for index, held in enumerate(system.accelerators):
        if held.id not in accelerator_ids:
            raise DataError(f"{where}: field 'accelerators.{index}.id': unknown accelerator id {held.id!r}")
    for key in ("cooling", "topology"):
        check_leaf_sources(getattr(system, key), known, where=where, key=key)
    cooling = value_of(system.cooling)
    if cooling is not None and cooling not in COOLING:
        raise DataError(f"{where}: field 'cooling': {cooling!r} is not one of {', '.join(COOLING)}")
    values = {}
    for key, expected in SYSTEM_DIMENSIONS.items():
        leaf = getattr(system, key)
        check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = _system_si(leaf, expected, where=where, key=key)
        problems.add(*leaf_bounds(f"system.{key}", values[key], leaf, where=where, key=key))
    low, high = values["power_typical"], values["power_max"]
    if low is not None and high is not None and low > high:
        raise DataError(f"{where}: field 'power_typical': cannot exceed power_max")
    domain = values["scale_up_domain"]
    if domain is not None and (domain < 1 or domain != int(domain)):
        raise DataError(f"{where}: field 'scale_up_domain': must be a whole number of accelerators")
    per_rack = values["per_rack"]
    if per_rack is not None and per_rack < 1:
        raise DataError(f"{where}: field 'per_rack': at least one system fits in a rack")


def _system_si(leaf: Any, expected: str, *, where: str, key: str) -> float | None:
    value = value_of(leaf)
    if value is None:
        return None
    if expected == "count":
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{where}: field '{key}': write a whole number")
        return float(value)
    return dimensioned(leaf, expected, where=where, key=key)
