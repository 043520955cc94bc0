# Command line: `python -m calc <calculator> [flags] [--json] [--lang en|es]`, generated from the registry.
# The CPython-only commands (data check, specs, ...) are added by calc/__main__.py through `extra_commands`.
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .data import load_data
from .errors import CalcError
from .fields import Calculator, option_label
from .fmt import format_number
from .i18n import site_lang
from .messages import t
from .registry import CALCULATORS, compute, formatted
from .results import Result

AddCommands = Callable[[Any], None]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _lang_of(argv: Sequence[str]) -> str:
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return site_lang(argv[index + 1])
        if arg.startswith("--lang="):
            return site_lang(arg.split("=", 1)[1])
    return "en"


def _data_loads() -> bool:
    """Whether the data loads; when it does not, help still prints and `data check` says what is wrong."""
    try:
        load_data()
    except CalcError:
        return False
    return True


def _help(calculator: Calculator, field: Any, data_loads: bool) -> str:
    text = calculator.label(field, "en") + (f" [{field.unit}]" if field.unit else "")
    if field.choices:
        text += " (" + ", ".join(f"{c}: {option_label(field.name, c, 'en')}" for c in field.choices) + ")"
    if field.default is not None:
        text += f" (default {field.default})"
    elif field.default_from is not None and data_loads:
        text += f" (default {format_number(float(field.default_from() or 0))}, the edition's typical figure)"
    elif field.default_from is not None:
        text += " (default: the edition's typical figure; the data does not load, see `python -m calc data check`)"
    if field.when is not None:
        text += f" (only with --{field.when[0].replace('_', '-')} {'|'.join(field.when[1])})"
    return text


def build_parser(extra_commands: AddCommands | None = None) -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m calc", description="X4 hardware-fluency calculators.")
    parser.add_argument("--data", metavar="DIR", help="use another data/ folder (default: the checkout's)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    data_loads = _data_loads()
    for calculator in CALCULATORS.values():
        sub = commands.add_parser(calculator.name, help=calculator.title("en"))
        for field in calculator.fields:
            switch = set(field.choices) == {"on", "off"}  # `--search` alone means `--search on`
            extra: dict[str, Any] = {"nargs": "?", "const": "on"} if switch else {}
            metavar = field.unit or "VALUE"
            sub.add_argument(
                field.flag, dest=field.name, metavar=metavar, help=_help(calculator, field, data_loads), **extra
            )
            for alias in field.aliases:
                sub.add_argument("--" + alias.replace("_", "-"), dest=field.name, help=argparse.SUPPRESS)
        sub.add_argument("--json", action="store_true", help="print the quantities as one JSON object")
        sub.add_argument("--lang", choices=("en", "es"), default="en", help="language of the text output")
        sub.add_argument("--data", metavar="DIR", dest="sub_data", help=argparse.SUPPRESS)
    if extra_commands is not None:
        extra_commands(commands)
    return parser


def _print_text(calculator: Calculator, result: Result, lang: str) -> None:
    for step in result.derivation(lang):
        print(f"{step['label']}: {step['substitution']} = {step['result']}")
    shown = formatted(result, calculator, lang)
    for name in calculator.headline:
        print(f"{calculator.output_label(name, lang)} = {shown.get(name, t('cli.none', lang))}")
    for note in result.rendered_notes(lang):
        print(note)
    for row in result.table or ():
        rank = row.get("rank")
        reason = calculator.describe(result, row, lang) if calculator.describe is not None else ""
        chip = load_data().accelerators.get(str(row.get("id")))
        name = chip.display_name(lang) if chip is not None else str(row.get("name"))
        print(f"{rank if rank is not None else '—'}. {name} ({row.get('id')}): {reason}")


def main(
    argv: Sequence[str] | None = None,
    *,
    extra_commands: AddCommands | None = None,
    use_data_dir: Callable[[str], object] | None = None,
) -> int:
    """Run the CLI; returns the exit code (2 and one line on stderr for bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_of(argv)
    args = build_parser(extra_commands).parse_args(argv)
    try:
        data_dir = getattr(args, "sub_data", None) or args.data
        if data_dir and use_data_dir is not None and not getattr(args, "reads_data_dir", False):
            use_data_dir(data_dir)  # `data check`, `data diff` and `edition new` read the folder themselves
        if args.command not in CALCULATORS:
            return int(args.run_tooling(args) or 0)
        calculator = CALCULATORS[args.command]
        raw = {f.name: getattr(args, f.name) for f in calculator.fields if getattr(args, f.name) is not None}
        result = compute(args.command, raw, lang)
    except CalcError as error:
        found = CALCULATORS[args.command].field_named(error.field) if args.command in CALCULATORS else None
        message = error.message(lang, name=found.flag if found else None)
        for line in message.splitlines():  # one line, or one per problem of broken data
            print(f"python -m calc {args.command}: {' '.join(line.split())}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json())
    else:
        _print_text(calculator, result, lang)
    return 0
