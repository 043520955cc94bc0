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
from ..results import Figure, Step, digits_for_difference, q, step
from .case import KV_FORMATS, ServingCase, divides_over_ranks
from .comm_steps import tp_comm_steps
from .cost_steps import phase_cost_steps


def serving_steps(
    case: ServingCase, point: dict[str, float], model: Model, fmt: str, kv_fmt: str, limit: int
) -> list[Step]:
    """The derivation: memory, then prefill (TTFT), then one decode step (TPOT), then the request and its cost."""
    steps = _memory_steps(case, model, fmt, kv_fmt, limit)
    steps += _prefill_steps(case, point)
    steps += _decode_steps(case, point, model, fmt)
    steps += _chunked_steps(case, point) if case.schedule == "chunked" else _blocking_steps(case, point)
    return steps + _tail_steps(case, point, divides_over_ranks(case)) + phase_cost_steps(case, point)


def _memory_steps(case: ServingCase, model: Model, fmt: str, kv_fmt: str, limit: int) -> list[Step]:
    """The weights, the KV cache per token and per sequence, the usable memory and the sequences it holds."""
    n, k, split = case.tp, case.kv_shards, divides_over_ranks(case)
    tables, _ = model_tables(model)
    per_weight = weight_bytes(params=1.0, weight_format=fmt, group_size=INT4_GROUP_SIZE)
    resident = case.weights + case.extra_resident
    # No room when the weights fill the memory: max(0, …) keeps the line true at 0 (rounded operands would not).
    room = "({U} − {W}) / {sequence}" if case.usable >= resident else "max(0, {U} − {W}) / {sequence}"
    room_formula = r"B_\text{max} = \lfloor \max(0, M_u - W) / " + (r"(S\,n/k) \rfloor" if split else r"S \rfloor")
    return [
        step(
            "weights_bytes",
            text("serving.step.weights", model=model.name, format=fmt.upper()),
            r"W = (N - N_\text{emb})\,s + 2\,N_\text{emb}",
            "({N} − {E}) × {s} + {E} × 2",
            case.weights,
            "B",
            N=model.params,
            E=tables,
            s=q(per_weight, "B"),
        ),
        _kv_per_token_step(case, model, kv_fmt),
        _kv_per_sequence_step(case),
        step(
            "usable_bytes",
            text("serving.step.usable"),
            r"M_u = n\,M\,u",
            "{n} × {M} × {u}",
            case.usable,
            "B",
            n=n,
            M=q(case.memory, "B"),
            u=case.utilization,
        ),
        replace(
            step(
                "kv_room",
                text("serving.step.kv_room", limit=float(limit)),
                room_formula,
                room.replace("{sequence}", "({S} × {n} / {k})" if split else "{S}"),
                max(0.0, case.usable - case.weights - case.extra_resident) / (case.kv_per_sequence * n / k),
                "",
                U=q(case.usable, "B"),
                W=q(resident, "B"),
                S=q(case.kv_per_sequence, "B"),
                n=n,
                k=k,
            ),
            digits=digits_for_difference(case.usable - resident, [case.usable, resident]),
        ),
    ]


def _kv_per_token_step(case: ServingCase, model: Model, kv_fmt: str) -> Step:
    """MLA's latent and RoPE key per layer, or K and V per KV head (one for MQA)."""
    label = text("serving.step.kv_per_token", format=kv_fmt.upper())
    s = q(KV_FORMATS[kv_fmt], "B")
    layers = float(model.layers)
    if model.attention == "mla":
        c, r = float(model.kv_lora_rank or 0), float(model.rope_head_dim or 0)
        formula, template = r"L\,(d_c + d_r)\,s_{kv}", "{L} × ({c} + {r}) × {s}"
        return step("kv_bytes_per_token", label, formula, template, case.kv_per_token, "B", L=layers, c=c, r=r, s=s)
    heads = 1.0 if model.attention == "mqa" else float(model.kv_heads)
    formula, template = r"2\,L\,H_{kv}\,d\,s_{kv}", "2 × {L} × {H} × {d} × {s}"
    d = float(model.head_dim)
    return step("kv_bytes_per_token", label, formula, template, case.kv_per_token, "B", L=layers, H=heads, d=d, s=s)


