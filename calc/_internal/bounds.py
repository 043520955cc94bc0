# Every calculator input's accepted range, defined once, in SI units under the keyword the calc function takes
# (`count`, `capacity_bytes`): the form's fields read it in the units the reader types (fields.Field), and every
# `check_number` of that input reads it here. The ranges are wide: they keep arithmetic finite and meaningful
# (a count of at least one, a fraction above zero), not what is plausible, which the pages discuss.
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bound:
    """An accepted range: `low` (excluded when `low_open`) to `high`; `integer` for counts."""

    low: float
    high: float
    low_open: bool = False
    integer: bool = False


def _count(high: float) -> Bound:
    return Bound(1, high, integer=True)


def _positive(high: float) -> Bound:
    return Bound(0, high, low_open=True)


_FRACTION = _positive(1)
_MEMORY = _positive(1e15)  # an accelerator's memory: 1 PB, which no accelerator comes near

BOUNDS: dict[str, Bound] = {
    # Counts: accelerators, parallel degrees, batches, tokens.
    "count": _count(1e7),
    "tp": _count(1e5),
    "pp": _count(1e4),
    "cp": _count(1e5),
    "ep": _count(1e5),
    "dp": _count(1e7),
    "virtual_stages": _count(1e4),
    "micro_batch": _count(1e6),
    "batch": _count(1e7),
    "per_rack": _count(1e6),
    "scale_up_domain": _count(1e6),
    "context": _count(1e9),
    "window": _count(1e9),
    "sequence_length": _count(1e8),
    "prompt_tokens": Bound(1, 1e9),  # a mean over requests may be fractional
    "output_tokens": _count(1e8),
    "rerank_tokens": Bound(0, 1e9, integer=True),
    "draft_tokens": _count(64),
    "zero_stage": Bound(0, 3, integer=True),
    "global_batch_tokens": Bound(1, 1e12),
    "batch_tokens": Bound(1, 1e12),
    "tokens": _positive(1e16),
    "tokens_per_expert": _positive(1e12),  # a mixture of experts' mean load per expert and micro-batch
    # Model shape.
    "params": _positive(1e15),
    "total_params": _positive(1e15),
    "layers": _count(1e4),
    "hidden_size": _count(1e7),
    "ffn_hidden_size": Bound(1, 1e8),  # the default, 8/3 of the width, is fractional
    "attention_heads": _count(1e6),
    "kv_heads": _count(1e6),
    "head_dim": _count(1e5),
    "kv_lora_rank": _count(1e6),
    "rope_head_dim": Bound(0, 1e5, integer=True),
    "vocab_size": _count(1e8),
    "attention_width": Bound(1, 1e7),
    "m": _count(1e9),
    "n": _count(1e9),
    "k": _count(1e9),
    # A chip, its links and the network.
    "peak_flop_per_s": _positive(1e21),
    "bandwidth_bytes_per_s": _positive(1e18),
    "capacity_bytes": _MEMORY,
    "memory_bytes": _MEMORY,
    "runtime_reserve_bytes": Bound(0, 1e15),
    "link_bytes_per_s": _positive(1e15),
    "scale_up_bytes_per_s": _positive(1e15),
    "scale_up_link_bytes_per_s": _positive(1e15),
    "scale_out_bytes_per_s": _positive(1.25e15),
    "storage_bytes_per_s": _positive(1e15),  # a storage system's aggregate write bandwidth: 1 PB/s
    "host_bytes_per_s": _positive(1e13),  # one accelerator's copy to host memory: 10 TB/s
    "latency_s": Bound(0, 1e3),
    "bytes_per_element": _positive(64),
    "bytes_per_value": _positive(8),
    "gradient_bytes_per_param": _positive(8),
    "bytes_total": Bound(0, 1e18),
    "kv_bytes": Bound(0, 1e18),
    "weight_bytes_total": Bound(0, 1e18),
    "intensity_flop_per_byte": _positive(1e12),
    "flops_per_token_per_param": Bound(1, 100),
    "capacity_factor": Bound(1, 8),  # an expert's buffer: 1 to 8 times its balanced share of the routed tokens
    # Efficiencies and fractions.
    "mfu": _FRACTION,
    "matmul_efficiency": _FRACTION,
    "efficiency": _FRACTION,
    "goodput": _FRACTION,
    "memory_utilization": _FRACTION,
    "utilization": _FRACTION,
    "load": _FRACTION,
    "acceptance": Bound(0, 1),
    "opex_fraction_per_year": Bound(0, 1),
    "draft_cost": Bound(0, 10),
    # Time.
    "checkpoint_seconds": _positive(1e7),
    "restart_seconds": Bound(0, 1e7),
    "mtbf_hours": _positive(1e12),
    "system_mtbf_hours": _positive(1e9),
    "slo_tpot_s": _positive(1e3),
    "slo_ttft_s": _positive(1e4),
    "slo_attainment": Bound(0, 0.999, low_open=True),
    "arrival_rate": _positive(1e9),
    "prefix_hit_rate": Bound(0, 0.99),  # the newest token is always computed: a whole prompt is never a hit
    "deadline_days": _positive(1e5),
    "years": _positive(50),
    # Throughput targets.
    "tokens_per_second": _positive(1e12),
    "target_tokens_per_s": _positive(1e12),
    "target_queries_per_s": _positive(1e9),
    # Power, facilities and money.
    "tdp_w": _positive(1e5),
    "watts": Bound(0, 1e5),
    "pue": Bound(1, 5),
    "overhead": Bound(1, 5),
    "node_overhead": Bound(1, 5),
    "air_limit_w": _positive(1e8),
    "rack_limit_w": _positive(1e8),
    "site_w": _positive(1e12),
    "electricity_usd_per_kwh": Bound(0, 10),
    "carbon_g_per_kwh": Bound(0, 2000),
    "price_usd_per_hour_per_accelerator": Bound(0, 1e4),
    "rent_usd_per_hour": _positive(1e6),
    "capex_usd": Bound(0, 1e9),
}


def in_units(bound: Bound, scale: float) -> Bound:
    """The range in the units a reader types (a field's `scale` SI units each): 1e15 bytes is 1e6 GB."""
    return Bound(_clean(bound.low / scale), _clean(bound.high / scale), bound.low_open, bound.integer)


def _clean(value: float) -> float:
    return float(f"{value:.12g}")  # 1e-6 s in microseconds is 1.0, not 0.9999999999999999
