# The planner's derivation: each figure of one layout as a step a reader can check.
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..memory import (
    RECIPES,
    activation_steps,
)
from ..messages import text
from ..results import Step, digits_for_difference
from .kernels import LayerWork, OutputWork, pass_factors
from .layout import Layout, Setup, activation_inputs
from .links import Collective

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


def planner_steps(setup: Setup, lay: Layout, q: dict[str, Any], capacity_steps: Sequence[Step] = ()) -> list[Step]:
    m = setup.shape
    t, p, d, e, c, v = float(lay.tp), float(lay.pp), float(lay.dp), float(lay.ep), float(lay.cp), float(lay.virtual)
    mb = float(q["microbatches"])
    steps = [
        Step(
            "dp",
            text("planner.step.dp"),
            r"d = n / (t\,p\,c)",
            "{n} / ({t} × {p} × {c})",
            {"n": (float(setup.count), ""), "t": (t, ""), "p": (p, ""), "c": (c, "")},
            d,
            "",
        ),
        Step(
            "batch_tokens",
            text("planner.step.batch_tokens", microbatches=mb),
            r"B = m\,b\,s\,d",
            "{m} × {b} × {s} × {d}",
            {"m": (mb, ""), "b": (float(lay.micro_batch), ""), "s": (float(setup.sequence), ""), "d": (d, "")},
            q["batch"],
            "",
        ),
    ]
    base = {"t": (t, ""), "p": (p, ""), "f": (q["imbalance"], "")}
    if m.experts:
        steps.append(
            Step(
                "params_per_device",
                text("planner.step.params_moe", layers=float(q["per_stage"])),
                r"\frac{N - N_e}{t\,p}\,f + \frac{N_e}{t\,p\,e}\,f",
                "({N} − {Ne}) / ({t} × {p}) × {f} + {Ne} / ({t} × {p} × {e}) × {f}",
                {**base, "N": (m.params, ""), "Ne": (m.expert_params, ""), "e": (e, "")},
                q["dense_dev"] + q["expert_dev"],
                "",
            )
        )
    else:
        steps.append(
            Step(
                "params_per_device",
                text("planner.step.params", layers=float(q["per_stage"])),
                r"\frac{N}{t\,p}\,f",
                "{N} / ({t} × {p}) × {f}",
                {**base, "N": (m.params, "")},
                q["dense_dev"],
                "",
            )
        )
    w, g, o = RECIPES[setup.recipe]
    for key, size, level in (("weights", w, 3), ("gradients", g, 2), ("optimizer", o, 1)):
        shard = float(q["group"]) if lay.zero >= level else 1.0
        eshard = float(q["expert_group"]) if lay.zero >= level else 1.0
        values = {"w": (size, "B"), "P": (q["dense_dev"], ""), "G": (shard, "")}
        template = "{w} × {P} / {G}"
        if m.experts:
            values.update(Pe=(q["expert_dev"], ""), Ge=(eshard, ""))
            template = "{w} × ({P} / {G} + {Pe} / {Ge})"
        steps.append(
            Step(
                f"{key}_bytes",
                text(f"planner.step.{key}", stage=lay.zero),
                r"w\,P / G",
                template,
                values,
                q[key],
                "B",
            )
        )
    _, _, act_steps = activation_steps(
        activation_inputs(setup, lay),
        layers_in_flight=q["first"],
        vocab_size=m.vocab if lay.pp == 1 else None,
        layer_label=text("planner.step.first_stage", layers=q["first"]),
    )
    steps += act_steps
    if lay.pp > 1:
        values = {"L": (q["last"], ""), "A": (q["per_layer"], "B")}
        template, formula = "{L} × {A}", r"L_\text{last} \cdot A"
        if q["logits"]:
            values["O"] = (q["logits"], "B")
            template, formula = template + " + {O}", formula + " + O"
        steps.append(
            Step(
                "last_stage_bytes",
                text("planner.step.last_stage", layers=q["last"]),
                formula,
                template,
                values,
                q["last_bytes"],
                "B",
            )
        )
        steps.append(
            Step(
                "activation_bytes",
                text("planner.step.activations"),
                r"\max(A_\text{first}, A_\text{last})",
                "max({F}, {S})",
                {"F": (q["first_bytes"], "B"), "S": (q["last_bytes"], "B")},
                q["activations"],
                "B",
            )
        )
    steps.append(
        Step(
            "total_bytes",
            text("planner.step.total", chip=setup.chip_label),
            r"M = W + G + O + A",
            "{W} + {G} + {O} + {A}",
            {
                "W": (q["weights"], "B"),
                "G": (q["gradients"], "B"),
                "O": (q["optimizer"], "B"),
                "A": (q["activations"], "B"),
            },
            q["total"],
            "B",
        )
    )
    steps += capacity_steps
    k, ka = 6.0 + q["extra"][0], 6.0 + q["extra"][1]
    steps.append(
        Step(
            "flops_per_token",
            text(f"planner.step.flops_{lay.recompute}"),
            rf"{k:g}\,N_a + {ka:g}\,L\,a\,d\,s",
            f"{k:g} × {{N}} + {ka:g} × {{L}} × {{a}} × {{dh}} × {{s}}",
            {
                "N": (m.active_params, ""),
                "L": (float(m.layers), ""),
                "a": (float(m.heads), ""),
                "dh": (m.head_dim, ""),
                "s": (float(setup.sequence), ""),
            },
            q["hw_token"],
            "FLOP",
        )
    )
    steps += compute_steps(setup, lay, q)
    steps.append(
        Step(
            "compute_seconds",
            text("planner.step.compute"),
            r"m\,t_\mu",
            "{m} × {T}",
            {"m": (mb, ""), "T": (q["compute_mb"], "s")},
            q["compute"],
            "s",
        )
    )
    for axis, calls_key, layers_key, count_label in (
        ("tp", "tp_calls", "stage_layers", "planner.step.tp"),
        ("cp", "cp_calls", "stage_layers", "planner.step.cp"),
        ("ep", "ep_calls", "moe_layers", "planner.step.ep"),
    ):
        one: Collective = q[f"{axis}_one"]
        if one.seconds == 0:
            continue
        template, values = _times(
            "{m} × {L} × {n}",
            {"m": (mb, ""), "L": (float(q[layers_key]), ""), "n": (q[calls_key], "")},
            one,
            "x",
        )
        steps.append(
            Step(
                f"{axis}_comm_seconds",
                text(count_label, link=text(f"planner.link.{one.where}")),
                r"m\,L\,n\,T_1",
                template,
                values,
                q[f"{axis}_comm"],
                "s",
            )
        )
    if lay.tp_overlap and q["tp_one"].seconds > 0:
        window = {"m": (mb, ""), "T": (q["tp_mb"], "s"), "M": (q["matmul_mb"], "s")}
        steps.append(
            Step(
                "tp_exposed_seconds",
                text("planner.step.tp_exposed"),
                r"m\,\max(0, t_\text{TP} - t_\text{matmul})",
                "{m} × max(0, {T} − {M})",
                window,
                q["tp_exposed"],
                "s",
                digits_for_difference(q["tp_exposed"], [value for value, _ in window.values()]),
            )
        )
    if lay.ep_overlap and q["ep_one"].seconds > 0:
        window = {"m": (mb, ""), "E": (q["ep_mb"], "s"), "T": (q["compute_mb"], "s")}
        steps.append(
            Step(
                "ep_exposed_seconds",
                text("planner.step.ep_exposed"),
                r"m\,\max(0, t_\text{EP} - t_\mu')",
                "{m} × max(0, {E} − {T})",
                window,
                q["ep_exposed"],
                "s",
                digits_for_difference(q["ep_exposed"], [value for value, _ in window.values()]),
            )
        )
    if lay.pp > 1:
        one, gather = q["pp_one"], q["pp_gather"]
        if gather is None:
            template, values = _times("{m} × 2 × {v}", {"m": (mb, ""), "v": (v, "")}, one, "x")
            formula, label = r"2\,m\,v\,S/B", text("planner.step.pp", link=text(f"planner.link.{one.where}"))
        else:  # each send of 1/t of the activations, then their AllGather among the receiving TP ranks
            send, values = _times("1", {"m": (mb, ""), "v": (v, "")}, one, "x")
            gathered, values = _times("1", values, gather, "y")
            template = f"{{m}} × 2 × {{v}} × ({send.removeprefix('1 × ')} + {gathered.removeprefix('1 × ')})"
            formula = r"2\,m\,v\,(S/(t\,B) + T_\text{AG})"
            label = text("planner.step.pp_gather", link=text(f"planner.link.{one.where}"))
        steps.append(Step("pp_comm_seconds", label, formula, template, values, q["pp_comm"], "s"))
        steps.append(
            Step(
                "pipeline_bubble_fraction",
                text("planner.step.bubble_fraction"),
                r"(p - 1)/(v\,m)",
                "({p} − 1) / ({v} × {m})",
                {"p": (p, ""), "v": (v, ""), "m": (mb, "")},
                q["bubble_fraction"],
                "",
            )
        )
        steps.append(
            Step(
                "bubble_seconds",
                text("planner.step.bubble"),
                r"\frac{p-1}{v}\,(t_\mu + t_\text{tp} + t_\text{cp} + t_\text{ep})",
                "({p} − 1) / {v} × {T}",
                {"p": (p, ""), "v": (v, ""), "T": (q["critical_mb"], "s")},
                q["bubble"],
                "s",
            )
        )
    if q["group"] > 1:
        one = q["dp_one"]
        values = {}
        template = ""
        if one.seconds > 0:
            template, values = _times("1", {}, one, "x")
        if q["ep_dp_one"].seconds > 0:
            extra_template, values = _times("1", values, q["ep_dp_one"], "y")
            template = f"{template} + {extra_template}" if template else extra_template
        steps.append(
            Step(
                "dp_allreduce_seconds",
                text("planner.step.dp_allreduce", link=text(f"planner.link.{one.where}")),
                r"2\,\frac{n-1}{n}\,\frac{2\,P}{B}",
                template,
                values,
                q["allreduce"],
                "s",
            )
        )
        window = {
            "A": (q["allreduce"], "s"),
            "T": (q["compute_mb"], "s"),
            "m": (mb, ""),
            "Fw": (q["fwd"], "s"),
            "Bw": (q["bwd"], "s"),
        }
        exposed_key = f"planner.step.dp_exposed_{min(lay.zero, 3) if lay.zero > 1 else 1}"
        if not lay.dp_overlap:
            exposed_key = "planner.step.dp_exposed_off"
            formula, template = {
                0: (r"T_\text{AR}", "{A}"),
                1: (r"T_\text{AR}", "{A}"),
                2: (r"(m + 1)\,\tfrac{T_\text{AR}}{2}", "({m} + 1) × {A} / 2"),
            }.get(lay.zero, (r"1.5\,m\,T_\text{AR}", "1.5 × {m} × {A}"))
        elif lay.zero <= 1:
            formula, template = r"\max(0, T_\text{AR} - t_\mu)", "max(0, {A} − {T})"
        elif lay.zero == 2:
            formula = (
                r"m\max(0, \tfrac{T_\text{AR}}{2} - t_\text{bwd}) + \max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd})"
            )
            template = "{m} × max(0, {A} / 2 − {Bw}) + max(0, {A} / 2 − {Fw})"
        else:
            formula = r"m\,(\max(0, \tfrac{T_\text{AR}}{2} - t_\text{fwd}) + \max(0, T_\text{AR} - t_\text{bwd}))"
            template = "{m} × (max(0, {A} / 2 − {Fw}) + max(0, {A} − {Bw}))"
        steps.append(
            Step(
                "dp_exposed_seconds",
                text(exposed_key),
                formula,
                template,
                window,
                q["dp_exposed"],
                "s",
                digits_for_difference(q["dp_exposed"], [value for value, _ in window.values()]),
            )
        )
    steps.append(
        Step(
            "optimizer_seconds",
            text("planner.step.optimizer_update"),
            r"(2\,o + w + g)\,P_\text{opt} / B_\text{HBM}",
            "(2 × {o} + {w} + {g}) × {P} / {B}",
            {"o": (o, "B"), "w": (w, "B"), "g": (g, "B"), "P": (q["updated"], ""), "B": (setup.hbm, "B/s")},
            q["optimizer_s"],
            "s",
        )
    )
    steps.append(
        Step(
            "step_seconds",
            text("planner.step.step"),
            r"T = t_c + t_\text{bubble} + t_\text{exposed} + t_\text{opt}",
            "{C} + {Bb} + {X} + {O}",
            {
                "C": (q["compute"], "s"),
                "Bb": (q["bubble"], "s"),
                "X": (q["exposed"], "s"),
                "O": (q["optimizer_s"], "s"),
            },
            q["step"],
            "s",
        )
    )
    steps.append(
        Step(
            "mfu",
            text("planner.step.mfu"),
            r"\text{MFU} = (6N_a + 12\,L\,a\,d\,s)\,B / (T\,n\,P)",
            "{F} × {B} / ({T} × {n} × {P})",
            {
                "F": (q["model_token"], ""),
                "B": (q["batch"], ""),
                "T": (q["step"], "s"),
                "n": (float(setup.count), ""),
                "P": (setup.peak, "FLOP/s"),
            },
            q["mfu"],
            "",
        )
    )
    steps.append(
        Step(
            "tokens_per_second",
            text("planner.step.tokens_per_second"),
            r"B / T",
            "{B} / {T}",
            {"B": (q["batch"], ""), "T": (q["step"], "s")},
            q["tokens_per_second"],
            "tokens/s",
        )
    )
    if q["critical"] is not None:
        steps.append(
            Step(
                "critical_batch_tokens_per_device",
                text("planner.step.critical"),
                r"B_\text{crit} = \eta\,P\,(T_\text{AR} - \alpha) / (4\,N_a\,f / (t\,p))",
                "{u} × {P} × {A} / {W}",
                {
                    "u": (setup.efficiency, ""),
                    "P": (setup.peak, "FLOP/s"),
                    "A": (q["reduction_bytes_s"], "s"),
                    "W": (q["weights_flops_dev"], ""),
                },
                q["critical"],
                "",
            )
        )
    return steps


