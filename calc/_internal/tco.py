# Total cost of ownership: cost per million tokens, and renting against owning an accelerator.
from __future__ import annotations

from .defaults import ELECTRICITY, PUE, economics_default
from .errors import check_finite_result, check_number
from .fields import Calculator, Field
from .fmt import DISPLAY_FACTORS
from .messages import text
from .results import Result, Step

J_PER_KWH = DISPLAY_FACTORS["kWh"]

HOURS_PER_YEAR = 8_760.0


def cost_per_million_tokens(*, usd_per_hour: float, tokens_per_second: float) -> float:
    """Cost of a million tokens: c = price per hour / (tokens/s × 3600) × 10⁶.

    Source: "How to Scale Your Model", ch. Serving LLaMA 3-70B (cost per token from throughput per chip).
    Example: an 8×H100 node at 8 × $3/h serving 10,000 tokens/s: 24 / 3.6e7 × 1e6 ≈ $0.67 per million.
    """
    price = check_number("usd_per_hour", usd_per_hour, low=0, high=1e6)
    rate = check_number("tokens_per_second", tokens_per_second, low=0, low_open=True, high=1e12)
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
    span = check_number("years", years, low=0, low_open=True, high=50)
    power = check_number("watts", watts, low=0, high=1e5)
    factor = check_number("pue", pue, low=1, high=5)
    price = check_number("electricity", electricity_usd_per_kwh, low=0, high=10)
    use = check_number("utilization", utilization, low=0, low_open=True, high=1)
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
    capex = check_number("capex", capex_usd, low=0, high=1e9)
    span = check_number("years", years, low=0, low_open=True, high=50)
    power = check_number("watts", watts, low=0, high=1e5)
    factor = check_number("pue", pue if pue is not None else economics_default("pue"), low=1, high=5)
    price = electricity_usd_per_kwh
    if price is None:
        price = economics_default("electricity_usd_per_kwh")
    price = check_number("electricity", price, low=0, high=10)
    use = check_number("utilization", utilization, low=0, low_open=True, high=1)
    opex = check_number("opex_fraction", opex_fraction_per_year, low=0, high=1)
    fixed = capex * (1 / span + opex) / HOURS_PER_YEAR  # USD per hour of ownership, busy or not
    power_hour = power * factor / 1000.0 * price  # USD per busy hour
    own = owning_usd_per_hour(
        capex_usd=capex,
        years=span,
        watts=power,
        pue=factor,
        electricity_usd_per_kwh=price,
        utilization=use,
        opex_fraction_per_year=opex,
    )
    breakeven = fixed / (rent - power_hour) if rent > power_hour else None
    if breakeven is not None and breakeven > 1:
        breakeven = None
    per_hour = 1 / 3_600.0  # USD/h in SI (USD/s), the unit every step value is given in
    steps = [
        Step(
            "fixed_usd_per_hour",
            text("tco.step.fixed"),
            r"F = K\,(1/y + o) / 8760\,\text{h}",
            "{K} × (1/{y} + {o}) / {H}",
            {"K": (capex, "USD"), "y": (span, ""), "o": (opex, ""), "H": (HOURS_PER_YEAR * 3_600.0, "h")},
            fixed * per_hour,
            "USD/h",
        ),
        Step(
            "owning_usd_per_hour",
            text("tco.step.owning"),
            r"F / u + W \cdot \text{PUE} \cdot c",
            "{F} / {u} + {W} × {p} × {c}",
            {
                "F": (fixed * per_hour, "USD/h"),
                "u": (use, ""),
                "W": (power, "kW"),
                "p": (factor, ""),
                "c": (price / J_PER_KWH, "USD/kWh"),
            },
            own * per_hour,
            "USD/h",
        ),
    ]
    if breakeven is not None:
        steps.append(
            Step(
                "breakeven_utilization",
                text("tco.step.breakeven"),
                r"u^* = \frac{F}{\text{rent} - W\,\text{PUE}\,c}",
                "{F} / ({R} − {P})",
                {
                    "F": (fixed * per_hour, "USD/h"),
                    "R": (rent * per_hour, "USD/h"),
                    "P": (power_hour * per_hour, "USD/h"),
                },
                breakeven,
                "",
            )
        )
    quantities: dict[str, float | str | None] = {
        "owning_usd_per_hour": own,
        "renting_usd_per_hour": rent,
        "fixed_usd_per_hour": fixed,
        "cheaper": "own" if own < rent else "rent",
        "breakeven_utilization": breakeven,
        "rent_usd_per_million_tokens": None,
        "own_usd_per_million_tokens": None,
        "pue": factor,
        "electricity_usd_per_kwh": price,
    }
    notes = []
    if tokens_per_second is not None:
        rate = check_number("tokens_per_second", tokens_per_second, low=0, low_open=True, high=1e12)
        for key, hourly, label in (
            ("rent_usd_per_million_tokens", rent, "tco.step.rent_per_million"),
            ("own_usd_per_million_tokens", own, "tco.step.own_per_million"),
        ):
            quantities[key] = cost_per_million_tokens(usd_per_hour=hourly, tokens_per_second=rate)
            steps.append(
                Step(
                    key,
                    text(label),
                    r"c_{10^6} = \frac{p}{r \cdot 3600\,\text{s/h}} \cdot 10^6",
                    "{p} / ({r} × {sh}) × 10⁶",
                    {"p": (hourly * per_hour, "USD/h"), "r": (rate, "tokens/s"), "sh": (1.0, "s/h")},
                    float(quantities[key] or 0),
                    "USD",
                )
            )
    else:
        notes.append(text("tco.note.no_throughput"))
    return Result(calculator="tco", quantities=quantities, steps=steps, notes=notes)


TCO = Calculator(
    name="tco",
    fields=(
        Field("rent", unit="USD/h", default="3", param="rent_usd_per_hour", low=0, low_open=True, high=1e6),
        Field("capex", unit="USD", default="40000", param="capex_usd", low=0, high=1e9),
        Field("years", default="4", low=0, low_open=True, high=50),
        Field("utilization", default="0.7", low=0, low_open=True, high=1),
        Field("tokens_per_second", optional=True, low=0, low_open=True, high=1e12),
        Field("watts", unit="W", default="700", low=0, high=1e5, advanced=True),
        PUE,
        ELECTRICITY,
        Field("opex_fraction", default="0.1", param="opex_fraction_per_year", low=0, high=1, advanced=True),
    ),
    function=tco,
    units={
        "owning_usd_per_hour": "USD/h",
        "renting_usd_per_hour": "USD/h",
        "fixed_usd_per_hour": "USD/h",
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
