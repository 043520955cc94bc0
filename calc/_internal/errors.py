# The one error type calc raises for bad input, with a message in each site language.
from __future__ import annotations

import math

from .fmt import format_number


def _fmt(value: float, lang: str = "en") -> str:
    return format_number(value, lang, digits=6) if math.isfinite(value) else str(value)


class CalcError(ValueError):
    """Bad input to a calc function.

    Carries the offending field, a human-readable accepted range and the message in English
    and Spanish, so pages, the CLI and the worker can show it without knowing the cause.
    """

    def __init__(self, *, field: str, accepted: str, en: str, es: str, accepted_es: str | None = None) -> None:
        super().__init__(en)
        self.field = field
        self.accepted = accepted
        self.accepted_es = accepted_es or accepted
        self.messages = {"en": en, "es": es}

    def message(self, lang: str = "en") -> str:
        """Return the message in `lang` (`en` or `es`), falling back to English."""
        return self.messages.get(lang, self.messages["en"])

    def to_dict(self) -> dict[str, object]:
        """Return a JSON-ready description of the error."""
        return {
            "field": self.field,
            "accepted": {"en": self.accepted, "es": self.accepted_es},
            "message": dict(self.messages),
        }


def _range_text(low: float | None, high: float | None, *, low_open: bool, high_open: bool, lang: str) -> str:
    gt, ge, lt, le = (">", "≥", "<", "≤")
    and_word = "and" if lang == "en" else "y"
    parts = []
    if low is not None:
        parts.append(f"{gt if low_open else ge} {_fmt(low, lang)}")
    if high is not None:
        parts.append(f"{lt if high_open else le} {_fmt(high, lang)}")
    return f" {and_word} ".join(parts)


def _accepted(
    low: float | None, high: float | None, *, low_open: bool, high_open: bool, integer: bool
) -> tuple[str, str]:
    texts = []
    for lang, word in (
        ("en", "a whole number" if integer else "a number"),
        ("es", "un número entero" if integer else "un número"),
    ):
        texts.append(f"{word} {_range_text(low, high, low_open=low_open, high_open=high_open, lang=lang)}".strip())
    return texts[0], texts[1]


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
    """Return `value` as a finite float inside the range, or raise CalcError naming `field`."""
    # The messages are built only on failure: this check runs on every input of every calculation.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        accepted_en, accepted_es = _accepted(low, high, low_open=low_open, high_open=high_open, integer=integer)
        raise CalcError(
            field=field,
            accepted=accepted_en,
            accepted_es=accepted_es,
            en=f"{field}: expected {accepted_en}.",
            es=f"{field}: se esperaba {accepted_es}.",
        )
    number = float(value)
    outside = (
        not math.isfinite(number)
        or (low is not None and (number <= low if low_open else number < low))
        or (high is not None and (number >= high if high_open else number > high))
        or (integer and number != int(number))
    )
    if outside:
        accepted_en, accepted_es = _accepted(low, high, low_open=low_open, high_open=high_open, integer=integer)
        raise CalcError(
            field=field,
            accepted=accepted_en,
            accepted_es=accepted_es,
            en=f"{field} must be {accepted_en}; got {_fmt(number)}.",
            es=f"{field} debe ser {accepted_es}; se recibió {_fmt(number, 'es')}.",
        )
    return number


def check_choice(field: str, value: object, choices: list[str] | tuple[str, ...]) -> str:
    """Return `value` if it is one of `choices`, or raise CalcError listing them."""
    if isinstance(value, str) and value in choices:
        return value
    listed = ", ".join(choices)
    shown = str(value)[:40]
    raise CalcError(
        field=field,
        accepted=listed,
        en=f"{field} must be one of: {listed}; got {shown!r}.",
        es=f"{field} debe ser uno de: {listed}; se recibió {shown!r}.",
    )


def check_finite_result(field: str, value: float) -> float:
    """Guard a computed quantity: inputs in range must never yield NaN or infinity."""
    if not math.isfinite(value):
        raise CalcError(
            field=field,
            accepted="a finite result",
            accepted_es="un resultado finito",
            en=f"{field}: the inputs are too large to compute a finite result.",
            es=f"{field}: las entradas son demasiado grandes para obtener un resultado finito.",
        )
    return value
