"""`data check` on broken data: one line per problem naming the file, the entry and the field, exit 2, no traceback.

Each case corrupts one kind of field in a copy of data/ the way a maintainer's slip would. The plausible ranges
(calc/_tooling/bounds.py) catch the values that parse but cannot be right; an `outlier_reason` accepts one.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import calc._tooling.commands as commands
from calc import data_module, parse_quantity
from calc._tooling.bounds import BOUNDS, BOUNDS_SI, kind_of
from calc._tooling.bundle import build_bundle, default_data_dir
from calc._tooling.cli import main
from calc._tooling.schema import DIMENSIONS, SYSTEM_DIMENSIONS

ROOT = Path(__file__).resolve().parents[1]
Cli = Callable[..., tuple[int, str, str]]
Case = Callable[[Path], tuple[str, str, str]]  # corrupts a data folder; returns the file, entry and field to name


LOADER, DUMPER = getattr(yaml, "CSafeLoader", yaml.SafeLoader), getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _load(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)


def _edit(path: Path, change: Callable[[Any], None]) -> None:
    raw = _load(path)
    change(raw)
    path.write_text(yaml.dump(raw, Dumper=DUMPER, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _set(block: dict[str, Any], name: str, value: object) -> None:
    """Set a leaf's value, keeping its source and note when it is a mapping."""
    if isinstance(block[name], dict):
        block[name]["value"] = value
    else:
        block[name] = value


def _times_1000(text: str) -> str:
    match = re.fullmatch(r"([\d.]+) *(\S+)", text)
    assert match, f"{text!r} is not a figure with its unit"
    return f"{float(match.group(1)) * 1000:g} {match.group(2)}"


def _value(leaf: Any) -> Any:
    return leaf["value"] if isinstance(leaf, dict) else leaf


def _chip(change: Callable[[dict[str, Any]], None], field: str) -> Case:
    def case(data: Path) -> tuple[str, str, str]:
        _edit(data / "accelerators" / "h100-sxm.yaml", change)
        return "h100-sxm.yaml", "h100-sxm", field

    return case


def _bad_id(data: Path) -> tuple[str, str, str]:
    _edit(data / "models.yaml", lambda raw: raw["models"][0].update(id="Llama 3 70B"))
    return "models.yaml", "Llama 3 70B", "id"


def _bad_url(data: Path) -> tuple[str, str, str]:
    raw = _load(data / "interconnects.yaml")
    _edit(data / "interconnects.yaml", lambda raw: raw["sources"][0].update(url="www.example.com/spec.pdf"))
    return "interconnects.yaml", raw["sources"][0]["id"], "url"


def _empty_changelog(data: Path) -> tuple[str, str, str]:
    current = _load(data / "edition.yaml")["current"]

    def change(raw: Any) -> None:
        next(entry for entry in raw["editions"] if entry["id"] == current)["changelog"] = []

    _edit(data / "edition.yaml", change)
    return "edition.yaml", current, "changelog"


def _yaml_syntax(data: Path) -> tuple[str, str, str]:
    """An unclosed bracket in the first latency's `typical` line: the file no longer parses."""
    path = data / "latencies.yaml"
    first = _load(path)["latencies"][0]["id"]
    text, count = re.subn(r"^( +typical: ).*$", r"\1[1 ns", path.read_text(encoding="utf-8"), count=1, flags=re.M)
    assert count == 1, "latencies.yaml no longer has a `typical:` line to break"
    path.write_text(text, encoding="utf-8")
    return "latencies.yaml", first, "typical"


def _impossible_date(data: Path) -> tuple[str, str, str]:
    """A checked date with a thirteenth month: YAML reads it as a date and cannot build one."""
    path = data / "accelerators" / "h100-sxm.yaml"
    text, count = re.subn(
        r"^( +checked: )\S+$", r"\g<1>2024-13-01", path.read_text(encoding="utf-8"), count=1, flags=re.M
    )
    assert count == 1, "h100-sxm.yaml no longer has a `checked:` line"
    path.write_text(text, encoding="utf-8")
    return "h100-sxm.yaml", "h100-sxm", "sources.checked"


