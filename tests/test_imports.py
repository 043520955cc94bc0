"""Architecture: calc (outside calc/_tooling) imports only the standard library, so it runs in Pyodide."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CALC = Path(__file__).resolve().parents[1] / "calc"


def _imports(path: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
    return found


def test_calc_imports_only_the_standard_library() -> None:
    """Walk every module of calc except calc/_tooling; each absolute import is stdlib or calc itself."""
    violations = []
    files = [p for p in CALC.rglob("*.py") if "_tooling" not in p.relative_to(CALC).parts]
    assert len(files) >= 10
    for path in files:
        for module, line in _imports(path):
            top = module.split(".")[0]
            if top != "calc" and top not in sys.stdlib_module_names and top != "__future__":
                violations.append(f"{path.relative_to(CALC.parent)}:{line} imports {module}")
    assert not violations, "\n".join(violations)


def test_the_walker_catches_a_third_party_import(tmp_path: Path) -> None:
    """The check can fail: a module importing numpy is reported."""
    module = tmp_path / "bad.py"
    module.write_text("import json\nimport numpy as np\nfrom yaml import safe_load\n", encoding="utf-8")
    tops = {name.split(".")[0] for name, _ in _imports(module)}
    assert {"numpy", "yaml"} <= {t for t in tops if t not in sys.stdlib_module_names}
