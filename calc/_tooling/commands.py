# CLI commands that need the CPython tooling: `data check`, `data diff`, `edition new` and `specs [--json]`.
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .._internal.data import Accelerator, DataBundle, load_data
from .._internal.fmt import format_number
from .bundle import build_bundle, default_data_dir, use_data_dir
from .diff import diff_since, diff_text
from .drill import add_drill_command
from .edition import CHANGES_DIR, edition_problems, edition_warnings, new_edition
from .history import GitError
from .messages import t
from .translations import stub_yaml, translation_problems

__all__ = ["add_commands", "use_data_dir"]

SPEC_DTYPES = ("fp64", "fp32", "tf32", "bf16", "fp8", "fp4", "int8")


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register `data check`, `data diff`, `edition new` and `specs` on the CLI's subparsers."""
    data = commands.add_parser("data", help="validate the data files, or compare them with a git revision")
    data_commands = data.add_subparsers(dest="data_command", required=True, parser_class=type(data))
    check = data_commands.add_parser("check", help="validate every file in data/ and print a summary")
    check.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder")
    check.add_argument("--lang", choices=("en", "es"), default="en", help="language of the output")
    check.add_argument(
        "--stubs", action="store_true", help="print data/i18n/es.yaml entries to fill in for missing or stale Spanish"
    )
    check.set_defaults(run_tooling=run_check, reads_data_dir=True)
    diff = data_commands.add_parser("diff", help="compare data/ now with data/ at a git revision")
    diff.add_argument("rev", nargs="?", metavar="REV", help="default: the last commit that changed data/edition.yaml")
    diff.add_argument("--json", action="store_true", help="print {added, removed, changed} as JSON")
    diff.add_argument("--lang", choices=("en", "es"), default="en", help="language of the text output")
    diff.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder (inside a git checkout)")
    diff.set_defaults(run_tooling=run_diff, reads_data_dir=True)
    edition = commands.add_parser("edition", help="start a new edition")
    edition_commands = edition.add_subparsers(dest="edition_command", required=True, parser_class=type(edition))
    new = edition_commands.add_parser("new", help="make ID the current edition, carrying every chip over")
    new.add_argument("id", metavar="ID", help="the new edition's kebab-case id, e.g. 2026-2028")
    new.add_argument("--name", help="its name as pages show it (default: the id, with an en dash between years)")
    new.add_argument("--lang", choices=("en", "es"), default="en", help="language of the output")
    new.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder")
    new.set_defaults(run_tooling=run_edition_new, reads_data_dir=True)
    specs = commands.add_parser("specs", help="print the accelerator spec table")
    specs.add_argument("--json", action="store_true", help="print a JSON list, one object per accelerator")
    specs.add_argument("--data", metavar="DIR", dest="sub_data", help="another data/ folder")
    specs.set_defaults(run_tooling=run_specs)
    add_drill_command(commands)


def _data_dir(args: argparse.Namespace) -> Path:
    chosen = getattr(args, "sub_data", None) or getattr(args, "data", None)
    return Path(chosen) if chosen else default_data_dir()


def _n(count: int, lang: str) -> str:
    return format_number(count, lang)


def run_check(args: argparse.Namespace) -> int:
    """Validate data/ from scratch (not the cached bundle) and print what it holds.

    Exit 2 on malformed or implausible data (DataError), 1 when the editions are inconsistent or a text pages
    show has no current Spanish in data/i18n/es.yaml, 0 otherwise (warnings on stderr). `--stubs` prints the
    entries to fill in.
    """
    lang = args.lang
    data_dir = _data_dir(args)
    bundle = build_bundle(data_dir)  # raises DataError, which the CLI prints one line per problem, exit 2
    if getattr(args, "stubs", False):
        print(stub_yaml(data_dir), end="")
        return 0
    problems = edition_problems(bundle, lang)
    problems += [t(f"i18n_{kind}", lang, entry=key) for key, kind in translation_problems(data_dir)]
    for problem in problems:
        print(t("problem", lang, message=problem), file=sys.stderr)
    if problems:
        print(t("check_invalid", lang, folder=data_dir, count=_n(len(problems), lang)))
        return 1
    warnings = edition_warnings(bundle, lang)
    for warning in warnings:
        print(t("warning", lang, message=warning), file=sys.stderr)
    values = [v for chip in bundle["accelerators"] for v in chip["values"].values()]
    known = sum(1 for v in values if v["si"] is not None)
    sources = sum(len(chip["sources"]) for chip in bundle["accelerators"])
    for name in ("interconnects", "latencies", "models"):
        sources += len(bundle[name]["sources"])
    economics = bundle.get("economics") or {}
    for name in ("economics", "training"):
        sources += len((bundle.get(name) or {}).get("sources", []))
    edition = bundle.get("edition") or {}
    current = edition.get("id")
    in_edition = sum(1 for chip in bundle["accelerators"] if current in (chip["text"].get("editions") or []))
    lines = [t("check_valid", lang, folder=data_dir)]
    if edition:
        ids = ", ".join(entry["id"] for entry in bundle["editions"])
        lines += [
            t("check_edition", lang, name=edition["name"], edition=current, reviewed=edition["last_reviewed"]),
            t("check_editions", lang, count=_n(len(bundle["editions"]), lang), ids=ids),
        ]
    lines += [
        t(
            "check_accelerators",
            lang,
            count=_n(len(bundle["accelerators"]), lang),
            in_edition=_n(in_edition if edition else len(bundle["accelerators"]), lang),
            known=_n(known, lang),
            null=_n(len(values) - known, lang),
        ),
        t("check_models", lang, count=_n(len(bundle["models"]["items"]), lang)),
        t("check_interconnects", lang, count=_n(len(bundle["interconnects"]["items"]), lang)),
        t("check_latencies", lang, count=_n(len(bundle["latencies"]["items"]), lang)),
        t("check_prices", lang, count=_n(len(economics.get("accelerator_hour_usd", {})), lang)),
        t("check_sources", lang, count=_n(sources, lang)),
    ]
    if warnings:
        lines.append(t("check_warnings", lang, count=_n(len(warnings), lang)))
    print("\n".join(lines))
    return 0


