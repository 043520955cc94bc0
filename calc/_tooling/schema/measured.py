"""Checks of an accelerator's measured section: each figure sourced, plausible and below its peak; a sweep that meets
the large-message figure; a reported capacity near the datasheet's."""

from __future__ import annotations

from .. import bounds
from .accelerator_fields import COLLECTIVE_FIGURES, Measured, MeasuredSection
from .problems import DataError, Problems
from .values import bounded, check_source, dimensioned


def check_measured(
    section: MeasuredSection,
    si: dict[str, float | None],
    peaks: dict[str, str],
    known: set[str],
    problems: Problems,
    *,
    where: str,
) -> None:
    """Each measurement names a known source, lies in its format's plausible range (added to `problems`) and stays
    below its peak (dense, same format); no peak, no check."""
    entries: list[tuple[str, Measured, str, str]] = [
        (f"measured.matmul.{dtype}", item, "op_per_s" if dtype == "int8" else "flop_per_s", f"compute.{dtype}")
        for dtype, item in section.matmul.items()
    ]
    entries += [
        (f"measured.attention.{dtype}", item, "flop_per_s", f"compute.{dtype}")
        for dtype, item in section.attention.items()
    ]
    if section.memory_bandwidth is not None:
        entries.append(("measured.memory_bandwidth", section.memory_bandwidth, "bytes_per_s", "memory.bandwidth"))
    if section.memory_capacity is not None:  # may pass the datasheet's decimal figure: checked in `_check_reported`
        entries.append(("measured.memory_capacity", section.memory_capacity, "bytes", ""))
    # A collective's bus bandwidth can pass the link's (NVLink SHARP reduces in the switch): no peak to compare.
    for name, dimension in COLLECTIVE_FIGURES.items():
        item = getattr(section, name)
        if item is not None:
            entries.append((f"measured.{name}", item, dimension, ""))
    for key, item, dimension, peak_key in entries:
        check_source(item.source, known, where=where, key=key)
        figures = [(item.value, key)] + [(alt.value, f"{key}.alternatives") for alt in item.alternatives]
        for alternative in item.alternatives:
            check_source(alternative.source, known, where=where, key=f"{key}.alternatives")
        for value, field in figures:
            measured = dimensioned(value, dimension, where=where, key=field)
            if measured is None:
                continue
            if field == key:
                reason = item.outlier_reason
                problems.add(
                    *bounded(bounds.kind_of(key), measured, written=value, outlier_reason=reason, where=where, key=key)
                )
            if not peak_key:
                continue
            peak = si.get(peak_key)
            if peak is None:
                raise DataError(f"{where}: field '{field}': no dense peak '{peak_key}' to compare the measurement with")
            if measured >= peak:
                raise DataError(
                    f"{where}: field '{field}': measured {value} must be below the peak {peak_key} = "
                    f"{peaks[peak_key]} (at or above the peak it is a spec number or an error)"
                )
    _check_reported_capacity(section.memory_capacity, si.get("memory.capacity"), peaks, where=where)
    _check_sweep(section, known, where=where)
    _check_shapes(section, si, peaks, known, where=where)


# A sweep's largest message reaches the collective's large-message figure: within this share of it.
SWEEP_PEAK_SPREAD = 0.05


def _check_sweep(section: MeasuredSection, known: set[str], *, where: str) -> None:
    """A sweep names a known source, and its largest message's bus bandwidth agrees with the chip's measured
    large-message AllReduce figure, where the data has both."""
    sweep = section.scale_up_allreduce_sweep
    if sweep is None:
        return
    key = "measured.scale_up_allreduce_sweep"
    check_source(sweep.source, known, where=where, key=key)
    large = section.scale_up_allreduce
    figure = dimensioned(large.value, "bytes_per_s", where=where, key="measured.scale_up_allreduce") if large else None
    if figure and abs(sweep.bus_gbytes_s[-1] * 1e9 / figure - 1) > SWEEP_PEAK_SPREAD:
        raise DataError(
            f"{where}: field '{key}.bus_gbytes_s': the largest message's {sweep.bus_gbytes_s[-1]} GB/s is more than "
            f"{SWEEP_PEAK_SPREAD:.0%} away from measured.scale_up_allreduce ({large.value if large else ''})"
        )


# A driver reports binary-sized HBM (80 GiB is 7.4 % more than 80 GB) less what the firmware keeps: within this
# share of the datasheet's figure, either way.
REPORTED_CAPACITY_SPREAD = 0.12


def _check_reported_capacity(
    item: Measured | None, datasheet: float | None, peaks: dict[str, str], *, where: str
) -> None:
    """The capacity a driver reports stays near the datasheet's: a slip of a unit or a digit is an error."""
    if item is None or not datasheet:
        return
    reported = dimensioned(item.value, "bytes", where=where, key="measured.memory_capacity")
    if reported is not None and abs(reported / datasheet - 1) > REPORTED_CAPACITY_SPREAD:
        raise DataError(
            f"{where}: field 'measured.memory_capacity': {item.value} is more than "
            f"{REPORTED_CAPACITY_SPREAD:.0%} away from memory.capacity = {peaks.get('memory.capacity')}"
        )


def _check_shapes(
    section: MeasuredSection, si: dict[str, float | None], peaks: dict[str, str], known: set[str], *, where: str
) -> None:
    """A matmul's shape grid names a known source, and every figure of it stays below the format's dense peak."""
    for dtype, table in section.matmul_shapes.items():
        key = f"measured.matmul_shapes.{dtype}"
        check_source(table.source, known, where=where, key=key)
        peak = si.get(f"compute.{dtype}")
        if peak is None:
            raise DataError(f"{where}: field '{key}': no dense peak 'compute.{dtype}' to compare the measurement with")
        for i, row in enumerate(table.tflops):
            for j, cell in enumerate(row):
                for k, value in enumerate(cell):
                    if value * 1e12 >= peak:
                        raise DataError(
                            f"{where}: field '{key}.tflops': {value} TFLOP/s at {table.m[i]} x {table.n[j]} x "
                            f"{table.k[k]} must be below the peak compute.{dtype} = {peaks[f'compute.{dtype}']}"
                        )
