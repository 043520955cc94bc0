"""Checks of one accelerator file: every value in its dimension, sourced and plausible, then the rules that compare
values (a 2:4 headline twice the dense figure, both directions twice one, the links of the topology)."""

from __future__ import annotations

from typing import Any

from ..._internal.units import parse_quantity
from .. import bounds
from .accelerator_fields import DENSE_KEYS, DIMENSIONS, PER_PEER_TOLERANCE, SPARSE_TOLERANCE, Accelerator
from .measured import check_measured
from .problems import DataError, Problem, Problems
from .pydantic_problems import validated
from .values import BIDIRECTIONAL_TOLERANCE, check_leaf_sources, check_source, close, leaf_bounds, source_ids, value_of


def _si(leaf: Any, *, where: str, key: str) -> float | None:
    """SI value of a leaf, checking its dimension; None when null."""
    value = value_of(leaf)
    if value is None:
        return None
    expected = DIMENSIONS[key]
    if isinstance(value, bool):
        raise DataError(f"{where}: field '{key}': expected a quantity, got {value!r}")
    if isinstance(value, (int, float)):
        if expected not in ("count", "number"):
            raise DataError(f"{where}: field '{key}': a bare number has no unit; write it with its unit ({expected})")
        return float(value)
    if expected == "number":
        raise DataError(f"{where}: field '{key}': write a plain number; the unit is in the field name")
    try:
        si, dimension = parse_quantity(value)
    except ValueError as error:
        raise DataError(f"{where}: field '{key}': {error}") from None
    if dimension != expected:
        raise DataError(f"{where}: field '{key}': {value!r} is {dimension}, expected {expected}")
    return si


def check_accelerator(raw: Any, *, file_name: str) -> Accelerator:
    """Validate one accelerator file and its consistency rules; returns the parsed model.

    The DataError names every bad field, unit, source, future date and implausible value, then the first broken
    consistency rule (those compare values, so they run once every value reads).
    """
    entry_id = raw.get("id", "?") if isinstance(raw, dict) else "?"
    where = f"{file_name} [{entry_id}]"
    chip, problems = validated(Accelerator, raw, where=where)
    with problems.collect():
        _check_chip(chip, problems, file_name=file_name, where=where)
    problems.raise_any()
    return chip


# The sections whose leaves are values (the measured section has its own checks, in measured.py).
SECTIONS = ("memory", "compute", "sparse_headline", "power", "scale_up", "scale_out", "on_chip", "internals")


def _check_chip(chip: Accelerator, problems: Problems, *, file_name: str, where: str) -> None:
    if f"{chip.id}.yaml" != file_name:
        problems.add(Problem(f"{where}: field 'id': must match the file name ({file_name})"))
    extra = [*(chip.measured.sources if chip.measured else []), *(chip.internals.sources if chip.internals else [])]
    known = source_ids([*chip.sources, *extra], where=where)
    with problems.collect():
        check_source(chip.default_source, known, where=where, key="default_source")
    read = _read_values(chip, known, problems, where=where)
    if read is None:  # the rules below compare values; with one unread they would report it again, worded worse
        return
    si, texts = read
    if chip.measured is not None:
        check_measured(chip.measured, si, texts, known, problems, where=where)
    _check_sparse_headline(chip, si, where=where)
    per_direction, both = si.get("scale_up.per_direction"), si.get("scale_up.bidirectional")
    if per_direction and both and not close(both, 2 * per_direction, BIDIRECTIONAL_TOLERANCE):
        raise DataError(f"{where}: field 'scale_up.bidirectional': must be twice 'scale_up.per_direction'")
    domain = si.get("scale_up.domain_size")
    if domain is not None and (domain < 1 or domain != int(domain)):
        raise DataError(f"{where}: field 'scale_up.domain_size': must be a whole number of accelerators")
    _check_topology(chip.scale_up.topology, si, where=where)


