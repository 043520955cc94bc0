"""The data schema rejects broken files with a message naming file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from calc._tooling.bundle import build_bundle
from calc._tooling.schema import DataError

FIXTURES = Path(__file__).parent / "fixtures"

# case folder under fixtures/bad_data -> the exact error message
BROKEN = {
    "missing-checked": "test-chip.yaml [test-chip]: field 'sources.0.checked': Field required",
    "missing-url": "test-chip.yaml [test-chip]: field 'sources.0.url': Field required",
    "unknown-field": "test-chip.yaml [test-chip]: field 'ridge_point': unknown field",
    "wrong-dimension": "test-chip.yaml [test-chip]: field 'memory.capacity': '80 TB/s' is bytes_per_s, expected bytes",
    "sparse-not-doubled": (
        "test-chip.yaml [test-chip]: field 'sparse_headline.bf16': a 2:4 headline must be twice the dense "
        "compute.bf16; add bf16 to 'not_doubled' if the vendor publishes another ratio"
    ),
    "bidirectional-mismatch": (
        "test-chip.yaml [test-chip]: field 'scale_up.bidirectional': must be twice 'scale_up.per_direction'"
    ),
    "null-without-reason": "test-chip.yaml [test-chip]: field 'power.tdp': a null value needs a 'reason'",
    "unknown-source": "test-chip.yaml [test-chip]: field 'power.tdp': unknown source 'nowhere' (known: vendor-sheet)",
    "mla-without-rank": "models.yaml [latent-model]: field 'kv_lora_rank': MLA needs kv_lora_rank and rope_head_dim",
    "experts-without-top-k": (
        "models.yaml [sparse-model]: field 'experts': a mixture of experts needs experts, experts_per_token and "
        "expert_ffn_hidden_size"
    ),
    "measured-above-peak": (
        "test-chip.yaml [test-chip]: field 'measured.matmul.bf16': measured 1000 TFLOP/s must be below the peak "
        "compute.bf16 = 989.4 TFLOP/s (at or above the peak it is a spec number or an error)"
    ),
    "measured-without-software": (
        "test-chip.yaml [test-chip]: field 'measured.matmul.bf16': a measured value needs 'software'"
    ),
    "measured-without-benchmark": (
        "test-chip.yaml [test-chip]: field 'measured.matmul.bf16': a measured value needs 'benchmark'"
    ),
    "system-unknown-accelerator": (
        "systems.yaml [test-node]: field 'accelerators.0.id': unknown accelerator id 'no-such-chip'"
    ),
    "price-unknown-accelerator": (
        "economics.yaml [no-such-chip]: field 'accelerator_hour_usd': unknown accelerator id 'no-such-chip'"
    ),
    "unknown-topology": (
        "test-chip.yaml [test-chip]: field 'scale_up.topology': "
        "Input should be 'switch', 'mesh', 'torus', 'ring' or 'none'"
    ),
    "per-peer-above-total": (
        "test-chip.yaml [test-chip]: field 'scale_up.per_peer': larger than the per-direction total"
    ),
    "mesh-per-peer-mismatch": (
        "test-chip.yaml [test-chip]: field 'scale_up.per_peer': 7 links of per_peer must add up to the "
        "per-direction total for a mesh"
    ),
    "torus-without-dims": (
        "test-chip.yaml [test-chip]: field 'scale_up.torus_dims': a torus needs its number of dimensions"
    ),
    "none-with-bandwidth": (
        "test-chip.yaml [test-chip]: field 'scale_up.topology': 'none' cannot carry a scale-up bandwidth"
    ),
    "per-peer-wrong-dimension": (
        "test-chip.yaml [test-chip]: field 'scale_up.per_peer': '512 Gb/s' is bits_per_s, expected bytes_per_s"
    ),
}


def test_good_fixture_builds() -> None:
    """The unbroken fixture passes, so each broken case fails for its one change only."""
    bundle = build_bundle(FIXTURES / "good_data")
    assert [chip["id"] for chip in bundle["accelerators"]] == ["test-chip"]
    assert [system["id"] for system in bundle["systems"]["items"]] == ["test-node"]


def test_good_fixture_measured_and_internals_reach_the_loader() -> None:
    """The measured section becomes achievable figures; internals keep numbers, bytes and words apart."""
    from calc import parse_bundle

    data = parse_bundle(build_bundle(FIXTURES / "good_data"))
    chip = data.accelerator("test-chip")
    assert chip.achievable_flop_per_s["bf16"] == 794.5e12
    assert chip.achievable_memory_bandwidth_bytes_per_s is None
    assert chip.measured["measured.matmul.bf16"].software == "PyTorch 2.7.0+cu126"
    assert chip.measured["measured.memory_bandwidth"].reason == "No measurement in the fixture."
    assert chip.internals["internals.shared_memory_per_unit"].si == 228e3
    assert chip.internals["internals.unit_name"].text == "SM"
    assert [source["id"] for source in chip.sources] == ["vendor-sheet", "bench-table"]
    node = data.systems["test-node"]
    assert (node.accelerators, node.cpu_count, node.power_max_w, node.cooling) == (
        (("test-chip", 8),),
        2,
        10.2e3,
        "air",
    )


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_fixture_names_file_entry_and_field(case: str) -> None:
    """Each deliberately broken fixture fails the build with its precise message."""
    with pytest.raises(DataError) as error:
        build_bundle(FIXTURES / "bad_data" / case)
    assert str(error.value) == BROKEN[case]


def test_every_broken_fixture_has_an_expected_message() -> None:
    """No fixture folder is left untested."""
    folders = {path.name for path in (FIXTURES / "bad_data").iterdir() if path.is_dir()}
    assert folders == set(BROKEN)


def test_cli_reports_a_broken_file_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`data check --data DIR` on a broken folder exits 2 with one line on stderr."""
    from calc._tooling.cli import main

    code = main(["data", "check", "--data", str(FIXTURES / "bad_data" / "wrong-dimension")])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.strip().splitlines() == [
        "python -m calc data: test-chip.yaml [test-chip]: field 'memory.capacity': '80 TB/s' is bytes_per_s, expected bytes"
    ]