def _layer_steps(setup: Setup, lay: Layout, work: LayerWork, seconds: float, kind: str) -> list[Step]:
    """One kind of layer (dense or MoE): its matmuls, attention and memory-bound kernels, then the three passes."""
    device = f"{kind}_"
    k_mm, k_att, k_mem, k_sc = pass_factors(lay.recompute, setup.flash)
    steps = [
        Step(
            f"{device}layer_matmul_seconds",
            text(f"planner.step.layer_matmul_{kind}"),
            r"T_\text{mm} = F_\text{mm} / (\eta\,E\,P)",
            "{F} / ({u} × {E} × {P})",
            {
                "F": (work.matmul_flops, "FLOP"),
                "u": (setup.efficiency, ""),
                "E": (work.wave_efficiency, ""),
                "P": (setup.peak, "FLOP/s"),
            },
            work.matmul_seconds,
            "s",
        ),
        Step(
            f"{device}layer_attention_seconds",
            text("planner.step.layer_attention_flash" if setup.flash else "planner.step.layer_attention_unfused"),
            r"T_\text{att} = F_\text{att} / R_\text{att}",
            "{F} / {R}",
            {"F": (work.attention_flops, "FLOP"), "R": (work.attention_flops / work.attention_seconds, "FLOP/s")},
            work.attention_seconds,
            "s",
        ),
        Step(
            f"{device}layer_memory_seconds",
            text("planner.step.layer_memory"),
            r"T_\text{mem} = M / B_\text{HBM}",
            "{M} / {B}",
            {"M": (work.memory_bytes, "B"), "B": (setup.hbm, "B/s")},
            work.memory_seconds,
            "s",
        ),
    ]
    formula = r"T_\ell = k_\text{mm}\,T_\text{mm} + k_\text{att}\,T_\text{att} + k_\text{mem}\,T_\text{mem}"
    template = "{kmm} × {Tmm} + {katt} × {Tatt} + {kmem} × {Tmem}"
    values = {
        "kmm": (k_mm, ""),
        "Tmm": (work.matmul_seconds, "s"),
        "katt": (k_att, ""),
        "Tatt": (work.attention_seconds, "s"),
        "kmem": (k_mem, ""),
        "Tmem": (work.memory_seconds, "s"),
    }
    if work.score_bytes:
        steps.append(
            Step(
                f"{device}layer_scores_seconds",
                text("planner.step.layer_scores"),
                r"T_\text{sc} = M_\text{sc} / B_\text{HBM}",
                "{M} / {B}",
                {"M": (work.score_bytes, "B"), "B": (setup.hbm, "B/s")},
                work.score_seconds,
                "s",
            )
        )
        formula += r" + k_\text{sc}\,T_\text{sc}"
        template += " + {ksc} × {Tsc}"
        values.update({"ksc": (k_sc, ""), "Tsc": (work.score_seconds, "s")})
    steps.append(
        Step(
            f"{device}layer_seconds",
            text(f"planner.step.layer_{lay.recompute}"),
            formula,
            template,
            values,
            seconds,
            "s",
        )
    )
    return steps