def _price(data: Path) -> tuple[str, str, str]:
    raw = _load(data / "economics.yaml")
    chip = next(iter(raw["accelerator_hour_usd"]))
    _edit(data / "economics.yaml", lambda raw: raw["accelerator_hour_usd"][chip].update(high=1000.0))
    return "economics.yaml", chip, f"accelerator_hour_usd.{chip}.high"


def _pue(data: Path) -> tuple[str, str, str]:
    _edit(data / "economics.yaml", lambda raw: raw["pue"].update(high=15.0))
    return "economics.yaml", "pue", "pue.high"


def _link(data: Path) -> tuple[str, str, str]:
    raw = _load(data / "interconnects.yaml")
    index, link = next((i, link) for i, link in enumerate(raw["interconnects"]) if _value(link.get("per_direction")))

    def change(raw: Any) -> None:
        _set(raw["interconnects"][index], "per_direction", _times_1000(_value(link["per_direction"])))

    _edit(data / "interconnects.yaml", change)
    return "interconnects.yaml", link["id"], "per_direction"


def _system_power(data: Path) -> tuple[str, str, str]:
    raw = _load(data / "systems.yaml")
    index, system = next((i, s) for i, s in enumerate(raw["systems"]) if _value(s["power_max"]) is not None)
    _edit(data / "systems.yaml", lambda raw: _set(raw["systems"][index], "power_max", "-10 kW"))
    return "systems.yaml", system["id"], "power_max"


def _sweep_off_its_peak(data: Path) -> tuple[str, str, str]:
    def change(chip: dict[str, Any]) -> None:
        chip["measured"]["scale_up_allreduce_sweep"]["bus_gbytes_s"][-1] = 23.158

    _edit(data / "accelerators" / "a100-sxm.yaml", change)
    return "a100-sxm.yaml", "a100-sxm", "measured.scale_up_allreduce_sweep.bus_gbytes_s"


def _shape_rate_above_peak(data: Path) -> tuple[str, str, str]:
    def change(chip: dict[str, Any]) -> None:
        chip["measured"]["matmul_shapes"]["bf16"]["tflops"][2][2][2] = 1000.0  # H100 SXM's BF16 peak is 989.4

    _edit(data / "accelerators" / "h100-sxm.yaml", change)
    return "h100-sxm.yaml", "h100-sxm", "measured.matmul_shapes.bf16.tflops"


def _shape_grid_short(data: Path) -> tuple[str, str, str]:
    def change(chip: dict[str, Any]) -> None:
        chip["measured"]["matmul_shapes"]["bf16"]["tflops"][0][0].pop()  # two figures for three k sizes

    _edit(data / "accelerators" / "h100-sxm.yaml", change)
    return "h100-sxm.yaml", "h100-sxm", "measured.matmul_shapes.bf16"


def _zero_kv_heads(data: Path) -> tuple[str, str, str]:
    raw = _load(data / "models.yaml")
    _edit(data / "models.yaml", lambda raw: raw["models"][0].update(kv_heads=0))
    return "models.yaml", raw["models"][0]["id"], "kv_heads"


FUTURE = dt.date.today() + dt.timedelta(days=3 * 365)
CASES: dict[str, Case] = {
    "negative capacity": _chip(lambda chip: _set(chip["memory"], "capacity", "-80 GB"), "memory.capacity"),
    "zero TDP": _chip(lambda chip: _set(chip["power"], "tdp", "0 W"), "power.tdp"),
    "1000x memory bandwidth": _chip(
        lambda chip: _set(chip["memory"], "bandwidth", _times_1000(_value(chip["memory"]["bandwidth"]))),
        "memory.bandwidth",
    ),
    "1000x dense BF16": _chip(
        lambda chip: _set(chip["compute"], "bf16", _times_1000(_value(chip["compute"]["bf16"]))), "compute.bf16"
    ),
    "future checked date": _chip(lambda chip: chip["sources"][0].update(checked=FUTURE), "sources.0.checked"),
    "reported capacity a digit off": _chip(
        lambda chip: _set(chip["measured"], "memory_capacity", "815590 MiB"), "measured.memory_capacity"
    ),
    "wrong unit": _chip(lambda chip: _set(chip["memory"], "capacity", "80 GB/s"), "memory.capacity"),
    "missing field": _chip(lambda chip: chip.pop("power"), "power"),
    "bad id": _bad_id,
    "bad URL": _bad_url,
    "empty changelog": _empty_changelog,
    "YAML syntax error": _yaml_syntax,
    "impossible date": _impossible_date,
    "1000x price": _price,
    "PUE of 15": _pue,
    "1000x link bandwidth": _link,
    "negative system power": _system_power,
    "zero KV heads": _zero_kv_heads,
    "sweep a digit off its peak": _sweep_off_its_peak,
    "matmul shape rate above the peak": _shape_rate_above_peak,
    "matmul shape grid a figure short": _shape_grid_short,
}


