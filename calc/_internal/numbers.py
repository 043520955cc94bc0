# Numbers as a language writes them: three significant digits, decimal comma and thin-space groups in Spanish.
from __future__ import annotations

import math
from functools import lru_cache

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _group(integer_digits: str, lang: str) -> str:
    if lang == "es":
        # RAE: no grouping for four digits; a narrow no-break space from five on.
        if len(integer_digits) <= 4:
            return integer_digits
        sep = "\u202f"
    else:
        sep = ","
    groups: list[str] = []
    while len(integer_digits) > 3:
        groups.insert(0, integer_digits[-3:])
        integer_digits = integer_digits[:-3]
    groups.insert(0, integer_digits)
    return sep.join(groups)


# Pure, and called for every figure of every answer, most of them unchanged by an edit: the last 4096 are
# remembered (typed, so 1 and 1.0 are kept apart; a value that fails is never kept).
@lru_cache(maxsize=4096, typed=True)
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


# The decimal-comma rule, both ways, for reading what a reader typed and for showing a default as typed.
def with_decimal_point(text: str) -> str:
    """A number written with a decimal comma ("0,5", "1,5k") as calc parses it ("0.5", "1.5k"): a single comma
    with no point beside it is the decimal mark."""
    return text.replace(",", ".") if text.count(",") == 1 and "." not in text else text


def with_page_decimal_mark(text: str, lang: str) -> str:
    """A number written with a decimal point ("0.5") as the page's language writes it ("0,5" in Spanish)."""
    return text.replace(".", ",") if lang == "es" else text
