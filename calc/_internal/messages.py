# The calculators' reader-facing text: one catalog, id -> {"en", "es"}, read through `t`.
# Spanish: tú, decimal comma, the project's term list (docs/es/terms.md). Placeholders match in both languages.
from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import translate
from .numbers import format_number

# fmt: off
CATALOG: dict[str, dict[str, str]] = {
    # -- errors (errors.CalcError.message) ----------------------------------------------------------
    "error.not_number": {
        "en": "{field}: {got} is not a number (write e.g. 70B, 1T, 3.35e12).",
        "es": "{field}: {got} no es un número (escribe p. ej. 70B, 1T, 3,35e12).",
    },
    "error.out_of_range": {
        "en": "{field} must be {accepted}; got {got}.",
        "es": "{field} debe ser {accepted}; se recibió {got}.",
    },
    "error.missing": {
        "en": "{field} is required: give {accepted}.",
        "es": "{field} es obligatorio: indica {accepted}.",
    },
    "error.not_choice": {
        "en": "{field} must be one of: {accepted}; got {got}.",
        "es": "{field} debe ser uno de: {accepted}; se recibió {got}.",
    },
    "error.unknown_id": {
        "en": "{field}: unknown id {got}; known ids: {accepted}.",
        "es": "{field}: id desconocido {got}; ids conocidos: {accepted}.",
    },
    "error.unknown_input": {
        "en": "{field} is not an input of {subject}; its inputs are: {accepted}.",
        "es": "{field} no es una entrada de {subject}; sus entradas son: {accepted}.",
    },
    "error.unknown_calculator": {
        "en": "unknown calculator {got}; the calculators are: {accepted}.",
        "es": "calculadora desconocida {got}; las calculadoras son: {accepted}.",
    },
    "error.no_figure": {
        "en": "{field}: {subject} has no {detail} in the data.",
        "es": "{field}: {subject} no tiene {detail} en los datos.",
    },
    "error.no_dtype": {
        "en": "{field}: {subject} has no dense {detail} peak in the data; choose one of {accepted}.",
        "es": "{field}: {subject} no tiene pico denso {detail} en los datos; elige uno de {accepted}.",
    },
    "error.not_finite": {
        "en": "{field}: the inputs are too large to compute a finite result.",
        "es": "{field}: las entradas son demasiado grandes para dar un resultado finito.",
    },
    "error.nothing_to_read": {
        "en": "{field}: a decode step must read some bytes (weights or KV cache).",
        "es": "{field}: un paso de decodificación tiene que leer algún byte (pesos o caché KV).",
    },
    "accepted.number": {"en": "a number", "es": "un número"},
    "accepted.whole_number": {"en": "a whole number", "es": "un número entero"},
    "accepted.and": {"en": " and ", "es": " y "},
    "accepted.si_number": {
        "en": "a number, optionally with a suffix k, M, B/G, T or P",
        "es": "un número, con sufijo opcional k, M, B/G, T o P",
    },
    # What a chip may lack in the data (errors and the chooser's reasons).
    "figure.memory_bandwidth": {"en": "memory bandwidth", "es": "ancho de banda de memoria"},
    "figure.memory_capacity": {"en": "memory capacity", "es": "capacidad de memoria"},
    "figure.tdp": {"en": "power figure (TDP)", "es": "dato de potencia (TDP)"},
    "figure.price": {"en": "price per accelerator-hour", "es": "precio por acelerador-hora"},
    "figure.scale_out": {"en": "scale-out bandwidth", "es": "ancho de banda de scale-out"},
    # -- units written as words, and money --------------------------------------------------------------
    "unit.days": {"en": "days", "es": "días"},
    "unit.years": {"en": "years", "es": "años"},
    "unit.tokens/s": {"en": "tokens/s", "es": "tokens/s"},
    "unit.queries/s": {"en": "queries/s", "es": "consultas/s"},
    "money.usd": {"en": "${amount}", "es": "{amount} USD"},
    # -- categorical results ----------------------------------------------------------------------------
    "word.memory": {"en": "memory-bound", "es": "limitado por memoria"},
    "word.compute": {"en": "compute-bound", "es": "limitado por cómputo"},
    "word.gradient-sync": {"en": "gradient synchronization (AllReduce)", "es": "sincronización de gradientes (AllReduce)"},
    "word.own": {"en": "owning", "es": "tener en propiedad"},
    "word.rent": {"en": "renting", "es": "alquilar"},
    # -- chips in derivation labels -------------------------------------------------------------------
    "chip.dense": {"en": "{name}, dense {dtype}", "es": "{name}, {dtype} denso"},
    "chip.custom": {"en": "custom chip", "es": "chip personalizado"},
    "join.and": {"en": " and ", "es": " y "},
    # -- the basis: measured figures or datasheet peaks (chips.basis_roofs) ----------------------------
    "field.basis": {"en": "Basis (measured or peak figures)", "es": "Base (cifras medidas o pico)"},
    "option.basis.achievable": {"en": "achievable (measured)", "es": "alcanzable (medida)"},
    "option.basis.peak": {"en": "peak (datasheet)", "es": "pico (hoja de datos)"},
    "basis.chip.achievable": {"en": "{chip}, achievable basis", "es": "{chip}, base alcanzable"},
    "basis.chip.peak": {"en": "{chip}, peak basis", "es": "{chip}, base pico"},
    "basis.source_dated": {"en": "{source}, measured {date}", "es": "{source}, medida el {date}"},
    "basis.part.flops_measured": {
        "en": "{value} measured {dtype} matmul ({share} % of the {peak} dense peak; {source})",
        "es": "{value} de matmul {dtype} medido ({share} % del pico denso de {peak}; {source})",
    },
    "basis.part.bandwidth_measured": {
        "en": "{value} measured memory bandwidth ({share} % of the {peak} rating; {source})",
        "es": "{value} de ancho de banda de memoria medido ({share} % de los {peak} nominales; {source})",
    },
    "basis.part.flops_peak": {"en": "the {value} dense {dtype} peak", "es": "el pico denso {dtype} de {value}"},
    "basis.part.bandwidth_peak": {"en": "the {value} memory bandwidth", "es": "el ancho de banda de memoria de {value}"},
    "basis.part.flops_unmeasured": {
        "en": "the {value} dense {dtype} peak (the data has no measured {dtype} matmul for this chip)",
        "es": "el pico denso {dtype} de {value} (los datos no tienen matmul {dtype} medido para este chip)",
    },
    "basis.part.bandwidth_unmeasured": {
        "en": "the {value} memory bandwidth rating (the data has no measured bandwidth for this chip)",
        "es": "el ancho de banda de memoria nominal de {value} (los datos no tienen ancho de banda medido para este chip)",
    },
    "basis.note.achievable": {"en": "Basis: achievable, {figures}.", "es": "Base: alcanzable, {figures}."},
    "basis.note.peak": {"en": "Basis: peak, {figures}.", "es": "Base: pico, {figures}."},
    "basis.note.fallback": {
        "en": "Basis: peak, {figures}: the data has no measurement of {chip} for this, so the achievable basis falls back to the datasheet.",
        "es": "Base: pico, {figures}: los datos no tienen medidas de {chip} para esto, así que la base alcanzable se queda en la hoja de datos.",
    },
    "basis.note.custom": {
        "en": "Basis: peak, {figures}: a custom chip has no measurement, so the achievable basis falls back to the figures you gave.",
        "es": "Base: pico, {figures}: un chip personalizado no tiene medidas, así que la base alcanzable se queda en las cifras que diste.",
    },
    # -- charts ------------------------------------------------------------------------------------------
    "plot.roofline.title": {"en": "Roofline: {chips}", "es": "Roofline: {chips}"},
    "plot.roofline.roof": {
        "en": "{chip}: peak {peak}, memory bandwidth {bandwidth}, ridge point {ridge} FLOP/byte",
        "es": "{chip}: pico {peak}, ancho de banda de memoria {bandwidth}, punto de cresta {ridge} FLOP/byte",
    },
    "plot.roofline.kernel": {"en": "{label}: {x} FLOP/byte", "es": "{label}: {x} FLOP/byte"},
    "plot.roofline.achievable_label": {"en": "{chip}, achievable", "es": "{chip}, alcanzable"},
    "plot.roofline.achievable_roof": {
        "en": "{chip} on the achievable basis: matmul {flops}, memory bandwidth {bandwidth}, ridge point {ridge} FLOP/byte",
        "es": "{chip} en la base alcanzable: matmul {flops}, ancho de banda de memoria {bandwidth}, punto de cresta {ridge} FLOP/byte",
    },
    "plot.roofline.measured": {"en": "{value} measured", "es": "{value} medido"},
    "plot.roofline.datasheet": {"en": "{value} from the datasheet", "es": "{value} de la hoja de datos"},
    "plot.roofline.your_kernel": {"en": "your kernel", "es": "tu kernel"},
    "plot.roofline.x_axis": {"en": "Arithmetic intensity (FLOP/byte)", "es": "Intensidad aritmética (FLOP/byte)"},
    "plot.roofline.y_axis": {"en": "Attainable FLOP/s", "es": "FLOP/s alcanzables"},
    "plot.memory.title": {"en": "Memory per accelerator: {total}", "es": "Memoria por acelerador: {total}"},
    "plot.memory.capacity": {"en": "capacity", "es": "capacidad"},
    "plot.memory.fits": {"en": "fits", "es": "cabe"},
    "plot.memory.does_not_fit": {"en": "does not fit", "es": "no cabe"},
    "plot.memory.weights": {"en": "weights", "es": "pesos"},
    "plot.memory.gradients": {"en": "gradients", "es": "gradientes"},
    "plot.memory.optimizer": {"en": "optimizer states", "es": "estados del optimizador"},
    "plot.memory.activations": {"en": "activations", "es": "activaciones"},
    "plot.scaling.title": {
        "en": "Training time and cost against cluster size: {subject}",
        "es": "Tiempo y coste de entrenamiento según el tamaño del clúster: {subject}",
    },
    "plot.scaling.subject": {
        "en": "{params} parameters, {tokens} tokens, {chip}",
        "es": "{params} parámetros, {tokens} tokens, {chip}",
    },
    "plot.scaling.point": {"en": "{count} accelerators: {days}", "es": "{count} aceleradores: {days}"},
    "plot.scaling.no_price": {"en": "no price: cost not drawn", "es": "sin precio: no se dibuja el coste"},
    "plot.scaling.days": {"en": "Wall-clock days", "es": "Días de tiempo de reloj"},
    "plot.scaling.cost": {"en": "Cloud cost (USD)", "es": "Coste en la nube (USD)"},
    "plot.scaling.chosen": {"en": "your cluster: {count}", "es": "tu clúster: {count}"},
    "plot.scaling.compute": {"en": "compute at the given MFU", "es": "cómputo con el MFU dado"},
    "plot.scaling.bound": {
        "en": "with gradient sync (full overlap)",
        "es": "con sincronización de gradientes (solapamiento total)",
    },
    "plot.scaling.x_axis": {"en": "Accelerators", "es": "Aceleradores"},
    "plot.timeline.title": {"en": "One training step: {total}", "es": "Un paso de entrenamiento: {total}"},
    "plot.ratio.title": {
        "en": "X4's speed over the measured one (above 1: X4 is too fast; the band is the tolerance)",
        "es": "Cociente entre la velocidad de X4 y la medida (por encima de 1, X4 va demasiado rápido; la franja es la tolerancia)",
    },
    "plot.timeline.compute": {"en": "compute", "es": "cómputo"},
    "plot.timeline.tp": {"en": "tensor-parallel comm.", "es": "com. de tensor"},
    "plot.timeline.cp": {"en": "context-parallel comm.", "es": "com. de contexto"},
    "plot.timeline.ep": {"en": "expert all-to-all", "es": "all-to-all de expertos"},
    "plot.timeline.pp": {"en": "pipeline sends", "es": "envíos del pipeline"},
    "plot.timeline.dp": {"en": "exposed gradient sync", "es": "sincronización de gradientes expuesta"},
    "plot.timeline.bubble": {"en": "pipeline bubble", "es": "burbuja del pipeline"},
    "plot.timeline.optimizer": {"en": "optimizer step", "es": "paso del optimizador"},
    # -- shared inputs --------------------------------------------------------------------------------
    "field.accelerator": {"en": "Accelerator", "es": "Acelerador"},
    "field.dtype": {"en": "Number format", "es": "Formato numérico"},
    "field.peak_tflops": {"en": "Peak per accelerator (custom chip)", "es": "Pico por acelerador (chip personalizado)"},
    "field.bandwidth_tbytes_s": {"en": "Memory bandwidth (custom chip)", "es": "Ancho de banda de memoria (chip personalizado)"},
    "field.count": {"en": "Accelerators", "es": "Aceleradores"},
    "field.params": {"en": "Parameters", "es": "Parámetros"},
    "field.batch": {"en": "Batch", "es": "Batch"},
    "field.mfu": {"en": "MFU (0–1)", "es": "MFU (0–1)"},
    "field.model": {"en": "Model", "es": "Modelo"},
    "option.accelerator.custom": {"en": "Custom chip", "es": "Chip personalizado"},
    "option.model.custom": {"en": "Custom model", "es": "Modelo personalizado"},
    "option.dtype.fp64": {"en": "FP64", "es": "FP64"},
    "option.dtype.fp64_matrix": {"en": "FP64 (matrix units)", "es": "FP64 (unidades matriciales)"},
    "option.dtype.fp32": {"en": "FP32", "es": "FP32"},
    "option.dtype.tf32": {"en": "TF32", "es": "TF32"},
    "option.dtype.bf16": {"en": "BF16", "es": "BF16"},
    "option.dtype.fp8": {"en": "FP8", "es": "FP8"},
    "option.dtype.fp6": {"en": "FP6", "es": "FP6"},
    "option.dtype.fp4": {"en": "FP4", "es": "FP4"},
    "option.dtype.int8": {"en": "INT8", "es": "INT8"},
    # -- roofline ---------------------------------------------------------------------------------------
    "roofline.title": {"en": "Roofline", "es": "Roofline"},
    "roofline.field.intensity": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "roofline.field.peak_tflops": {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
    "roofline.out.ridge_point_flop_per_byte": {"en": "Ridge point", "es": "Punto de cresta"},
    "roofline.out.attainable_flop_per_s": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
    "roofline.out.bound": {"en": "Verdict", "es": "Veredicto"},
    "roofline.step.ridge": {"en": "Ridge point ({chip})", "es": "Punto de cresta ({chip})"},
    "roofline.step.attainable": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
    # -- matmul -----------------------------------------------------------------------------------------
    "matmul.title": {"en": "Matmul on the roofline", "es": "Matmul en el roofline"},
    "matmul.field.m": {"en": "M (rows of A)", "es": "M (filas de A)"},
    "matmul.field.k": {"en": "K (shared dimension)", "es": "K (dimensión compartida)"},
    "matmul.field.n": {"en": "N (columns of B)", "es": "N (columnas de B)"},
    "matmul.field.bytes_per_element": {"en": "Bytes per element", "es": "Bytes por elemento"},
    "matmul.field.peak_tflops": {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
    "matmul.out.flops": {"en": "FLOPs", "es": "FLOP"},
    "matmul.out.intensity_flop_per_byte": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "matmul.out.seconds": {"en": "Lower-bound time", "es": "Tiempo mínimo"},
    "matmul.out.bound": {"en": "Verdict", "es": "Veredicto"},
    "matmul.step.flops": {"en": "Matmul FLOPs", "es": "FLOP del matmul"},
    "matmul.step.bytes": {"en": "Bytes moved (read A and B, write C)", "es": "Bytes movidos (leer A y B, escribir C)"},
    "matmul.step.intensity": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "matmul.step.compute_seconds": {"en": "Compute time ({chip})", "es": "Tiempo de cómputo ({chip})"},
    "matmul.step.memory_seconds": {"en": "Memory time", "es": "Tiempo de memoria"},
    "matmul.step.seconds": {"en": "Lower-bound kernel time", "es": "Tiempo mínimo del kernel"},
    # -- collectives ------------------------------------------------------------------------------------
    "allreduce.title": {"en": "Ring AllReduce", "es": "AllReduce en anillo"},
    "allgather.title": {"en": "Ring AllGather", "es": "AllGather en anillo"},
    "reducescatter.title": {"en": "Ring ReduceScatter", "es": "ReduceScatter en anillo"},
    "alltoall.title": {"en": "All-to-all (MoE dispatch)", "es": "All-to-all (dispatch MoE)"},
    "allreduce.name": {"en": "AllReduce", "es": "AllReduce"},
    "allgather.name": {"en": "AllGather", "es": "AllGather"},
    "reducescatter.name": {"en": "ReduceScatter", "es": "ReduceScatter"},
    "alltoall.name": {"en": "all-to-all", "es": "all-to-all"},
    "field.bytes": {"en": "Buffer size", "es": "Tamaño del búfer"},
    "field.link_gbytes_s": {"en": "Link bandwidth per direction", "es": "Ancho de banda por sentido del enlace"},
    "field.latency_us": {"en": "Latency per step", "es": "Latencia por paso"},
    "out.seconds": {"en": "Time", "es": "Tiempo"},
    "collective.step.bandwidth": {"en": "{name}: bandwidth term", "es": "{name}: término de ancho de banda"},
    "collective.step.seconds": {"en": "{name}: plus latency per step", "es": "{name}: más latencia por paso"},
    "collective.step.on_up": {
        "en": "{name} inside {chip}'s scale-up domain, at the measured bus bandwidth, plus one call's small-message time",
        "es": "{name} dentro del dominio de scale-up de {chip}, al ancho de banda de bus medido, más el tiempo de mensaje pequeño de una llamada",
    },
    "collective.step.on_up_rated": {
        "en": "{name} inside {chip}'s scale-up domain, at the link's rate (no measurement in the data), plus a ring's steps at the per-hop latency",
        "es": "{name} dentro del dominio de scale-up de {chip}, a la velocidad del enlace (sin medida en los datos), más los pasos de un anillo a la latencia por salto",
    },
    "collective.step.on_out": {
        "en": "{name} across {chip}'s scale-out network, one NIC per accelerator",
        "es": "{name} por la red de scale-out de {chip}, una NIC por acelerador",
    },
    "collective.step.on_both": {
        "en": "{name} on {chip}: inside each scale-up domain, then across domains through the NICs",
        "es": "{name} en {chip}: dentro de cada dominio de scale-up y luego entre dominios por las NIC",
    },
    "collective.step.on_none": {
        "en": "{name}: nothing moves (one accelerator, or no bytes)",
        "es": "{name}: no se mueve nada (un solo acelerador, o ningún byte)",
    },
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
    "training.preset.quiz": {
        "en": "The 60-second quiz: 70B on 1T tokens, 1024 H100",
        "es": "El quiz de 60 segundos: 70B con 1T tokens, 1024 H100",
    },
    "training.preset.llama-3-405b": {
        "en": "Llama 3 405B: 15.6T tokens, 16,384 H100 at 40 % MFU",
        "es": "Llama 3 405B: 15,6T tokens, 16 384 H100 al 40 % de MFU",
    },
    "training.preset.chinchilla": {
        "en": "Chinchilla-optimal 70B: 1.4T tokens, 1024 H100",
        "es": "70B óptimo según Chinchilla: 1,4T tokens, 1024 H100",
    },
    "training.step.total_flops": {"en": "Training FLOPs", "es": "FLOP de entrenamiento"},
    "training.step.cluster_flop_per_s": {
        "en": "Effective cluster throughput ({chip})",
        "es": "Rendimiento efectivo del clúster ({chip})",
    },
    "training.step.roof_efficiency": {
        "en": "Share of the measured matmul roof the run reaches (MFU is a share of the peak)",
        "es": "Fracción del techo de matmul medido que alcanza la ejecución (la MFU es una fracción del pico)",
    },
    "training.step.seconds": {"en": "Wall-clock time", "es": "Tiempo de reloj"},
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
        "es": "Sin coste en la nube: la edición no tiene precio para este chip; indica un precio por acelerador-hora para añadirlo.",
    },
    "training.note.no_power": {
        "en": "No power, energy, electricity or CO₂: this chip has no TDP in the data; give the all-in power per accelerator to add them.",
        "es": "Sin potencia, energía, electricidad ni CO₂: este chip no tiene TDP en los datos; indica la potencia total por acelerador para añadirlos.",
    },
    "training.note.no_network": {
        "en": "No gradient-sync time: this chip has no scale-out bandwidth in the data; give one to name the bottleneck.",
        "es": "Sin tiempo de sincronización de gradientes: este chip no tiene ancho de banda de scale-out en los datos; indica uno para nombrar el cuello de botella.",
    },
    "error.only_custom": {
        "en": "{field} describes a custom chip or model: choose “custom” to use it, or leave it out.",
        "es": "{field} describe un chip o modelo personalizado: elige «personalizado» para usarlo, o quítalo.",
    },
    "error.only_when": {
        "en": "{field} applies only when {detail} is one of: {accepted}.",
        "es": "{field} solo se aplica cuando {detail} es uno de: {accepted}.",
    },
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
        "es": "Memoria que queda tras la reserva del runtime (el contexto CUDA)",
    },
    "field.reserve_gb": {
        "en": "Runtime reserve per accelerator (CUDA context)",
        "es": "Reserva del runtime por acelerador (contexto CUDA)",
    },
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
    "kv-cache.preset.llama-3-70b-128k": {"en": "Llama 3 70B (GQA) at 128k context", "es": "Llama 3 70B (GQA) con contexto de 128k"},
    "kv-cache.preset.deepseek-v3-128k": {"en": "DeepSeek-V3 (MLA) at 128k context", "es": "DeepSeek-V3 (MLA) con contexto de 128k"},
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
    # -- TCO ----------------------------------------------------------------------------------------------
    "tco.title": {"en": "Rent or own", "es": "Alquilar o tener en propiedad"},
    "field.rent": {"en": "Rental price per accelerator-hour", "es": "Precio de alquiler por acelerador-hora"},
    "field.capex": {
        "en": "Purchase price per accelerator (with its share of server and network)",
        "es": "Precio de compra por acelerador (con su parte de servidor y red)",
    },
    "field.years": {"en": "Amortization (years)", "es": "Amortización (años)"},
    "field.utilization": {"en": "Utilization (0–1)", "es": "Utilización (0–1)"},
    "field.opex_fraction": {"en": "Yearly operations as a fraction of capex", "es": "Operación anual como fracción del capex"},
    "field.tokens_per_second": {"en": "Tokens/s per accelerator", "es": "Tokens/s por acelerador"},
    "tco.field.watts": {"en": "All-in power per accelerator", "es": "Potencia total por acelerador"},
    "tco.out.owning_usd_per_hour": {"en": "Owning, per useful hour", "es": "En propiedad, por hora útil"},
    "tco.out.renting_usd_per_hour": {"en": "Renting, per hour", "es": "Alquiler, por hora"},
    "tco.out.cheaper": {"en": "Cheaper", "es": "Más barato"},
    "tco.out.breakeven_utilization": {"en": "Break-even utilization", "es": "Utilización de equilibrio"},
    "tco.out.own_usd_per_million_tokens": {"en": "Owning, per million tokens", "es": "En propiedad, por millón de tokens"},
    "tco.out.rent_usd_per_million_tokens": {"en": "Renting, per million tokens", "es": "Alquiler, por millón de tokens"},
    "tco.step.fixed": {
        "en": "Fixed cost per hour owned (amortization and operations)",
        "es": "Coste fijo por hora en propiedad (amortización y operación)",
    },
    "tco.step.owning": {"en": "Owning, per useful hour", "es": "En propiedad, por hora útil"},
    "tco.step.breakeven": {
        "en": "Utilization at which owning matches renting",
        "es": "Utilización a la que la propiedad iguala al alquiler",
    },
    "tco.step.rent_per_million": {"en": "Renting, per million tokens", "es": "Alquiler, por millón de tokens"},
    "tco.step.own_per_million": {"en": "Owning, per million tokens", "es": "En propiedad, por millón de tokens"},
    "tco.note.no_throughput": {
        "en": "No cost per million tokens: give the tokens/s one accelerator serves to add both prices.",
        "es": "Sin coste por millón de tokens: indica los tokens/s que sirve un acelerador para añadir ambos precios.",
    },
    # -- chooser ------------------------------------------------------------------------------------------
    "chooser.title": {"en": "Accelerator chooser", "es": "Selector de aceleradores"},
    "field.workload": {"en": "Workload", "es": "Carga de trabajo"},
    "field.rank_by": {"en": "Rank by", "es": "Ordenar por"},
    "option.workload.train-70b": {"en": "Train a 70B dense model", "es": "Entrenar un modelo denso de 70B"},
    "option.workload.serve-7b": {"en": "Serve a 7B model", "es": "Servir un modelo de 7B"},
    "option.workload.rag-retriever": {"en": "Long-context RAG retriever", "es": "Recuperador RAG de contexto largo"},
    "option.rank_by.cost": {"en": "cost", "es": "coste"},
    "option.rank_by.time": {"en": "time", "es": "tiempo"},
    "chooser.field.tokens": {"en": "Token budget", "es": "Presupuesto de tokens"},
    "field.deadline_days": {"en": "Deadline", "es": "Plazo"},
    "chooser.field.mfu": {"en": "MFU (0–1)", "es": "MFU (0–1)"},
    "chooser.field.model": {
        "en": "Model (default: Mistral 7B to serve, Llama 3 8B for RAG)",
        "es": "Modelo (por defecto: Mistral 7B para servir, Llama 3 8B para RAG)",
    },
    "option.model.default": {"en": "The workload's reference model", "es": "El modelo de referencia de la carga"},
    "option.embed_model.default": {"en": "BGE large (reference)", "es": "BGE large (referencia)"},
    "field.weight_format": {"en": "Weight format", "es": "Formato de los pesos"},
    "option.weight_format.bf16": {"en": "BF16", "es": "BF16"},
    "option.weight_format.fp16": {"en": "FP16", "es": "FP16"},
    "option.weight_format.fp8": {"en": "FP8", "es": "FP8"},
    "option.weight_format.int8": {"en": "INT8", "es": "INT8"},
    "option.weight_format.int4": {"en": "INT4", "es": "INT4"},
    "chooser.field.context": {
        "en": "Prompt (context) tokens (default: 4096 to serve, 131,072 for RAG)",
        "es": "Tokens del prompt (contexto) (por defecto: 4096 para servir, 131 072 para RAG)",
    },
    "field.target_tokens_per_s": {"en": "Target throughput", "es": "Rendimiento objetivo"},
    "field.latency_ms": {"en": "Per-token latency target", "es": "Latencia objetivo por token"},
    "field.embed_model": {"en": "Embedding/reranking model", "es": "Modelo de embedding/reranking"},
    "field.output_tokens": {"en": "Output tokens per request", "es": "Tokens de salida por solicitud"},
    "field.rerank_tokens": {"en": "Candidate tokens to rerank per query", "es": "Tokens candidatos a reordenar por consulta"},
    "field.target_queries_per_s": {"en": "Target queries/s", "es": "Consultas/s objetivo"},
    "chooser.out.best_name": {"en": "Top choice", "es": "Mejor opción"},
    "chooser.out.fitting": {"en": "Accelerators that fit", "es": "Aceleradores en los que cabe"},
    "chooser.out.skipped": {"en": "Skipped (missing data)", "es": "Omitidos (faltan datos)"},
    "chooser.step.best_seconds": {"en": "Wall-clock time on the top choice ({chip})", "es": "Tiempo de reloj en la mejor opción ({chip})"},
    "chooser.step.serve_weights": {"en": "Weights ({model}, {format})", "es": "Pesos ({model}, {format})"},
    "chooser.step.rag_kv": {
        "en": "KV cache of one {tokens}-token context ({model}, BF16)",
        "es": "Caché KV de un contexto de {tokens} tokens ({model}, BF16)",
    },
    "chooser.step.rag_weights": {"en": "Weights: {model} + {embedder} (BF16)", "es": "Pesos: {model} + {embedder} (BF16)"},
    "chooser.step.rag_prefill": {
        "en": "Prefill FLOPs per query (weights + causal attention)",
        "es": "FLOP de prefill por consulta (pesos + atención causal)",
    },
    "chooser.step.rag_rerank": {
        "en": "Embedding/reranking FLOPs per query ({embedder})",
        "es": "FLOP de embedding/reranking por consulta ({embedder})",
    },
    "chooser.dense_peak": {"en": "dense {dtype} peak", "es": "pico denso {dtype}"},
    "chooser.limit.memory": {"en": "memory", "es": "memoria"},
    "chooser.limit.latency": {"en": "latency", "es": "latencia"},
    "chooser.reason.join": {"en": "; ", "es": "; "},
    "chooser.reason.skipped": {"en": "Skipped: no {missing} in the data", "es": "Omitido: no hay {missing} en los datos"},
    "chooser.reason.train_time": {"en": "{days} on {count} at {mfu} % MFU", "es": "{days} en {count} con un {mfu} % de MFU"},
    "chooser.reason.train_layout": {
        "en": "{layout}, recomputation {recompute}, gradients over {link}, matmuls at {efficiency} % of peak",
        "es": "{layout}, recomputación {recompute}, gradientes por {link}, matmuls al {efficiency} % del pico",
    },
    "chooser.reason.flag_consumer": {
        "en": "a consumer card, not built for clusters: no scale-up link between cards",
        "es": "una tarjeta de consumo, no pensada para clústeres: sin enlace de scale-up entre tarjetas",
    },
    "chooser.reason.flag_workstation": {
        "en": "a workstation card, not built for clusters: no scale-up link between cards",
        "es": "una tarjeta de estación de trabajo, no pensada para clústeres: sin enlace de scale-up entre tarjetas",
    },
    "chooser.reason.flag_inference": {
        "en": "an inference part: built to serve models, not to train them",
        "es": "un chip de inferencia: hecho para servir modelos, no para entrenarlos",
    },
    "chooser.reason.deadline_met": {"en": "meets the {deadline} deadline", "es": "cumple el plazo de {deadline}"},
    "chooser.reason.deadline_missed": {"en": "misses the {deadline} deadline", "es": "no cumple el plazo de {deadline}"},
    "chooser.reason.cost": {"en": "{cost} at {price}", "es": "{cost} a {price}"},
    "chooser.reason.train_memory": {
        "en": "{needed} of {capacity} per accelerator with ZeRO-{stage}: {verdict}",
        "es": "{needed} de {capacity} por acelerador con ZeRO-{stage}: {verdict}",
    },
    "chooser.reason.serve_no_fit": {
        "en": "weights ({weights}) plus one sequence's KV cache ({kv}) exceed {capacity}",
        "es": "los pesos ({weights}) más la caché KV de una secuencia ({kv}) superan {capacity}",
    },
    "chooser.reason.serve_too_slow": {
        "en": "one token takes at least {floor}, over the {target} target",
        "es": "un token tarda al menos {floor}, por encima del objetivo de {target}",
    },
    "chooser.reason.serve_batch": {
        "en": "batch {batch} (limited by {limit}), {step} per token, {rate} tokens/s per accelerator, {count} for {target} tokens/s",
        "es": "batch {batch} (limitado por {limit}), {step} por token, {rate} tokens/s por acelerador, {count} para {target} tokens/s",
    },
    "chooser.reason.per_million": {"en": "{cost} per million tokens at {price}", "es": "{cost} por millón de tokens a {price}"},
    "chooser.reason.rag_no_fit": {
        "en": "weights ({weights}) plus one context's KV cache ({kv}) exceed {capacity}",
        "es": "los pesos ({weights}) más la caché KV de un contexto ({kv}) superan {capacity}",
    },
    "chooser.reason.rag": {
        "en": "{prefill} of compute-bound prefill, then {tokens} tokens at {step} each (batch {batch} by memory, bandwidth-bound): {latency} per query, {qps} queries/s per accelerator, {count} for {target}/s",
        "es": "{prefill} de prefill limitado por cómputo, luego {tokens} tokens a {step} cada uno (batch {batch} por memoria, limitado por ancho de banda): {latency} por consulta, {qps} consultas/s por acelerador, {count} para {target}/s",
    },
    "chooser.reason.per_thousand": {"en": "{cost} per thousand queries at {price}", "es": "{cost} por mil consultas a {price}"},
    "chooser.reason.no_price": {
        "en": "price unknown (no price in the data), ranked by time",
        "es": "precio desconocido (no hay precio en los datos), ordenado por tiempo",
    },
    "chooser.short.no_price": {"en": "no price in the data", "es": "sin precio en los datos"},
    "chooser.short.limited_by": {"en": "batch limited by {limit}", "es": "batch limitado por {limit}"},
    "chooser.short.rag": {"en": "{prefill} of prefill, batch {batch} by memory", "es": "{prefill} de prefill, batch {batch} por memoria"},
    "chooser.note.unpriced": {
        "en": "No price in the data for {count} of the accelerators: they rank after the priced ones, by time, and their cost shows as —.",
        "es": "Sin precio en los datos para {count} de los aceleradores: van tras los que tienen precio, por tiempo, y su coste aparece como —.",
    },
    "chooser.col.seconds": {"en": "Time", "es": "Tiempo"},
    "chooser.col.cost_usd": {"en": "Cost", "es": "Coste"},
    "chooser.col.capacity_bytes": {"en": "Memory", "es": "Memoria"},
    "chooser.col.fits": {"en": "Fits", "es": "Cabe"},
    "chooser.col.meets_deadline": {"en": "On time", "es": "En plazo"},
    "chooser.col.batch": {"en": "Batch", "es": "Batch"},
    "chooser.col.tokens_per_second": {"en": "Tokens/s per accelerator", "es": "Tokens/s por acelerador"},
    "chooser.col.accelerators": {"en": "Accelerators needed", "es": "Aceleradores necesarios"},
    "chooser.col.usd_per_million_tokens": {"en": "Cost per million tokens", "es": "Coste por millón de tokens"},
    "chooser.col.meets_latency": {"en": "Meets latency", "es": "Cumple latencia"},
    "chooser.col.latency_seconds": {"en": "Latency per query", "es": "Latencia por consulta"},
    "chooser.col.queries_per_second": {"en": "Queries/s per accelerator", "es": "Consultas/s por acelerador"},
    "chooser.col.usd_per_thousand_queries": {"en": "Cost per thousand queries", "es": "Coste por mil consultas"},
    "table.yes": {"en": "✓ yes", "es": "✓ sí"},
    "table.no": {"en": "✗ no", "es": "✗ no"},
    "error.data": {"en": "{detail}", "es": "{detail}"},
    "cli.none": {"en": "—", "es": "—"},
    # -- parallelism planner (insert its entries here) ----------------------------------------------------
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
    "field.virtual_stages": {
        "en": "Model chunks per pipeline rank (interleaving)",
        "es": "Trozos del modelo por proceso del pipeline (intercalado)",
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
        "en": "DeepSeek-V3: 2,048 H800, PP 16 · EP 64, FP8",
        "es": "DeepSeek-V3: 2048 H800, PP 16 · EP 64, FP8",
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
        "en": "Matmuls of one layer, forward, at the best matmul's share of peak and the shapes' wave efficiency",
        "es": "Matmuls de una capa, hacia delante, a la fracción del pico del mejor matmul y con la eficiencia de oleada de sus formas",
    },
    "planner.step.layer_matmul_moe": {
        "en": "Matmuls of one MoE layer (attention and the active experts), forward",
        "es": "Matmuls de una capa MoE (atención y expertos activos), hacia delante",
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
    "planner.step.bubble_fraction": {"en": "Pipeline bubble (Narayanan et al. 2021)", "es": "Burbuja del pipeline (Narayanan et al. 2021)"},
    "planner.step.bubble": {"en": "Bubble time per step", "es": "Tiempo de burbuja por paso"},
    "planner.step.dp_allreduce": {
        "en": "Gradient AllReduce (ReduceScatter + AllGather) of the data-parallel group, {link}",
        "es": "AllReduce de gradientes (ReduceScatter + AllGather) del grupo de paralelismo de datos, {link}",
    },
    "planner.step.dp_exposed_1": {
        "en": "Gradient sync not hidden under one micro-batch's compute",
        "es": "Sincronización de gradientes que no se oculta bajo el cómputo de un micro-batch",
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
    "planner.note.efficiency_typical": {
        "en": "Matmul efficiency: no measurement for this chip and format, so the edition's typical {efficiency} of peak.",
        "es": "Eficiencia de los matmuls: no hay medida para este chip y este formato, así que se usa la típica de la edición, {efficiency} del pico.",
    },
    "planner.note.no_vocab": {
        "en": "Output logits not counted: give the vocabulary (--vocab) to add them.",
        "es": "Logits de salida sin contar: indica el vocabulario (--vocab) para añadirlos.",
    },
    "planner.note.no_dp": {
        "en": "No data parallelism (DP × CP = 1): no gradient sync, so no critical batch.",
        "es": "Sin paralelismo de datos (DP × CP = 1): no hay sincronización de gradientes ni batch crítico.",
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
        "en": "{field}: interleaving needs pipeline parallelism and at most {subject} layers in all chunks; got {got}.",
        "es": "{field}: el intercalado necesita paralelismo de pipeline y como mucho {subject} capas en todos los trozos; se recibió {got}.",
    },
    "error.layout.dense": {
        "en": "{field}: expert parallelism needs a mixture-of-experts model; got {got}.",
        "es": "{field}: el paralelismo de expertos necesita un modelo de mezcla de expertos; se recibió {got}.",
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
    # -- goodput (insert its entries here) -------------------------------------------------------------------
    "goodput.title": {"en": "Goodput: failures, checkpoints, restarts", "es": "Goodput: fallos, checkpoints, reinicios"},
    "goodput.field.count": {"en": "Accelerators in the job", "es": "Aceleradores del trabajo"},
    "field.mtbf_hours": {
        "en": "Mean time between interruptions, per accelerator",
        "es": "Tiempo medio entre interrupciones, por acelerador",
    },
    "field.system_mtbf_hours": {
        "en": "Mean time between interruptions of the whole job (replaces the above)",
        "es": "Tiempo medio entre interrupciones del trabajo completo (sustituye al anterior)",
    },
    "field.checkpoint_seconds": {"en": "Time to write a checkpoint", "es": "Tiempo de escritura de un checkpoint"},
    "field.restart_seconds": {
        "en": "Time to restart after a failure",
        "es": "Tiempo de reinicio tras un fallo",
    },
    "goodput.out.system_mtbf_seconds": {"en": "Job's time between interruptions", "es": "Tiempo entre interrupciones del trabajo"},
    "goodput.out.checkpoint_interval_seconds": {"en": "Best checkpoint interval", "es": "Intervalo óptimo entre checkpoints"},
    "goodput.out.lost_fraction": {"en": "Time lost", "es": "Tiempo perdido"},
    "goodput.out.goodput": {"en": "Goodput", "es": "Goodput"},
    "goodput.step.system_mtbf": {
        "en": "Any accelerator stops the job: its time between interruptions",
        "es": "Cualquier acelerador detiene el trabajo: su tiempo entre interrupciones",
    },
    "goodput.step.interval": {
        "en": "Checkpoint interval that loses the least (Young 1974)",
        "es": "Intervalo entre checkpoints que menos pierde (Young 1974)",
    },
    "goodput.step.lost": {
        "en": "Lost: checkpoint writes, half an interval and a restart per failure",
        "es": "Perdido: escrituras de checkpoint, medio intervalo y un reinicio por fallo",
    },
    "goodput.step.goodput": {"en": "Goodput", "es": "Goodput"},
    "goodput.note.default_mtbf": {
        "en": "Failure rate from Llama 3 405B's pre-training: 466 interruptions in 54 days on 16,384 GPUs (Llama Team 2024, §3.3.4).",
        "es": "Tasa de fallos del preentrenamiento de Llama 3 405B: 466 interrupciones en 54 días con 16 384 GPU (Llama Team 2024, §3.3.4).",
    },
    "goodput.note.system_given": {
        "en": "The job's own time between interruptions is given: the per-accelerator figure is not used.",
        "es": "Has indicado el tiempo entre interrupciones del propio trabajo: no se usa la cifra por acelerador.",
    },
    "field.goodput": {"en": "Goodput (0–1; default: no losses)", "es": "Goodput (0–1; por defecto: sin pérdidas)"},
    "training.step.goodput": {
        "en": "Wall-clock time with goodput (failures, checkpoints, restarts)",
        "es": "Tiempo de reloj con goodput (fallos, checkpoints, reinicios)",
    },
    # -- serving and speculative decoding (insert their entries here) -------------------------------------
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
    "serving.out.slo_batch": {"en": "Largest batch that meets the target", "es": "Batch máximo que cumple el objetivo"},
    "serving.out.slo_cost_per_million_output_tokens": {
        "en": "Cost per million output tokens at the target",
        "es": "Coste por millón de tokens de salida con el objetivo",
    },
    "serving.preset.curve-h100": {
        "en": "Llama 3 8B on one H100: the curve and a 20 ms target",
        "es": "Llama 3 8B en una H100: la curva y un objetivo de 20 ms",
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
    "serving.step.decode_step": {"en": "One decode step of the batch", "es": "Un paso de decodificación del batch"},
    "serving.step.mixed_compute": {
        "en": "Compute of one step under chunked prefill: its decodes and the prompts of the B/O requests joining",
        "es": "Cómputo de un paso con prefill por trozos: sus decodificaciones y los prompts de las B/O solicitudes que se incorporan",
    },
    "serving.step.mixed_step": {
        "en": "One step (TPOT): the weights and KV cache read once for both kinds of work",
        "es": "Un paso (TPOT): los pesos y la caché KV se leen una sola vez para los dos tipos de trabajo",
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
    "serving.step.decode_memory": {
        "en": "Decode step, memory time (weights + the batch's KV cache)",
        "es": "Paso de decodificación, tiempo de memoria (pesos + caché KV del batch)",
    },
    "serving.step.decode_compute": {
        "en": "Decode step, compute time (weights + attention)",
        "es": "Paso de decodificación, tiempo de cómputo (pesos + atención)",
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
    "serving.note.weights_do_not_fit": {
        "en": "The weights alone do not fit in the memory the server may fill: add accelerators (tensor parallelism) or quantize.",
        "es": "Los pesos solos no caben en la memoria que el servidor puede ocupar: añade aceleradores (paralelismo de tensor) o cuantiza.",
    },
    "serving.note.over_memory": {
        "en": "A batch of {batch} does not fit: the KV caches of at most {limit} sequences fit beside the weights.",
        "es": "Un batch de {batch} no cabe: junto a los pesos caben las cachés KV de {limit} secuencias como máximo.",
    },
    "serving.note.no_price": {
        "en": "No cost per token: the edition has no price for this chip; give a price per accelerator-hour to add it.",
        "es": "Sin coste por token: la edición no tiene precio para este chip; indica un precio por acelerador-hora para añadirlo.",
    },
    "serving.note.no_slo": {
        "en": "Give a time-per-output-token target to pick the cheapest batch that meets it.",
        "es": "Indica un objetivo de tiempo por token de salida para elegir el batch más barato que lo cumple.",
    },
    "serving.note.slo_unmet": {
        "en": "No batch meets the {target} ms target: even one sequence takes longer per token.",
        "es": "Ningún batch cumple el objetivo de {target} ms: incluso una sola secuencia tarda más por token.",
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
    # -- power: chips to racks and facility (insert its entries here) --------------------------------------
    "power.title": {"en": "Power: chips, racks and the facility", "es": "Potencia: chips, racks e instalación"},
    "power.field.tdp": {"en": "TDP per accelerator (custom chip)", "es": "TDP por acelerador (chip personalizado)"},
    "power.field.system": {"en": "System the chips sit in", "es": "Sistema en el que van los chips"},
    "option.system.auto": {
        "en": "Auto: the chip's own system, else the reference node (DGX H100)",
        "es": "Automático: el sistema del propio chip o, si no hay, el nodo de referencia (DGX H100)",
    },
    "power.field.overhead": {
        "en": "System power over accelerator TDP (replaces the system's ratio)",
        "es": "Potencia del sistema dividida entre el TDP de los aceleradores (sustituye la razón del sistema)",
    },
    "power.field.per_rack": {"en": "Accelerators per rack", "es": "Aceleradores por rack"},
    "power.field.rack_limit_kw": {"en": "Power limit per rack", "es": "Límite de potencia por rack"},
    "power.field.air_limit_kw": {"en": "Air-cooled rack limit", "es": "Límite de un rack refrigerado por aire"},
    "power.field.load": {
        "en": "Average power over maximum (0–1, for the energy)",
        "es": "Potencia media como fracción de la máxima (0–1, para la energía)",
    },
    "power.field.site_mw": {"en": "Site power budget (at the meter)", "es": "Potencia disponible del emplazamiento (en el contador)"},
    "power.out.facility_power_w": {"en": "Facility power", "es": "Potencia de la instalación"},
    "power.out.it_power_w": {"en": "IT power", "es": "Potencia de TI"},
    "power.out.racks": {"en": "Racks", "es": "Racks"},
    "power.out.rack_power_w": {"en": "Power per rack", "es": "Potencia por rack"},
    "power.out.cooling": {"en": "Rack cooling", "es": "Refrigeración del rack"},
    "power.out.energy_j_per_year": {"en": "Energy per year", "es": "Energía al año"},
    "power.out.electricity_cost_usd_per_year": {"en": "Electricity per year", "es": "Electricidad al año"},
    "power.out.site_accelerators": {"en": "Accelerators the site can power", "es": "Aceleradores que el emplazamiento puede alimentar"},
    "power.out.watts_per_accelerator": {"en": "All-in power per accelerator", "es": "Potencia total por acelerador"},
    "power.out.system_power_w": {"en": "Power per system", "es": "Potencia por sistema"},
    "power.out.overhead": {"en": "System power over TDP", "es": "Razón entre la potencia del sistema y el TDP"},
    "power.out.air_cooled_limit_w": {"en": "Air-cooled rack limit", "es": "Límite de un rack refrigerado por aire"},
    "power.preset.dgx-h100-1024": {"en": "1024 H100 in DGX H100 nodes", "es": "1024 H100 en nodos DGX H100"},
    "power.preset.nvl72-1024": {"en": "1024 GB200 in NVL72 racks", "es": "1024 GB200 en racks NVL72"},
    "power.preset.h100-16k": {"en": "16,384 H100 (Llama 3 405B's cluster)", "es": "16 384 H100 (el clúster de Llama 3 405B)"},
    "power.step.overhead": {
        "en": "{system}: system power over its accelerators' TDP",
        "es": "{system}: potencia del sistema dividida entre el TDP de sus aceleradores",
    },
    "power.step.watts_per_accelerator": {
        "en": "All-in power per accelerator: {chip}",
        "es": "Potencia total por acelerador: {chip}",
    },
    "power.step.system_power": {"en": "Power per system, packed as {system}", "es": "Potencia por sistema, montado como {system}"},
    "power.step.systems": {"en": "Systems (rounded up)", "es": "Sistemas (redondeando hacia arriba)"},
    "power.step.published_density": {
        "en": "Accelerators per rack: {system}, as many per rack as its source lays out",
        "es": "Aceleradores por rack: {system}, tantos por rack como indica su fuente",
    },
    "power.step.systems_under_limit": {
        "en": "{system} systems the rack's power limit admits (whole ones count)",
        "es": "Sistemas {system} que admite el límite de potencia del rack (cuentan los enteros)",
    },
    "power.step.packed_density": {
        "en": "Accelerators per rack (whole systems under the limit)",
        "es": "Aceleradores por rack (sistemas enteros bajo el límite)",
    },
    "power.step.capped_density": {
        "en": "Accelerators per rack, capped by the rack's power limit",
        "es": "Aceleradores por rack, limitados por la potencia del rack",
    },
    "power.step.rack_power": {"en": "Power per rack", "es": "Potencia por rack"},
    "power.step.racks": {"en": "Racks (rounded up)", "es": "Racks (redondeando hacia arriba)"},
    "power.step.rack_over_air_limit": {
        "en": "Rack power over the air-cooled limit (above 1: liquid cooling)",
        "es": "Potencia del rack dividida entre el límite del aire (por encima de 1: refrigeración líquida)",
    },
    "power.step.it_power": {"en": "IT power", "es": "Potencia de TI"},
    "power.step.facility_power": {"en": "Facility power", "es": "Potencia de la instalación"},
    "power.step.energy": {"en": "Energy per year", "es": "Energía al año"},
    "power.step.electricity_cost": {"en": "Electricity per year", "es": "Electricidad al año"},
    "power.step.site_accelerators": {
        "en": "Accelerators the site's power can feed (rounded down)",
        "es": "Aceleradores que puede alimentar la potencia del emplazamiento (redondeando hacia abajo)",
    },
    "power.note.borrowed": {
        "en": "{chip} has no system with a stated power in the data: its system power over TDP is {system}'s, and so is its packing.",
        "es": "{chip} no tiene en los datos ningún sistema con potencia declarada: toma del {system} la razón entre la potencia del sistema y el TDP, y también el montaje.",
    },
    "power.note.no_rack_density": {
        "en": "No racks: the data gives no rack density for {system}; give accelerators per rack or a rack power limit to add them.",
        "es": "Sin racks: los datos no dan densidad por rack para {system}; indica aceleradores por rack o un límite de potencia por rack para añadirlos.",
    },
    "power.note.packed": {
        "en": "The data gives no rack density for {system}: racks hold as many whole systems as fit under the air-cooled limit.",
        "es": "Los datos no dan densidad por rack para {system}: cada rack lleva tantos sistemas enteros como caben bajo el límite del aire.",
    },
    "power.note.over_limit": {
        "en": "No racks: one {system} draws more than the rack's power limit.",
        "es": "Sin racks: un solo {system} consume más que el límite de potencia del rack.",
    },
    "power.note.no_site": {
        "en": "No site count: give a site power budget (MW at the meter) to see how many accelerators it can power.",
        "es": "Sin recuento para el emplazamiento: indica su potencia disponible (MW en el contador) para ver cuántos aceleradores puede alimentar.",
    },
    "figure.system_power": {"en": "stated system power", "es": "potencia del sistema declarada"},
    "word.air": {"en": "air", "es": "aire"},
    "word.liquid": {"en": "liquid", "es": "líquida"},
    "word.hybrid": {"en": "hybrid (liquid and air)", "es": "híbrida (líquido y aire)"},
}
# fmt: on


def t(key: str, lang: str = "en", /, **fields: object) -> str:
    """The catalog's text `key` in `lang`, its placeholders filled from `fields`."""
    return translate(CATALOG, key, lang, **fields)


@dataclass(frozen=True)
class Text:
    """Text to word later, in the reader's language: a catalog id and its fields.

    A field that is a Text is worded in the same language; a float is written the language's way.
    """

    key: str
    fields: dict[str, object] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        return t(self.key, lang, **{k: _word(v, lang) for k, v in self.fields.items()})


@dataclass(frozen=True)
class Words:
    """A data text in both languages (a chip's name), for a Text field: worded when the Text is."""

    en: str
    es: str

    def render(self, lang: str = "en") -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class Joined:
    """Several message fields worded one after another: "A", "A and B", "A, B and C" (`join.and`)."""

    parts: tuple[object, ...]

    def render(self, lang: str = "en") -> str:
        words = [str(_word(part, lang)) for part in self.parts]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + t("join.and", lang) + words[-1]


def _word(value: object, lang: str) -> object:
    render = getattr(value, "render", None)
    if callable(render):  # a Text, Words, Joined or fmt.Quantity: worded in the same language
        return render(lang)
    if isinstance(value, float):
        return format_number(value, lang)
    return value


def text(key: str, /, **fields: object) -> Text:
    """Shorthand for Text(key, fields)."""
    return Text(key, fields)
