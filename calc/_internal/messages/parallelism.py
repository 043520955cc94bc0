# The catalog's parallelism-planner entries.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- parallelism planner ----------------------------------------------------
    "parallelism.title": {"en": "Parallelism planner: layout, memory, step time", "es": "Planificador de paralelismo: reparto, memoria, tiempo por paso"},
    "field.hidden": {"en": "Hidden size", "es": "Dimensión oculta"},
    "parallelism.field.model": {"en": "Model", "es": "Modelo"},
    "parallelism.field.params": {"en": "Parameters (custom model)", "es": "Parámetros (modelo personalizado)"},
    "parallelism.field.count": {"en": "Accelerators in the cluster", "es": "Aceleradores del clúster"},
    "parallelism.field.memory_gb": {"en": "Memory per accelerator (custom chip)", "es": "Memoria por acelerador (chip personalizado)"},
    "field.scale_up_gbytes_s": {
        "en": "Scale-up bandwidth per accelerator, per direction (custom chip)",
        "es": "Ancho de banda de scale-up por acelerador y sentido (chip personalizado)",
    },
    "field.scale_up_domain": {"en": "Scale-up domain (accelerators)", "es": "Dominio de scale-up (aceleradores)"},
    "field.scale_up_topology": {"en": "Scale-up topology", "es": "Topología del scale-up"},
    "field.scale_up_link_gbytes_s": {
        "en": "One peer link, per direction (mesh, torus or ring)",
        "es": "Un enlace entre dos chips, por sentido (malla, toro o anillo)",
    },
    "field.scale_out_gbits_s": {
        "en": "Scale-out NIC per accelerator, per direction (custom chip)",
        "es": "NIC de scale-out por acelerador y sentido (chip personalizado)",
    },
    "option.scale_up_topology.switch": {"en": "switch (NVLink through NVSwitch)", "es": "switch (NVLink con NVSwitch)"},
    "option.scale_up_topology.mesh": {"en": "full mesh (MI300X, Gaudi 3)", "es": "malla completa (MI300X, Gaudi 3)"},
    "option.scale_up_topology.torus": {"en": "torus (TPU)", "es": "toro (TPU)"},
    "option.scale_up_topology.ring": {"en": "ring", "es": "anillo"},
    "option.scale_up_topology.none": {"en": "none (PCIe only)", "es": "ninguna (solo PCIe)"},
    "field.tp": {"en": "Tensor parallelism (TP)", "es": "Paralelismo de tensor (TP)"},
    "field.pp": {"en": "Pipeline parallelism (PP)", "es": "Paralelismo de pipeline (PP)"},
    "field.dp": {"en": "Data parallelism (DP; default: the rest)", "es": "Paralelismo de datos (DP; por defecto: el resto)"},
    "field.ep": {"en": "Expert parallelism (EP, within DP)", "es": "Paralelismo de expertos (EP, dentro de DP)"},
    "field.cp": {"en": "Context parallelism (CP)", "es": "Paralelismo de contexto (CP)"},
    "parallelism.field.zero": {"en": "ZeRO stage over DP (3 = FSDP)", "es": "Etapa ZeRO sobre DP (3 = FSDP)"},
    "field.global_batch_tokens": {"en": "Global batch (tokens per step)", "es": "Batch global (tokens por paso)"},
    "field.sequence_parallel": {"en": "Sequence parallelism (with TP)", "es": "Paralelismo de secuencia (con TP)"},
    "option.sequence_parallel.on": {"en": "on", "es": "sí"},
    "option.sequence_parallel.off": {"en": "off", "es": "no"},
    "field.tp_overlap": {
        "en": "TP communication overlapped with the matmuls",
        "es": "Comunicación de TP solapada con los matmuls",
    },
    "option.tp_overlap.on": {"en": "on", "es": "sí"},
    "option.tp_overlap.off": {"en": "off", "es": "no"},
    "field.dp_overlap": {
        "en": "Gradient sync overlapped with the backward pass",
        "es": "Sincronización de gradientes solapada con la pasada hacia atrás",
    },
    "option.dp_overlap.on": {"en": "on", "es": "sí"},
    "option.dp_overlap.off": {"en": "off", "es": "no"},
    "field.ep_overlap": {
        "en": "Expert all-to-alls overlapped with another micro-batch (DualPipe)",
        "es": "All-to-all de expertos solapados con otro micro-batch (DualPipe)",
    },
    "option.ep_overlap.on": {"en": "on", "es": "sí"},
    "option.ep_overlap.off": {"en": "off", "es": "no"},
    "field.capacity_factor": {
        "en": "Expert capacity factor (MoE; empty: no tokens dropped)",
        "es": "Factor de capacidad de los expertos (MoE; vacío: no se descarta ningún token)",
    },
    "field.virtual_stages": {
        "en": "Model chunks per pipeline rank (interleaving)",
        "es": "Trozos del modelo por proceso del pipeline (intercalado)",
    },
    "field.schedule": {"en": "Pipeline schedule", "es": "Planificación del pipeline"},
    "option.schedule.1f1b": {
        "en": "1F1B (interleaved with more than one chunk per rank)",
        "es": "1F1B (intercalada con más de un trozo por proceso)",
    },
    "option.schedule.zb-h1": {
        "en": "ZB-H1 (weight gradients fill the bubble; 1F1B's memory)",
        "es": "ZB-H1 (los gradientes de los pesos llenan la burbuja; la memoria de 1F1B)",
    },
    "option.schedule.zb-h2": {
        "en": "ZB-H2 (no bubble; 2p − 1 micro-batches in flight)",
        "es": "ZB-H2 (sin burbuja; 2p − 1 micro-batches en vuelo)",
    },
    "field.optimizer": {"en": "Precision and optimizer recipe", "es": "Receta de precisión y optimizador"},
    "option.optimizer.adam-mixed": {"en": "Adam, mixed precision (16 B/param)", "es": "Adam, precisión mixta (16 B/parámetro)"},
    "option.optimizer.adam-mixed-fp32-grads": {
        "en": "Adam, mixed precision, FP32 gradient buffer (20 B/param)",
        "es": "Adam, precisión mixta, búfer de gradientes FP32 (20 B/parámetro)",
    },
    "option.optimizer.adam-8bit": {"en": "8-bit Adam (10 B/param)", "es": "Adam de 8 bits (10 B/parámetro)"},
    "option.optimizer.bf16-adam": {"en": "Adam, all BF16 (8 B/param)", "es": "Adam, todo en BF16 (8 B/parámetro)"},
    "field.matmul_efficiency": {
        "en": "Matmul efficiency (fraction of the dense peak)",
        "es": "Eficiencia de los matmuls (fracción del pico denso)",
    },
    "field.search": {"en": "Rank every layout that fits", "es": "Ordenar todos los repartos que caben"},
    "option.search.on": {"en": "on (slower)", "es": "sí (más lento)"},
    "option.search.off": {"en": "off", "es": "no"},
    "parallelism.col.step_seconds": {"en": "Step time", "es": "Tiempo por paso"},
    "parallelism.col.mfu": {"en": "MFU", "es": "MFU"},
    "parallelism.col.total_bytes": {"en": "Memory", "es": "Memoria"},
    "parallelism.col.exposed_comm_seconds": {"en": "Exposed communication", "es": "Comunicación expuesta"},
    "parallelism.col.bubble_seconds": {"en": "Bubble", "es": "Burbuja"},
    "parallelism.out.total_bytes": {"en": "Memory per accelerator", "es": "Memoria por acelerador"},
    "parallelism.out.step_seconds": {"en": "Step time", "es": "Tiempo por paso"},
    "parallelism.out.mfu": {"en": "MFU", "es": "MFU"},
    "parallelism.out.hfu": {"en": "HFU (recomputation counted)", "es": "HFU (contando la recomputación)"},
    "parallelism.out.tokens_per_second": {"en": "Cluster throughput", "es": "Rendimiento del clúster"},
    "parallelism.out.pipeline_bubble_fraction": {"en": "Pipeline bubble (fraction of ideal)", "es": "Burbuja del pipeline (fracción del ideal)"},
    "parallelism.out.critical_batch_tokens_per_device": {
        "en": "Tokens per device that hide the gradient sync",
        "es": "Tokens por dispositivo que ocultan la sincronización de gradientes",
    },
    "parallelism.preset.llama-3-405b": {
        "en": "Llama 3 405B: 16,384 H100, TP 8 · PP 16 · DP 128",
        "es": "Llama 3 405B: 16 384 H100, TP 8 · PP 16 · DP 128",
    },
    "parallelism.preset.deepseek-v3": {
        "en": "DeepSeek-V3: 2,048 H800, PP 16 · EP 64, FP8, DualPipe",
        "es": "DeepSeek-V3: 2048 H800, PP 16 · EP 64, FP8, DualPipe",
    },
    "parallelism.preset.70b-one-node": {
        "en": "70B with plain Adam on one 8-GPU node (does not fit)",
        "es": "70B con Adam estándar en un nodo de 8 GPU (no cabe)",
    },
    "planner.step.dp": {"en": "Data-parallel degree", "es": "Grado de paralelismo de datos"},
    "planner.step.batch_tokens": {
        "en": "Tokens per step ({microbatches} micro-batches per pipeline)",
        "es": "Tokens por paso ({microbatches} micro-batches por pipeline)",
    },
    "planner.step.params": {
        "en": "Parameters per device (busiest stage: {layers} layers)",
        "es": "Parámetros por dispositivo (etapa más cargada: {layers} capas)",
    },
    "planner.step.params_moe": {
        "en": "Parameters per device: dense ones, then routed experts split by EP (busiest stage: {layers} layers)",
        "es": "Parámetros por dispositivo: los densos y los expertos repartidos por EP (etapa más cargada: {layers} capas)",
    },
    "planner.step.weights": {"en": "Weights per device (ZeRO-{stage})", "es": "Pesos por dispositivo (ZeRO-{stage})"},
    "planner.step.gradients": {"en": "Gradients per device (ZeRO-{stage})", "es": "Gradientes por dispositivo (ZeRO-{stage})"},
    "planner.step.optimizer": {
        "en": "Optimizer states per device (ZeRO-{stage})",
        "es": "Estados del optimizador por dispositivo (ZeRO-{stage})",
    },
    "planner.step.first_stage": {
        "en": "Activations of the first stage: {layers} layer-micro-batches in flight",
        "es": "Activaciones de la primera etapa: {layers} capas-micro-batch en vuelo",
    },
    "planner.step.last_stage": {
        "en": "Activations of the last stage: {layers} layer-micro-batches and the output logits",
        "es": "Activaciones de la última etapa: {layers} capas-micro-batch y los logits de salida",
    },
    "planner.step.activations": {"en": "Activations on the busiest device", "es": "Activaciones en el dispositivo más cargado"},
    "planner.step.total": {"en": "Memory per device ({chip})", "es": "Memoria por dispositivo ({chip})"},
    "planner.step.flops_none": {
        "en": "FLOPs per token executed (causal attention)",
        "es": "FLOP por token ejecutados (atención causal)",
    },
    "planner.step.flops_selective": {
        "en": "FLOPs per token executed, attention recomputed",
        "es": "FLOP por token ejecutados, con la atención recomputada",
    },
    "planner.step.flops_full": {
        "en": "FLOPs per token executed, whole forward recomputed",
        "es": "FLOP por token ejecutados, con toda la pasada hacia delante recomputada",
    },
    "planner.step.compute_mb": {
        "en": "Compute of one micro-batch on the busiest stage ({chip})",
        "es": "Cómputo de un micro-batch en la etapa más cargada ({chip})",
    },
    "planner.step.compute": {"en": "Compute per step", "es": "Cómputo por paso"},
    "planner.step.layer_matmul_dense": {
        "en": "Matmuls of one layer, forward: the four above",
        "es": "Matmuls de una capa, hacia delante: los cuatro anteriores",
    },
    "planner.matmul.qkv": {"en": "QKV projection", "es": "Proyección QKV"},
    "planner.matmul.attention_out": {"en": "Attention output projection", "es": "Proyección de salida de la atención"},
    "planner.matmul.mlp_up": {"en": "MLP up projection (and gate)", "es": "Proyección de subida del MLP (y compuerta)"},
    "planner.matmul.mlp_down": {"en": "MLP down projection", "es": "Proyección de bajada del MLP"},
    "planner.step.matmul_measured": {
        "en": "{name}, forward, {shape} (tokens × outputs × inputs), at the rate measured at its shape",
        "es": "{name}, hacia delante, {shape} (tokens × salidas × entradas), al ritmo medido en su forma",
    },
    "planner.step.matmul_wave": {
        "en": "{name}, forward, {shape} (tokens × outputs × inputs), at the best matmul's share of peak and its wave efficiency",
        "es": "{name}, hacia delante, {shape} (tokens × salidas × entradas), a la fracción del pico del mejor matmul y con su eficiencia de oleada",
    },
    "planner.step.output_layer_measured": {
        "en": "Output layer and cross-entropy, forward and backward (last stage), the projection at the rate measured at its shape",
        "es": "Capa de salida y entropía cruzada, hacia delante y hacia atrás (última etapa), la proyección al ritmo medido en su forma",
    },
    "planner.step.layer_matmul_moe": {
        "en": "Matmuls of one MoE layer (attention and the active experts), forward: the four above",
        "es": "Matmuls de una capa MoE (atención y expertos activos), hacia delante: los cuatro anteriores",
    },
    "planner.step.layer_attention_flash": {
        "en": "Attention core of one layer, forward (FlashAttention, causal half), at the measured attention rate",
        "es": "Núcleo de la atención de una capa, hacia delante (FlashAttention, mitad causal), al ritmo de atención medido",
    },
    "planner.step.layer_attention_unfused": {
        "en": "Attention core of one layer, forward (unfused: the whole s × s), at the matmul rate",
        "es": "Núcleo de la atención de una capa, hacia delante (sin fusionar: todo el s × s), al ritmo de los matmuls",
    },
    "planner.step.layer_memory": {
        "en": "Memory-bound kernels of one layer, forward (norms, activation, residual adds, dropout), at the measured HBM bandwidth",
        "es": "Kernels limitados por memoria de una capa, hacia delante (normalizaciones, activación, sumas residuales, dropout), al ancho de banda de HBM medido",
    },
    "planner.step.layer_scores": {
        "en": "Unfused attention's scores of one layer, forward (written, normalized, masked, read)",
        "es": "Puntuaciones de la atención sin fusionar de una capa, hacia delante (se escriben, se normalizan, se enmascaran y se leen)",
    },
    "planner.step.layer_none": {
        "en": "One layer, forward and backward (backward: 2× the matmuls and memory traffic, 2.5× attention)",
        "es": "Una capa, hacia delante y hacia atrás (hacia atrás: 2× los matmuls y el tráfico de memoria, 2,5× la atención)",
    },
    "planner.step.layer_selective": {
        "en": "One layer, forward, attention recomputed, and backward",
        "es": "Una capa, hacia delante, con la atención recomputada, y hacia atrás",
    },
    "planner.step.layer_full": {
        "en": "One layer, forward, forward recomputed, and backward",
        "es": "Una capa, hacia delante, con la pasada hacia delante recomputada, y hacia atrás",
    },
    "planner.step.expert_capacity": {
        "en": "Expert capacity per micro-batch: C times an expert's balanced share of the T tokens a rank routes to k of E experts (Switch Transformers, §2.2)",
        "es": "Capacidad de un experto por micro-batch: C veces su parte equilibrada de los T tokens que un rango envía a k de E expertos (Switch Transformers, §2.2)",
    },
    "planner.step.expert_copies": {
        "en": "Expert MLPs per token of an MoE layer, the k routed ones padded to capacity: the expert matmuls and the all-to-all bytes are C times the balanced ones",
        "es": "MLP de expertos por token de una capa MoE, con los k enrutados rellenados hasta la capacidad: los matmuls de los expertos y los bytes del all-to-all son C veces los equilibrados",
    },
    "planner.step.dropped_share": {
        "en": "Share of token-expert assignments dropped: the expected load over capacity over the mean load λ, each expert's load modelled as Poisson(λ) (a balanced router's random assignment)",
        "es": "Parte de las asignaciones token-experto descartadas: la carga esperada por encima de la capacidad entre la carga media λ, con la carga de cada experto modelada como Poisson(λ) (el reparto al azar de un enrutador equilibrado)",
    },
    "planner.step.mean_layer": {
        "en": "Mean layer of the stage: its MoE layers and its dense ones",
        "es": "Capa media de la etapa: sus capas MoE y sus capas densas",
    },
    "planner.step.output_layer": {
        "en": "Output layer and cross-entropy, forward and backward (last stage)",
        "es": "Capa de salida y entropía cruzada, hacia delante y hacia atrás (última etapa)",
    },
    "planner.step.tp": {
        "en": "Tensor-parallel AllReduces (or AllGather + ReduceScatter) per step, {link}",
        "es": "AllReduce del paralelismo de tensor (o AllGather + ReduceScatter) por paso, {link}",
    },
    "planner.step.cp": {
        "en": "Context-parallel K/V AllGathers and ReduceScatters per step, {link}",
        "es": "AllGather y ReduceScatter de K/V del paralelismo de contexto por paso, {link}",
    },
    "planner.step.ep": {
        "en": "Expert all-to-alls (dispatch and combine) per step, {link}",
        "es": "All-to-all de expertos (envío y combinación) por paso, {link}",
    },
    "planner.step.pp": {
        "en": "Pipeline sends per step, {link}",
        "es": "Envíos del pipeline por paso, {link}",
    },
    "planner.step.pp_gather": {
        "en": "Pipeline sends per step, {link}: each TP rank sends 1/t of the activations, the receivers gather them back",
        "es": "Envíos del pipeline por paso, {link}: cada rango de TP envía 1/t de las activaciones y los receptores las vuelven a reunir",
    },
    "planner.step.bubble_fraction": {"en": "Pipeline bubble (Narayanan et al. 2021)", "es": "Burbuja del pipeline (Narayanan et al. 2021)"},
    "planner.step.bubble": {"en": "Bubble time per step", "es": "Tiempo de burbuja por paso"},
    "planner.step.in_flight_zb": {
        "en": "Micro-batches in flight on the first stage with {schedule}: {count} as 1F1B's p, or 2p − 1 with ZB-H2 (Qi et al. 2024, Table 2), at most m",
        "es": "Micro-batches en vuelo en la primera etapa con {schedule}: {count} como las p de 1F1B, o 2p − 1 con ZB-H2 (Qi et al. 2024, tabla 2), como mucho m",
    },
    "planner.step.weight_grad_zb": {
        "en": "Weight-gradient pass W of one micro-batch, as long as its forward pass F (one weight gradient per forward matmul: Qi et al. 2024, Table 1); the input-gradient pass B takes the rest of the critical time",
        "es": "Pasada W (gradiente de los pesos) de un micro-batch, tan larga como su pasada hacia delante F (un gradiente de pesos por cada matmul de la pasada hacia delante: Qi et al. 2024, tabla 1); la pasada B (gradiente de la entrada) ocupa el resto del tiempo crítico",
    },
    "planner.step.bubble_fraction_zb": {
        "en": "Pipeline bubble with {schedule} (Qi et al. 2024, Table 2)",
        "es": "Burbuja del pipeline con {schedule} (Qi et al. 2024, tabla 2)",
    },
    "planner.step.bubble_zb": {"en": "Bubble time per step with {schedule}", "es": "Tiempo de burbuja por paso con {schedule}"},
    "planner.step.bubble_zb-h2": {
        "en": "Bubble time per step with ZB-H2: ZB-H1's, less one T_W for each of the e = min(p − 1, m − p) micro-batches in flight beyond p; with e = p − 1, (p − 1)(T_F + T_B − 2T_W)",
        "es": "Tiempo de burbuja por paso con ZB-H2: el de ZB-H1 menos un T_W por cada uno de los e = min(p − 1, m − p) micro-batches en vuelo además de los p; con e = p − 1, (p − 1)(T_F + T_B − 2T_W)",
    },
    "planner.step.dp_allreduce": {
        "en": "Gradient AllReduce (ReduceScatter + AllGather) of the data-parallel group, {link}",
        "es": "AllReduce de gradientes (ReduceScatter + AllGather) del grupo de paralelismo de datos, {link}",
    },
    "planner.step.compute_mb_ep_overlap": {
        "en": "The same on the SMs the all-to-alls leave (20 of 132 move them: DeepSeek-V3 report, §3.2.2)",
        "es": "Lo mismo en los SM que dejan los all-to-all (20 de 132 los mueven: informe de DeepSeek-V3, §3.2.2)",
    },
    "planner.step.ep_exposed": {
        "en": "Expert all-to-alls the other micro-batch's compute does not cover (DualPipe)",
        "es": "All-to-all de expertos que el cómputo del otro micro-batch no cubre (DualPipe)",
    },
    "planner.step.tp_exposed": {
        "en": "Tensor-parallel communication the layers' matmuls do not cover (overlapped)",
        "es": "Comunicación del paralelismo de tensor que los matmuls de las capas no cubren (solapada)",
    },
    "planner.step.dp_exposed_1": {
        "en": "Gradient sync not hidden under one micro-batch's compute",
        "es": "Sincronización de gradientes que no se oculta bajo el cómputo de un micro-batch",
    },
    "planner.step.dp_exposed_off": {
        "en": "Gradient sync after the last backward pass, not overlapped: all of it shows",
        "es": "Sincronización de gradientes tras la última pasada hacia atrás, sin solapar: queda expuesta entera",
    },
    "planner.step.dp_exposed_2": {
        "en": "ZeRO-2: ReduceScatter every micro-batch under its backward, AllGather under the first forward; what shows",
        "es": "ZeRO-2: ReduceScatter en cada micro-batch bajo su pasada hacia atrás, AllGather bajo la primera pasada hacia delante; lo que queda expuesto",
    },
    "planner.step.dp_exposed_3": {
        "en": "FSDP: weights gathered for every forward and backward, gradients reduce-scattered; what shows",
        "es": "FSDP: pesos reunidos en cada pasada hacia delante y hacia atrás, gradientes con ReduceScatter; lo que queda expuesto",
    },
    "planner.step.optimizer_update": {
        "en": "Optimizer update (reads and writes its states at HBM bandwidth)",
        "es": "Actualización del optimizador (lee y escribe sus estados al ancho de banda de HBM)",
    },
    "planner.step.step": {
        "en": "Step time: compute + bubble + exposed communication + optimizer",
        "es": "Tiempo por paso: cómputo + burbuja + comunicación expuesta + optimizador",
    },
    "planner.step.mfu": {
        "en": "Model FLOPs utilization (PaLM's definition)",
        "es": "Utilización de FLOP del modelo (MFU, definición de PaLM)",
    },
    "planner.step.tokens_per_second": {"en": "Tokens per second, whole cluster", "es": "Tokens por segundo, todo el clúster"},
    "planner.step.critical": {
        "en": "Tokens per data-parallel device whose backward pass outlasts the gradient sync",
        "es": "Tokens por dispositivo del paralelismo de datos a partir de los cuales la pasada hacia atrás dura más que la sincronización de gradientes",
    },
    "planner.link.up": {"en": "inside the scale-up domain", "es": "dentro del dominio de scale-up"},
    "planner.link.out": {"en": "across the scale-out network", "es": "por la red de scale-out"},
    "planner.link.both": {"en": "inside the domain, then across it", "es": "dentro del dominio y luego entre dominios"},
    "planner.link.none": {"en": "none", "es": "ninguna"},
    "word.scale-up": {"en": "scale-up", "es": "scale-up"},
    "word.scale-out": {"en": "scale-out", "es": "scale-out"},
    "word.scale-up+out": {"en": "scale-up, then scale-out", "es": "scale-up y luego scale-out"},
    "word.none": {"en": "none", "es": "ninguno"},
    "planner.linkword.scale-up": {"en": "scale-up", "es": "scale-up"},
    "planner.linkword.scale-out": {"en": "scale-out", "es": "scale-out"},
    "planner.linkword.scale-up+out": {"en": "scale-up and scale-out", "es": "scale-up y scale-out"},
    "planner.axis.tp": {"en": "tensor parallelism", "es": "paralelismo de tensor"},
    "planner.axis.cp": {"en": "context parallelism", "es": "paralelismo de contexto"},
    "planner.axis.ep": {"en": "expert all-to-alls", "es": "all-to-all de expertos"},
    "planner.axis.pp": {"en": "pipeline sends", "es": "envíos del pipeline"},
    "planner.axis.dp": {"en": "gradient sync", "es": "sincronización de gradientes"},
    "planner.reason.time": {
        "en": "{step} per step at {mfu} % MFU: compute {compute}, bubble {bubble}, exposed communication {comm}",
        "es": "{step} por paso con un {mfu} % de MFU: cómputo {compute}, burbuja {bubble}, comunicación expuesta {comm}",
    },
    "planner.reason.largest": {"en": "most of it {axis} over {link}", "es": "sobre todo {axis} por {link}"},
    "planner.reason.memory": {
        "en": "{memory} of {capacity} with recomputation {recompute}",
        "es": "{memory} de {capacity} con recomputación {recompute}",
    },
    "planner.reason.slower": {"en": "{percent} % slower than the first", "es": "un {percent} % más lento que el primero"},
    "planner.note.efficiency_peak": {
        "en": "Matmul efficiency: the edition's typical {efficiency} of the dense peak, the same for every chip on the peak basis.",
        "es": "Eficiencia de los matmuls: la típica de la edición, {efficiency} del pico denso, la misma para todos los chips en la base pico.",
    },
    "planner.note.matmul_shapes": {
        "en": "Each matmul runs at the rate measured at its shape (tokens × outputs × inputs), interpolated between the measured shapes: {source}.",
        "es": "Cada matmul va al ritmo medido en su forma (tokens × salidas × entradas), interpolado entre las formas medidas: {source}.",
    },
    "planner.note.matmul_best_shape": {
        "en": "The data has no matmul rate measured by shape for {chip}: each matmul runs at the best shape's measured rate times the wave efficiency of its own shape, which can be faster than a layer's real matmuls.",
        "es": "Los datos no tienen un ritmo de matmul medido por forma para {chip}: cada matmul va al ritmo medido de la mejor forma por la eficiencia de oleada de su propia forma, que puede ser más rápido que los matmuls reales de una capa.",
    },
    "planner.note.efficiency_typical": {
        "en": "Matmul efficiency: no measurement for this chip and format, so the edition's typical {efficiency} of peak.",
        "es": "Eficiencia de los matmuls: no hay medida para este chip y este formato, así que se usa la típica de la edición, {efficiency} del pico.",
    },
    "planner.note.kept_bf16": {
        "en": "In {format} only the linear layers' matmuls run at the {format} rate; attention and the output head run "
        "at the chip's BF16 rates, as {format} training recipes keep them (DeepSeek-V3 report, §3.3.1).",
        "es": "En {format} solo los matmuls de las capas lineales van al ritmo de {format}; la atención y la cabeza de "
        "salida van a los ritmos BF16 del chip, como las mantienen las recetas de entrenamiento en {format} "
        "(informe de DeepSeek-V3, §3.3.1).",
    },
    "planner.note.no_vocab": {
        "en": "Output logits not counted: give the vocabulary (--vocab) to add them.",
        "es": "Los logits de salida no se cuentan: escribe el tamaño del vocabulario (--vocab) y se suman.",
    },
    "planner.note.no_dp": {
        "en": "No data parallelism (DP × CP = 1): no gradient sync, so no critical batch.",
        "es": "Sin paralelismo de datos (DP × CP = 1): no hay sincronización de gradientes ni batch crítico.",
    },
    "planner.note.bubble_over_one": {
        "en": "The pipeline idles longer than it computes (a bubble {bubble} times the compute): too few micro-batches for {stages} stages; raise the batch, lower the pipeline degree or interleave stages.",
        "es": "El pipeline pasa más tiempo parado que calculando (una burbuja de {bubble} veces el cómputo): pocos micro-batches para {stages} etapas; sube el batch, baja el grado de pipeline o intercala etapas.",
    },
    "planner.note.no_fit": {
        "en": "Does not fit: {needed} per accelerator against {capacity}. Shard more (ZeRO, TP, PP) or recompute.",
        "es": "No cabe: {needed} por acelerador frente a {capacity}. Reparte más (ZeRO, TP, PP) o recomputa.",
    },
    "planner.note.none_fit": {
        "en": "No layout of this cluster fits this model and batch, whatever the recomputation.",
        "es": "Ningún reparto de este clúster admite este modelo y este batch, sea cual sea la recomputación.",
    },
    "figure.scale_up_per_peer": {"en": "per-link scale-up bandwidth", "es": "ancho de banda de scale-up por enlace"},
    "error.layout.product": {
        "en": "{field}: TP × CP × PP × DP must use the {subject} accelerators exactly; the layout gives {got}.",
        "es": "{field}: TP × CP × PP × DP debe usar exactamente los {subject} aceleradores; el reparto da {got}.",
    },
    "error.layout.heads": {
        "en": "{field}: tensor parallelism must divide the {subject} attention heads; got {got}.",
        "es": "{field}: el paralelismo de tensor debe dividir las {subject} cabezas de atención; se recibió {got}.",
    },
    "error.layout.kv_heads": {
        "en": "{field}: the key/value heads must divide the {subject} attention heads; got {got}.",
        "es": "{field}: las cabezas de clave/valor deben dividir las {subject} cabezas de atención; se recibió {got}.",
    },
    "error.layout.layers": {
        "en": "{field}: a pipeline cannot have more stages than the {subject} layers; got {got}.",
        "es": "{field}: un pipeline no puede tener más etapas que las {subject} capas; se recibió {got}.",
    },
    "error.layout.virtual": {
        "en": "{field}: interleaving needs pipeline parallelism and at most {subject} chunks in all (one per layer, plus one for the embedding and one for the output layer when the model has a vocabulary); got {got}.",
        "es": "{field}: el intercalado necesita paralelismo de pipeline y como mucho {subject} trozos en total (uno por capa, más uno para el embedding y otro para la capa de salida si el modelo tiene vocabulario); se recibió {got}.",
    },
    "error.layout.schedule": {
        "en": "{field}: the zero-bubble schedules run one model chunk per pipeline rank; with {subject} chunks per rank (virtual_stages) the schedule must be {accepted}, or set virtual_stages to 1; got {got}.",
        "es": "{field}: las planificaciones de burbuja cero ejecutan un trozo del modelo por proceso del pipeline; con {subject} trozos por proceso (virtual_stages) la planificación debe ser {accepted}, o pon virtual_stages a 1; se recibió {got}.",
    },
    "error.layout.dense": {
        "en": "{field}: expert parallelism needs a mixture-of-experts model; got {got}.",
        "es": "{field}: el paralelismo de expertos necesita un modelo de mezcla de expertos; se recibió {got}.",
    },
    "error.layout.dense_capacity": {
        "en": "{field}: a capacity factor needs a mixture-of-experts model; leave it empty; got {got}.",
        "es": "{field}: un factor de capacidad necesita un modelo de mezcla de expertos; déjalo vacío; se recibió {got}.",
    },
    "error.layout.experts": {
        "en": "{field}: expert parallelism must divide the {subject} experts and DP × CP; got {got}.",
        "es": "{field}: el paralelismo de expertos debe dividir los {subject} expertos y DP × CP; se recibió {got}.",
    },
    "error.layout.sequence": {
        "en": "{field}: context parallelism must divide the {subject}-token sequence; got {got}.",
        "es": "{field}: el paralelismo de contexto debe dividir la secuencia de {subject} tokens; se recibió {got}.",
    },
    "error.layout.batch": {
        "en": "{field}: the batch must hold one micro-batch per data-parallel rank, at least {subject} tokens; got {got}.",
        "es": "{field}: el batch debe contener un micro-batch por proceso del paralelismo de datos, al menos {subject} tokens; se recibió {got}.",
    },
}
# fmt: on
