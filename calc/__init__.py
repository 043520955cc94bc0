"""X4's calculators: the one place where the module's arithmetic lives.

Every function takes plain numbers with the unit in the parameter name and returns a `Result` of named
quantities in SI units plus its derivation. `run` and `compute` take a reader's inputs as text, as the
pages and the CLI do. The same package runs under CPython (tests, build, CLI) and Pyodide (the pages).
"""

from __future__ import annotations

# Two modules whose state the tests reset: the chooser's caches and the loaded data bundle.
from calc._internal import chooser as chooser_module
from calc._internal import data as data_module
from calc._internal.bounds import BOUNDS as INPUT_BOUNDS
from calc._internal.chooser import chooser, describe_row
from calc._internal.collective_calculators import allgather, allreduce, alltoall, reducescatter
from calc._internal.collectives import (
    all_to_all_seconds,
    hierarchical_allreduce_seconds,
    one_shot_allreduce_seconds,
    one_shot_limit_bytes,
    overlap_needed,
    ring_allgather_seconds,
    ring_allreduce_seconds,
    ring_reducescatter_seconds,
    swept_bus_bandwidth,
    uses_one_shot,
)
from calc._internal.data import Accelerator, DataBundle, MeasuredValue, SourcedValue, load_data, parse_bundle
from calc._internal.drill import Problem, drill_round, drill_score, drill_set, drill_texts, score_answer
from calc._internal.errors import CalcError
from calc._internal.fields import AUTO, CUSTOM, Calculator, Field, option_label
from calc._internal.fmt import _PREFIXED as PREFIXED_UNITS
from calc._internal.fmt import (
    DISPLAY_FACTORS,
    format_count,
    format_money,
    format_number,
    format_quantity,
    format_word,
    unit_text,
)
from calc._internal.goodput import (
    checkpoint_interval_seconds,
    checkpoint_stall_seconds,
    checkpoint_write_seconds,
    failure_causes,
    goodput,
    lost_fraction,
)
from calc._internal.i18n import LANGS, catalog_problems, site_lang, translate
from calc._internal.inference import (
    cached_tokens,
    causal_attention_flops,
    critical_batch,
    decode,
    decode_read_bytes,
    decode_step_seconds,
    embedding_params,
    experts_touched,
    kv_bytes_per_token,
    kv_cache,
    max_batch,
    prefill,
    prefill_flops,
    prefill_seconds,
    served_weight_bytes,
    weight_bytes,
)
from calc._internal.memory import (
    RECOMPUTE,
    activation_bytes,
    bytes_per_param,
    checkpoint_bytes_per_param,
    layer_activation_parts,
    output_activation_bytes,
    training_memory,
    zero_bytes_per_accelerator,
)
from calc._internal.messages import CATALOG as MESSAGE_CATALOG
from calc._internal.messages import text as message_text
from calc._internal.numbers import with_page_decimal_mark
from calc._internal.parallelism import (
    Layout,
    critical_batch_tokens,
    default_efficiency,
    describe_layout,
    dropped_token_share,
    evaluate_layout,
    layout_memory,
    parallelism,
    pipeline_bubble_fraction,
)
from calc._internal.parallelism.kernels import gemm_wave_efficiency
from calc._internal.parallelism.links import chip_links
from calc._internal.parallelism.links import collective as planner_collective
from calc._internal.plot import (
    CurvePoint,
    LoadCurvePoint,
    load_curve_svg,
    memory_bars_svg,
    ratio_chart_svg,
    serving_curve_svg,
    step_timeline_svg,
)
from calc._internal.power import densest_air_cooled_rack_w, power, racks_needed, system_overhead, yearly_energy_j
from calc._internal.registry import CALCULATORS, compute, formatted, run, warm_up_cases
from calc._internal.results import Result, Step
from calc._internal.roofline import (
    attainable_flop_per_s,
    elementwise_intensity,
    kernel_seconds,
    matmul,
    matmul_bytes,
    matmul_flops,
    matmul_intensity,
    ridge_point,
    roofline,
    roofline_svg,
)
from calc._internal.serving import (
    best_draft_tokens,
    expected_tokens_per_step,
    serving,
    speculative,
    speculative_speedup,
    tp_allreduce_seconds,
)
from calc._internal.serving import default_efficiency as serving_default_efficiency
from calc._internal.serving.load import Engine as LoadEngine
from calc._internal.serving.load import attained as load_attained
from calc._internal.serving.load import batch_quantile as load_batch_quantile
from calc._internal.serving.load import goodput as load_goodput
from calc._internal.serving.load import grid as load_grid
from calc._internal.serving.load import in_flight as load_in_flight
from calc._internal.serving.load import load_point
from calc._internal.serving.load import mean_wait as load_mean_wait
from calc._internal.serving.load import stationary as load_stationary
from calc._internal.serving.load import wait_quantile as load_wait_quantile
from calc._internal.tco import cost_per_million_tokens, owning_usd_per_hour, tco
from calc._internal.tiling import output_tiles, tile_efficiency, wave_count, wave_efficiency
from calc._internal.training import (
    amdahl_speedup,
    attention_flops_per_token,
    cluster_flop_per_s,
    facility_power_w,
    training,
    training_flops,
    training_flops_by_kind,
    training_scaling_svg,
    training_seconds,
)
from calc._internal.training import scaling_point as training_scaling_point
from calc._internal.units import parse_quantity, parse_si_number
from calc._internal.validation import (
    Comparison,
    comparisons,
    gpu_hours_per_trillion_tokens,
    median_absolute_error,
    megatron_flops_per_iteration,
)


def _checkout_bundle() -> dict[str, object]:
    # In a checkout (CPython with PyYAML), build the data bundle from data/ when no bundle file ships beside calc.
    from calc._tooling.bundle import checkout_bundle

    return checkout_bundle()


