# YAML text as Python data, with libyaml's loader when PyYAML has it: the same data, ten times faster than the
# pure-Python one (the data diff and `edition new` read every file of data/ at two revisions).
from __future__ import annotations

from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The data a YAML text holds (safe tags only); raises yaml.YAMLError on malformed text."""
    return yaml.load(text, Loader=LOADER)
