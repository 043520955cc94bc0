"""X4's calculators: the one place where the module's arithmetic lives.

Every function takes plain numbers with the unit in the parameter name and returns a `Result` of named
quantities in SI units plus its derivation. `run` and `compute` take a reader's inputs as text, as the
pages and the CLI do. The same package runs under CPython (tests, build, CLI) and Pyodide (the pages).
"""

from __future__ import annotations

from calc._internal import data as _data
from calc._internal.chooser import chooser, describe_row
from calc._internal.collective_calculators import allgather, allreduce, alltoall, reducescatter
from calc._internal.collectives import (
    all_to_all_seconds,
    hierarchical_allreduce_seconds,
    overlap_needed,
    ring_allgather_seconds,
    ring_allreduce_seconds,
    ring_reducescatter_seconds,
)
from calc._internal.data import Accelerator, DataBundle, load_data
from calc._internal.errors import CalcError
from calc._internal.fields import Calculator, Field, option_label
from calc._internal.fmt import format_count, format_money, format_number, format_quantity, format_word
from calc._internal.goodput import checkpoint_interval_seconds, goodput, lost_fraction
from calc._internal.inference import (
    cached_tokens,
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
    activation_bytes,
    bytes_per_param,
    layer_activation_parts,
    output_activation_bytes,
    training_memory,
    zero_bytes_per_accelerator,
)
from calc._internal.parallelism import (
    critical_batch_tokens,
    default_efficiency,
    describe_layout,
    parallelism,
    pipeline_bubble_fraction,
)
from calc._internal.plot import memory_bars_svg, ratio_chart_svg, serving_curve_svg, step_timeline_svg
from calc._internal.power import densest_air_cooled_rack_w, power, racks_needed, system_overhead, yearly_energy_j
from calc._internal.registry import CALCULATORS, compute, run
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
from calc._internal.tco import cost_per_million_tokens, owning_usd_per_hour, tco
from calc._internal.tiling import output_tiles, tile_efficiency, wave_count, wave_efficiency
from calc._internal.training import (
    cluster_flop_per_s,
    facility_power_w,
    training,
    training_flops,
    training_scaling_svg,
    training_seconds,
)
from calc._internal.units import parse_quantity, parse_si_number
from calc._internal.validation import Comparison, comparisons, median_absolute_error, megatron_flops_per_iteration


def _checkout_bundle() -> dict[str, object]:
    # In a checkout (CPython with PyYAML), build the data bundle from data/ when no bundle file ships beside calc.
    from calc._tooling.bundle import checkout_bundle

    return checkout_bundle()


_data.set_checkout_bundle(_checkout_bundle)

__version__ = "0.2.0"

__all__ = [
    "CALCULATORS",
    "Accelerator",
    "CalcError",
    "Calculator",
    "Comparison",
    "DataBundle",
    "Field",
    "Result",
    "Step",
    "activation_bytes",
    "all_to_all_seconds",
    "allgather",
    "allreduce",
    "alltoall",
    "attainable_flop_per_s",
    "best_draft_tokens",
    "bytes_per_param",
    "cached_tokens",
    "checkpoint_interval_seconds",
    "chooser",
    "cluster_flop_per_s",
    "comparisons",
    "compute",
    "cost_per_million_tokens",
    "critical_batch",
    "critical_batch_tokens",
    "decode",
    "decode_read_bytes",
    "decode_step_seconds",
    "default_efficiency",
    "densest_air_cooled_rack_w",
    "describe_layout",
    "describe_row",
    "elementwise_intensity",
    "embedding_params",
    "expected_tokens_per_step",
    "experts_touched",
    "facility_power_w",
    "format_count",
    "format_money",
    "format_number",
    "format_quantity",
    "format_word",
    "goodput",
    "hierarchical_allreduce_seconds",
    "kernel_seconds",
    "kv_bytes_per_token",
    "kv_cache",
    "layer_activation_parts",
    "load_data",
    "lost_fraction",
    "matmul",
    "matmul_bytes",
    "matmul_flops",
    "matmul_intensity",
    "max_batch",
    "median_absolute_error",
    "megatron_flops_per_iteration",
    "memory_bars_svg",
    "option_label",
    "output_activation_bytes",
    "output_tiles",
    "overlap_needed",
    "owning_usd_per_hour",
    "parallelism",
    "parse_quantity",
    "parse_si_number",
    "pipeline_bubble_fraction",
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
    "served_weight_bytes",
    "serving",
    "serving_curve_svg",
    "speculative",
    "speculative_speedup",
    "step_timeline_svg",
    "system_overhead",
    "tco",
    "tile_efficiency",
    "tp_allreduce_seconds",
    "training",
    "training_flops",
    "training_memory",
    "training_scaling_svg",
    "training_seconds",
    "wave_count",
    "wave_efficiency",
    "weight_bytes",
    "yearly_energy_j",
    "zero_bytes_per_accelerator",
]