def compute_steps(setup: Setup, lay: Layout, q: dict[str, Any]) -> list[Step]:
    """A micro-batch's compute on the busiest (last) stage: each kind of layer's time, the stage's layers, and the
    output layer with its cross-entropy."""
    layer = q["layer"]
    steps = _layer_steps(setup, lay, layer["dense"], layer["dense_s"], "dense")
    L = float(q["per_stage"])
    if layer["moe"] is not None:
        steps += _layer_steps(setup, lay, layer["moe"], layer["moe_s"], "moe")
        steps.append(
            Step(
                "mean_layer_seconds",
                text("planner.step.mean_layer"),
                r"T_\ell = \phi\,T_\text{moe} + (1-\phi)\,T_\text{dense}",
                "{phi} × {Tm} + (1 − {phi}) × {Td}",
                {"phi": (layer["moe_share"], ""), "Tm": (layer["moe_s"], "s"), "Td": (layer["dense_s"], "s")},
                layer["seconds"],
                "s",
            )
        )
    values = {"L": (L, ""), "T": (layer["seconds"], "s"), "To": (q["output_seconds"], "s")}
    if lay.pp > 1:
        formula = r"t_\mu = \max(L_\text{st}\,T_\ell,\ L_\text{last}\,T_\ell + T_\text{out})"
        template = "max({L} × {T}, {Ll} × {T} + {To})"
        values["Ll"] = (float(q["last_layers"]), "")
    else:
        formula, template = r"t_\mu = L\,T_\ell + T_\text{out}", "{L} × {T} + {To}"
    output: OutputWork | None = q["output"]
    if output is not None:
        steps.append(
            Step(
                "output_layer_seconds",
                text("planner.step.output_layer"),
                r"T_\text{out} = F_\text{out} / (\eta\,E\,P) + M_\text{out} / B_\text{HBM}",
                "{F} / ({u} × {E} × {P}) + {M} / {B}",
                {
                    "F": (output.matmul_flops, "FLOP"),
                    "u": (setup.efficiency, ""),
                    "E": (output.wave_efficiency, ""),
                    "P": (setup.peak, "FLOP/s"),
                    "M": (output.memory_bytes, "B"),
                    "B": (setup.hbm, "B/s"),
                },
                output.seconds,
                "s",
            )
        )
    steps.append(
        Step(
            "microbatch_compute_seconds",
            text("planner.step.compute_mb", chip=setup.chip_label),
            formula,
            template,
            values,
            q["stage_mb"],
            "s",
        )
    )
    if q["compute_mb"] != q["stage_mb"]:  # the all-to-alls overlapped take their share of the SMs
        steps.append(
            Step(
                "microbatch_compute_overlap_seconds",
                text("planner.step.compute_mb_ep_overlap"),
                r"t_\mu' = t_\mu / (1 - 20/132)",
                "{T} / (1 − 20 / 132)",
                {"T": (q["stage_mb"], "s")},
                q["compute_mb"],
                "s",
            )
        )
    return steps
