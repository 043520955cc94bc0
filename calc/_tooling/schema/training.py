"""data/training.yaml: the matmul efficiency range and the published failure reports of large runs."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from .common import KEBAB, Range, Source, Strict
from .problems import DataError, Problem
from .pydantic_problems import validated
from .values import check_source, source_ids


class FailureReport(Strict):
    """A published count of a large run's interruptions: accelerators, days observed, interruptions."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    accelerators: Annotated[int, Field(gt=0)]
    days: Annotated[float, Field(gt=0)]
    interruptions: Annotated[int, Field(gt=0)]
    unexpected: int | None = None
    source: str
    note: str | None = None


class Training(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    matmul_efficiency: Range
    failures: Annotated[list[FailureReport], Field(min_length=1)]
    default_failures: str


def check_training(raw: Any, *, file_name: str) -> Training:
    """Validate data/training.yaml: an efficiency between 0 and 1, failure counts that add up, known sources."""
    data, problems = validated(Training, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    efficiency = data.matmul_efficiency
    with problems.collect():
        check_source(efficiency.source, known, where=f"{file_name} [matmul_efficiency]", key="source")
    if not 0 < efficiency.low <= efficiency.typical <= efficiency.high <= 1:
        problems.add(
            Problem(f"{file_name} [matmul_efficiency]: field 'matmul_efficiency': need 0 < low <= typical <= high <= 1")
        )
    ids = set()
    for report in data.failures:
        where = f"{file_name} [{report.id}]"
        with problems.collect():
            check_source(report.source, known, where=where, key="source")
            if report.unexpected is not None and report.unexpected > report.interruptions:
                raise DataError(f"{where}: field 'unexpected': cannot exceed interruptions")
        ids.add(report.id)
    if data.default_failures not in ids:
        problems.add(Problem(f"{file_name}: field 'default_failures': no failure report {data.default_failures!r}"))
    problems.raise_any()
    return data
