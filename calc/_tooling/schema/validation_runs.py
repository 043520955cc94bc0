"""data/validation.yaml: published measured runs, each a calculator's inputs and the figure it should reproduce."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from .common import KEBAB, Scalar, Source, Strict
from .problems import Problem
from .pydantic_problems import validated
from .values import check_source, source_ids


class ValidationGroup(Strict):
    """Runs from one document: the convention of its figure and the settings X4 had to assume."""

    id: Annotated[str, Field(pattern=KEBAB)]
    convention: Annotated[str, Field(min_length=10)]
    note: Annotated[str, Field(min_length=10)]


class ValidationRun(Strict):
    """One published measured run: a calculator's inputs, the published figure in the metric's unit, a tolerance."""

    id: Annotated[str, Field(pattern=KEBAB)]
    group: str
    name: str
    calculator: str
    inputs: dict[str, Scalar]
    metric: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    unit: str
    published: Annotated[float, Field(gt=0)]
    tolerance: Annotated[float, Field(gt=0, lt=1)]
    source: str
    where: Annotated[str, Field(min_length=3)]
    known_miss: str | None = None
    # Copies of the calculator's system that served the run side by side (a metric may count them all).
    replicas: Annotated[int, Field(ge=1)] = 1


class Validation(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    groups: Annotated[list[ValidationGroup], Field(min_length=1)]
    runs: Annotated[list[ValidationRun], Field(min_length=1)]


def check_validation(raw: Any, *, file_name: str) -> Validation:
    """Validate data/validation.yaml: known sources and groups, unique run ids; every bad run is named."""
    data, problems = validated(Validation, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    groups = {group.id for group in data.groups}
    seen: set[str] = set()
    for run in data.runs:
        where = f"{file_name} [{run.id}]"
        with problems.collect():
            check_source(run.source, known, where=where, key="source")
        if run.group not in groups:
            problems.add(
                Problem(f"{where}: field 'group': no group {run.group!r} (known: {', '.join(sorted(groups))})")
            )
        if run.id in seen:
            problems.add(Problem(f"{where}: field 'id': {run.id!r} appears twice"))
        seen.add(run.id)
    problems.raise_any()
    return data
