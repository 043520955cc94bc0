# The calculators' reader-facing text: one catalog (catalog.py, merged from one module per area: ui, plot,
# compute, collectives, training, memory, inference, tco, chooser, parallelism, goodput, serving, power, drill), read
# through `t` (text.py). Spanish: tú, decimal comma, the project's term list (tools/terms_es.yaml).
from .catalog import CATALOG
from .text import Joined, Text, Words, t, text

__all__ = ["CATALOG", "Joined", "Text", "Words", "t", "text"]
