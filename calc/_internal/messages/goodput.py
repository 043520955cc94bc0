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
}
# fmt: on
