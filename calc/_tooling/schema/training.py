"""data/training.yaml: the matmul efficiency range and the published failure reports of large runs."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .common import KEBAB, Range, Source, Strict
from .problems import DataError, Problem
from .pydantic_problems import validated
from .values import check_source, source_ids


class FailureCause(Strict):
    """One row of a published root-cause table: the component as printed, its category, count and printed share."""

    id: Annotated[str, Field(pattern=KEBAB)]
    component: str
    category: Literal["gpu", "host", "network", "dependency", "unplanned-maintenance", "unknown"]
    count: Annotated[int, Field(gt=0)]
    printed_percent: Annotated[float, Field(gt=0, le=100)]


class CheckpointStorage(Strict):
    """A published storage system's aggregate throughput (TB/s) and capacity, for a checkpoint's write time."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    sustained_tbytes_s: Annotated[float, Field(gt=0)]
    peak_tbytes_s: Annotated[float, Field(gt=0)]
    capacity_pbytes: Annotated[float, Field(gt=0)] | None = None
    servers: Annotated[int, Field(gt=0)] | None = None
    per_gpu_checkpoint_low_bytes: Annotated[float, Field(gt=0)] | None = None
    per_gpu_checkpoint_high_bytes: Annotated[float, Field(gt=0)] | None = None
    source: str
    note: str | None = None


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
    causes: list[FailureCause] | None = None


class Training(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    matmul_efficiency: Range
    failures: Annotated[list[FailureReport], Field(min_length=1)]
    default_failures: str
    checkpoint_storage: Annotated[list[CheckpointStorage], Field(min_length=1)]
    default_checkpoint_storage: str


def _check_causes(report: FailureReport, where: str) -> None:
    """A root-cause table's counts add up to the unexpected interruptions it classifies; its ids are unique."""
    if not report.causes:
        return
    if report.unexpected is None:
        raise DataError(f"{where}: field 'causes': needs 'unexpected', the interruptions they classify")
    total = sum(cause.count for cause in report.causes)
    if total != report.unexpected:
        raise DataError(f"{where}: field 'causes': counts add up to {total}, not the {report.unexpected} unexpected")
    if len({cause.id for cause in report.causes}) != len(report.causes):
        raise DataError(f"{where}: field 'causes': ids repeat")


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
            _check_causes(report, where)
        ids.add(report.id)
    if data.default_failures not in ids:
        problems.add(Problem(f"{file_name}: field 'default_failures': no failure report {data.default_failures!r}"))
    for storage in data.checkpoint_storage:
        where = f"{file_name} [{storage.id}]"
        with problems.collect():
            check_source(storage.source, known, where=where, key="source")
            if storage.peak_tbytes_s < storage.sustained_tbytes_s:
                raise DataError(f"{where}: field 'peak_tbytes_s': below the sustained throughput")
    if data.default_checkpoint_storage not in {storage.id for storage in data.checkpoint_storage}:
        problems.add(
            Problem(f"{file_name}: field 'default_checkpoint_storage': no storage {data.default_checkpoint_storage!r}")
        )
    problems.raise_any()
    return data
