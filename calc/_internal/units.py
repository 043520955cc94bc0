# Unit plumbing: prefixes, parsing "3.35 TB/s"-style strings and SI-suffixed numbers. No domain numbers here.
from __future__ import annotations

import math
import re

from .errors import CalcError
from .numbers import with_decimal_point

DECIMAL_PREFIX = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
BINARY_PREFIX = {"Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40}

# unit text (after the prefix) -> (dimension, factor to the SI base of that dimension)
_BASE_UNITS: dict[str, tuple[str, float]] = {
    "B": ("bytes", 1.0),
    "B/s": ("bytes_per_s", 1.0),
    "b/s": ("bits_per_s", 1.0),
    "bps": ("bits_per_s", 1.0),
    "FLOP/s": ("flop_per_s", 1.0),
    "FLOPS": ("flop_per_s", 1.0),
    "OPS": ("op_per_s", 1.0),
    "W": ("watts", 1.0),
    "s": ("seconds", 1.0),
    "ns": ("seconds", 1e-9),
    "us": ("seconds", 1e-6),
    "µs": ("seconds", 1e-6),
    "ms": ("seconds", 1e-3),
    "nm": ("meters", 1e-9),
}

_QUANTITY = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*([A-Za-zµ/]+)\s*$")


def parse_quantity(text: str) -> tuple[float, str]:
    """Parse a value as a source states it ("3.35 TB/s", "80 GiB", "989.4 TFLOP/s", "400 Gb/s").

    Returns (value in SI base units, dimension name). Raises ValueError on unknown units.
    Byte and bit prefixes are decimal (GB = 1e9 B); binary ones must be written as such (GiB).
    """
    match = _QUANTITY.match(text)
    if not match:
        raise ValueError(f"not a quantity with a unit: {text!r}")
    number, unit = float(match.group(1)), match.group(2)
    for prefix_table in (BINARY_PREFIX, DECIMAL_PREFIX):
        for prefix, factor in sorted(prefix_table.items(), key=lambda item: -len(item[0])):
            if unit.startswith(prefix) and unit[len(prefix) :] in _BASE_UNITS:
                dimension, base_factor = _BASE_UNITS[unit[len(prefix) :]]
                return number * factor * base_factor, dimension
    raise ValueError(f"unknown unit {unit!r} in {text!r}")


_SI_NUMBER = re.compile(r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*([A-Za-z]*)\s*$")
SUFFIX = {"": 1.0, "k": 1e3, "M": 1e6, "B": 1e9, "G": 1e9, "T": 1e12, "P": 1e15}
# Binary suffixes for powers of two: 128Ki = 131,072 (a 128K context), 16Mi = 16,777,216.
SUFFIX.update(BINARY_PREFIX)
# A power of ten as people write it, "4×10^23", "4x10^23" or "4*10^23", read as 4e23.
_TIMES_TEN = re.compile(r"\s*[×x*]\s*10\s*\^\s*([-+]?\d+)")


# A number as Spanish groups its digits: a point (or the space the site prints figures with) before each group of
# three, the first group not starting with 0, and maybe a decimal comma ("16.384", "1.000.000,5", "16 384").
_GROUPED_ES = re.compile(r"^[-+]?[1-9]\d{0,2}(?:(?:\.\d{3})+|(?:[ \u00a0\u202f]\d{3})+)(?:,\d+)?$")
# A point that would group thousands in Spanish, with a suffix or an exponent after it ("1.500B", "1.000e3"):
# 1500 billion to a Spanish reader, 1.5 billion to an English one.
_THOUSANDS_POINT = re.compile(r"(?<![\d.])[1-9]\d{0,2}\.\d{3}(?!\d)")


def _spanish_number(raw: str, text: str, field: str) -> str:
    """A number typed in a Spanish field, as calc parses it (a decimal point, no digit groups). Only what cannot be
    read two ways is read: "1.000" and "16 384" are thousands groups, "0,5" and "1,5k" a decimal comma, and
    "15.6T" or "0.125" a decimal point (no Spanish group has fewer than three digits or starts with 0). A point
    and a comma together other than as Spanish groups ("1,000.5"), or a point before three digits and a suffix or
    exponent ("1.500B"), raise CalcError `ambiguous_mark` naming `field`."""
    if _GROUPED_ES.match(raw):
        return raw.replace(".", "").replace(" ", "").replace("\u00a0", "").replace("\u202f", "").replace(",", ".")
    if ("," in raw and "." in raw) or _THOUSANDS_POINT.search(raw):
        raise CalcError(field=field, kind="ambiguous_mark", value=text)
    return with_decimal_point(raw)


def parse_si_number(text: str, *, field: str, decimal_comma: bool = False) -> float:
    """Parse a reader's number: plain floats, SI suffixes (70B, 1T, 3.35e12, 1.5k), binary ones (128Ki, 16Mi) and
    powers of ten (4×10^23).

    With `decimal_comma` (Spanish pages), "0,5" is read as 0.5 and "1.000" or "16 384" as digit groups; a mark that
    reads two ways ("1,000.5", "1.500B") raises CalcError `ambiguous_mark` (see `_spanish_number`). Raises
    CalcError naming `field`: kind `bad_suffix` for a number followed by letters that are no suffix ("128kb", "4KI").
    """
    raw = text.strip()
    if decimal_comma:
        raw = _spanish_number(raw, text, field)
    raw = _TIMES_TEN.sub(r"e\1", raw)
    match = _SI_NUMBER.match(raw) if len(raw) <= 64 else None
    if not match:
        raise CalcError(field=field, kind="not_number", value=text)
    if match.group(2) not in SUFFIX:
        raise CalcError(field=field, kind="bad_suffix", value=text, detail=match.group(2))
    value = float(match.group(1)) * SUFFIX[match.group(2)]
    if not math.isfinite(value):
        raise CalcError(field=field, kind="out_of_range", value=value)
    return value
