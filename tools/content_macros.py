# Macros the chapters need beyond tools/macros.py; registered by tools.macros.define_env.
from __future__ import annotations

from typing import Any


def define_env(env: Any) -> None:
    """Register content macros (called from tools.macros.define_env)."""
