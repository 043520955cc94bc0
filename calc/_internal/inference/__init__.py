# Inference: weight bytes, KV cache (MHA/GQA/MQA, MLA, sliding window), largest batch, decode and prefill bounds;
# one module a calculator, the formulas they share in `formulas`.
from __future__ import annotations

from .decoding import DECODE, decode
from .formulas import (
    ATTENTION,
    INT4_GROUP_SIZE,
    MEMORY_UTILIZATION,
    MODEL,
    SCALE_BYTES,
    TABLE_BYTES,
    WEIGHT_FORMATS,
    cached_tokens,
    causal_attention_flops,
    critical_batch,
    decode_read_bytes,
    decode_read_terms,
    decode_step_seconds,
    embedding_params,
    experts_touched,
    kv_bytes_per_token,
    max_batch,
    model_tables,
    prefill_flops,
    prefill_seconds,
    routed_expert_params,
    served_weight_bytes,
    weight_bytes,
)
from .kv import KV_CACHE, kv_cache
from .prefilling import PREFILL, prefill

CALCULATORS = (KV_CACHE, DECODE, PREFILL)

__all__ = [
    "ATTENTION",
    "CALCULATORS",
    "DECODE",
    "INT4_GROUP_SIZE",
    "KV_CACHE",
    "MEMORY_UTILIZATION",
    "MODEL",
    "PREFILL",
    "SCALE_BYTES",
    "TABLE_BYTES",
    "WEIGHT_FORMATS",
    "cached_tokens",
    "causal_attention_flops",
    "critical_batch",
    "decode",
    "decode_read_bytes",
    "decode_read_terms",
    "decode_step_seconds",
    "embedding_params",
    "experts_touched",
    "kv_bytes_per_token",
    "kv_cache",
    "max_batch",
    "model_tables",
    "prefill",
    "prefill_flops",
    "prefill_seconds",
    "routed_expert_params",
    "served_weight_bytes",
    "weight_bytes",
]
