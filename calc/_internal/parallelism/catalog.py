# The planner's catalog entry: its fields, the presets of published runs, the headline and the ranking's table.
from __future__ import annotations

from ..fields import (
    ACCELERATOR,
    BASIS,
    CUSTOM_BANDWIDTH,
    CUSTOM_MEMORY,
    CUSTOM_PEAK,
    DEFAULT_DTYPE,
    DTYPES,
    Calculator,
    Field,
    with_changes,
)
from ..memory import MLPS, RECIPES, RECOMPUTE, SWITCHES
from .calculator import parallelism
from .chart import parallelism_svg
from .links import TOPOLOGIES
from .search import describe_layout
from .step_time import SCHEDULES, typical_efficiency

_CUSTOM_CHIP = "accelerator"
_CUSTOM_MODEL = "model"

PARALLELISM = Calculator(
    name="parallelism",
    fields=(
        Field("model", kind="model", default="llama-3-70b"),
        Field(
            "params",
            default="70B",
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "layers",
            default="80",
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "hidden",
            default="8192",
            param="hidden_size",
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "heads",
            default="64",
            param="attention_heads",
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "kv_heads",
            optional=True,
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "ffn",
            optional=True,
            param="ffn_hidden_size",
            custom_of=_CUSTOM_MODEL,
        ),
        Field(
            "vocab",
            optional=True,
            param="vocab_size",
            custom_of=_CUSTOM_MODEL,
        ),
        Field("mlp", kind="choice", default="swiglu", choices=MLPS, custom_of=_CUSTOM_MODEL),
        ACCELERATOR,
        Field("dtype", kind="choice", default=DEFAULT_DTYPE, choices=DTYPES),
        CUSTOM_PEAK,
        with_changes(CUSTOM_MEMORY, param="memory_bytes", custom_of=_CUSTOM_CHIP),
        CUSTOM_BANDWIDTH,
        Field(
            "scale_up_gbytes_s",
            unit="GB/s",
            default="450",
            param="scale_up_bytes_per_s",
            scale=1e9,
            custom_of=_CUSTOM_CHIP,
        ),
        Field(
            "scale_up_domain",
            default="8",
            custom_of=_CUSTOM_CHIP,
        ),
        Field("scale_up_topology", kind="choice", default="switch", choices=TOPOLOGIES, custom_of=_CUSTOM_CHIP),
        Field(
            "scale_up_link_gbytes_s",
            unit="GB/s",
            optional=True,
            param="scale_up_link_bytes_per_s",
            scale=1e9,
            custom_of=_CUSTOM_CHIP,
        ),
        Field(
            "scale_out_gbits_s",
            unit="Gb/s",
            default="400",
            param="scale_out_bytes_per_s",
            scale=1e9 / 8,
            custom_of=_CUSTOM_CHIP,
        ),
        Field(
            "count",
            default="1024",
        ),
        Field(
            "tp",
            default="8",
        ),
        Field(
            "pp",
            default="4",
        ),
        Field(
            "dp",
            optional=True,
        ),
        Field(
            "ep",
            default="1",
        ),
        Field(
            "cp",
            default="1",
        ),
        Field(
            "zero",
            default="1",
            param="zero_stage",
        ),
        Field(
            "seq_len",
            default="8192",
            param="sequence_length",
        ),
        Field(
            "global_batch_tokens",
            default="4194304",
        ),
        Field(
            "micro_batch",
            default="1",
        ),
        Field("recompute", kind="choice", default="none", choices=RECOMPUTE),
        Field("sequence_parallel", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field("tp_overlap", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field("dp_overlap", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field("ep_overlap", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field("capacity_factor", optional=True, advanced=True),
        Field("virtual_stages", default="1", advanced=True),
        Field("schedule", kind="choice", default="1f1b", choices=SCHEDULES, advanced=True),
        Field("optimizer", kind="choice", default="adam-mixed", param="recipe", choices=tuple(RECIPES), advanced=True),
        Field("flash_attention", kind="choice", default="on", choices=SWITCHES, advanced=True),
        Field("dropout", kind="choice", default="off", choices=SWITCHES, advanced=True),
        Field(
            "matmul_efficiency",
            optional=True,
            advanced=True,
            default_from=typical_efficiency,
        ),
        with_changes(BASIS, advanced=True),
        Field("search", kind="choice", default="off", choices=SWITCHES, advanced=True),
    ),
    function=parallelism,
    units={
        "weights_bytes": "B",
        "gradients_bytes": "B",
        "optimizer_bytes": "B",
        "activation_bytes": "B",
        "total_bytes": "B",
        "capacity_bytes": "B",
        "compute_seconds": "s",
        "tp_comm_seconds": "s",
        "tp_exposed_seconds": "s",
        "pp_comm_seconds": "s",
        "dp_comm_seconds": "s",
        "ep_comm_seconds": "s",
        "ep_exposed_seconds": "s",
        "cp_comm_seconds": "s",
        "dp_exposed_seconds": "s",
        "exposed_comm_seconds": "s",
        "bubble_seconds": "s",
        "optimizer_seconds": "s",
        "step_seconds": "s",
        "tokens_per_second": "tokens/s",
        "memory_bandwidth_bytes_per_s": "B/s",
    },
    headline=(
        "total_bytes",
        "step_seconds",
        "mfu",
        "hfu",
        "tokens_per_second",
        "pipeline_bubble_fraction",
        "critical_batch_tokens_per_device",
    ),
    presets={
        # Llama Team (2024), Table 4 and section 3.3.2: 16,384 H100, TP 8, PP 16, DP 128, 8K sequences,
        # 16M tokens per batch, FSDP sharding optimizer states and gradients, no activation checkpointing.
        "llama-3-405b": {
            "model": "llama-3-405b",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "16384",
            "dp": "",
            "tp": "8",
            "pp": "16",
            "ep": "1",
            "cp": "1",
            "zero": "2",
            "seq_len": "8192",
            "global_batch_tokens": "16777216",
            "micro_batch": "1",
            "recompute": "none",
        },
        # DeepSeek-AI (2024), DeepSeek-V3 report §3.2 and §4.2: 2,048 H800, PP 16, EP 64, ZeRO-1 data
        # parallelism, no tensor parallelism, FP8 matmuls, 4K sequences, batch of 15,360 sequences; DualPipe
        # overlapping the expert all-to-alls with another micro-batch's compute (§3.2.1).
        "deepseek-v3": {
            "model": "deepseek-v3",
            "accelerator": "h800-sxm",
            "dtype": "fp8",
            "count": "2048",
            "dp": "",
            "tp": "1",
            "pp": "16",
            "ep": "64",
            "cp": "1",
            "zero": "1",
            "seq_len": "4096",
            "global_batch_tokens": "62914560",
            "micro_batch": "1",
            "recompute": "none",
            "ep_overlap": "on",
        },
        # Llama 3 70B with plain Adam on one 8-GPU node, no sharding: it does not fit.
        "70b-one-node": {
            "model": "llama-3-70b",
            "accelerator": "h100-sxm",
            "dtype": "bf16",
            "count": "8",
            "dp": "",
            "tp": "8",
            "pp": "1",
            "ep": "1",
            "cp": "1",
            "zero": "0",
            "seq_len": "8192",
            "global_batch_tokens": "65536",
            "micro_batch": "1",
            "recompute": "full",
        },
    },
    plot=parallelism_svg,
    describe=lambda result, row, lang: describe_layout(result, row, lang),
    table_label="layout",
    columns=lambda result: ("step_seconds", "mfu", "total_bytes", "exposed_comm_seconds", "bubble_seconds"),
)

CALCULATORS = (PARALLELISM,)
