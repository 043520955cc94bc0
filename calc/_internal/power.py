# Power from chips to racks and the facility: TDP, the system's overhead on it, racks, PUE, energy and its cost.
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .data import Accelerator, System, load_data
from .defaults import ELECTRICITY, PUE, economics_default
from .errors import CalcError, check_finite_result, check_number
from .fields import ACCELERATOR, AUTO, Calculator, Field
from .fmt import DISPLAY_FACTORS
from .messages import Text, Words, text
from .results import Result, Step, q, step
from .training import facility_power_w

J_PER_KWH = DISPLAY_FACTORS["kWh"]
SECONDS_PER_YEAR = 8_760 * 3_600.0
# The node whose power-to-TDP ratio a chip borrows when the data has no powered system for it: an 8-GPU,
# air-cooled server, the building block most clusters are made of (NVIDIA DGX H100 User Guide, 10.2 kW max).
REFERENCE_SYSTEM = "dgx-h100"
# The public JSON's keys in kW, MW and MWh beside the SI ones.
JSON_ALIASES = {
    "system_power_kw": ("system_power_w", "kW"),
    "rack_power_kw": ("rack_power_w", "kW"),
    "it_power_kw": ("it_power_w", "kW"),
    "facility_power_mw": ("facility_power_w", "MW"),
    "energy_mwh_per_year": ("energy_j_per_year", "MWh"),
}


def _floor(x: float) -> int:
    """⌊x⌋ for x ≥ 0, reading a value within a billionth of the next integer as that integer (1e9 / 2000.0000000000002
    is 500,000 accelerators, not 499,999). The derivation check rounds the same way."""
    return math.floor(x * (1 + 1e-9))


def _ceil(x: float) -> int:
    """⌈x⌉ for x ≥ 0, with the same tolerance as `_floor`."""
    return math.ceil(x * (1 - 1e-9))


def system_overhead(*, system_power_w: float, accelerators: float, tdp_w: float) -> float:
    """A system's power over its accelerators' TDP: O = P_sys / (g · TDP).

    The rest is CPUs, memory, NICs, switches, fans and power-supply losses. Source: NVIDIA DGX H100/H200
    User Guide (10.2 kW max for 8 H100 SXM at 700 W each). Example: 10,200 / (8 × 700) = 1.82.
    """
    power = check_number("system_power_w", system_power_w, low=0, low_open=True, high=1e9)
    g = check_number("accelerators", accelerators, low=1, high=1e6, integer=True)
    tdp = check_number("tdp_w", tdp_w)
    return power / (g * tdp)


def racks_needed(*, count: float, per_rack: float) -> int:
    """Racks for `count` accelerators at `per_rack` each: ⌈n / r⌉.

    Example: 1024 GPUs in GB200 NVL72 racks (72 GPUs each, NVIDIA DGX GB200 User Guide): ⌈1024 / 72⌉ = 15.
    """
    n = check_number("count", count)
    r = check_number("per_rack", per_rack)
    return _ceil(n / r)


def yearly_energy_j(*, facility_power_w: float, load: float = 1.0) -> float:
    """Energy in a year of round-the-clock running: E = P_fac · u · 8760 h, u = average power / maximum.

    Example: 1 MW at the meter, always at maximum: 8,760 MWh (3.15e13 J) a year.
    """
    power = check_number("facility_power_w", facility_power_w, low=0, high=1e12)
    u = check_number("load", load)
    return power * u * SECONDS_PER_YEAR


def densest_air_cooled_rack_w() -> float | None:
    """The most power per rack that an air-cooled system in the data reaches: max(systems per rack × system power).

    With the 2024–2026 edition that is four DGX H100 (NVIDIA's DGX SuperPOD H100 reference architecture
    racks one, two or four; "power consumption per rack exceeds 40 kW"): 4 × 10.2 kW = 40.8 kW. None when no
    air-cooled system states both figures.
    """
    racks = [
        system.per_rack * system.power_max_w
        for system in load_data().systems.values()
        if system.cooling == "air" and system.per_rack and system.power_max_w
    ]
    return max(racks) if racks else None


def _chip_tdp(chip: Accelerator | None, tdp_w: float | None) -> float:
    if chip is None:
        return check_number("tdp_w", tdp_w)
    if not chip.tdp_w:
        raise CalcError(field="accelerator", kind="no_figure", detail="tdp", subject=chip.name)
    return chip.tdp_w


