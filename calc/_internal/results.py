# Result objects: named quantities in SI units plus the ordered derivation a person would write.
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import CalcError
from .fmt import DISPLAY_FACTORS, format_number, format_quantity, format_word
from .messages import Text

Scalar = float | int | str | bool | None


@dataclass(frozen=True)
class Step:
    """One line of a derivation: label, symbolic formula, the formula with values, the result.

    `substitution` is a template whose `{name}` fields are filled from `values`, each a (number in SI
    units, display unit) pair formatted in the reader's language; `value` is in SI units too and `unit` is
    how it is shown. `formula` is LaTeX. A test evaluates every substitution, as shown and with the exact
    values, against the step's result.
    """

    key: str
    label: Text
    formula: str
    substitution: str
    values: dict[str, tuple[float, str]]
    value: float
    unit: str
    digits: int = 3  # significant digits of the values shown: more where the step subtracts near-equal figures

    def render(self, lang: str = "en") -> dict[str, str]:
        """Return the step's label, formula, substituted formula and result as text in `lang`."""
        filled = re.sub(
            r"\{(\w+)\}",
            lambda m: format_quantity(self.values[m.group(1)][0], self.values[m.group(1)][1], lang, self.digits),
            self.substitution,
        )
        return {
            "key": self.key,
            "label": self.label.render(lang),
            "formula": self.formula,
            "substitution": filled,
            "result": format_quantity(self.value, self.unit, lang),
        }


Figure = float | tuple[float, str]  # a step's input: a plain number, or q(number in SI units, display unit)


def q(value: float, unit: str) -> tuple[float, str]:
    """A step's input shown in a unit: q(case.memory, "B") prints 80 GB."""
    return (value, unit)


def step(key: str, label: Text, formula: str, substitution: str, value: float, unit: str, /, **figures: Figure) -> Step:
    """One derivation line, its inputs as keywords named as in `substitution`: a plain number shows unitless,
    q(x, unit) in its unit. `step("usable", label, "n M", "{n} × {M}", usable, "B", n=8, M=q(memory, "B"))`; where
    the inputs need more than three digits, `dataclasses.replace(step(...), digits=4)`."""
    values = {name: figure if isinstance(figure, tuple) else (figure, "") for name, figure in figures.items()}
    return Step(key, label, formula, substitution, values, value, unit)


def digits_for_difference(result: float, operands: list[float], digits: int = 3) -> int:
    """Digits that keep a difference of near-equal figures checkable as printed: 171 − 165 ms shows its 6.45 ms
    as 170.9 − 164.5 ms. Three, plus one per power of ten the largest operand stands above the result."""
    largest = max((abs(x) for x in operands), default=0.0)
    if result <= 0 or largest <= result:
        return digits
    return digits + math.ceil(math.log10(largest / result))


@dataclass
class Result:
    """What every calculator returns: JSON-ready quantities (SI units, the unit in the name) and steps.

    `table` is an optional list of flat rows (the chooser's ranking), shown under `table_key`. `notes`
    say what an optional input would add (outputs left out are None). `json_aliases` adds the public JSON
    contract's keys in other units (`"days": ("seconds", "days")`) to `to_dict`. `inputs` holds the keyword
    arguments the registry called the function with, so a plot can redraw the same case.
    """

    calculator: str
    quantities: dict[str, Scalar]
    steps: list[Step] = field(default_factory=list)
    table: list[dict[str, Scalar]] | None = None
    table_key: str = "ranking"
    notes: list[Text] = field(default_factory=list)
    json_aliases: dict[str, tuple[str, str]] = field(default_factory=dict)
    inputs: dict[str, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        rows = [("", self.quantities)] + [(f"{self.table_key}[{i}].", row) for i, row in enumerate(self.table or ())]
        for prefix, values in rows:
            for name, value in values.items():
                if isinstance(value, float) and not math.isfinite(value):
                    raise CalcError(field=f"{prefix}{name}", kind="not_finite")

    def flat(self) -> dict[str, Any]:
        """The quantities, plus the JSON contract's aliases in their units: one flat, JSON-ready dict."""
        out: dict[str, Any] = dict(self.quantities)
        for key, (source, unit) in self.json_aliases.items():
            value = self.quantities.get(source)
            out[key] = None if not isinstance(value, (int, float)) else float(value) / DISPLAY_FACTORS[unit]
        return out

    def to_dict(self) -> dict[str, Any]:
        """What the CLI's --json prints: `flat()`, and a result with a table adds it under `table_key`."""
        out = self.flat()
        if self.table is not None:
            out[self.table_key] = [dict(row) for row in self.table]
        return out

    def to_json(self) -> str:
        """`to_dict` as the CLI's --json prints it (sorted keys, UTF-8 kept): also the result panel's download."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def derivation(self, lang: str = "en") -> list[dict[str, str]]:
        """Return the steps rendered in `lang`."""
        return [step.render(lang) for step in self.steps]

    def rendered_notes(self, lang: str = "en") -> list[str]:
        return [note.render(lang) for note in self.notes]

    def formatted(self, lang: str = "en", units: dict[str, str] | None = None) -> dict[str, str]:
        """Return each quantity that has a value formatted for `lang` (in its display unit when `units` names it)."""
        units = units or {}
        out: dict[str, str] = {}
        for name, value in self.quantities.items():
            if isinstance(value, bool) or value is None:
                continue
            if isinstance(value, str):
                out[name] = format_word(value, lang)
            elif isinstance(value, (int, float)):
                out[name] = format_quantity(value, units[name], lang) if name in units else format_number(value, lang)
        return out
