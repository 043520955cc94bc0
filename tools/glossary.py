# Calculator labels that use a term of the trade link it to its glossary entry (docs/<lang>/glossary.md, whose
# entries carry the same anchor in both languages). One mapping: a label's catalog key -> the entry it links.
from __future__ import annotations

import re

from tools.common import esc

# Each entry's anchor -> the words that name it in a label, per language (matched whole, case-sensitively).
# A label holding any of these words must be in LABELS (tests/test_glossary_links.py).
TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "mfu": {"en": ("MFU",), "es": ("MFU",)},
    "hfu": {"en": ("HFU",), "es": ("HFU",)},
    "fsdp-zero": {"en": ("ZeRO", "FSDP"), "es": ("ZeRO", "FSDP")},
    "tensor-parallelism": {
        "en": ("Tensor parallelism", "Tensor-parallel", "tensor-parallel", "TP"),
        "es": ("Paralelismo de tensor", "paralelismo de tensor", "TP"),
    },
    "pipeline-parallelism": {
        "en": ("Pipeline parallelism", "pipeline rank", "PP"),
        "es": ("Paralelismo de pipeline", "proceso del pipeline", "PP"),
    },
    "data-parallelism": {
        "en": ("Data parallelism", "Data-parallel", "DP"),
        "es": ("Paralelismo de datos", "paralelismo de datos", "DP"),
    },
    "expert-parallelism": {
        "en": ("Expert parallelism", "Expert all-to-alls", "EP"),
        "es": ("Paralelismo de expertos", "All-to-all de expertos", "EP"),
    },
    "context-parallelism": {"en": ("Context parallelism", "CP"), "es": ("Paralelismo de contexto", "CP")},
    "sequence-parallelism": {"en": ("Sequence parallelism",), "es": ("Paralelismo de secuencia",)},
    "pipeline-bubble": {"en": ("Pipeline bubble",), "es": ("Burbuja del pipeline",)},
    "gradient-sync": {
        "en": ("Gradient sync", "gradient sync"),
        "es": ("Sincronización de gradientes", "sincronización de gradientes"),
    },
    "micro-batch": {"en": ("Micro-batch", "micro-batch"), "es": ("Micro-batch", "micro-batch")},
    "activation-recomputation": {
        "en": ("Activation recomputation", "recomputation"),
        "es": ("Recomputación de activaciones", "recomputación"),
    },
    "flashattention": {"en": ("FlashAttention",), "es": ("FlashAttention",)},
    "moe": {"en": ("MoE",), "es": ("MoE",)},
    "kv-cache": {"en": ("KV cache", "KV-cache"), "es": ("Caché KV", "caché KV")},
    "gqa": {"en": ("KV heads",), "es": ("Cabezas KV",)},
    "mla": {"en": ("MLA",), "es": ("MLA",)},
    "sliding-window-attention": {"en": ("Sliding window",), "es": ("Ventana deslizante",)},
    "speculative-decoding": {
        "en": ("Acceptance rate", "Drafted tokens", "Draft step"),
        "es": ("Tasa de aceptación", "Tokens borrador", "paso borrador"),
    },
    "ttft": {"en": ("Time to first token", "TTFT"), "es": ("Tiempo hasta el primer token", "TTFT")},
    "tpot": {
        "en": ("Time per output token", "Time-per-output-token", "TPOT"),
        "es": ("Tiempo por token de salida", "tiempo por token de salida", "TPOT"),
    },
    "prefill": {"en": ("Prefill",), "es": ("prefill",)},
    "decode": {"en": ("Decode step",), "es": ("Paso de decodificación",)},
    "goodput": {"en": ("Goodput",), "es": ("Goodput",)},
    "arithmetic-intensity": {"en": ("Arithmetic intensity",), "es": ("Intensidad aritmética",)},
    "ridge-point": {"en": ("Ridge point",), "es": ("Punto de cresta",)},
    "dense-vs-sparse-peak": {"en": ("dense peak",), "es": ("pico denso",)},
    "scale-up-scale-out": {
        "en": ("Scale-up", "scale-up", "Scale-out", "scale-out"),
        "es": ("Scale-up", "scale-up", "Scale-out", "scale-out"),
    },
    "allreduce": {"en": ("AllReduce",), "es": ("AllReduce",)},
    "pue": {"en": ("PUE",), "es": ("PUE",)},
    "tdp": {"en": ("TDP",), "es": ("TDP",)},
}