def _names(err: str, file: str, entry: str, field: str) -> bool:
    return any(
        line.startswith(f"python -m calc data: {file} [{entry}]: field '{field}': ") for line in err.splitlines()
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_broken_field_kind_is_named_on_one_line(case: str, data_dir: Path, cli: Cli) -> None:
    """Exit 2, nothing on stdout, no traceback; a line names the file, the entry and the field."""
    file, entry, field = CASES[case](data_dir)
    code, out, err = cli("data", "check", "--data", data_dir)
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    assert all(line.startswith("python -m calc data: ") for line in err.splitlines()), err
    assert _names(err, file, entry, field), f"no line names {file} [{entry}] field '{field}':\n{err}"


def test_every_problem_is_listed_not_only_the_first(data_dir: Path, cli: Cli) -> None:
    """Problems in several files, and several in one file, come out together."""
    chip_problems = ["negative capacity", "zero TDP", "1000x memory bandwidth"]
    others = ["bad id", "bad URL", "empty changelog", "YAML syntax error", "PUE of 15"]
    expected = [CASES[case](data_dir) for case in [*chip_problems, *others]]
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 2
    missing = [where for where in expected if not _names(err, *where)]
    assert not missing, f"not named: {missing}\n{err}"


def test_problems_read_in_spanish(data_dir: Path, cli: Cli) -> None:
    """The bounds' and dates' messages follow --lang."""
    CASES["negative capacity"](data_dir)
    CASES["future checked date"](data_dir)
    _pue(data_dir)
    code, _, err = cli("data", "check", "--data", data_dir, "--lang", "es")
    assert code == 2
    assert "campo 'memory.capacity': '-80 GB' tiene que ser mayor que cero" in err
    assert f"campo 'sources.0.checked': {FUTURE.isoformat()} está en el futuro" in err
    assert "campo 'pue.high': '15.0' está fuera del intervalo plausible para esta edición, de 1 a 3" in err


def _bandwidth(data: Path, leaf: object) -> None:
    _edit(data / "accelerators" / "h100-sxm.yaml", lambda chip: chip["memory"].update(bandwidth=leaf))


def test_an_outlier_with_a_stated_reason_is_accepted(data_dir: Path, cli: Cli) -> None:
    """Outside the range, a value passes once its file says why; the reason must be needed and not blank."""
    reason = "A hypothetical 16-stack HBM part, to show the override."
    _bandwidth(data_dir, "40 TB/s")
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 2 and "'40 TB/s' is outside the plausible range for this edition, 200 GB/s to 30 TB/s" in err
    _bandwidth(data_dir, {"value": "40 TB/s", "outlier_reason": reason})
    code, out, err = cli("data", "check", "--data", data_dir)
    assert (code, err) == (0, ""), err
    assert "is valid" in out
    _bandwidth(data_dir, {"value": "3.35 TB/s", "outlier_reason": reason})
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 2 and "field 'memory.bandwidth': '3.35 TB/s' is within the plausible range" in err
    _bandwidth(data_dir, {"value": "40 TB/s", "outlier_reason": "  "})
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 2 and "field 'memory.bandwidth.outlier_reason': must not be blank" in err


def test_an_outlier_reason_cannot_make_a_zero_plausible(data_dir: Path, cli: Cli) -> None:
    """A TDP of 0 W stays an error whatever the file says."""
    _edit(
        data_dir / "accelerators" / "h100-sxm.yaml",
        lambda chip: chip["power"].update(tdp={"value": "0 W", "outlier_reason": "idle"}),
    )
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 2 and "field 'power.tdp': '0 W' must be greater than zero" in err


def test_a_range_outlier_reason_covers_low_typical_and_high(data_dir: Path, cli: Cli) -> None:
    """One `outlier_reason` on a price or PUE range accepts its low, typical or high figure."""
    _edit(
        data_dir / "economics.yaml",
        lambda raw: raw["pue"].update(high=3.5, outlier_reason="An air-cooled hall at 45 °C."),
    )
    code, _, err = cli("data", "check", "--data", data_dir)
    assert (code, err) == (0, ""), err


@pytest.fixture()
def broken_checkout(data_dir: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This checkout's data/ as if it were broken: what calc loads and what `data check` reads by default."""
    CASES["negative capacity"](data_dir)
    CASES["bad URL"](data_dir)
    monkeypatch.setenv("X4_DATA_BUNDLE", str(data_dir / "no-bundle.json"))
    monkeypatch.setattr(data_module, "_loaded", None)
    monkeypatch.setattr(data_module, "_checkout_bundle", lambda: build_bundle(data_dir))
    monkeypatch.setattr(commands, "default_data_dir", lambda: data_dir)
    return data_dir


@pytest.mark.parametrize("args", [["--help"], ["tco", "--help"], ["roofline", "--help"], ["data", "check", "--help"]])
def test_help_works_while_the_data_is_broken(
    args: list[str], broken_checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The parser reads defaults from the data to word its help; broken data leaves those figures out, nothing more."""
    with pytest.raises(SystemExit) as done:
        main(args)
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("usage: python -m calc")
    if args[0] == "tco":
        assert "the data does not load, see `python -m calc data check`" in " ".join(out.split())


def test_calculators_and_data_check_refuse_broken_data_cleanly(broken_checkout: Path, cli: Cli) -> None:
    """With the checkout's data broken, `data check` and a calculator exit 2 naming each problem."""
    code, out, err = cli("data", "check")
    assert (code, out) == (2, "")
    assert _names(err, "h100-sxm.yaml", "h100-sxm", "memory.capacity")
    code, out, err = cli("roofline", "--accelerator", "h100-sxm", "--intensity", "100", "--lang", "es")
    assert (code, out) == (2, "")
    assert "python -m calc roofline: h100-sxm.yaml [h100-sxm]: campo 'memory.capacity'" in err


def test_the_real_command_line_prints_help_on_broken_data(tmp_path: Path) -> None:
    """`python -m calc --help` in a checkout whose data/ is broken: exit 0, no traceback."""
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "calc", checkout / "calc", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(default_data_dir(), checkout / "data", ignore=shutil.ignore_patterns("changes"))
    CASES["zero TDP"](checkout / "data")
    CASES["bad URL"](checkout / "data")
    env = {key: value for key, value in os.environ.items() if key != "X4_DATA_BUNDLE"}
    env["PYTHONPATH"] = str(checkout)
    done = subprocess.run(
        [sys.executable, "-m", "calc", "--help"], cwd=checkout, env=env, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: python -m calc")


def test_the_bounds_table_covers_every_quantity_in_its_unit() -> None:
    """Every quantity field has a row; each bound is written in the field's dimension, low below high."""
    dimensions = {kind_of(key): dimension for key, dimension in DIMENSIONS.items() if key != "scale_up.torus_dims"}
    dimensions.update({f"system.{key}": dimension for key, dimension in SYSTEM_DIMENSIONS.items()})
    dimensions.update(
        {"interconnect.bandwidth": "bytes_per_s", "interconnect.latency": "seconds", "latency": "seconds"}
    )
    assert set(dimensions) <= set(BOUNDS), sorted(set(dimensions) - set(BOUNDS))
    for kind, (low, high) in BOUNDS.items():
        assert 0 <= BOUNDS_SI[kind][0] < BOUNDS_SI[kind][1], kind
        for bound in (low, high):
            if isinstance(bound, str):
                assert parse_quantity(bound)[1] == dimensions[kind], (kind, bound)
            else:
                assert dimensions.get(kind, "number") in ("count", "number"), (kind, bound)
