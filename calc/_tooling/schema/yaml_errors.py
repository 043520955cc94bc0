"""A YAML syntax error as one problem naming the file, the entry and the field where it is (a best guess read from
the indentation, since the text does not parse)."""

from __future__ import annotations

import math
import re

from .problems import DataError, Problem

_YAML_KEY = re.compile(r"^( *)(- +)?([\w.-]+) *:(?: |$)")

_YAML_ID = re.compile(r"^ *(?:- +)?id *: *['\"]?([\w.-]+)")


def _yaml_place(lines: list[str], number: int) -> tuple[str | None, list[str], list[str]]:
    """Where line `number` of a YAML text sits, read from the indentation (the text does not parse, so this is the
    best guess): the `id` of the outermost list item holding it, the keys from that item down, and all the keys."""
    keys: list[str] = []
    entry, relative = None, keys
    limit = math.inf
    for index, text in enumerate(reversed(lines[: number + 1])):
        match = _YAML_KEY.match(text)
        if match is None:
            if index == 0 and text.strip():
                limit = len(text) - len(text.lstrip())
            continue
        indent, dash, key, column = len(match.group(1)), match.group(2), match.group(3), match.start(3)
        if dash and column <= limit:  # the first line of the list item holding the line
            if index == 0:
                keys.insert(0, key)
            item_id = _YAML_ID.match(text)
            if item_id:
                entry, relative = item_id.group(1), list(keys)
            limit = indent
        elif index == 0 or column < limit:
            keys.insert(0, key)
            limit = column
    return entry, relative, keys


def yaml_error(error: Exception, text: str, *, file: str) -> DataError:
    """A YAML syntax error as one problem naming the file, the entry and the field where it is (a best guess)."""
    mark = getattr(error, "problem_mark", None)
    problem = str(getattr(error, "problem", None) or str(error).splitlines()[0])
    context, opened = getattr(error, "context", None), getattr(error, "context_mark", None)
    if context:
        started = f" that starts at line {opened.line + 1}" if opened and context.startswith("while parsing") else ""
        problem += f" ({context}{started})"
    # An unclosed bracket is noticed lines later: the field is where it opened.
    anchor = opened if context and "flow" in context and opened is not None else mark
    number, column = (mark.line, mark.column) if mark is not None else (0, 0)
    lines = text.splitlines()
    at = anchor.line if anchor is not None else 0
    entry, relative, keys = _yaml_place(lines, min(at, max(len(lines) - 1, 0)))
    top_id = re.search(r"^id *: *['\"]?([\w.-]+)", text, flags=re.M)  # an accelerator file is its own entry
    if top_id:
        entry, relative = top_id.group(1), keys
    fields = {
        "where": f"{file} [{entry}]" if entry else file,
        "field": ".".join(relative) or "(file)",
        "line": number + 1,
        "column": column + 1,
        "problem": problem,
    }
    return DataError(Problem(key="data_bad_yaml", fields=fields))
