# Command line: `python -m calc <calculator> [flags] [--json] [--lang en|es]`, generated from the registry.
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from .errors import CalcError
from .registry import CALCULATORS, compute


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _lang_of(argv: Sequence[str]) -> str:
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return "en"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m calc", description="X4 hardware-fluency calculators.")
    parser.add_argument("--data", metavar="DIR", help="use another data/ folder (default: the checkout's)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for calculator in CALCULATORS.values():
        sub = commands.add_parser(calculator.name, help=calculator.title["en"])
        for field in calculator.fields:
            help_text = field.label["en"] + (f" [{field.unit}]" if field.unit else "")
            if field.default is not None:
                help_text += f" (default {field.default})"
            sub.add_argument(field.flag, dest=field.name, metavar=field.unit or "VALUE", help=help_text)
        sub.add_argument("--json", action="store_true", help="print the quantities as one JSON object")
        sub.add_argument("--lang", choices=("en", "es"), default="en", help="language of the text output")
        sub.add_argument("--data", metavar="DIR", dest="sub_data", help=argparse.SUPPRESS)
    _add_tooling_commands(commands)
    return parser


def _add_tooling_commands(commands: argparse._SubParsersAction) -> None:
    """Commands that need the CPython-only tooling (PyYAML, pydantic)."""
    try:
        from .._tooling.commands import add_commands
    except ImportError:  # running without the tooling's dependencies (e.g. in Pyodide)
        return
    add_commands(commands)


def _print_text(calculator_name: str, result: object, lang: str) -> None:
    from .results import Result

    assert isinstance(result, Result)
    calculator = CALCULATORS[calculator_name]
    for step in result.derivation(lang):
        print(f"{step['label']}: {step['substitution']} = {step['result']}")
    formatted = result.formatted(lang, calculator.units)
    for name in calculator.headline:
        value = result.quantities.get(name)
        print(f"{name} = {formatted.get(name, value)}")
    for row in result.table or ():
        rank = row.get("rank")
        reason = row.get(f"reason_{lang}", row.get("reason_en"))
        print(f"{rank if rank is not None else '—'}. {row.get('name')} ({row.get('id')}): {reason}")


def _with_flag(command: str, error: CalcError, lang: str) -> str:
    """The error's message on one line, naming the CLI flag (--peak-tflops) instead of the field."""
    message = " ".join(error.message(lang).split())
    calculator = CALCULATORS.get(command)
    found = calculator.field_for(error.field) if calculator else None
    if found is not None and message.startswith(found.name):
        message = found.flag + message[len(found.name) :]
    return message


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_of(argv)
    lang = lang if lang in ("en", "es") else "en"
    args = build_parser().parse_args(argv)
    try:
        data_dir = getattr(args, "sub_data", None) or args.data
        if data_dir:
            from .data import use_data_dir

            use_data_dir(data_dir)
        if args.command not in CALCULATORS:
            return int(args.run_tooling(args) or 0)
        calculator = CALCULATORS[args.command]
        raw = {f.name: getattr(args, f.name) for f in calculator.fields if getattr(args, f.name) is not None}
        result = compute(args.command, raw, lang)
    except CalcError as error:
        print(f"python -m calc {args.command}: {_with_flag(args.command, error, lang)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, sort_keys=True))
    else:
        _print_text(args.command, result, lang)
    return 0
