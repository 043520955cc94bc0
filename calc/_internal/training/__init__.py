# Training run: FLOPs, wall-clock time, accelerator-hours, cloud cost, power, energy, CO2 and the bottleneck;
# the formulas, one run's figures and the calculator each in their module.
from __future__ import annotations

from .calculator import TRAINING, scaling_point, training, training_scaling_svg
from .formulas import (
    J_PER_KWH,
    JSON_ALIASES,
    amdahl_speedup,
    attention_flops_per_token,
    cluster_flop_per_s,
    facility_power_w,
    training_flops,
    training_flops_by_kind,
    training_seconds,
)
from .run import TrainingRun, gradient_sync, model_flops, training_run

CALCULATORS = (TRAINING,)

__all__ = [
    "CALCULATORS",
    "JSON_ALIASES",
    "J_PER_KWH",
    "TRAINING",
    "TrainingRun",
    "amdahl_speedup",
    "attention_flops_per_token",
    "cluster_flop_per_s",
    "facility_power_w",
    "gradient_sync",
    "model_flops",
    "scaling_point",
    "training",
    "training_flops",
    "training_flops_by_kind",
    "training_run",
    "training_scaling_svg",
    "training_seconds",
]
