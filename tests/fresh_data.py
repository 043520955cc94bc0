"""This checkout's data/ built fresh from its YAML (not a bundle file calc may ship), once per test run: the test
modules that read it share one copy and must not change it."""

from __future__ import annotations

import functools
from typing import Any

from calc import DataBundle, parse_bundle
from calc._tooling.bundle import build_bundle, default_data_dir


@functools.cache
def fresh_bundle() -> dict[str, Any]:
    return build_bundle(default_data_dir())


@functools.cache
def fresh_data() -> DataBundle:
    return parse_bundle(fresh_bundle())
