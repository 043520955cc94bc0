"""data/economics.yaml: prices of known accelerators, electricity, PUE and grid carbon, each a plausible range."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from .common import Range, Source, Strict
from .problems import DataError, Problem
from .pydantic_problems import validated
from .values import bounded, check_source, source_ids


class Economics(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    accelerator_hour_usd: dict[str, Range]
    electricity_usd_per_kwh: Range
    pue: Range
    grid_carbon_g_per_kwh: Range


def check_economics(raw: Any, *, file_name: str, accelerator_ids: set[str]) -> Economics:
    """Validate data/economics.yaml; prices must name known accelerators, and every range be plausible.

    A range's `outlier_reason` covers its low, typical and high figures.
    """
    data, problems = validated(Economics, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    ranges = {f"accelerator_hour_usd.{key}": value for key, value in data.accelerator_hour_usd.items()}
    ranges.update(
        electricity_usd_per_kwh=data.electricity_usd_per_kwh,
        pue=data.pue,
        grid_carbon_g_per_kwh=data.grid_carbon_g_per_kwh,
    )
    for key, value in ranges.items():
        price = key.startswith("accelerator_hour_usd.")
        entry = key.split(".", 1)[1] if price else key
        where = f"{file_name} [{entry}]"
        with problems.collect():
            if price and entry not in accelerator_ids:
                raise DataError(f"{where}: field 'accelerator_hour_usd': unknown accelerator id {entry!r}")
            check_source(value.source, known, where=where, key=f"{key}.source")
            implausible = [
                problem
                for part in ("low", "typical", "high")
                for problem in bounded(
                    "accelerator_hour_usd" if price else key,
                    getattr(value, part),
                    written=getattr(value, part),
                    outlier_reason=value.outlier_reason,
                    where=where,
                    key=f"{key}.{part}",
                )
                if problem.key != "data_outlier_inside"
            ]
            problems.add(*implausible)
            if not implausible and not 0 < value.low <= value.typical <= value.high:
                raise DataError(f"{where}: field '{key}': need 0 < low <= typical <= high")
    if data.pue.low < 1:
        problems.add(Problem(f"{file_name} [pue]: field 'pue.low': PUE cannot be below 1"))
    problems.raise_any()
    return data
