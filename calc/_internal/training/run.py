# One training run's figures before the derivation writes them out: FLOPs, time, cost, power, energy, CO2, the
# gradient sync and the bottleneck (the calculator and its chart share them).
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..chips import Chip, Roofs, basis_roofs, resolve_chip
from ..collectives import hierarchical_allreduce_seconds, overlap_needed, ring_allreduce_seconds
from ..data import Accelerator, load_data
from ..defaults import checked_price, economics_default
from ..errors import check_number
from ..memory import bytes_per_param, device_capacity, usable_capacity
from ..messages import text
from ..results import Step, q, step
from .formulas import (
    J_PER_KWH,
    attention_flops_per_token,
    cluster_flop_per_s,
    facility_power_w,
    training_flops,
    training_seconds,
)


@dataclass(frozen=True)
class TrainingRun:
    """`training`'s figures before it writes them out: its quantities, and what its derivation shows besides."""

    quantities: dict[str, Any]
    chip: Chip
    roofs: Roofs
    count: float
    peak: float
    roof: float
    roof_efficiency: float
    productive: float  # seconds of training, before the goodput stretches them
    compute_seconds: float  # C / R: the time at the MFU alone, before an exposed gradient sync stretches it
    stretch: float  # max(1, sync / a step's compute)
    costs: RunCosts
    sync: RunSync


def model_flops(
    model: str | None, params: float | None, layers: int | None, hidden_size: float | None, sequence_length: float
) -> tuple[float, float]:
    """N and the attention's FLOPs per token: a data/ model's (active) parameters and attention width, or the
    custom model's parameters with its layers and width where given (no shape: no attention term)."""
    s = check_number("seq_len", sequence_length, low=1, high=1e8, integer=True)
    if model is not None:
        shape = load_data().model(model)
        width = float(shape.attention_heads * shape.head_dim)
        return shape.active_params, attention_flops_per_token(layers=shape.layers, width=width, sequence_length=s)
    n = check_number("params", params)
    if layers is None or hidden_size is None:
        return n, 0.0
    depth = check_number("layers", layers)
    width = check_number("hidden_size", hidden_size)
    return n, attention_flops_per_token(layers=depth, width=width, sequence_length=s)


def training_run(
    *,
    params: float,
    tokens: float,
    count: float,
    mfu: float,
    accelerator: str | None,
    dtype: str,
    peak_flop_per_s: float | None,
    flops_per_token_per_param: float,
    attention_flops_per_token: float,
    price_usd_per_hour_per_accelerator: float | None,
    watts: float | None,
    node_overhead: float,
    pue: float | None,
    electricity_usd_per_kwh: float | None,
    carbon_g_per_kwh: float | None,
    link_bytes_per_s: float | None,
    batch_tokens: float,
    gradient_bytes_per_param: float,
    total_params: float | None,
    goodput: float | None,
    basis: str,
) -> TrainingRun:
    """Every check and figure of `training`, in its order, without the derivation (the chart's points need none)."""
    chip = resolve_chip(accelerator=accelerator, dtype=dtype, peak_flop_per_s=peak_flop_per_s, needs=("peak",))
    peak = float(chip.peak_flop_per_s or 0)
    n = check_number("count", count)
    price = price_usd_per_hour_per_accelerator
    costs = _costs(chip, accelerator, watts, node_overhead, pue, electricity_usd_per_kwh, price, carbon_g_per_kwh)
    total = training_flops(
        params=params,
        tokens=tokens,
        flops_per_token_per_param=flops_per_token_per_param,
        attention_flops_per_token=attention_flops_per_token,
    )
    rate = cluster_flop_per_s(peak_flop_per_s=peak, count=n, mfu=mfu)
    roofs = basis_roofs(chip, basis=basis, dtype=dtype, uses=("flops",))
    roof = float(roofs.flop_per_s or peak)
    roof_efficiency = mfu * peak / roof
    compute_seconds = training_seconds(total_flops=total, cluster_flop_per_s=rate)
    step_flops = flops_per_token_per_param * params + attention_flops_per_token
    sync = _sync(chip.data, n, params, total_params, link_bytes_per_s, gradient_bytes_per_param, batch_tokens)
    step_compute = step_flops * sync.batch / rate
    stretch = _stretch(sync.seconds, step_compute)
    productive = compute_seconds * stretch
    seconds = productive
    if goodput is not None:
        seconds = productive / check_number("goodput", goodput)
    accelerator_seconds = n * seconds
    quantities: dict[str, Any] = {
        "params": params,
        "attention_flops_per_token": attention_flops_per_token,
        "total_flops": total,
        "cluster_flop_per_s": rate,
        "seconds": seconds,
        "compute_seconds": compute_seconds,
        "sync_stretch": stretch,
        "model_shards": sync.shards,
        "accelerator_seconds": accelerator_seconds,
        "cloud_cost_usd": accelerator_seconds / 3_600.0 * costs.price if costs.price is not None else None,
        **_energy(costs, n, seconds),
        **_bottleneck(sync.seconds, step_compute),
        "peak_flop_per_s": peak,
        "basis": roofs.basis,
        "roof_flop_per_s": roof,
        "roof_efficiency": roof_efficiency,
        "watts_per_accelerator": costs.per_accelerator_w,
        "pue": costs.pue,
        "price_usd_per_hour": costs.price,
        "electricity_usd_per_kwh": costs.energy_price,
        "carbon_g_per_kwh": costs.carbon,
        "goodput": goodput,
    }
    return TrainingRun(
        quantities, chip, roofs, n, peak, roof, roof_efficiency, productive, compute_seconds, stretch, costs, sync
    )


