# The catalog's goodput entries.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- goodput -------------------------------------------------------------------
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
    "field.checkpoint_seconds": {
        "en": "Time the job stalls per checkpoint (empty: from the model, else 60 s)",
        "es": "Tiempo que el trabajo se detiene por checkpoint (en blanco: según el modelo, o 60 s)",
    },
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
    "goodput.step.interval_write": {
        "en": "No shorter than the write in flight: one checkpoint at a time",
        "es": "No más corto que la escritura en curso: un checkpoint cada vez",
    },
    "goodput.step.lost_async": {
        "en": "Lost: copies to host, half an interval, the write in flight and a restart per failure",
        "es": "Perdido: copias a la memoria del host, medio intervalo, la escritura en curso y un reinicio por fallo",
    },
    "goodput.step.bytes_per_param": {
        "en": "Bytes per parameter a checkpoint saves: weights and optimizer states, no gradients",
        "es": "Bytes por parámetro que guarda un checkpoint: pesos y estados del optimizador, sin gradientes",
    },
    "goodput.step.checkpoint_bytes": {"en": "Checkpoint size", "es": "Tamaño del checkpoint"},
    "goodput.step.write": {
        "en": "Write time at the storage system's aggregate bandwidth",
        "es": "Tiempo de escritura al ancho de banda agregado del almacenamiento",
    },
    "goodput.step.stall_sync": {
        "en": "Synchronous: the job stalls for the whole write",
        "es": "Síncrono: el trabajo se detiene durante toda la escritura",
    },
    "goodput.step.stall_async": {
        "en": "Asynchronous: the job stalls only while each GPU copies its share to host memory",
        "es": "Asíncrono: el trabajo solo se detiene mientras cada GPU copia su parte a la memoria del host",
    },
    "goodput.note.checkpoint_given": {
        "en": "The checkpoint time is given: the model's checkpoint size and write time are shown but not used.",
        "es": "Has indicado el tiempo de checkpoint: se muestran el tamaño y el tiempo de escritura del checkpoint del modelo, pero no se usan.",
    },
    "goodput.field.model": {"en": "Model (sizes the checkpoint)", "es": "Modelo (da el tamaño del checkpoint)"},
    "goodput.field.params": {"en": "Parameters (sizes the checkpoint)", "es": "Parámetros (dan el tamaño del checkpoint)"},
    "field.checkpoint_mode": {"en": "Checkpointing", "es": "Checkpoints"},
    "option.checkpoint_mode.sync": {"en": "Synchronous", "es": "Síncronos"},
    "option.checkpoint_mode.async": {"en": "Asynchronous", "es": "Asíncronos"},
    "field.storage_tbytes_s": {
        "en": "Storage write bandwidth, all GPUs together",
        "es": "Ancho de banda de escritura del almacenamiento, todas las GPU juntas",
    },
    "field.host_gbytes_s": {
        "en": "Copy bandwidth to host memory, per GPU",
        "es": "Ancho de banda de copia a la memoria del host, por GPU",
    },
    "goodput.out.checkpoint_seconds": {"en": "Checkpoint stall", "es": "Parada por checkpoint"},
    "goodput.out.checkpoint_bytes": {"en": "Checkpoint size", "es": "Tamaño del checkpoint"},
    "goodput.out.checkpoint_bytes_per_accelerator": {"en": "Checkpoint share per GPU", "es": "Parte del checkpoint por GPU"},
    "goodput.out.checkpoint_write_seconds": {"en": "Checkpoint write time", "es": "Tiempo de escritura del checkpoint"},
    "goodput.preset.llama-3-405b-sync": {
        "en": "Llama 3 405B, synchronous checkpoints",
        "es": "Llama 3 405B, checkpoints síncronos",
    },
    "goodput.preset.llama-3-405b-async": {
        "en": "Llama 3 405B, asynchronous checkpoints",
        "es": "Llama 3 405B, checkpoints asíncronos",
    },
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
}
# fmt: on
