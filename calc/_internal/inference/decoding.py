# The decode calculator: one batch-1 step against its memory and compute bounds.
from __future__ import annotations

from dataclasses import replace

from ..chips import resolve_chip
from ..data import load_data
from ..errors import CalcError, check_choice, check_finite_result, check_number
from ..fields import (
    ACCELERATOR,
    CUSTOM,
    CUSTOM_BANDWIDTH,
    DEFAULT_DTYPE,
    Calculator,
    Field,
    with_changes,
)
from ..messages import Text, text
from ..results import Result, Scalar, Step, q, step
from .formulas import MODEL, WEIGHT_FORMATS, critical_batch, decode_read_terms, decode_step_seconds


def decode(
    *,
    weight_bytes_total: float | None = None,
    kv_bytes: float = 0.0,
    batch: float = 1,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    bandwidth_bytes_per_s: float | None = None,
    count: float = 1,
    params: float | None = None,
    model: str | None = None,
    weight_format: str = "bf16",
) -> Result:
    """Lower bound on a decode step and the token rates it allows.

    Parameters:
        weight_bytes_total: bytes of all weights read per step; or
        model, weight_format: a data/ model and its weight format: the step then reads every weight but the
            untied input embedding table, of which it looks up one row per token, and but the routed experts
            the batch leaves unused (`decode_read_bytes`); its active parameters check compute.
        kv_bytes: KV cache read per step for the whole batch.
        batch: sequences decoded together.
        accelerator: a data/ id (its memory bandwidth, and its peak for the compute check); or
        bandwidth_bytes_per_s: a custom chip's memory bandwidth.
        count: accelerators sharing the work; their bandwidths add.
        params: parameters, to check compute (2·N·batch FLOPs per step) on a data/ accelerator.

    Returns:
        Result with step_seconds, tokens_per_second (per sequence), batch_tokens_per_second,
        memory_seconds, and with params and an accelerator compute_seconds, bound and compute_bound_batch.

    Raises:
        CalcError: a value outside its range or an unknown accelerator.
    """
    b = check_number("batch", batch)
    n = check_number("count", count)
    fmt = check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
    chip = resolve_chip(
        accelerator=accelerator, dtype=dtype, bandwidth_bytes_per_s=bandwidth_bytes_per_s, needs=("bandwidth",)
    )
    bandwidth = float(chip.bandwidth_bytes_per_s or 0)
    peak = chip.data.dense_flop_per_s.get(dtype) if chip.data is not None else None
    weight_bytes_total, params, steps = _read(model, fmt, b, weight_bytes_total, params)
    where = chip.data.words() if chip.data is not None else text("chip.custom")
    memory_s, memory_step = _memory(where, n, weight_bytes_total, kv_bytes, bandwidth)
    step_s, compute, compute_steps, notes = _compute(params, peak, b, n, bandwidth, weight_bytes_total, memory_s)
    steps += [memory_step, *compute_steps, *_rate_steps(b, step_s)]
    quantities = {
        "weights_read_bytes": float(weight_bytes_total),
        "step_seconds": step_s,
        "tokens_per_second": check_finite_result("tokens_per_second", 1.0 / step_s),
        "batch_tokens_per_second": check_finite_result("batch_tokens_per_second", b / step_s),
        "memory_seconds": memory_s,
        **compute,
    }
    return Result(calculator="decode", quantities=quantities, steps=steps, notes=notes)


def _read(
    model: str | None, fmt: str, b: float, weight_bytes_total: float | None, params: float | None
) -> tuple[float, float | None, list[Step]]:
    """The bytes a step reads (a data/ model's, with the step that counts them, or the ones given) and the
    parameters whose math it checks."""
    steps: list[Step] = []
    if model is not None:
        found = load_data().model(model)
        read = decode_read_terms(model=found, weight_format=fmt, tokens=b)
        weight_bytes_total, params = read.value, found.active_params
        steps.append(replace(read, label=text("decode.step.read", model=found.name, format=fmt.upper())))
    elif fmt != "bf16":
        raise CalcError(field="weight_format", kind="only_when", choices=sorted(load_data().models), detail="model")
    if weight_bytes_total is None:
        raise CalcError(field="weights_bytes", kind="missing", low=0)
    return weight_bytes_total, params, steps


