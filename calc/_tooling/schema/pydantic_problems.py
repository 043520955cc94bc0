"""A file validated against its pydantic model: each bad field as one problem worded for the reader, the entry it
belongs to found in the raw data, and every date checked against the latest one data/ accepts."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from .. import bounds
from .common import KEBAB, URL
from .problems import DataError, Problem, Problems


def _field(loc: tuple[Any, ...]) -> str:
    parts = [
        str(part)
        for part in loc
        if not (isinstance(part, str) and ("[" in part or part in ("str", "int", "float", "Sourced")))
    ]
    return ".".join(parts) or "(file)"


# Pydantic errors that only say a value is not of one member of a union; a deeper error says what is wrong with it.
BASIC_ERRORS = (
    "string_type",
    "int_type",
    "float_type",
    "int_parsing",
    "float_parsing",
    "int_from_float",
    "model_type",
    "none_required",
)


def _locate(raw: Any, loc: tuple[Any, ...], where: str) -> tuple[str, str]:
    """`file [entry]` and the field a location in `raw` points at.

    The entry is the list item with an `id` the location falls in (a model, a link, a system, an edition), else
    the mapping that holds the field (`pue`, a price's accelerator); an accelerator file is its own entry.
    """
    if "[" in where:
        return where, _field(loc)
    node = raw
    for index, part in enumerate(loc):
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            item_id = node[part].get("id") if isinstance(node[part], dict) else None
            entry = item_id if isinstance(item_id, str) and item_id else f"{_field(loc[:index])}.{part}"
            return f"{where} [{entry}]", _field(loc[index + 1 :])
        node = node.get(part) if isinstance(node, dict) else None
    name = _field(loc)
    parts = name.split(".")
    return (f"{where} [{parts[-2]}]" if len(parts) > 1 else where), name


def _wording(error: Any, where: str, name: str) -> Problem:
    pattern = (error.get("ctx") or {}).get("pattern")
    if error["type"] == "string_pattern_mismatch" and pattern in (KEBAB, URL):
        key = "data_bad_id" if pattern == KEBAB else "data_bad_url"
        return Problem(key=key, fields={"where": where, "field": name, "value": repr(error["input"])})
    message = error["msg"].replace("Extra inputs are not permitted", "unknown field").removeprefix("Value error, ")
    return Problem(f"{where}: field '{name}': {message}")


def _rank(error: Any) -> tuple[bool, bool, int]:
    """How specific a pydantic error is: unknown or missing fields first, then any but a union's type complaint,
    then the deepest location."""
    return error["type"] in ("extra_forbidden", "missing"), error["type"] not in BASIC_ERRORS, len(error["loc"])


def _dates(node: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], dt.date]]:
    """Every date in a validated model, with its location."""
    if isinstance(node, dt.date):
        yield loc, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _dates(getattr(node, name), (*loc, name))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _dates(item, (*loc, index))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from _dates(item, (*loc, key))


def validated(model: type[BaseModel], raw: Any, *, where: str) -> tuple[Any, Problems]:
    """Validate `raw` against `model`: the parsed model and the problems found so far (dates in the future), for
    the caller's checks to add to. Raises a DataError with one problem per bad field when `raw` does not fit."""
    try:
        data = model.model_validate(raw)
    except ValidationError as error:
        best: dict[tuple[str, str], Any] = {}
        for item in error.errors():
            place = _locate(raw, item["loc"], where)
            if place not in best or _rank(item) > _rank(best[place]):
                best[place] = item
        raise DataError(
            *(
                _wording(item, at, name)
                for (at, name), item in best.items()
                if not (
                    item["type"] in BASIC_ERRORS
                    and any(other_at == at and other.startswith(f"{name}.") for other_at, other in best)
                )
            )
        ) from None
    problems = Problems()
    latest = bounds.latest_date()
    for loc, date in _dates(data):
        if date > latest:
            at, name = _locate(raw, loc, where)
            fields = {"where": at, "field": name, "date": date.isoformat(), "latest": latest.isoformat()}
            problems.add(Problem(key="data_future_date", fields=fields))
    return data, problems
