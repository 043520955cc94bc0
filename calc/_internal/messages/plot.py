# The catalog's chart entries (plot): axes, series and legends of the calculators' charts.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
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
        "en": "X4's speed over the measured (above 1: too fast; band: the tolerance)",
        "es": "Velocidad de X4 entre la medida (más de 1: demasiado rápido; franja: tolerancia)",
    },
    "plot.timeline.compute": {"en": "compute", "es": "cómputo"},
    "plot.timeline.tp": {"en": "tensor-parallel comm.", "es": "com. de tensor"},
    "plot.timeline.cp": {"en": "context-parallel comm.", "es": "com. de contexto"},
    "plot.timeline.ep": {"en": "expert all-to-all", "es": "all-to-all de expertos"},
    "plot.timeline.pp": {"en": "pipeline sends", "es": "envíos del pipeline"},
    "plot.timeline.dp": {"en": "exposed gradient sync", "es": "sincronización de gradientes expuesta"},
    "plot.timeline.bubble": {"en": "pipeline bubble", "es": "burbuja del pipeline"},
    "plot.timeline.optimizer": {"en": "optimizer step", "es": "paso del optimizador"},
}
# fmt: on
