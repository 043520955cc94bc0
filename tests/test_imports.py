"""Architecture from source: calc runs in Pyodide (standard library only), and calc and tools form layers without cycles.

Layers, lowest first: calc._internal (formulas, runs in the browser) < calc._tooling (CPython: YAML, schema) <
calc (the package's public face) < tools (the site build). A module may import its own layer or a lower one.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

from tests.sources import nodes, parsed

ROOT = Path(__file__).resolve().parents[1]
CALC = ROOT / "calc"
LAYERS = ("calc._internal", "calc._tooling", "calc", "tools")
# Where code outside calc lives: the site build (with its mkdocs hooks), the tests, the pages' scripts and worker.
OUTSIDE_CALC = ("tools", "tests", "docs", "overrides")
PYIMPORT_INTERNAL = re.compile(r"""pyimport\(\s*["']calc\._internal|\b(?:from|import)\s+calc\._internal\b""")


def _imports(path: Path) -> list[tuple[str, int]]:
    """Absolute imports of a file: (module, line). Relative ones are resolved by `_edges`."""
    found = []
    for node in nodes(path):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
    return found


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _under_type_checking(tree: ast.AST) -> set[int]:
    """Lines of imports inside `if TYPE_CHECKING:` blocks (annotations only, never run)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            lines |= {child.lineno for child in ast.walk(node) if hasattr(child, "lineno")}
    return lines


def _edges(path: Path, known: set[str]) -> list[tuple[str, int]]:
    """The project modules a file imports (anywhere in it, TYPE_CHECKING blocks excepted), resolved."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skip = _under_type_checking(parsed(path))
    found = []
    for node in nodes(path):
        if getattr(node, "lineno", None) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            targets = [f"{module}.{alias.name}" for alias in node.names] + [module]
        for target in targets:
            # the longest project module the target names (a module, or the package it comes from)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.append((target, node.lineno))
                break
    return found


@functools.cache  # read-only: the cycle and the layer checks walk the same graph
def _graph() -> dict[str, list[tuple[str, int]]]:
    files = [p for p in [*CALC.rglob("*.py"), *(ROOT / "tools").rglob("*.py")] if "__pycache__" not in p.parts]
    known = {_module_name(p) for p in files}
    return {_module_name(p): _edges(p, known) for p in files}


def _layer(module: str) -> int:
    return next(i for i, prefix in enumerate(LAYERS) if module == prefix or module.startswith(prefix + "."))


def _cycles(graph: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """Every import cycle, each once, found by depth-first search."""
    cycles, state = [], dict.fromkeys(graph, 0)  # 0 unseen, 1 on the stack, 2 done

    def visit(module: str, stack: list[str]) -> None:
        state[module] = 1
        for target, _ in graph.get(module, ()):
            if state.get(target) == 1:
                cycles.append([*stack[stack.index(target) :], target])
            elif state.get(target) == 0:
                visit(target, [*stack, target])
        state[module] = 2

    for module in sorted(graph):
        if state[module] == 0:
            visit(module, [module])
    return cycles


def _upward(graph: dict[str, list[tuple[str, int]]]) -> list[str]:
    return [
        f"{module}:{line} imports {target}"
        for module, edges in graph.items()
        for target, line in edges
        if _layer(target) > _layer(module)
    ]


def test_calc_imports_only_the_standard_library() -> None:
    """Walk every module of calc except calc/_tooling; each absolute import is stdlib or calc itself."""
    violations = []
    files = [p for p in CALC.rglob("*.py") if "_tooling" not in p.relative_to(CALC).parts]
    assert len(files) >= 10
    for path in files:
        for module, line in _imports(path):
            top = module.split(".")[0]
            if top != "calc" and top not in sys.stdlib_module_names and top != "__future__":
                violations.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not violations, "\n".join(violations)


def test_the_walker_catches_a_third_party_import(tmp_path: Path) -> None:
    """The check can fail: a module importing numpy is reported."""
    module = tmp_path / "bad.py"
    module.write_text("import json\nimport numpy as np\nfrom yaml import safe_load\n", encoding="utf-8")
    tops = {name.split(".")[0] for name, _ in _imports(module)}
    assert {"numpy", "yaml"} <= {t for t in tops if t not in sys.stdlib_module_names}


def test_no_import_cycles() -> None:
    """No module of calc or tools takes part in an import cycle (function-level imports count too)."""
    graph = _graph()
    assert "calc._internal.registry" in graph and "tools.macros.calculators" in graph
    cycles = _cycles(graph)
    assert not cycles, "\n".join(" → ".join(cycle) for cycle in cycles)


def test_layers_point_down() -> None:
    """calc._internal never imports calc._tooling, calc or tools; calc never imports tools."""
    violations = _upward(_graph())
    assert not violations, "\n".join(violations)


def test_the_checks_can_fail() -> None:
    """A planted cycle and an upward import are both reported."""
    graph = {
        "calc._internal.a": [("calc._internal.b", 1)],
        "calc._internal.b": [("calc._internal.a", 2), ("calc._tooling.bundle", 3)],
        "calc._tooling.bundle": [],
    }
    assert _cycles(graph) == [["calc._internal.a", "calc._internal.b", "calc._internal.a"]]
    assert _upward(graph) == ["calc._internal.b:3 imports calc._tooling.bundle"]


def _reaches_internal(path: Path) -> list[int]:
    """Lines where a file outside calc reaches calc._internal: a Python import or `calc._internal` attribute, or a
    script's `pyimport("calc._internal...")` (or an import of it in Python source it runs)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return [text.count("\n", 0, match.start()) + 1 for match in PYIMPORT_INTERNAL.finditer(text)]
    lines = []
    for node in nodes(path):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names = [f"{node.value.id}.{node.attr}"]
        if any(name == "calc._internal" or name.startswith("calc._internal.") for name in names):
            lines.append(node.lineno)
    return lines


def _outside_calc() -> list[Path]:
    return [
        path
        for folder in OUTSIDE_CALC
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".py", ".js", ".mjs"} and "__pycache__" not in path.parts
    ]


def test_nothing_outside_calc_reaches_calc_internal() -> None:
    """calc's public API is the only door: tools/, the tests, the hooks and the worker use what `calc` exports."""
    files = _outside_calc()
    assert ROOT / "overrides/assets/x4/x4-worker.js" in files and ROOT / "tools/hooks.py" in files
    violations = [f"{path.relative_to(ROOT)}:{line}" for path in files for line in _reaches_internal(path)]
    assert not violations, "\n".join(violations)


def test_the_door_check_catches_each_way_in(tmp_path: Path) -> None:
    """An import, a from-import, an attribute and a worker's pyimport of calc._internal are each reported."""
    python = tmp_path / "bypass.py"
    python.write_text(
        "import calc\nimport calc._internal.data\nfrom calc._internal import fmt\n"
        "from calc import _internal\ncalc._internal.messages.text('k')\nfrom calc import run\n",
        encoding="utf-8",
    )
    script = tmp_path / "worker.js"
    script.write_text('const a = pyodide.pyimport("calc");\nconst b = pyodide.pyimport("calc._internal.registry");\n')
    assert sorted(set(_reaches_internal(python))) == [2, 3, 4, 5]
    assert _reaches_internal(script) == [2]
