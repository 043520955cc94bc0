# The one error type calc raises for bad input. It carries structure; the words come from the catalog.
from __future__ import annotations

import math
from collections.abc import Sequence

from .bounds import BOUNDS
from .fmt import format_number
from .messages import CATALOG, t

KINDS = (
    "not_number",  # text that is not a number
    "bad_suffix",  # a number followed by letters that are no suffix (`detail` holds them)
    "ambiguous_mark",  # a Spanish field's point or comma that reads two ways ("1,000.5", "1.500B")
    "out_of_range",  # a number outside [low, high], not finite, or not whole
    "not_choice",  # not one of `choices`
    "unknown_id",  # an id data/ does not have (`choices` lists the known ones)
    "unknown_input",  # an input the calculator does not take (`choices` lists its inputs)
    "unknown_calculator",
    "only_custom",  # a custom chip's or model's figure given beside a chip or model from data/
    "only_when",  # a field of another choice of `detail` (`choices` lists the values it applies to)
    "missing",  # a required input left out
    "no_figure",  # a chip lacks a figure the calculation needs (`detail` names it)
    "no_dtype",  # a chip has no dense peak in `detail` (`choices` lists the formats it has)
    "not_finite",  # inputs in range whose result overflows
    "nothing_to_read",  # a decode step that reads no bytes
    "layout",  # a parallel layout that does not fit the cluster or the model (`detail` names the rule)
    "data",  # a malformed data file (maintainers': `detail` is the whole English message)
)


def _number(value: float, lang: str) -> str:
    return format_number(value, lang, digits=6) if math.isfinite(value) else str(value)


def _format_words(dtype: str, lang: str) -> str:
    """A number format as a reader reads it ("BF16", "FP64 (matrix units)"), not its id."""
    key = f"option.dtype.{dtype}"
    return t(key, lang) if key in CATALOG else dtype


class CalcError(ValueError):
    """Bad input to a calc function: which field, what kind of error, the accepted range and what was received.

    The message is worded where it is shown, in the reader's language, from the catalog: `message(lang)`
    names the field by its input name, or by `name` (a page's label, a CLI flag).
    """

    def __init__(
        self,
        *,
        field: str,
        kind: str,
        low: float | None = None,
        high: float | None = None,
        low_open: bool = False,
        high_open: bool = False,
        integer: bool = False,
        choices: Sequence[str] = (),
        value: object = None,
        detail: str = "",
        subject: str = "",
    ) -> None:
        self.field = field
        self.kind = kind
        self.low, self.high, self.low_open, self.high_open, self.integer = low, high, low_open, high_open, integer
        self.choices = tuple(choices)
        self.value = value
        self.detail = detail  # a figure or format the chip lacks ("memory bandwidth", "bf16")
        self.subject = subject  # the chip or calculator concerned
        super().__init__(self.message("en"))

    def accepted(self, lang: str = "en") -> str:
        """What the field accepts, in `lang` ("a number > 0 and ≤ 100000", or the list of choices)."""
        if self.kind == "no_dtype":  # the formats the chip has, as words: a menu shows them so
            return ", ".join(_format_words(choice, lang) for choice in self.choices)
        if self.choices:
            return ", ".join(self.choices)
        if self.kind in ("not_number", "bad_suffix", "ambiguous_mark"):
            return t("accepted.si_number", lang)
        bounds = []
        if self.low is not None:
            bounds.append(f"{'>' if self.low_open else '≥'} {_number(self.low, lang)}")
        if self.high is not None:
            bounds.append(f"{'<' if self.high_open else '≤'} {_number(self.high, lang)}")
        word = t("accepted.whole_number" if self.integer else "accepted.number", lang)
        return " ".join([word, t("accepted.and", lang).join(bounds)]).strip() if bounds else word

    def received(self, lang: str = "en") -> str:
        """The value received, as the reader would read it back (numbers in their language, text quoted)."""
        if isinstance(self.value, bool) or self.value is None:
            return repr(self.value)
        if isinstance(self.value, (int, float)):
            return _number(float(self.value), lang)
        text = str(self.value)
        return repr(text if len(text) <= 40 else text[:37] + "…")

    def message(self, lang: str = "en", name: str | None = None) -> str:
        """The error as one sentence in `lang`, naming the field as `name` (default: the input's name)."""
        key = f"error.layout.{self.detail}" if self.kind == "layout" else f"error.{self.kind}"
        return t(
            key,
            lang,
            field=name or self.field,
            accepted=self.accepted(lang),
            got=self.received(lang),
            detail=self._detail(lang),
            subject=self.subject,
        )

    def _detail(self, lang: str) -> str:
        """`detail` as the message shows it: a missing figure or number format in words, anything else as it is."""
        if self.kind == "no_figure":
            return t(f"figure.{self.detail}", lang)
        if self.kind == "no_dtype":
            return _format_words(self.detail, lang)
        return self.detail

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        """A JSON-ready description of the error."""
        return {
            "field": self.field,
            "kind": self.kind,
            "accepted": self.accepted(lang),
            "message": self.message(lang),
        }


def check_number(
    field: str,
    value: object,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
    integer: bool = False,
) -> float:
    """Return `value` as a finite float inside the range, or raise CalcError naming `field`.

    A calculator input given no range (`check_number("count", count)`) is checked against its range in
    bounds.BOUNDS, the one every field and check of that input reads; a range given here is a relation to
    another input (at most as many KV heads as heads) or a figure that is no input."""
    if low is None and high is None and not (low_open or high_open or integer) and field in BOUNDS:
        bound = BOUNDS[field]
        low, high, low_open, integer = bound.low, bound.high, bound.low_open, bound.integer
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        kind = "missing" if value is None else "out_of_range"
        raise CalcError(
            field=field,
            kind=kind,
            low=low,
            high=high,
            low_open=low_open,
            high_open=high_open,
            integer=integer,
            value=value,
        )
    number = float(value)
    if (
        not math.isfinite(number)
        or (low is not None and (number <= low if low_open else number < low))
        or (high is not None and (number >= high if high_open else number > high))
        or (integer and number != int(number))
    ):
        raise CalcError(
            field=field,
            kind="out_of_range",
            low=low,
            high=high,
            low_open=low_open,
            high_open=high_open,
            integer=integer,
            value=number,
        )
    return number


def check_choice(field: str, value: object, choices: Sequence[str]) -> str:
    """Return `value` if it is one of `choices`, or raise CalcError listing them."""
    if isinstance(value, str) and value in choices:
        return value
    raise CalcError(field=field, kind="not_choice", choices=choices, value=value)


def check_finite_result(field: str, value: float) -> float:
    """Guard a computed quantity: inputs in range must never yield NaN or infinity."""
    if not math.isfinite(value):
        raise CalcError(field=field, kind="not_finite")
    return value
