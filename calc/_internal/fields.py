# What a calculator is: its inputs (Field), its function, how its outputs are shown. Shared field definitions.
# Labels, titles and option names come from the catalog by id (see `Field.label_key`), never from here.
from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .bounds import BOUNDS, in_units
from .messages import CATALOG, t
from .results import Result

CUSTOM = "custom"
AUTO = "auto"  # a system selector's default: the one the data pairs with the chosen chip
SELECTORS = ("accelerator", "model", "system")
DTYPES = ("fp64", "fp64_matrix", "fp32", "tf32", "bf16", "fp8", "fp6", "fp4", "int8")
DEFAULT_DTYPE = "bf16"
# What a calculation runs against: the chip's measured figures where data/ has them, or its datasheet peaks.
BASES = ("achievable", "peak")
DEFAULT_BASIS = "achievable"


# A number field whose range reaches past this is typed with suffixes and exponents (16k, 70B, 3.35e12): its
# keyboard has letters. Below it, digits and the decimal mark are all a reader needs.
SUFFIXED_ABOVE = 1e4
_PLAIN = re.compile(r"^\d+(?:[.,]\d+)?$")


@dataclass(frozen=True)
class Field:
    """One input of a calculator.

    `name` is the URL parameter and, with dashes, the CLI flag. `param` is the keyword of the calc
    function it feeds (default: `name`); a parsed number is multiplied by `scale` first. `kind` is
    number, choice, accelerator or model (an id from data/, or "custom") or system (an id from data/,
    or "auto"); `custom_of` names the selector
    whose custom item the field describes (a custom chip's peak, a custom model's layers). An `optional`
    field left empty is not passed, so the function's own default applies; `default_from` gives that
    default's value for the page's placeholder and the CLI's help (a figure from the edition's data).
    `low`/`high` bound a number in the units the reader types, so messages speak those units; an input of
    bounds.BOUNDS takes its range from there.
    `advanced` fields are shown on demand on the page; `when` = (field, values) limits a field to some
    choices of another (the chooser's workload, the KV cache's attention kind). `aliases` are older names
    still accepted in URLs and on the CLI.
    """

    name: str
    unit: str = ""
    kind: str = "number"
    default: str | None = None
    param: str | None = None
    scale: float = 1.0
    choices: tuple[str, ...] = ()
    optional: bool = False
    custom_of: str = ""
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    integer: bool = False
    advanced: bool = False
    when: tuple[str, tuple[str, ...]] | None = None
    default_from: Callable[[], float | None] | None = None
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # A number input's range is bounds.BOUNDS's, in the units the reader types: defined once for every
        # calculator that takes it and every check of it.
        bound = BOUNDS.get(self.keyword) if self.kind == "number" else None
        if bound is not None:
            reader = in_units(bound, self.scale)
            for name in ("low", "high", "low_open", "integer"):
                object.__setattr__(self, name, getattr(reader, name))

    @property
    def keyword(self) -> str:
        return self.param or self.name

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def inputmode(self) -> str:
        """The keyboard a phone shows for a number field: one with letters ("text") where a reader may write a
        suffix or an exponent (the field reaches past SUFFIXED_ABOVE: 70B, 16k, 3.35e12), else a keypad of
        digits ("numeric" for whole numbers, "decimal" with the decimal mark)."""
        if self.high is None or self.high > SUFFIXED_ABOVE or (self.default and not _PLAIN.match(self.default)):
            return "text"
        return "numeric" if self.integer else "decimal"


