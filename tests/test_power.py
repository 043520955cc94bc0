"""Power from chips to racks and the facility, against the vendors' published systems."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError

# NVIDIA DGX H100/H200 User Guide, power specifications: 10.2 kW max for 8 H100 SXM (700 W TDP each).
DGX_H100_W = 10.2e3
# NVIDIA DGX GB200 User Guide: 72 Blackwell GPUs per rack; ServeTheHome: "the 120kW flagship system".
NVL72_W, NVL72_GPUS = 120e3, 72


def test_dgx_h100_overhead_worked_example() -> None:
    """DGX H100 user guide: 10.2 kW for eight 700 W GPUs, so the node draws 1.82× its GPUs' TDP."""
    assert calc.system_overhead(system_power_w=DGX_H100_W, accelerators=8, tdp_w=700) == pytest.approx(1.8214, rel=1e-4)


def test_nvl72_overhead_and_racks() -> None:
    """GB200 NVL72: 120 kW over 72 × 1200 W = 1.39×; 1024 GPUs need ⌈1024 / 72⌉ = 15 racks."""
    assert calc.system_overhead(system_power_w=NVL72_W, accelerators=NVL72_GPUS, tdp_w=1200) == pytest.approx(
        120 / 86.4
    )
    assert calc.racks_needed(count=1024, per_rack=NVL72_GPUS) == 15
    assert calc.racks_needed(count=1008, per_rack=NVL72_GPUS) == 14


def test_yearly_energy_worked_example() -> None:
    """1 MW at the meter all year at full power: 8760 MWh; at 70 % average load, 6132 MWh."""
    assert calc.yearly_energy_j(facility_power_w=1e6) == pytest.approx(8_760 * 3.6e9)
    assert calc.yearly_energy_j(facility_power_w=1e6, load=0.7) == pytest.approx(6_132 * 3.6e9)


def test_1024_h100_in_dgx_nodes() -> None:
    """1024 H100 in DGX H100 nodes: 128 nodes of 10.2 kW, four per rack as NVIDIA's SuperPOD reference
    architecture racks them (over 40 kW per rack), 32 air-cooled racks, 1.3056 MW of IT load."""
    q = calc.power(accelerator="h100-sxm", count=1024, pue=1.2, electricity_usd_per_kwh=0.1).to_dict()
    assert q["system"] == "dgx-h100"
    assert q["watts_per_accelerator"] == pytest.approx(1275)
    assert (q["systems"], q["accelerators_per_rack"], q["racks"]) == (128, 32, 32)
    assert q["system_power_kw"] == pytest.approx(10.2)
    assert q["rack_power_kw"] == pytest.approx(40.8)
    assert q["cooling"] == "air"
    assert q["it_power_kw"] == pytest.approx(1305.6)
    assert q["facility_power_mw"] == pytest.approx(1.3056 * 1.2)
    assert q["energy_mwh_per_year"] == pytest.approx(1.3056 * 1.2 * 8_760)
    assert q["electricity_cost_usd_per_year"] == pytest.approx(1.3056 * 1.2 * 8_760 * 1_000 * 0.1)


def test_1024_gb200_in_nvl72_racks() -> None:
    """1024 GB200 GPUs in NVL72 racks: 15 racks of 120 kW, nearly three times the densest air-cooled rack
    in the data (four DGX H100, 40.8 kW), so liquid cooling."""
    q = calc.power(accelerator="gb200", count=1024).to_dict()
    assert q["system"] == "gb200-nvl72"
    assert (q["accelerators_per_rack"], q["racks"]) == (72, 15)
    assert q["rack_power_kw"] == pytest.approx(120)
    assert q["air_cooled_limit_w"] == pytest.approx(40.8e3)
    assert q["cooling"] == "liquid"
    assert q["it_power_w"] == pytest.approx(1024 * NVL72_W / NVL72_GPUS)


def test_densest_air_cooled_rack_is_four_dgx_h100() -> None:
    """Four air-cooled DGX H100 per rack (NVIDIA's H100 SuperPOD reference architecture) at 10.2 kW each."""
    assert calc.densest_air_cooled_rack_w() == pytest.approx(4 * DGX_H100_W)


def test_a_chip_without_a_powered_system_borrows_the_reference_node() -> None:
    """The MI300X platform in the data states no power: its 750 W TBP takes DGX H100's 1.82×, with a note."""
    result = calc.compute("power", {"accelerator": "mi300x"}, "en")
    assert result.quantities["system"] == "dgx-h100"
    assert result.quantities["watts_per_accelerator"] == pytest.approx(750 * DGX_H100_W / 5_600)
    assert any("DGX H100" in note for note in result.rendered_notes("en"))


