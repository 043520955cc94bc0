"""Collectives: ring AllReduce, AllGather, ReduceScatter, all-to-all and hierarchical AllReduce."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError


def test_allreduce_nccl_bus_bandwidth_convention() -> None:
    """1 GB across 8 GPUs at 450 GB/s per direction: 2·7/8·1e9/450e9 ≈ 3.89 ms; algorithm bandwidth is
    busbw × n / (2(n−1)) (nccl-tests PERFORMANCE.md)."""
    q = calc.allreduce(bytes_total=1e9, count=8, link_bytes_per_s=450e9).to_dict()
    assert q["seconds"] == pytest.approx(2 * 7 / 8 * 1e9 / 450e9)
    assert q["algorithm_bytes_per_s"] == pytest.approx(450e9 * 8 / 14)


def test_allgather_is_half_an_allreduce_and_latency_adds() -> None:
    """AllGather and ReduceScatter each cost half the AllReduce; the latency term is (n−1)·α per phase."""
    ar = calc.ring_allreduce_seconds(bytes_total=1e9, count=8, link_bytes_per_s=450e9)
    assert calc.ring_allgather_seconds(bytes_total=1e9, count=8, link_bytes_per_s=450e9) == pytest.approx(ar / 2)
    assert calc.ring_reducescatter_seconds(bytes_total=1e9, count=8, link_bytes_per_s=450e9) == pytest.approx(ar / 2)
    with_latency = calc.ring_allreduce_seconds(bytes_total=1e9, count=8, link_bytes_per_s=450e9, latency_s=5e-6)
    assert with_latency == pytest.approx(ar + 14 * 5e-6)
    assert calc.allgather(bytes_total=1e9, count=8, link_bytes_per_s=450e9, latency_s=5e-6).to_dict()[
        "seconds"
    ] == pytest.approx(ar / 2 + 7 * 5e-6)


def test_one_accelerator_costs_nothing() -> None:
    """A one-device collective costs zero (mlsysim's edge case)."""
    assert calc.ring_allreduce_seconds(bytes_total=1e9, count=1, link_bytes_per_s=1e9, latency_s=1e-3) == 0.0


def test_all_to_all_example() -> None:
    """256 MB per GPU across 64 GPUs at 50 GB/s: 63/64 · 256e6 / 50e9 ≈ 5.04 ms."""
    assert calc.all_to_all_seconds(bytes_total=256e6, count=64, link_bytes_per_s=50e9) == pytest.approx(
        5.04e-3, rel=1e-3
    )


def test_hierarchical_beats_flat_ring_over_slow_nics() -> None:
    """1 GB on 1024 H100s: hierarchical ≈ 3.89 ms + 4.96 ms, far below a flat ring over 50 GB/s NICs (≈ 40 ms)."""
    hier = calc.hierarchical_allreduce_seconds(
        bytes_total=1e9, count=1024, domain_size=8, scale_up_bytes_per_s=450e9, scale_out_bytes_per_s=50e9
    )
    assert hier == pytest.approx(2 * 7 / 8 * 1e9 / 450e9 + 2 * 127 / 128 * 1e9 / 8 / 50e9)
    assert hier < calc.ring_allreduce_seconds(bytes_total=1e9, count=1024, link_bytes_per_s=50e9)


def test_overlap_needed() -> None:
    """0.7 s of sync under 3.5 s of compute needs 20 % overlap; more sync than compute caps at 1."""
    assert calc.overlap_needed(sync_seconds=0.7, compute_seconds=3.5) == pytest.approx(0.2)
    assert calc.overlap_needed(sync_seconds=7, compute_seconds=3.5) == 1.0


@given(size=st.floats(0, 1e15), n=st.integers(1, 10**6), link=st.floats(1e6, 1e13), alpha=st.floats(0, 1e-3))
def test_collectives_finite_and_monotone(size: float, n: int, link: float, alpha: float) -> None:
    """Times are finite, non-negative, grow with the buffer and shrink with more bandwidth."""
    t = calc.ring_allreduce_seconds(bytes_total=size, count=n, link_bytes_per_s=link, latency_s=alpha)
    assert math.isfinite(t) and t >= 0
    assert calc.ring_allreduce_seconds(bytes_total=size * 2, count=n, link_bytes_per_s=link, latency_s=alpha) >= t
    assert calc.ring_allreduce_seconds(bytes_total=size, count=n, link_bytes_per_s=link * 2, latency_s=alpha) <= t


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"bytes_total": -1}, "bytes"),
        ({"count": 0}, "count"),
        ({"count": 2.5}, "count"),
        ({"link_bytes_per_s": 0}, "link_bytes_per_s"),
        ({"latency_s": -1e-6}, "latency_s"),
        ({"bytes_total": float("nan")}, "bytes"),
    ],
)
def test_bad_input(kwargs: dict, field: str) -> None:
    """Every bad collective input raises CalcError naming the field."""
    args = {"bytes_total": 1e9, "count": 8, "link_bytes_per_s": 1e11, **kwargs}
    for function in (calc.allreduce, calc.allgather, calc.reducescatter, calc.alltoall):
        with pytest.raises(CalcError) as raised:
            function(**args)
        assert raised.value.field == field


