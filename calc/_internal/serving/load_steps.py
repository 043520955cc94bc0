# The serving calculator under load: its figures at an arrival rate and at two targets, and the lines a reader checks.
from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from ..messages import Text, text
from ..results import Step, digits_for_difference, q, step
from .case import ServingCase, serving_point
from .load import (
    DETERMINISTIC_SCV,
    Engine,
    LoadPoint,
    attained,
    engine,
    goodput,
    load_point,
    stationary,
)

# The tail the p99 figures read: 1 % of requests wait longer.
P99_TAIL = 0.01

LOAD_UNITS = {
    "saturation_requests_per_second": "requests/s",
    "arrival_requests_per_second": "requests/s",
    "load_utilization": "",
    "load_batch": "",
    "wait_probability": "",
    "mean_wait_seconds": "s",
    "ttft_p50_seconds": "s",
    "ttft_p99_seconds": "s",
    "tpot_p50_seconds": "s",
    "tpot_p99_seconds": "s",
    "slo_ttft_seconds": "s",
    "slo_attainment": "",
    "slo_met_share": "",
    "goodput_requests_per_second": "requests/s",
}


class LoadInputs(NamedTuple):
    """The reader's arrival rate (requests/s), TTFT and TPOT targets (s) and the share that must meet them."""

    arrival: float | None
    ttft: float | None
    tpot: float | None
    attainment: float


def load_steps(
    case: ServingCase, limit: int, load: LoadInputs, quantities: dict[str, Any], notes: list[Text]
) -> list[Step]:
    """Fill the load figures into `quantities` (None where they do not apply) and return their derivation lines."""
    quantities.update(dict.fromkeys(LOAD_UNITS))
    quantities.update(
        arrival_requests_per_second=load.arrival, slo_ttft_seconds=load.ttft, slo_attainment=load.attainment
    )
    if limit < 1:
        return []
    full = serving_point(case, float(limit))
    saturation = quantities["saturation_requests_per_second"] = full["requests_per_second"]
    targets = load.ttft is not None or load.tpot is not None
    if load.arrival is None and not targets:
        return []
    steps = [
        step(
            "saturation_requests_per_second",
            text("serving.step.saturation", batch=float(limit)),
            r"\lambda_\text{max} = r(B_\text{max}) / O",
            "{r} / {O}",
            saturation,
            "",
            r=q(full["rate"], "tokens/s"),
            O=case.output,
        )
    ]
    eng = engine(case, limit)
    if load.arrival is not None:
        if load.arrival >= saturation:
            notes.insert(0, text("serving.note.over_saturation", rate=load.arrival, saturation=saturation))
        else:
            steps += _arrival_steps(case, eng, load, quantities)
    if targets:
        steps += _goodput_steps(eng, load, quantities, notes)
    return steps


def _arrival_steps(case: ServingCase, eng: Engine, load: LoadInputs, quantities: dict[str, Any]) -> list[Step]:
    """The figures at the reader's arrival rate: the load, the chance and mean of a wait, TTFT and TPOT at p99."""
    arrival = float(load.arrival or 0.0)
    point = load_point(eng, arrival)
    quantities.update(
        load_utilization=point.utilization,
        load_batch=point.in_flight,
        wait_probability=point.waiting,
        mean_wait_seconds=point.mean_wait,
        ttft_p50_seconds=point.ttft_p50,
        ttft_p99_seconds=point.ttft_p99,
        tpot_p50_seconds=point.tpot_p50,
        tpot_p99_seconds=point.tpot_p99,
    )
    if load.ttft is not None or load.tpot is not None:
        state = stationary(eng, arrival)
        quantities["slo_met_share"] = attained(state, eng, load.ttft, load.tpot)
    saturation, limit = eng.saturation, float(eng.limit)
    steps = [
        step(
            "load_utilization",
            text("serving.step.utilization"),
            r"\rho = \lambda / \lambda_\text{max}",
            "{l} / {m}",
            point.utilization,
            "",
            l=arrival,
            m=saturation,
        ),
        step(
            "wait_probability",
            text("serving.step.wait_probability", batch=limit, in_flight=point.in_flight),
            r"P_\text{wait} = \sum_{n \ge B_\text{max}} \pi(n)",
            "{p}",
            point.waiting,
            "",
            p=point.waiting,
        ),
    ]
    if point.waiting > 0:
        steps.append(_mean_wait_step(point, saturation, arrival))
    steps.append(_ttft_step(eng, point.waiting, point.mean_wait, point.ttft_p99))
    steps.append(_tpot_p99_step(case, float(point.batch_p99)))
    return steps


