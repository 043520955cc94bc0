# Training run: FLOPs, wall-clock time, accelerator-hours, cloud cost, power, energy, CO2 and the bottleneck.
from __future__ import annotations

from .collectives import hierarchical_allreduce_seconds, overlap_needed, ring_allreduce_seconds
from .data import load_data
from .defaults import economics_default, price_usd_per_hour
from .errors import CalcError, check_finite_result, check_number
from .results import Result, Step
from .roofline import DEFAULT_DTYPE

SECONDS_PER_DAY = 86_400.0
SECONDS_PER_HOUR = 3_600.0


def training_flops(*, params: float, tokens: float, flops_per_token_per_param: float = 6.0) -> float:
    """Total training FLOPs: C = k · N · D, k = 6 (forward 2 + backward 4), 8 with full activation recomputation.

    Source: Kaplan et al. (2020), "Scaling Laws for Neural Language Models", §2.1; Hoffmann et al. (2022).
    For a mixture of experts, N is the active parameters per token. Example: GPT-3 175B on 300B tokens:
    6 × 175e9 × 300e9 = 3.15e23 FLOPs (Brown et al. 2020 report 3.14e23).
    """
    n = check_number("params", params, low=0, low_open=True, high=1e15)
    d = check_number("tokens", tokens, low=0, low_open=True, high=1e16)
    k = check_number("flops_per_token_per_param", flops_per_token_per_param, low=1, high=100)
    return check_finite_result("total_flops", k * n * d)


def cluster_flop_per_s(*, peak_flop_per_s: float, count: float, mfu: float) -> float:
    """Effective cluster throughput: R = count × peak × MFU (model FLOPs utilization, 0–1).

    Source: Chowdhery et al. (2022), "PaLM", App. B (definition of MFU). Example: 1024 H100 SXM at
    989.4e12 FLOP/s dense BF16 and 50 % MFU: 5.07e17 FLOP/s.
    """
    peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    n = check_number("count", count, low=1, high=1e7, integer=True)
    u = check_number("mfu", mfu, low=0, low_open=True, high=1)
    return n * peak * u


def training_seconds(*, total_flops: float, cluster_flop_per_s: float) -> float:
    """Wall-clock time of a run: T = C / R. Example: 4.2e23 FLOPs at 5.07e17 FLOP/s ≈ 8.29e5 s ≈ 9.6 days."""
    flops = check_number("total_flops", total_flops, low=0, high=1e35)
    rate = check_number("cluster_flop_per_s", cluster_flop_per_s, low=0, low_open=True)
    return check_finite_result("seconds", flops / rate)


def facility_power_w(*, count: float, watts_per_accelerator: float, pue: float) -> float:
    """Facility power: P = count × W × PUE, W the all-in power per accelerator (TDP × node overhead).

    Source: The Green Grid, "PUE: a comprehensive examination of the metric" (2012). Example: 1024 × 700 W
    × 1.2 = 860 kW.
    """
    n = check_number("count", count, low=1, high=1e7, integer=True)
    w = check_number("watts", watts_per_accelerator, low=0, low_open=True, high=1e5)
    p = check_number("pue", pue, low=1, high=5)
    return n * w * p


