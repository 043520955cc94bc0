# The serving derivation's tensor-parallel lines: a pass's two AllReduces per layer, on the path their size takes.
from __future__ import annotations

from ..collectives import one_shot_limit_bytes
from ..fmt import Quantity
from ..messages import text
from ..results import Figure, Step, q, step
from .case import ServingCase


def tp_comm_steps(case: ServingCase, phase: str, tokens: float, seconds: float) -> list[Step]:
    """A pass's two AllReduces per layer over the tensor-parallel ranks (none on one chip), on the path their size
    takes: the engine's one-shot kernel, NCCL at the bus bandwidth measured at that size, or a ring on the link."""
    if case.tp == 1:
        return []
    one = case.allreduce(tokens)
    label = text(f"serving.step.{phase}_comm", tp=case.tp)
    figures: dict[str, Figure] = {"L": case.layers, "n": case.tp, "t": tokens, "h": case.hidden}
    key = f"{phase}_communication_seconds"
    if one.path == "one_shot":
        limit = one_shot_limit_bytes(case.tp)
        return [
            step(
                key,
                text(
                    "serving.step.comm_one_shot",
                    phase=label,
                    size=Quantity(one.message, "B"),
                    limit=Quantity(limit, "B"),
                ),
                r"T_\text{TP} = 2L\,(\alpha + (n-1)\,\frac{T\,h\,2}{B_\text{pull}})",
                "2 × {L} × ({a} + ({n} − 1) × {t} × {h} × 2 / {Bp})",
                seconds,
                "s",
                **figures,
                a=q(case.latency, "s"),
                Bp=q(one.bandwidth, "B/s"),
            )
        ]
    if one.path == "swept":
        return [
            step(
                key,
                text(
                    "serving.step.comm_swept",
                    phase=label,
                    size=Quantity(one.message, "B"),
                    bus=Quantity(one.bandwidth, "B/s"),
                ),
                r"T_\text{TP} = 2L \cdot 2\frac{n-1}{n}\,\frac{T\,h\,2}{B_\text{bus}(T\,h\,2)}",
                "2 × {L} × 2 × ({n} − 1) / {n} × {t} × {h} × 2 / {Bs}",
                seconds,
                "s",
                **figures,
                Bs=q(one.bandwidth, "B/s"),
            )
        ]
    return [
        step(
            key,
            label,
            r"T_\text{TP} = 2L\,(2\frac{n-1}{n}\frac{T\,h\,2}{B_\text{link}} + \alpha)",
            "2 × {L} × (2 × ({n} − 1) / {n} × {t} × {h} × 2 / {Bl} + {a})",
            seconds,
            "s",
            **figures,
            Bl=q(case.link, "B/s"),
            a=q(case.latency, "s"),
        )
    ]