@dataclass(frozen=True)
class RunCosts:
    """What a run's hours cost: power per accelerator (None: unknown), the facility's PUE, the energy price, the
    price of an accelerator-hour (None: none) and the grid's carbon intensity (None: none)."""

    per_accelerator_w: float | None
    pue: float
    energy_price: float
    price: float | None
    carbon: float | None


def _costs(
    chip: Chip,
    accelerator: str | None,
    watts: float | None,
    node_overhead: float,
    pue: float | None,
    electricity_usd_per_kwh: float | None,
    price: float | None,
    carbon_g_per_kwh: float | None,
) -> RunCosts:
    """The power per accelerator (given, or the chip's TDP times the node's overhead), the PUE, the energy price,
    the accelerator-hour's price (given, or the chip's typical one) and the grid's carbon intensity."""
    overhead = check_number("node_overhead", node_overhead)
    per_accelerator_w = None
    if watts is not None:
        per_accelerator_w = check_number("watts", watts)
    elif chip.data is not None and chip.data.tdp_w:
        per_accelerator_w = chip.data.tdp_w * overhead
    pue_used = check_number("pue", pue if pue is not None else economics_default("pue"))
    energy_price = electricity_usd_per_kwh
    if energy_price is None:
        energy_price = economics_default("electricity_usd_per_kwh")
    energy_price = check_number("electricity", energy_price, low=0, high=10)
    checked = checked_price(price, accelerator)
    carbon = carbon_g_per_kwh if carbon_g_per_kwh is not None else economics_default("carbon_g_per_kwh")
    if carbon is not None:
        carbon = check_number("carbon", carbon, low=0, high=2000)
    return RunCosts(per_accelerator_w, pue_used, energy_price, checked, carbon)


@dataclass(frozen=True)
class RunSync:
    """The gradient sync of one step (None: no network to time it on), its steps, the model's shards, the batch."""

    seconds: float | None
    steps: list[Step]
    shards: int
    batch: float


def _sync(
    chip: Accelerator | None,
    n: float,
    params: float,
    total_params: float | None,
    link_bytes_per_s: float | None,
    gradient_bytes_per_param: float,
    batch_tokens: float,
) -> RunSync:
    """The gradients every step syncs (of all parameters, a mixture's experts included) and their AllReduce."""
    synced_params = params
    if total_params is not None:
        active = check_number("params", params)
        synced_params = check_number("total_params", total_params, low=active, high=1e15)
    sync = gradient_sync(
        chip=chip,
        count=n,
        params=synced_params,
        link_bytes_per_s=link_bytes_per_s,
        gradient_bytes_per_param=gradient_bytes_per_param,
    )
    batch = check_number("batch_tokens", batch_tokens)
    shards = chip_shards(chip, params=synced_params, count=n)[0]
    if sync is None:
        return RunSync(None, [], shards, batch)
    return RunSync(sync[0], sync[1], shards, batch)


def _stretch(sync_seconds: float | None, step_compute: float) -> float:
    """A gradient sync longer than a step's compute cannot hide under it, even fully overlapped: every step lasts
    the sync instead, and the run as long (the scaling chart's dashed curve)."""
    return max(1.0, sync_seconds / step_compute) if sync_seconds is not None and step_compute > 0 else 1.0


def _bottleneck(sync_seconds: float | None, step_compute: float) -> dict[str, Any]:
    """What bounds a step, its compute and sync, and the share of the compute the sync must overlap."""
    overlap = None
    bottleneck = "compute"
    if sync_seconds is not None:
        overlap = overlap_needed(sync_seconds=sync_seconds, compute_seconds=step_compute)
        bottleneck = "gradient-sync" if sync_seconds > step_compute else "compute"
    return {
        "bottleneck": bottleneck,
        "step_compute_seconds": step_compute,
        "gradient_sync_seconds": sync_seconds,
        "overlap_needed": overlap,
    }


def _energy(costs: RunCosts, n: float, seconds: float) -> dict[str, float | None]:
    """With a power per accelerator: the cluster's power at the chips and at the meter, the run's energy, its
    price and (with a carbon intensity) its CO2."""
    it_w = facility_w = energy_j = electricity_cost = co2 = None
    if costs.per_accelerator_w is not None:
        it_w = n * costs.per_accelerator_w
        facility_w = facility_power_w(count=n, watts_per_accelerator=costs.per_accelerator_w, pue=costs.pue)
        energy_j = facility_w * seconds
        electricity_cost = energy_j / J_PER_KWH * costs.energy_price
        if costs.carbon is not None:
            co2 = energy_j / J_PER_KWH * costs.carbon / 1_000.0
    return {
        "it_power_w": it_w,
        "facility_power_w": facility_w,
        "energy_j": energy_j,
        "electricity_cost_usd": electricity_cost,
        "co2_kg": co2,
    }


