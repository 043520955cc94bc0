# The serving calculator's derivation: each figure of one point as a step a reader can check.
from __future__ import annotations

from dataclasses import replace

from ..data import Model
from ..inference import (
    INT4_GROUP_SIZE,
    decode_read_terms,
    model_tables,
    weight_bytes,
)
from ..messages import text
from ..results import Step
from .case import KV_FORMATS, ServingCase


def serving_steps(
    case: ServingCase, point: dict[str, float], model: Model, fmt: str, kv_fmt: str, limit: int
) -> list[Step]:
    """The derivation: memory, then prefill (TTFT), then one decode step (TPOT), then the request and its cost."""
    n, k, b = case.tp, case.kv_shards, point["batch"]
    split = n > 1 or k > 1  # whether to show the division over tensor-parallel ranks
    tables, _ = model_tables(model)
    per_weight = weight_bytes(params=1.0, weight_format=fmt, group_size=INT4_GROUP_SIZE)
    # No room when the weights fill the memory: max(0, …) keeps the line true at 0 (rounded operands would not).
    room = (
        "({U} − {W}) / {sequence}"
        if case.usable >= case.weights + case.extra_resident
        else "max(0, {U} − {W}) / {sequence}"
    )
    steps = [
        Step(
            "weights_bytes",
            text("serving.step.weights", model=model.name, format=fmt.upper()),
            r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}",
            "({N} − {E}) × {s} + {E} × 2",
            {"N": (model.params, ""), "E": (tables, ""), "s": (per_weight, "B")},
            case.weights,
            "B",
        ),
    ]
    if model.attention == "mla":
        kv_formula, kv_sub = r"L\,(d_c + d_r)\,s_{kv}", "{L} × ({c} + {r}) × {s}"
        kv_values = {
            "L": (float(model.layers), ""),
            "c": (float(model.kv_lora_rank or 0), ""),
            "r": (float(model.rope_head_dim or 0), ""),
            "s": (KV_FORMATS[kv_fmt], "B"),
        }
    else:
        kv_formula, kv_sub = r"2\,L\,H_{kv}\,d\,s_{kv}", "2 × {L} × {H} × {d} × {s}"
        kv_values = {
            "L": (float(model.layers), ""),
            "H": (1.0 if model.attention == "mqa" else float(model.kv_heads), ""),
            "d": (float(model.head_dim), ""),
            "s": (KV_FORMATS[kv_fmt], "B"),
        }
    steps.append(
        Step(
            "kv_bytes_per_token",
            text("serving.step.kv_per_token", format=kv_fmt.upper()),
            kv_formula,
            kv_sub,
            kv_values,
            case.kv_per_token,
            "B",
        )
    )
    full = case.prompt + case.output
    if case.window is not None:
        steps.append(
            Step(
                "kv_bytes_per_sequence",
                text("serving.step.kv_per_sequence"),
                r"S = b_\text{tok}\,\min(P + O, W)",
                "{p} × min({P} + {O}, {W})",
                {"p": (case.kv_per_token, "B"), "P": (case.prompt, ""), "O": (case.output, ""), "W": (case.window, "")},
                case.kv_per_sequence,
                "B",
            )
        )
    else:
        steps.append(
            Step(
                "kv_bytes_per_sequence",
                text("serving.step.kv_per_sequence"),
                r"S = b_\text{tok}\,(P + O)",
                "{p} × ({P} + {O})",
                {"p": (case.kv_per_token, "B"), "P": (case.prompt, ""), "O": (case.output, "")},
                case.kv_per_token * full,
                "B",
            )
        )
    steps += [
        Step(
            "usable_bytes",
            text("serving.step.usable"),
            r"M_u = n\,M\,u",
            "{n} × {M} × {u}",
            {"n": (n, ""), "M": (case.memory, "B"), "u": (case.utilization, "")},
            case.usable,
            "B",
        ),
        Step(
            "kv_room",
            text("serving.step.kv_room", limit=float(limit)),
            r"B_\text{max} = \lfloor \max(0, M_u - W) / (S\,n/k) \rfloor"
            if split
            else r"B_\text{max} = \lfloor \max(0, M_u - W) / S \rfloor",
            room.replace("{sequence}", "({S} × {n} / {k})" if split else "{S}"),
            {
                "U": (case.usable, "B"),
                "W": (case.weights + case.extra_resident, "B"),
                "S": (case.kv_per_sequence, "B"),
                "n": (n, ""),
                "k": (k, ""),
            },
            max(0.0, case.usable - case.weights - case.extra_resident) / (case.kv_per_sequence * n / k),
            "",
        ),
        Step(
            "prefill_flops",
            text("serving.step.prefill_flops"),
            r"F = 2\,N_a\,P + 2\,L\,P^2 d",
            "2 × {N} × {P} + 2 × {L} × {P}² × {d}",
            {
                "N": (case.active_params, ""),
                "P": (case.prompt, ""),
                "L": (case.layers, ""),
                "d": (case.attention_width, ""),
            },
            point["prefill_flops"],
            "FLOP",
        ),
        Step(
            "prefill_compute_seconds",
            text("serving.step.prefill_compute"),
            r"T_\text{math} = F / (n\,P_\text{peak}\,e_c)",
            "{F} / ({n} × {C} × {e})" if split else "{F} / ({C} × {e})",
            {
                "F": (point["prefill_flops"], "FLOP"),
                "n": (n, ""),
                "C": (case.peak, "FLOP/s"),
                "e": (case.compute_efficiency, ""),
            },
            point["prefill_compute"],
            "s",
        ),
        Step(
            "prefill_memory_seconds",
            text("serving.step.prefill_memory"),
            r"T_\text{mem} = (W_\text{read}/n + KV/k) / (B_\text{mem}\,e_b)"
            if split
            else r"T_\text{mem} = (W_\text{read} + KV) / (B_\text{mem}\,e_b)",
            "({R} / {n} + {K} / {k}) / ({Bw} × {e})" if split else "({R} + {K}) / ({Bw} × {e})",
            {
                "R": (point["prefill_read"], "B"),
                "n": (n, ""),
                "K": (point["prefill_kv"], "B"),
                "k": (k, ""),
                "Bw": (case.bandwidth, "B/s"),
                "e": (case.bandwidth_efficiency, ""),
            },
            point["prefill_memory"],
            "s",
        ),
    ]
    steps += _comm_steps(case, "prefill", case.prompt, point["prefill_comm"])
    if n > 1:
        ttft_formula, ttft_sub = (
            r"\text{TTFT} = \max(T_\text{math}, T_\text{mem}) + T_\text{TP}",
            "max({Tc}, {Tm}) + {Tx}",
        )
    else:
        ttft_formula, ttft_sub = r"\text{TTFT} = \max(T_\text{math}, T_\text{mem})", "max({Tc}, {Tm})"
    steps.append(
        Step(
            "ttft_seconds",
            text("serving.step.ttft"),
            ttft_formula,
            ttft_sub,
            {
                "Tc": (point["prefill_compute"], "s"),
                "Tm": (point["prefill_memory"], "s"),
                "Tx": (point["prefill_comm"], "s"),
            },
            point["ttft"],
            "s",
        )
    )
    if case.window is not None:
        steps.append(
            Step(
                "mean_context",
                text("serving.step.mean_context"),
                r"\bar T = \min(P + O/2, W)",
                "min({P} + {O} / 2, {W})",
                {"P": (case.prompt, ""), "O": (case.output, ""), "W": (case.window, "")},
                point["mean_context"],
                "",
            )
        )
    else:
        steps.append(
            Step(
                "mean_context",
                text("serving.step.mean_context"),
                r"\bar T = P + O/2",
                "{P} + {O} / 2",
                {"P": (case.prompt, ""), "O": (case.output, "")},
                point["mean_context"],
                "",
            )
        )
    steps += _read_steps(case, point, model, fmt)
    mem = {"Bw": (case.bandwidth, "B/s"), "e": (case.bandwidth_efficiency, "")}
    math = {"n": (n, ""), "C": (case.peak, "FLOP/s"), "e": (case.compute_efficiency, "")}
    per_device = " / ({n} × {C} × {e})" if split else " / ({C} × {e})"
    steps += [
        Step(
            "decode_weights_seconds",
            text("serving.step.decode_weights"),
            r"T_W = W_\text{step} / n / (B_\text{mem}\,e_b)" if split else r"T_W = W_\text{step} / (B_\text{mem}\,e_b)",
            "{R} / {n} / ({Bw} × {e})" if split else "{R} / ({Bw} × {e})",
            {"R": (point["decode_read"], "B"), "n": (n, ""), **mem},
            point["decode_weights"],
            "s",
        ),
        Step(
            "decode_kv_seconds",
            text("serving.step.decode_kv"),
            r"T_\text{KV} = B\,b_\text{tok}\,\bar T / k / (B_\text{mem}\,e_b)"
            if split
            else r"T_\text{KV} = B\,b_\text{tok}\,\bar T / (B_\text{mem}\,e_b)",
            "{B} × {p} × {T} / {k} / ({Bw} × {e})" if split else "{B} × {p} × {T} / ({Bw} × {e})",
            {"B": (b, ""), "p": (case.kv_per_token, "B"), "T": (point["mean_context"], ""), "k": (k, ""), **mem},
            point["decode_kv_time"],
            "s",
        ),
        Step(
            "decode_linear_seconds",
            text("serving.step.decode_linear"),
            r"T_\text{lin} = 2\,B\,N_a / (n\,P_\text{peak}\,e_c)",
            "2 × {B} × {N}" + per_device,
            {"B": (b, ""), "N": (case.active_params, ""), **math},
            point["decode_linear"],
            "s",
        ),
        Step(
            "decode_attention_seconds",
            text("serving.step.decode_attention"),
            r"T_\text{att} = 4\,B\,L\,\bar T d / (n\,P_\text{peak}\,e_c)",
            "4 × {B} × {L} × {T} × {d}" + per_device,
            {
                "B": (b, ""),
                "L": (case.layers, ""),
                "T": (point["mean_context"], ""),
                "d": (case.attention_width, ""),
                **math,
            },
            point["decode_attention"],
            "s",
        ),
    ]
    chunked = case.schedule == "chunked"
    if chunked:
        share = {"O": (case.output, ""), "B": (b, "")}
        steps += [
            Step(
                "prefill_attention_seconds",
                text("serving.step.prefill_attention"),
                r"T_\text{pf,att} = 2\,L\,P^2 d / (n\,P_\text{peak}\,e_c)",
                "2 × {L} × {P}² × {d}" + per_device,
                {"L": (case.layers, ""), "P": (case.prompt, ""), "d": (case.attention_width, ""), **math},
                point["prefill_attention"],
                "s",
            ),
            Step(
                "mixed_linear_seconds",
                text("serving.step.mixed_linear"),
                r"T_\text{mix,lin} = \frac{O-1}{O}\,T_\text{lin} + \frac{B}{O}\,(T_\text{pf} - T_\text{pf,att})",
                "({O} − 1) / {O} × {Tl} + {B} / {O} × ({Tp} − {Ta})",
                {
                    **share,
                    "Tl": (point["decode_linear"], "s"),
                    "Tp": (point["prefill_compute"], "s"),
                    "Ta": (point["prefill_attention"], "s"),
                },
                point["mixed_linear"],
                "s",
            ),
            Step(
                "mixed_attention_seconds",
                text("serving.step.mixed_attention"),
                r"T_\text{mix,att} = \frac{O-1}{O}\,T_\text{att} + \frac{B}{O}\,T_\text{pf,att}",
                "({O} − 1) / {O} × {Td} + {B} / {O} × {Ta}",
                {**share, "Td": (point["decode_attention"], "s"), "Ta": (point["prefill_attention"], "s")},
                point["mixed_attention"],
                "s",
            ),
        ]
    steps += _comm_steps(
        case, "mixed" if chunked else "decode", point["mixed_tokens"] if chunked else b, point["decode_comm"]
    )
    if chunked:
        step_formula = r"T = \max(T_W, T_\text{mix,lin}) + \max(T_\text{KV}, T_\text{mix,att})"
        steps.append(
            Step(
                "decode_step_seconds",
                text("serving.step.mixed_step"),
                step_formula + (r" + T_\text{TP}" if n > 1 else ""),
                "max({Tw}, {Tl}) + max({Tk}, {Ta})" + (" + {Tx}" if n > 1 else ""),
                {
                    "Tw": (point["decode_weights"], "s"),
                    "Tl": (point["mixed_linear"], "s"),
                    "Tk": (point["decode_kv_time"], "s"),
                    "Ta": (point["mixed_attention"], "s"),
                    "Tx": (point["decode_comm"], "s"),
                },
                point["step"],
                "s",
            )
        )
        steps += [
            Step(
                "tpot_seconds",
                text("serving.step.tpot"),
                r"\text{TPOT} = T",
                "{S}",
                {"S": (point["step"], "s")},
                point["tpot"],
                "s",
            ),
            Step(
                "request_seconds",
                text("serving.step.request"),
                r"T_\text{req} = \text{TTFT} + (O - 1)\,\text{TPOT}",
                "{F} + ({O} − 1) × {T}",
                {"F": (point["ttft"], "s"), "O": (case.output, ""), "T": (point["tpot"], "s")},
                point["request"],
                "s",
            ),
            Step(
                "output_tokens_per_second",
                text("serving.step.rate_chunked"),
                r"r = B / T",
                "{B} / {S}",
                {"B": (b, ""), "S": (point["step"], "s")},
                point["rate"],
                "tokens/s",
            ),
        ]
        return steps + _tail_steps(case, point, split)
    step_formula = r"T_\text{dec} = \max(T_W, T_\text{lin}) + \max(T_\text{KV}, T_\text{att})"
    steps.append(
        Step(
            "decode_step_seconds",
            text("serving.step.decode_step"),
            step_formula + (r" + T_\text{TP}" if n > 1 else ""),
            "max({Tw}, {Tl}) + max({Tk}, {Ta})" + (" + {Tx}" if n > 1 else ""),
            {
                "Tw": (point["decode_weights"], "s"),
                "Tl": (point["decode_linear"], "s"),
                "Tk": (point["decode_kv_time"], "s"),
                "Ta": (point["decode_attention"], "s"),
                "Tx": (point["decode_comm"], "s"),
            },
            point["step"],
            "s",
        )
    )
    o = case.output
    if o > 1:
        steps += [
            Step(
                "prefill_interference_seconds",
                text("serving.step.interference"),
                r"B\,\text{TTFT} / (O - 1)",
                "{B} × {F} / ({O} − 1)",
                {"B": (b, ""), "F": (point["ttft"], "s"), "O": (o, "")},
                point["interference"],
                "s",
            ),
            Step(
                "tpot_seconds",
                text("serving.step.tpot"),
                r"\text{TPOT} = T_\text{dec} + B\,\text{TTFT} / (O - 1)",
                "{S} + {I}",
                {"S": (point["step"], "s"), "I": (point["interference"], "s")},
                point["tpot"],
                "s",
            ),
        ]
    else:
        steps.append(
            Step(
                "tpot_seconds",
                text("serving.step.tpot"),
                r"\text{TPOT} = T_\text{dec}",
                "{S}",
                {"S": (point["step"], "s")},
                point["tpot"],
                "s",
            )
        )
    steps += [
        Step(
            "request_seconds",
            text("serving.step.request"),
            r"T_\text{req} = \text{TTFT} + (O - 1)\,\text{TPOT}",
            "{F} + ({O} − 1) × {T}",
            {"F": (point["ttft"], "s"), "O": (o, ""), "T": (point["tpot"], "s")},
            point["request"],
            "s",
        ),
        Step(
            "output_tokens_per_second",
            text("serving.step.rate"),
            r"r = B\,O / (B\,\text{TTFT} + (O - 1)\,T_\text{dec})",
            "{B} × {O} / ({B} × {F} + ({O} − 1) × {S})",
            {"B": (b, ""), "O": (o, ""), "F": (point["ttft"], "s"), "S": (point["step"], "s")},
            point["rate"],
            "tokens/s",
        ),
    ]
    return steps + _tail_steps(case, point, split)


