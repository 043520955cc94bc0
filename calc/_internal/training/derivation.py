# The training calculator's derivation: the run's FLOPs, rates, time, goodput, cost, power and energy as steps a
# reader can check.
from __future__ import annotations

from ..messages import Text, text
from ..results import Step, q, step
from .formulas import J_PER_KWH
from .run import TrainingRun


def flops_step(run: TrainingRun, attention: float, k: float, tokens: float) -> Step:
    """The run's FLOPs: k·N per token (6: forward and backward), plus attention's where the model's shape is known."""
    out = run.quantities
    if not attention:
        label = text("training.step.total_flops")
        return step(
            "total_flops",
            label,
            r"C = k\,N\,D",
            "{k} × {N} × {D}",
            out["total_flops"],
            "FLOP",
            k=k,
            N=out["params"],
            D=tokens,
        )
    return step(
        "total_flops",
        text("training.step.total_flops_attention"),
        r"C = (k\,N + 12\,L\,d\,s)\,D",
        "({k} × {N} + {A}) × {D}",
        out["total_flops"],
        "FLOP",
        k=k,
        N=out["params"],
        A=attention,
        D=tokens,
    )


def time_steps(
    run: TrainingRun, *, attention: float, flops_per_token_per_param: float, notes: list[Text]
) -> list[Step]:
    """The time at the cluster's rate, one step's compute against its gradient sync, and the run stretched to the
    sync's pace where it cannot hide (first among the notes)."""
    out = run.quantities
    stretched = run.stretch > 1
    steps = [
        step(
            "compute_seconds" if stretched else "seconds",
            text("training.step.compute_seconds" if stretched else "training.step.seconds"),
            r"T_c = C / R" if stretched else r"T = C / R",
            "{C} / {R}",
            run.compute_seconds,
            "days",
            C=q(out["total_flops"], "FLOP"),
            R=q(out["cluster_flop_per_s"], "FLOP/s"),
        )
    ]
    steps += _step_steps(run, attention=attention, flops_per_token_per_param=flops_per_token_per_param, notes=notes)
    if stretched:
        steps.append(
            step(
                "seconds",
                text("training.step.seconds_sync"),
                r"T = T_c \max(1,\; t_s / t_c)",
                "{T} × max(1, {ts} / {tc})",
                run.productive,
                "days",
                T=q(run.compute_seconds, "days"),
                ts=q(float(out["gradient_sync_seconds"]), "s"),
                tc=q(float(out["step_compute_seconds"]), "s"),
            )
        )
        notes.insert(0, text("training.note.sync_bound", stretch=run.stretch))
    return steps


def goodput_steps(run: TrainingRun, goodput: float | None) -> list[Step]:
    """The run's time over its goodput, when given, and its accelerator-hours."""
    out = run.quantities
    seconds = out["seconds"]
    steps = []
    if goodput is not None:
        label = text("training.step.goodput")
        steps.append(
            step(
                "seconds_with_goodput",
                label,
                r"T / g",
                "{T} / {g}",
                seconds,
                "days",
                T=q(run.productive, "days"),
                g=goodput,
            )
        )
    label = text("training.step.accelerator_hours")
    steps.append(
        step(
            "accelerator_seconds",
            label,
            r"n \cdot T",
            "{n} × {T}",
            out["accelerator_seconds"],
            "h",
            n=run.count,
            T=q(seconds, "h"),
        )
    )
    return steps


def cost_steps(run: TrainingRun, notes: list[Text]) -> list[Step]:
    """The cloud bill at the accelerator-hour's price (a note without one)."""
    price = run.costs.price
    if price is None:
        notes.append(text("training.note.no_price"))
        return []
    out = run.quantities
    label = text("training.step.cloud_cost_usd")
    return [
        step(
            "cloud_cost_usd",
            label,
            r"n \cdot T \cdot p",
            "{A} × {p}",
            out["cloud_cost_usd"],
            "USD",
            A=q(out["accelerator_seconds"], "h"),
            p=q(price / 3_600.0, "USD/h"),
        )
    ]


def power_steps(run: TrainingRun, notes: list[Text]) -> list[Step]:
    """With a power per accelerator: the cluster's power at the chips and at the meter, the run's energy, its
    price and CO2 (a note without a power figure)."""
    per_accelerator_w = run.costs.per_accelerator_w
    if per_accelerator_w is None:
        notes.append(text("training.note.no_power"))
        return []
    out = run.quantities
    it_w, facility_w = out["it_power_w"], out["facility_power_w"]
    steps = [
        step(
            "it_power_w",
            text("training.step.it_power"),
            r"P_\text{IT} = n \cdot W",
            "{n} × {W}",
            it_w,
            "W",
            n=run.count,
            W=q(per_accelerator_w, "W"),
        ),
        step(
            "facility_power_w",
            text("training.step.facility_power"),
            r"P_\text{fac} = P_\text{IT} \cdot \text{PUE}",
            "{P} × {pue}",
            facility_w,
            "W",
            P=q(it_w, "W"),
            pue=run.costs.pue,
        ),
    ]
    return steps + _energy_steps(run)


