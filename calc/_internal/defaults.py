# Economic defaults (PUE, electricity price, grid carbon, accelerator-hour prices): from data/ when it has them.
from __future__ import annotations

from typing import Any

from .data import load_data
from .errors import CalcError

# Used only while data/ has no economics section; the pages state them as assumptions.
FALLBACK = {
    "pue": 1.2,  # a modern hyperscale-class facility (the seed quiz's assumption)
    "electricity_usd_per_kwh": 0.10,  # the seed quiz's assumption
}

_ALIASES = {
    "pue": ("pue",),
    "electricity_usd_per_kwh": ("electricity_usd_per_kwh",),
    "carbon_g_per_kwh": ("grid_carbon_g_per_kwh", "carbon_g_per_kwh"),
}


def _lookup(container: Any, name: str) -> Any:
    if isinstance(container, dict):
        return container.get(name)
    return getattr(container, name, None)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    typical = getattr(value, "typical", None)  # a data Range (low / typical / high)
    return float(typical) if isinstance(typical, (int, float)) else None


def economics_default(name: str) -> float | None:
    """The typical value from data/'s economics (`pue`, `electricity_usd_per_kwh`, `carbon_g_per_kwh`).

    Falls back to FALLBACK while the data has no economics; None when neither knows the value.
    """
    economics = getattr(load_data(), "economics", None)
    if economics is not None:
        for alias in _ALIASES.get(name, (name,)):
            found = _number(_lookup(economics, alias))
            if found is not None:
                return found
    return FALLBACK.get(name)


def price_usd_per_hour(accelerator_id: str | None) -> float | None:
    """The typical rental price of one accelerator-hour from data/'s economics, or None if it has none."""
    if accelerator_id is None:
        return None
    economics = getattr(load_data(), "economics", None)
    if economics is None:
        return None
    price = getattr(economics, "price", None)
    if not callable(price):
        return None
    try:
        return _number(price(accelerator_id))
    except (CalcError, KeyError):
        return None