def _system_for(chip: Accelerator | None, system: str) -> System:
    """The system a calculation packs the chips in: the one named, else the chip's own with a stated power,
    else the reference node."""
    data = load_data()
    if system != AUTO:
        return data.system(system)
    for candidate in data.systems.values():
        if (
            chip is not None
            and candidate.power_max_w
            and candidate.accelerators == ((chip.id, candidate.accelerator_count),)
        ):
            return candidate
    return data.system(REFERENCE_SYSTEM)


def power(
    *,
    count: float,
    accelerator: str | None = None,
    tdp_w: float | None = None,
    system: str = AUTO,
    overhead: float | None = None,
    per_rack: float | None = None,
    rack_limit_w: float | None = None,
    air_limit_w: float | None = None,
    pue: float | None = None,
    load: float = 1.0,
    electricity_usd_per_kwh: float | None = None,
    site_w: float | None = None,
) -> Result:
    """Power of a cluster from the chip's TDP to the system, the rack and the facility, and its yearly energy.

    Parameters:
        count: accelerators.
        accelerator: a data/ chip (its TDP), or None with `tdp_w` for a custom chip.
        system: the data/ system the chips are packed in ("auto": the chip's own system with a stated power,
            else the reference node, NVIDIA's DGX H100). It gives the accelerators per system, its ratio of
            power to TDP (system_overhead) and, where its source states one, how many systems fit in a rack.
        overhead: replaces that ratio (1 counts the accelerators alone).
        per_rack: accelerators per rack (default: the system's published rack density; without one, as many
            whole systems as fit under the rack limit, else under the air-cooled limit).
        rack_limit_w: the power a rack position can take; racks then hold only the whole systems that fit.
        air_limit_w: the rack power beyond which air cooling does not suffice (default: the densest
            air-cooled rack in the data, densest_air_cooled_rack_w).
        pue, electricity_usd_per_kwh: facility efficiency and energy price (default: the edition's typical
            figures in data/economics.yaml).
        load: average power over the maximum the power figures assume (0–1); scales the yearly energy only.
        site_w: a site's power budget at the meter, to count how many accelerators it can power.

    Returns:
        Result with SI quantities: tdp_w, overhead, watts_per_accelerator, accelerators_per_system, systems,
        system_power_w, accelerators_per_rack, rack_power_w, racks, it_power_w, facility_power_w,
        energy_j_per_year, electricity_cost_usd_per_year, air_cooled_limit_w, rack_over_air_limit (rack power
        over the air-cooled limit), cooling ("air" or "liquid"),
        site_accelerators and the figures used (system, pue, load, electricity_usd_per_kwh). Rack outputs are
        None, with a note, when no rack density is known and no whole system fits a limit. The CLI's JSON
        adds system_power_kw, rack_power_kw, it_power_kw, facility_power_mw and energy_mwh_per_year.

    Raises:
        CalcError: a value outside its range, an unknown chip or system, a chip without TDP, a system without
            a stated power.
    """
    data = load_data()
    chip = data.accelerator(accelerator) if accelerator is not None else None
    tdp = _chip_tdp(chip, tdp_w)
    n = check_number("count", count)
    used = _system_for(chip, system)
    if used.power_max_w is None:
        raise CalcError(field="system", kind="no_figure", detail="system_power", subject=used.name)
    pue_used = check_number("pue", pue if pue is not None else economics_default("pue"))
    u = check_number("load", load)
    price = electricity_usd_per_kwh
    if price is None:
        price = economics_default("electricity_usd_per_kwh")
    price = check_number("electricity", price, low=0, high=10)
    notes: list[Text] = []
    steps: list[Step] = []
    node = _node(chip, used, used.power_max_w, tdp, n, overhead, steps, notes)
    facility, facility_steps = _facility(n, node.watts, pue_used, u, price)  # checked before the racks, shown after
    racks = _racks(per_rack, rack_limit_w, air_limit_w, used, node, n, steps, notes)
    steps += facility_steps
    site_accelerators = _site(site_w, node.watts, pue_used, steps, notes)
    quantities = _quantities(node, racks, facility, site_accelerators)
    quantities.update(system=used.id, pue=pue_used, load=u, electricity_usd_per_kwh=price)
    return Result(calculator="power", quantities=quantities, steps=steps, notes=notes, json_aliases=JSON_ALIASES)