def _energy_steps(run: TrainingRun) -> list[Step]:
    """The run's energy at the meter, what it costs and, with a carbon intensity, the CO2 it emits."""
    out = run.quantities
    facility_w, energy_j = out["facility_power_w"], out["energy_j"]
    energy_price, carbon = run.costs.energy_price, run.costs.carbon
    steps = [
        step(
            "energy_j",
            text("training.step.energy"),
            r"E = P_\text{fac} \cdot T",
            "{P} × {T}",
            energy_j,
            "MWh",
            P=q(facility_w, "W"),
            T=q(out["seconds"], "h"),
        ),
        step(
            "electricity_cost_usd",
            text("training.step.electricity_cost"),
            r"E \cdot c",
            "{E} × {c}",
            out["electricity_cost_usd"],
            "USD",
            E=q(energy_j, "kWh"),
            c=q(energy_price / J_PER_KWH, "USD/kWh"),
        ),
    ]
    if carbon is not None:
        steps.append(
            step(
                "co2_kg",
                text("training.step.co2"),
                r"E \cdot g",
                "{E} × {g}",
                out["co2_kg"],
                "t",
                E=q(energy_j, "kWh"),
                g=q(carbon / 1_000.0 / J_PER_KWH, "g/kWh"),
            )
        )
    return steps


def _step_steps(
    run: TrainingRun, *, attention: float, flops_per_token_per_param: float, notes: list[Text]
) -> list[Step]:
    """One step's compute beside its gradient AllReduce and the share of it the AllReduce must overlap (a note
    when the chip has no network to time it on)."""
    out = run.quantities
    step_compute = out["step_compute_seconds"]
    steps = [
        step(
            "step_compute_seconds",
            text("training.step.step_compute_seconds"),
            r"t_c = (k\,N + A)\,B / R" if attention else r"t_c = k\,N\,B / R",
            "({k} × {N} + {A}) × {B} / {R}" if attention else "{k} × {N} × {B} / {R}",
            step_compute,
            "s",
            k=flops_per_token_per_param,
            N=out["params"],
            A=attention,
            B=run.sync.batch,
            R=q(out["cluster_flop_per_s"], "FLOP/s"),
        )
    ]
    if run.sync.steps:
        label = text("training.step.overlap_needed")
        steps += [
            *run.sync.steps,
            step(
                "overlap_needed",
                label,
                r"\min(1,\; t_s / t_c)",
                "min(1, {ts} / {tc})",
                out["overlap_needed"],
                "",
                ts=q(out["gradient_sync_seconds"], "s"),
                tc=q(step_compute, "s"),
            ),
        ]
    elif run.count > 1:
        notes.append(text("training.note.no_network"))
    return steps


def rate_steps(run: TrainingRun, mfu: float) -> list[Step]:
    """The cluster's rate: R = n·P·MFU on the peak basis; on the achievable basis the share of the measured matmul
    roof the run reaches, η = MFU·P / P_ach, then R = n·P_ach·η (the same R: MFU stays a share of the peak)."""
    n, peak, roof, rate = run.count, run.peak, run.roof, run.quantities["cluster_flop_per_s"]
    label = text("training.step.cluster_flop_per_s", chip=run.roofs.label(run.chip.label))
    if run.roofs.basis != "achievable":
        formula = r"R = n\,P\,\text{MFU}"
        return [
            step(
                "cluster_flop_per_s", label, formula, "{n} × {P} × {U}", rate, "FLOP/s", n=n, P=q(peak, "FLOP/s"), U=mfu
            )
        ]
    efficiency = mfu * peak / roof
    return [
        step(
            "roof_efficiency",
            text("training.step.roof_efficiency"),
            r"\eta = \text{MFU} \cdot P / P_\text{ach}",
            "{U} × {P} / {Pa}",
            efficiency,
            "",
            U=mfu,
            P=q(peak, "FLOP/s"),
            Pa=q(roof, "FLOP/s"),
        ),
        step(
            "cluster_flop_per_s",
            label,
            r"R = n\,P_\text{ach}\,\eta",
            "{n} × {Pa} × {eta}",
            rate,
            "FLOP/s",
            n=n,
            Pa=q(roof, "FLOP/s"),
            eta=efficiency,
        ),
    ]
