# The catalog's TCO entries: owning against renting accelerators.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
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
        "es": "Sin coste por millón de tokens: escribe los tokens/s que sirve un acelerador y se calculan los dos precios.",
    },
}
# fmt: on