@dataclass(frozen=True)
class _Node:
    """Power per accelerator, its TDP times the system's overhead on it, and per system of g accelerators."""

    tdp: float
    ratio: float
    watts: float
    g: int
    systems: int
    node_w: float


def _quantities(node: _Node, racks: _Racks, facility: _Facility, site_accelerators: int | None) -> dict[str, Any]:
    return {
        "tdp_w": node.tdp,
        "overhead": node.ratio,
        "watts_per_accelerator": node.watts,
        "accelerators_per_system": node.g,
        "systems": node.systems,
        "system_power_w": node.node_w,
        "accelerators_per_rack": racks.rack,
        "rack_power_w": racks.rack_w,
        "racks": racks.racks,
        "it_power_w": facility.it_w,
        "facility_power_w": facility.facility_w,
        "energy_j_per_year": facility.energy,
        "electricity_cost_usd_per_year": facility.cost,
        "air_cooled_limit_w": racks.air,
        "rack_over_air_limit": racks.over_air,
        "cooling": racks.cooling,
        "site_accelerators": site_accelerators,
    }


def _node(
    chip: Accelerator | None,
    used: System,
    system_w: float,
    tdp: float,
    n: float,
    overhead: float | None,
    steps: list[Step],
    notes: list[Text],
) -> _Node:
    """The system's overhead on its chips' TDP (or the reader's), the power per accelerator, per system, and how
    many systems hold the n accelerators. A chip outside the system borrows its overhead, with a note."""
    chip_label: Words | Text = chip.words() if chip is not None else text("chip.custom")
    words = load_data().system_words(used)
    g = used.accelerator_count
    if overhead is None:
        used_tdp = sum(c * (load_data().accelerator(held).tdp_w or 0.0) for held, c in used.accelerators) / g
        if not used_tdp:
            raise CalcError(field="system", kind="no_figure", detail="tdp", subject=used.name)
        ratio = system_overhead(system_power_w=system_w, accelerators=g, tdp_w=used_tdp)
        formula = r"O = P_\text{sys} / (g \cdot \text{TDP})"
        label = text("power.step.overhead", system=words)
        steps.append(
            step(
                "overhead", label, formula, "{P} / ({g} × {T})", ratio, "", P=q(system_w, "W"), g=g, T=q(used_tdp, "W")
            )
        )
        if chip is None or (chip.id, g) not in used.accelerators:
            notes.append(text("power.note.borrowed", chip=chip_label, system=words))
    else:
        ratio = check_number("overhead", overhead)
    watts = check_finite_result("watts_per_accelerator", tdp * ratio)
    node = _Node(tdp, ratio, watts, g, _ceil(n / g), g * watts)
    label = text("power.step.watts_per_accelerator", chip=chip_label)
    steps += [
        step(
            "watts_per_accelerator", label, r"W = \text{TDP} \cdot O", "{T} × {O}", watts, "W", T=q(tdp, "W"), O=ratio
        ),
        step(
            "system_power_w",
            text("power.step.system_power", system=words),
            r"P_\text{sys} = g \cdot W",
            "{g} × {W}",
            node.node_w,
            "W",
            g=g,
            W=q(watts, "W"),
        ),
        step("systems", text("power.step.systems"), r"\lceil n / g \rceil", "⌈{n} / {g}⌉", node.systems, "", n=n, g=g),
    ]
    return node


@dataclass(frozen=True)
class _Facility:
    """The cluster's power at the chips and at the meter, its energy in a year and what that costs."""

    it_w: float
    facility_w: float
    energy: float
    cost: float


def _facility(n: float, watts: float, pue: float, u: float, price: float) -> tuple[_Facility, list[Step]]:
    it_w = n * watts
    facility_w = facility_power_w(count=n, watts_per_accelerator=watts, pue=pue)
    energy = yearly_energy_j(facility_power_w=facility_w, load=u)
    cost = energy / J_PER_KWH * price
    steps = [
        step(
            "it_power_w",
            text("power.step.it_power"),
            r"P_\text{IT} = n \cdot W",
            "{n} × {W}",
            it_w,
            "W",
            n=n,
            W=q(watts, "W"),
        ),
        step(
            "facility_power_w",
            text("power.step.facility_power"),
            r"P_\text{fac} = P_\text{IT} \cdot \text{PUE}",
            "{P} × {pue}",
            facility_w,
            "W",
            P=q(it_w, "W"),
            pue=pue,
        ),
        step(
            "energy_j_per_year",
            text("power.step.energy"),
            r"E = P_\text{fac} \cdot u \cdot 8760\,\text{h}",
            "{P} × {u} × {H}",
            energy,
            "Wh",
            P=q(facility_w, "W"),
            u=u,
            H=q(SECONDS_PER_YEAR, "h"),
        ),
        step(
            "electricity_cost_usd_per_year",
            text("power.step.electricity_cost"),
            r"E \cdot c",
            "{E} × {c}",
            cost,
            "USD",
            E=q(energy, "kWh"),
            c=q(price / J_PER_KWH, "USD/kWh"),
        ),
    ]
    return _Facility(it_w, facility_w, energy, cost), steps


