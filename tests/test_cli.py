"""The CLI: the flags and JSON keys issue 4 lists, JSON equal to the Python API, one-line errors naming the flag."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import calc
from calc._tooling.cli import main

# (argv, the Python call it must equal, JSON keys the issue requires)
CASES = [
    (
        ["roofline", "--accelerator", "h100-sxm", "--intensity", "100"],
        lambda: calc.roofline(accelerator="h100-sxm", intensity_flop_per_byte=100),
        {"ridge_point_flop_per_byte", "peak_flop_per_s", "bandwidth_bytes_per_s", "attainable_flop_per_s", "bound"},
    ),
    (
        ["matmul", "--m", "256", "--k", "8k", "--n", "8k", "--peak-tflops", "989.4", "--bandwidth-tbps", "3.35"],
        lambda: calc.matmul(m=256, k=8000, n=8000, peak_flop_per_s=989.4e12, bandwidth_bytes_per_s=3.35e12),
        {"flops", "bytes", "intensity_flop_per_byte", "seconds", "bound"},
    ),
    (
        [
            "training",
            "--params",
            "70B",
            "--tokens",
            "1T",
            "--accelerator",
            "h100-sxm",
            "--count",
            "1024",
            "--mfu",
            "0.5",
            "--price",
            "3",
            "--pue",
            "1.2",
            "--electricity",
            "0.10",
            "--carbon",
            "400",
        ],
        lambda: calc.training(
            params=70e9,
            tokens=1e12,
            accelerator="h100-sxm",
            count=1024,
            mfu=0.5,
            price_usd_per_hour_per_accelerator=3,
            pue=1.2,
            electricity_usd_per_kwh=0.10,
            carbon_g_per_kwh=400,
        ),
        {
            "total_flops",
            "seconds",
            "days",
            "accelerator_hours",
            "cloud_cost_usd",
            "it_power_kw",
            "facility_power_kw",
            "energy_mwh",
            "electricity_cost_usd",
            "co2_tonnes",
            "bottleneck",
        },
    ),
    (
        [
            "training",
            "--params",
            "70B",
            "--tokens",
            "1T",
            "--peak-tflops",
            "989.4",
            "--count",
            "1024",
            "--mfu",
            "0.5",
            "--watts",
            "700",
            "--flops-per-token-per-param",
            "8",
            "--node-overhead",
            "1.0",
        ],
        # Price, PUE and electricity default to the edition's data in the API, the CLI and the page alike.
        lambda: calc.training(
            params=70e9,
            tokens=1e12,
            peak_flop_per_s=989.4e12,
            count=1024,
            mfu=0.5,
            watts=700,
            flops_per_token_per_param=8,
        ),
        {"total_flops", "days", "bottleneck"},
    ),
    (
        ["training-memory", "--params", "7.5B", "--recipe", "adam-mixed", "--zero", "2", "--count", "64"],
        lambda: calc.training_memory(params=7.5e9, recipe="adam-mixed", zero_stage=2, count=64, accelerator="h100-sxm"),
        {"bytes_per_param", "total_bytes", "per_accelerator_bytes"},
    ),
    (
        [
            "kv-cache",
            "--layers",
            "80",
            "--kv-heads",
            "8",
            "--head-dim",
            "128",
            "--context",
            "32768",
            "--bytes-per-value",
            "1",
        ],
        lambda: calc.kv_cache(layers=80, kv_heads=8, head_dim=128, context=32768, bytes_per_value=1),
        {"bytes_per_token", "total_bytes"},
    ),
    (
        [
            "kv-cache",
            "--layers",
            "61",
            "--attention",
            "mla",
            "--kv-lora-rank",
            "512",
            "--rope-dim",
            "64",
            "--context",
            "128k",
            "--batch",
            "4",
        ],
        lambda: calc.kv_cache(layers=61, attention="mla", kv_lora_rank=512, rope_head_dim=64, context=128000, batch=4),
        {"bytes_per_token", "total_bytes"},
    ),
    (
        [
            "kv-cache",
            "--layers",
            "32",
            "--kv-heads",
            "8",
            "--head-dim",
            "128",
            "--attention",
            "sliding",
            "--window",
            "4096",
            "--context",
            "32k",
        ],
        lambda: calc.kv_cache(layers=32, kv_heads=8, head_dim=128, attention="sliding", window=4096, context=32000),
        {"bytes_per_token", "total_bytes"},
    ),
    (
        [
            "decode",
            "--weights-bytes",
            "14G",
            "--kv-bytes",
            "2G",
            "--batch",
            "16",
            "--accelerator",
            "h100-sxm",
            "--count",
            "2",
        ],
        lambda: calc.decode(weight_bytes_total=14e9, kv_bytes=2e9, batch=16, accelerator="h100-sxm", count=2),
        {"step_seconds", "tokens_per_second", "batch_tokens_per_second"},
    ),
    (
        ["decode", "--weights-bytes", "14G", "--bandwidth-tbps", "3.35"],
        lambda: calc.decode(weight_bytes_total=14e9, bandwidth_bytes_per_s=3.35e12),
        {"step_seconds", "tokens_per_second", "batch_tokens_per_second"},
    ),
    (
        ["allreduce", "--bytes", "1G", "--count", "8", "--link-gbytes-s", "450", "--latency-us", "5"],
        lambda: calc.allreduce(bytes_total=1e9, count=8, link_bytes_per_s=450e9, latency_s=5e-6),
        {"seconds"},
    ),
    (
        ["allgather", "--bytes", "1G", "--count", "8", "--link-gbytes-s", "450"],
        lambda: calc.allgather(bytes_total=1e9, count=8, link_bytes_per_s=450e9),
        {"seconds"},
    ),
    (
        ["power", "--accelerator", "gb200", "--count", "1024", "--pue", "1.2", "--site-mw", "100"],
        lambda: calc.power(accelerator="gb200", count=1024, pue=1.2, site_w=100e6),
        {
            "facility_power_mw",
            "it_power_kw",
            "rack_power_kw",
            "racks",
            "cooling",
            "energy_mwh_per_year",
            "electricity_cost_usd_per_year",
            "site_accelerators",
        },
    ),
]


@pytest.mark.parametrize("argv, api, keys", CASES, ids=[" ".join(case[0][:1] + case[0][1:3]) for case in CASES])
def test_json_equals_python_api(
    argv: list[str], api: object, keys: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`--json` prints exactly the Python API's to_dict(), with every key issue 4 lists."""
    assert main([*argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = api().to_dict()  # type: ignore[operator]
    assert printed == expected
    assert keys <= set(printed)


@pytest.mark.parametrize("argv", [case[0] for case in CASES])
def test_text_output_in_both_languages(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Text output prints the derivation; Spanish uses a different label set."""
    assert main(argv) == 0
    english = capsys.readouterr().out
    assert main([*argv, "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert english.strip() and spanish.strip() and english != spanish


@pytest.mark.parametrize(
    "argv, flag",
    [
        (["training", "--mfu", "1.5"], "--mfu"),
        (["training", "--count", "0"], "--count"),
        (["training", "--params", "lots"], "--params"),
        (["training", "--peak-tflops", "-1"], "--peak-tflops"),
        (["training", "--pue", "0.5"], "--pue"),
        (["training-memory", "--zero", "5"], "--zero"),
        (["training-memory", "--recipe", "sgd"], "--recipe"),
        (["kv-cache", "--layers", "0", "--context", "10"], "--layers"),
        (["kv-cache", "--kv-heads", "8", "--context", "-1"], "--context"),
        (["kv-cache", "--model", "llama-3-70b", "--context", "128kb"], "--context"),
        (["decode", "--weights-bytes", "-5"], "--weights-bytes"),
        (["decode", "--accelerator", "nope"], "--accelerator"),
        (["allreduce", "--link-gbytes-s", "0"], "--link-gbytes-s"),
        (["allgather", "--count", "2.5"], "--count"),
        (["matmul", "--m", "0"], "--m"),
        (["power", "--system", "nope"], "--system"),
        (["power", "--load", "1.5"], "--load"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_bad_input_exits_2_with_one_line(
    argv: list[str], flag: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input: exit code 2 and exactly one stderr line, in the chosen language, naming the flag."""
    assert main([*argv, "--lang", lang]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and flag in lines[0]
    assert captured.out == ""
    spanish_words = ("debe", "se esperaba", "no es", "desconocido", "uno de")
    assert any(word in lines[0] for word in spanish_words) == (lang == "es")


def test_binary_suffix_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--context 128Ki is Llama 3's 131,072 tokens; 128k stays 128,000."""
    tokens = {}
    for text in ("128Ki", "128k"):
        assert main(["kv-cache", "--model", "llama-3-70b", "--context", text, "--json"]) == 0
        tokens[text] = json.loads(capsys.readouterr().out)["total_bytes"]
    expected = calc.kv_cache(model="llama-3-70b", context=131_072).quantities["total_bytes"]
    assert tokens["128Ki"] == pytest.approx(expected)
    assert tokens["128k"] == pytest.approx(expected * 128_000 / 131_072)


def test_module_entry_point() -> None:
    """`python -m calc allreduce ... --json` runs as a process and prints one JSON object."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "calc",
            "allreduce",
            "--bytes",
            "1G",
            "--count",
            "8",
            "--link-gbytes-s",
            "450",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["seconds"] == pytest.approx(2 * 7 / 8 * 1e9 / 450e9)
