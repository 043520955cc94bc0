# The edition's economic defaults (PUE, electricity price, grid carbon, accelerator-hour prices): data/economics.yaml.
from __future__ import annotations

from .data import load_data
from .errors import check_number
from .fields import Field

_RANGES = {
    "pue": "pue",
    "electricity_usd_per_kwh": "electricity_usd_per_kwh",
    "carbon_g_per_kwh": "grid_carbon_g_per_kwh",
}


def economics_default(name: str) -> float:
    """The edition's typical value of `pue`, `electricity_usd_per_kwh` or `carbon_g_per_kwh` (data/economics.yaml)."""
    return float(getattr(load_data().economics, _RANGES[name]).typical)


def price_usd_per_hour(accelerator_id: str | None) -> float | None:
    """The edition's typical rental price of one accelerator-hour, or None when it has none for the chip."""
    if accelerator_id is None:
        return None
    found = load_data().economics.accelerator_hour_usd.get(accelerator_id)
    return found.typical if found is not None else None


def checked_price(given: float | None, accelerator_id: str | None) -> float | None:
    """The accelerator-hour price the reader gave, else the edition's for the chip, checked as `price`; None
    when neither exists."""
    price = given if given is not None else price_usd_per_hour(accelerator_id)
    return None if price is None else check_number("price", price, low=0, high=1e4)


# The facility inputs the training and TCO calculators share: left empty, each takes the edition's figure.
PUE = Field("pue", optional=True, advanced=True, default_from=lambda: economics_default("pue"))
ELECTRICITY = Field(
    "electricity",
    unit="USD/kWh",
    param="electricity_usd_per_kwh",
    optional=True,
    advanced=True,
    default_from=lambda: economics_default("electricity_usd_per_kwh"),
)
CARBON = Field(
    "carbon",
    unit="g/kWh",
    param="carbon_g_per_kwh",
    optional=True,
    advanced=True,
    default_from=lambda: economics_default("carbon_g_per_kwh"),
)