@dataclass(frozen=True)
class _Racks:
    """Accelerators per rack (None: unknown), the rack's power, the racks needed, and the air-cooled limit with
    the rack's share of it and the cooling that takes."""

    rack: int | None
    rack_w: float | None = None
    racks: int | None = None
    air: float | None = None
    over_air: float | None = None
    cooling: str | None = None


def _racks(
    per_rack: float | None,
    rack_limit_w: float | None,
    air_limit_w: float | None,
    used: System,
    node: _Node,
    n: float,
    steps: list[Step],
    notes: list[Text],
) -> _Racks:
    air = air_limit_w if air_limit_w is not None else densest_air_cooled_rack_w()
    if air is not None:
        air = check_number("air_limit_w", air)
    limit = None if rack_limit_w is None else check_number("rack_limit_w", rack_limit_w)
    rack = _rack_density(
        per_rack=per_rack,
        system=used,
        g=node.g,
        node_w=node.node_w,
        rack_limit_w=limit,
        air_limit_w=air,
        steps=steps,
        notes=notes,
    )
    if rack is None:
        return _Racks(None, air=air)
    rack_w = rack * node.watts
    racks = racks_needed(count=n, per_rack=rack)
    steps += [
        step(
            "rack_power_w",
            text("power.step.rack_power"),
            r"P_\text{rack} = r \cdot W",
            "{r} × {W}",
            rack_w,
            "W",
            r=rack,
            W=q(node.watts, "W"),
        ),
        step("racks", text("power.step.racks"), r"\lceil n / r \rceil", "⌈{n} / {r}⌉", racks, "", n=n, r=rack),
    ]
    if air is None:
        return _Racks(rack, rack_w, racks)
    cooling = "liquid" if rack_w > air * (1 + 1e-9) else "air"  # equal up to rounding is within the limit
    over_air = rack_w / air
    label = text("power.step.rack_over_air_limit")
    steps.append(
        step(
            "rack_over_air_limit",
            label,
            r"P_\text{rack} / P_\text{air}",
            "{R} / {A}",
            over_air,
            "",
            R=q(rack_w, "W"),
            A=q(air, "W"),
        )
    )
    return _Racks(rack, rack_w, racks, air, over_air, cooling)


def _site(site_w: float | None, watts: float, pue: float, steps: list[Step], notes: list[Text]) -> int | None:
    """How many accelerators a site's power budget feeds, at their power and the facility's PUE."""
    if site_w is None:
        notes.append(text("power.note.no_site"))
        return None
    site = check_number("site_w", site_w)
    site_accelerators = _floor(site / (watts * pue))
    formula = r"\lfloor P_\text{site} / (W \cdot \text{PUE}) \rfloor"
    label = text("power.step.site_accelerators")
    steps.append(
        step(
            "site_accelerators",
            label,
            formula,
            "⌊{S} / ({W} × {pue})⌋",
            site_accelerators,
            "",
            S=q(site, "W"),
            W=q(watts, "W"),
            pue=pue,
        )
    )
    return site_accelerators


