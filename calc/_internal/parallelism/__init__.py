# The parallelism planner, one idea a module: the links and one collective's time (links), what is laid out
# (layout), one layout's memory and step time (step_time), its derivation, the search over layouts, and the
# calculator that joins them, and its catalog entry.
from .calculator import parallelism
from .catalog import CALCULATORS, PARALLELISM
from .layout import Layout, Setup, Shape, check_activation_inputs
from .links import chip_links, link_word
from .moe import dropped_token_share
from .search import describe_layout, search_layouts
from .step_time import (
    attention_rate,
    compute_units,
    critical_batch_tokens,
    default_efficiency,
    evaluate_layout,
    layout_memory,
    matmul_shapes,
    pipeline_bubble_fraction,
    planner_rates,
    planner_roofs,
)

__all__ = [
    "CALCULATORS",
    "PARALLELISM",
    "Layout",
    "Setup",
    "Shape",
    "attention_rate",
    "check_activation_inputs",
    "chip_links",
    "compute_units",
    "critical_batch_tokens",
    "default_efficiency",
    "describe_layout",
    "dropped_token_share",
    "evaluate_layout",
    "layout_memory",
    "link_word",
    "matmul_shapes",
    "parallelism",
    "pipeline_bubble_fraction",
    "planner_rates",
    "planner_roofs",
    "search_layouts",
]
