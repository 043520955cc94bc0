# CLI commands that need the CPython tooling: `data check` and `specs [--json]`.
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .._internal.data import Accelerator, DataBundle, load_data
from .bundle import build_bundle, default_data_dir, use_data_dir

__all__ = ["add_commands", "use_data_dir"]

SPEC_DTYPES = ("fp64", "fp32", "tf32", "bf16", "fp8", "fp4", "int8")


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register `data check` and `specs` on the CLI's subparsers."""
    data = commands.add_parser("data", help="validate the data files")
    data_commands = data.add_subparsers(dest="data_command", required=True, parser_class=type(data))
    check = data_commands.add_parser("check", help="validate every file in data/ and print a summary")
    check.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder")
    check.set_defaults(run_tooling=run_check)
    specs = commands.add_parser("specs", help="print the accelerator spec table")
    specs.add_argument("--json", action="store_true", help="print a JSON list, one object per accelerator")
    specs.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder")
    specs.set_defaults(run_tooling=run_specs)


def _data_dir(args: argparse.Namespace) -> Path:
    chosen = getattr(args, "sub_data", None) or getattr(args, "data", None)
    return Path(chosen) if chosen else default_data_dir()


def run_check(args: argparse.Namespace) -> int:
    """Validate data/ from scratch (not the cached bundle) and print what it holds."""
    data_dir = _data_dir(args)
    bundle = build_bundle(data_dir)  # raises DataError, which the CLI prints as one line, exit 2
    values = [v for chip in bundle["accelerators"] for v in chip["values"].values()]
    known = sum(1 for v in values if v["si"] is not None)
    sources = sum(len(chip["sources"]) for chip in bundle["accelerators"])
    for name in ("interconnects", "latencies", "models"):
        sources += len(bundle[name]["sources"])
    economics = bundle.get("economics") or {}
    sources += len(economics.get("sources", []))
    edition = bundle.get("edition") or {}
    print(f"data check: {data_dir} is valid")
    print(f"  edition        {edition.get('name', '?')} (last reviewed {edition.get('last_reviewed', '?')})")
    print(f"  accelerators   {len(bundle['accelerators'])} ({known} values, {len(values) - known} null with a reason)")
    print(f"  models         {len(bundle['models']['items'])}")
    print(f"  interconnects  {len(bundle['interconnects']['items'])}")
    print(f"  latencies      {len(bundle['latencies']['items'])}")
    print(f"  prices         {len(economics.get('accelerator_hour_usd', {}))} accelerators")
    print(f"  sources        {sources}")
    return 0


def _scaled(value: float | None, factor: float) -> float | None:
    return None if value is None else round(value / factor, 6)


def spec_row(chip: Accelerator) -> dict[str, Any]:
    """One accelerator as the `specs --json` object: decimal GB, TB/s, TFLOP/s (TOPS for INT8), Gb/s."""
    per_direction = chip.scale_up_per_direction_bytes_per_s
    both = chip.values.get("scale_up.bidirectional")
    both_si = both.si if both and both.si is not None else (2 * per_direction if per_direction else None)
    return {
        "id": chip.id,
        "vendor": chip.vendor,
        "name": chip.name,
        "memory_gb": _scaled(chip.memory_bytes, 1e9),
        "memory_bandwidth_tbps": _scaled(chip.memory_bandwidth_bytes_per_s, 1e12),
        "tdp_w": chip.tdp_w,
        "dense_tflops": {dtype: _scaled(chip.dense_flop_per_s.get(dtype), 1e12) for dtype in SPEC_DTYPES},
        "scale_up": {
            "name": chip.scale_up_name,
            "bidirectional_gbytes_s": _scaled(both_si, 1e9),
            "domain_size": chip.scale_up_domain_size,
        },
        "scale_out_gbits_s": _scaled(chip.scale_out_bits_per_s, 1e9),
        "sources": [{"title": s["title"], "url": s["url"], "checked": s["checked"]} for s in chip.sources],
    }


def spec_rows(bundle: DataBundle) -> list[dict[str, Any]]:
    """Every accelerator's spec object, in id order."""
    return [spec_row(bundle.accelerators[key]) for key in sorted(bundle.accelerators)]


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:,.1f}" if value < 1e5 else f"{value:,.0f}"
    return str(value)


def run_specs(args: argparse.Namespace) -> int:
    """Print the spec table (text, or JSON with --json)."""
    rows = spec_rows(load_data())
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    header = (
        "id",
        "vendor",
        "mem GB",
        "TB/s",
        "TDP W",
        "BF16 TF",
        "FP8 TF",
        "FP4 TF",
        "FP64 TF",
        "up GB/s",
        "domain",
        "out Gb/s",
    )
    table = [header] + [
        (
            row["id"],
            row["vendor"],
            _cell(row["memory_gb"]),
            _cell(row["memory_bandwidth_tbps"]),
            _cell(row["tdp_w"]),
            _cell(row["dense_tflops"]["bf16"]),
            _cell(row["dense_tflops"]["fp8"]),
            _cell(row["dense_tflops"]["fp4"]),
            _cell(row["dense_tflops"]["fp64"]),
            _cell(row["scale_up"]["bidirectional_gbytes_s"]),
            _cell(row["scale_up"]["domain_size"]),
            _cell(row["scale_out_gbits_s"]),
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    for line in table:
        print(
            "  ".join(
                cell.ljust(width) if i < 2 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(line, widths, strict=True))
            )
        )
    print("Dense peaks (TFLOP/s); scale-up both directions summed. Sources: python -m calc specs --json")
    return 0
