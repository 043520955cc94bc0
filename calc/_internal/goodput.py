# Goodput: the share of a large run's wall-clock time that trains, given failures, checkpoints and restarts.
from __future__ import annotations

import math
from dataclasses import dataclass

from .data import load_data
from .errors import CalcError, check_choice, check_finite_result, check_number
from .fields import Calculator, Field
from .memory import RECIPES, checkpoint_bytes_per_param
from .messages import Text, text
from .results import Result, Step, q, step

HOUR = 3_600.0
# The checkpoint time a run without a model or a given time stalls for (the goodput calculator's long-standing default).
DEFAULT_CHECKPOINT_SECONDS = 60.0
CHECKPOINT_MODES = ("sync", "async")
# The link a GPU copies its checkpoint share to host memory over, when the reader gives none (data/interconnects.yaml).
HOST_LINK = "pcie-5-x16"
JSON_ALIASES = {"system_mtbf_hours": ("system_mtbf_seconds", "h"), "mtbf_hours": ("mtbf_seconds", "h")}


def accelerator_mtbf_hours() -> float:
    """The edition's mean time between interruptions per accelerator, from a published run (data/training.yaml):
    Llama 3 405B, 466 interruptions in 54 days on 16,384 H100 (Llama Team 2024, §3.3.4): 45,566 h."""
    figures = load_data().training
    if figures is None:
        raise CalcError(field="mtbf_hours", kind="missing", low=0, low_open=True)
    return figures.failure_report().accelerator_mtbf_hours


def failure_causes() -> list[dict[str, float | str]]:
    """The edition's failure report, cause by cause: id, component and category as printed, count, the share the
    source prints and the share the count gives, count / unexpected (data/training.yaml).

    Llama Team (2024), Table 5: 419 unexpected interruptions. Example: GPU HBM3 Memory, 72 → 72 / 419 = 17.2 %,
    as printed; Faulty GPU, 148 → 35.3 %, printed 30.1 %.
    """
    figures = load_data().training
    report = figures.failure_report() if figures is not None else None
    if report is None or not report.causes or not report.unexpected:
        return []
    return [
        {
            "id": cause.id,
            "component": cause.component,
            "category": cause.category,
            "count": cause.count,
            "printed_share": cause.printed_percent / 100,
            "share": cause.count / report.unexpected,
        }
        for cause in report.causes
    ]


def checkpoint_storage_bytes_per_s() -> float:
    """The edition's default storage bandwidth for checkpoint writes (data/training.yaml): Llama 3's Tectonic
    fabric, "a sustainable throughput of 2 TB/s and a peak throughput of 7 TB/s" (Llama Team 2024, §3.3.1): 2 TB/s."""
    figures = load_data().training
    storage = figures.storage() if figures is not None else None
    if storage is None:
        raise CalcError(field="storage_tbytes_s", kind="missing", low=0, low_open=True)
    return storage.sustained_bytes_per_s


def host_copy_bytes_per_s() -> float:
    """The default bandwidth one GPU copies its checkpoint share to host memory at: a PCIe 5.0 x16 link's 64 GB/s
    per direction (data/interconnects.yaml, PCI-SIG). A link's peak: a real copy reaches less, so the stall it
    gives is a lower bound."""
    link = load_data().interconnects.get(HOST_LINK)
    if link is None or link.per_direction_bytes_per_s is None:
        raise CalcError(field="host_gbytes_s", kind="missing", low=0, low_open=True)
    return link.per_direction_bytes_per_s


def checkpoint_write_seconds(*, checkpoint_bytes: float, storage_bytes_per_s: float) -> float:
    """Time to write one checkpoint at a storage system's aggregate bandwidth: W = S / B_storage.

    Every GPU writes its own share at once, so the storage system's aggregate throughput, not one GPU's link,
    sets the time. Example: Llama 3 405B with mixed-precision Adam, 405 × 10⁹ × 14 B = 5.67 TB, at Tectonic's
    2 TB/s sustained (Llama Team 2024, §3.3.1): 2.835 s.
    """
    size = check_number("checkpoint_bytes", checkpoint_bytes, low=0, low_open=True, high=1e18)
    bandwidth = check_number("storage_bytes_per_s", storage_bytes_per_s)
    return size / bandwidth