def _kv_per_sequence_step(case: ServingCase) -> Step:
    """A sequence's cache: every token of prompt and output, or a sliding window's last W."""
    label, p = text("serving.step.kv_per_sequence"), q(case.kv_per_token, "B")
    if case.window is not None:
        formula, template = r"S = b_\text{tok}\,\min(P + O, W)", "{p} × min({P} + {O}, {W})"
        value = case.kv_per_sequence
        return step(
            "kv_bytes_per_sequence",
            label,
            formula,
            template,
            value,
            "B",
            p=p,
            P=case.prompt,
            O=case.output,
            W=case.window,
        )
    value = case.kv_per_token * (case.prompt + case.output)
    formula, template = r"S = b_\text{tok}\,(P + O)", "{p} × ({P} + {O})"
    return step("kv_bytes_per_sequence", label, formula, template, value, "B", p=p, P=case.prompt, O=case.output)


def _math(case: ServingCase) -> dict[str, Figure]:
    """The figures of a time on the ranks' FLOP/s: n, the peak, the compute efficiency."""
    return {"n": case.tp, "C": q(case.peak, "FLOP/s"), "e": case.compute_efficiency}


def _per_device(case: ServingCase) -> str:
    return " / ({n} × {C} × {e})" if divides_over_ranks(case) else " / ({C} × {e})"


def _prefill_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """A prompt's FLOPs and their time, its reads' time, the tensor-parallel AllReduces, and the TTFT."""
    ttft_formula, ttft_sub = r"\text{TTFT} = \max(T_\text{math}, T_\text{mem})", "max({Tc}, {Tm})"
    if case.tp > 1:
        ttft_formula, ttft_sub = ttft_formula + r" + T_\text{TP}", ttft_sub + " + {Tx}"
    times = {"Tc": q(point["prefill_compute"], "s"), "Tm": q(point["prefill_memory"], "s")}
    ttft = step(
        "ttft_seconds",
        text("serving.step.ttft"),
        ttft_formula,
        ttft_sub,
        point["ttft"],
        "s",
        **times,
        Tx=q(point["prefill_comm"], "s"),
    )
    comm = tp_comm_steps(case, "prefill", case.computed_prompt, point["prefill_comm"])
    return [*_prefill_math_steps(case, point), _prefill_memory_step(case, point), *comm, ttft]


def _prefill_math_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    return [
        *_prefill_flops_steps(case, point),
        step(
            "prefill_compute_seconds",
            text("serving.step.prefill_compute"),
            r"T_\text{math} = F / (n\,P_\text{peak}\,e_c)",
            "{F}" + _per_device(case),
            point["prefill_compute"],
            "s",
            F=q(point["prefill_flops"], "FLOP"),
            **_math(case),
        ),
    ]


def _prefill_flops_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """A prompt's FLOPs; with a prefix cache, first the tokens it computes, then their matmuls and their attention
    to the whole prompt."""
    shape = {"N": case.active_params, "P": case.prompt, "L": case.layers, "d": case.attention_width}
    if not case.prefix_hit:
        formula, template = r"F = 2\,N_a\,P + 2\,L\,P^2 d", "2 × {N} × {P} + 2 × {L} × {P}² × {d}"
        return [
            step(
                "prefill_flops",
                text("serving.step.prefill_flops"),
                formula,
                template,
                point["prefill_flops"],
                "FLOP",
                **shape,
            )
        ]
    computed = case.computed_prompt
    return [
        step(
            "prefill_tokens_computed",
            text("serving.step.prefill_tokens_computed"),
            r"P_\text{new} = P\,(1 - h)",
            "{P} × (1 − {h})",
            computed,
            "",
            P=case.prompt,
            h=case.prefix_hit,
        ),
        step(
            "prefill_flops",
            text("serving.step.prefill_flops_cached"),
            r"F = 2\,N_a\,P_\text{new} + 2\,L\,d\,(P^2 - (P - P_\text{new})^2)",
            "2 × {N} × {Pn} + 2 × {L} × {d} × ({P}² − ({P} − {Pn})²)",
            point["prefill_flops"],
            "FLOP",
            Pn=computed,
            **shape,
        ),
    ]


