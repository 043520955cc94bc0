"""Parsing quantities as sources state them, and numbers as readers type them."""

from __future__ import annotations

import pytest

from calc import CalcError, parse_quantity, parse_si_number


@pytest.mark.parametrize(
    "text, si, dimension",
    [
        ("3.35 TB/s", 3.35e12, "bytes_per_s"),
        ("80 GB", 80e9, "bytes"),
        ("80 GiB", 80 * 2**30, "bytes"),
        ("989.4 TFLOP/s", 989.4e12, "flop_per_s"),
        ("1979 TOPS", 1979e12, "op_per_s"),
        ("400 Gb/s", 400e9, "bits_per_s"),
        ("700 W", 700.0, "watts"),
        ("2 us", 2e-6, "seconds"),
    ],
)
def test_parse_quantity(text: str, si: float, dimension: str) -> None:
    """Decimal prefixes for GB and TB/s, binary only when written GiB; bits are not bytes."""
    assert parse_quantity(text) == (pytest.approx(si), dimension)


def test_parse_quantity_rejects_unknown_units() -> None:
    """An unknown unit is an error, not a silent zero."""
    with pytest.raises(ValueError, match="unknown unit"):
        parse_quantity("3 parsecs")


@pytest.mark.parametrize(
    "text, value",
    [("70B", 70e9), ("1T", 1e12), ("3.35e12", 3.35e12), ("1.5k", 1500.0), (" 42 ", 42.0), ("2P", 2e15), ("8M", 8e6)],
)
def test_parse_si_number(text: str, value: float) -> None:
    """SI suffixes k, M, B/G, T, P as the CLI and the pages document them."""
    assert parse_si_number(text, field="x") == pytest.approx(value)


@pytest.mark.parametrize(
    "text, value",
    [("128Ki", 131_072.0), ("16Mi", 2.0**24), ("1.5Gi", 1.5 * 2**30), ("2Ti", 2.0**41), ("8Ki", 8_192.0)],
)
def test_parse_binary_suffixes(text: str, value: float) -> None:
    """Binary suffixes Ki, Mi, Gi, Ti are powers of 1024: 128Ki is Llama 3's 131,072-token context, 128k is 128,000."""
    assert parse_si_number(text, field="x") == value
    assert parse_si_number("128k", field="x") == 128_000.0


def test_binary_suffix_with_decimal_comma() -> None:
    """A Spanish reader's '1,5Gi' is 1.5 × 2**30."""
    assert parse_si_number("1,5Gi", field="x", decimal_comma=True) == 1.5 * 2**30


@pytest.mark.parametrize("text, suffix", [("128kb", "kb"), ("4KI", "KI"), ("128K", "K"), ("2ki", "ki"), ("1Pi", "Pi")])
def test_bad_suffix_names_field_and_suffixes(text: str, suffix: str) -> None:
    """A number followed by letters that are no suffix says so in both languages, naming the field, the letters
    and both families of suffix (an uppercase K is refused: it would be read as 1000 or as 1024)."""
    with pytest.raises(CalcError) as caught:
        parse_si_number(text, field="context")
    error = caught.value
    assert (error.field, error.kind, error.detail) == ("context", "bad_suffix", suffix)
    english, spanish = error.message("en"), error.message("es")
    assert english.startswith(f"context: {suffix} in ") and "is not a suffix" in english
    assert spanish.startswith(f"context: {suffix} en ") and "no es un sufijo" in spanish
    for message in (english, spanish):
        assert "Ki, Mi, Gi" in message and "k, M, B/G, T" in message
    assert "1024" in error.accepted("en") and "1024" in error.accepted("es")


def test_decimal_comma_on_spanish_pages() -> None:
    """'0,5' reads as 0.5 on a Spanish page and is an error elsewhere."""
    assert parse_si_number("0,5", field="mfu", decimal_comma=True) == 0.5
    with pytest.raises(CalcError):
        parse_si_number("0,5", field="mfu")


@pytest.mark.parametrize(
    "text", ["", "  ", "NaN", "Infinity", "1e400", "abc", "__import__('os').system('x')", "1" * 10_000, "</script>"]
)
def test_bad_numbers_name_the_field(text: str) -> None:
    """Every malformed number raises CalcError naming the field, in both languages."""
    with pytest.raises(CalcError) as caught:
        parse_si_number(text, field="intensity")
    assert caught.value.field == "intensity"
    assert "intensity" in caught.value.message("en") and "intensity" in caught.value.message("es")


@pytest.mark.parametrize(
    "text, value",
    [
        ("1.000", 1000.0),
        ("16.384", 16384.0),
        ("1.000.000", 1e6),
        ("1.000.000,5", 1000000.5),
        ("16 384", 16384.0),
        ("16\u202f384", 16384.0),  # as the site prints it
        ("1,5k", 1500.0),
        ("3,35e12", 3.35e12),
        # No Spanish group has fewer than three digits or starts with 0: a point there is a decimal point.
        ("15.6T", 15.6e12),
        ("0.125", 0.125),
        ("1234.567", 1234.567),
        ("4×10^23", 4e23),
    ],
)
def test_spanish_fields_read_thousands_points(text: str, value: float) -> None:
    """A Spanish field reads a point before three digits as a thousands group, and a point that cannot be one as
    a decimal point; an English field's reading is unchanged."""
    assert parse_si_number(text, field="tokens", decimal_comma=True) == pytest.approx(value, rel=1e-15)


def test_english_fields_keep_the_decimal_point() -> None:
    assert parse_si_number("1.000", field="tokens") == 1.0
    assert parse_si_number("16.384", field="tokens") == 16.384
    with pytest.raises(CalcError):
        parse_si_number("16 384", field="tokens")


@pytest.mark.parametrize("text", ["1,000.5", "1.000,5.3", "1.500B", "1.000e3", "1.000k", "2.048Ki"])
def test_spanish_marks_that_read_two_ways_are_refused(text: str) -> None:
    """A point and a comma other than as Spanish groups, or a thousands-like point before a suffix or exponent,
    is refused with a message naming the field and saying how to write it, in both languages."""
    with pytest.raises(CalcError) as caught:
        parse_si_number(text, field="tokens", decimal_comma=True)
    assert caught.value.kind == "ambiguous_mark"
    assert caught.value.field == "tokens"
    assert caught.value.message("es", name="Tokens").startswith("Tokens: ")
    assert "dos maneras" in caught.value.message("es") and "two ways" in caught.value.message("en")
    assert "1,5k" in caught.value.message("es")
