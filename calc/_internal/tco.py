# Total cost of ownership: cost per million tokens, and renting against owning an accelerator.
from __future__ import annotations

from .defaults import economics_default
from .errors import check_finite_result, check_number
from .results import Result, Step

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
    utilization: float = 1.0,
    opex_fraction_per_year: float = 0.0,
    tokens_per_second: float | None = None,
) -> Result:
    """Renting against owning one accelerator, and the cost per million tokens of each.

    Parameters:
        rent_usd_per_hour: cloud price of an accelerator-hour.
        capex_usd: purchase price per accelerator, including its share of server and network.
        years: amortization period.
        watts: all-in power per accelerator; pue and electricity_usd_per_kwh default to data/'s economics.
        utilization: fraction of hours doing useful work (0–1).
        opex_fraction_per_year: yearly operations (space, staff, support) as a fraction of capex.
        tokens_per_second: throughput of one accelerator, for the cost per million tokens.

    Returns:
        Result with owning_usd_per_hour, renting_usd_per_hour, cheaper ("own" or "rent"),
        breakeven_utilization, and with a throughput rent/own usd_per_million_tokens.

    Raises:
        CalcError: a value outside its range.
    """
    rent = check_number("rent", rent_usd_per_hour, low=0, low_open=True, high=1e6)
    factor = pue if pue is not None else economics_default("pue")
    price = (
        electricity_usd_per_kwh if electricity_usd_per_kwh is not None else economics_default("electricity_usd_per_kwh")
    )
    own = owning_usd_per_hour(
        capex_usd=capex_usd,
        years=years,
        watts=watts,
        pue=factor,
        electricity_usd_per_kwh=price,
        utilization=utilization,
        opex_fraction_per_year=opex_fraction_per_year,
    )
    fixed_full = owning_usd_per_hour(
        capex_usd=capex_usd,
        years=years,
        watts=0,
        pue=1,
        electricity_usd_per_kwh=0,
        opex_fraction_per_year=opex_fraction_per_year,
    )
    power_hour = watts * factor / 1000.0 * price  # type: ignore[operator]
    breakeven = fixed_full / (rent - power_hour) if rent > power_hour else None
    if breakeven is not None and breakeven > 1:
        breakeven = None
    steps = [
        Step(
            "owning_usd_per_hour",
            {"en": "Owning, per useful hour", "es": "Comprar, por hora útil"},
            r"\frac{\text{capex}}{y \cdot 8760 \cdot u} + W \cdot \text{PUE} \cdot c",
            "{K} / ({y} × 8760 × {u}) + {W} × {p} × {c}",
            {
                "K": (capex_usd, "USD"),
                "y": (years, ""),
                "u": (utilization, ""),
                "W": (watts / 1000.0, "kW"),
                "p": (factor, ""),
                "c": (price, "USD/kWh"),
            },
            own,
            "USD/h",
        ),  # type: ignore[dict-item]
        Step(
            "breakeven_utilization",
            {
                "en": "Utilization at which owning matches renting",
                "es": "Utilización a la que comprar iguala a alquilar",
            },
            r"u^* = \frac{\text{fixed}}{\text{rent} - W\,\text{PUE}\,c}",
            "{F} / ({R} − {P})",
            {"F": (fixed_full, "USD/h"), "R": (rent, "USD/h"), "P": (power_hour, "USD/h")},
            breakeven if breakeven is not None else 1.0,
            "",
        ),
    ]
    quantities: dict[str, float | str | None] = {
        "owning_usd_per_hour": own,
        "renting_usd_per_hour": rent,
        "cheaper": "own" if own < rent else "rent",
        "breakeven_utilization": breakeven,
        "rent_usd_per_million_tokens": None,
        "own_usd_per_million_tokens": None,
    }
    if tokens_per_second is not None:
        quantities["rent_usd_per_million_tokens"] = cost_per_million_tokens(
            usd_per_hour=rent, tokens_per_second=tokens_per_second
        )
        quantities["own_usd_per_million_tokens"] = cost_per_million_tokens(
            usd_per_hour=own, tokens_per_second=tokens_per_second
        )
        steps.append(
            Step(
                "rent_usd_per_million_tokens",
                {"en": "Renting, per million tokens", "es": "Alquilar, por millón de tokens"},
                r"\text{rent} / (r \cdot 3600) \cdot 10^6",
                "{R} / ({r} × 3600) × 10⁶",
                {"R": (rent, "USD/h"), "r": (tokens_per_second, "tokens/s")},
                quantities["rent_usd_per_million_tokens"],
                "USD",
            )
        )  # type: ignore[arg-type]
    return Result(calculator="tco", quantities=quantities, steps=steps)