def _prefill_memory_step(case: ServingCase, point: dict[str, float]) -> Step:
    split = divides_over_ranks(case)
    formula = (
        r"T_\text{mem} = (W_\text{read}/n + KV/k) / (B_\text{mem}\,e_b)"
        if split
        else r"T_\text{mem} = (W_\text{read} + KV) / (B_\text{mem}\,e_b)"
    )
    return step(
        "prefill_memory_seconds",
        text("serving.step.prefill_memory"),
        formula,
        "({R} / {n} + {K} / {k}) / ({Bw} × {e})" if split else "({R} + {K}) / ({Bw} × {e})",
        point["prefill_memory"],
        "s",
        R=q(point["prefill_read"], "B"),
        n=case.tp,
        K=q(point["prefill_kv"], "B"),
        k=case.kv_shards,
        Bw=q(case.bandwidth, "B/s"),
        e=case.bandwidth_efficiency,
    )


def _decode_steps(case: ServingCase, point: dict[str, float], model: Model, fmt: str) -> list[Step]:
    """The decode step alone: the mean context, the weights it reads and their time, the cache's, and the math of
    the matmuls and of attention."""
    return [
        _mean_context_step(case, point["mean_context"]),
        *_read_steps(case, point, model, fmt),
        *_decode_memory_steps(case, point),
        *_decode_math_steps(case, point),
    ]


def _decode_memory_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    split = divides_over_ranks(case)
    mem: dict[str, Figure] = {"Bw": q(case.bandwidth, "B/s"), "e": case.bandwidth_efficiency}
    weights_formula = (
        r"T_W = W_\text{step} / n / (B_\text{mem}\,e_b)" if split else r"T_W = W_\text{step} / (B_\text{mem}\,e_b)"
    )
    kv_formula = (
        r"T_\text{KV} = B\,b_\text{tok}\,\bar T / k / (B_\text{mem}\,e_b)"
        if split
        else r"T_\text{KV} = B\,b_\text{tok}\,\bar T / (B_\text{mem}\,e_b)"
    )
    return [
        step(
            "decode_weights_seconds",
            text("serving.step.decode_weights"),
            weights_formula,
            "{R} / {n} / ({Bw} × {e})" if split else "{R} / ({Bw} × {e})",
            point["decode_weights"],
            "s",
            R=q(point["decode_read"], "B"),
            n=case.tp,
            **mem,
        ),
        step(
            "decode_kv_seconds",
            text("serving.step.decode_kv"),
            kv_formula,
            "{B} × {p} × {T} / {k} / ({Bw} × {e})" if split else "{B} × {p} × {T} / ({Bw} × {e})",
            point["decode_kv_time"],
            "s",
            B=point["batch"],
            p=q(case.kv_per_token, "B"),
            T=point["mean_context"],
            k=case.kv_shards,
            **mem,
        ),
    ]


def _decode_math_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    b = point["batch"]
    return [
        step(
            "decode_linear_seconds",
            text("serving.step.decode_linear"),
            r"T_\text{lin} = 2\,B\,N_a / (n\,P_\text{peak}\,e_c)",
            "2 × {B} × {N}" + _per_device(case),
            point["decode_linear"],
            "s",
            B=b,
            N=case.active_params,
            **_math(case),
        ),
        step(
            "decode_attention_seconds",
            text("serving.step.decode_attention"),
            r"T_\text{att} = 4\,B\,L\,\bar T d / (n\,P_\text{peak}\,e_c)",
            "4 × {B} × {L} × {T} × {d}" + _per_device(case),
            point["decode_attention"],
            "s",
            B=b,
            L=case.layers,
            T=point["mean_context"],
            d=case.attention_width,
            **_math(case),
        ),
    ]


def _mean_context_step(case: ServingCase, context: float) -> Step:
    """The context a decode attends to on average: the prompt and half the output (within a sliding window)."""
    label = text("serving.step.mean_context")
    if case.window is not None:
        formula, template = r"\bar T = \min(P + O/2, W)", "min({P} + {O} / 2, {W})"
        return step("mean_context", label, formula, template, context, "", P=case.prompt, O=case.output, W=case.window)
    return step("mean_context", label, r"\bar T = P + O/2", "{P} + {O} / 2", context, "", P=case.prompt, O=case.output)


