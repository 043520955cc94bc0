# Number formatting for the page's language: three significant digits, decimal comma in Spanish.
from __future__ import annotations

import math

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

# unit -> ladder of (prefixed unit, factor), largest first; units not listed are shown as they are.
_PREFIXED: dict[str, list[tuple[str, float]]] = {
    "B": [("PB", 1e15), ("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3), ("B", 1.0)],
    "B/s": [("PB/s", 1e15), ("TB/s", 1e12), ("GB/s", 1e9), ("MB/s", 1e6), ("B/s", 1.0)],
    "FLOP/s": [("EFLOP/s", 1e18), ("PFLOP/s", 1e15), ("TFLOP/s", 1e12), ("GFLOP/s", 1e9), ("FLOP/s", 1.0)],
    "W": [("GW", 1e9), ("MW", 1e6), ("kW", 1e3), ("W", 1.0)],
    "s": [("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)],
}


def _group(integer_digits: str, lang: str) -> str:
    if lang == "es":
        # RAE: no grouping for four digits; a narrow no-break space from five on.
        if len(integer_digits) <= 4:
            return integer_digits
        sep = "\u202f"
    else:
        sep = ","
    groups = []
    while len(integer_digits) > 3:
        groups.insert(0, integer_digits[-3:])
        integer_digits = integer_digits[:-3]
    groups.insert(0, integer_digits)
    return sep.join(groups)


def format_number(value: float, lang: str = "en", digits: int = 3) -> str:
    """Format `value` to `digits` significant digits in the page's language.

    Whole numbers below a million print exactly (1024, not 1,020); very large or small values
    use scientific notation (4.2 × 10²³). Trailing zeros after the decimal mark are dropped.
    """
    if not math.isfinite(value):
        raise ValueError("refusing to format a non-finite number")
    if value == 0:
        return "0"
    sign = "−" if value < 0 else ""
    magnitude = abs(value)
    mantissa_text, exponent_text = f"{magnitude:.{digits - 1}e}".split("e")
    exponent = int(exponent_text)
    rounded = float(f"{mantissa_text}e{exponent}")
    decimal_mark = "," if lang == "es" else "."
    if exponent >= 9 or exponent < -3:
        mantissa = mantissa_text.rstrip("0").rstrip(".")
        return f"{sign}{mantissa.replace('.', decimal_mark)} × 10{str(exponent).translate(_SUPERSCRIPT)}"
    if float(magnitude).is_integer() and magnitude < 1e6:
        return sign + _group(str(int(magnitude)), lang)
    decimals = max(0, digits - 1 - exponent)
    text = f"{rounded:.{decimals}f}"
    whole, _, frac = text.partition(".")
    frac = frac.rstrip("0")
    return sign + _group(whole, lang) + (decimal_mark + frac if frac else "")


# Units that are words, as each language writes them (symbols such as GB or FLOP/s are the same).
UNIT_WORDS: dict[str, dict[str, str]] = {
    "days": {"es": "días"},
    "hours": {"es": "horas"},
    "queries/s": {"es": "consultas/s"},
    "tokens/s": {},
}


def format_quantity(value: float, unit: str, lang: str = "en", digits: int = 3) -> str:
    """Format a value in SI base units with the best decimal prefix: 3.35e12 B/s -> "3.35 TB/s"."""
    ladder = _PREFIXED.get(unit)
    if ladder is None or value == 0:
        shown_unit = UNIT_WORDS.get(unit, {}).get(lang, unit)
        return f"{format_number(value, lang, digits)} {shown_unit}".rstrip()
    magnitude = abs(value)
    for prefixed, factor in ladder:
        if magnitude >= factor * 0.9995:
            return f"{format_number(value / factor, lang, digits)} {prefixed}"
    prefixed, factor = ladder[-1]
    return f"{format_number(value / factor, lang, digits)} {prefixed}"


# Words calculators return as values (bound, bottleneck, ...), as each language shows them.
WORDS: dict[str, dict[str, str]] = {
    "memory": {"en": "memory-bound", "es": "limitado por memoria"},
    "compute": {"en": "compute-bound", "es": "limitado por cómputo"},
    "gradient-sync": {"en": "gradient synchronization (AllReduce)", "es": "sincronización de gradientes (AllReduce)"},
    "own": {"en": "owning", "es": "comprar"},
    "rent": {"en": "renting", "es": "alquilar"},
}


def format_word(value: str, lang: str = "en") -> str:
    """Show a calculator's categorical result in `lang` (unknown words pass through)."""
    return WORDS.get(value, {}).get(lang, value)