def checkpoint_stall_seconds(*, checkpoint_bytes: float, count: float, host_bytes_per_s: float) -> float:
    """The stall of an asynchronous checkpoint: each of n GPUs copies its share to host memory, S / n / B_host.

    Training resumes once the copy is done; the write to storage runs in the background (PyTorch, "Asynchronous
    Saving with Distributed Checkpoint (DCP)": the state is first copied "into internal CPU-buffers", which is
    "the main overhead of asynchronous checkpointing"). Assumes the state is spread evenly over the GPUs and each
    copies only its share. Example: 5.67 TB over 16,384 GPUs at 64 GB/s each (PCIe 5.0 x16): 5.41 ms.
    """
    size = check_number("checkpoint_bytes", checkpoint_bytes, low=0, low_open=True, high=1e18)
    n = check_number("count", count)
    bandwidth = check_number("host_bytes_per_s", host_bytes_per_s)
    return size / n / bandwidth


def checkpoint_interval_seconds(*, checkpoint_seconds: float, mtbf_seconds: float) -> float:
    """The checkpoint interval that loses the least time: τ = √(2·C·M) (Young 1974).

    Source: J. W. Young (1974), "A first order approximation to the optimum checkpoint interval", CACM 17(9);
    J. T. Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps", FGCS 22,
    whose refinement changes τ by under 5 % while C < M/20. Example: C = 60 s, M = 2.78 h (10,012 s): 1,096 s.
    """
    c = check_number("checkpoint_seconds", checkpoint_seconds)
    m = check_number("mtbf_seconds", mtbf_seconds, low=0, low_open=True, high=1e12)
    return math.sqrt(2 * c * m)


def lost_fraction(
    *,
    checkpoint_seconds: float,
    restart_seconds: float,
    mtbf_seconds: float,
    interval_seconds: float,
    durable_after_seconds: float = 0.0,
) -> float:
    """Share of wall-clock time that does not train: C/τ + (τ/2 + D + R)/M, at most 1.

    Writing a checkpoint every τ costs C/τ; each failure (one per M on average) loses half an interval of work and
    the restart R. Source: Young (1974); Daly (2006), eq. 1 to first order. An asynchronous checkpoint is usable
    only once its background write ends, D after it starts: a failure then falls back D further on average
    (D = 0 for a synchronous checkpoint, which the job waits for). Example: C = 60 s, R = 600 s, M = 10,012 s,
    τ = 1,096 s, D = 0: 0.055 + 0.115 = 0.169.
    """
    c = check_number("checkpoint_seconds", checkpoint_seconds)
    r = check_number("restart_seconds", restart_seconds)
    m = check_number("mtbf_seconds", mtbf_seconds, low=0, low_open=True, high=1e12)
    tau = check_number("interval_seconds", interval_seconds, low=0, low_open=True, high=1e12)
    d = check_number("durable_after_seconds", durable_after_seconds, low=0, high=1e7)
    return min(1.0, c / tau + (tau / 2 + d + r) / m)


