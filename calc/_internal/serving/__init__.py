# Serving, one idea a module: one case and its closed-form point at a batch size (case), the derivation a reader
# checks, the serving calculator and its catalog entry, and speculative decoding.
from .calculator import serving
from .case import (
    ServingCase,
    case_max_batch,
    chip_case,
    default_efficiency,
    largest_batch_within,
    serving_point,
    tp_allreduce_seconds,
)
from .catalog import SERVING
from .speculative import SPECULATIVE, best_draft_tokens, expected_tokens_per_step, speculative, speculative_speedup

CALCULATORS = (SERVING, SPECULATIVE)

__all__ = [
    "CALCULATORS",
    "SERVING",
    "SPECULATIVE",
    "ServingCase",
    "best_draft_tokens",
    "case_max_batch",
    "chip_case",
    "default_efficiency",
    "expected_tokens_per_step",
    "largest_batch_within",
    "serving",
    "serving_point",
    "speculative",
    "speculative_speedup",
    "tp_allreduce_seconds",
]