def _tail_steps(case: ServingCase, point: dict[str, float], split: bool) -> list[Step]:
    """Requests per second and, with a price, the cost per million output tokens."""
    n = case.tp
    steps = [
        Step(
            "requests_per_second",
            text("serving.step.requests"),
            r"r / O",
            "{r} / {O}",
            {"r": (point["rate"], "tokens/s"), "O": (case.output, "")},
            point["requests_per_second"],
            "",
        ),
    ]
    if case.price is not None:
        steps.append(
            Step(
                "cost_per_million_output_tokens",
                text("serving.step.cost"),
                r"c = n\,p / r \times 10^6",
                "{n} × {p} / {r} × 10⁶" if split else "{p} / {r} × 10⁶",
                {"n": (n, ""), "p": (case.price / 3_600.0, "USD/h"), "r": (point["rate"], "tokens/s")},
                point["cost"],
                "USD",
            )
        )
    return steps


def _read_steps(case: ServingCase, point: dict[str, float], model: Model, fmt: str) -> list[Step]:
    """What one decode step reads of the weights: all but the untied input table and the experts nobody uses."""
    b = point["batch"]
    steps = []
    if case.expert_bytes:
        steps.append(
            Step(
                "experts_touched",
                text("serving.step.experts_touched", batch=b),
                r"E\,(1 - (1 - k/E)^B)",
                "{E} × (1 − {u})",
                {"E": (case.experts, ""), "u": (point["decode_untouched"], "")},
                case.experts * (1.0 - point["decode_untouched"]),
                "",
            )
        )
    read = decode_read_terms(model=model, weight_format=fmt, tokens=b)
    if len(read.values) > 1:  # a tied, dense model reads all its weights: nothing to derive
        steps.append(replace(read, key="decode_read_bytes", label=text("serving.step.decode_read")))
    return steps


def _comm_steps(case: ServingCase, phase: str, tokens: float, seconds: float) -> list[Step]:
    if case.tp == 1:
        return []
    return [
        Step(
            f"{phase}_communication_seconds",
            text(f"serving.step.{phase}_comm", tp=case.tp),
            r"T_\text{TP} = 2L\,(2\frac{n-1}{n}\frac{T\,h\,2}{B_\text{link}} + \alpha)",
            "2 × {L} × (2 × ({n} − 1) / {n} × {t} × {h} × 2 / {Bl} + {a})",
            {
                "L": (case.layers, ""),
                "n": (case.tp, ""),
                "t": (tokens, ""),
                "h": (case.hidden, ""),
                "Bl": (case.link, "B/s"),
                "a": (case.latency, "s"),
            },
            seconds,
            "s",
        )
    ]