def _rack_density(
    *,
    per_rack: float | None,
    system: System,
    g: int,
    node_w: float,
    rack_limit_w: float | None,
    air_limit_w: float | None,
    steps: list[Step],
    notes: list[Text],
) -> int | None:
    """Accelerators per rack: the reader's, else the system's published density, else whole systems packed under
    the rack limit (or the air-cooled one); a rack limit then caps it at the whole systems that fit."""
    words = load_data().system_words(system)
    rack: int | None = None
    if per_rack is not None:
        rack = int(check_number("per_rack", per_rack))
    elif system.per_rack:
        rack = system.per_rack * g
        label = text("power.step.published_density", system=words)
        steps.append(
            step("accelerators_per_rack", label, r"r = s \cdot g", "{s} × {g}", rack, "", s=system.per_rack, g=g)
        )
    packing = rack_limit_w if rack_limit_w is not None else air_limit_w if rack is None else None
    if packing is None:
        if rack is None:
            notes.append(text("power.note.no_rack_density", system=words))
        return rack
    whole = _systems_under(packing, node_w, words, steps)
    if whole < 1:
        notes.append(text("power.note.over_limit", system=words))
        return None
    if rack is None and rack_limit_w is None:
        notes.append(text("power.note.packed", system=words))
    return _packed_density(rack, whole, g, steps)


def _systems_under(packing: float, node_w: float, words: Words, steps: list[Step]) -> int:
    """Whole systems under a rack's power limit."""
    fit = packing / node_w
    label = text("power.step.systems_under_limit", system=words)
    formula = r"P_\text{limit} / P_\text{sys}"
    steps.append(step("systems_under_limit", label, formula, "{L} / {P}", fit, "", L=q(packing, "W"), P=q(node_w, "W")))
    return _floor(fit)


def _packed_density(rack: int | None, whole: int, g: int, steps: list[Step]) -> int:
    """The whole systems under the limit, or the density already known capped at them."""
    if rack is None:
        formula, label = r"r = \lfloor P_\text{limit} / P_\text{sys} \rfloor \cdot g", text("power.step.packed_density")
        steps.append(step("accelerators_per_rack", label, formula, "{k} × {g}", whole * g, "", k=whole, g=g))
        return whole * g
    capped = min(rack, whole * g)
    formula = r"r = \min(r_0,\; \lfloor P_\text{limit} / P_\text{sys} \rfloor \cdot g)"
    label = text("power.step.capped_density")
    steps.append(step("accelerators_per_rack", label, formula, "min({r}, {k} × {g})", capped, "", r=rack, k=whole, g=g))
    return capped


POWER = Calculator(
    name="power",
    fields=(
        ACCELERATOR,
        Field(
            "tdp",
            unit="W",
            default="1000",
            param="tdp_w",
            custom_of="accelerator",
        ),
        Field(
            "count",
            default="1024",
        ),
        Field("system", kind="system", default=AUTO),
        Field("overhead", optional=True, advanced=True),
        Field(
            "per_rack",
            optional=True,
        ),
        Field(
            "rack_limit_kw",
            unit="kW",
            optional=True,
            param="rack_limit_w",
            scale=1e3,
        ),
        Field(
            "air_limit_kw",
            unit="kW",
            optional=True,
            param="air_limit_w",
            scale=1e3,
            advanced=True,
            default_from=lambda: (densest_air_cooled_rack_w() or 0.0) / 1e3 or None,
        ),
        PUE,
        Field("load", default="1", advanced=True),
        ELECTRICITY,
        Field(
            "site_mw",
            unit="MW",
            optional=True,
            param="site_w",
            scale=1e6,
        ),
    ),
    function=power,
    units={
        "tdp_w": "W",
        "overhead": "",
        "watts_per_accelerator": "W",
        "system_power_w": "W",
        "rack_power_w": "W",
        "it_power_w": "W",
        "facility_power_w": "W",
        "energy_j_per_year": "Wh",
        "electricity_cost_usd_per_year": "USD",
        "air_cooled_limit_w": "W",
        "rack_over_air_limit": "",
        "pue": "",
        "load": "",
        "electricity_usd_per_kwh": "",
    },
    headline=(
        "facility_power_w",
        "it_power_w",
        "racks",
        "rack_power_w",
        "cooling",
        "energy_j_per_year",
        "electricity_cost_usd_per_year",
        "site_accelerators",
    ),
    # NVIDIA's DGX H100 (user guide: 10.2 kW for 8 H100) and GB200 NVL72 (72 GPUs per rack) at 1024
    # accelerators, and Llama 3 405B's 16,384 H100 (Llama Team 2024).
    presets={
        "dgx-h100-1024": {"accelerator": "h100-sxm", "count": "1024", "system": AUTO},
        "nvl72-1024": {"accelerator": "gb200", "count": "1024", "system": AUTO},
        "h100-16k": {"accelerator": "h100-sxm", "count": "16384", "system": AUTO},
    },
)
