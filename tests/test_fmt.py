"""Number formatting in the page's language."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import format_number, format_quantity


@pytest.mark.parametrize(
    "value, lang, expected",
    [
        (295.343, "en", "295"),
        (295.343, "es", "295"),
        (3.35, "es", "3,35"),
        (0.3386, "en", "0.339"),
        (1024.0, "en", "1,024"),
        (1024.0, "es", "1024"),
        (707_853.0, "en", "707,853"),
        (707_853.3, "en", "708,000"),
        (707_853.3, "es", "708\u202f000"),
        (4.2e23, "en", "4.2 × 10²³"),
        (4.2e23, "es", "4,2 × 10²³"),
        (9.6, "en", "9.6"),
        (-3.0, "en", "−3"),
        (0.0, "es", "0"),
    ],
)
def test_format_number(value: float, lang: str, expected: str) -> None:
    """Three significant digits, exact whole numbers, decimal comma and RAE grouping in Spanish."""
    assert format_number(value, lang) == expected


@pytest.mark.parametrize(
    "value, unit, lang, expected",
    [
        (3.35e12, "B/s", "en", "3.35 TB/s"),
        (3.35e12, "B/s", "es", "3,35 TB/s"),
        (989.4e12, "FLOP/s", "en", "989 TFLOP/s"),
        (1.3074e15, "FLOP/s", "es", "1,31 PFLOP/s"),
        (860_160.0, "W", "en", "860 kW"),
        (8e10, "B", "en", "80 GB"),
        (2.5e-6, "s", "en", "2.5 µs"),
        (295.3, "FLOP/byte", "en", "295 FLOP/byte"),
        (9.6 * 86_400, "days", "es", "9,6 días"),
        (9.6 * 86_400, "days", "en", "9.6 days"),
    ],
)
def test_format_quantity(value: float, unit: str, lang: str, expected: str) -> None:
    """SI prefixes are chosen so the mantissa reads naturally."""
    assert format_quantity(value, unit, lang) == expected


def test_non_finite_is_refused() -> None:
    """The formatter never prints NaN or infinity; it raises instead."""
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            format_number(bad)


@given(st.floats(min_value=-1e300, max_value=1e300, allow_nan=False).filter(lambda x: x != 0))
def test_three_significant_digits_round_trip(value: float) -> None:
    """The English text parses back to the value within the rounding of three significant digits."""
    text = format_number(value, "en").replace(",", "").replace("−", "-")
    if "×" in text:
        mantissa, power = text.split(" × 10")
        exponent = int(power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
        parsed = float(mantissa) * 10.0**exponent
    else:
        parsed = float(text)
    assert parsed == pytest.approx(value, rel=5.1e-3)


def test_remembered_numbers_keep_their_language_and_digits_apart() -> None:
    """format_number remembers its last answers: a warm answer is the cold one, and the same value in the other
    language or with other digits is written anew, not taken from the first (707,853.3: "708,000", "708 000")."""
    values = [707_853.3, 1024.0, 1024, 3.35, 4.2e23, -3.0, 0.0004567]
    cases = [(value, lang, digits) for value in values for lang in ("en", "es") for digits in (3, 6)]
    format_number.cache_clear()
    cold = [format_number(*case) for case in cases]
    assert [format_number(*case) for case in cases] == cold
    assert format_number(707_853.3, "en") == "708,000" and format_number(707_853.3, "es") == "708\u202f000"
    assert format_number(707_853.3, "en", 6) == "707,853"
    assert format_number(2.5, "es") == "2,5" and format_number(2.5, "en") == "2.5"


def test_remembered_quantities_keep_their_unit_language_and_digits_apart() -> None:
    """format_quantity remembers its answers too: 3.35e12 is "3.35 TB/s", "3,35 TB/s" in Spanish and "3.35 TFLOP/s"
    as a rate of FLOPs, 3.3512e12 "3.351 TB/s" with four digits, whichever came first; a warm answer is the cold one."""
    cases = [
        (3.35e12, unit, lang, digits) for unit in ("B/s", "FLOP/s", "") for lang in ("en", "es") for digits in (3, 4)
    ]
    format_quantity.cache_clear()
    cold = [format_quantity(*case) for case in cases]
    assert [format_quantity(*case) for case in cases] == cold
    assert format_quantity(3.35e12, "B/s", "en") == "3.35 TB/s" and format_quantity(3.35e12, "B/s", "es") == "3,35 TB/s"
    assert format_quantity(3.35e12, "FLOP/s", "en") == "3.35 TFLOP/s"
    assert format_quantity(3.3512e12, "B/s", "en") == "3.35 TB/s"
    assert format_quantity(3.3512e12, "B/s", "en", 4) == "3.351 TB/s"
    assert format_quantity(86_400.0 * 9.6, "days", "es") == "9,6 días"


def test_a_rate_reads_with_one_slash_however_the_unit_is_given() -> None:
    """`per` as "h" or "/h" both print one slash: "2,99 USD/h", never "USD//h"."""
    assert calc.format_money(2.99, "es", per="h") == calc.format_money(2.99, "es", per="/h")
    assert calc.format_money(2.99, "es", per="/h").endswith("USD/h")
    assert "//" not in calc.format_money(2.99, "en", per="/kWh")


@pytest.mark.parametrize("written", ["0.5", "1.5k", "3.35e12", "-2.25", "70B"])
def test_a_default_shown_on_a_spanish_page_reads_back_as_the_same_number(written: str) -> None:
    """The form shows a default with the page's decimal mark and calc reads it back with the same rule."""
    shown = calc.with_page_decimal_mark(written, "es")
    assert calc.with_page_decimal_mark(written, "en") == written
    assert ("," in shown) == ("." in written)
    assert calc.parse_si_number(shown, field="x", decimal_comma=True) == calc.parse_si_number(written, field="x")


@pytest.mark.parametrize(
    ("value", "lang", "expected"),
    [
        (46.7e9, "en", "46.7B"),
        (46.7e9, "es", "46\u202f700 millones"),
        (335e6, "en", "335M"),
        (335e6, "es", "335 millones"),
        (405.85e9, "es", "406\u202f000 millones"),
        (8.03e9, "es", "8030 millones"),
        (15.6e12, "en", "15.6T"),
        (15.6e12, "es", "15,6 billones"),
        (1e12, "es", "1 billón"),
        (1e6, "es", "1 millón"),
        (2.664e6, "es", "2,66 millones"),
        (999e3, "es", "999\u202f000"),
    ],
)
def test_format_count(value: float, lang: str, expected: str) -> None:
    """A count of parameters or tokens reads in words in Spanish, never «46,7B» (B reads as bytes, and a decimal
    comma before it as a typo); English keeps its suffixes."""
    assert calc.format_count(value, lang) == expected
