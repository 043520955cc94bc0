# The training calculator: the run's figures as a derivation a reader can check, and the chart of days and
# cost against the cluster size.
from __future__ import annotations

import inspect
from typing import Any

from ..data import load_data
from ..defaults import CARBON, ELECTRICITY, PUE
from ..errors import CalcError, check_number
from ..fields import (
    ACCELERATOR,
    BASIS,
    CUSTOM_PEAK,
    DEFAULT_BASIS,
    DEFAULT_DTYPE,
    DTYPE,
    LINK_OVERRIDE,
    Calculator,
    Field,
    with_changes,
)
from ..fmt import format_number
from ..messages import Text, text
from ..plot import ScalingPoint, scaling_chart
from ..results import Result, Step, q, step
from .formulas import J_PER_KWH, JSON_ALIASES
from .run import TrainingRun, model_flops, training_run


def training(
    *,
    params: float | None = None,
    tokens: float,
    count: float,
    mfu: float,
    accelerator: str | None = None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    flops_per_token_per_param: float = 6.0,
    price_usd_per_hour_per_accelerator: float | None = None,
    watts: float | None = None,
    node_overhead: float = 1.0,
    pue: float | None = None,
    electricity_usd_per_kwh: float | None = None,
    carbon_g_per_kwh: float | None = None,
    link_bytes_per_s: float | None = None,
    batch_tokens: float = 4_194_304.0,
    gradient_bytes_per_param: float = 2.0,
    total_params: float | None = None,
    goodput: float | None = None,
    basis: str = DEFAULT_BASIS,
    model: str | None = None,
    layers: int | None = None,
    hidden_size: float | None = None,
    sequence_length: float = 4096,
) -> Result:
    """Time, cost, power, energy and CO₂ of a training run, and what bounds it.

    Parameters:
        params: parameters N (active parameters per token for a mixture of experts); a `model` gives its own.
        model, layers, hidden_size, sequence_length: a data/ model, or a custom model's layers and width, add the
            attention's FLOPs to C (PaLM's count, as the planner's MFU); without a shape C is the 6ND rule.
        tokens: training tokens D.
        count: accelerators.
        mfu: model FLOPs utilization, 0–1.
        accelerator, dtype: a data/ chip and the format of its dense peak; or `peak_flop_per_s` for a custom chip.
        flops_per_token_per_param: 6 (default), 8 with full activation recomputation.
        price_usd_per_hour_per_accelerator: rental price (default: the edition's typical price for the chip).
        watts: all-in power per accelerator; replaces TDP × node_overhead. Without it a custom chip
            (no TDP) gets no power, energy, electricity or CO₂ figures.
        node_overhead: factor on TDP for CPUs, NICs, fans (default 1.0: the accelerators alone).
        pue, electricity_usd_per_kwh, carbon_g_per_kwh: facility efficiency, energy price and grid
            carbon intensity (default: the edition's typical figures in data/economics.yaml).
        link_bytes_per_s: scale-out bandwidth per accelerator per direction for the gradient AllReduce
            (default: the chip's NIC from data/, if any). Without a network the bottleneck is "compute".
        batch_tokens: global batch in tokens per optimizer step (default 4 Mi tokens).
        gradient_bytes_per_param: bytes per gradient element in the AllReduce (2 for BF16).
        total_params: all parameters of a mixture of experts (≥ params); the gradient AllReduce carries
            every parameter's gradient while the FLOPs use the active ones. Default: params (dense). This
            assumes pure data parallelism; with expert parallelism each expert's gradients are reduced only
            inside its group, so the sync time is an upper bound.
        goodput: the share of wall-clock time that trains (0-1; the goodput calculator estimates it from failures,
            checkpoints and restarts); the days, accelerator-hours, cost and energy stretch by 1/goodput.
        basis: the roof the derivation measures the run against. MFU is a share of the dense peak whatever the
            basis, so the time and cost do not change with it. "achievable" (where data/ measured the chip's
            matmul in `dtype`) writes the rate as the measured matmul roof P_ach times the share of it the run
            reaches, η = MFU × P / P_ach (`roof_efficiency`), and notes when η exceeds 1 (an MFU no measured
            matmul reaches); "peak" (and a chip without a measurement) keeps R = n·P·MFU.

    Returns:
        Result with SI quantities: total_flops, cluster_flop_per_s, seconds, accelerator_seconds,
        cloud_cost_usd, it_power_w, facility_power_w, energy_j, electricity_cost_usd, co2_kg, bottleneck
        ("compute" or "gradient-sync"), step_compute_seconds, gradient_sync_seconds, overlap_needed, model_shards
        (the split that makes the training state fit one accelerator; each syncs 1/k of the gradients),
        compute_seconds (C / R) and sync_stretch (max(1, sync / step compute): seconds is compute_seconds
        stretched by it, when the sync cannot hide even overlapped), and the
        figures used (watts_per_accelerator, pue, ...). A quantity whose inputs are missing is None, with a
        note saying which input adds it. The CLI's JSON adds days, accelerator_hours, it_power_kw,
        facility_power_kw, energy_mwh and co2_tonnes. Also basis, roof_flop_per_s (the measured matmul or the
        peak) and roof_efficiency (MFU × P / roof).

    Raises:
        CalcError: a value outside its range, an unknown accelerator or a format it lacks.
    """
    params, attention = model_flops(model, params, layers, hidden_size, sequence_length)
    if model is not None and total_params is None:
        total_params = load_data().model(model).params  # a mixture of experts syncs every expert's gradients
    run = training_run(
        params=params,
        attention_flops_per_token=attention,
        tokens=tokens,
        count=count,
        mfu=mfu,
        accelerator=accelerator,
        dtype=dtype,
        peak_flop_per_s=peak_flop_per_s,
        flops_per_token_per_param=flops_per_token_per_param,
        price_usd_per_hour_per_accelerator=price_usd_per_hour_per_accelerator,
        watts=watts,
        node_overhead=node_overhead,
        pue=pue,
        electricity_usd_per_kwh=electricity_usd_per_kwh,
        carbon_g_per_kwh=carbon_g_per_kwh,
        link_bytes_per_s=link_bytes_per_s,
        batch_tokens=batch_tokens,
        gradient_bytes_per_param=gradient_bytes_per_param,
        total_params=total_params,
        goodput=goodput,
        basis=basis,
    )
    notes: list[Text] = [run.roofs.note]
    if not attention:
        notes.append(text("training.note.no_attention"))
    steps = [_flops_step(run, attention, flops_per_token_per_param, tokens), *_rate_steps(run, mfu)]
    steps += _time_steps(run, attention=attention, flops_per_token_per_param=flops_per_token_per_param, notes=notes)
    steps += _goodput_steps(run, goodput)
    chip = run.chip.data
    if run.roofs.basis == "achievable" and run.roof_efficiency > 1 and chip is not None:
        share = 100 * run.roof / run.peak
        notes.append(text("training.note.above_roof", mfu=mfu, chip=chip.words(), dtype=dtype.upper(), share=share))
    steps += _cost_steps(run, notes) + _power_steps(run, notes)
    return Result(calculator="training", quantities=run.quantities, steps=steps, notes=notes, json_aliases=JSON_ALIASES)


