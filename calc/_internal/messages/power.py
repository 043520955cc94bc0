# The catalog's power entries: chips to racks and facility.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- power: chips to racks and facility --------------------------------------
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
        "es": "Sin racks: los datos no dan densidad por rack para {system}; escribe los aceleradores por rack o un límite de potencia por rack y se calculan.",
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
        "es": "Sin recuento para el emplazamiento: escribe su potencia disponible (MW en el contador) para ver cuántos aceleradores puede alimentar.",
    },
    "figure.system_power": {"en": "stated system power", "es": "potencia del sistema declarada"},
    "word.air": {"en": "air", "es": "aire"},
    "word.liquid": {"en": "liquid", "es": "líquida"},
    "word.hybrid": {"en": "hybrid (liquid and air)", "es": "híbrida (líquido y aire)"},
}
# fmt: on
