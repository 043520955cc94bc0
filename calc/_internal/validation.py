# How close the time models come: each published measured run of data/validation.yaml run through its calculator
# and put in the run's own convention (a paper's FLOP count, an iteration time, a benchmark's tokens per second).
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .data import load_data
from .registry import compute
from .results import Result
from .units import parse_si_number

# Units of a figure that grows as a run slows (a time, or the GPU-hours a number of tokens takes): the speed ratio
# inverts them.
TIME_UNITS = ("s", "ms", "GPU-h")


@dataclass(frozen=True)
class Comparison:
    """One published run beside X4's figure for it, in the run's convention."""

    id: str
    group: str
    name: str
    calculator: str
    inputs: dict[str, str]
    metric: str
    unit: str
    published: float
    predicted: float
    tolerance: float
    source: str
    where: str
    known_miss: str | None
    replicas: int = 1

    @property
    def ratio(self) -> float:
        """X4's figure over the published one."""
        return self.predicted / self.published

    @property
    def speed_ratio(self) -> float:
        """How much faster X4 says the run goes than it did: the ratio, inverted for a time (above 1: optimistic)."""
        return 1 / self.ratio if self.unit in TIME_UNITS else self.ratio

    @property
    def within(self) -> bool:
        return abs(self.ratio - 1) <= self.tolerance

    @property
    def speed_band(self) -> tuple[float, float]:
        """The tolerance as speed ratios: ±tolerance of the published figure, inverted for a time."""
        low, high = 1 - self.tolerance, 1 + self.tolerance
        return (1 / high, 1 / low) if self.unit in TIME_UNITS else (low, high)


def megatron_flops_per_iteration(*, batch: float, sequence: float, layers: float, hidden: float, vocab: float) -> float:
    """FLOPs of one training iteration of a GPT model with full activation recomputation, as Megatron-LM counts them:
    F = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) (the transformer's matmuls four times: forward, recomputed forward,
    and a backward of twice the forward; the logits' once forward and twice back).

    Source: Narayanan et al. (2021), "Efficient Large-Scale Language Model Training on GPU Clusters Using
    Megatron-LM", eq. (3). Example: their 1.7B row (B = 512, s = 2,048, l = 24, h = 2,304, V = 51,200):
    96 × 512 × 2048 × 24 × 2304² × (1 + 2048/13,824 + 51,200/884,736) = 1.55 × 10¹⁶ FLOP.
    """
    b, s, n_l, h, v = batch, sequence, layers, hidden, vocab
    return 96.0 * b * s * n_l * h * h * (1 + s / (6 * h) + v / (16 * n_l * h))


# A serving run's batch written as this word: the most sequences whose full-length cache fits (offline benchmarks
# queue every request at once and batch as many as the memory holds).
MEMORY_LIMIT = "memory-limit"


def gpu_hours_per_trillion_tokens(*, step_seconds: float, count: float, batch_tokens: float) -> float:
    """GPU-hours a run spends on 10¹² tokens at a steady step: T·n / 3600 per step over B tokens per step.

    Source: DeepSeek-AI (2024), "DeepSeek-V3 Technical Report", Table 1 gives the pre-training's cost in H800
    GPU-hours (2,664K for 14.8T tokens, 180K per trillion). Example: 2,048 GPUs at 20 s per step of
    62,914,560 tokens: 20 × 2048 / 3600 / 62,914,560 × 10¹² = 180,845 GPU-hours per trillion tokens.
    """
    return step_seconds * count / 3600 / batch_tokens * 1e12


def _number(inputs: dict[str, str], name: str) -> float:
    return parse_si_number(inputs[name], field=name)


def _metric(metric: str, inputs: dict[str, str], result: Result, replicas: int = 1) -> float:
    """X4's figure for a run in the convention of its publication; `replicas` copies of the calculator's system
    served the run side by side (MLPerf's 4 tensor-parallel engines of 2 GPUs on one 8-GPU node)."""
    q = result.quantities
    if metric == "megatron_eq3_tflops_per_device":
        sequence = _number(inputs, "seq_len")
        flops = megatron_flops_per_iteration(
            batch=_number(inputs, "global_batch_tokens") / sequence,
            sequence=sequence,
            layers=_number(inputs, "layers"),
            hidden=_number(inputs, "hidden"),
            vocab=_number(inputs, "vocab"),
        )
        return flops / (float(q["step_seconds"]) * _number(inputs, "count")) / 1e12  # type: ignore[arg-type]
    if metric == "gpu_hours_per_trillion_tokens":
        return gpu_hours_per_trillion_tokens(
            step_seconds=float(q["step_seconds"]),  # type: ignore[arg-type]
            count=_number(inputs, "count"),
            batch_tokens=float(q["batch_tokens"]),  # type: ignore[arg-type]
        )
    if metric == "allreduce_bus_bandwidth_gbytes_s":
        n, size = _number(inputs, "count"), _number(inputs, "bytes")
        return 2 * (n - 1) / n * size / float(q["seconds"]) / 1e9  # type: ignore[arg-type]
    if metric == "replicas_output_tokens_per_second":
        return replicas * float(q["output_tokens_per_second"])  # type: ignore[arg-type]
    if metric == "decode_step_milliseconds":
        return 1e3 * float(q["decode_step_seconds"])  # type: ignore[arg-type]
    if metric.endswith("_percent"):
        return 100 * float(q[metric.removesuffix("_percent")])  # type: ignore[arg-type]
    return float(q[metric])  # type: ignore[arg-type]


def comparisons() -> list[Comparison]:
    """Every published run of the edition's data beside X4's figure for it, in the data's order."""
    raw: dict[str, Any] = load_data().raw.get("validation") or {}
    out = []
    for run in raw.get("runs", []):
        inputs = {key: str(value) for key, value in run["inputs"].items()}
        if inputs.get("batch") == MEMORY_LIMIT:  # a benchmark that fills the memory: the largest batch that fits
            limit = compute(run["calculator"], {**inputs, "batch": "1"}).quantities["max_batch"]
            inputs["batch"] = str(int(float(limit or 0)))
        result = compute(run["calculator"], inputs)
        replicas = int(run.get("replicas", 1))
        predicted = _metric(run["metric"], inputs, result, replicas)
        out.append(
            Comparison(
                id=run["id"],
                group=run["group"],
                name=run["name"],
                calculator=run["calculator"],
                inputs=inputs,
                metric=run["metric"],
                unit=run.get("unit", ""),
                published=float(run["published"]),
                predicted=predicted,
                tolerance=float(run["tolerance"]),
                source=run["source"],
                where=run["where"],
                known_miss=run.get("known_miss"),
                replicas=replicas,
            )
        )
    return out


def median_absolute_error(rows: list[Comparison]) -> float:
    """The median of |X4 / published − 1| over `rows` (NaN for none)."""
    errors = sorted(abs(row.ratio - 1) for row in rows)
    if not errors:
        return math.nan
    middle = len(errors) // 2
    return errors[middle] if len(errors) % 2 else (errors[middle - 1] + errors[middle]) / 2
