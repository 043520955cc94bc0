"""What every data file shares: ids, URLs, sources, values with their provenance, ranges of a plain number."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

KEBAB = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

URL = r"^https?://\S+$"


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be blank")
    return text


# Why a value lies outside its plausible range (bounds.BOUNDS), stated beside it: `outlier_reason: ...`.
OutlierReason = Annotated[str, AfterValidator(_not_blank)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(Strict):
    """Where values come from: title, URL, the date it was checked and how."""

    id: Annotated[str, Field(pattern=KEBAB)]
    kind: Literal["vendor", "paper", "model-card", "secondary", "dataset", "price-list", "measurement"]
    title: Annotated[str, Field(min_length=3)]
    url: Annotated[str, Field(pattern=URL)]
    checked: dt.date
    how: Annotated[str, Field(min_length=10)]


Scalar = str | int | float


class Alternative(Strict):
    """A figure another source gives, kept beside the chosen one."""

    value: Scalar
    source: str
    note: str | None = None


class Sourced(Strict):
    """A value with provenance. `value: null` needs a `reason`; a value outside its plausible range (bounds.py) needs
    an `outlier_reason` saying why it is right."""

    value: Scalar | None
    source: str | None = None
    note: str | None = None
    reason: str | None = None
    outlier_reason: OutlierReason | None = None
    alternatives: list[Alternative] = []

    @field_validator("reason")
    @classmethod
    def _reason_not_blank(cls, reason: str | None) -> str | None:
        if reason is not None and not reason.strip():
            raise ValueError("reason must not be blank")
        return reason

    @model_validator(mode="after")
    def _null_needs_reason(self) -> Sourced:
        if self.value is None and self.reason is None:
            raise ValueError("a null value needs a 'reason'")
        return self


Leaf = Scalar | Sourced


class Range(Strict):
    """A range of a plain number whose unit is in the field name."""

    low: float
    typical: float
    high: float
    source: str
    note: str | None = None
    outlier_reason: OutlierReason | None = None  # covers low, typical and high
