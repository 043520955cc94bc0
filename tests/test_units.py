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