@dataclass(frozen=True)
class Calculator:
    """A calculator: its inputs, the calc function, and how to show its outputs.

    `units` gives each quantity's display unit (quantities are SI; see fmt.format_quantity), and each figure
    of a ranking's rows. Titles, labels and preset names come from the catalog: `<name>.title`,
    `<name>.out.<quantity>`, `<name>.preset.<id>`, `<name>.col.<key>` (a ranking's `columns`).
    """

    name: str
    fields: tuple[Field, ...]
    function: Callable[..., Result]
    units: dict[str, str]
    headline: tuple[str, ...]
    presets: dict[str, dict[str, str]] = field(default_factory=dict)
    plot: Callable[[Result, str], str | None] | None = None
    describe: Callable[[Result, dict[str, Any], str], str] | None = None  # words a ranking row
    table_label: str = "accelerator"  # what a ranking row names: the page's column header (ui.<label>)
    columns: Callable[[Result], tuple[str, ...]] | None = None  # a ranking's figure columns (row keys)

    def defaults(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """The inputs a reader starts from: each field's default text, if it applies (to `chosen`, e.g. a workload).

        The result includes `chosen`.
        """
        every = {**{f.name: f.default for f in self.fields if f.default is not None}, **(chosen or {})}
        custom = self.custom_selectors(every, chosen or {})
        every.update({selector: CUSTOM for selector in custom if self.field_named(selector) is not None})
        return {name: value for name, value in every.items() if self.applies(self.field_named(name), every, custom)}

    def custom_selectors(self, values: dict[str, str], given: dict[str, str]) -> set[str]:
        """The selectors (accelerator, model) whose item is custom, described by the fields that name them."""
        custom = set()
        for selector, own in self._custom_fields:
            if selector.name not in given and any(name in given for name in own):
                custom.add(selector.name)  # a custom chip's figures without naming an accelerator mean "custom"
            elif values.get(selector.name, CUSTOM) == CUSTOM:
                custom.add(selector.name)
        return custom

    def applies(self, field: Field | None, values: dict[str, str], custom: set[str]) -> bool:
        """Whether `field` is an input with these values: not a custom item's figure beside a data/ one, nor
        a field of another workload or attention kind."""
        if field is None or (field.custom_of and field.custom_of not in custom):
            return False
        if field.when is not None:
            other, allowed = field.when
            return values.get(other) in allowed
        return True

    def field_named(self, name: str) -> Field | None:
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, Field]:
        return {f.name: f for f in reversed(self.fields)}  # the first of a name, as a search from the start finds

    @cached_property
    def _custom_fields(self) -> tuple[tuple[Field, tuple[str, ...]], ...]:
        """Each selector with a custom item to describe, and the names of the fields that describe it (a selector
        with none, the chooser's optional model, is left out)."""
        pairs = []
        for selector in (f for f in self.fields if f.kind in SELECTORS):
            own = tuple(f.name for f in self.fields if f.custom_of == selector.name)
            if own:
                pairs.append((selector, own))
        return tuple(pairs)

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Each older name a field still accepts, and the field's name."""
        return {alias: f.name for f in self.fields for alias in f.aliases}

    def title(self, lang: str) -> str:
        return t(f"{self.name}.title", lang)

    def label(self, field: Field, lang: str) -> str:
        """A field's label: the calculator's own (`<calc>.field.<name>`) or the shared one (`field.<name>`)."""
        return t(self.label_key(field), lang)

    def label_key(self, field: Field) -> str:
        own = f"{self.name}.field.{field.name}"
        return own if own in CATALOG else f"field.{field.name}"

    def preset_label(self, preset_id: str, lang: str) -> str:
        return t(f"{self.name}.preset.{preset_id}", lang)

    def output_label(self, quantity: str, lang: str) -> str:
        return t(self.output_label_key(quantity), lang)

    def output_label_key(self, quantity: str) -> str:
        """A result's label: the calculator's own (`<calc>.out.<quantity>`) or the shared one (`out.<quantity>`)."""
        own = f"{self.name}.out.{quantity}"
        return own if own in CATALOG else f"out.{quantity}"

    def column_label(self, key: str, lang: str) -> str:
        """A ranking column's heading (`<calc>.col.<key>`)."""
        return t(f"{self.name}.col.{key}", lang)

    def signature_defaults(self) -> dict[str, Any]:
        """The function's own keyword defaults, by keyword."""
        parameters = inspect.signature(self.function).parameters.values()
        return {p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty}


@dataclass(frozen=True)
class EmptyDefault:
    """What an optional field takes when left empty, where that depends on the other inputs (the chip's price, the
    accelerators left for DP): the result's `quantities` holding the value it took, in the units the reader types,
    which the page shows as the field's placeholder; `note` (a catalog id) names it in the result. No quantities:
    empty means none (no TPOT target), and the placeholder says so."""

    quantities: tuple[str, ...] = ()
    note: str = ""


# By field name, one entry for every calculator that has the field.
EMPTY_DEFAULTS: dict[str, EmptyDefault] = {
    "price": EmptyDefault(("price_usd_per_hour",), "empty.price"),
    "dp": EmptyDefault(("dp",), "empty.dp"),
    "efficiency": EmptyDefault(("bandwidth_efficiency", "compute_efficiency"), "empty.efficiency"),
    "slo_tpot_ms": EmptyDefault(),
    "slo_ttft_ms": EmptyDefault(),
    "checkpoint_seconds": EmptyDefault(("checkpoint_seconds",)),
}


def option_label(field_name: str, value: str, lang: str) -> str:
    """A choice's words (`adam-mixed` -> "Adam, mixed precision"); the id stays in URLs and the CLI."""
    key = f"option.{field_name}.{value}"
    return t(key, lang) if key in CATALOG else value


# Shared inputs: one definition each, reused by every calculator that takes them.
ACCELERATOR = Field("accelerator", kind="accelerator", default="h100-sxm")
DTYPE = Field("dtype", kind="choice", default=DEFAULT_DTYPE, choices=DTYPES)
BASIS = Field("basis", kind="choice", default=DEFAULT_BASIS, choices=BASES)
CUSTOM_PEAK = Field(
    "peak_tflops",
    unit="TFLOP/s",
    default="1000",
    param="peak_flop_per_s",
    scale=1e12,
    custom_of="accelerator",
)
# TB/s is terabytes per second; `bandwidth_tbps`, read as terabits by some, stays accepted as an alias.
CUSTOM_BANDWIDTH = Field(
    "bandwidth_tbytes_s",
    unit="TB/s",
    default="3",
    param="bandwidth_bytes_per_s",
    scale=1e12,
    custom_of="accelerator",
    aliases=("bandwidth_tbps",),
)
# A custom chip's memory (its range, as every input's, is in bounds.py).
CUSTOM_MEMORY = Field(
    "memory_gb",
    unit="GB",
    default="80",
    param="capacity_bytes",
    scale=1e9,
    custom_of="accelerator",
)
# The scale-up link per direction, overriding the chip's data (optional: blank uses the data).
LINK_OVERRIDE = Field(
    "link_gbytes_s",
    unit="GB/s",
    optional=True,
    param="link_bytes_per_s",
    scale=1e9,
    advanced=True,
)


def with_changes(base: Field, **changes: Any) -> Field:
    """A shared field with some settings changed for one calculator (e.g. a default)."""
    return replace(base, **changes)
