# The planner's derivation: each figure of one layout as a step a reader can check.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..memory import (
    RECIPES,
    activation_steps,
)
from ..messages import text
from ..results import Figure, Step, digits_for_difference, q, step
from .compute_derivation import compute_steps
from .layout import Layout, Setup, activation_inputs
from .links import Collective
from .moe import expected_overflow, routed_copies
from .step_time import extra_in_flight, routed_tokens

# -- the derivation --------------------------------------------------------------------------------------------


def _times(
    count: str, values: dict[str, tuple[float, str]], one: Collective, prefix: str
) -> tuple[str, dict[str, tuple[float, str]]]:
    """`count` × (one collective's template), its placeholders renamed with `prefix` so they do not clash."""
    renamed = {f"{prefix}{k}": v for k, v in one.values.items()}
    template = one.template
    for key in sorted(one.values, key=len, reverse=True):
        template = template.replace("{" + key + "}", "{" + prefix + key + "}")
    return f"{count} × ({template})", {**values, **renamed}


def planner_steps(setup: Setup, lay: Layout, fig: dict[str, Any], capacity_steps: Sequence[Step] = ()) -> list[Step]:
    """One layout's derivation from its figures (`evaluate_layout`): the layout and batch, the memory per device
    against its capacity, a micro-batch's compute, each axis's communication, the pipeline, data parallelism,
    and the step with its MFU."""
    steps = _layout_steps(setup, lay, fig) + _state_steps(setup, lay, fig) + _activation_memory_steps(setup, lay, fig)
    steps += [_total_step(setup, fig), *capacity_steps, _flops_step(setup, lay, fig)]
    steps += [*_capacity_steps(setup, lay), *compute_steps(setup, lay, fig), _compute_seconds_step(fig)]
    steps += _collective_steps(lay, fig) + _pipeline_steps(lay, fig) + _data_parallel_steps(lay, fig)
    return steps + _step_time_steps(setup, fig)