# A label's catalog key (`field.<name>`, `<calc>.field.<name>`, `out.<quantity>`, `<calc>.out.<quantity>`) -> the
# entry its link opens: the term the label is about, where it names several ("ZeRO stage over DP").
LABELS: dict[str, str] = {
    # inputs
    "roofline.field.intensity": "arithmetic-intensity",
    "training.field.params": "moe",
    "prefill.field.params": "moe",
    "field.total_params": "moe",
    "field.mfu": "mfu",
    "chooser.field.mfu": "mfu",
    "field.node_overhead": "tdp",
    "power.field.tdp": "tdp",
    "power.field.overhead": "tdp",
    "field.pue": "pue",
    "training.field.link_gbytes_s": "scale-up-scale-out",
    "field.scale_up_gbytes_s": "scale-up-scale-out",
    "field.scale_up_domain": "scale-up-scale-out",
    "field.scale_up_topology": "scale-up-scale-out",
    "field.scale_out_gbits_s": "scale-up-scale-out",
    "serving.field.link_gbytes_s": "scale-up-scale-out",
    "serving.field.latency_us": "allreduce",
    "field.goodput": "goodput",
    "field.zero": "fsdp-zero",
    "parallelism.field.zero": "fsdp-zero",
    "training-memory.field.count": "data-parallelism",
    "field.kv_heads": "gqa",
    "field.micro_batch": "micro-batch",
    "field.recompute": "activation-recomputation",
    "field.flash_attention": "flashattention",
    "field.tp": "tensor-parallelism",
    "serving.field.tp": "tensor-parallelism",
    "field.tp_overlap": "tensor-parallelism",
    "field.pp": "pipeline-parallelism",
    "field.virtual_stages": "pipeline-parallelism",
    "field.dp": "data-parallelism",
    "field.ep": "expert-parallelism",
    "field.ep_overlap": "expert-parallelism",
    "field.capacity_factor": "moe",
    "field.cp": "context-parallelism",
    "field.sequence_parallel": "sequence-parallelism",
    "field.dp_overlap": "gradient-sync",
    "field.matmul_efficiency": "dense-vs-sparse-peak",
    "field.kv_lora_rank": "mla",
    "field.rope_dim": "mla",
    "field.window": "sliding-window-attention",
    "field.kv_bytes": "kv-cache",
    "field.kv_dtype": "kv-cache",
    "field.slo_tpot_ms": "tpot",
    "field.acceptance": "speculative-decoding",
    "field.draft_tokens": "speculative-decoding",
    "field.draft_cost": "speculative-decoding",
    # results
    "roofline.out.ridge_point_flop_per_byte": "ridge-point",
    "matmul.out.intensity_flop_per_byte": "arithmetic-intensity",
    "parallelism.out.mfu": "mfu",
    "parallelism.out.hfu": "hfu",
    "parallelism.out.pipeline_bubble_fraction": "pipeline-bubble",
    "parallelism.out.critical_batch_tokens_per_device": "gradient-sync",
    "goodput.out.goodput": "goodput",
    "kv-cache.out.needed_bytes": "kv-cache",
    "prefill.out.prefill_seconds": "prefill",
    "serving.out.ttft_seconds": "ttft",
    "serving.out.tpot_seconds": "tpot",
    "serving.out.ttft_p99_seconds": "ttft",
    "serving.out.tpot_p99_seconds": "tpot",
    "serving.out.goodput_requests_per_second": "goodput",
    "serving.out.decode_bound": "decode",
}


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def terms_in(text: str, lang: str) -> set[str]:
    """The glossary entries whose words `text` holds."""
    return {term for term, words in TERMS.items() if _pattern(words[lang]).search(text)}


def linked_label(key: str, text: str, lang: str, glossary_href: str) -> str:
    """A label as HTML: escaped, with the words of its glossary term (LABELS) a link to the entry."""
    term = LABELS.get(key)
    match = _pattern(TERMS[term][lang]).search(text) if term else None
    if match is None:
        return esc(text)
    link = f'<a class="x4-gloss" href="{esc(glossary_href)}#{term}">{esc(match.group(0))}</a>'
    return esc(text[: match.start()]) + link + esc(text[match.end() :])
