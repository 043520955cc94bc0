"""Checks of one value: its unit and dimension, its source among the file's, its plausible range (bounds.py)."""

from __future__ import annotations

import math
from typing import Any

from ..._internal.i18n import LANGS
from ..._internal.units import parse_quantity
from .. import bounds
from .common import Source, Sourced
from .problems import DataError, Problem

BIDIRECTIONAL_TOLERANCE = 0.01


def bounded(
    kind: str, si: float | None, *, written: object, outlier_reason: str | None, where: str, key: str
) -> list[Problem]:
    """A value against its plausible range (bounds.BOUNDS): fine inside it, or outside it with an `outlier_reason`;
    zero or negative where the range starts above zero is impossible, whatever the reason."""
    if si is None or kind not in bounds.BOUNDS:
        return []
    (low, high), (low_si, high_si) = bounds.BOUNDS[kind], bounds.BOUNDS_SI[kind]
    fields = {"where": where, "field": key, "value": f"'{written}'"}
    if si < 0 or (si == 0 and low_si > 0):
        return [Problem(key="data_not_positive" if low_si > 0 else "data_negative", fields=fields)]
    inside = low_si * (1 - 1e-9) <= si <= high_si * (1 + 1e-9)
    if inside == (outlier_reason is None):
        return []
    by_lang = {lang: {"low": bounds.shown(low, lang), "high": bounds.shown(high, lang)} for lang in LANGS}
    return [Problem(key="data_outlier_inside" if inside else "data_out_of_bounds", fields=fields, by_lang=by_lang)]


def value_of(leaf: Any) -> Any:
    return leaf.value if isinstance(leaf, Sourced) else leaf


def source_ids(sources: list[Source], *, where: str) -> set[str]:
    ids = [source.id for source in sources]
    duplicate = {source_id for source_id in ids if ids.count(source_id) > 1}
    if duplicate:
        raise DataError(f"{where}: field 'sources': duplicate id {sorted(duplicate)[0]!r}")
    return set(ids)


def check_source(source_id: str | None, known: set[str], *, where: str, key: str) -> None:
    if source_id is not None and source_id not in known:
        raise DataError(f"{where}: field '{key}': unknown source {source_id!r} (known: {', '.join(sorted(known))})")


def check_leaf_sources(leaf: Any, known: set[str], *, where: str, key: str) -> None:
    if isinstance(leaf, Sourced):
        check_source(leaf.source, known, where=where, key=key)
        for alternative in leaf.alternatives:
            check_source(alternative.source, known, where=where, key=f"{key}.alternatives")


def close(a: float, b: float, tolerance: float) -> bool:
    return math.isclose(a, b, rel_tol=tolerance)


def leaf_bounds(kind: str, si: float | None, leaf: Any, *, where: str, key: str) -> list[Problem]:
    reason = leaf.outlier_reason if isinstance(leaf, Sourced) else None
    return bounded(kind, si, written=value_of(leaf), outlier_reason=reason, where=where, key=key)


def dimensioned(leaf: Any, expected: str, *, where: str, key: str) -> float | None:
    value = value_of(leaf)
    if value is None:
        return None
    if not isinstance(value, str):
        raise DataError(f"{where}: field '{key}': write the value with its unit ({expected})")
    try:
        si, dimension = parse_quantity(value)
    except ValueError as error:
        raise DataError(f"{where}: field '{key}': {error}") from None
    if dimension != expected:
        raise DataError(f"{where}: field '{key}': {value!r} is {dimension}, expected {expected}")
    return si
