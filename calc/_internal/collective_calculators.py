# The collective calculators (allreduce, allgather, reducescatter, alltoall): a ring on a link the reader gives, or
# on a data/ chip's links as the planner times them. The formulas themselves are in collectives.py.
from __future__ import annotations

from .collectives import (
    all_to_all_seconds,
    collective_inputs,
    ring_allgather_seconds,
    ring_allreduce_seconds,
    ring_reducescatter_seconds,
)
from .data import load_data
from .errors import check_number
from .fields import CUSTOM, Calculator, Field
from .messages import text
from .parallelism.links import chip_links, collective
from .results import Result, q, step


def _on_chip(kind: str, *, bytes_total: float, count: float, accelerator: str) -> Result:
    """The collective on a data/ chip's links, as the planner times it: inside the scale-up domain an AllReduce at
    the bus bandwidth nccl-tests measured at its own size where the chip's data holds a sweep, else at the measured
    large-message bus bandwidth plus one call's small-message time (where none is measured, the link's rate and a
    ring's steps at the per-hop latency); hierarchically across domains, the NIC at its measured share."""
    size = check_number("bytes", bytes_total, low=0, high=1e18)
    n = check_number("count", count)
    chip = load_data().accelerator(accelerator)
    planner_kind = {"allreduce": "allreduce", "alltoall": "alltoall"}.get(kind, "allgather")
    links = chip_links(chip)
    one = collective(planner_kind, size, n, 1, links)
    factor = 2.0 if kind == "allreduce" else 1.0
    label = text(
        f"collective.step.on_{one.where}" + ("" if links.measured or one.where != "up" else "_rated"),
        name=text(f"{kind}.name"),
        chip=chip.name,
    )
    line = step("seconds", label, one.formula, one.template, one.seconds, "s", **one.values)
    return Result(
        calculator=kind,
        quantities={
            "seconds": one.seconds,
            "bandwidth_seconds": one.seconds - one.latency,
            "latency_seconds": one.latency,
            "algorithm_bytes_per_s": size / one.seconds if one.seconds > 0 else 0.0,
            "bus_bytes_per_s": factor * (n - 1) / n * size / one.seconds if one.seconds > 0 else 0.0,
        },
        steps=[line],
    )


def _collective(
    kind: str,
    *,
    bytes_total: float,
    count: float,
    link_bytes_per_s: float,
    latency_s: float,
    accelerator: str | None = None,
) -> Result:
    if accelerator is not None:
        return _on_chip(kind, bytes_total=bytes_total, count=count, accelerator=accelerator)
    size, n, link, latency = collective_inputs(bytes_total, count, link_bytes_per_s, latency_s)
    factor = 2.0 if kind == "allreduce" else 1.0
    functions = {
        "allreduce": ring_allreduce_seconds,
        "allgather": ring_allgather_seconds,
        "reducescatter": ring_reducescatter_seconds,
        "alltoall": all_to_all_seconds,
    }
    seconds = functions[kind](bytes_total=size, count=n, link_bytes_per_s=link, latency_s=latency)
    bandwidth_s = factor * (n - 1) / n * size / link
    name = text(f"{kind}.name")
    f = "2" if kind == "allreduce" else "1"
    steps = [
        step(
            "bandwidth_seconds",
            text("collective.step.bandwidth", name=name),
            rf"T_B = {f}\,\frac{{n-1}}{{n}}\,\frac{{S}}{{B}}",
            f"{f} × ({{n}} − 1)/{{n}} × {{S}} / {{B}}",
            bandwidth_s,
            "s",
            n=n,
            S=q(size, "B"),
            B=q(link, "B/s"),
        ),
        step(
            "seconds",
            text("collective.step.seconds", name=name),
            rf"T = T_B + {f}(n-1)\,\alpha",
            f"{{TB}} + {f} × ({{n}} − 1) × {{a}}",
            seconds,
            "s",
            TB=q(bandwidth_s, "s"),
            n=n,
            a=q(latency, "s"),
        ),
    ]
    return Result(
        calculator=kind,
        quantities={
            "seconds": seconds,
            "bandwidth_seconds": bandwidth_s,
            "latency_seconds": seconds - bandwidth_s,
            "algorithm_bytes_per_s": size / seconds if seconds > 0 else 0.0,
            "bus_bytes_per_s": factor * (n - 1) / n * size / seconds if seconds > 0 else 0.0,
        },
        steps=steps,
    )