def test_overhead_one_counts_the_accelerators_alone() -> None:
    """--overhead 1 gives TDP × count, what the training calculator's default node overhead of 1 gives."""
    q = calc.power(accelerator="h100-sxm", count=1024, overhead=1.0, pue=1.2).to_dict()
    training = calc.training(params=70e9, tokens=1e12, accelerator="h100-sxm", count=1024, mfu=0.5, pue=1.2)
    assert q["it_power_w"] == pytest.approx(1024 * 700)
    assert q["facility_power_w"] == pytest.approx(training.quantities["facility_power_w"])


def test_a_rack_limit_spreads_the_systems() -> None:
    """At 20 kW per rack one DGX H100 (10.2 kW) fits, not two: 8 GPUs per rack, 128 racks."""
    q = calc.power(accelerator="h100-sxm", count=1024, rack_limit_w=20e3).to_dict()
    assert (q["accelerators_per_rack"], q["racks"], q["cooling"]) == (8, 128, "air")
    assert q["rack_power_kw"] == pytest.approx(10.2)


def test_an_nvl72_over_the_rack_limit_has_no_racks() -> None:
    """A 120 kW rack-scale system in a 60 kW rack position: no racks, and a note that says why."""
    result = calc.compute("power", {"accelerator": "gb200", "rack_limit_kw": "60"}, "es")
    assert result.quantities["racks"] is None and result.quantities["cooling"] is None
    assert any("límite de potencia del rack" in note for note in result.rendered_notes("es"))


def test_without_a_rack_density_racks_are_packed_under_the_air_limit() -> None:
    """DGX B200 (14.3 kW) has no published density in the data: two fit under 40.8 kW, 64 racks for 1024 GPUs."""
    result = calc.compute("power", {"accelerator": "b200"}, "en")
    q = result.quantities
    assert (q["accelerators_per_rack"], q["racks"], q["cooling"]) == (16, 64, "air")
    assert result.notes and result.notes[0].key == "power.note.packed"


def test_site_budget_counts_accelerators() -> None:
    """A 1 GW site of GB200 NVL72 at PUE 1.2: ⌊10⁹ / (1666.7 W × 1.2)⌋ = 500,000 GPUs."""
    q = calc.power(accelerator="gb200", count=1024, pue=1.2, site_w=1e9).to_dict()
    assert q["site_accelerators"] == 500_000  # 1e9 / 2000.0000000000002 in floats: not 499,999


def test_a_limit_that_fits_whole_systems_exactly_fits_them() -> None:
    """A 40.8 kW rack limit takes four 10.2 kW DGX H100 (40,800 / 10,200.000000000002 in floats), not three."""
    q = calc.power(accelerator="h100-sxm", count=1024, rack_limit_w=40.8e3).to_dict()
    assert (q["accelerators_per_rack"], q["racks"]) == (32, 32)


def test_custom_chip() -> None:
    """A custom 1 kW chip packed like a DGX H100: 1.82 kW all-in, and a note naming the borrowed node."""
    result = calc.compute("power", {"accelerator": "custom", "tdp": "1000"}, "en")
    assert result.quantities["watts_per_accelerator"] == pytest.approx(1_000 * DGX_H100_W / 5_600)
    assert result.rendered_notes("en")[0].startswith("custom chip has no system")


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({"accelerator": "tpu-v5p"}, "accelerator"),  # Google publishes no TDP
        ({"system": "tpu-v5p-pod"}, "system"),  # nor pod power
        ({"system": "no-such-system"}, "system"),
        ({"count": "0"}, "count"),
        ({"load": "0"}, "load"),
        ({"load": "1.5"}, "load"),
        ({"per_rack": "0"}, "per_rack"),
        ({"overhead": "0.5"}, "overhead"),
        ({"rack_limit_kw": "-1"}, "rack_limit_kw"),
        ({"site_mw": "0"}, "site_mw"),
        ({"accelerator": "h100-sxm", "tdp": "700"}, "tdp"),
    ],
)
def test_bad_input_names_the_field(inputs: dict[str, str], field: str) -> None:
    """Every bad input raises CalcError naming the field the reader typed."""
    with pytest.raises(CalcError) as raised:
        calc.compute("power", inputs)
    assert raised.value.field == field


@given(count=st.integers(1, 10**6), pue=st.floats(1, 3), load=st.floats(0.01, 1))
def test_power_scales_linearly(count: int, pue: float, load: float) -> None:
    """IT power is n × W, facility power IT × PUE, and racks hold every accelerator."""
    q = calc.power(accelerator="h100-sxm", count=count, pue=pue, load=load).quantities
    assert q["it_power_w"] == pytest.approx(count * 1275)
    assert q["facility_power_w"] == pytest.approx(count * 1275 * pue)
    assert (q["racks"] - 1) * 32 < count <= q["racks"] * 32