def test_allreduce_on_a_chip_takes_its_measured_bus_bandwidth_and_call_time() -> None:
    """8 × MI300X on Infinity Fabric: rccl-tests' 319 GB/s AllReduce bus bandwidth and the measured 7.5 µs of a small
    message (data/accelerators/mi300x.yaml): 2·7/8 · 1 GB / 319 GB/s + 7.5 µs = 5.49 ms, and the bus bandwidth it
    reports back is nccl-tests' 2(n − 1)/n · S / T."""
    q = calc.compute("allreduce", {"accelerator": "mi300x", "bytes": "1G", "count": "8"}).quantities
    assert q["seconds"] == pytest.approx(2 * 7 / 8 * 1e9 / 319e9 + 7.5e-6)
    assert q["bus_bytes_per_s"] == pytest.approx(2 * 7 / 8 * 1e9 / q["seconds"])
    assert q["latency_seconds"] == pytest.approx(7.5e-6)


def test_allreduce_on_h100_reads_the_measured_sweep_at_its_size() -> None:
    """8 × H100 (Azure ND H100 v5, NCCL 2.18.5, NVLS): 43.70 GB/s of bus bandwidth at 1 MiB and 478.87 at 8 GiB, not
    one latency plus 480 GB/s, which would give a 1 MiB AllReduce 2·7/8·1 MiB / (6 µs + 3.8 µs) = 187 GB/s."""
    for size, bus in (("1048576", 43.70e9), ("8589934592", 478.87e9)):
        q = calc.compute("allreduce", {"accelerator": "h100-sxm", "bytes": size, "count": "8"}).quantities
        assert q["bus_bytes_per_s"] == pytest.approx(bus)
        assert q["seconds"] == pytest.approx(2 * 7 / 8 * float(size) / bus)


def test_allreduce_on_a_chip_spans_nodes_as_the_planner_does() -> None:
    """1,024 H100: inside each node at the measured NVLink share, across nodes at 47 of the NIC's 50 GB/s."""
    q = calc.compute("allreduce", {"accelerator": "h100-sxm", "bytes": "1G", "count": "1024"}).quantities
    inside = 2 * 7 / 8 * 1e9 / 480e9
    across = 2 * 127 / 128 * (1e9 / 8) / 47e9
    assert q["seconds"] == pytest.approx(inside + across + 6e-6)


def test_a_link_given_without_a_chip_keeps_the_ring_formula() -> None:
    """The flags readers script against are unchanged: 1 GB on 8 GPUs at 450 GB/s is 3.89 ms with no latency."""
    q = calc.compute("allreduce", {"bytes": "1G", "count": "8", "link_gbytes_s": "450"}).quantities
    assert q["seconds"] == pytest.approx(2 * 7 / 8 * 1e9 / 450e9)


def test_alltoall_across_nodes_pays_the_nics_latency_not_nvlinks() -> None:
    """An expert all-to-all that leaves the NVLink domain pays one message over the NICs per peer outside it (the
    InfiniBand latency of data/latencies.yaml, or the chip's measured call across nodes), beside the call inside."""
    from dataclasses import replace

    data = calc.load_data()
    ib = data.latencies["infiniband-gpu-message"].typical_s
    assert ib > data.latencies["nvlink-round-trip"].typical_s
    links = calc.chip_links(data.accelerator("h800-sxm"))
    inside = calc.planner_collective("alltoall", 1e6, 8, 1, links)  # one node: NVLink only
    across = calc.planner_collective("alltoall", 1e6, 64, 1, links)  # EP 64 over 8 nodes
    assert across.where == "both"
    assert across.latency == pytest.approx(inside.latency + (64 - 8) * ib)
    measured = replace(links, out_latency=40e-6)  # a chip whose all-to-all across nodes was measured
    assert calc.planner_collective("alltoall", 1e6, 64, 1, measured).latency == pytest.approx(inside.latency + 40e-6)
    spread = calc.planner_collective("alltoall", 1e6, 16, 8, links)  # one rank per node: every peer over the NICs
    assert spread.where == "out" and spread.latency == pytest.approx(15 * ib)


A100_SWEEP = ((64 * 2**20, 166.63e9), (128 * 2**20, 174.18e9))  # Azure ND A100 v4, nccl-tests, 8 A100


def test_a_swept_bus_bandwidth_interpolates_on_log_scales() -> None:
    """Azure's ND A100 v4 sweep: 166.63 GB/s at 64 MiB, 174.18 GB/s at 128 MiB; halfway on a log scale (64·√2 MiB)
    the geometric mean, 170.36 GB/s. Below the smallest size the time stays the smallest's; above the largest the
    bandwidth stays the largest's."""
    middle = 64 * 2**20 * 2**0.5
    assert calc.swept_bus_bandwidth(middle, A100_SWEEP) == pytest.approx(170.36e9, rel=1e-4)
    assert calc.swept_bus_bandwidth(32 * 2**20, A100_SWEEP) == pytest.approx(166.63e9 / 2)
    assert calc.swept_bus_bandwidth(2**30, A100_SWEEP) == 174.18e9


def test_allreduce_on_a_chip_with_a_sweep_takes_the_measured_figure_at_each_size() -> None:
    """8 × A100: at each size Azure measured, the calculator's bus bandwidth is the measured one (109.22 GB/s at
    16 MiB, where one latency plus the large-message 231.58 GB/s would claim about 200), the same the planner uses."""
    for size, measured in ((2**24, 109.22e9), (2**30, 228.10e9), (2**20, 36.22e9)):
        q = calc.compute("allreduce", {"accelerator": "a100-sxm", "bytes": str(size), "count": "8"}).quantities
        assert q["bus_bytes_per_s"] == pytest.approx(measured)
        assert q["latency_seconds"] == 0
