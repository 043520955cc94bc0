# The plausible range of every quantity data/ states, in one table. A value outside its range is a typo or a
# wrong unit until its file says why it is right: `outlier_reason: ...` beside the value.
from __future__ import annotations

import datetime as dt

from .._internal.fmt import format_number
from .._internal.units import parse_quantity

Bound = str | float  # a quantity as data/ writes it ("8 GB"), or a plain number whose unit is in the field name

# field kind -> (low, high), both included. Wide enough for every chip, link and price of the 2024-2026 edition and
# the next generation, narrow enough that a slip of 10x or 1000x, or a figure in the wrong unit, falls outside.
# A low above zero also makes zero and negative values impossible, whatever reason is given (see `check`).
# An accelerator's sparse headline and measured matmul use the dense row of their format (`kind_of`).
BOUNDS: dict[str, tuple[Bound, Bound]] = {
    # data/accelerators/*.yaml, by field
    "memory.capacity": ("8 GB", "1 TB"),
    "memory.bandwidth": ("200 GB/s", "30 TB/s"),
    "measured.memory_bandwidth": ("200 GB/s", "30 TB/s"),
    "measured.memory_capacity": ("8 GB", "1 TB"),
    "measured.scale_up_allreduce": ("5 GB/s", "20 TB/s"),  # a bus bandwidth: in-switch reduction passes the link's
    "measured.scale_up_allgather": ("5 GB/s", "10 TB/s"),
    "measured.scale_out_allreduce": ("1 GB/s", "2 TB/s"),
    "measured.scale_up_latency": ("100 ns", "1 ms"),
    "measured.scale_out_latency": ("100 ns", "1 ms"),
    "compute.fp64": ("100 GFLOP/s", "200 TFLOP/s"),
    "compute.fp64_matrix": ("100 GFLOP/s", "400 TFLOP/s"),
    "compute.fp32": ("5 TFLOP/s", "500 TFLOP/s"),
    "compute.tf32": ("20 TFLOP/s", "5 PFLOP/s"),
    "compute.bf16": ("50 TFLOP/s", "20 PFLOP/s"),
    "compute.fp8": ("50 TFLOP/s", "40 PFLOP/s"),
    "compute.fp6": ("500 TFLOP/s", "100 PFLOP/s"),
    "compute.fp4": ("500 TFLOP/s", "200 PFLOP/s"),
    "compute.int8": ("50 TOPS", "40 POPS"),
    "power.tdp": ("50 W", "5 kW"),
    "scale_up.per_direction": ("10 GB/s", "10 TB/s"),
    "scale_up.bidirectional": ("20 GB/s", "20 TB/s"),
    "scale_up.per_peer": ("5 GB/s", "5 TB/s"),
    "scale_up.domain_size": (1, 100_000),
    "scale_out.per_accelerator": ("10 Gb/s", "10 Tb/s"),
    "on_chip.sram": ("1 MB", "2 GB"),
    "on_chip.l2": ("1 MB", "2 GB"),
    "internals.units": (1, 1000),
    "internals.matrix_units_per_unit": (1, 64),
    "internals.boost_clock_mhz": (200, 5000),
    "internals.shared_memory_per_unit": ("1 KB", "512 MB"),
    "internals.register_file_per_unit": ("1 KB", "512 MB"),
    # data/interconnects.yaml and data/latencies.yaml
    "interconnect.bandwidth": ("1 GB/s", "20 TB/s"),  # one link, per direction or both
    "interconnect.latency": ("1 ns", "10 ms"),
    "latency": ("1 ns", "1 s"),
    # data/systems.yaml
    "system.cpus": (0, 1000),  # a baseboard carries none
    "system.power_max": ("100 W", "10 MW"),
    "system.power_typical": ("100 W", "10 MW"),
    "system.scale_up_domain": (1, 100_000),
    "system.per_rack": (1, 64),
    # data/economics.yaml (low, typical and high of each range)
    "accelerator_hour_usd": (0.05, 100),
    "electricity_usd_per_kwh": (0.01, 1),
    "pue": (1, 3),
    "grid_carbon_g_per_kwh": (1, 1500),
}
# A date in data/ records something that happened (announced, checked, measured, started, reviewed): none may be
# later than today, plus this much for a maintainer a time zone ahead.
FUTURE_SLACK = dt.timedelta(days=7)


def _si(bound: Bound) -> float:
    return parse_quantity(bound)[0] if isinstance(bound, str) else float(bound)


BOUNDS_SI: dict[str, tuple[float, float]] = {kind: (_si(low), _si(high)) for kind, (low, high) in BOUNDS.items()}


def kind_of(key: str) -> str:
    """The row of BOUNDS a field uses: a sparse headline, a measured matmul or attention rate uses its format's dense
    row."""
    for prefix in ("sparse_headline.", "measured.matmul.", "measured.attention."):
        if key.startswith(prefix):
            return "compute." + key.removeprefix(prefix)
    return key


def shown(bound: Bound, lang: str) -> str:
    """A bound as a reader writes it, in `lang` (decimal comma in Spanish)."""
    if isinstance(bound, str):
        number, unit = bound.split(" ", 1)
        return f"{format_number(float(number), lang)} {unit}"
    return format_number(bound, lang)


def latest_date(today: dt.date | None = None) -> dt.date:
    """The latest date data/ may hold."""
    return (today or dt.date.today()) + FUTURE_SLACK