def _chunked_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """Chunked prefill: each step carries the decodes and 1/O of the prompts joining, then the TPOT (that step),
    the request and the batch's rate."""
    mixed = r"T = \max(T_W, T_\text{mix,lin}) + \max(T_\text{KV}, T_\text{mix,att})"
    step_s = q(point["step"], "s")
    return [
        *_mixed_steps(case, point),
        *tp_comm_steps(case, "mixed", point["mixed_tokens"], point["decode_comm"]),
        _step_step(case, point, "serving.step.mixed_step", mixed, point["mixed_linear"], point["mixed_attention"]),
        step("tpot_seconds", text("serving.step.tpot"), r"\text{TPOT} = T", "{S}", point["tpot"], "s", S=step_s),
        _request_step(case, point),
        step(
            "output_tokens_per_second",
            text("serving.step.rate_chunked"),
            r"r = B / T",
            "{B} / {S}",
            point["rate"],
            "tokens/s",
            B=point["batch"],
            S=step_s,
        ),
    ]


def _prefill_attention_step(case: ServingCase, point: dict[str, float]) -> Step:
    """The prompt's causal attention time; with a prefix cache, the new tokens' attention to the whole prompt."""
    formula, template = r"2\,L\,P^2 d", "2 × {L} × {P}² × {d}"
    if case.prefix_hit:
        formula, template = r"2\,L\,d\,(P^2 - (P - P_\text{new})^2)", "2 × {L} × {d} × ({P}² − ({P} − {Pn})²)"
    return step(
        "prefill_attention_seconds",
        text("serving.step.prefill_attention"),
        r"T_\text{pf,att} = " + formula + r" / (n\,P_\text{peak}\,e_c)",
        template + _per_device(case),
        point["prefill_attention"],
        "s",
        L=case.layers,
        P=case.prompt,
        d=case.attention_width,
        **_math(case),
        **({"Pn": case.computed_prompt} if case.prefix_hit else {}),
    )


def _mixed_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """A mixed step's math: the prompts' attention, then each side's share of decodes and prompts."""
    share: dict[str, Figure] = {"O": case.output, "B": point["batch"]}
    return [
        _prefill_attention_step(case, point),
        step(
            "mixed_linear_seconds",
            text("serving.step.mixed_linear"),
            r"T_\text{mix,lin} = \frac{O-1}{O}\,T_\text{lin} + \frac{B}{O}\,(T_\text{pf} - T_\text{pf,att})",
            "({O} − 1) / {O} × {Tl} + {B} / {O} × ({Tp} − {Ta})",
            point["mixed_linear"],
            "s",
            **share,
            Tl=q(point["decode_linear"], "s"),
            Tp=q(point["prefill_compute"], "s"),
            Ta=q(point["prefill_attention"], "s"),
        ),
        step(
            "mixed_attention_seconds",
            text("serving.step.mixed_attention"),
            r"T_\text{mix,att} = \frac{O-1}{O}\,T_\text{att} + \frac{B}{O}\,T_\text{pf,att}",
            "({O} − 1) / {O} × {Td} + {B} / {O} × {Ta}",
            point["mixed_attention"],
            "s",
            **share,
            Td=q(point["decode_attention"], "s"),
            Ta=q(point["prefill_attention"], "s"),
        ),
    ]


