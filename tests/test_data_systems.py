"""Systems (nodes, racks, pods): pinned per source and consistent with the accelerators they hold."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.fresh_data import fresh_bundle, fresh_data

BUNDLE = fresh_bundle()
D = fresh_data()
SYSTEMS = sorted(D.systems)


def test_dgx_b200_user_guide() -> None:
    """DGX B200: 8 B200, 2 Xeon 8570 CPUs, 14.3 kW max (NVIDIA DGX B200 User Guide, Power Specifications)."""
    system = D.systems["dgx-b200"]
    assert system.accelerators == (("b200", 8),)
    assert (system.cpu_count, system.power_max_w, system.scale_up_domain_size) == (2, 14.3e3, 8)


def test_dgx_h100_power() -> None:
    """DGX H100: 8 H100 SXM, 10.2 kW max (NVIDIA DGX H100/H200 user guide), air-cooled (NVIDIA SuperPOD H100 design)."""
    system = D.systems["dgx-h100"]
    assert (system.accelerators, system.power_max_w, system.cooling) == ((("h100-sxm", 8),), 10.2e3, "air")


def test_gb200_nvl72_rack() -> None:
    """GB200 NVL72: 18 trays of 2 Grace and 4 Blackwell, so 72 GPUs and 36 CPUs in one NVLink domain
    (NVIDIA DGX GB200 user guide), hybrid cooling (SuperPOD reference architecture), ~120 kW (ServeTheHome)."""
    system = D.systems["gb200-nvl72"]
    assert system.accelerators == (("gb200", 72),)
    assert (system.cpu_count, system.scale_up_domain_size, system.cooling) == (36, 72, "hybrid")
    assert system.power_max_w == pytest.approx(120e3)


def test_rack_densities() -> None:
    """Four DGX H100 per rack at most (NVIDIA DGX SuperPOD H100 reference architecture: one, two or four);
    an NVL72 is its own rack (NVIDIA DGX GB200 user guide)."""
    assert (D.systems["dgx-h100"].per_rack, D.systems["gb200-nvl72"].per_rack) == (4, 1)
    assert D.systems["dgx-b200"].per_rack is None and D.systems["dgx-b200"].values["per_rack"].reason


@pytest.mark.parametrize(
    ("system", "chips"),
    [("tpu-v5e-pod", 256), ("tpu-v5p-pod", 8960), ("tpu-v6e-pod", 256), ("tpu7x-pod", 9216), ("trn2-ultraserver", 64)],
)
def test_pod_sizes(system: str, chips: int) -> None:
    """Pod sizes as Google's Cloud TPU pages and AWS's Trn2 architecture page state them."""
    assert D.systems[system].accelerators[0][1] == chips
    assert D.systems[system].scale_up_domain_size == chips


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_system_consistent_with_its_chips(system_id: str) -> None:
    """A system's scale-up domain fits in it, and its maximum power covers its accelerators' TDP."""
    system = D.systems[system_id]
    chips = sum(count for _, count in system.accelerators)
    if system.scale_up_domain_size is not None:
        assert 1 <= system.scale_up_domain_size <= chips
    if system.power_max_w is not None:
        tdp = sum(count * (D.accelerator(chip).tdp_w or 0.0) for chip, count in system.accelerators)
        assert tdp < system.power_max_w < 3 * tdp


@pytest.mark.parametrize("system_id", ["dgx-h100", "hgx-h200", "dgx-b200", "gb200-nvl72"])
def test_nvlink_domain_matches_the_chip_file(system_id: str) -> None:
    """The NVLink domain a system states equals the chip file's scale_up.domain_size."""
    system = D.systems[system_id]
    ((chip, _),) = system.accelerators
    assert system.scale_up_domain_size == D.accelerator(chip).scale_up_domain_size


def test_every_value_sourced_or_explained() -> None:
    """Each system value names a listed source or carries a reason; sources are dated no later than the review."""
    known = {source["id"] for source in BUNDLE["systems"]["sources"]}
    reviewed = dt.date.fromisoformat(BUNDLE["edition"]["last_reviewed"])
    for source in BUNDLE["systems"]["sources"]:
        assert dt.date.fromisoformat(source["checked"]) <= reviewed, source["id"]
    for item in BUNDLE["systems"]["items"]:
        for key, value in item["values"].items():
            if value["si"] is None and value["text"] is None:
                assert value["reason"], f"{item['id']} {key}"
            else:
                assert value["source"] in known, f"{item['id']} {key}"