def _read_values(
    chip: Accelerator, known: set[str], problems: Problems, *, where: str
) -> tuple[dict[str, float | None], dict[str, str]] | None:
    """Each value leaf's SI figure and its text as written, keyed `section.leaf`, with its sources and plausible
    range checked (problems added); None when a value does not read."""
    si: dict[str, float | None] = {}
    texts: dict[str, str] = {}
    leaves = [
        (f"{section}.{leaf_name}", leaf)
        for section in SECTIONS
        for leaf_name, leaf in getattr(chip, section) or ()
        if leaf_name != "sources"
    ]
    unreadable = False
    for key, leaf in leaves:
        try:
            check_leaf_sources(leaf, known, where=where, key=key)
            if key in DIMENSIONS and leaf is not None:
                si[key] = _si(leaf, where=where, key=key)
                texts[key] = str(value_of(leaf))
                problems.add(*leaf_bounds(bounds.kind_of(key), si[key], leaf, where=where, key=key))
        except DataError as error:
            problems.add(*error.problems)
            unreadable = True
    return None if unreadable else (si, texts)


def _check_sparse_headline(chip: Accelerator, si: dict[str, float | None], *, where: str) -> None:
    """A 2:4 sparse headline is twice the dense figure of each format, but for the formats listed `not_doubled`."""
    sparse = chip.sparse_headline
    if sparse is None or sparse.sparsity != "2:4":
        return
    for key in DENSE_KEYS:
        dense, headline = si.get(f"compute.{key}"), si.get(f"sparse_headline.{key}")
        if dense and headline and key not in sparse.not_doubled and not close(headline, 2 * dense, SPARSE_TOLERANCE):
            raise DataError(
                f"{where}: field 'sparse_headline.{key}': a 2:4 headline must be twice the dense "
                f"compute.{key}; add {key} to 'not_doubled' if the vendor publishes another ratio"
            )


def _links_per_accelerator(topology: str, *, domain: float | None, torus_dims: float | None) -> float | None:
    """How many per-peer links add up to the per-direction total: a mesh links every peer, a torus two
    neighbours per dimension, a ring two neighbours; None where the total is not a sum of links (switch)."""
    if topology == "mesh":
        return domain - 1 if domain else None
    if topology == "torus":
        return 2 * torus_dims if torus_dims else None
    if topology == "ring":
        return 2.0
    return None


def _check_topology(topology: str, si: dict[str, float | None], *, where: str) -> None:
    """Scale-up fields agree with the topology: a torus has dimensions, no link means no bandwidth, and the
    per-peer bandwidth times the number of links is the per-direction total."""
    per_direction, both = si.get("scale_up.per_direction"), si.get("scale_up.bidirectional")
    per_peer, dims, domain = si.get("scale_up.per_peer"), si.get("scale_up.torus_dims"), si.get("scale_up.domain_size")
    if topology == "torus" and dims is None:
        raise DataError(f"{where}: field 'scale_up.torus_dims': a torus needs its number of dimensions")
    if topology != "torus" and dims is not None:
        raise DataError(f"{where}: field 'scale_up.torus_dims': only a torus has dimensions (topology is {topology})")
    if dims is not None and (dims != int(dims) or not 1 <= dims <= 6):
        raise DataError(f"{where}: field 'scale_up.torus_dims': must be a whole number from 1 to 6")
    if topology == "none":
        if per_direction or both or per_peer:
            raise DataError(f"{where}: field 'scale_up.topology': 'none' cannot carry a scale-up bandwidth")
        if domain not in (None, 1.0):
            raise DataError(f"{where}: field 'scale_up.domain_size': with topology 'none' the domain is 1")
        return
    if topology in ("mesh", "switch") and domain == 1:
        raise DataError(f"{where}: field 'scale_up.domain_size': a {topology} joins at least 2 accelerators")
    total = per_direction if per_direction else (both / 2 if both else None)
    if per_peer is None or total is None:
        return
    if per_peer > total * (1 + PER_PEER_TOLERANCE):
        raise DataError(f"{where}: field 'scale_up.per_peer': larger than the per-direction total")
    links = _links_per_accelerator(topology, domain=domain, torus_dims=dims)
    if links and not close(per_peer * links, total, PER_PEER_TOLERANCE):
        raise DataError(
            f"{where}: field 'scale_up.per_peer': {links:g} links of per_peer must add up to the per-direction "
            f"total for a {topology}"
        )