def goodput(
    *,
    count: float = 16_384,
    mtbf_hours: float | None = None,
    system_mtbf_hours: float | None = None,
    checkpoint_seconds: float | None = None,
    restart_seconds: float = 600.0,
    model: str | None = None,
    params: float | None = None,
    recipe: str = "adam-mixed",
    checkpoint_mode: str = "sync",
    storage_bytes_per_s: float | None = None,
    host_bytes_per_s: float | None = None,
) -> Result:
    """Goodput of a synchronous training run: failures, checkpoints and restarts against useful time.

    Parameters:
        count: accelerators in the job; any one failing stops it.
        mtbf_hours: mean time between interruptions per accelerator (default: the edition's published figure,
            Llama 3 405B's 466 interruptions in 54 days on 16,384 GPUs).
        system_mtbf_hours: the job's own mean time between interruptions; replaces mtbf_hours / count.
        checkpoint_seconds: time the job stalls to write one checkpoint (default: computed from the model when
            one is given, else 60 s). Given beside a model, it is the one used.
        restart_seconds: time from a failure to training again (detect, reschedule, load the checkpoint).
        model, params: a data/ model or a parameter count; sizes the checkpoint (weights and optimizer states).
        recipe: the optimizer recipe whose state the checkpoint saves (see memory.RECIPES).
        checkpoint_mode: "sync" (the job stalls for the whole write) or "async" (it stalls only to copy its state
            to host memory; the write to storage runs in the background).
        storage_bytes_per_s: the storage system's aggregate write bandwidth (default: Llama 3's Tectonic
            fabric, 2 TB/s sustained).
        host_bytes_per_s: one GPU's copy bandwidth to host memory, for "async" (default: PCIe 5.0 x16, 64 GB/s).

    Returns:
        Result with system_mtbf_seconds (JSON also system_mtbf_hours), checkpoint_interval_seconds (Young's
        optimum, no shorter than an asynchronous write), lost_fraction, goodput (1 − lost_fraction),
        failures_per_day, checkpoint_seconds (the stall used) and, with a model, checkpoint_bytes,
        checkpoint_bytes_per_accelerator and checkpoint_write_seconds (None without one).

    Raises:
        CalcError: a value outside its range, an unknown model, recipe or checkpoint mode.
    """
    n = check_number("count", count)
    per_accelerator, system, steps, notes = _system_mtbf(n, mtbf_hours, system_mtbf_hours)
    mode = check_choice("checkpoint_mode", checkpoint_mode, CHECKPOINT_MODES)
    sized = _checkpoint(n, model, params, recipe, mode, storage_bytes_per_s, host_bytes_per_s)
    if checkpoint_seconds is not None:
        c = check_number("checkpoint_seconds", checkpoint_seconds)
        durable = 0.0
        if sized is not None:
            notes.append(text("goodput.note.checkpoint_given"))
    elif sized is not None:
        c, durable = sized.stall, sized.durable
        steps += sized.steps
    else:
        c, durable = DEFAULT_CHECKPOINT_SECONDS, 0.0
    r = check_number("restart_seconds", restart_seconds)
    tau = checkpoint_interval_seconds(checkpoint_seconds=c, mtbf_seconds=system)
    steps += _interval_steps(c, system, tau)
    if durable > tau:  # one write in flight at a time: the next checkpoint waits for the last to finish
        tau = durable
        steps.append(
            step(
                "checkpoint_interval_seconds",
                text("goodput.step.interval_write"),
                r"\tau = W",
                "{W}",
                tau,
                "s",
                W=q(durable, "s"),
            )
        )
    lost = lost_fraction(
        checkpoint_seconds=c,
        restart_seconds=r,
        mtbf_seconds=system,
        interval_seconds=tau,
        durable_after_seconds=durable,
    )
    steps += _lost_steps(c, r, system, tau, durable, lost)
    quantities: dict[str, float | int | str | bool | None] = {
        "mtbf_seconds": per_accelerator,
        "system_mtbf_seconds": system,
        "checkpoint_interval_seconds": tau,
        "lost_fraction": lost,
        "goodput": 1 - lost,
        "failures_per_day": 86_400.0 / system,
        "checkpoint_seconds": c,
        "checkpoint_bytes": sized.size if sized is not None else None,
        "checkpoint_bytes_per_accelerator": sized.size / n if sized is not None else None,
        "checkpoint_write_seconds": sized.write if sized is not None else None,
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="goodput", quantities=quantities, steps=steps, notes=notes, json_aliases=JSON_ALIASES)


