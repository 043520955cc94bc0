"""Schema and consistency checks for data/ (CPython only: pydantic). Errors name file, entry and field.

One module per data file (accelerator, links, models, systems, economics, training, validation_runs, editions),
on what they share: the common types (common), one value's checks (values), pydantic's errors worded as problems
(pydantic_problems), YAML syntax errors (yaml_errors) and the problems themselves (problems).
"""

from __future__ import annotations

from .accelerator import check_accelerator
from .accelerator_fields import DIMENSIONS, INTERNALS_TEXT, Accelerator
from .common import KEBAB
from .economics import Economics, check_economics
from .editions import Editions, check_edition
from .links import Interconnects, Latencies, check_interconnects, check_latencies
from .models import Models, check_models, count
from .problems import DataError, Problem, Problems
from .systems import SYSTEM_DIMENSIONS, Systems, check_systems
from .training import Training, check_training
from .validation_runs import Validation, check_validation
from .yaml_errors import yaml_error

__all__ = [
    "DIMENSIONS",
    "INTERNALS_TEXT",
    "KEBAB",
    "SYSTEM_DIMENSIONS",
    "Accelerator",
    "DataError",
    "Economics",
    "Editions",
    "Interconnects",
    "Latencies",
    "Models",
    "Problem",
    "Problems",
    "Systems",
    "Training",
    "Validation",
    "check_accelerator",
    "check_economics",
    "check_edition",
    "check_interconnects",
    "check_latencies",
    "check_models",
    "check_systems",
    "check_training",
    "check_validation",
    "count",
    "yaml_error",
]
