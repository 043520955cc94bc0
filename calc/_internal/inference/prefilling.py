# The prefill calculator: one prompt's FLOPs and time against the compute and memory bounds.
from __future__ import annotations

from ..chips import resolve_chip
from ..data import load_data
from ..errors import check_finite_result, check_number
from ..fields import (
    ACCELERATOR,
    CUSTOM_PEAK,
    DEFAULT_DTYPE,
    DTYPE,
    Calculator,
    Field,
    with_changes,
)
from ..messages import Text, text
from ..results import Result, Scalar, Step, q, step
from .formulas import MODEL, prefill_flops


def prefill(
    *,
    prompt_tokens: float,
    model: str | None = None,
    params: float | None = None,
    layers: float | None = None,
    attention_width: float | None = None,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    count: float = 1,
    mfu: float = 1.0,
) -> Result:
    """Lower bound on prefilling a prompt (compute-bound), causal attention included: see `prefill_flops`.

    Parameters:
        prompt_tokens: tokens in the prompt(s) processed together.
        model: a data/ model id (its active parameters, layers and attention width); or
        params, layers, attention_width: a described model (without layers and width, attention is left out).
        accelerator, dtype: a data/ chip and the format of its dense peak; or `peak_flop_per_s` for a custom chip.
        count: accelerators sharing the work; their peaks add.
        mfu: fraction of peak achieved (1 = the bound).

    Returns:
        Result with prefill_seconds, flops, weight_flops, attention_flops (None when unknown),
        attention_share, peak_flop_per_s and prompt_tokens_per_second.

    Raises:
        CalcError: a value outside its range, an unknown model or accelerator, or a dtype it lacks.
    """
    subject: str | Text
    if model is not None:
        found = load_data().model(model)
        params, layers = found.active_params, float(found.layers)
        attention_width, subject = float(found.attention_heads * found.head_dim), found.name
    else:
        params = check_number("params", params)
        subject = text("model.custom")
    chip = resolve_chip(accelerator=accelerator, dtype=dtype, peak_flop_per_s=peak_flop_per_s, needs=("peak",))
    peak = float(chip.peak_flop_per_s or 0)
    n = check_number("count", count)
    u = check_number("mfu", mfu)
    weight_flops = prefill_flops(params=params, prompt_tokens=prompt_tokens)
    flops = prefill_flops(params=params, prompt_tokens=prompt_tokens, layers=layers, attention_width=attention_width)
    attention = flops - weight_flops if layers is not None and attention_width is not None else None
    seconds = check_finite_result("prefill_seconds", flops / (n * peak * u))
    steps, notes = _flop_steps(subject, params, prompt_tokens, layers, attention_width, weight_flops, attention, flops)
    steps.append(_seconds_step(chip.label, flops, n, peak, u, seconds))
    rate = check_finite_result("prompt_tokens_per_second", prompt_tokens / seconds)
    quantities: dict[str, Scalar] = {
        "prefill_seconds": seconds,
        "flops": flops,
        "weight_flops": weight_flops,
        "attention_flops": attention,
        "attention_share": attention / flops if attention is not None else None,
        "peak_flop_per_s": peak,
        "prompt_tokens_per_second": rate,
    }
    return Result(calculator="prefill", quantities=quantities, steps=steps, notes=notes)


def _flop_steps(
    subject: str | Text,
    params: float,
    tokens: float,
    layers: float | None,
    width: float | None,
    weight_flops: float,
    attention: float | None,
    flops: float,
) -> tuple[list[Step], list[Text]]:
    """The weights' 2·N·T FLOPs, and with the layers and attention width the causal attention's and their sum."""
    steps = [
        step(
            "weight_flops",
            text("prefill.step.weight_flops", model=subject),
            r"F_w = 2\,N\,T",
            "2 × {N} × {T}",
            weight_flops,
            "FLOP",
            N=params,
            T=tokens,
        )
    ]
    if attention is None:
        return steps, [text("prefill.note.no_attention")]
    steps += [
        step(
            "attention_flops",
            text("prefill.step.attention_flops"),
            r"F_a = 2\,L\,T^2\,d",
            "2 × {L} × {T}² × {d}",
            attention,
            "FLOP",
            L=float(layers or 0),
            T=tokens,
            d=float(width or 0),
        ),
        step(
            "flops",
            text("prefill.step.flops"),
            r"F = F_w + F_a",
            "{Fw} + {Fa}",
            flops,
            "FLOP",
            Fw=q(weight_flops, "FLOP"),
            Fa=q(attention, "FLOP"),
        ),
    ]
    return steps, []


def _seconds_step(chip: object, flops: float, n: float, peak: float, u: float, seconds: float) -> Step:
    return step(
        "prefill_seconds",
        text("prefill.step.prefill_seconds", chip=chip),
        r"T = F / (n\,P\,\text{MFU})",
        "{F} / ({n} × {P} × {U})",
        seconds,
        "s",
        F=q(flops, "FLOP"),
        n=n,
        P=q(peak, "FLOP/s"),
        U=u,
    )


PREFILL = Calculator(
    name="prefill",
    fields=(
        with_changes(MODEL, default="llama-3-8b"),
        Field("params", default="8B", custom_of="model", low=0, low_open=True, high=1e15),
        Field("layers", optional=True, custom_of="model", low=1, high=1e4, integer=True),
        Field("attention_width", optional=True, custom_of="model", low=1, high=1e7, integer=True),
        Field("prompt_tokens", default="8192", low=1, high=1e9),
        ACCELERATOR,
        DTYPE,
        CUSTOM_PEAK,
        Field("count", default="1", low=1, high=1e6, integer=True),
        Field("mfu", default="1", low=0, low_open=True, high=1),
    ),
    function=prefill,
    units={
        "prefill_seconds": "s",
        "flops": "FLOP",
        "weight_flops": "FLOP",
        "attention_flops": "FLOP",
        "peak_flop_per_s": "FLOP/s",
        "prompt_tokens_per_second": "tokens/s",
    },
    headline=("prefill_seconds", "flops", "attention_share", "prompt_tokens_per_second"),
)