def training(
    *,
    params: float,
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
) -> Result:
    """Time, cost, power, energy and CO₂ of a training run, and what bounds it.

    Parameters:
        params: parameters N (active parameters per token for a mixture of experts).
        tokens: training tokens D.
        count: accelerators.
        mfu: model FLOPs utilization, 0–1.
        accelerator, dtype: a data/ chip and the format of its dense peak; or `peak_flop_per_s` for a custom chip.
        flops_per_token_per_param: 6 (default), 8 with full activation recomputation.
        price_usd_per_hour_per_accelerator: rental price (default: data/'s economics for the chip, if any).
        watts: all-in power per accelerator; replaces TDP × node_overhead.
        node_overhead: factor on TDP for CPUs, NICs, fans (default 1.0, the seed quiz's reading).
        pue, electricity_usd_per_kwh, carbon_g_per_kwh: facility efficiency, energy price and grid
            carbon intensity (defaults: data/'s economics; 1.2 and 0.10 USD/kWh without it).
        link_bytes_per_s: scale-out bandwidth per accelerator per direction for the gradient AllReduce
            (default: the chip's NIC from data/, if any). Without a network the bottleneck is "compute".
        batch_tokens: global batch in tokens per optimizer step (default 4 Mi tokens).
        gradient_bytes_per_param: bytes per gradient element in the AllReduce (2 for BF16).
        total_params: all parameters of a mixture of experts (≥ params); the gradient AllReduce carries
            every parameter's gradient while the FLOPs use the active ones. Default: params (dense). This
            assumes pure data parallelism; with expert parallelism each expert's gradients are reduced only
            inside its group, so the sync time is an upper bound.

    Returns:
        Result with total_flops, cluster_flop_per_s, seconds, days, accelerator_hours, cloud_cost_usd,
        it_power_kw, facility_power_kw, energy_mwh, electricity_cost_usd, co2_tonnes, bottleneck
        ("compute" or "gradient-sync"), step_compute_seconds, gradient_sync_seconds, overlap_needed and
        the inputs used (watts_per_accelerator, pue, ...). A quantity with no input to compute it is None.

    Raises:
        CalcError: a value outside its range; no power figure for a custom chip.
    """
    chip = load_data().accelerator(accelerator) if accelerator is not None else None
    if chip is not None:
        peak = chip.peak_flop_per_s(dtype)
        name = {"en": f"{chip.name}, dense {dtype}", "es": f"{chip.name}, {dtype} denso"}
    else:
        peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
        name = {"en": "custom chip", "es": "chip personalizado"}
    n = check_number("count", count, low=1, high=1e7, integer=True)
    overhead = check_number("node_overhead", node_overhead, low=1, high=5)
    if watts is not None:
        per_accelerator_w = check_number("watts", watts, low=0, low_open=True, high=1e5)
    elif chip is not None and chip.tdp_w:
        per_accelerator_w = chip.tdp_w * overhead
    else:
        raise CalcError(
            field="watts",
            accepted="a number > 0 and ≤ 100000",
            accepted_es="un número > 0 y ≤ 100000",
            en="watts: give the power per accelerator; this chip has no TDP in the data.",
            es="watts: indique la potencia por acelerador; este chip no tiene TDP en los datos.",
        )
    pue = check_number("pue", pue if pue is not None else economics_default("pue"), low=1, high=5)
    energy_price = (
        electricity_usd_per_kwh if electricity_usd_per_kwh is not None else economics_default("electricity_usd_per_kwh")
    )
    energy_price = check_number("electricity", energy_price, low=0, high=10)
    price = price_usd_per_hour_per_accelerator
    if price is None:
        price = price_usd_per_hour(accelerator)
    if price is not None:
        price = check_number("price", price, low=0, high=1e4)
    carbon = carbon_g_per_kwh if carbon_g_per_kwh is not None else economics_default("carbon_g_per_kwh")
    if carbon is not None:
        carbon = check_number("carbon", carbon, low=0, high=2000)

    total = training_flops(params=params, tokens=tokens, flops_per_token_per_param=flops_per_token_per_param)
    rate = cluster_flop_per_s(peak_flop_per_s=peak, count=n, mfu=mfu)
    seconds = training_seconds(total_flops=total, cluster_flop_per_s=rate)
    hours = seconds / SECONDS_PER_HOUR
    accelerator_hours = n * hours
    it_w = n * per_accelerator_w
    facility_w = facility_power_w(count=n, watts_per_accelerator=per_accelerator_w, pue=pue)
    energy_kwh = facility_w / 1e3 * hours
    steps = [
        Step(
            "total_flops",
            {"en": "Training FLOPs", "es": "FLOPs de entrenamiento"},
            r"C = k\,N\,D",
            "{k} × {N} × {D}",
            {"k": (flops_per_token_per_param, ""), "N": (params, ""), "D": (tokens, "")},
            total,
            "FLOP",
        ),
        Step(
            "cluster_flop_per_s",
            {
                "en": f"Effective cluster throughput ({name['en']})",
                "es": f"Rendimiento efectivo del clúster ({name['es']})",
            },
            r"R = n\,P\,\text{MFU}",
            "{n} × {P} × {U}",
            {"n": (n, ""), "P": (peak, "FLOP/s"), "U": (mfu, "")},
            rate,
            "FLOP/s",
        ),
        Step(
            "seconds",
            {"en": "Wall-clock time", "es": "Tiempo de reloj"},
            r"T = C / R",
            "{C} / {R}",
            {"C": (total, "FLOP"), "R": (rate, "FLOP/s")},
            seconds,
            "s",
        ),
        Step(
            "days",
            {"en": "In days", "es": "En días"},
            r"T / 86\,400",
            "{T} / 86400",
            {"T": (seconds, "s")},
            seconds / SECONDS_PER_DAY,
            "days",
        ),
        Step(
            "accelerator_hours",
            {"en": "Accelerator-hours", "es": "Horas-acelerador"},
            r"n \cdot T_h",
            "{n} × {h}",
            {"n": (n, ""), "h": (hours, "h")},
            accelerator_hours,
            "h",
        ),
    ]
    cloud_cost = None
    if price is not None:
        cloud_cost = accelerator_hours * price
        steps.append(
            Step(
                "cloud_cost_usd",
                {"en": "Cloud cost", "es": "Coste en la nube"},
                r"n \cdot T_h \cdot p",
                "{A} × {p}",
                {"A": (accelerator_hours, "h"), "p": (price, "USD/h")},
                cloud_cost,
                "USD",
            )
        )
    steps += [
        Step(
            "it_power_kw",
            {"en": "IT power", "es": "Potencia IT"},
            r"P_\text{IT} = n \cdot W",
            "{n} × {W}",
            {"n": (n, ""), "W": (per_accelerator_w, "W")},
            it_w,
            "W",
        ),
        Step(
            "facility_power_kw",
            {"en": "Facility power", "es": "Potencia de la instalación"},
            r"P_\text{fac} = P_\text{IT} \cdot \text{PUE}",
            "{P} × {pue}",
            {"P": (it_w, "W"), "pue": (pue, "")},
            facility_w,
            "W",
        ),
        Step(
            "energy_mwh",
            {"en": "Energy", "es": "Energía"},
            r"E = P_\text{fac} \cdot T_h",
            "{P} × {h}",
            {"P": (facility_w, "W"), "h": (hours, "h")},
            energy_kwh / 1e3,
            "MWh",
        ),
        Step(
            "electricity_cost_usd",
            {"en": "Electricity cost", "es": "Coste de electricidad"},
            r"E \cdot c",
            "{E} × {c}",
            {"E": (energy_kwh, "kWh"), "c": (energy_price, "USD/kWh")},
            energy_kwh * energy_price,
            "USD",
        ),
    ]
    co2 = None
    if carbon is not None:
        co2 = energy_kwh * carbon / 1e6
        steps.append(
            Step(
                "co2_tonnes",
                {"en": "CO₂", "es": "CO₂"},
                r"E \cdot g",
                "{E} × {g}",
                {"E": (energy_kwh, "kWh"), "g": (carbon, "g/kWh")},
                co2,
                "t",
            )
        )

    synced_params = params
    if total_params is not None:
        active = check_number("params", params, low=0, low_open=True, high=1e15)
        synced_params = check_number("total_params", total_params, low=active, high=1e15)
    sync = _gradient_sync(
        chip=chip,
        count=n,
        params=synced_params,
        link_bytes_per_s=link_bytes_per_s,
        gradient_bytes_per_param=gradient_bytes_per_param,
    )
    batch = check_number("batch_tokens", batch_tokens, low=1, high=1e12)
    step_compute = flops_per_token_per_param * params * batch / rate
    steps.append(
        Step(
            "step_compute_seconds",
            {"en": "Compute time per step", "es": "Tiempo de cómputo por paso"},
            r"t_c = k\,N\,B / R",
            "{k} × {N} × {B} / {R}",
            {"k": (flops_per_token_per_param, ""), "N": (params, ""), "B": (batch, ""), "R": (rate, "FLOP/s")},
            step_compute,
            "s",
        )
    )
    bottleneck = "compute"
    overlap = None
    sync_seconds = None
    if sync is not None:
        sync_seconds, sync_step = sync
        steps.append(sync_step)
        overlap = overlap_needed(sync_seconds=sync_seconds, compute_seconds=step_compute)
        bottleneck = "gradient-sync" if sync_seconds > step_compute else "compute"
        steps.append(
            Step(
                "overlap_needed",
                {
                    "en": "Share of compute the AllReduce must overlap",
                    "es": "Fracción del cómputo que el AllReduce debe solapar",
                },
                r"\min(1,\; t_s / t_c)",
                "{ts} / {tc}",
                {"ts": (sync_seconds, "s"), "tc": (step_compute, "s")},
                overlap,
                "",
            )
        )

    quantities = {
        "total_flops": total,
        "cluster_flop_per_s": rate,
        "seconds": seconds,
        "days": seconds / SECONDS_PER_DAY,
        "accelerator_hours": accelerator_hours,
        "cloud_cost_usd": cloud_cost,
        "it_power_kw": it_w / 1e3,
        "facility_power_kw": facility_w / 1e3,
        "energy_mwh": energy_kwh / 1e3,
        "electricity_cost_usd": energy_kwh * energy_price,
        "co2_tonnes": co2,
        "bottleneck": bottleneck,
        "step_compute_seconds": step_compute,
        "gradient_sync_seconds": sync_seconds,
        "overlap_needed": overlap,
        "peak_flop_per_s": peak,
        "watts_per_accelerator": per_accelerator_w,
        "pue": pue,
        "price_usd_per_hour": price,
        "electricity_usd_per_kwh": energy_price,
        "carbon_g_per_kwh": carbon,
    }
    for key, value in quantities.items():
        if isinstance(value, float):
            check_finite_result(key, value)
    return Result(calculator="training", quantities=quantities, steps=steps)


