# The whole CLI: the calculators (calc._internal.cli) plus the commands that need CPython's tooling.
from __future__ import annotations

from collections.abc import Sequence

from .._internal.cli import main as calculators_main
from .commands import add_commands, use_data_dir


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m calc ...` with every command; returns the exit code."""
    return calculators_main(argv, extra_commands=add_commands, use_data_dir=use_data_dir)
