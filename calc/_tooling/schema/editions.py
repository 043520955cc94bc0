"""data/edition.yaml: the current edition and every edition, newest first, each with its changelog."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import Field

from .common import KEBAB, Strict
from .problems import Problem
from .pydantic_problems import validated


class Change(Strict):
    """One changelog entry, in both languages."""

    date: dt.date
    change: Annotated[str, Field(min_length=3)]
    change_es: Annotated[str, Field(min_length=3)]


class Edition(Strict):
    """One edition: its id (what chips list), its name, when it started and was last reviewed, its changelog."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    started: dt.date
    last_reviewed: dt.date
    changelog: Annotated[list[Change], Field(min_length=1)]


class Editions(Strict):
    """data/edition.yaml: the current edition's id and every edition, newest first."""

    current: Annotated[str, Field(pattern=KEBAB)]
    editions: Annotated[list[Edition], Field(min_length=1)]


def check_edition(raw: Any, *, file_name: str) -> Editions:
    """Validate data/edition.yaml: unique ids, newest first, and a current edition that is listed."""
    data, problems = validated(Editions, raw, where=file_name)
    ids = [edition.id for edition in data.editions]
    duplicate = sorted({edition_id for edition_id in ids if ids.count(edition_id) > 1})
    if duplicate:
        problems.add(Problem(f"{file_name} [{duplicate[0]}]: field 'id': duplicate edition id"))
    for newer, older in zip(data.editions, data.editions[1:], strict=False):
        if older.started > newer.started:
            problems.add(
                Problem(
                    f"{file_name} [{older.id}]: field 'started': editions are listed newest first, "
                    f"but {older.id} started after {newer.id}"
                )
            )
    if data.current not in ids:
        problems.add(
            Problem(
                f"{file_name} [{data.current}]: field 'current': no edition with this id is listed "
                f"(listed: {', '.join(ids)})"
            )
        )
    problems.raise_any()
    return data
