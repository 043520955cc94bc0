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
from ..messages import text
from ..results import Result, Step
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
    b = check_number("batch", batch, low=1, high=1e7, integer=True)
    n = check_number("count", count, low=1, high=1e6, integer=True)
    fmt = check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
    chip = resolve_chip(
        accelerator=accelerator, dtype=dtype, bandwidth_bytes_per_s=bandwidth_bytes_per_s, needs=("bandwidth",)
    )
    bandwidth = float(chip.bandwidth_bytes_per_s or 0)
    peak = chip.data.dense_flop_per_s.get(dtype) if chip.data is not None else None
    notes = []
    read_steps: list[Step] = []
    if model is not None:
        found = load_data().model(model)
        read = decode_read_terms(model=found, weight_format=fmt, tokens=b)
        weight_bytes_total, params = read.value, found.active_params
        read_steps.append(replace(read, label=text("decode.step.read", model=found.name, format=fmt.upper())))
    elif fmt != "bf16":
        raise CalcError(field="weight_format", kind="only_when", choices=sorted(load_data().models), detail="model")
    if weight_bytes_total is None:
        raise CalcError(field="weights_bytes", kind="missing", low=0)
    memory_s = decode_step_seconds(
        weight_bytes_total=weight_bytes_total, kv_bytes=kv_bytes, bandwidth_bytes_per_s=bandwidth, count=n
    )
    where = chip.data.words() if chip.data is not None else text("chip.custom")
    steps = [
        *read_steps,
        Step(
            "memory_seconds",
            text("decode.step.memory_seconds", chip=where, count=float(n)),
            r"T_\text{mem} = (W + KV) / (n\,B)",
            "({W} + {K}) / ({n} × {B})",
            {"W": (weight_bytes_total, "B"), "K": (kv_bytes, "B"), "n": (n, ""), "B": (bandwidth, "B/s")},
            memory_s,
            "s",
        ),
    ]
    quantities: dict[str, float | str | None] = {
        "memory_seconds": memory_s,
        "compute_seconds": None,
        "bound": "memory",
        "compute_bound_batch": None,
    }
    step_s = memory_s
    if params is not None and peak:
        n_params = check_number("params", params, low=0, low_open=True, high=1e15)
        compute_s = 2.0 * n_params * b / (n * peak)
        critical = critical_batch(
            peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth, bytes_per_weight=weight_bytes_total / n_params
        )
        step_s = max(memory_s, compute_s)
        quantities.update(
            compute_seconds=compute_s,
            bound="compute" if compute_s > memory_s else "memory",
            compute_bound_batch=critical,
        )
        steps += [
            Step(
                "compute_seconds",
                text("decode.step.compute_seconds"),
                r"T_\text{math} = 2NB / (nP)",
                "2 × {N} × {b} / ({n} × {P})",
                {"N": (n_params, ""), "b": (b, ""), "n": (n, ""), "P": (peak, "FLOP/s")},
                compute_s,
                "s",
            ),
            Step(
                "compute_bound_batch",
                text("decode.step.compute_bound_batch"),
                r"B^* = \frac{P}{B_\text{mem}} \cdot \frac{s}{2}",
                "{P} / {B} × {s} / 2",
                {"P": (peak, "FLOP/s"), "B": (bandwidth, "B/s"), "s": (weight_bytes_total / n_params, "B")},
                critical,
                "",
            ),
        ]
    compute_s_shown = quantities["compute_seconds"]
    if isinstance(compute_s_shown, float):
        steps.append(
            Step(
                "step_seconds",
                text("decode.step.step_seconds"),
                r"T = \max(T_\text{mem}, T_\text{math})",
                "max({Tm}, {Tc})",
                {"Tm": (memory_s, "s"), "Tc": (compute_s_shown, "s")},
                step_s,
                "s",
            )
        )
    else:
        notes.append(text("decode.note.no_compute"))
    steps += [
        Step(
            "tokens_per_second",
            text("decode.step.tokens_per_second"),
            r"1 / T",
            "1 / {T}",
            {"T": (step_s, "s")},
            1.0 / step_s,
            "tokens/s",
        ),
        Step(
            "batch_tokens_per_second",
            text("decode.step.batch_tokens_per_second"),
            r"B / T",
            "{b} / {T}",
            {"b": (b, ""), "T": (step_s, "s")},
            b / step_s,
            "tokens/s",
        ),
    ]
    quantities = {
        "weights_read_bytes": float(weight_bytes_total),
        "step_seconds": step_s,
        "tokens_per_second": check_finite_result("tokens_per_second", 1.0 / step_s),
        "batch_tokens_per_second": check_finite_result("batch_tokens_per_second", b / step_s),
        **quantities,
    }
    return Result(calculator="decode", quantities=quantities, steps=steps, notes=notes)


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
