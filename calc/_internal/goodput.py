# Goodput: the share of a large run's wall-clock time that trains, given failures, checkpoints and restarts.
from __future__ import annotations

import math

from .data import load_data
from .errors import CalcError, check_finite_result, check_number
from .fields import Calculator, Field
from .messages import Text, text
from .results import Result, Step, q, step

HOUR = 3_600.0
JSON_ALIASES = {"system_mtbf_hours": ("system_mtbf_seconds", "h"), "mtbf_hours": ("mtbf_seconds", "h")}


def accelerator_mtbf_hours() -> float:
    """The edition's mean time between interruptions per accelerator, from a published run (data/training.yaml):
    Llama 3 405B, 466 interruptions in 54 days on 16,384 H100 (Llama Team 2024, §3.3.4): 45,566 h."""
    figures = load_data().training
    if figures is None:
        raise CalcError(field="mtbf_hours", kind="missing", low=0, low_open=True)
    return figures.failure_report().accelerator_mtbf_hours


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
    *, checkpoint_seconds: float, restart_seconds: float, mtbf_seconds: float, interval_seconds: float
) -> float:
    """Share of wall-clock time that does not train: C/τ + (τ/2 + R)/M, at most 1.

    Writing a checkpoint every τ costs C/τ; each failure (one per M on average) loses half an interval of work and
    the restart R. Source: Young (1974); Daly (2006), eq. 1 to first order. Example: C = 60 s, R = 600 s,
    M = 10,012 s, τ = 1,096 s: 0.055 + 0.115 = 0.169.
    """
    c = check_number("checkpoint_seconds", checkpoint_seconds)
    r = check_number("restart_seconds", restart_seconds)
    m = check_number("mtbf_seconds", mtbf_seconds, low=0, low_open=True, high=1e12)
    tau = check_number("interval_seconds", interval_seconds, low=0, low_open=True, high=1e12)
    return min(1.0, c / tau + (tau / 2 + r) / m)


def goodput(
    *,
    count: float = 16_384,
    mtbf_hours: float | None = None,
    system_mtbf_hours: float | None = None,
    checkpoint_seconds: float = 60.0,
    restart_seconds: float = 600.0,
) -> Result:
    """Goodput of a synchronous training run: failures, checkpoints and restarts against useful time.

    Parameters:
        count: accelerators in the job; any one failing stops it.
        mtbf_hours: mean time between interruptions per accelerator (default: the edition's published figure,
            Llama 3 405B's 466 interruptions in 54 days on 16,384 GPUs).
        system_mtbf_hours: the job's own mean time between interruptions; replaces mtbf_hours / count.
        checkpoint_seconds: time the job stalls to write one checkpoint.
        restart_seconds: time from a failure to training again (detect, reschedule, load the checkpoint).

    Returns:
        Result with system_mtbf_seconds (JSON also system_mtbf_hours), checkpoint_interval_seconds (Young's
        optimum), lost_fraction and goodput (1 − lost_fraction).

    Raises:
        CalcError: a value outside its range.
    """
    n = check_number("count", count)
    per_accelerator, system, steps, notes = _system_mtbf(n, mtbf_hours, system_mtbf_hours)
    c = check_number("checkpoint_seconds", checkpoint_seconds)
    r = check_number("restart_seconds", restart_seconds)
    tau = checkpoint_interval_seconds(checkpoint_seconds=c, mtbf_seconds=system)
    lost = lost_fraction(checkpoint_seconds=c, restart_seconds=r, mtbf_seconds=system, interval_seconds=tau)
    steps += _lost_steps(c, r, system, tau, lost)
    quantities: dict[str, float | int | str | bool | None] = {
        "mtbf_seconds": per_accelerator,
        "system_mtbf_seconds": system,
        "checkpoint_interval_seconds": tau,
        "lost_fraction": lost,
        "goodput": 1 - lost,
        "failures_per_day": 86_400.0 / system,
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="goodput", quantities=quantities, steps=steps, notes=notes, json_aliases=JSON_ALIASES)


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


def _lost_steps(c: float, r: float, system: float, tau: float, lost: float) -> list[Step]:
    """Young's checkpoint interval, the share of time it loses to checkpoints, rework and restarts, and the rest."""
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
        ),
        step(
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
        ),
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
            default="60",
        ),
        Field(
            "restart_seconds",
            unit="s",
            default="600",
        ),
    ),
    function=goodput,
    units={
        "mtbf_seconds": "h",
        "system_mtbf_seconds": "h",
        "checkpoint_interval_seconds": "s",
        "failures_per_day": "",
    },
    headline=("system_mtbf_seconds", "checkpoint_interval_seconds", "lost_fraction", "goodput"),
)

CALCULATORS = (GOODPUT,)