def test_data_error_is_a_calc_error() -> None:
    """Loading bad data raises the one error type calc callers already handle."""
    from calc import CalcError

    assert issubclass(DataError, CalcError)


@pytest.mark.parametrize(
    ("scale_up", "message"),
    [
        ({"topology": "switch", "torus_dims": 2}, "field 'scale_up.torus_dims': only a torus has dimensions"),
        (
            {"topology": "torus", "torus_dims": 2.5, "domain_size": 256},
            "field 'scale_up.torus_dims': must be a whole number from 1 to 6",
        ),
        (
            {"topology": "torus", "torus_dims": 3, "per_peer": "90 GB/s"},
            "field 'scale_up.per_peer': 6 links of per_peer must add up to the per-direction total for a torus",
        ),
        ({"topology": "ring", "per_peer": "300 GB/s"}, "field 'scale_up.per_peer': 2 links of per_peer"),
        ({"topology": "mesh", "domain_size": 1}, "field 'scale_up.domain_size': a mesh joins at least 2"),
    ],
)
def test_scale_up_topology_rules(scale_up: dict[str, object], message: str) -> None:
    """Torus dimensions only on a torus and whole; per-peer links add up to the total; a mesh has peers."""
    import yaml

    from calc._tooling.schema import check_accelerator

    raw = yaml.safe_load((FIXTURES / "good_data" / "accelerators" / "test-chip.yaml").read_text(encoding="utf-8"))
    raw["scale_up"].update(scale_up)
    with pytest.raises(DataError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_accelerator(raw, file_name="test-chip.yaml")
