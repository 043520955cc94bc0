"""TCO: cost per million tokens, and renting against owning."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError
from calc._tooling.cli import main


def test_cost_per_million_tokens() -> None:
    """8 × $3/h serving 10,000 tokens/s: 24 / 3.6e7 × 1e6 ≈ $0.667 per million tokens."""
    assert calc.cost_per_million_tokens(usd_per_hour=24, tokens_per_second=10_000) == pytest.approx(0.6667, rel=1e-3)


def test_owning_hour_worked_example() -> None:
    """$30,000 over 4 years, 700 W, PUE 1.2, $0.10/kWh, full use: 30000/35040 + 0.084 ≈ $0.94 per hour."""
    hour = calc.owning_usd_per_hour(capex_usd=30_000, years=4, watts=700, pue=1.2, electricity_usd_per_kwh=0.10)
    assert hour == pytest.approx(30_000 / 35_040 + 0.084)


def test_rent_or_own_and_breakeven() -> None:
    """At the break-even utilization owning costs exactly the rent; below it renting is cheaper."""
    q = calc.tco(
        rent_usd_per_hour=3,
        capex_usd=40_000,
        years=4,
        watts=700,
        pue=1.2,
        electricity_usd_per_kwh=0.1,
        utilization=0.7,
        opex_fraction_per_year=0.1,
        tokens_per_second=2000,
    ).to_dict()
    u = q["breakeven_utilization"]
    assert 0 < u < 1
    at = calc.owning_usd_per_hour(
        capex_usd=40_000,
        years=4,
        watts=700,
        pue=1.2,
        electricity_usd_per_kwh=0.1,
        utilization=u,
        opex_fraction_per_year=0.1,
    )
    assert at == pytest.approx(3)
    assert q["cheaper"] == ("own" if 0.7 > u else "rent")
    assert q["rent_usd_per_million_tokens"] == pytest.approx(3 / (2000 * 3600) * 1e6)


@given(u=st.floats(0.01, 1), capex=st.floats(0, 1e6))
def test_owning_cost_falls_with_utilization(u: float, capex: float) -> None:
    """Higher utilization never raises the cost of a useful hour; every value is finite."""
    args = dict(capex_usd=capex, years=4, watts=700, pue=1.2, electricity_usd_per_kwh=0.1)
    low = calc.owning_usd_per_hour(utilization=u, **args)
    assert math.isfinite(low)
    assert calc.owning_usd_per_hour(utilization=min(1.0, u * 1.5), **args) <= low + 1e-12


@pytest.mark.parametrize(
    "change, field",
    [
        ({"rent_usd_per_hour": 0}, "rent"),
        ({"capex_usd": -1}, "capex"),
        ({"years": 0}, "years"),
        ({"utilization": 0}, "utilization"),
        ({"utilization": 2}, "utilization"),
        ({"pue": 0.5}, "pue"),
        ({"tokens_per_second": 0}, "tokens_per_second"),
    ],
)
def test_bad_input(change: dict, field: str) -> None:
    """Every bad TCO input raises CalcError naming the field."""
    with pytest.raises(CalcError) as raised:
        calc.tco(**{"rent_usd_per_hour": 3, "capex_usd": 40_000, **change})
    assert raised.value.field == field


def test_cli_json_equals_api(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m calc tco --json` equals calc.tco(...).to_dict()."""
    import json

    assert main(["tco", "--rent", "3", "--capex", "40k", "--pue", "1.2", "--electricity", "0.1", "--json"]) == 0
    expected = calc.tco(
        rent_usd_per_hour=3,
        capex_usd=40e3,
        pue=1.2,
        electricity_usd_per_kwh=0.1,
        utilization=0.7,
        opex_fraction_per_year=0.1,
        years=4,
        watts=700,
    ).to_dict()
    assert json.loads(capsys.readouterr().out) == expected


def test_hourly_costs_are_shown_as_computed() -> None:
    """The calculator shows its hourly costs in USD per hour as computed: $3 of rent reads $3, not $10,800
    (an hourly value formatted as if it were SI USD/s and multiplied by 3600)."""
    english = calc.run("tco", {}, "en")
    assert english["formatted"]["renting_usd_per_hour"] == "$3"
    assert english["formatted"]["owning_usd_per_hour"] == calc.format_money(
        english["quantities"]["owning_usd_per_hour"], "en"
    )
    assert calc.run("tco", {}, "es")["formatted"]["renting_usd_per_hour"] == "3 USD"
