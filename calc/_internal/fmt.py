# Number formatting for the page's language: three significant digits, decimal comma in Spanish.
# Values arrive in SI base units; a display unit (kW, MWh, days) is a conversion made here, where numbers are shown.
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .messages import CATALOG, t
from .numbers import format_number

__all__ = [
    "DISPLAY_FACTORS",
    "Quantity",
    "format_count",
    "format_money",
    "format_number",
    "format_quantity",
    "format_word",
    "unit_text",
]

# SI unit -> ladder of (prefixed unit, factor), largest first: the best prefix is picked for the value.
_PREFIXED: dict[str, list[tuple[str, float]]] = {
    "B": [("PB", 1e15), ("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3), ("B", 1.0)],
    "B/s": [("PB/s", 1e15), ("TB/s", 1e12), ("GB/s", 1e9), ("MB/s", 1e6), ("B/s", 1.0)],
    "FLOP/s": [("EFLOP/s", 1e18), ("PFLOP/s", 1e15), ("TFLOP/s", 1e12), ("GFLOP/s", 1e9), ("FLOP/s", 1.0)],
    "W": [("GW", 1e9), ("MW", 1e6), ("kW", 1e3), ("W", 1.0)],
    "Wh": [("GWh", 3.6e12), ("MWh", 3.6e9), ("kWh", 3.6e6), ("Wh", 3.6e3)],
    "s": [("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)],
}
# Display unit -> factor from the SI value (seconds, joules, kilograms, USD per second) to that unit.
DISPLAY_FACTORS: dict[str, float] = {
    "days": 86_400.0,
    "h": 3_600.0,
    "years": 365.0 * 86_400.0,
    "kW": 1e3,
    "MW": 1e6,
    "kWh": 3.6e6,
    "MWh": 3.6e9,
    "t": 1e3,
    "g": 1e-3,
    "USD/h": 1 / 3_600.0,
    "USD/kWh": 1 / 3.6e6,
    "g/kWh": 1e-3 / 3.6e6,
    "GB": 1e9,
    "TB/s": 1e12,
    "GB/s": 1e9,
    "TFLOP/s": 1e12,
    "s/h": 1 / 3_600.0,
}


def unit_text(unit: str, lang: str) -> str:
    """A unit as `lang` writes it: words are translated (days → días), symbols stay (GB, FLOP/s)."""
    key = f"unit.{unit}"
    return t(key, lang) if key in CATALOG else unit


@lru_cache(maxsize=4096, typed=True)  # pure and called for every figure shown, as format_number
def format_quantity(value: float, unit: str, lang: str = "en", digits: int = 3) -> str:
    """Format a value given in SI units for display in `unit`.

    `unit` is an SI unit with a prefix ladder (B, B/s, FLOP/s, W, Wh from joules, s), which picks the best
    prefix (3.35e12 B/s -> "3.35 TB/s"); or a display unit converted from SI (days, h, kW, MWh, t, USD/h);
    or any other unit, shown as it is. Money is formatted by `format_money`.
    """
    if unit == "USD" or unit.startswith("USD/"):
        return format_money(value / DISPLAY_FACTORS.get(unit, 1.0), lang, per=unit[4:], digits=digits)
    ladder = _PREFIXED.get(unit)
    if ladder is None or value == 0:
        shown = value / DISPLAY_FACTORS.get(unit, 1.0)
        return f"{format_number(shown, lang, digits)} {unit_text(unit, lang)}".rstrip()
    magnitude = abs(value)
    for prefixed, factor in ladder:
        if magnitude >= factor * 0.9995:
            return f"{format_number(value / factor, lang, digits)} {prefixed}"
    prefixed, factor = ladder[-1]
    return f"{format_number(value / factor, lang, digits)} {prefixed}"


def format_money(amount: float, lang: str = "en", per: str = "", digits: int = 3) -> str:
    """An amount of US dollars the way `lang` writes it: "$707,000" or "707 000 USD"; `per` adds "/h", "/kWh" (given
    as "h" or "/h")."""
    number = format_number(amount, lang, digits)
    suffix = f"/{per.removeprefix('/')}" if per else ""
    return t("money.usd", lang, amount=number) + suffix


# The tiers a language counts in: English says 46.7B; Spanish «46 700 millones», since «B» reads as bytes
# (and «mil millones» is rare in technical prose), then «billones» from 10¹².
_COUNT_TIERS: dict[str, tuple[tuple[float, str], ...]] = {
    "en": ((1e12, "count.T"), (1e9, "count.B"), (1e6, "count.M")),
    "es": ((1e12, "count.T"), (1e6, "count.M")),
}


def format_count(value: float, lang: str = "en", digits: int = 3) -> str:
    """A large count of things (parameters, tokens, GPU-hours) the way `lang` writes it in prose: "46.7B", "335M",
    "15.6T" in English; "46 700 millones", "335 millones", "15,6 billones" in Spanish. Below a million, the number."""
    magnitude = abs(value)
    for factor, key in _COUNT_TIERS.get(lang, _COUNT_TIERS["en"]):
        if magnitude >= factor * 0.9995:
            rounded = float(f"{value / factor:.{digits - 1}e}")  # 405 850 millones is 406 000 millones to 3 digits
            shown = format_number(rounded, lang, digits)
            return t(f"{key}.one" if shown == "1" else key, lang, n=shown)
    return format_number(value, lang, digits)


def format_word(value: str, lang: str = "en") -> str:
    """A calculator's categorical result (bound, bottleneck, cheaper option) in `lang`."""
    key = f"word.{value}"
    return t(key, lang) if key in CATALOG else value


@dataclass(frozen=True)
class Quantity:
    """A figure in SI units for a message's field: written the reader's way (794.5 TFLOP/s, 2,97 TB/s) when the
    message is worded. `digits` significant digits, four by default so a data figure shows as its source gives it."""

    value: float
    unit: str
    digits: int = 4

    def render(self, lang: str = "en") -> str:
        return format_quantity(self.value, self.unit, lang, self.digits)