def model_shards(*, params: float, capacity_bytes: float, count: float) -> int:
    """Ways a model must be split for its training state (mixed-precision Adam, 16 bytes per parameter) to fit one
    accelerator: the smallest power of two k with 16·N/k ≤ M, at most `count`.

    Tensor and pipeline degrees come in powers of two in practice; whatever the split, each accelerator then holds
    and syncs 1/k of the gradients, over the n/k replicas of its shard. Source: Rajbhandari et al. (2020), "ZeRO",
    §3.1 (16 bytes per parameter). Example: 70B on an H100 (85.6 GB usable): 1.12 TB / 85.6 GB = 13.1 → k = 16.
    """
    need = bytes_per_param() * params / capacity_bytes
    shards = 1 if need <= 1 else 2 ** math.ceil(math.log2(need))
    return int(min(shards, count))


def chip_shards(chip: Accelerator | None, *, params: float, count: float) -> tuple[int, Step | None]:
    """`model_shards` on the chip's usable memory (the driver's figure less the CUDA context), with the step that
    shows it when the model needs more than one; 1 and no step on a chip without a memory figure."""
    if chip is None or not chip.device_memory_bytes:
        return 1, None
    capacity, where = device_capacity(chip)
    usable = usable_capacity(capacity, where)[0]
    shards = model_shards(params=params, capacity_bytes=usable, count=count)
    if shards == 1:
        return 1, None
    formula = r"k = 2^{\lceil \log_2 (16\,N / M) \rceil}"
    label = text("training.step.model_shards")
    return shards, step(
        "model_shards", label, formula, "2^⌈log₂(16 × {N} / {M})⌉", float(shards), "", N=params, M=q(usable, "B")
    )


def gradient_sync(
    *,
    chip: Accelerator | None,
    count: float,
    params: float,
    link_bytes_per_s: float | None,
    gradient_bytes_per_param: float,
) -> tuple[float, list[Step]] | None:
    """Data-parallel gradient AllReduce per step, of the gradients each accelerator holds once the model is split
    just enough to fit (`model_shards`; on a custom chip without a memory figure, the whole model): among the
    replicas of one shard, inside the scale-up domain then across it where several share a node, else a ring
    over the NICs."""
    per_param = check_number("gradient_bytes_per_param", gradient_bytes_per_param)
    if link_bytes_per_s is None:
        bits = chip.scale_out_bits_per_s if chip is not None else None
        if not bits:
            return None
        link_bytes_per_s = bits / 8
    link = check_number("link_bytes_per_s", link_bytes_per_s)
    shards, split = chip_shards(chip, params=params, count=count)
    steps: list[Step] = [split] if split is not None else []
    size = per_param * params / shards
    replicas = max(1.0, math.floor(count / shards))
    domain = chip.scale_up_domain_size if chip is not None else None
    up = chip.scale_up_per_direction_bytes_per_s if chip is not None else None
    inside = domain // shards if domain and shards < domain else 1  # replicas of one shard in one domain
    if inside > 1 and up and replicas > 1:
        seconds, line = _hierarchical_sync(size, replicas, inside, up, link)
        return seconds, [*steps, line]
    seconds = ring_allreduce_seconds(bytes_total=size, count=replicas, link_bytes_per_s=link)
    label = text("training.step.sync_ring")
    formula = r"t_s = 2\,\frac{n-1}{n}\frac{S}{B}"
    steps.append(
        step(
            "gradient_sync_seconds",
            label,
            formula,
            "2 × ({n} − 1)/{n} × {S} / {B}",
            seconds,
            "s",
            n=replicas,
            S=q(size, "B"),
            B=q(link, "B/s"),
        )
    )
    return seconds, steps


def _hierarchical_sync(size: float, replicas: float, inside: int, up: float, link: float) -> tuple[float, Step]:
    """Replicas inside one scale-up domain reduce there first, then across domains over the NICs."""
    seconds = hierarchical_allreduce_seconds(
        bytes_total=size, count=replicas, domain_size=inside, scale_up_bytes_per_s=up, scale_out_bytes_per_s=link
    )
    g = min(inside, replicas)
    m = math.ceil(replicas / g)
    return seconds, step(
        "gradient_sync_seconds",
        text("training.step.sync_hierarchical"),
        r"t_s = 2\,\frac{g-1}{g}\frac{S}{B_\text{up}} + 2\,\frac{m-1}{m}\frac{S/g}{B_\text{out}}",
        "2 × ({g} − 1)/{g} × {S} / {Bu} + 2 × ({m} − 1)/{m} × {S} / {g} / {Bo}",
        seconds,
        "s",
        g=g,
        m=m,
        S=q(size, "B"),
        Bu=q(up, "B/s"),
        Bo=q(link, "B/s"),
    )