def _mean_wait_step(point: LoadPoint, saturation: float, arrival: float) -> Step:
    """The mean wait of the requests that queue (Allen–Cunneen), to the digits that tell λ_max − λ apart."""
    digits = digits_for_difference(saturation - arrival, [saturation, arrival])
    wait_step = step(
        "mean_wait_seconds",
        text("serving.step.mean_wait"),
        r"W = \frac{1 + C_s^2}{2} \cdot \frac{P_\text{wait}}{X(B_\text{max}) - \lambda}",
        "(1 + {c}) / 2 × {p} / ({x} − {l})",
        point.mean_wait,
        "s",
        c=DETERMINISTIC_SCV,
        p=point.waiting,
        x=saturation,
        l=arrival,
    )
    return replace(wait_step, digits=digits)


def _tpot_p99_step(case: ServingCase, batch: float) -> Step:
    """TPOT at p99: the step of the batch 99 % of arrivals do not exceed, with the schedule's prefill share."""
    full = serving_point(case, batch)
    return step(
        "tpot_p99_seconds",
        text("serving.step.tpot_p99", batch=batch),
        r"\text{TPOT}_{99} = \text{TPOT}(B_{99})",
        "{S} + {I}",
        full["tpot"],
        "s",
        S=q(full["step"], "s"),
        I=q(full["interference"], "s"),
    )


def _ttft_step(eng: Engine, waiting: float, wait: float, ttft_p99: float) -> Step:
    """TTFT at p99: the prompt's pass, plus the wait 1 % of requests exceed when more than 1 % wait at all."""
    label = text("serving.step.ttft_p99")
    if waiting <= P99_TAIL:
        return step(
            "ttft_p99_seconds",
            text("serving.step.ttft_p99_no_wait"),
            r"\text{TTFT}_{99} = T_\text{prefill}",
            "{T}",
            ttft_p99,
            "s",
            T=q(eng.prefill, "s"),
        )
    return step(
        "ttft_p99_seconds",
        label,
        r"\text{TTFT}_{99} = T_\text{prefill} + \frac{W}{P_\text{wait}} \ln \frac{P_\text{wait}}{0.01}",
        "{T} + {W} / {p} × ln({p} / {t})",
        ttft_p99,
        "s",
        T=q(eng.prefill, "s"),
        W=q(wait, "s"),
        p=waiting,
        t=P99_TAIL,
    )


def _goodput_steps(eng: Engine, load: LoadInputs, quantities: dict[str, Any], notes: list[Text]) -> list[Step]:
    """Goodput at the targets: the highest rate at which the attainment share meets both, as a share of saturation."""
    rate = quantities["goodput_requests_per_second"] = goodput(eng, load.ttft, load.tpot, load.attainment)
    if rate <= 0:
        notes.append(text("serving.note.goodput_none", share=load.attainment))
        return []
    share = rate / eng.saturation
    return [
        step(
            "goodput_requests_per_second",
            text("serving.step.goodput", share=load.attainment),
            r"\lambda_\text{good} = \max\{\lambda : P(\text{TTFT} \le S_1,\ \text{TPOT} \le S_2) \ge g\}",
            "{f} × {m}",
            rate,
            "",
            f=share,
            m=eng.saturation,
        )
    ]