def _register() -> None:
    from .registry import Calculator, Field, register

    register(
        Calculator(
            name="tco",
            title={"en": "Rent or own", "es": "Alquilar o comprar"},
            fields=(
                Field(
                    "rent",
                    {"en": "Rental price per accelerator-hour", "es": "Precio de alquiler por hora-acelerador"},
                    unit="USD/h",
                    default="3",
                    param="rent_usd_per_hour",
                    low=0,
                    low_open=True,
                    high=1e6,
                ),
                Field(
                    "capex",
                    {
                        "en": "Purchase price per accelerator (with its share of server and network)",
                        "es": "Precio de compra por acelerador (con su parte de servidor y red)",
                    },
                    unit="USD",
                    default="40000",
                    param="capex_usd",
                    low=0,
                    high=1e9,
                ),
                Field(
                    "years",
                    {"en": "Amortization (years)", "es": "Amortización (años)"},
                    default="4",
                    low=0,
                    low_open=True,
                    high=50,
                ),
                Field(
                    "watts",
                    {"en": "All-in power per accelerator", "es": "Potencia total por acelerador"},
                    unit="W",
                    default="700",
                    low=0,
                    high=1e5,
                ),
                Field("pue", {"en": "PUE", "es": "PUE"}, optional=True, low=1, high=5),
                Field(
                    "electricity",
                    {"en": "Electricity price", "es": "Precio de la electricidad"},
                    unit="USD/kWh",
                    optional=True,
                    param="electricity_usd_per_kwh",
                    low=0,
                    high=10,
                ),
                Field(
                    "utilization",
                    {"en": "Utilization (0–1)", "es": "Utilización (0–1)"},
                    default="0.7",
                    low=0,
                    low_open=True,
                    high=1,
                ),
                Field(
                    "opex_fraction",
                    {"en": "Yearly operations as a fraction of capex", "es": "Operación anual como fracción del capex"},
                    default="0.1",
                    param="opex_fraction_per_year",
                    low=0,
                    high=1,
                ),
                Field(
                    "tokens_per_second",
                    {"en": "Tokens/s per accelerator", "es": "Tokens/s por acelerador"},
                    optional=True,
                    low=0,
                    low_open=True,
                    high=1e12,
                ),
            ),
            function=tco,
            units={
                "owning_usd_per_hour": "USD/h",
                "renting_usd_per_hour": "USD/h",
                "breakeven_utilization": "",
                "rent_usd_per_million_tokens": "USD",
                "own_usd_per_million_tokens": "USD",
            },
            headline=("owning_usd_per_hour", "renting_usd_per_hour", "cheaper", "breakeven_utilization"),
            output_labels={
                "owning_usd_per_hour": {"en": "Owning, per useful hour", "es": "Comprar, por hora útil"},
                "renting_usd_per_hour": {"en": "Renting, per hour", "es": "Alquilar, por hora"},
                "cheaper": {"en": "Cheaper", "es": "Más barato"},
                "breakeven_utilization": {"en": "Break-even utilization", "es": "Utilización de equilibrio"},
            },
        )
    )


_register()