def _memory(where: object, n: float, weights: float, kv_bytes: float, bandwidth: float) -> tuple[float, Step]:
    """The step's reads, weights and cache, over the chips' bandwidths."""
    memory_s = decode_step_seconds(
        weight_bytes_total=weights, kv_bytes=kv_bytes, bandwidth_bytes_per_s=bandwidth, count=n
    )
    return memory_s, step(
        "memory_seconds",
        text("decode.step.memory_seconds", chip=where, count=float(n)),
        r"T_\text{mem} = (W + KV) / (n\,B)",
        "({W} + {K}) / ({n} × {B})",
        memory_s,
        "s",
        W=q(weights, "B"),
        K=q(kv_bytes, "B"),
        n=n,
        B=q(bandwidth, "B/s"),
    )


def _compute(
    params: float | None, peak: float | None, b: float, n: float, bandwidth: float, weights: float, memory_s: float
) -> tuple[float, dict[str, Scalar], list[Step], list[Text]]:
    """With the parameters and the chip's peak: the step's math, 2·N·B FLOPs on n chips, the batch where it
    overtakes the reads, and the step, the slower of the two; without, the reads alone and a note."""
    if params is None or not peak:
        none: dict[str, Scalar] = {"compute_seconds": None, "bound": "memory", "compute_bound_batch": None}
        return memory_s, none, [], [text("decode.note.no_compute")]
    n_params = check_number("params", params)
    compute_s = 2.0 * n_params * b / (n * peak)
    critical = critical_batch(
        peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth, bytes_per_weight=weights / n_params
    )
    step_s = max(memory_s, compute_s)
    bound = "compute" if compute_s > memory_s else "memory"
    quantities: dict[str, Scalar] = {"compute_seconds": compute_s, "bound": bound, "compute_bound_batch": critical}
    steps = [
        step(
            "compute_seconds",
            text("decode.step.compute_seconds"),
            r"T_\text{math} = 2NB / (nP)",
            "2 × {N} × {b} / ({n} × {P})",
            compute_s,
            "s",
            N=n_params,
            b=b,
            n=n,
            P=q(peak, "FLOP/s"),
        ),
        step(
            "compute_bound_batch",
            text("decode.step.compute_bound_batch"),
            r"B^* = \frac{P}{B_\text{mem}} \cdot \frac{s}{2}",
            "{P} / {B} × {s} / 2",
            critical,
            "",
            P=q(peak, "FLOP/s"),
            B=q(bandwidth, "B/s"),
            s=q(weights / n_params, "B"),
        ),
        step(
            "step_seconds",
            text("decode.step.step_seconds"),
            r"T = \max(T_\text{mem}, T_\text{math})",
            "max({Tm}, {Tc})",
            step_s,
            "s",
            Tm=q(memory_s, "s"),
            Tc=q(compute_s, "s"),
        ),
    ]
    return step_s, quantities, steps, []


def _rate_steps(b: float, step_s: float) -> list[Step]:
    """Tokens per second, per sequence and for the batch."""
    return [
        step(
            "tokens_per_second",
            text("decode.step.tokens_per_second"),
            r"1 / T",
            "1 / {T}",
            1.0 / step_s,
            "tokens/s",
            T=q(step_s, "s"),
        ),
        step(
            "batch_tokens_per_second",
            text("decode.step.batch_tokens_per_second"),
            r"B / T",
            "{b} / {T}",
            b / step_s,
            "tokens/s",
            b=b,
            T=q(step_s, "s"),
        ),
    ]


DECODE = Calculator(
    name="decode",
    fields=(
        with_changes(MODEL, default=CUSTOM),
        Field("weight_format", kind="choice", default="bf16", choices=tuple(WEIGHT_FORMATS)),
        Field(
            "weights_bytes", unit="B", default="14G", param="weight_bytes_total", custom_of="model", low=0, high=1e18
        ),
        Field("kv_bytes", unit="B", default="0", low=0, high=1e18),
        Field("batch", default="1", low=1, high=1e7, integer=True),
        ACCELERATOR,
        CUSTOM_BANDWIDTH,
        Field("count", default="1", low=1, high=1e6, integer=True),
        Field("params", optional=True, custom_of="model", low=0, low_open=True, high=1e15),
    ),
    function=decode,
    units={
        "step_seconds": "s",
        "tokens_per_second": "tokens/s",
        "batch_tokens_per_second": "tokens/s",
        "memory_seconds": "s",
        "compute_seconds": "s",
        "compute_bound_batch": "",
        "weights_read_bytes": "B",
    },
    headline=("step_seconds", "tokens_per_second", "batch_tokens_per_second"),
)