def _blocking_steps(case: ServingCase, point: dict[str, float]) -> list[Step]:
    """Blocking prefill: the decode step, the prefills that stall it, the TPOT, the request and the batch's rate."""
    b, o = point["batch"], case.output
    decode = r"T_\text{dec} = \max(T_W, T_\text{lin}) + \max(T_\text{KV}, T_\text{att})"
    steps = [
        *tp_comm_steps(case, "decode", b, point["decode_comm"]),
        _step_step(case, point, "serving.step.decode_step", decode, point["decode_linear"], point["decode_attention"]),
    ]
    tpot = text("serving.step.tpot")
    if o > 1:
        steps += [
            step(
                "prefill_interference_seconds",
                text("serving.step.interference"),
                r"B\,\text{TTFT} / (O - 1)",
                "{B} × {F} / ({O} − 1)",
                point["interference"],
                "s",
                B=b,
                F=q(point["ttft"], "s"),
                O=o,
            ),
            step(
                "tpot_seconds",
                tpot,
                r"\text{TPOT} = T_\text{dec} + B\,\text{TTFT} / (O - 1)",
                "{S} + {I}",
                point["tpot"],
                "s",
                S=q(point["step"], "s"),
                I=q(point["interference"], "s"),
            ),
        ]
    else:
        steps.append(
            step(
                "tpot_seconds", tpot, r"\text{TPOT} = T_\text{dec}", "{S}", point["tpot"], "s", S=q(point["step"], "s")
            )
        )
    rate = step(
        "output_tokens_per_second",
        text("serving.step.rate"),
        r"r = B\,O / (B\,\text{TTFT} + (O - 1)\,T_\text{dec})",
        "{B} × {O} / ({B} × {F} + ({O} − 1) × {S})",
        point["rate"],
        "tokens/s",
        B=b,
        O=o,
        F=q(point["ttft"], "s"),
        S=q(point["step"], "s"),
    )
    return [*steps, _request_step(case, point), rate]


def _step_step(
    case: ServingCase, point: dict[str, float], key: str, formula: str, linear: float, attention: float
) -> Step:
    """One step's time: each side at its own roof, weights against the matmuls and the cache against attention,
    plus the tensor-parallel AllReduces."""
    tp = case.tp > 1
    return step(
        "decode_step_seconds",
        text(key),
        formula + (r" + T_\text{TP}" if tp else ""),
        "max({Tw}, {Tl}) + max({Tk}, {Ta})" + (" + {Tx}" if tp else ""),
        point["step"],
        "s",
        Tw=q(point["decode_weights"], "s"),
        Tl=q(linear, "s"),
        Tk=q(point["decode_kv_time"], "s"),
        Ta=q(attention, "s"),
        Tx=q(point["decode_comm"], "s"),
    )


def _request_step(case: ServingCase, point: dict[str, float]) -> Step:
    return step(
        "request_seconds",
        text("serving.step.request"),
        r"T_\text{req} = \text{TTFT} + (O - 1)\,\text{TPOT}",
        "{F} + ({O} − 1) × {T}",
        point["request"],
        "s",
        F=q(point["ttft"], "s"),
        O=case.output,
        T=q(point["tpot"], "s"),
    )


def _tail_steps(case: ServingCase, point: dict[str, float], split: bool) -> list[Step]:
    """Requests per second and, with a price, the cost per million output tokens."""
    rate = q(point["rate"], "tokens/s")
    requests = point["requests_per_second"]
    steps = [
        step(
            "requests_per_second",
            text("serving.step.requests"),
            r"r / O",
            "{r} / {O}",
            requests,
            "",
            r=rate,
            O=case.output,
        )
    ]
    if case.price is not None:
        steps.append(
            step(
                "cost_per_million_output_tokens",
                text("serving.step.cost"),
                r"c = n\,p / r \times 10^6",
                "{n} × {p} / {r} × 10⁶" if split else "{p} / {r} × 10⁶",
                point["cost"],
                "USD",
                n=case.tp,
                p=q(case.price / 3_600.0, "USD/h"),
                r=rate,
            )
        )
    return steps


def _read_steps(case: ServingCase, point: dict[str, float], model: Model, fmt: str) -> list[Step]:
    """What one decode step reads of the weights: all but the untied input table and the experts nobody uses."""
    b = point["batch"]
    steps = []
    if case.expert_bytes:
        untouched = point["decode_untouched"]
        label = text("serving.step.experts_touched", batch=b)
        touched = case.experts * (1.0 - untouched)
        steps.append(
            step(
                "experts_touched",
                label,
                r"E\,(1 - (1 - k/E)^B)",
                "{E} × (1 − {u})",
                touched,
                "",
                E=case.experts,
                u=untouched,
            )
        )
    read = decode_read_terms(model=model, weight_format=fmt, tokens=b)
    if len(read.values) > 1:  # a tied, dense model reads all its weights: nothing to derive
        steps.append(replace(read, key="decode_read_bytes", label=text("serving.step.decode_read")))
    return steps
