# The catalog's memory entries: training memory per accelerator and one layer's activation memory.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- training memory --------------------------------------------------------------------------------
    "training-memory.title": {"en": "Training memory", "es": "Memoria de entrenamiento"},
    "field.recipe": {"en": "Precision and optimizer recipe", "es": "Receta de precisión y optimizador"},
    "field.zero": {"en": "ZeRO stage (3 = FSDP)", "es": "Etapa ZeRO (3 = FSDP)"},
    "training-memory.field.count": {"en": "Data-parallel accelerators", "es": "Aceleradores en paralelismo de datos"},
    "training-memory.field.accelerator": {"en": "Accelerator (to check the fit)", "es": "Acelerador (para comprobar si cabe)"},
    "field.memory_gb": {"en": "Memory per accelerator (custom chip)", "es": "Memoria por acelerador (chip personalizado)"},
    "field.layers": {"en": "Layers", "es": "Capas"},
    "training-memory.field.layers": {"en": "Layers (for activations)", "es": "Capas (para las activaciones)"},
    "field.hidden_size": {"en": "Hidden size", "es": "Dimensión oculta"},
    "field.heads": {"en": "Attention heads", "es": "Cabezas de atención"},
    "field.seq_len": {"en": "Sequence length", "es": "Longitud de secuencia"},
    "field.micro_batch": {"en": "Micro-batch", "es": "Micro-batch"},
    "field.recompute": {"en": "Activation recomputation", "es": "Recomputación de activaciones"},
    "option.recipe.adam-mixed": {"en": "Adam, mixed precision (16 B/param)", "es": "Adam, precisión mixta (16 B/parámetro)"},
    "option.recipe.adam-mixed-fp32-grads": {
        "en": "Adam, mixed precision, FP32 gradients (20 B/param)",
        "es": "Adam, precisión mixta, gradientes FP32 (20 B/parámetro)",
    },
    "option.recipe.adam-8bit": {"en": "8-bit Adam (10 B/param)", "es": "Adam de 8 bits (10 B/parámetro)"},
    "option.recipe.bf16-adam": {"en": "Adam, all BF16 (8 B/param)", "es": "Adam, todo en BF16 (8 B/parámetro)"},
    "option.recompute.none": {"en": "none", "es": "ninguna"},
    "option.recompute.selective": {"en": "selective", "es": "selectiva"},
    "option.recompute.full": {"en": "full", "es": "completa"},
    "training-memory.out.bytes_per_param": {"en": "Bytes per parameter", "es": "Bytes por parámetro"},
    "training-memory.out.total_bytes": {"en": "Whole-model training state", "es": "Estado de entrenamiento del modelo"},
    "training-memory.out.per_accelerator_bytes": {"en": "Per accelerator", "es": "Por acelerador"},
    "training-memory.step.bytes_per_param": {"en": "Bytes per parameter ({recipe})", "es": "Bytes por parámetro ({recipe})"},
    "training-memory.step.total_bytes": {"en": "Training state of the whole model", "es": "Estado de entrenamiento del modelo completo"},
    "training-memory.step.state_bytes": {
        "en": "Per accelerator with ZeRO-{stage} over {count}",
        "es": "Por acelerador con ZeRO-{stage} sobre {count}",
    },
    "training-memory.step.activation_bytes": {
        "en": "Activations (recomputation: {recompute})",
        "es": "Activaciones (recomputación: {recompute})",
    },
    "training-memory.step.capacity": {"en": "{chip} memory", "es": "Memoria de {chip}"},
    "memory.step.capacity_reported": {
        "en": "{chip} memory as its driver reports it (binary-sized HBM)",
        "es": "Memoria de {chip} tal como la informa su controlador (HBM de tamaño binario)",
    },
    "training-memory.field.model": {"en": "Model (or a custom shape)", "es": "Modelo (o una forma personalizada)"},
    "field.ffn": {"en": "FFN width (default 4 × hidden)", "es": "Anchura de la FFN (por defecto 4 × oculta)"},
    "field.mlp": {"en": "MLP kind", "es": "Tipo de MLP"},
    "field.vocab": {"en": "Vocabulary (adds the output logits)", "es": "Vocabulario (añade los logits de salida)"},
    "field.flash_attention": {"en": "FlashAttention", "es": "FlashAttention"},
    "field.dropout": {"en": "Dropout", "es": "Dropout"},
    "option.mlp.gelu": {"en": "GELU (GPT)", "es": "GELU (GPT)"},
    "option.mlp.swiglu": {"en": "SwiGLU (Llama)", "es": "SwiGLU (Llama)"},
    "option.flash_attention.on": {"en": "on", "es": "sí"},
    "option.flash_attention.off": {"en": "off", "es": "no"},
    "option.dropout.on": {"en": "on", "es": "sí"},
    "option.dropout.off": {"en": "off", "es": "no"},
    # Activation memory of one layer and micro-batch (memory.activation_steps), shared with the planner.
    "activation.step.layer_input": {
        "en": "Stored per layer under full recomputation: its input",
        "es": "Guardado por capa con recomputación completa: su entrada",
    },
    "activation.step.unsplit": {
        "en": "Per layer, outside tensor parallelism: norm, QKV and MLP inputs, dropout masks",
        "es": "Por capa, fuera del paralelismo de tensor: entradas de las normas, de QKV y del MLP, máscaras de dropout",
    },
    "activation.step.unsplit_no_dropout": {
        "en": "Per layer, outside tensor parallelism: norm, QKV and MLP inputs (no dropout)",
        "es": "Por capa, fuera del paralelismo de tensor: entradas de las normas, de QKV y del MLP (sin dropout)",
    },
    "activation.step.linear": {
        "en": "Per layer, split by tensor parallelism: Q, K, V, attention output, {mlp} MLP",
        "es": "Por capa, repartido por el paralelismo de tensor: Q, K, V, salida de la atención, MLP {mlp}",
    },
    "activation.step.core": {
        "en": "Per layer: attention scores, softmax and dropout (s × s per head)",
        "es": "Por capa: puntuaciones de atención, softmax y dropout (s × s por cabeza)",
    },
    "activation.step.core_flash": {
        "en": "Per layer: FlashAttention's log-sum-exp (no s × s matrix kept)",
        "es": "Por capa: el log-sum-exp de FlashAttention (no guarda ninguna matriz s × s)",
    },
    "activation.step.output": {
        "en": "Output layer: last norm and projection inputs, FP32 logits for the loss",
        "es": "Capa de salida: entradas de la última norma y de la proyección, logits en FP32 para la pérdida",
    },
    "activation.step.total": {"en": "Activations", "es": "Activaciones"},
    "training-memory.step.usable": {
        "en": "Memory left after the runtime's reserve (the CUDA context)",
        "es": "Memoria que queda tras la reserva del entorno de ejecución (el contexto CUDA)",
    },
    "field.reserve_gb": {
        "en": "Runtime reserve per accelerator (CUDA context)",
        "es": "Reserva del entorno de ejecución por acelerador (contexto CUDA)",
    },
}
# fmt: on