data_module.set_checkout_bundle(_checkout_bundle)

# Exported for the site build, the worker and the tests rather than for readers: the API reference leaves them out.
HELPERS = frozenset(
    {
        "AUTO",
        "CUSTOM",
        "DISPLAY_FACTORS",
        "HELPERS",
        "INPUT_BOUNDS",
        "LANGS",
        "MESSAGE_CATALOG",
        "PREFIXED_UNITS",
        "RECOMPUTE",
        "CurvePoint",
        "Layout",
        "LoadCurvePoint",
        "LoadEngine",
        "MeasuredValue",
        "SourcedValue",
        "catalog_problems",
        "chip_links",
        "chooser_module",
        "data_module",
        "evaluate_layout",
        "formatted",
        "gemm_wave_efficiency",
        "layout_memory",
        "load_attained",
        "load_batch_quantile",
        "load_curve_svg",
        "load_goodput",
        "load_grid",
        "load_in_flight",
        "load_mean_wait",
        "load_point",
        "load_stationary",
        "load_wait_quantile",
        "message_text",
        "parse_bundle",
        "planner_collective",
        "serving_default_efficiency",
        "site_lang",
        "training_scaling_point",
        "translate",
        "unit_text",
        "warm_up_cases",
        "with_page_decimal_mark",
    }
)

__version__ = "0.2.0"

__all__ = [
    "AUTO",
    "CALCULATORS",
    "CUSTOM",
    "DISPLAY_FACTORS",
    "HELPERS",
    "INPUT_BOUNDS",
    "LANGS",
    "MESSAGE_CATALOG",
    "PREFIXED_UNITS",
    "RECOMPUTE",
    "Accelerator",
    "CalcError",
    "Calculator",
    "Comparison",
    "CurvePoint",
    "DataBundle",
    "Field",
    "Layout",
    "LoadCurvePoint",
    "LoadEngine",
    "MeasuredValue",
    "Problem",
    "Result",
    "SourcedValue",
    "Step",
    "activation_bytes",
    "all_to_all_seconds",
    "allgather",
    "allreduce",
    "alltoall",
    "amdahl_speedup",
    "attainable_flop_per_s",
    "attention_flops_per_token",
    "best_draft_tokens",
    "bytes_per_param",
    "cached_tokens",
    "catalog_problems",
    "causal_attention_flops",
    "checkpoint_bytes_per_param",
    "checkpoint_interval_seconds",
    "checkpoint_stall_seconds",
    "checkpoint_write_seconds",
    "chip_links",
    "chooser",
    "chooser_module",
    "cluster_flop_per_s",
    "comparisons",
    "compute",
    "cost_per_million_tokens",
    "critical_batch",
    "critical_batch_tokens",
    "data_module",
    "decode",
    "decode_read_bytes",
    "decode_step_seconds",
    "default_efficiency",
    "densest_air_cooled_rack_w",
    "describe_layout",
    "describe_row",
    "drill_round",
    "drill_score",
    "drill_set",
    "drill_texts",
    "dropped_token_share",
    "elementwise_intensity",
    "embedding_params",
    "evaluate_layout",
    "expected_tokens_per_step",
    "experts_touched",
    "facility_power_w",
    "failure_causes",
    "format_count",
    "format_money",
    "format_number",
    "format_quantity",
    "format_word",
    "formatted",
    "gemm_wave_efficiency",
    "goodput",
    "gpu_hours_per_trillion_tokens",
    "hierarchical_allreduce_seconds",
    "kernel_seconds",
    "kv_bytes_per_token",
    "kv_cache",
    "layer_activation_parts",
    "layout_memory",
    "load_attained",
    "load_batch_quantile",
    "load_curve_svg",
    "load_data",
    "load_goodput",
    "load_grid",
    "load_in_flight",
    "load_mean_wait",
    "load_point",
    "load_stationary",
    "load_wait_quantile",
    "lost_fraction",
    "matmul",
    "matmul_bytes",
    "matmul_flops",
    "matmul_intensity",
    "max_batch",
    "median_absolute_error",
    "megatron_flops_per_iteration",
    "memory_bars_svg",
    "message_text",
    "one_shot_allreduce_seconds",
    "one_shot_limit_bytes",
    "option_label",
    "output_activation_bytes",
    "output_tiles",
    "overlap_needed",
    "owning_usd_per_hour",
    "parallelism",
    "parse_bundle",
    "parse_quantity",
    "parse_si_number",
    "pipeline_bubble_fraction",
    "planner_collective",
    "power",
    "prefill",
    "prefill_flops",
    "prefill_seconds",
    "racks_needed",
    "ratio_chart_svg",
    "reducescatter",
    "ridge_point",
    "ring_allgather_seconds",
    "ring_allreduce_seconds",
    "ring_reducescatter_seconds",
    "roofline",
    "roofline_svg",
    "run",
    "score_answer",
    "served_weight_bytes",
    "serving",
    "serving_curve_svg",
    "serving_default_efficiency",
    "site_lang",
    "speculative",
    "speculative_speedup",
    "step_timeline_svg",
    "swept_bus_bandwidth",
    "system_overhead",
    "tco",
    "tile_efficiency",
    "tp_allreduce_seconds",
    "training",
    "training_flops",
    "training_flops_by_kind",
    "training_memory",
    "training_scaling_point",
    "training_scaling_svg",
    "training_seconds",
    "translate",
    "unit_text",
    "uses_one_shot",
    "warm_up_cases",
    "wave_count",
    "wave_efficiency",
    "weight_bytes",
    "with_page_decimal_mark",
    "yearly_energy_j",
    "zero_bytes_per_accelerator",
]
