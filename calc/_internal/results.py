# Result objects: named quantities plus the ordered derivation a person would write.
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from .fmt import format_number, format_quantity, format_word

Scalar = float | int | str | bool | None


@dataclass(frozen=True)
class Step:
    """One line of a derivation: label, symbolic formula, the formula with values, the result.

    `substitution` is a template whose `{name}` fields are filled from `values`, each a
    (number, unit) pair formatted in the reader's language. `formula` is LaTeX.
    """

    key: str
    label: dict[str, str]
    formula: str
    substitution: str
    values: dict[str, tuple[float, str]]
    value: float
    unit: str

    def render(self, lang: str = "en") -> dict[str, str]:
        """Return the step's label, formula, substituted formula and result as text in `lang`."""
        filled = re.sub(
            r"\{(\w+)\}",
            lambda m: format_quantity(self.values[m.group(1)][0], self.values[m.group(1)][1], lang),
            self.substitution,
        )
        return {
            "key": self.key,
            "label": self.label.get(lang, self.label["en"]),
            "formula": self.formula,
            "substitution": filled,
            "result": format_quantity(self.value, self.unit, lang),
        }


@dataclass
class Result:
    """What every calculator returns: JSON-ready quantities (units in the names) and steps.

    `table` is an optional list of flat rows (the chooser's ranking); `to_dict` includes it under
    `table_key`. `inputs` holds the keyword arguments the registry called the function with, so a
    calculator's plot can redraw the same case; it is not part of `to_dict`.
    """

    calculator: str
    quantities: dict[str, Scalar]
    steps: list[Step] = field(default_factory=list)
    table: list[dict[str, Scalar]] | None = None
    table_key: str = "ranking"
    inputs: dict[str, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        rows = [("", self.quantities)] + [(f"{self.table_key}[{i}].", row) for i, row in enumerate(self.table or ())]
        for prefix, values in rows:
            for name, value in values.items():
                if isinstance(value, float) and not math.isfinite(value):
                    raise AssertionError(f"{self.calculator}: {prefix}{name} is not finite")

    def to_dict(self) -> dict[str, Any]:
        """Return the quantities as one JSON-ready dict (what the CLI's --json prints).

        Quantities are flat scalars; a result with a table adds it as a list of flat rows under `table_key`.
        """
        out: dict[str, Any] = dict(self.quantities)
        if self.table is not None:
            out[self.table_key] = [dict(row) for row in self.table]
        return out

    def derivation(self, lang: str = "en") -> list[dict[str, str]]:
        """Return the steps rendered in `lang`."""
        return [step.render(lang) for step in self.steps]

    def formatted(self, lang: str = "en", units: dict[str, str] | None = None) -> dict[str, str]:
        """Return each numeric quantity formatted for `lang` (with its unit when `units` names it)."""
        units = units or {}
        out: dict[str, str] = {}
        for name, value in self.quantities.items():
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, str):
                out[name] = format_word(value, lang)
            if isinstance(value, (int, float)):
                out[name] = format_quantity(value, units[name], lang) if name in units else format_number(value, lang)
        return out
