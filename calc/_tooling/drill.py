# `python -m calc drill`: a seeded set of drill problems, in text or JSON, with their answers on request.
from __future__ import annotations

import argparse
import json

from .._internal.drill import FLUENCIES, drill_set, set_text

__all__ = ["add_drill_command"]


def add_drill_command(commands: argparse._SubParsersAction) -> None:
    """Register `drill` on the CLI's subparsers."""
    drill = commands.add_parser("drill", help="print a seeded set of practice problems (the drill page's)")
    drill.add_argument(
        "--seed", "--round", type=int, default=42, help="the round's number: the same number, the same set"
    )
    drill.add_argument("--count", type=int, default=10, help="how many problems (1-100, default 10)")
    drill.add_argument("--fluency", choices=FLUENCIES, help="only this fluency's problems")
    drill.add_argument("--lang", choices=("en", "es"), default="en", help="language of the output")
    drill.add_argument("--json", action="store_true", help="print the set as a JSON list")
    drill.add_argument("--answers", action="store_true", help="print each answer and its derivation")
    drill.set_defaults(run_tooling=run_drill)


def run_drill(args: argparse.Namespace) -> int:
    lang = args.lang
    problems = drill_set(args.seed, args.count, args.fluency)  # a CalcError is printed by the CLI, exit 2
    if args.json:
        shown = []
        for problem in problems:
            item = problem.to_dict(lang)
            if not args.answers:
                for key in ("answer", "answer_text", "answer_in_unit", "derivation", "reasons"):
                    del item[key]
            shown.append(item)
        print(json.dumps(shown, ensure_ascii=False, sort_keys=True))
        return 0
    print(set_text(problems, lang, answers=args.answers), end="")
    return 0