def _layout_steps(setup: Setup, lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """The data-parallel degree the others leave, and the tokens a step's whole micro-batches carry."""
    t, p, d, c = float(lay.tp), float(lay.pp), float(lay.dp), float(lay.cp)
    mb = float(fig["microbatches"])
    return [
        step(
            "dp",
            text("planner.step.dp"),
            r"d = n / (t\,p\,c)",
            "{n} / ({t} × {p} × {c})",
            d,
            "",
            n=float(setup.count),
            t=t,
            p=p,
            c=c,
        ),
        step(
            "batch_tokens",
            text("planner.step.batch_tokens", microbatches=mb),
            r"B = m\,b\,s\,d",
            "{m} × {b} × {s} × {d}",
            fig["batch"],
            "",
            m=mb,
            b=float(lay.micro_batch),
            s=float(setup.sequence),
            d=d,
        ),
    ]


def _state_steps(setup: Setup, lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """Parameters on one device (routed experts also split by ep), then the weights, gradients and optimizer
    states ZeRO shards over the data-parallel group."""
    m = setup.shape
    base: dict[str, Figure] = {"t": float(lay.tp), "p": float(lay.pp), "f": fig["imbalance"]}
    if m.experts:
        params = step(
            "params_per_device",
            text("planner.step.params_moe", layers=float(fig["per_stage"])),
            r"\frac{N - N_e}{t\,p}\,f + \frac{N_e}{t\,p\,e}\,f",
            "({N} − {Ne}) / ({t} × {p}) × {f} + {Ne} / ({t} × {p} × {e}) × {f}",
            fig["dense_dev"] + fig["expert_dev"],
            "",
            **base,
            N=m.params,
            Ne=m.expert_params,
            e=float(lay.ep),
        )
    else:
        label = text("planner.step.params", layers=float(fig["per_stage"]))
        template = "{N} / ({t} × {p}) × {f}"
        params = step(
            "params_per_device", label, r"\frac{N}{t\,p}\,f", template, fig["dense_dev"], "", **base, N=m.params
        )
    steps = [params]
    w, g, o = RECIPES[setup.recipe]
    for key, size, level in (("weights", w, 3), ("gradients", g, 2), ("optimizer", o, 1)):
        shard = float(fig["group"]) if lay.zero >= level else 1.0
        eshard = float(fig["expert_group"]) if lay.zero >= level else 1.0
        figures: dict[str, Figure] = {"w": q(size, "B"), "P": fig["dense_dev"], "G": shard}
        template = "{w} × {P} / {G}"
        if m.experts:
            figures.update(Pe=fig["expert_dev"], Ge=eshard)
            template = "{w} × ({P} / {G} + {Pe} / {Ge})"
        label = text(f"planner.step.{key}", stage=lay.zero)
        steps.append(step(f"{key}_bytes", label, r"w\,P / G", template, fig[key], "B", **figures))
    return steps


def _activation_memory_steps(setup: Setup, lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """The first stage's activations (`activation_steps`), and with a pipeline the last stage's and the larger."""
    _, _, steps = activation_steps(
        activation_inputs(setup, lay),
        layers_in_flight=fig["first"],
        vocab_size=setup.shape.vocab if lay.pp == 1 else None,
        layer_label=text("planner.step.first_stage", layers=fig["first"]),
    )
    if lay.pp == 1:
        return steps
    if lay.schedule != "1f1b":  # how many micro-batches the first stage's layers hold, before their bytes
        steps = [_in_flight_step(lay, fig), *steps]
    figures: dict[str, Figure] = {"L": fig["last"], "A": q(fig["per_layer"], "B")}
    template, formula = "{L} × {A}", r"L_\text{last} \cdot A"
    if fig["logits"]:
        figures["O"] = q(fig["logits"], "B")
        template, formula = template + " + {O}", formula + " + O"
    label = text("planner.step.last_stage", layers=fig["last"])
    return [
        *steps,
        step("last_stage_bytes", label, formula, template, fig["last_bytes"], "B", **figures),
        step(
            "activation_bytes",
            text("planner.step.activations"),
            r"\max(A_\text{first}, A_\text{last})",
            "max({F}, {S})",
            fig["activations"],
            "B",
            F=q(fig["first_bytes"], "B"),
            S=q(fig["last_bytes"], "B"),
        ),
    ]


def _in_flight_step(lay: Layout, fig: dict[str, Any]) -> Step:
    """The first stage's micro-batches in flight under a zero-bubble schedule: p (ZB-H1, as 1F1B) or 2p − 1
    (ZB-H2), at most the step's m (Qi et al. 2024, Table 2)."""
    p, mb = float(lay.pp), float(fig["microbatches"])
    h2 = lay.schedule == "zb-h2"
    count = min(2 * p - 1 if h2 else p, mb)
    formula, template = (r"\min(2p - 1, m)", "min(2 × {p} − 1, {m})") if h2 else (r"\min(p, m)", "min({p}, {m})")
    label = text("planner.step.in_flight_zb", schedule=lay.schedule.upper(), count=count)
    return step("first_stage_in_flight", label, formula, template, count, "", p=p, m=mb)


def _total_step(setup: Setup, fig: dict[str, Any]) -> Step:
    return step(
        "total_bytes",
        text("planner.step.total", chip=setup.chip_label),
        r"M = W + G + O + A",
        "{W} + {G} + {O} + {A}",
        fig["total"],
        "B",
        W=q(fig["weights"], "B"),
        G=q(fig["gradients"], "B"),
        O=q(fig["optimizer"], "B"),
        A=q(fig["activations"], "B"),
    )


def _flops_step(setup: Setup, lay: Layout, fig: dict[str, Any]) -> Step:
    """The hardware FLOPs per token: forward and backward, and what the recomputation runs again."""
    m = setup.shape
    k, ka = 6.0 + fig["extra"][0], 6.0 + fig["extra"][1]
    return step(
        "flops_per_token",
        text(f"planner.step.flops_{lay.recompute}"),
        rf"{k:g}\,N_a + {ka:g}\,L\,a\,d\,s",
        f"{k:g} × {{N}} + {ka:g} × {{L}} × {{a}} × {{dh}} × {{s}}",
        fig["hw_token"],
        "FLOP",
        N=m.active_params,
        L=float(m.layers),
        a=float(m.heads),
        dh=m.head_dim,
        s=float(setup.sequence),
    )


def _capacity_steps(setup: Setup, lay: Layout) -> list[Step]:
    """With a capacity factor: each expert's capacity, the expert MLPs a token's work counts once the routed ones
    are padded to it (`moe.routed_copies`), and the share of assignments over capacity (`moe.dropped_token_share`)."""
    m, factor = setup.shape, setup.capacity_factor
    if factor is None or not m.experts:
        return []
    tokens, k, experts = routed_tokens(setup, lay), float(m.experts_per_token), float(m.experts)
    lam = tokens * k / experts
    overflow = expected_overflow(lam, factor * lam)
    return [
        step(
            "expert_capacity",
            text("planner.step.expert_capacity"),
            r"C\,T\,k/E",
            "{C} × {T} × {k} / {E}",
            factor * tokens * k / experts,
            "",
            C=factor,
            T=tokens,
            k=k,
            E=experts,
        ),
        step(
            "expert_copies",
            text("planner.step.expert_copies"),
            r"C\,k + k_s",
            "{C} × {k} + {S}",
            routed_copies(m.experts_per_token, m.shared_experts, factor),
            "",
            C=factor,
            k=k,
            S=float(m.shared_experts),
        ),
        step(
            "dropped_token_share",
            text("planner.step.dropped_share"),
            r"\mathrm{E}[\max(0, X - C\lambda)]/\lambda,\ X \sim \mathrm{Poisson}(\lambda)",
            "{O} / {L}",
            overflow / lam,
            "",
            O=overflow,
            L=lam,
        ),
    ]


def _compute_seconds_step(fig: dict[str, Any]) -> Step:
    mb = float(fig["microbatches"])
    label = text("planner.step.compute")
    return step(
        "compute_seconds", label, r"m\,t_\mu", "{m} × {T}", fig["compute"], "s", m=mb, T=q(fig["compute_mb"], "s")
    )


def _collective_steps(lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """Each axis's collectives inside the layers, m × L × n calls of one, and what the overlapped ones leave
    exposed (shown with the digits that keep their difference checkable)."""
    mb = float(fig["microbatches"])
    steps = []
    for axis, calls_key, layers_key, count_label in (
        ("tp", "tp_calls", "stage_layers", "planner.step.tp"),
        ("cp", "cp_calls", "stage_layers", "planner.step.cp"),
        ("ep", "ep_calls", "moe_layers", "planner.step.ep"),
    ):
        one: Collective = fig[f"{axis}_one"]
        if one.seconds == 0:
            continue
        counts = {"m": q(mb, ""), "L": q(float(fig[layers_key]), ""), "n": q(fig[calls_key], "")}
        template, figures = _times("{m} × {L} × {n}", counts, one, "x")
        label = text(count_label, link=text(f"planner.link.{one.where}"))
        steps.append(
            step(f"{axis}_comm_seconds", label, r"m\,L\,n\,T_1", template, fig[f"{axis}_comm"], "s", **figures)
        )
    if lay.tp_overlap and fig["tp_one"].seconds > 0:
        exposed = step(
            "tp_exposed_seconds",
            text("planner.step.tp_exposed"),
            r"m\,\max(0, t_\text{TP} - t_\text{matmul})",
            "{m} × max(0, {T} − {M})",
            fig["tp_exposed"],
            "s",
            m=mb,
            T=q(fig["tp_mb"], "s"),
            M=q(fig["matmul_mb"], "s"),
        )
        digits = digits_for_difference(fig["tp_exposed"], [mb, fig["tp_mb"], fig["matmul_mb"]])
        steps.append(replace(exposed, digits=digits))
    if lay.ep_overlap and fig["ep_one"].seconds > 0:
        exposed = step(
            "ep_exposed_seconds",
            text("planner.step.ep_exposed"),
            r"m\,\max(0, t_\text{EP} - t_\mu')",
            "{m} × max(0, {E} − {T})",
            fig["ep_exposed"],
            "s",
            m=mb,
            E=q(fig["ep_mb"], "s"),
            T=q(fig["compute_mb"], "s"),
        )
        digits = digits_for_difference(fig["ep_exposed"], [mb, fig["ep_mb"], fig["compute_mb"]])
        steps.append(replace(exposed, digits=digits))
    return steps


def _pipeline_steps(lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """With a pipeline: the sends between stages (and the AllGather after each, without sequence parallelism),
    the bubble's fraction and its time."""
    if lay.pp == 1:
        return []
    p, v, mb = float(lay.pp), float(lay.virtual), float(fig["microbatches"])
    one, gather = fig["pp_one"], fig["pp_gather"]
    counts = {"m": q(mb, ""), "v": q(v, "")}
    if gather is None:
        template, figures = _times("{m} × 2 × {v}", counts, one, "x")
        formula, label = r"2\,m\,v\,S/B", text("planner.step.pp", link=text(f"planner.link.{one.where}"))
    else:  # each send of 1/t of the activations, then their AllGather among the receiving TP ranks
        send, figures = _times("1", counts, one, "x")
        gathered, figures = _times("1", figures, gather, "y")
        template = f"{{m}} × 2 × {{v}} × ({send.removeprefix('1 × ')} + {gathered.removeprefix('1 × ')})"
        formula = r"2\,m\,v\,(S/(t\,B) + T_\text{AG})"
        label = text("planner.step.pp_gather", link=text(f"planner.link.{one.where}"))
    comm = step("pp_comm_seconds", label, formula, template, fig["pp_comm"], "s", **figures)
    if lay.schedule != "1f1b":
        return [comm, *_zero_bubble_steps(lay, fig)]
    return [
        comm,
        step(
            "pipeline_bubble_fraction",
            text("planner.step.bubble_fraction"),
            r"(p - 1)/(v\,m)",
            "({p} − 1) / ({v} × {m})",
            fig["bubble_fraction"],
            "",
            p=p,
            v=v,
            m=mb,
        ),
        step(
            "bubble_seconds",
            text("planner.step.bubble"),
            r"\frac{p-1}{v}\,(t_\mu + t_\text{tp} + t_\text{cp} + t_\text{ep})",
            "({p} − 1) / {v} × {T}",
            fig["bubble"],
            "s",
            p=p,
            v=v,
            T=q(fig["critical_mb"], "s"),
        ),
    ]


# Qi et al. (2024), Table 2: each zero-bubble schedule's bubble, (formula, template); ZB-H2's is never negative.
_ZB_BUBBLE = {
    "zb-h1": (r"(p - 1)\,(T_F + T_B - T_W)", "({p} − 1) × ({F} + {B} − {W})"),
    "zb-h2": (r"\max(0, (p - 1)\,(T_F + T_B - T_W) - e\,T_W)", "max(0, ({p} − 1) × ({F} + {B} − {W}) − {e} × {W})"),
}


def _zero_bubble_steps(lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """A zero-bubble schedule's bubble: the critical time split into T_F, T_B and T_W (`step_time.pass_shares`),
    the schedule's expression over it, and its fraction of the m micro-batches' ideal time."""
    p, mb, name = float(lay.pp), float(fig["microbatches"]), lay.schedule.upper()
    critical = q(fig["critical_mb"], "s")
    share = fig["t_weight_grad"] / fig["critical_mb"]
    formula, template = _ZB_BUBBLE[lay.schedule]
    times: dict[str, Figure] = {
        "p": p,
        "F": q(fig["t_forward"], "s"),
        "B": q(fig["t_input_grad"], "s"),
        "W": q(fig["t_weight_grad"], "s"),
    }
    if lay.schedule == "zb-h2":
        times["e"] = extra_in_flight(p, mb)
    weight = step(
        "weight_grad_seconds",
        text("planner.step.weight_grad_zb"),
        r"T_W = T_F = f\,(t_\mu + t_\text{tp} + t_\text{cp} + t_\text{ep}),\ T_B = t - 2\,T_W",
        "{f} × {T}",
        fig["t_weight_grad"],
        "s",
        f=share,
        T=critical,
    )
    bubble = step(
        "bubble_seconds", text("planner.step.bubble_zb", schedule=name), formula, template, fig["bubble"], "s", **times
    )
    fraction = step(
        "pipeline_bubble_fraction",
        text("planner.step.bubble_fraction_zb", schedule=name),
        r"t_\text{bubble}/(m\,t)",
        "{Bb} / ({m} × {T})",
        fig["bubble_fraction"],
        "",
        Bb=q(fig["bubble"], "s"),
        m=mb,
        T=critical,
    )
    return [weight, bubble, fraction]


# What of the gradient reduction stays exposed, by ZeRO stage with the reduction overlapped: (formula, template).
_DP_EXPOSED = {
    1: (r"\max(0, T_\text{AR} - t_\mu)", "max(0, {A} − {T})"),
    2: (
        r"m\max(0, \tfrac{T_\text{AR}}{2} - t_\text{bwd}) + \max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd})",
        "{m} × max(0, {A} / 2 − {Bw}) + max(0, {A} / 2 − {Fw})",
    ),
    3: (
        r"m\,(\max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd}) + \max(0, T_\text{AR} - t_\text{bwd}))",
        "{m} × (max(0, {A} / 2 − {Fw}) + max(0, {A} − {Bw}))",
    ),
}
# Not overlapped, all of it: once per step up to ZeRO-1, m + 1 halves with ZeRO-2, 1.5·m with ZeRO-3.
_DP_SERIAL = {
    0: (r"T_\text{AR}", "{A}"),
    1: (r"T_\text{AR}", "{A}"),
    2: (r"(m + 1)\,\tfrac{T_\text{AR}}{2}", "({m} + 1) × {A} / 2"),
}


def _data_parallel_steps(lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """With more than one data-parallel rank: the gradients' AllReduce (and the experts'), and what of it the
    passes beside it leave exposed, by ZeRO stage."""
    if fig["group"] <= 1:
        return []
    one = fig["dp_one"]
    figures: dict[str, tuple[float, str]] = {}
    template = ""
    if one.seconds > 0:
        template, figures = _times("1", {}, one, "x")
    if fig["ep_dp_one"].seconds > 0:
        extra_template, figures = _times("1", figures, fig["ep_dp_one"], "y")
        template = f"{template} + {extra_template}" if template else extra_template
    label = text("planner.step.dp_allreduce", link=text(f"planner.link.{one.where}"))
    formula = r"2\,\frac{n-1}{n}\,\frac{2\,P}{B}"
    allreduce = step("dp_allreduce_seconds", label, formula, template, fig["allreduce"], "s", **figures)
    mb = float(fig["microbatches"])
    if lay.dp_overlap:
        exposed_key = f"planner.step.dp_exposed_{min(lay.zero, 3) if lay.zero > 1 else 1}"
        formula, template = _DP_EXPOSED[min(max(lay.zero, 1), 3)]
    else:
        exposed_key = "planner.step.dp_exposed_off"
        formula, template = _DP_SERIAL.get(lay.zero, (r"1.5\,m\,T_\text{AR}", "1.5 × {m} × {A}"))
    exposed = step(
        "dp_exposed_seconds",
        text(exposed_key),
        formula,
        template,
        fig["dp_exposed"],
        "s",
        A=q(fig["allreduce"], "s"),
        T=q(fig["compute_mb"], "s"),
        m=mb,
        Fw=q(fig["fwd"], "s"),
        Bw=q(fig["bwd"], "s"),
    )
    operands = [fig["allreduce"], fig["compute_mb"], mb, fig["fwd"], fig["bwd"]]
    return [allreduce, replace(exposed, digits=digits_for_difference(fig["dp_exposed"], operands))]


def _step_time_steps(setup: Setup, fig: dict[str, Any]) -> list[Step]:
    """The optimizer's update, the step (compute, bubble, what is exposed, the update), its MFU, its tokens per
    second and, with data parallelism, the critical batch per device."""
    w, g, o = RECIPES[setup.recipe]
    steps = [
        step(
            "optimizer_seconds",
            text("planner.step.optimizer_update"),
            r"(2\,o + w + g)\,P_\text{opt} / B_\text{HBM}",
            "(2 × {o} + {w} + {g}) × {P} / {B}",
            fig["optimizer_s"],
            "s",
            o=q(o, "B"),
            w=q(w, "B"),
            g=q(g, "B"),
            P=fig["updated"],
            B=q(setup.hbm, "B/s"),
        ),
        step(
            "step_seconds",
            text("planner.step.step"),
            r"T = t_c + t_\text{bubble} + t_\text{exposed} + t_\text{opt}",
            "{C} + {Bb} + {X} + {O}",
            fig["step"],
            "s",
            C=q(fig["compute"], "s"),
            Bb=q(fig["bubble"], "s"),
            X=q(fig["exposed"], "s"),
            O=q(fig["optimizer_s"], "s"),
        ),
        step(
            "mfu",
            text("planner.step.mfu"),
            r"\text{MFU} = (6N_a + 12\,L\,a\,d\,s)\,B / (T\,n\,P)",
            "{F} × {B} / ({T} × {n} × {P})",
            fig["mfu"],
            "",
            F=fig["model_token"],
            B=fig["batch"],
            T=q(fig["step"], "s"),
            n=float(setup.count),
            P=q(setup.peak, "FLOP/s"),
        ),
        step(
            "tokens_per_second",
            text("planner.step.tokens_per_second"),
            r"B / T",
            "{B} / {T}",
            fig["tokens_per_second"],
            "tokens/s",
            B=fig["batch"],
            T=q(fig["step"], "s"),
        ),
    ]
    return steps if fig["critical"] is None else [*steps, _critical_step(setup, fig)]


def _critical_step(setup: Setup, fig: dict[str, Any]) -> Step:
    """The tokens per device above which the compute covers the gradient reduction's bytes."""
    return step(
        "critical_batch_tokens_per_device",
        text("planner.step.critical"),
        r"B_\text{crit} = \eta\,P\,(T_\text{AR} - \alpha) / (4\,N_a\,f / (t\,p))",
        "{u} × {P} × {A} / {W}",
        fig["critical"],
        "",
        u=setup.efficiency,
        P=q(setup.peak, "FLOP/s"),
        A=q(fig["reduction_bytes_s"], "s"),
        W=fig["weights_flops_dev"],
    )