def _git_failure(command: str, error: GitError, lang: str) -> int:
    print(f"python -m calc {command}: {t(error.key, lang, **error.fields)}", file=sys.stderr)
    return 2


def run_diff(args: argparse.Namespace) -> int:
    """Print what changed in data/ since REV: text in --lang, or the JSON object with --json. Exit 2 without git or REV."""
    try:
        diff, against, names = diff_since(_data_dir(args).resolve(), args.rev)
    except GitError as error:
        return _git_failure("data diff", error, args.lang)
    if args.json:
        print(json.dumps(diff, ensure_ascii=False, indent=1))
    else:
        print(diff_text(diff, against=against, names=names, lang=args.lang))
    return 0


def run_edition_new(args: argparse.Namespace) -> int:
    """Start edition ID (see `edition.new_edition`) and print what changed, file by file."""
    lang, data_dir = args.lang, _data_dir(args)
    report = new_edition(data_dir, args.id, name=args.name, lang=lang)
    lines = [
        t("new_done", lang, edition=report.edition_id, previous=report.previous),
        t("new_edition_file", lang, edition=report.edition_id, name=report.name, started=report.started.isoformat()),
        t(
            "new_chips",
            lang,
            edition=report.edition_id,
            count=_n(len(report.chips), lang),
            chips=", ".join(report.chips),
        ),
    ]
    if report.recorded is not None:
        lines.append(
            t(
                "new_recorded",
                lang,
                file=f"{CHANGES_DIR}/{report.previous}.yaml",
                previous=report.previous,
                added=_n(len(report.recorded["added"]), lang),
                removed=_n(len(report.recorded["removed"]), lang),
                changed=_n(len(report.recorded["changed"]), lang),
            )
        )
    else:
        lines.append(t("new_not_recorded", lang, previous=report.previous, reason=report.not_recorded))
    lines.append(t("new_next", lang, edition=report.edition_id))
    print("\n".join(lines))
    return 0


def _scaled(value: float | None, factor: float) -> float | None:
    return None if value is None else round(value / factor, 6)


def spec_row(chip: Accelerator) -> dict[str, Any]:
    """One accelerator as the `specs --json` object: decimal GB, TB/s, TFLOP/s (TOPS for INT8), Gb/s.

    `achievable_*` are published measurements (best dense matmul, streamed memory bandwidth), null when none.
    """
    per_direction = chip.scale_up_per_direction_bytes_per_s
    both = chip.values.get("scale_up.bidirectional")
    both_si = both.si if both and both.si is not None else (2 * per_direction if per_direction else None)
    return {
        "id": chip.id,
        "vendor": chip.vendor,
        "name": chip.name,
        "memory_gb": _scaled(chip.memory_bytes, 1e9),
        "reported_memory_gb": _scaled(chip.reported_memory_bytes, 1e9),
        "memory_bandwidth_tbps": _scaled(chip.memory_bandwidth_bytes_per_s, 1e12),
        "tdp_w": chip.tdp_w,
        "dense_tflops": {dtype: _scaled(chip.dense_flop_per_s.get(dtype), 1e12) for dtype in SPEC_DTYPES},
        "achievable_tflops": {dtype: _scaled(chip.achievable_flop_per_s.get(dtype), 1e12) for dtype in SPEC_DTYPES},
        "achievable_memory_bandwidth_tbps": _scaled(chip.achievable_memory_bandwidth_bytes_per_s, 1e12),
        "scale_up": {
            "name": chip.scale_up_name,
            "topology": chip.scale_up_topology,
            "per_direction_gbytes_s": _scaled(per_direction, 1e9),
            "bidirectional_gbytes_s": _scaled(both_si, 1e9),
            "per_peer_gbytes_s": _scaled(chip.scale_up_per_peer_bytes_per_s, 1e9),
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
