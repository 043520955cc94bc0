"""Problems of data files: one line each, naming the file, the entry and the field; gathered so one run reports them all."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from ..._internal.errors import CalcError
from ..messages import t


@dataclasses.dataclass(frozen=True)
class Problem:
    """One problem of a data file, as one line: English text, or a catalog entry worded in the reader's language."""

    text: str = ""
    key: str = ""
    fields: Mapping[str, object] = dataclasses.field(default_factory=dict)
    by_lang: Mapping[str, Mapping[str, object]] = dataclasses.field(default_factory=dict)  # fields worded per language

    def render(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.fields, **self.by_lang.get(lang, {})) if self.key else self.text


class DataError(CalcError):
    """Data files are malformed or inconsistent: one line per problem, each naming the file, the entry and the field.

    A CalcError, so the CLI reports it, one line per problem, with exit code 2. The schema's own messages are
    English (maintainer-facing); the bounds, dates, ids, URLs and YAML syntax are worded in the reader's language.
    """

    def __init__(self, *problems: str | Problem) -> None:
        self.problems = [p if isinstance(p, Problem) else Problem(text=p) for p in problems]
        super().__init__(field="data", kind="data", detail=self.message("en"))

    def message(self, lang: str = "en", name: str | None = None) -> str:
        return "\n".join(problem.render(lang) for problem in self.problems)


class Problems:
    """Problems gathered while checking, so that one run reports them all rather than the first."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, *problems: Problem) -> None:
        self.found.extend(problems)

    @contextmanager
    def collect(self) -> Iterator[None]:
        """Run a block that raises DataError at its first problem; keep its problems and go on after it."""
        try:
            yield
        except DataError as error:
            self.found.extend(error.problems)

    def raise_any(self) -> None:
        if self.found:
            raise DataError(*self.found)
