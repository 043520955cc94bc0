"""The message catalogs: one per layer (calculators, pages), every entry in both languages with the same placeholders,
and every text a calculator shows has an entry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from calc import CALCULATORS, catalog_problems
from calc import MESSAGE_CATALOG as CALC_CATALOG
from calc._tooling.messages import CATALOG as TOOLING_CATALOG
from tests.sources import nodes
from tools.messages import CATALOG as PAGE_CATALOG

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = {"calc": CALC_CATALOG, "calc._tooling": TOOLING_CATALOG, "tools": PAGE_CATALOG}


@pytest.mark.parametrize("layer", sorted(CATALOGS))
def test_every_entry_has_both_languages_and_the_same_placeholders(layer: str) -> None:
    """No entry lacks a language or fills different placeholders in English and Spanish."""
    assert catalog_problems(CATALOGS[layer]) == []


def test_the_check_can_fail() -> None:
    """A missing translation and a mismatched placeholder are both reported."""
    bad = {"a": {"en": "{x} GB", "es": ""}, "b": {"en": "{x} GB", "es": "{y} GB"}, "c": {"en": '{"k": 1}', "es": "{"}}
    problems = catalog_problems(bad)
    assert problems[:2] == ["a: no text in es", "b: placeholders differ, en ['x'] and es ['y']"]
    assert problems[2].startswith("c: does not fill")


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_text_has_an_entry(name: str) -> None:
    """Title, every field's label, every choice's words, every headline label and every preset name exist."""
    calculator = CALCULATORS[name]
    for lang in ("en", "es"):
        assert calculator.title(lang)
        for field in calculator.fields:
            assert calculator.label(field, lang)
            for choice in field.choices:
                assert f"option.{field.name}.{choice}" in CALC_CATALOG, (name, field.name, choice)
        for quantity in calculator.headline:
            assert calculator.output_label(quantity, lang)
        for preset in calculator.presets:
            assert calculator.preset_label(preset, lang)


def _literal_keys(folder: Path, functions: set[str]) -> list[tuple[str, str]]:
    """(file:line, key) of every literal catalog id passed to one of `functions` (t, text, tr, p)."""
    found = []
    for path in folder.rglob("*.py") if folder.is_dir() else [folder]:
        for node in nodes(path):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in functions
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value))
    return found


def test_every_literal_id_in_calc_exists() -> None:
    """Every `t("…")` and `text("…")` in calc names an entry of its layer's catalog (calculators or tooling)."""
    keys = _literal_keys(ROOT / "calc" / "_internal", {"t", "text"}) + _literal_keys(
        ROOT / "calc" / "__init__.py", {"t"}
    )
    assert len(keys) > 100
    missing = [f"{where} {key}" for where, key in keys if key not in CALC_CATALOG]
    tooling = _literal_keys(ROOT / "calc" / "_tooling", {"t"})
    missing += [f"{where} {key}" for where, key in tooling if key not in TOOLING_CATALOG]
    assert not missing, "\n".join(missing)


def _prefixed(where: str) -> bool:
    """The data and chip pages call the catalog with their own prefixes (data., chip.)."""
    return where.startswith(("tools/data_pages.py", "tools/chip_pages.py"))


def test_every_literal_id_in_tools_exists() -> None:
    """Every `t("…")` in tools names an entry of the pages' catalog (the data and chip pages prefix theirs)."""
    tooling = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "tools").rglob("*.py")
        if "calc._tooling.messages import t" in p.read_text()
    }
    keys = [
        (w, k)
        for w, k in _literal_keys(ROOT / "tools", {"t", "tr"})
        if not _prefixed(w) and w.split(":")[0] not in tooling
    ]
    missing_tooling = [
        f"{w} {k}"
        for w, k in _literal_keys(ROOT / "tools", {"t"})
        if w.split(":")[0] in tooling and k not in TOOLING_CATALOG
    ]
    keys += [(w, f"data.{k}") for w, k in _literal_keys(ROOT / "tools", {"t"}) if _prefixed(w)]
    keys += [(w, f"chip.{k}") for w, k in _literal_keys(ROOT / "tools", {"p"}) if _prefixed(w)]
    missing = [f"{where} {key}" for where, key in keys if key not in PAGE_CATALOG] + missing_tooling
    assert not missing, "\n".join(missing)


def test_no_bilingual_dicts_outside_the_catalogs() -> None:
    """Reader-facing text lives in the catalogs: no {"en": …, "es": …} literal anywhere else in calc or tools."""
    offenders = []
    for path in [*(ROOT / "calc").rglob("*.py"), *(ROOT / "tools").rglob("*.py")]:
        if path.name == "messages.py" or path.parent.name == "messages":
            continue
        source = path.read_text(encoding="utf-8")
        offenders += [
            f"{path.relative_to(ROOT)}:{source.count(chr(10), 0, m.start()) + 1}"
            for m in re.finditer(r'\{\s*"en":\s*"', source)
        ]
    assert not offenders, "\n".join(offenders)
