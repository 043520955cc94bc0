# The catalog's collectives entries: the ring and all-to-all calculators and the words for one collective on its links.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
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
}
# fmt: on