@dataclass(frozen=True)
class _Checkpoint:
    """A checkpoint sized from the model: its bytes, the write to storage, the stall the job sees, and how long
    after the checkpoint starts it can be restored from (the write, for an asynchronous one; 0 when the job waits)."""

    size: float
    write: float
    stall: float
    durable: float
    steps: list[Step]


def _size_steps(psi: float, recipe: str, per_param: float, storage: float, write: float) -> list[Step]:
    """The checkpoint's bytes per parameter, its size and its write time, as derivation steps."""
    weights, _, optimizer = RECIPES[recipe]
    size = psi * per_param
    return [
        step(
            "checkpoint_bytes_per_param",
            text("goodput.step.bytes_per_param"),
            r"w + o",
            "{w} + {o}",
            per_param,
            "B",
            w=q(weights, "B"),
            o=q(optimizer, "B"),
        ),
        step(
            "checkpoint_bytes",
            text("goodput.step.checkpoint_bytes"),
            r"S = \Psi\,(w + o)",
            "{P} × {b}",
            size,
            "B",
            P=psi,
            b=q(per_param, "B"),
        ),
        step(
            "checkpoint_write_seconds",
            text("goodput.step.write"),
            r"W = S / B_\text{storage}",
            "{S} / {B}",
            write,
            "s",
            S=q(size, "B"),
            B=q(storage, "B/s"),
        ),
    ]


def _checkpoint(
    n: float,
    model: str | None,
    params: float | None,
    recipe: str,
    mode: str,
    storage_bytes_per_s: float | None,
    host_bytes_per_s: float | None,
) -> _Checkpoint | None:
    """The checkpoint's bytes from the model and the recipe, its write time and the stall (None: no model given)."""
    if model is not None:
        params = load_data().model(model).params
    if params is None:
        return None
    psi = check_number("params", params)
    per_param = checkpoint_bytes_per_param(recipe=recipe)
    size = psi * per_param
    storage = storage_bytes_per_s if storage_bytes_per_s is not None else checkpoint_storage_bytes_per_s()
    write = checkpoint_write_seconds(checkpoint_bytes=size, storage_bytes_per_s=storage)
    steps = _size_steps(psi, recipe, per_param, storage, write)
    if mode == "sync":
        steps.append(
            step("checkpoint_seconds", text("goodput.step.stall_sync"), r"C = W", "{W}", write, "s", W=q(write, "s"))
        )
        return _Checkpoint(size, write, write, 0.0, steps)
    host = host_bytes_per_s if host_bytes_per_s is not None else host_copy_bytes_per_s()
    stall = checkpoint_stall_seconds(checkpoint_bytes=size, count=n, host_bytes_per_s=host)
    steps.append(
        step(
            "checkpoint_seconds",
            text("goodput.step.stall_async"),
            r"C = S / n / B_\text{host}",
            "{S} / {n} / {B}",
            stall,
            "s",
            S=q(size, "B"),
            n=n,
            B=q(host, "B/s"),
        )
    )
    return _Checkpoint(size, write, stall, write, steps)


def _system_mtbf(
    n: float, mtbf_hours: float | None, system_mtbf_hours: float | None
) -> tuple[float | None, float, list[Step], list[Text]]:
    """The job's mean time between interruptions: given, or one accelerator's (given or the edition's) over n."""
    if system_mtbf_hours is not None:
        system = check_number("system_mtbf_hours", system_mtbf_hours) * HOUR
        return None, system, [], [text("goodput.note.system_given")] if mtbf_hours is not None else []
    given = mtbf_hours if mtbf_hours is not None else accelerator_mtbf_hours()
    per_accelerator = check_number("mtbf_hours", given) * HOUR
    system = per_accelerator / n
    notes = [text("goodput.note.default_mtbf")] if mtbf_hours is None else []
    label = text("goodput.step.system_mtbf")
    line = step(
        "system_mtbf_seconds", label, r"M = M_1 / n", "{M1} / {n}", system, "h", M1=q(per_accelerator, "h"), n=n
    )
    return per_accelerator, system, [line], notes


