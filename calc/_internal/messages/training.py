# The catalog's training entries: a training run's time, cost and energy.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- training ---------------------------------------------------------------------------------------
    "training.title": {"en": "Training run: time, cost, energy", "es": "Entrenamiento: tiempo, coste y energía"},
    "training.field.params": {"en": "Parameters (active, for MoE)", "es": "Parámetros (activos, en MoE)"},
    "field.tokens": {"en": "Training tokens", "es": "Tokens de entrenamiento"},
    "field.flops_per_token_per_param": {"en": "FLOPs per token per parameter", "es": "FLOP por token y parámetro"},
    "field.price": {"en": "Price per accelerator-hour", "es": "Precio por acelerador-hora"},
    "field.watts": {"en": "All-in power per accelerator", "es": "Potencia total por acelerador"},
    "field.node_overhead": {"en": "Node overhead on TDP", "es": "Sobrecarga del nodo sobre el TDP"},
    "field.pue": {"en": "PUE", "es": "PUE"},
    "field.electricity": {"en": "Electricity price", "es": "Precio de la electricidad"},
    "field.carbon": {"en": "Grid carbon intensity", "es": "Intensidad de carbono de la red"},
    "training.field.link_gbytes_s": {
        "en": "Scale-out bandwidth per accelerator, per direction",
        "es": "Ancho de banda de scale-out por acelerador y sentido",
    },
    "field.batch_tokens": {"en": "Global batch (tokens per step)", "es": "Batch global (tokens por paso)"},
    "field.gradient_bytes": {"en": "Bytes per gradient element", "es": "Bytes por elemento de gradiente"},
    "field.total_params": {
        "en": "Total parameters (MoE: all experts, for the gradient AllReduce)",
        "es": "Parámetros totales (MoE: todos los expertos, para el AllReduce de gradientes)",
    },
    "training.out.seconds": {"en": "Wall-clock time", "es": "Tiempo de reloj"},
    "training.out.cloud_cost_usd": {"en": "Cloud cost", "es": "Coste en la nube"},
    "training.out.facility_power_w": {"en": "Facility power", "es": "Potencia de la instalación"},
    "training.out.electricity_cost_usd": {"en": "Electricity cost", "es": "Coste de electricidad"},
    "training.out.bottleneck": {"en": "Dominant bottleneck", "es": "Cuello de botella dominante"},
    "training.out.price_usd_per_hour": {"en": "Price per accelerator-hour", "es": "Precio por acelerador-hora"},
    "training.out.pue": {"en": "PUE", "es": "PUE"},
    "training.out.electricity_usd_per_kwh": {"en": "Electricity price", "es": "Precio de la electricidad"},
    "training.preset.quiz": {
        "en": "The 60-second quiz: 70B on 1T tokens, 1024 H100",
        "es": "El quiz de 60 segundos: 70B con 1 billón de tokens, 1024 H100",
    },
    "training.preset.llama-3-405b": {
        "en": "Llama 3 405B: 15.6T tokens, 16,384 H100 at 40 % MFU",
        "es": "Llama 3 405B: 15,6 billones de tokens, 16 384 H100 al 40 % de MFU",
    },
    "training.preset.chinchilla": {
        "en": "Chinchilla-optimal 70B: 1.4T tokens, 1024 H100",
        "es": "70B óptimo según Chinchilla: 1,4 billones de tokens, 1024 H100",
    },
    "training.step.total_flops": {"en": "Training FLOPs", "es": "FLOP de entrenamiento"},
    "training.step.total_flops_attention": {
        "en": "Training FLOPs, the attention's included (PaLM's count, as the planner's MFU)",
        "es": "FLOP de entrenamiento, con los de la atención (el recuento de PaLM, como el MFU del planificador)",
    },
    "training.note.no_attention": {
        "en": "FLOPs by the 6ND rule, without the attention's: choose a model (or give a custom model's layers and hidden size) to count them as PaLM and the planner do, 12 × layers × width × sequence length per token.",
        "es": "FLOP según la regla 6ND, sin los de la atención: elige un modelo (o indica las capas y la dimensión oculta de uno personalizado) para contarlos como PaLM y el planificador, 12 × capas × anchura × longitud de secuencia por token.",
    },
    "training.field.seq_len": {
        "en": "Sequence length (for the attention's FLOPs)",
        "es": "Longitud de secuencia (para los FLOP de la atención)",
    },
    "training.step.cluster_flop_per_s": {
        "en": "Effective cluster throughput ({chip})",
        "es": "Rendimiento efectivo del clúster ({chip})",
    },
    "training.step.roof_efficiency": {
        "en": "Share of the measured matmul roof the run reaches (MFU is a share of the peak)",
        "es": "Fracción del techo de matmul medido que alcanza la ejecución (la MFU es una fracción del pico)",
    },
    "training.step.seconds": {"en": "Wall-clock time", "es": "Tiempo de reloj"},
    "training.step.model_shards": {
        "en": "Ways the model is split so its training state (16 bytes per parameter) fits one accelerator; each then syncs 1/k of the gradients",
        "es": "Partes en que se divide el modelo para que su estado de entrenamiento (16 bytes por parámetro) quepa en un acelerador; cada uno sincroniza entonces 1/k de los gradientes",
    },
    "training.step.compute_seconds": {
        "en": "Time the compute alone takes at this MFU",
        "es": "Tiempo que tarda solo el cómputo con este MFU",
    },
    "training.step.seconds_sync": {
        "en": "Wall-clock time: each step lasts its gradient AllReduce, which outlasts its compute even overlapped",
        "es": "Tiempo de reloj: cada paso dura lo que su AllReduce de gradientes, que supera a su cómputo incluso solapado",
    },
    "training.step.accelerator_hours": {"en": "Accelerator-hours", "es": "Acelerador-horas"},
    "training.step.cloud_cost_usd": {"en": "Cloud cost", "es": "Coste en la nube"},
    "training.step.it_power": {"en": "IT power", "es": "Potencia IT"},
    "training.step.facility_power": {"en": "Facility power", "es": "Potencia de la instalación"},
    "training.step.energy": {"en": "Energy", "es": "Energía"},
    "training.step.electricity_cost": {"en": "Electricity cost", "es": "Coste de electricidad"},
    "training.step.co2": {"en": "CO₂", "es": "CO₂"},
    "training.step.step_compute_seconds": {"en": "Compute time per step", "es": "Tiempo de cómputo por paso"},
    "training.step.sync_hierarchical": {
        "en": "Gradient AllReduce per step (inside the node, then across nodes)",
        "es": "AllReduce de gradientes por paso (dentro del nodo y luego entre nodos)",
    },
    "training.step.sync_ring": {"en": "Gradient ring AllReduce per step", "es": "AllReduce en anillo de gradientes por paso"},
    "training.step.overlap_needed": {
        "en": "Share of compute the AllReduce must overlap",
        "es": "Fracción del cómputo que el AllReduce debe solapar",
    },
    "training.note.above_roof": {
        "en": "An MFU of {mfu} asks more than {chip}'s best measured {dtype} matmul, {share} % of the peak: no run reaches it, so this time is out of reach.",
        "es": "Una MFU de {mfu} pide más que el mejor matmul {dtype} medido de {chip}, el {share} % del pico: ninguna ejecución la alcanza, así que este tiempo es inalcanzable.",
    },
    "training.note.no_price": {
        "en": "No cloud cost: the edition has no price for this chip; give a price per accelerator-hour to add it.",
        "es": "Sin coste en la nube: la edición no tiene precio para este chip; escribe un precio por acelerador-hora y se calcula.",
    },
    "training.note.no_power": {
        "en": "No power, energy, electricity or CO₂: this chip has no TDP in the data; give the all-in power per accelerator to add them.",
        "es": "Sin potencia, energía, electricidad ni CO₂: este chip no tiene TDP en los datos; escribe la potencia total por acelerador y se calculan.",
    },
    "training.note.sync_bound": {
        "en": "The gradient AllReduce outlasts each step's compute even if fully overlapped, so the time, cost and energy include it: {stretch} times what the compute alone takes. More tokens per step, fewer accelerators or a faster network would hide it.",
        "es": "El AllReduce de gradientes dura más que el cómputo de cada paso aunque se solape por completo, así que el tiempo, el coste y la energía lo incluyen: {stretch} veces lo que tarda solo el cómputo. Más tokens por paso, menos aceleradores o una red más rápida lo ocultarían.",
    },
    "training.note.no_network": {
        "en": "No gradient-sync time: this chip has no scale-out bandwidth in the data; give one to name the bottleneck.",
        "es": "Sin tiempo de sincronización de gradientes: este chip no tiene ancho de banda de scale-out en los datos; escribe uno para saber cuál es el cuello de botella.",
    },
    "error.only_custom": {
        "en": "{field} describes a custom chip or model: choose “custom” to use it, or leave it out.",
        "es": "{field} describe un chip o modelo personalizado: elige «personalizado» para usarlo, o quítalo.",
    },
    "error.only_when": {
        "en": "{field} applies only when {detail} is one of: {accepted}.",
        "es": "{field} solo se aplica cuando {detail} es uno de: {accepted}.",
    },
}
# fmt: on