def allreduce(
    *,
    bytes_total: float,
    count: float,
    link_bytes_per_s: float = 450e9,
    latency_s: float = 0.0,
    accelerator: str | None = None,
) -> Result:
    """Ring AllReduce time of a buffer across accelerators (see `ring_allreduce_seconds`).

    Parameters:
        bytes_total: the full buffer each accelerator holds (e.g. the gradients).
        count: accelerators in the ring.
        link_bytes_per_s: each accelerator's bandwidth per direction.
        latency_s: latency per ring step (0 gives the bandwidth bound).
        accelerator: a data/ chip instead of the link and latency: its scale-up domain at the measured bus
            bandwidth and small-message time, and across domains its NIC (hierarchically, as the planner).

    Returns:
        Result with seconds, bandwidth_seconds, latency_seconds, algorithm_bytes_per_s (S / T) and
        bus_bytes_per_s (nccl-tests' bus bandwidth: the algorithm bandwidth × 2(n − 1)/n for an AllReduce).

    Raises:
        CalcError: a value outside its range.
    """
    return _collective(
        "allreduce",
        bytes_total=bytes_total,
        count=count,
        link_bytes_per_s=link_bytes_per_s,
        latency_s=latency_s,
        accelerator=accelerator,
    )


def allgather(
    *,
    bytes_total: float,
    count: float,
    link_bytes_per_s: float = 450e9,
    latency_s: float = 0.0,
    accelerator: str | None = None,
) -> Result:
    """Ring AllGather time; `bytes_total` is the gathered result. Parameters, Returns, Raises as `allreduce`."""
    return _collective(
        "allgather",
        bytes_total=bytes_total,
        count=count,
        link_bytes_per_s=link_bytes_per_s,
        latency_s=latency_s,
        accelerator=accelerator,
    )


def reducescatter(
    *,
    bytes_total: float,
    count: float,
    link_bytes_per_s: float = 450e9,
    latency_s: float = 0.0,
    accelerator: str | None = None,
) -> Result:
    """Ring ReduceScatter time; `bytes_total` is the input buffer. Parameters, Returns, Raises as `allreduce`."""
    return _collective(
        "reducescatter",
        bytes_total=bytes_total,
        count=count,
        link_bytes_per_s=link_bytes_per_s,
        latency_s=latency_s,
        accelerator=accelerator,
    )


def alltoall(
    *,
    bytes_total: float,
    count: float,
    link_bytes_per_s: float = 450e9,
    latency_s: float = 0.0,
    accelerator: str | None = None,
) -> Result:
    """All-to-all time; `bytes_total` is what each accelerator holds before the exchange. As `allreduce`."""
    return _collective(
        "alltoall",
        bytes_total=bytes_total,
        count=count,
        link_bytes_per_s=link_bytes_per_s,
        latency_s=latency_s,
        accelerator=accelerator,
    )


def _calculator(kind: str, function: object) -> Calculator:
    return Calculator(
        name=kind,
        fields=(
            Field(
                "bytes",
                unit="B",
                default="1G",
                param="bytes_total",
            ),
            Field(
                "count",
                default="8",
            ),
            Field("accelerator", kind="accelerator", default=CUSTOM),
            Field(
                "link_gbytes_s",
                custom_of="accelerator",
                unit="GB/s",
                default="450",
                param="link_bytes_per_s",
                scale=1e9,
            ),
            Field(
                "latency_us",
                unit="µs",
                default="0",
                param="latency_s",
                scale=1e-6,
                custom_of="accelerator",
            ),
        ),
        function=function,  # type: ignore[arg-type]
        units={
            "seconds": "s",
            "bandwidth_seconds": "s",
            "latency_seconds": "s",
            "algorithm_bytes_per_s": "B/s",
            "bus_bytes_per_s": "B/s",
        },
        headline=("seconds",),
    )


CALCULATORS = tuple(
    _calculator(kind, function)
    for kind, function in (
        ("allreduce", allreduce),
        ("allgather", allgather),
        ("reducescatter", reducescatter),
        ("alltoall", alltoall),
    )
)
