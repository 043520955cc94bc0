"""Python source parsed once per test run: the architecture and catalog tests walk the same files."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def _parsed(text: str, filename: str) -> ast.Module:
    return ast.parse(text, filename=filename)


def parsed(path: Path) -> ast.Module:
    """The file's syntax tree as it reads now (a file a test rewrites is parsed again). Read only: callers share it."""
    return _parsed(path.read_text(encoding="utf-8"), str(path))


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's tree, in `ast.walk` order."""
    return _nodes(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def _nodes(text: str, filename: str) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parsed(text, filename)))
