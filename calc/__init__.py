"""X4's calculators: the one place where the module's arithmetic lives.

Every function takes plain numbers in SI units (bytes, seconds, FLOP, watts, dollars) with the
unit in the parameter name, and returns a `Result` of named quantities plus its derivation.
The same package runs under CPython (tests, build, CLI) and Pyodide (the pages' calculators).
"""

from __future__ import annotations

from calc._internal.data import Accelerator, DataBundle, load_data
from calc._internal.errors import CalcError
from calc._internal.fmt import format_number, format_quantity
from calc._internal.registry import CALCULATORS, Calculator, Field, compute, run
from calc._internal.results import Result, Step
from calc._internal.roofline import attainable_flop_per_s, ridge_point, roofline
from calc._internal.units import parse_quantity, parse_si_number

__version__ = "0.1.0"

__all__ = [
    "CALCULATORS",
    "Accelerator",
    "CalcError",
    "Calculator",
    "DataBundle",
    "Field",
    "Result",
    "Step",
    "attainable_flop_per_s",
    "compute",
    "format_number",
    "format_quantity",
    "load_data",
    "parse_quantity",
    "parse_si_number",
    "ridge_point",
    "roofline",
    "run",
]
