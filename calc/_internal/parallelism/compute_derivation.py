# The planner's derivation of a micro-batch's compute: each kind of layer's matmuls, attention and memory-bound
# kernels, the output layer, and the busiest stage's micro-batch.
from __future__ import annotations

from typing import Any

from ..messages import text
from ..results import Figure, Step, q, step
from .kernels import LayerWork, Matmul, OutputWork, pass_factors
from .layout import Layout, Setup


def _layer_steps(setup: Setup, lay: Layout, work: LayerWork, seconds: float, kind: str) -> list[Step]:
    """One kind of layer (dense or MoE): its matmuls, attention and memory-bound kernels (and unfused attention's
    scores), then the three passes."""
    device = f"{kind}_"
    k_mm, k_att, k_mem, k_sc = pass_factors(lay.recompute, setup.flash)
    steps = _kernel_steps(setup, work, kind)
    formula = r"T_\ell = k_\text{mm}\,T_\text{mm} + k_\text{att}\,T_\text{att} + k_\text{mem}\,T_\text{mem}"
    template = "{kmm} × {Tmm} + {katt} × {Tatt} + {kmem} × {Tmem}"
    figures: dict[str, Figure] = {
        "kmm": k_mm,
        "Tmm": q(work.matmul_seconds, "s"),
        "katt": k_att,
        "Tatt": q(work.attention_seconds, "s"),
        "kmem": k_mem,
        "Tmem": q(work.memory_seconds, "s"),
    }
    if work.score_bytes:
        label = text("planner.step.layer_scores")
        formula_sc = r"T_\text{sc} = M_\text{sc} / B_\text{HBM}"
        steps.append(
            step(
                f"{device}layer_scores_seconds",
                label,
                formula_sc,
                "{M} / {B}",
                work.score_seconds,
                "s",
                M=q(work.score_bytes, "B"),
                B=q(setup.hbm, "B/s"),
            )
        )
        formula += r" + k_\text{sc}\,T_\text{sc}"
        template += " + {ksc} × {Tsc}"
        figures.update({"ksc": k_sc, "Tsc": q(work.score_seconds, "s")})
    label = text(f"planner.step.layer_{lay.recompute}")
    return [*steps, step(f"{device}layer_seconds", label, formula, template, seconds, "s", **figures)]


def _size(x: float) -> str:
    """A GEMM size as the label shows it: whole tokens, outputs or inputs without separators (8192)."""
    return str(round(x)) if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def _matmul_step(setup: Setup, work: LayerWork, mm: Matmul, kind: str) -> Step:
    """One matmul of a layer, forward: its FLOPs at the measured rate of its shape, or at η·E·P where the chip has
    no rate by shape (E the wave efficiency of its M × N output)."""
    shape = f"{_size(mm.m)} × {_size(mm.n)} × {_size(mm.k)}"
    key = f"{kind}_layer_matmul_{mm.name}_seconds"
    name = text(f"planner.matmul.{mm.name}")
    if setup.shapes is not None:
        label = text("planner.step.matmul_measured", name=name, shape=shape)
        return step(
            key,
            label,
            r"T_i = F_i / R(M, N, K)",
            "{F} / {R}",
            mm.seconds,
            "s",
            F=q(mm.flops, "FLOP"),
            R=q(mm.rate, "FLOP/s"),
        )
    label = text("planner.step.matmul_wave", name=name, shape=shape)
    wave = mm.rate / (setup.efficiency * setup.peak)
    return step(
        key,
        label,
        r"T_i = F_i / (\eta\,E_i\,P)",
        "{F} / ({u} × {E} × {P})",
        mm.seconds,
        "s",
        F=q(mm.flops, "FLOP"),
        u=setup.efficiency,
        E=wave,
        P=q(setup.peak, "FLOP/s"),
    )


def _kernel_steps(setup: Setup, work: LayerWork, kind: str) -> list[Step]:
    """A layer's matmuls, each at the rate of its shape, and their sum; attention at its rate; the memory-bound
    kernels at the memory's bandwidth."""
    device = f"{kind}_"
    attention = "planner.step.layer_attention_flash" if setup.flash else "planner.step.layer_attention_unfused"
    matmuls = [_matmul_step(setup, work, mm, kind) for mm in work.matmuls]
    names = [f"T{i}" for i in range(len(work.matmuls))]
    return [
        *matmuls,
        step(
            f"{device}layer_matmul_seconds",
            text(f"planner.step.layer_matmul_{kind}"),
            r"T_\text{mm} = \sum_i T_i",
            " + ".join(f"{{{n}}}" for n in names),
            work.matmul_seconds,
            "s",
            **{n: q(mm.seconds, "s") for n, mm in zip(names, work.matmuls, strict=True)},
        ),
        step(
            f"{device}layer_attention_seconds",
            text(attention),
            r"T_\text{att} = F_\text{att} / R_\text{att}",
            "{F} / {R}",
            work.attention_seconds,
            "s",
            F=q(work.attention_flops, "FLOP"),
            R=q(work.attention_flops / work.attention_seconds, "FLOP/s"),
        ),
        step(
            f"{device}layer_memory_seconds",
            text("planner.step.layer_memory"),
            r"T_\text{mem} = M / B_\text{HBM}",
            "{M} / {B}",
            work.memory_seconds,
            "s",
            M=q(work.memory_bytes, "B"),
            B=q(setup.hbm, "B/s"),
        ),
    ]


