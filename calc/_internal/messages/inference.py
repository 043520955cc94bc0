# The catalog's inference entries: the KV cache, decode and prefill calculators.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- KV cache -----------------------------------------------------------------------------------------
    "model.custom": {"en": "described model", "es": "modelo descrito"},
    "kv-cache.title": {"en": "KV cache", "es": "Caché KV"},
    "field.attention": {"en": "Attention", "es": "Atención"},
    "field.kv_heads": {"en": "KV heads", "es": "Cabezas KV"},
    "field.head_dim": {"en": "Head dimension", "es": "Dimensión de cabeza"},
    "field.kv_lora_rank": {"en": "MLA latent rank", "es": "Rango latente de MLA"},
    "field.rope_dim": {"en": "MLA RoPE key dimension", "es": "Dimensión de la clave RoPE (MLA)"},
    "field.window": {"en": "Sliding window (tokens)", "es": "Ventana deslizante (tokens)"},
    "field.bytes_per_value": {"en": "Bytes per value", "es": "Bytes por valor"},
    "field.context": {"en": "Context (tokens)", "es": "Contexto (tokens)"},
    "option.attention.mha": {"en": "multi-head (MHA)", "es": "multicabeza (MHA)"},
    "option.attention.gqa": {"en": "grouped-query (GQA)", "es": "de consultas agrupadas (GQA)"},
    "option.attention.mqa": {"en": "multi-query (MQA)", "es": "de consulta múltiple (MQA)"},
    "option.attention.mla": {"en": "multi-head latent (MLA)", "es": "latente multicabeza (MLA)"},
    "option.attention.sliding": {"en": "sliding window", "es": "ventana deslizante"},
    "kv-cache.out.bytes_per_token": {"en": "Per token", "es": "Por token"},
    "kv-cache.out.total_bytes": {"en": "For batch × context", "es": "Para batch × contexto"},
    "kv-cache.preset.llama-3-70b-128k": {"en": "Llama 3 70B (GQA) at a 128Ki-token context", "es": "Llama 3 70B (GQA) con contexto de 128Ki tokens"},
    "kv-cache.preset.deepseek-v3-128k": {"en": "DeepSeek-V3 (MLA) at a 128Ki-token context", "es": "DeepSeek-V3 (MLA) con contexto de 128Ki tokens"},
    "kv-cache.step.bytes_per_token": {"en": "KV cache per token ({model}, {attention})", "es": "Caché KV por token ({model}, {attention})"},
    "kv-cache.step.cached_tokens": {"en": "Cached tokens per sequence", "es": "Tokens en caché por secuencia"},
    "kv-cache.step.total_bytes": {"en": "KV cache for the batch", "es": "Caché KV del batch"},
    "kv-cache.field.accelerator": {"en": "Accelerator (to check the fit)", "es": "Acelerador (para comprobar si cabe)"},
    "kv-cache.field.weight_format": {"en": "Weight format (for the fit)", "es": "Formato de los pesos (para ver si cabe)"},
    "kv-cache.field.params": {
        "en": "Parameters (described model, for the fit)",
        "es": "Parámetros (modelo descrito, para ver si cabe)",
    },
    "option.accelerator.default": {"en": "none: no fit check", "es": "ninguno: sin comprobar si cabe"},
    "kv-cache.out.needed_bytes": {"en": "Weights + KV cache", "es": "Pesos + caché KV"},
    "kv-cache.out.fit": {"en": "In memory", "es": "En memoria"},
    "word.fits": {"en": "fits", "es": "cabe"},
    "word.does-not-fit": {"en": "does not fit", "es": "no cabe"},
    "kv-cache.preset.mixtral-int4-24gb": {
        "en": "Mixtral 8x7B in INT4 on a 24 GB card",
        "es": "Mixtral 8x7B en INT4 en una tarjeta de 24 GB",
    },
    "kv-cache.step.weights": {
        "en": "Weights ({model}, {format}, embedding tables in BF16)",
        "es": "Pesos ({model}, {format}, tablas de embeddings en BF16)",
    },
    "kv-cache.step.usable": {
        "en": "Memory a server may fill on {chip} (vLLM keeps the rest for the runtime)",
        "es": "Memoria que un servidor puede ocupar en {chip} (vLLM reserva el resto para el runtime)",
    },
    "kv-cache.step.needed": {"en": "Weights plus KV cache", "es": "Pesos más caché KV"},
    "kv-cache.note.no_accelerator": {
        "en": "No fit check: choose an accelerator to see whether the weights and this cache fit.",
        "es": "Sin comprobar si cabe: elige un acelerador para ver si caben los pesos y esta caché.",
    },
    "kv-cache.note.no_params": {
        "en": "Weights not counted in the fit: give the described model's parameters to add them.",
        "es": "Pesos no contados al ver si cabe: indica los parámetros del modelo descrito para añadirlos.",
    },
    # -- decode -------------------------------------------------------------------------------------------
    "decode.title": {"en": "Decode step bound", "es": "Cota del paso de decodificación"},
    "field.weights_bytes": {"en": "Weight bytes", "es": "Bytes de pesos"},
    "field.kv_bytes": {"en": "KV cache read per step (whole batch)", "es": "Caché KV leída por paso (todo el batch)"},
    "decode.field.count": {"en": "Accelerators sharing the work", "es": "Aceleradores que reparten el trabajo"},
    "decode.field.model": {
        "en": "Model (custom: give the weight bytes read per step)",
        "es": "Modelo (personalizado: indica los bytes de pesos leídos por paso)",
    },
    "decode.field.weight_format": {"en": "Weight format (with a model)", "es": "Formato de los pesos (con un modelo)"},
    "decode.step.read": {
        "en": "Weights one step reads ({model}, {format}: all but the untied input table, one row per token)",
        "es": "Pesos que lee un paso ({model}, {format}: todos salvo la tabla de entrada no compartida, una fila por token)",
    },
    "decode.field.params": {"en": "Parameters (for the compute check)", "es": "Parámetros (para comprobar el cómputo)"},
    "decode.out.step_seconds": {"en": "Step time", "es": "Tiempo por paso"},
    "decode.out.tokens_per_second": {"en": "Tokens/s per sequence", "es": "Tokens/s por secuencia"},
    "decode.out.batch_tokens_per_second": {"en": "Tokens/s for the batch", "es": "Tokens/s del batch"},
    "decode.step.memory_seconds": {"en": "Read weights and KV cache ({chip} × {count})", "es": "Leer pesos y caché KV ({chip} × {count})"},
    "decode.step.compute_seconds": {"en": "Compute per step", "es": "Cómputo por paso"},
    "decode.step.compute_bound_batch": {
        "en": "Batch where decode turns compute-bound (weights only)",
        "es": "Batch a partir del cual la decodificación queda limitada por cómputo (solo pesos)",
    },
    "decode.step.step_seconds": {"en": "Decode step (lower bound)", "es": "Paso de decodificación (cota inferior)"},
    "decode.step.tokens_per_second": {"en": "Tokens/s per sequence", "es": "Tokens/s por secuencia"},
    "decode.step.batch_tokens_per_second": {"en": "Tokens/s for the batch", "es": "Tokens/s del batch"},
    "decode.note.no_compute": {
        "en": "Memory bound only: give the parameters to check compute and find the batch where decode turns compute-bound.",
        "es": "Solo la cota de memoria: indica los parámetros para comprobar el cómputo y hallar el batch a partir del cual la decodificación queda limitada por cómputo.",
    },
    # -- prefill ------------------------------------------------------------------------------------------
    "prefill.title": {"en": "Prefill time bound", "es": "Cota del tiempo de prefill"},
    "prefill.field.params": {"en": "Parameters (active, for MoE)", "es": "Parámetros (activos, en MoE)"},
    "prefill.field.layers": {"en": "Layers (for attention)", "es": "Capas (para la atención)"},
    "field.attention_width": {"en": "Attention width (heads × head dimension)", "es": "Anchura de la atención (cabezas × dimensión de cabeza)"},
    "field.prompt_tokens": {"en": "Prompt tokens", "es": "Tokens del prompt"},
    "prefill.field.count": {"en": "Accelerators sharing the work", "es": "Aceleradores que reparten el trabajo"},
    "prefill.field.mfu": {"en": "Fraction of peak (0–1)", "es": "Fracción del pico (0–1)"},
    "prefill.out.prefill_seconds": {"en": "Prefill time", "es": "Tiempo de prefill"},
    "prefill.out.flops": {"en": "FLOPs", "es": "FLOP"},
    "prefill.out.attention_share": {"en": "Share of FLOPs in attention", "es": "Parte de los FLOP en la atención"},
    "prefill.out.prompt_tokens_per_second": {"en": "Prompt tokens/s", "es": "Tokens/s del prompt"},
    "prefill.step.weight_flops": {"en": "Matmuls with the weights ({model})", "es": "Matmuls con los pesos ({model})"},
    "prefill.step.attention_flops": {"en": "Causal attention (Q·Kᵀ and scores·V)", "es": "Atención causal (Q·Kᵀ y puntuaciones·V)"},
    "prefill.step.flops": {"en": "Prefill FLOPs", "es": "FLOP de prefill"},
    "prefill.step.prefill_seconds": {"en": "Prefill time, lower bound ({chip})", "es": "Tiempo de prefill, cota inferior ({chip})"},
    "prefill.note.no_attention": {
        "en": "Attention not counted: choose a model, or give its layers and attention width, to add it.",
        "es": "Atención no contada: elige un modelo, o indica sus capas y la anchura de la atención, para añadirla.",
    },
}
# fmt: on
