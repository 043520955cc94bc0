"""`python -m calc specs --json`: keys and unit conversions."""

from __future__ import annotations

import json

import pytest

import calc
from calc._tooling.cli import main

KEYS = {
    "id",
    "vendor",
    "name",
    "memory_gb",
    "reported_memory_gb",
    "memory_bandwidth_tbps",
    "tdp_w",
    "dense_tflops",
    "achievable_tflops",
    "achievable_memory_bandwidth_tbps",
    "scale_up",
    "scale_out_gbits_s",
    "sources",
}


@pytest.fixture(scope="module")
def rows() -> dict[str, dict]:
    """The specs JSON, keyed by id (run through the real CLI entry point)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["specs", "--json"]) == 0
    return {row["id"]: row for row in json.loads(out.getvalue())}


def test_keys(rows: dict[str, dict]) -> None:
    """Every object has exactly the issue's keys, with the nested keys too."""
    for row in rows.values():
        assert set(row) == KEYS
        assert set(row["dense_tflops"]) == {"fp64", "fp32", "tf32", "bf16", "fp8", "fp4", "int8"}
        assert set(row["achievable_tflops"]) == set(row["dense_tflops"])
        # The keys, plus topology and per-link figures (a mesh pair gets 1/7 of the total).
        assert set(row["scale_up"]) == {
            "name",
            "bidirectional_gbytes_s",
            "domain_size",
            "topology",
            "per_direction_gbytes_s",
            "per_peer_gbytes_s",
        }
        assert row["sources"] and all(set(s) == {"title", "url", "checked"} for s in row["sources"])


def test_units(rows: dict[str, dict]) -> None:
    """Decimal GB and TB/s, dense TFLOP/s, both directions in GB/s, scale-out in Gb/s."""
    h100 = rows["h100-sxm"]
    assert h100["memory_gb"] == 80
    assert h100["reported_memory_gb"] == pytest.approx(81_559 * 2**20 / 1e9)  # nvidia-smi, NVIDIA/nccl issue #1264
    assert h100["memory_bandwidth_tbps"] == 3.35
    assert h100["dense_tflops"]["bf16"] == pytest.approx(989.4)
    assert h100["dense_tflops"]["fp4"] is None
    assert h100["scale_up"]["bidirectional_gbytes_s"] == 900
    assert h100["scale_out_gbits_s"] == 400


def test_gib_figure_converted_to_decimal_gb(rows: dict[str, dict]) -> None:
    """TPU v5p's 95 GiB is reported as 102.005 decimal GB; Trainium2's 96 GiB as 103.08 GB."""
    assert rows["tpu-v5p"]["memory_gb"] == pytest.approx(95 * 2**30 / 1e9, rel=1e-6)
    assert rows["trainium2"]["memory_gb"] == pytest.approx(103.079, rel=1e-4)


def test_bidirectional_from_per_direction(rows: dict[str, dict]) -> None:
    """Where only one direction is published the JSON still sums both (TPU v6e: 400 each way = 800)."""
    assert rows["tpu-v6e"]["scale_up"]["bidirectional_gbytes_s"] == 800
    assert rows["mi300x"]["scale_up"]["per_peer_gbytes_s"] == 64 and rows["mi300x"]["scale_up"]["topology"] == "mesh"


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json, specs prints a readable table with one line per chip."""
    assert main(["specs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["id", "vendor"]
    assert any(line.startswith("h100-sxm") for line in lines)
    assert len(lines) == len(calc.load_data().accelerators) + 2


def test_data_check_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """`data check` validates the checkout's data and prints a summary."""
    assert main(["data", "check"]) == 0
    out = capsys.readouterr().out
    assert "is valid" in out and f"accelerators   {len(calc.load_data().accelerators)} " in out