def compute_steps(setup: Setup, lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """A micro-batch's compute on the busiest (last) stage: each kind of layer's time, the stage's layers, and the
    output layer with its cross-entropy."""
    layer = fig["layer"]
    steps = _layer_steps(setup, lay, layer["dense"], layer["dense_s"], "dense")
    if layer["moe"] is not None:
        steps += _layer_steps(setup, lay, layer["moe"], layer["moe_s"], "moe")
        steps.append(
            step(
                "mean_layer_seconds",
                text("planner.step.mean_layer"),
                r"T_\ell = \phi\,T_\text{moe} + (1-\phi)\,T_\text{dense}",
                "{phi} × {Tm} + (1 − {phi}) × {Td}",
                layer["seconds"],
                "s",
                phi=layer["moe_share"],
                Tm=q(layer["moe_s"], "s"),
                Td=q(layer["dense_s"], "s"),
            )
        )
    output: OutputWork | None = fig["output"]
    if output is not None:
        steps.append(_output_step(setup, output))
    return steps + _microbatch_steps(setup, lay, fig)


def _output_step(setup: Setup, output: OutputWork) -> Step:
    """The output projection and its cross-entropy, on the chip in BF16 where a narrow format keeps the head there."""
    shapes, efficiency, peak = setup.shapes, setup.efficiency, setup.peak
    if setup.wide is not None:
        shapes, efficiency, peak = setup.wide.shapes, setup.wide.efficiency, setup.wide.peak
    if shapes is not None:  # the output projection at the measured rate of its shape
        return step(
            "output_layer_seconds",
            text("planner.step.output_layer_measured"),
            r"T_\text{out} = F_\text{out} / R(M, V/t, h) + M_\text{out} / B_\text{HBM}",
            "{F} / {R} + {M} / {B}",
            output.seconds,
            "s",
            F=q(output.matmul_flops, "FLOP"),
            R=q(output.rate, "FLOP/s"),
            M=q(output.memory_bytes, "B"),
            B=q(setup.hbm, "B/s"),
        )
    return step(
        "output_layer_seconds",
        text("planner.step.output_layer"),
        r"T_\text{out} = F_\text{out} / (\eta\,E\,P) + M_\text{out} / B_\text{HBM}",
        "{F} / ({u} × {E} × {P}) + {M} / {B}",
        output.seconds,
        "s",
        F=q(output.matmul_flops, "FLOP"),
        u=efficiency,
        E=output.wave_efficiency,
        P=q(peak, "FLOP/s"),
        M=q(output.memory_bytes, "B"),
        B=q(setup.hbm, "B/s"),
    )


def _microbatch_steps(setup: Setup, lay: Layout, fig: dict[str, Any]) -> list[Step]:
    """The busiest stage's micro-batch: its layers and (on the last stage) the output layer, then the share of the
    SMs the overlapped all-to-alls take."""
    figures: dict[str, Figure] = {
        "L": float(fig["per_stage"]),
        "T": q(fig["layer"]["seconds"], "s"),
        "To": q(fig["output_seconds"], "s"),
    }
    if lay.pp > 1:
        formula = r"t_\mu = \max(L_\text{st}\,T_\ell,\ L_\text{last}\,T_\ell + T_\text{out})"
        template = "max({L} × {T}, {Ll} × {T} + {To})"
        figures["Ll"] = float(fig["last_layers"])
    else:
        formula, template = r"t_\mu = L\,T_\ell + T_\text{out}", "{L} × {T} + {To}"
    label = text("planner.step.compute_mb", chip=setup.chip_label)
    steps = [step("microbatch_compute_seconds", label, formula, template, fig["stage_mb"], "s", **figures)]
    if fig["compute_mb"] != fig["stage_mb"]:  # the all-to-alls overlapped take their share of the SMs
        label = text("planner.step.compute_mb_ep_overlap")
        formula = r"t_\mu' = t_\mu / (1 - 20/132)"
        steps.append(
            step(
                "microbatch_compute_overlap_seconds",
                label,
                formula,
                "{T} / (1 − 20 / 132)",
                fig["compute_mb"],
                "s",
                T=q(fig["stage_mb"], "s"),
            )
        )
    return steps