def _flops_step(run: TrainingRun, attention: float, k: float, tokens: float) -> Step:
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


def _time_steps(
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


def _goodput_steps(run: TrainingRun, goodput: float | None) -> list[Step]:
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


def _cost_steps(run: TrainingRun, notes: list[Text]) -> list[Step]:
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


def _power_steps(run: TrainingRun, notes: list[Text]) -> list[Step]:
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


def _rate_steps(run: TrainingRun, mfu: float) -> list[Step]:
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


# -- The chart: days and cost against cluster size around the reader's count ---------------------------

_SCALING_INPUTS = (
    "params",
    "attention_flops_per_token",
    "tokens",
    "mfu",
    "accelerator",
    "dtype",
    "peak_flop_per_s",
    "flops_per_token_per_param",
    "price_usd_per_hour_per_accelerator",
    "link_bytes_per_s",
    "batch_tokens",
    "gradient_bytes_per_param",
    "total_params",
    "goodput",
)


# `training`'s defaults, for the chart's points, which run its figures without its derivation.
_TRAINING_DEFAULTS = {
    name: parameter.default
    for name, parameter in inspect.signature(training).parameters.items()
    if parameter.default is not inspect.Parameter.empty and name in inspect.signature(training_run).parameters
} | {"attention_flops_per_token": 0.0}


def scaling_point(count: float, inputs: dict[str, Any]) -> ScalingPoint:
    """`training` at `count` accelerators (power is not drawn): its figures, checked as its Result checks them."""
    run = training_run(**{**_TRAINING_DEFAULTS, **inputs, "count": count, "watts": 1.0})
    q: dict[str, Any] = Result(calculator="training", quantities=run.quantities).quantities
    seconds, stretch = float(q["seconds"]), float(q["sync_stretch"])  # the time includes an exposed sync
    cost = q["cloud_cost_usd"]
    cost_usd = float(cost) if isinstance(cost, float) and cost > 0 else None
    return ScalingPoint(
        count, seconds / stretch, seconds, cost_usd / stretch if cost_usd is not None else None, cost_usd
    )


def training_scaling_svg(*, count: float, lang: str = "en", **inputs: Any) -> str:
    """Draw wall-clock days and cloud cost of a training run against the number of accelerators, as SVG.

    Each point is the training calculator at that cluster size (count/32 to count × 32, powers of two): time
    T = 6ND / (n·P·MFU) falls as 1/n while cost n·T·price stays flat at a fixed MFU (Kaplan et al. 2020;
    Chowdhery et al. 2022 for MFU). When the chip has a network, a dashed curve stretches each step to
    max(compute, gradient AllReduce) (full overlap), which is where adding accelerators stops paying.

    Parameters:
        count: the reader's cluster size (marked on the chart).
        inputs: the other inputs of `training` (power is not drawn).
        lang: "en" or "es".

    Raises:
        CalcError: an input out of range.
    """
    n0 = check_number("count", count)
    unknown = sorted(set(inputs) - set(_SCALING_INPUTS))
    if unknown:
        raise CalcError(field=unknown[0], kind="unknown_input", choices=_SCALING_INPUTS, subject="training_scaling_svg")
    chosen = scaling_point(n0, inputs)  # raises CalcError on bad input
    ladder = sorted({max(1, round(n0 * 2.0**k)) for k in range(-5, 6) if n0 * 2.0**k <= 1e7} | {int(n0)})
    points = []
    for n in ladder:
        if n == n0:
            points.append(chosen)
            continue
        try:
            points.append(scaling_point(float(n), inputs))
        except CalcError:  # this size overflows or is out of range: leave it out of the chart
            continue
    chip = inputs.get("accelerator")
    subject = text(
        "plot.scaling.subject",
        params=format_number(float(inputs["params"]), lang),
        tokens=format_number(float(inputs["tokens"]), lang),
        chip=load_data().accelerator(chip).words() if chip else text("chip.custom"),
    )
    return scaling_chart(points, chosen=chosen, subject=subject.render(lang), lang=lang)


def _training_result_svg(result: Result, lang: str) -> str:
    inputs = {key: result.inputs[key] for key in _SCALING_INPUTS if key in result.inputs}
    for key in ("params", "attention_flops_per_token"):  # as resolved from the model, where one is named
        inputs[key] = result.quantities[key]
    inputs["price_usd_per_hour_per_accelerator"] = result.quantities["price_usd_per_hour"]
    return training_scaling_svg(count=float(result.inputs["count"]), lang=lang, **inputs)


TRAINING = Calculator(
    name="training",
    fields=(
        Field(
            "params",
            default="70B",
            custom_of="model",
        ),
        Field(
            "tokens",
            default="1T",
        ),
        ACCELERATOR,
        with_changes(DTYPE, advanced=True),
        CUSTOM_PEAK,
        Field(
            "count",
            default="1024",
        ),
        Field(
            "mfu",
            default="0.5",
        ),
        with_changes(BASIS, advanced=True),
        Field(
            "price",
            unit="USD/h",
            param="price_usd_per_hour_per_accelerator",
            optional=True,
            advanced=True,
        ),
        Field("flops_per_token_per_param", default="6", advanced=True),
        Field("watts", unit="W", optional=True, advanced=True),
        Field("node_overhead", default="1", advanced=True),
        PUE,
        ELECTRICITY,
        CARBON,
        LINK_OVERRIDE,
        Field("batch_tokens", default="4194304", advanced=True),
        Field(
            "gradient_bytes",
            unit="B",
            default="2",
            param="gradient_bytes_per_param",
            advanced=True,
        ),
        Field("total_params", optional=True, advanced=True),
        Field("goodput", optional=True, advanced=True),
        Field("model", kind="model", default="custom", advanced=True),
        Field("layers", optional=True, custom_of="model", advanced=True),
        Field("hidden_size", optional=True, custom_of="model", advanced=True),
        Field("seq_len", default="4096", param="sequence_length", advanced=True),
    ),
    function=training,
    units={
        "params": "",
        "attention_flops_per_token": "FLOP",
        "total_flops": "FLOP",
        "cluster_flop_per_s": "FLOP/s",
        "seconds": "days",
        "compute_seconds": "days",
        "sync_stretch": "",
        "model_shards": "",
        "accelerator_seconds": "h",
        "cloud_cost_usd": "USD",
        "it_power_w": "W",
        "facility_power_w": "W",
        "energy_j": "MWh",
        "electricity_cost_usd": "USD",
        "co2_kg": "t",
        "step_compute_seconds": "s",
        "gradient_sync_seconds": "s",
        "peak_flop_per_s": "FLOP/s",
        "roof_flop_per_s": "FLOP/s",
        "watts_per_accelerator": "W",
        "price_usd_per_hour": "",
        "electricity_usd_per_kwh": "",
        "carbon_g_per_kwh": "",
    },
    headline=("seconds", "cloud_cost_usd", "facility_power_w", "electricity_cost_usd", "bottleneck"),
    # Inputs as their sources state them: the 60-second quiz; Llama 3 405B (Llama Team 2024: 15.6T
    # tokens, 16,384 H100, 38-43 % MFU); Chinchilla's 70B on 1.4T tokens (Hoffmann et al. 2022).
    presets={
        "quiz": {
            "params": "70B",
            "tokens": "1T",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "1024",
            "mfu": "0.5",
            "price": "3",
            "pue": "1.2",
            "electricity": "0.10",
        },
        "llama-3-405b": {
            "params": "405B",
            "tokens": "15.6T",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "16384",
            "mfu": "0.4",
        },
        "chinchilla": {
            "params": "70B",
            "tokens": "1.4T",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "1024",
            "mfu": "0.5",
        },
    },
    plot=_training_result_svg,
)