def _interval_steps(c: float, system: float, tau: float) -> list[Step]:
    """Young's checkpoint interval."""
    return [
        step(
            "checkpoint_interval_seconds",
            text("goodput.step.interval"),
            r"\tau = \sqrt{2\,C\,M}",
            "√(2 × {C} × {M})",
            tau,
            "s",
            C=q(c, "s"),
            M=q(system, "s"),
        )
    ]


def _lost_steps(c: float, r: float, system: float, tau: float, durable: float, lost: float) -> list[Step]:
    """The share of time lost to checkpoints, rework and restarts (and, asynchronously, the write in flight)."""
    if durable > 0:
        lost_step = step(
            "lost_fraction",
            text("goodput.step.lost_async"),
            r"C/\tau + (\tau/2 + W + R)/M",
            "min(1, {C} / {T} + ({T} / 2 + {W} + {R}) / {M})",
            lost,
            "",
            C=q(c, "s"),
            T=q(tau, "s"),
            W=q(durable, "s"),
            R=q(r, "s"),
            M=q(system, "s"),
        )
    else:
        lost_step = step(
            "lost_fraction",
            text("goodput.step.lost"),
            r"C/\tau + (\tau/2 + R)/M",
            "min(1, {C} / {T} + ({T} / 2 + {R}) / {M})",
            lost,
            "",
            C=q(c, "s"),
            T=q(tau, "s"),
            R=q(r, "s"),
            M=q(system, "s"),
        )
    return [
        lost_step,
        step("goodput", text("goodput.step.goodput"), r"1 - \text{lost}", "1 − {L}", 1 - lost, "", L=lost),
    ]


GOODPUT = Calculator(
    name="goodput",
    fields=(
        Field(
            "count",
            default="16384",
        ),
        Field("mtbf_hours", unit="h", optional=True, default_from=accelerator_mtbf_hours),
        Field("system_mtbf_hours", unit="h", optional=True, advanced=True),
        Field(
            "checkpoint_seconds",
            unit="s",
            optional=True,
        ),
        Field(
            "restart_seconds",
            unit="s",
            default="600",
        ),
        Field("model", kind="model", default="custom"),
        Field("params", optional=True, custom_of="model"),
        Field("checkpoint_mode", kind="choice", default="sync", choices=CHECKPOINT_MODES),
        Field("recipe", kind="choice", default="adam-mixed", choices=tuple(RECIPES), advanced=True),
        Field(
            "storage_tbytes_s",
            unit="TB/s",
            optional=True,
            param="storage_bytes_per_s",
            scale=1e12,
            advanced=True,
            default_from=lambda: checkpoint_storage_bytes_per_s() / 1e12,
        ),
        Field(
            "host_gbytes_s",
            unit="GB/s",
            optional=True,
            param="host_bytes_per_s",
            scale=1e9,
            advanced=True,
            when=("checkpoint_mode", ("async",)),
            default_from=lambda: host_copy_bytes_per_s() / 1e9,
        ),
    ),
    function=goodput,
    units={
        "mtbf_seconds": "h",
        "system_mtbf_seconds": "h",
        "checkpoint_interval_seconds": "s",
        "failures_per_day": "",
        "checkpoint_seconds": "s",
        "checkpoint_bytes": "B",
        "checkpoint_bytes_per_accelerator": "B",
        "checkpoint_write_seconds": "s",
    },
    headline=("system_mtbf_seconds", "checkpoint_interval_seconds", "lost_fraction", "goodput"),
    # Llama 3 405B as published (Llama Team 2024: 16,384 H100, §3.3.1's storage), its checkpoint written
    # synchronously or asynchronously.
    presets={
        "llama-3-405b-sync": {"count": "16384", "model": "llama-3-405b", "checkpoint_mode": "sync"},
        "llama-3-405b-async": {"count": "16384", "model": "llama-3-405b", "checkpoint_mode": "async"},
    },
)

CALCULATORS = (GOODPUT,)
