# Total cost of ownership: cost per million tokens, and renting against owning an accelerator.
from __future__ import annotations

from dataclasses import dataclass

from .defaults import ELECTRICITY, PUE, economics_default
from .errors import check_finite_result, check_number
from .fields import Calculator, Field
from .fmt import DISPLAY_FACTORS
from .messages import text
from .results import Figure, Result, Step, q, step

J_PER_KWH = DISPLAY_FACTORS["kWh"]

HOURS_PER_YEAR = 8_760.0


def cost_per_million_tokens(*, usd_per_hour: float, tokens_per_second: float) -> float:
    """Cost of a million tokens: c = price per hour / (tokens/s × 3600) × 10⁶.

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B (cost per token from throughput per chip).
    Example: an 8×H100 node at 8 × $3/h serving 10,000 tokens/s: 24 / 3.6e7 × 1e6 ≈ $0.67 per million.
    """
    price = check_number("usd_per_hour", usd_per_hour, low=0, high=1e6)
    rate = check_number("tokens_per_second", tokens_per_second)
    return check_finite_result("usd_per_million_tokens", price / (rate * 3600.0) * 1e6)


def owning_usd_per_hour(
    *,
    capex_usd: float,
    years: float,
    watts: float,
    pue: float,
    electricity_usd_per_kwh: float,
    utilization: float = 1.0,
    opex_fraction_per_year: float = 0.0,
) -> float:
    """Cost of one useful owned accelerator-hour: (capex/(years·8760) + capex·opex/8760) / utilization + W·PUE·price/1000.

    Straight-line amortization; power is paid only while busy. Source: Barroso, Hölzle & Ranganathan (2018),
    "The Datacenter as a Computer", ch. 6 (TCO). Example: $30,000 over 4 years, 700 W, PUE 1.2, $0.10/kWh,
    full use: 0.856 + 0.084 ≈ $0.94 per hour.
    """
    capex = check_number("capex", capex_usd, low=0, high=1e9)
    span = check_number("years", years)
    power = check_number("watts", watts)
    factor = check_number("pue", pue)
    price = check_number("electricity", electricity_usd_per_kwh, low=0, high=10)
    use = check_number("utilization", utilization)
    opex = check_number("opex_fraction", opex_fraction_per_year, low=0, high=1)
    fixed = capex / (span * HOURS_PER_YEAR) + capex * opex / HOURS_PER_YEAR
    return fixed / use + power * factor / 1000.0 * price


def tco(
    *,
    rent_usd_per_hour: float,
    capex_usd: float,
    years: float = 4.0,
    watts: float = 700.0,
    pue: float | None = None,
    electricity_usd_per_kwh: float | None = None,
    utilization: float = 0.7,
    opex_fraction_per_year: float = 0.1,
    tokens_per_second: float | None = None,
) -> Result:
    """Renting against owning one accelerator, and the cost per million tokens of each.

    Parameters:
        rent_usd_per_hour: cloud price of an accelerator-hour.
        capex_usd: purchase price per accelerator, including its share of server and network.
        years: amortization period.
        watts: all-in power per accelerator; pue and electricity_usd_per_kwh default to the edition's
            typical figures (data/economics.yaml).
        utilization: fraction of hours doing useful work (0–1).
        opex_fraction_per_year: yearly operations (space, staff, support) as a fraction of capex.
        tokens_per_second: throughput of one accelerator, for the cost per million tokens.

    Returns:
        Result with owning_usd_per_hour, renting_usd_per_hour, cheaper ("own" or "rent"),
        breakeven_utilization (None when owning never matches renting), and with a throughput
        rent_usd_per_million_tokens and own_usd_per_million_tokens.

    Raises:
        CalcError: a value outside its range.
    """
    rent = check_number("rent", rent_usd_per_hour, low=0, low_open=True, high=1e6)
    owned = _owned(capex_usd, years, watts, pue, electricity_usd_per_kwh, utilization, opex_fraction_per_year)
    breakeven = owned.fixed / (rent - owned.power_hour) if rent > owned.power_hour else None
    if breakeven is not None and breakeven > 1:
        breakeven = None
    steps = _owning_steps(owned)
    if breakeven is not None:
        steps.append(_breakeven_step(owned, rent, breakeven))
    quantities: dict[str, float | str | None] = {
        "owning_usd_per_hour": owned.own,
        "renting_usd_per_hour": rent,
        "fixed_usd_per_hour": owned.fixed,
        "cheaper": "own" if owned.own < rent else "rent",
        "breakeven_utilization": breakeven,
        "rent_usd_per_million_tokens": None,
        "own_usd_per_million_tokens": None,
        "pue": owned.factor,
        "electricity_usd_per_kwh": owned.price,
    }
    if tokens_per_second is None:
        return Result(calculator="tco", quantities=quantities, steps=steps, notes=[text("tco.note.no_throughput")])
    steps += _per_million_steps(tokens_per_second, rent, owned.own, quantities)
    return Result(calculator="tco", quantities=quantities, steps=steps)


_PER_HOUR = 1 / 3_600.0  # USD/h in SI (USD/s), the unit every step value is given in


@dataclass(frozen=True)
class _Owned:
    """One owned accelerator, its inputs checked, and what an hour of it costs in USD: `fixed` every hour, busy
    or not; `power_hour` each busy hour; `own` each useful hour (owning_usd_per_hour)."""

    capex: float
    span: float
    power: float
    factor: float
    price: float
    use: float
    opex: float
    fixed: float
    power_hour: float
    own: float


