# The catalog's serving and speculative-decoding entries.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- serving and speculative decoding -------------------------------------
    "unit.requests/s": {"en": "requests/s", "es": "solicitudes/s"},
    "figure.vocab_size": {"en": "vocabulary size", "es": "tamaño de vocabulario"},
    "figure.latency": {"en": "per-message latency", "es": "latencia por mensaje"},
    "serving.title": {"en": "Serving: latency, throughput and cost per token", "es": "Servir: latencia, rendimiento y coste por token"},
    "serving.field.tp": {"en": "Tensor-parallel accelerators", "es": "Aceleradores en paralelismo de tensor"},
    "serving.field.dtype": {"en": "Weight format", "es": "Formato de los pesos"},
    "field.kv_dtype": {"en": "KV-cache format", "es": "Formato de la caché KV"},
    "serving.field.batch": {"en": "Batch (requests served together)", "es": "Batch (solicitudes servidas a la vez)"},
    "field.efficiency": {
        "en": "Share of peak bandwidth and FLOP/s reached (0–1)",
        "es": "Fracción alcanzada del pico de ancho de banda y de FLOP/s (0–1)",
    },
    "field.slo_tpot_ms": {"en": "Time-per-output-token target", "es": "Objetivo de tiempo por token de salida"},
    "field.sweep": {"en": "Curve over batch sizes", "es": "Curva según el tamaño de batch"},
    "serving.field.link_gbytes_s": {
        "en": "Scale-up link per direction (tensor-parallel AllReduce)",
        "es": "Enlace de scale-up por sentido (AllReduce del paralelismo de tensor)",
    },
    "serving.field.latency_us": {
        "en": "Per-message latency of the AllReduce",
        "es": "Latencia por mensaje del AllReduce",
    },
    "field.memory_utilization": {
        "en": "Share of memory the server may fill (0–1)",
        "es": "Fracción de la memoria que el servidor puede ocupar (0–1)",
    },
    "field.prefix_hit_rate": {
        "en": "Share of each prompt already in the prefix cache (0–0.99)",
        "es": "Fracción de cada prompt que ya está en la caché de prefijos (0–0,99)",
    },
    "option.dtype.int4": {"en": "INT4 (FP16 scale per 128 weights)", "es": "INT4 (una escala FP16 por cada 128 pesos)"},
    "option.kv_dtype.bf16": {"en": "BF16", "es": "BF16"},
    "option.kv_dtype.fp8": {"en": "FP8", "es": "FP8"},
    "option.kv_dtype.int8": {"en": "INT8", "es": "INT8"},
    "option.kv_dtype.int4": {"en": "INT4", "es": "INT4"},
    "option.sweep.off": {"en": "no curve", "es": "sin curva"},
    "option.sweep.on": {"en": "draw the curve", "es": "dibujar la curva"},
    "serving.out.ttft_seconds": {"en": "Time to first token", "es": "Tiempo hasta el primer token"},
    "serving.out.tpot_seconds": {"en": "Time per output token", "es": "Tiempo por token de salida"},
    "serving.out.output_tokens_per_second": {"en": "Output tokens/s (whole batch)", "es": "Tokens de salida/s (todo el batch)"},
    "serving.out.max_batch": {"en": "Largest batch in memory", "es": "Batch máximo en memoria"},
    "serving.out.decode_bound": {"en": "Decode step", "es": "Paso de decodificación"},
    "serving.out.cost_per_million_output_tokens": {
        "en": "Cost per million output tokens",
        "es": "Coste por millón de tokens de salida",
    },
    "serving.out.prefill_time_share": {
        "en": "Share of the engine's time the prompts add",
        "es": "Fracción del tiempo del motor que añaden los prompts",
    },
    "serving.out.prefix_hit_rate": {
        "en": "Share of each prompt found in the prefix cache",
        "es": "Fracción de cada prompt que se encuentra en la caché de prefijos",
    },
    "serving.out.prefill_tokens_computed": {
        "en": "Prompt tokens each prefill computes",
        "es": "Tokens del prompt que calcula cada prefill",
    },
    "serving.out.cost_per_million_input_tokens": {
        "en": "Cost per million input tokens (prefill's share)",
        "es": "Coste por millón de tokens de entrada (la parte del prefill)",
    },
    "serving.out.cost_per_million_generated_tokens": {
        "en": "Cost per million output tokens (decode's share)",
        "es": "Coste por millón de tokens de salida (la parte de la decodificación)",
    },
    "serving.out.generated_to_input_cost_ratio": {
        "en": "Output token over input token, cost ratio",
        "es": "Razón de coste entre un token de salida y uno de entrada",
    },
    "serving.out.slo_batch": {"en": "Largest batch that meets the target", "es": "Batch máximo que cumple el objetivo"},
    "serving.out.slo_cost_per_million_output_tokens": {
        "en": "Cost per million output tokens at the target",
        "es": "Coste por millón de tokens de salida con el objetivo",
    },
    "serving.preset.curve-h100": {
        "en": "Llama 3 8B on one H100: the curve and a 20 ms target",
        "es": "Llama 3 8B en una H100: la curva y un objetivo de 20 ms",
    },
    "serving.preset.load-h100": {
        "en": "Llama 3 8B on one H100 under 24 requests/s, targets 500 ms and 20 ms",
        "es": "Llama 3 8B en una H100 con 24 solicitudes/s, objetivos de 500 ms y 20 ms",
    },
    "serving.preset.llama-3-70b-tp8": {
        "en": "Llama 3 70B over 8 H100 with tensor parallelism",
        "es": "Llama 3 70B en 8 H100 con paralelismo de tensor",
    },
    "serving.preset.deepseek-v3-fp8": {
        "en": "DeepSeek-V3 in FP8 on 8 H200",
        "es": "DeepSeek-V3 en FP8 en 8 H200",
    },
    "serving.preset.mixtral-int4-4090": {
        "en": "Mixtral 8x7B in INT4 on a 24 GB card",
        "es": "Mixtral 8x7B en INT4 en una tarjeta de 24 GB",
    },
    "serving.step.weights": {
        "en": "Weights ({model}, body in {format}, embedding tables in BF16)",
        "es": "Pesos ({model}, cuerpo en {format}, tablas de embeddings en BF16)",
    },
    "serving.step.kv_per_token": {"en": "KV cache per token ({format})", "es": "Caché KV por token ({format})"},
    "serving.step.kv_per_sequence": {
        "en": "KV cache per sequence at full length",
        "es": "Caché KV por secuencia a longitud completa",
    },
    "serving.step.usable": {
        "en": "Memory the server may fill (accelerators × capacity × share)",
        "es": "Memoria que el servidor puede ocupar (aceleradores × capacidad × fracción)",
    },
    "serving.step.kv_room": {
        "en": "Sequences whose KV cache fits beside the weights (the largest batch is the whole part: {limit})",
        "es": "Secuencias cuya caché KV cabe junto a los pesos (el batch máximo es la parte entera: {limit})",
    },
    "serving.step.prefill_flops": {
        "en": "Prefill FLOPs of one prompt (weights + causal attention)",
        "es": "FLOP de prefill de un prompt (pesos + atención causal)",
    },
    "serving.step.prefill_tokens_computed": {
        "en": "Prompt tokens the prefill computes: those the prefix cache does not hold",
        "es": "Tokens del prompt que calcula el prefill: los que la caché de prefijos no tiene",
    },
    "serving.step.prefill_flops_cached": {
        "en": "Prefill FLOPs of one prompt: the new tokens' matmuls and their causal attention to the whole prompt",
        "es": "FLOP de prefill de un prompt: los matmuls de los tokens nuevos y su atención causal a todo el prompt",
    },
    "serving.step.prefill_compute": {"en": "Prefill, compute time", "es": "Prefill, tiempo de cómputo"},
    "serving.step.prefill_memory": {
        "en": "Prefill, memory time (read the weights, write the KV cache)",
        "es": "Prefill, tiempo de memoria (leer los pesos, escribir la caché KV)",
    },
    "serving.step.prefill_comm": {
        "en": "Prefill, tensor-parallel AllReduces over {tp} accelerators",
        "es": "Prefill, AllReduce del paralelismo de tensor entre {tp} aceleradores",
    },
    "serving.step.ttft": {
        "en": "Time to first token (one prompt's prefill)",
        "es": "Tiempo hasta el primer token (el prefill de un prompt)",
    },
    "serving.step.decode_step": {
        "en": "One decode step of the batch: the matmuls, then attention, each at its own roof",
        "es": "Un paso de decodificación del batch: los matmuls y luego la atención, cada uno en su propio techo",
    },
    "serving.step.mixed_step": {
        "en": "One step (TPOT): the matmuls, then attention, each at its own roof; weights and cache read once for both kinds of work",
        "es": "Un paso (TPOT): los matmuls y luego la atención, cada uno en su propio techo; pesos y caché se leen una sola vez para los dos tipos de trabajo",
    },
    "serving.step.mixed_comm": {
        "en": "Tensor-parallel AllReduces of one step, decode and prompt tokens (TP {tp})",
        "es": "AllReduce del paralelismo de tensor de un paso, para los tokens de decodificación y los de prompt (TP {tp})",
    },
    "serving.step.rate_chunked": {
        "en": "Output tokens per second: every slot makes one token per step",
        "es": "Tokens de salida por segundo: cada hueco produce un token por paso",
    },
    "serving.field.schedule": {"en": "Scheduling of new prompts", "es": "Planificación de los prompts nuevos"},
    "option.schedule.chunked": {
        "en": "Chunked prefill (vLLM, Sarathi-Serve)",
        "es": "Prefill por trozos (vLLM, Sarathi-Serve)",
    },
    "option.schedule.blocking": {
        "en": "Blocking prefill (decodes wait)",
        "es": "Prefill bloqueante (las decodificaciones esperan)",
    },
    "serving.step.interference": {
        "en": "Prefills of joining requests that interrupt each step (continuous batching)",
        "es": "Prefills de las solicitudes que entran e interrumpen cada paso (batching continuo)",
    },
    "serving.step.mean_context": {
        "en": "Mean tokens in each cache during decode",
        "es": "Media de tokens en cada caché durante la decodificación",
    },
    "serving.step.experts_touched": {
        "en": "Routed experts per layer that a batch of {batch} tokens uses",
        "es": "Expertos enrutados por capa que usa un batch de {batch} tokens",
    },
    "serving.step.decode_read": {
        "en": "Weights one decode step reads (input table: one row per token)",
        "es": "Pesos que lee un paso de decodificación (tabla de entrada: una fila por token)",
    },
    "serving.step.decode_weights": {
        "en": "Decode step, reading the weights (the matmuls' memory time)",
        "es": "Paso de decodificación, lectura de los pesos (tiempo de memoria de los matmuls)",
    },
    "serving.step.decode_kv": {
        "en": "Decode step, reading the batch's KV cache (attention's memory time)",
        "es": "Paso de decodificación, lectura de la caché KV del batch (tiempo de memoria de la atención)",
    },
    "serving.step.decode_linear": {
        "en": "Decode step, the matmuls' compute time (2 FLOPs per active parameter and token)",
        "es": "Paso de decodificación, tiempo de cómputo de los matmuls (2 FLOP por parámetro activo y token)",
    },
    "serving.step.decode_attention": {
        "en": "Decode step, attention's compute time over the cache",
        "es": "Paso de decodificación, tiempo de cómputo de la atención sobre la caché",
    },
    "serving.step.prefill_attention": {
        "en": "Prefill, the causal attention's share of its compute time",
        "es": "Prefill, la parte de la atención causal en su tiempo de cómputo",
    },
    "serving.step.mixed_linear": {
        "en": "Matmuls of one step under chunked prefill: its decodes and the prompts of the B/O requests joining",
        "es": "Matmuls de un paso con prefill por trozos: sus decodificaciones y los prompts de las B/O solicitudes que se incorporan",
    },
    "serving.step.mixed_attention": {
        "en": "Attention of one step under chunked prefill, decodes and joining prompts",
        "es": "Atención de un paso con prefill por trozos, decodificaciones y prompts que se incorporan",
    },
    "serving.step.comm_one_shot": {
        "en": "{phase}: each message ({size}) is under the engine's one-shot limit for this many accelerators ({limit}), so its own kernel has each accelerator read it from every other one in one step (TensorRT-LLM's AUTO strategy)",
        "es": "{phase}: cada mensaje ({size}) queda por debajo del límite del kernel de un solo paso del motor para este número de aceleradores ({limit}), así que su propio kernel hace que cada acelerador lo lea de todos los demás en un solo paso (la estrategia AUTO de TensorRT-LLM)",
    },
    "serving.step.comm_swept": {
        "en": "{phase}: NCCL, at the bus bandwidth nccl-tests measured for a message of this size ({size}): {bus}",
        "es": "{phase}: NCCL, al ancho de banda de bus que nccl-tests midió para un mensaje de este tamaño ({size}): {bus}",
    },
    "serving.step.decode_comm": {
        "en": "Decode step, tensor-parallel AllReduces over {tp} accelerators",
        "es": "Paso de decodificación, AllReduce del paralelismo de tensor entre {tp} aceleradores",
    },
    "serving.step.kv_transfer": {
        "en": "Disaggregated: moving one prompt's KV cache to a decode server over the NICs",
        "es": "Desagregado: mover la caché KV de un prompt a un servidor de decodificación por las NIC",
    },
    "serving.note.no_scale_out": {
        "en": "No KV-cache transfer time for disaggregated serving: this chip has no scale-out bandwidth in the data.",
        "es": "Sin tiempo de transferencia de la caché KV para el servicio desagregado: este chip no tiene ancho de banda de scale-out en los datos.",
    },
    "serving.step.slo": {
        "en": "Time per output token at batch {batch}, the largest that meets the {target} ms target",
        "es": "Tiempo por token de salida con batch {batch}, el mayor que cumple el objetivo de {target} ms",
    },
    "serving.step.tpot": {
        "en": "Time per output token, as each user sees it",
        "es": "Tiempo por token de salida, como lo ve cada usuario",
    },
    "serving.step.request": {"en": "Time per request", "es": "Tiempo por solicitud"},
    "serving.step.rate": {"en": "Output tokens/s of the batch", "es": "Tokens de salida/s del batch"},
    "serving.step.requests": {"en": "Requests per second", "es": "Solicitudes por segundo"},
    "serving.step.cost": {"en": "Cost per million output tokens", "es": "Coste por millón de tokens de salida"},
    "serving.step.decode_only_step": {
        "en": "The same step with its decodes alone, without the joining prompts",
        "es": "El mismo paso solo con sus decodificaciones, sin los prompts que se incorporan",
    },
    "serving.step.prefill_added": {
        "en": "Time the joining prompts add to each step (none when their math hides under the reads)",
        "es": "Tiempo que los prompts que se incorporan añaden a cada paso (nada si su cálculo queda oculto bajo las lecturas)",
    },
    "serving.step.prefill_share": {
        "en": "Prefill's share of the engine's time",
        "es": "Fracción del tiempo del motor que corresponde al prefill",
    },
    "serving.step.prefill_share_blocking": {
        "en": "Prefill's share of the engine's time: the prefills each request cycle stops for",
        "es": "Fracción del tiempo del motor que corresponde al prefill: los prefills por los que se detiene cada ciclo de solicitudes",
    },
    "serving.step.cost_input": {
        "en": "Cost per million input tokens: prefill's share of the cost over the prompt tokens per second",
        "es": "Coste por millón de tokens de entrada: la parte del coste del prefill entre los tokens de prompt por segundo",
    },
    "serving.step.cost_generated": {
        "en": "Cost per million output tokens, decode's share only: the rest of the cost over the output tokens per second",
        "es": "Coste por millón de tokens de salida, solo la parte de la decodificación: el resto del coste entre los tokens de salida por segundo",
    },
    "serving.step.cost_ratio": {
        "en": "How many times dearer an output token is than an input token",
        "es": "Cuántas veces más caro es un token de salida que uno de entrada",
    },
    "serving.note.basis": {
        "en": "Basis: {basis}, memory bandwidth {bandwidth_value}, {bandwidth} of the {bandwidth_peak} rating ({bandwidth_source}), and dense {dtype} matmuls at {compute_value}, {compute} of the {compute_peak} peak ({compute_source}); give one efficiency to replace both.",
        "es": "Base: {basis}, ancho de banda de memoria de {bandwidth_value}, {bandwidth} de los {bandwidth_peak} nominales ({bandwidth_source}), y matmuls {dtype} densos a {compute_value}, {compute} del pico de {compute_peak} ({compute_source}); indica una eficiencia para sustituir ambas.",
    },
    "serving.note.basis_given": {
        "en": "Basis: peak, your efficiency {efficiency} of the {bandwidth} memory bandwidth and of the {peak} dense {dtype} peak, in place of the measured shares.",
        "es": "Base: pico, tu eficiencia de {efficiency} sobre el ancho de banda de memoria de {bandwidth} y el pico denso {dtype} de {peak}, en lugar de las fracciones medidas.",
    },
    "basis.word.achievable": {"en": "achievable", "es": "alcanzable"},
    "basis.word.peak": {"en": "peak", "es": "pico"},
    "serving.source.measured": {"en": "measured on {chip}: {source}", "es": "medida en {chip}: {source}"},
    "serving.source.median": {
        "en": "no measurement for this chip: the median of the {count} chips the data measured",
        "es": "no hay medida para este chip: la mediana de los {count} chips medidos en los datos",
    },
    "serving.source.median_peak": {
        "en": "the median share of the {count} chips the data measured, the same for every chip on the peak basis",
        "es": "la fracción mediana de los {count} chips medidos en los datos, la misma para todos los chips en la base pico",
    },
    "serving.source.fallback": {
        "en": "no measurement in the data: an end-to-end stack's bandwidth utilization at batch 1 on H100s, Databricks 2023",
        "es": "no hay medidas en los datos: la utilización del ancho de banda de una pila de servicio completa con batch 1 en H100, Databricks 2023",
    },
    "serving.note.kv_replicated": {
        "en": "The KV cache is copied {copies} times: it has fewer KV heads (or one latent, for MLA) than the {tp} tensor-parallel ranks, so it cannot be split.",
        "es": "La caché KV se copia {copies} veces: tiene menos cabezas KV (o un único latente, en MLA) que los {tp} procesos del paralelismo de tensor, así que no se puede repartir.",
    },
    "serving.note.no_fit_tp_or_format": {
        "en": "Does not fit: the weights alone take {weights}, more than the {usable} the server may fill, so there is no time or price to give. It fits on {tp} accelerators (tensor parallelism), or with {format} weights.",
        "es": "No cabe: solo los pesos ocupan {weights}, más que los {usable} que el servidor puede llenar, así que no hay tiempo ni precio que dar. Cabe en {tp} aceleradores (paralelismo de tensor) o con pesos en {format}.",
    },
    "serving.note.no_fit_tp": {
        "en": "Does not fit: the weights alone take {weights}, more than the {usable} the server may fill, so there is no time or price to give. It fits on {tp} accelerators (tensor parallelism).",
        "es": "No cabe: solo los pesos ocupan {weights}, más que los {usable} que el servidor puede llenar, así que no hay tiempo ni precio que dar. Cabe en {tp} aceleradores (paralelismo de tensor).",
    },
    "serving.note.no_fit_format": {
        "en": "Does not fit: the weights alone take {weights}, more than the {usable} the server may fill, so there is no time or price to give. It fits with {format} weights.",
        "es": "No cabe: solo los pesos ocupan {weights}, más que los {usable} que el servidor puede llenar, así que no hay tiempo ni precio que dar. Cabe con pesos en {format}.",
    },
    "serving.note.no_fit_none": {
        "en": "Does not fit: the weights alone take {weights}, more than the {usable} the server may fill, so there is no time or price to give; neither more accelerators in one scale-up domain nor a narrower format holds them.",
        "es": "No cabe: solo los pesos ocupan {weights}, más que los {usable} que el servidor puede llenar, así que no hay tiempo ni precio que dar; ni más aceleradores en un dominio de scale-up ni un formato más estrecho los contienen.",
    },
    "serving.note.over_memory": {
        "en": "A batch of {batch} does not fit, so there is no time or price to give: the KV caches of at most {limit} sequences fit beside the weights.",
        "es": "Un batch de {batch} no cabe, así que no hay tiempo ni precio que dar: junto a los pesos caben las cachés KV de {limit} secuencias como máximo.",
    },
    "serving.note.no_price": {
        "en": "No cost per token: the edition has no price for this chip; give a price per accelerator-hour to add it.",
        "es": "Sin coste por token: la edición no tiene precio para este chip; escribe un precio por acelerador-hora y se calcula.",
    },
    "serving.note.prefix_memory": {
        "en": "With a prefix cache X4 still counts each request's whole KV cache: an engine that shares a common prefix's blocks between requests fits more of them than the largest batch shown.",
        "es": "Con caché de prefijos, X4 sigue contando la caché KV entera de cada petición: un motor que comparte los bloques de un prefijo común entre peticiones admite más de las que da el batch máximo mostrado.",
    },
    "serving.note.no_slo": {
        "en": "Give a time-per-output-token target to pick the cheapest batch that meets it.",
        "es": "Indica un objetivo de tiempo por token de salida para elegir el batch más barato que lo cumple.",
    },
    "serving.note.slo_unmet": {
        "en": "No batch meets the {target} ms target: even one sequence takes longer per token.",
        "es": "Ningún batch cumple el objetivo de {target} ms: incluso una sola secuencia tarda más por token.",
    },
    # -- serving under load ----------------------------------------------------
    "field.arrival_rate": {"en": "Arrival rate (random, Poisson)", "es": "Tasa de llegada (aleatoria, de Poisson)"},
    "field.slo_ttft_ms": {"en": "Time-to-first-token target", "es": "Objetivo de tiempo hasta el primer token"},
    "field.slo_attainment": {
        "en": "Share of requests that must meet both targets (0–1)",
        "es": "Fracción de solicitudes que debe cumplir los dos objetivos (0–1)",
    },
    "serving.out.saturation_requests_per_second": {
        "en": "Saturation: the most requests/s it sustains",
        "es": "Saturación: el máximo de solicitudes/s que sostiene",
    },
    "serving.out.arrival_requests_per_second": {"en": "Arrival rate", "es": "Tasa de llegada"},
    "serving.out.load_utilization": {"en": "Load (arrival rate over saturation)", "es": "Carga (tasa de llegada entre la de saturación)"},
    "serving.out.load_batch": {"en": "Mean batch in flight", "es": "Batch medio en curso"},
    "serving.out.wait_probability": {"en": "Share of requests that queue", "es": "Fracción de solicitudes que hacen cola"},
    "serving.out.mean_wait_seconds": {"en": "Mean wait for a slot", "es": "Espera media por un hueco"},
    "serving.out.ttft_p50_seconds": {"en": "Time to first token, median", "es": "Tiempo hasta el primer token, mediana"},
    "serving.out.ttft_p99_seconds": {"en": "Time to first token, p99", "es": "Tiempo hasta el primer token, p99"},
    "serving.out.tpot_p50_seconds": {"en": "Time per output token, median", "es": "Tiempo por token de salida, mediana"},
    "serving.out.tpot_p99_seconds": {"en": "Time per output token, p99", "es": "Tiempo por token de salida, p99"},
    "serving.out.slo_ttft_seconds": {"en": "Time-to-first-token target", "es": "Objetivo de tiempo hasta el primer token"},
    "serving.out.slo_attainment": {"en": "Share that must meet the targets", "es": "Fracción que debe cumplir los objetivos"},
    "serving.out.slo_met_share": {
        "en": "Share of requests meeting the targets at this rate",
        "es": "Fracción de solicitudes que cumple los objetivos a esta tasa",
    },
    "serving.out.goodput_requests_per_second": {
        "en": "Goodput: the most requests/s within the targets",
        "es": "Goodput: el máximo de solicitudes/s que cumplen los objetivos",
    },
    "serving.step.saturation": {
        "en": "Saturation rate: the requests/s of a full batch of {batch}; above it the queue grows without bound",
        "es": "Tasa de saturación: las solicitudes/s de un batch lleno de {batch}; por encima, la cola crece sin límite",
    },
    "serving.step.utilization": {
        "en": "Load: the arrival rate over the saturation rate",
        "es": "Carga: la tasa de llegada entre la tasa de saturación",
    },
    "serving.step.wait_probability": {
        "en": "Share of requests that find all {batch} slots busy and queue (the chain of requests in flight, {in_flight} on average)",
        "es": "Fracción de solicitudes que encuentran ocupados los {batch} huecos y hacen cola (la cadena de solicitudes en curso, {in_flight} de media)",
    },
    "serving.step.mean_wait": {
        "en": "Mean wait for a slot: the exponential chain's, halved for requests of fixed length (Allen–Cunneen)",
        "es": "Espera media por un hueco: la de la cadena exponencial, reducida a la mitad para solicitudes de longitud fija (Allen–Cunneen)",
    },
    "serving.step.ttft_p99": {
        "en": "Time to first token at p99: the prompt's pass plus the wait only 1 % of requests exceed",
        "es": "Tiempo hasta el primer token en el p99: la pasada del prompt más la espera que solo el 1 % de las solicitudes supera",
    },
    "serving.step.ttft_p99_no_wait": {
        "en": "Time to first token at p99: the prompt's pass alone, since no more than 1 % of requests queue",
        "es": "Tiempo hasta el primer token en el p99: solo la pasada del prompt, porque hace cola como mucho el 1 % de las solicitudes",
    },
    "serving.step.tpot_p99": {
        "en": "Time per output token at p99: the step of a batch of {batch}, which 99 % of requests do not exceed",
        "es": "Tiempo por token de salida en el p99: el paso de un batch de {batch}, tamaño que el 99 % de las solicitudes no supera",
    },
    "serving.step.goodput": {
        "en": "Goodput: the highest arrival rate at which a share {share} of requests meets both targets, as a share of saturation",
        "es": "Goodput: la mayor tasa de llegada a la que una fracción {share} de las solicitudes cumple los dos objetivos, como fracción de la saturación",
    },
    "serving.note.over_saturation": {
        "en": "At {rate} requests/s the queue grows without bound: the server completes at most {saturation} requests/s (a full batch), so there is no wait or latency to give under load.",
        "es": "A {rate} solicitudes/s la cola crece sin límite: el servidor completa como mucho {saturation} solicitudes/s (un batch lleno), así que no hay espera ni latencia bajo carga que mostrar.",
    },
    "serving.note.goodput_none": {
        "en": "No goodput: even a lone request misses the targets, so no arrival rate lets a share {share} of requests meet them.",
        "es": "Sin goodput: ni siquiera una solicitud sola cumple los objetivos, así que ninguna tasa de llegada permite que los cumpla una fracción {share} de las solicitudes.",
    },
    "plot.serving.title": {"en": "Latency against throughput: {subject}", "es": "Latencia frente a rendimiento: {subject}"},
    "plot.serving.subject": {"en": "{model} on {tp} × {chip}", "es": "{model} en {tp} × {chip}"},
    "plot.serving.point": {
        "en": "batch {batch}: {tpot} per token, {rate} tokens/s",
        "es": "batch {batch}: {tpot} por token, {rate} tokens/s",
    },
    "plot.serving.limit": {"en": "memory limit: batch {batch}", "es": "límite de memoria: batch {batch}"},
    "plot.serving.x_axis": {"en": "Time per output token", "es": "Tiempo por token de salida"},
    "plot.serving.y_axis": {"en": "Output tokens/s (whole batch)", "es": "Tokens de salida/s (todo el batch)"},
    "plot.serving.target": {"en": "target {tpot}", "es": "objetivo {tpot}"},
    "plot.serving.legend": {
        "en": "Each point is a batch size; the large one is yours, a red ring meets the target.",
        "es": "Cada punto es un tamaño de batch; el grande es el tuyo, y los que llevan anillo rojo cumplen el objetivo.",
    },
    "plot.serving.legend_limit": {
        "en": "Dashed ring: memory limit (batch {batch}); hollow points do not fit.",
        "es": "Anillo discontinuo: límite de memoria (batch {batch}); los puntos huecos no caben.",
    },
    "plot.load.title": {
        "en": "Latency against the arrival rate: {subject}",
        "es": "Latencia frente a la tasa de llegada: {subject}",
    },
    "plot.load.x_axis": {"en": "Arrival rate (requests/s)", "es": "Tasa de llegada (solicitudes/s)"},
    "plot.load.ttft_p50": {"en": "Time to first token, median", "es": "Tiempo hasta el primer token, mediana"},
    "plot.load.ttft_p99": {"en": "Time to first token, p99", "es": "Tiempo hasta el primer token, p99"},
    "plot.load.tpot_p50": {"en": "Time per output token, median", "es": "Tiempo por token de salida, mediana"},
    "plot.load.tpot_p99": {"en": "Time per output token, p99", "es": "Tiempo por token de salida, p99"},
    "plot.load.legend": {
        "en": "The grey line is the saturation rate, where the queue grows without bound; the green one, the goodput.",
        "es": "La línea gris es la tasa de saturación, donde la cola crece sin límite; la verde, el goodput.",
    },
    "plot.load.point": {
        "en": "{rate} requests/s: p99 time to first token {ttft}, p99 time per output token {tpot}",
        "es": "{rate} solicitudes/s: tiempo hasta el primer token en el p99 {ttft}, tiempo por token de salida en el p99 {tpot}",
    },
    "plot.load.saturation": {"en": "saturation: {rate} requests/s", "es": "saturación: {rate} solicitudes/s"},
    "plot.load.saturation_mark": {"en": "saturation", "es": "saturación"},
    "plot.load.goodput_mark": {"en": "goodput", "es": "goodput"},
    "speculative.title": {"en": "Speculative decoding", "es": "Decodificación especulativa"},
    "field.acceptance": {"en": "Acceptance rate α (0–1)", "es": "Tasa de aceptación α (0–1)"},
    "field.draft_tokens": {"en": "Drafted tokens per step γ", "es": "Tokens borrador por paso γ"},
    "field.draft_cost": {
        "en": "Draft step cost c (draft time / target time)",
        "es": "Coste del paso borrador c (tiempo del borrador / tiempo del objetivo)",
    },
    "speculative.out.expected_tokens_per_step": {"en": "Tokens per target step", "es": "Tokens por paso del modelo objetivo"},
    "speculative.out.speedup": {"en": "Speedup", "es": "Aceleración"},
    "speculative.out.best_draft_tokens": {"en": "Best γ", "es": "Mejor γ"},
    "speculative.out.best_speedup": {"en": "Speedup at the best γ", "es": "Aceleración con el mejor γ"},
    "speculative.step.all_accepted": {
        "en": "Chance that all γ drafted tokens are accepted",
        "es": "Probabilidad de que se acepten los γ tokens borrador",
    },
    "speculative.step.tokens": {
        "en": "Expected tokens per target-model step (Leviathan et al. 2023, Eq. 1)",
        "es": "Tokens esperados por paso del modelo objetivo (Leviathan et al. 2023, ec. 1)",
    },
    "speculative.step.tokens_all": {
        "en": "Every draft accepted: γ + 1 tokens per step",
        "es": "Se aceptan todos los borradores: γ + 1 tokens por paso",
    },
    "speculative.step.speedup": {
        "en": "Wall-time speedup (Theorem 3.8)",
        "es": "Aceleración en tiempo de reloj (teorema 3.8)",
    },
    "speculative.step.best": {
        "en": "Best number of drafts: γ = {best}",
        "es": "Mejor número de borradores: γ = {best}",
    },
    "speculative.note.no_gain": {
        "en": "No γ pays: the draft costs as much as it saves (Leviathan et al., Corollary 3.9: speculation helps only when α > c).",
        "es": "Ningún γ compensa: el borrador cuesta lo que ahorra (Leviathan et al., corolario 3.9: especular solo ayuda si α > c).",
    },
}
# fmt: on
