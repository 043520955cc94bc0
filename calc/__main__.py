# `python -m calc`: the calculators' CLI, plus the data commands when CPython's tooling (PyYAML, pydantic) is there.
import sys

try:
    from calc._tooling.cli import main
except ImportError:
    from calc._internal.cli import main

sys.exit(main())