def _gradient_sync(
    *, chip: object, count: float, params: float, link_bytes_per_s: float | None, gradient_bytes_per_param: float
) -> tuple[float, Step] | None:
    """Data-parallel gradient AllReduce per step: hierarchical when the chip has a scale-up domain, else a flat ring."""
    size = check_number("gradient_bytes_per_param", gradient_bytes_per_param, low=0, low_open=True, high=8) * params
    if link_bytes_per_s is None:
        bits = getattr(chip, "scale_out_bits_per_s", None)
        if not bits:
            return None
        link_bytes_per_s = bits / 8
    link = check_number("link_bytes_per_s", link_bytes_per_s, low=0, low_open=True, high=1e15)
    domain = getattr(chip, "scale_up_domain_size", None)
    up = getattr(chip, "scale_up_per_direction_bytes_per_s", None)
    if domain and up and domain > 1 and count > 1:
        seconds = hierarchical_allreduce_seconds(
            bytes_total=size, count=count, domain_size=domain, scale_up_bytes_per_s=up, scale_out_bytes_per_s=link
        )
        g = min(domain, count)
        step = Step(
            "gradient_sync_seconds",
            {
                "en": "Gradient AllReduce per step (inside the node, then across nodes)",
                "es": "AllReduce de gradientes por paso (dentro del nodo y luego entre nodos)",
            },
            r"t_s = 2\,\frac{g-1}{g}\frac{S}{B_\text{up}} + 2\,\frac{m-1}{m}\frac{S/g}{B_\text{out}}",
            "2 × ({g} − 1)/{g} × {S} / {Bu} + 2 × ({m} − 1)/{m} × {S} / {g} / {Bo}",
            {"g": (g, ""), "m": (-(-count // g), ""), "S": (size, "B"), "Bu": (up, "B/s"), "Bo": (link, "B/s")},
            seconds,
            "s",
        )
        return seconds, step
    seconds = ring_allreduce_seconds(bytes_total=size, count=count, link_bytes_per_s=link)
    step = Step(
        "gradient_sync_seconds",
        {"en": "Gradient ring AllReduce per step", "es": "AllReduce en anillo de gradientes por paso"},
        r"t_s = 2\,\frac{n-1}{n}\frac{S}{B}",
        "2 × ({n} − 1)/{n} × {S} / {B}",
        {"n": (count, ""), "S": (size, "B"), "B": (link, "B/s")},
        seconds,
        "s",
    )
    return seconds, step


def _register() -> None:
    from .data import DTYPES
    from .plot import _training_result_svg
    from .registry import Calculator, Field, register

    # The page-facing defaults are the seed's 60-second quiz: 70B parameters, 1T tokens, 1024 H100 SXM in BF16
    # at 50 % MFU, $3 per accelerator-hour, PUE 1.2, $0.10/kWh. The CLI uses the same defaults. Grid carbon has
    # no field default: the function takes data/'s typical value lazily (loading data at import would tie
    # importing calc to the data bundle).
    register(
        Calculator(
            name="training",
            title={"en": "Training run: time, cost, energy", "es": "Corrida de entrenamiento: tiempo, coste, energía"},
            fields=(
                Field(
                    "params",
                    {"en": "Parameters (active, for MoE)", "es": "Parámetros (activos, en MoE)"},
                    default="70B",
                    low=0,
                    low_open=True,
                    high=1e15,
                ),
                Field(
                    "tokens",
                    {"en": "Training tokens", "es": "Tokens de entrenamiento"},
                    default="1T",
                    low=0,
                    low_open=True,
                    high=1e16,
                ),
                Field("accelerator", {"en": "Accelerator", "es": "Acelerador"}, kind="accelerator", default="h100-sxm"),
                Field(
                    "dtype",
                    {"en": "Number format", "es": "Formato numérico"},
                    kind="choice",
                    default=DEFAULT_DTYPE,
                    choices=DTYPES,
                ),
                Field(
                    "peak_tflops",
                    {"en": "Peak per accelerator (custom chip)", "es": "Pico por acelerador (chip personalizado)"},
                    unit="TFLOP/s",
                    default="1000",
                    param="peak_flop_per_s",
                    scale=1e12,
                    only_when_custom=True,
                    low=0,
                    low_open=True,
                    high=1e9,
                ),
                Field(
                    "count", {"en": "Accelerators", "es": "Aceleradores"}, default="1024", low=1, high=1e7, integer=True
                ),
                Field("mfu", {"en": "MFU (0–1)", "es": "MFU (0–1)"}, default="0.5", low=0, low_open=True, high=1),
                Field(
                    "flops_per_token_per_param",
                    {"en": "FLOPs per token per parameter", "es": "FLOPs por token por parámetro"},
                    default="6",
                    low=1,
                    high=100,
                ),
                Field(
                    "price",
                    {"en": "Price per accelerator-hour", "es": "Precio por hora-acelerador"},
                    unit="USD/h",
                    default="3",
                    param="price_usd_per_hour_per_accelerator",
                    low=0,
                    high=1e4,
                ),
                Field(
                    "watts",
                    {"en": "All-in power per accelerator", "es": "Potencia total por acelerador"},
                    unit="W",
                    optional=True,
                    low=0,
                    low_open=True,
                    high=1e5,
                ),
                Field(
                    "node_overhead",
                    {"en": "Node overhead on TDP", "es": "Sobrecarga del nodo sobre el TDP"},
                    default="1.0",
                    low=1,
                    high=5,
                ),
                Field("pue", {"en": "PUE", "es": "PUE"}, default="1.2", low=1, high=5),
                Field(
                    "electricity",
                    {"en": "Electricity price", "es": "Precio de la electricidad"},
                    unit="USD/kWh",
                    default="0.10",
                    param="electricity_usd_per_kwh",
                    low=0,
                    high=10,
                ),
                Field(
                    "carbon",
                    {"en": "Grid carbon intensity", "es": "Intensidad de carbono de la red"},
                    unit="g/kWh",
                    optional=True,
                    param="carbon_g_per_kwh",
                    low=0,
                    high=2000,
                ),
                Field(
                    "link_gbytes_s",
                    {
                        "en": "Scale-out bandwidth per accelerator, per direction",
                        "es": "Ancho de banda de scale-out por acelerador y sentido",
                    },
                    unit="GB/s",
                    optional=True,
                    param="link_bytes_per_s",
                    scale=1e9,
                    low=0,
                    low_open=True,
                    high=1e6,
                ),
                Field(
                    "batch_tokens",
                    {"en": "Global batch (tokens per step)", "es": "Batch global (tokens por paso)"},
                    default="4194304",
                    low=1,
                    high=1e12,
                ),
                Field(
                    "gradient_bytes",
                    {"en": "Bytes per gradient element", "es": "Bytes por elemento de gradiente"},
                    unit="B",
                    default="2",
                    param="gradient_bytes_per_param",
                    low=0,
                    low_open=True,
                    high=8,
                ),
                Field(
                    "total_params",
                    {
                        "en": "Total parameters (MoE: all experts, for the gradient AllReduce)",
                        "es": "Parámetros totales (MoE: todos los expertos, para el AllReduce de gradientes)",
                    },
                    optional=True,
                    low=0,
                    low_open=True,
                    high=1e15,
                ),
            ),
            function=training,
            units={
                "total_flops": "FLOP",
                "cluster_flop_per_s": "FLOP/s",
                "seconds": "s",
                "days": "days",
                "accelerator_hours": "h",
                "cloud_cost_usd": "USD",
                "it_power_kw": "kW",
                "facility_power_kw": "kW",
                "energy_mwh": "MWh",
                "electricity_cost_usd": "USD",
                "co2_tonnes": "t",
                "step_compute_seconds": "s",
                "gradient_sync_seconds": "s",
                "peak_flop_per_s": "FLOP/s",
                "watts_per_accelerator": "W",
                "price_usd_per_hour": "USD/h",
                "electricity_usd_per_kwh": "USD/kWh",
                "carbon_g_per_kwh": "g/kWh",
            },
            headline=("days", "cloud_cost_usd", "facility_power_kw", "electricity_cost_usd", "bottleneck"),
            # Inputs as their sources state them: seed 000's quiz; Llama 3 405B (Llama Team 2024: 15.6T
            # tokens, 16,384 H100, 38-43 % MFU); Chinchilla's 70B on 1.4T tokens (Hoffmann et al. 2022).
            presets={
                "quiz": {
                    "label_en": "The 60-second quiz: 70B on 1T tokens, 1024 H100",
                    "label_es": "El quiz de 60 segundos: 70B con 1T tokens, 1024 H100",
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
                    "label_en": "Llama 3 405B: 15.6T tokens, 16,384 H100 at 40 % MFU",
                    "label_es": "Llama 3 405B: 15,6T tokens, 16 384 H100 al 40 % de MFU",
                    "params": "405B",
                    "tokens": "15.6T",
                    "accelerator": "h100-sxm",
                    "dtype": "bf16",
                    "count": "16384",
                    "mfu": "0.4",
                },
                "chinchilla": {
                    "label_en": "Chinchilla-optimal 70B: 1.4T tokens, 1024 H100",
                    "label_es": "70B óptimo según Chinchilla: 1,4T tokens, 1024 H100",
                    "params": "70B",
                    "tokens": "1.4T",
                    "accelerator": "h100-sxm",
                    "dtype": "bf16",
                    "count": "1024",
                    "mfu": "0.5",
                },
            },
            output_labels={
                "days": {"en": "Wall-clock time", "es": "Tiempo de reloj"},
                "cloud_cost_usd": {"en": "Cloud cost", "es": "Coste en la nube"},
                "facility_power_kw": {"en": "Facility power", "es": "Potencia de la instalación"},
                "electricity_cost_usd": {"en": "Electricity cost", "es": "Coste de electricidad"},
                "bottleneck": {"en": "Dominant bottleneck", "es": "Cuello de botella dominante"},
            },
            plot=_training_result_svg,
        )
    )


_register()
