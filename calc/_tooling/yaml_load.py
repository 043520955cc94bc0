# YAML text as Python data, with libyaml's loader when PyYAML has it: the same data, ten times faster than the
# pure-Python one (the data diff and `edition new` read every file of data/ at two revisions).
from __future__ import annotations

import functools
import pickle
from typing import Any

import yaml


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader, with a date that is no date (2024-13-01) a YAML error at its line, not a ValueError."""


def _timestamp(loader: Any, node: Any) -> Any:
    try:
        return yaml.constructor.SafeConstructor.construct_yaml_timestamp(loader, node)
    except ValueError as error:
        message = f"{node.value!r} is not a date ({error})"
        raise yaml.constructor.ConstructorError(None, None, message, node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
LOADER = _Loader


@functools.lru_cache(maxsize=1024)
def _parsed(text: str) -> bytes:
    # A text read again (the same file at two revisions, `data check` after `edition new`, a test's copy of
    # data/) is parsed once: building the objects is most of YAML's cost, and unpickling them is 20x cheaper.
    return pickle.dumps(yaml.load(text, Loader=LOADER), protocol=pickle.HIGHEST_PROTOCOL)


def load_yaml(text: str) -> Any:
    """The data a YAML text holds (safe tags only); raises yaml.YAMLError on malformed text.

    Each call returns a fresh copy, so a caller may change what it gets."""
    return pickle.loads(_parsed(text))