def _owned(
    capex_usd: float,
    years: float,
    watts: float,
    pue: float | None,
    electricity_usd_per_kwh: float | None,
    utilization: float,
    opex_fraction_per_year: float,
) -> _Owned:
    capex = check_number("capex", capex_usd, low=0, high=1e9)
    span = check_number("years", years)
    power = check_number("watts", watts)
    factor = check_number("pue", pue if pue is not None else economics_default("pue"))
    price = electricity_usd_per_kwh
    if price is None:
        price = economics_default("electricity_usd_per_kwh")
    price = check_number("electricity", price, low=0, high=10)
    use = check_number("utilization", utilization)
    opex = check_number("opex_fraction", opex_fraction_per_year, low=0, high=1)
    fixed = capex * (1 / span + opex) / HOURS_PER_YEAR
    power_hour = power * factor / 1000.0 * price
    own = owning_usd_per_hour(
        capex_usd=capex,
        years=span,
        watts=power,
        pue=factor,
        electricity_usd_per_kwh=price,
        utilization=use,
        opex_fraction_per_year=opex,
    )
    return _Owned(capex, span, power, factor, price, use, opex, fixed, power_hour, own)


def _owning_steps(owned: _Owned) -> list[Step]:
    """The fixed cost of an hour of ownership, then of a useful hour: fixed over utilization, plus power."""
    fixed = owned.fixed * _PER_HOUR
    return [
        step(
            "fixed_usd_per_hour",
            text("tco.step.fixed"),
            r"F = K\,(1/y + o) / 8760\,\text{h}",
            "{K} × (1/{y} + {o}) / {H}",
            fixed,
            "USD/h",
            K=q(owned.capex, "USD"),
            y=owned.span,
            o=owned.opex,
            H=q(HOURS_PER_YEAR * 3_600.0, "h"),
        ),
        step(
            "owning_usd_per_hour",
            text("tco.step.owning"),
            r"F / u + W \cdot \text{PUE} \cdot c",
            "{F} / {u} + {W} × {p} × {c}",
            owned.own * _PER_HOUR,
            "USD/h",
            F=q(fixed, "USD/h"),
            u=owned.use,
            W=q(owned.power, "kW"),
            p=owned.factor,
            c=q(owned.price / J_PER_KWH, "USD/kWh"),
        ),
    ]


def _breakeven_step(owned: _Owned, rent: float, breakeven: float) -> Step:
    return step(
        "breakeven_utilization",
        text("tco.step.breakeven"),
        r"u^* = \frac{F}{\text{rent} - W\,\text{PUE}\,c}",
        "{F} / ({R} − {P})",
        breakeven,
        "",
        F=q(owned.fixed * _PER_HOUR, "USD/h"),
        R=q(rent * _PER_HOUR, "USD/h"),
        P=q(owned.power_hour * _PER_HOUR, "USD/h"),
    )


def _per_million_steps(
    tokens_per_second: float, rent: float, own: float, quantities: dict[str, float | str | None]
) -> list[Step]:
    """The cost of a million tokens at one accelerator's throughput, rented and owned (set in `quantities`)."""
    rate = check_number("tokens_per_second", tokens_per_second)
    steps = []
    for key, hourly, label in (
        ("rent_usd_per_million_tokens", rent, "tco.step.rent_per_million"),
        ("own_usd_per_million_tokens", own, "tco.step.own_per_million"),
    ):
        cost = quantities[key] = cost_per_million_tokens(usd_per_hour=hourly, tokens_per_second=rate)
        formula = r"c_{10^6} = \frac{p}{r \cdot 3600\,\text{s/h}} \cdot 10^6"
        figures: dict[str, Figure] = {
            "p": q(hourly * _PER_HOUR, "USD/h"),
            "r": q(rate, "tokens/s"),
            "sh": q(1.0, "s/h"),
        }
        steps.append(step(key, text(label), formula, "{p} / ({r} × {sh}) × 10⁶", float(cost or 0), "USD", **figures))
    return steps


TCO = Calculator(
    name="tco",
    fields=(
        Field(
            "rent",
            unit="USD/h",
            default="3",
            param="rent_usd_per_hour",
        ),
        Field(
            "capex",
            unit="USD",
            default="40000",
            param="capex_usd",
        ),
        Field(
            "years",
            default="4",
        ),
        Field(
            "utilization",
            default="0.7",
        ),
        Field(
            "tokens_per_second",
            optional=True,
        ),
        Field("watts", unit="W", default="700", advanced=True),
        PUE,
        ELECTRICITY,
        Field("opex_fraction", default="0.1", param="opex_fraction_per_year", advanced=True),
    ),
    function=tco,
    # The hourly results are USD per hour already (their keys say so); "USD/h" would read them as SI USD/s.
    units={
        "owning_usd_per_hour": "USD",
        "renting_usd_per_hour": "USD",
        "fixed_usd_per_hour": "USD",
        "breakeven_utilization": "",
        "rent_usd_per_million_tokens": "USD",
        "own_usd_per_million_tokens": "USD",
        "pue": "",
        "electricity_usd_per_kwh": "",
    },
    headline=(
        "owning_usd_per_hour",
        "renting_usd_per_hour",
        "cheaper",
        "breakeven_utilization",
        "own_usd_per_million_tokens",
        "rent_usd_per_million_tokens",
    ),
)
