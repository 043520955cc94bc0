# The serving derivation's last steps: the share of the engine's time that prefill adds, and the request's cost
# split by it into a price per million input tokens and one per million output tokens.
from __future__ import annotations

from dataclasses import replace

from ..messages import text
from ..results import Figure, Step, digits_for_difference, q, step
from .case import ServingCase, divides_over_ranks


def phase_cost_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """The share of the engine's time prefill adds, then the cost split by it: per million prompt tokens, per
    million output tokens, and how much dearer an output token is."""
    steps = _chunked_share_steps(case, point) if case.schedule == "chunked" else [_blocking_share_step(case, point)]
    if case.price is None:
        return steps
    split, share = divides_over_ranks(case), point["prefill_share"]
    price: dict[str, Figure] = {"n": case.tp, "p": q(case.price / 3_600.0, "USD/h"), "r": q(point["rate"], "tokens/s")}
    dollars = "{f} × {n} × {p}" if split else "{f} × {p}"
    steps += [
        step(
            "cost_per_million_input_tokens",
            text("serving.step.cost_input"),
            r"c_\text{in} = f\,n\,p / (r\,P/O) \times 10^6",
            dollars + " / ({r} × {P} / {O}) × 10⁶",
            point["cost_input"],
            "USD",
            f=share,
            P=case.prompt,
            O=case.output,
            **price,
        ),
        step(
            "cost_per_million_generated_tokens",
            text("serving.step.cost_generated"),
            r"c_\text{gen} = (1 - f)\,n\,p / r \times 10^6",
            dollars.replace("{f}", "(1 − {f})") + " / {r} × 10⁶",
            point["cost_generated"],
            "USD",
            f=share,
            **price,
        ),
    ]
    generated = steps[-1]
    steps[-1] = replace(generated, digits=digits_for_difference(1.0 - share, [1.0, share]))
    if "cost_ratio" in point:
        steps.append(
            step(
                "generated_to_input_cost_ratio",
                text("serving.step.cost_ratio"),
                r"c_\text{gen} / c_\text{in}",
                "{g} / {i}",
                point["cost_ratio"],
                "",
                g=q(point["cost_generated"], "USD"),
                i=q(point["cost_input"], "USD"),
            )
        )
    return steps


def _chunked_share_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """Chunked: the step with its decodes alone, what the joining prompts add to it, and that share of the step."""
    tp, o = case.tp > 1, case.output
    alone = step(
        "decode_only_step_seconds",
        text("serving.step.decode_only_step"),
        r"T_\text{dec} = \max(T_W, \tfrac{O-1}{O}\,T_\text{lin}) + \max(T_\text{KV}, \tfrac{O-1}{O}\,T_\text{att})"
        + (r" + T_\text{TP}(B\,\tfrac{O-1}{O})" if tp else ""),
        "max({Tw}, ({O} − 1) / {O} × {Tl}) + max({Tk}, ({O} − 1) / {O} × {Ta})" + (" + {Tx}" if tp else ""),
        point["decode_only_step"],
        "s",
        Tw=q(point["decode_weights"], "s"),
        Tl=q(point["decode_linear"], "s"),
        Tk=q(point["decode_kv_time"], "s"),
        Ta=q(point["decode_attention"], "s"),
        O=o,
        Tx=q(point["decode_only_comm"], "s"),
    )
    added, whole = point["prefill_step_seconds"], point["step"]
    negative = whole < point["decode_only_step"]  # a smaller AllReduce on a slower path: prompts add nothing
    marginal = step(
        "prefill_step_seconds",
        text("serving.step.prefill_added"),
        r"T_\text{pf} = \max(0, T - T_\text{dec})",
        "max(0, {T} − {D})" if negative else "{T} − {D}",
        added,
        "s",
        T=q(whole, "s"),
        D=q(point["decode_only_step"], "s"),
    )
    marginal = replace(marginal, digits=digits_for_difference(added, [whole, point["decode_only_step"]]))
    share = step(
        "prefill_time_share",
        text("serving.step.prefill_share"),
        r"f = T_\text{pf} / T",
        "{A} / {T}",
        point["prefill_share"],
        "",
        A=q(added, "s"),
        T=q(whole, "s"),
    )
    return [alone, marginal, share]


def _blocking_share_step(case: ServingCase, point: dict[str, float]) -> Step:
    """Blocking: the prefills' part of a request cycle, B·TTFT of B·TTFT + (O − 1)·T_dec."""
    return step(
        "prefill_time_share",
        text("serving.step.prefill_share_blocking"),
        r"f = B\,\text{TTFT} / (B\,\text{TTFT} + (O - 1)\,T_\text{dec})",
        "{B} × {F} / ({B} × {F} + ({O} − 1) × {S})",
        point["prefill_share"],
        "",
        B=point["batch"],
        F=q(point["ttft"], "s"),
        O=case.output,
        S=q(point["step"], "s"),
    )
