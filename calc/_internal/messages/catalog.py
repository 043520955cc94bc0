# The calculators' reader-facing text: one catalog, id -> {"en", "es"}, merged from one module per area in
# the order below (the order is the catalog's: keep it). Spanish: tú, decimal comma, the project's term list
# (tools/terms_es.yaml). Placeholders match in both languages.
from __future__ import annotations

from .chooser import ENTRIES as _CHOOSER
from .collectives import ENTRIES as _COLLECTIVES
from .compute import ENTRIES as _COMPUTE
from .drill import ENTRIES as _DRILL
from .goodput import ENTRIES as _GOODPUT
from .inference import ENTRIES as _INFERENCE
from .memory import ENTRIES as _MEMORY
from .parallelism import ENTRIES as _PARALLELISM
from .plot import ENTRIES as _PLOT
from .power import ENTRIES as _POWER
from .serving import ENTRIES as _SERVING
from .tco import ENTRIES as _TCO
from .training import ENTRIES as _TRAINING
from .ui import ENTRIES as _UI

CATALOG: dict[str, dict[str, str]] = {
    **_UI,
    **_PLOT,
    **_COMPUTE,
    **_COLLECTIVES,
    **_TRAINING,
    **_MEMORY,
    **_INFERENCE,
    **_TCO,
    **_CHOOSER,
    **_PARALLELISM,
    **_GOODPUT,
    **_SERVING,
    **_POWER,
    **_DRILL,
}
