# The catalog's general entries: errors and what an input accepts, units as words and money, categorical
# results, chips in derivation labels, and the basis (measured figures or datasheet peaks).
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- errors (errors.CalcError.message) ----------------------------------------------------------
    "error.not_number": {
        "en": "{field}: {got} is not a number (write e.g. 70B, 1T, 3.35e12).",
        "es": "{field}: {got} no es un número (escribe p. ej. 70B, 1T, 3,35e12).",
    },
    "error.bad_suffix": {
        "en": "{field}: {detail} in {got} is not a suffix; use k, M, B/G, T or P for powers of 1000 "
        "or Ki, Mi, Gi or Ti for powers of 1024 (128k = 128,000, 128Ki = 131,072).",
        "es": "{field}: {detail} en {got} no es un sufijo; usa k, M, B/G, T o P para potencias de 1000 "
        "o Ki, Mi, Gi o Ti para potencias de 1024 (128k = 128 000, 128Ki = 131 072).",
    },
    "error.ambiguous_mark": {
        "en": "{field}: {got} reads two ways; here the comma is the decimal mark and a point groups thousands: "
        "write e.g. 1500, 1.500, 1,5 or 1,5k.",
        "es": "{field}: {got} se puede leer de dos maneras; aquí la coma es la marca decimal y el punto separa "
        "los miles: escribe p. ej. 1500, 1.500, 1,5 o 1,5k.",
    },
    "error.out_of_range": {
        "en": "{field} must be {accepted}; got {got}.",
        "es": "{field} debe ser {accepted}; se recibió {got}.",
    },
    "error.missing": {
        "en": "{field} is required: give {accepted}.",
        "es": "Falta el valor de {field}: escribe {accepted}.",
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
    # -- an optional field left empty, where its value depends on the others (fields.EMPTY_DEFAULTS) -------
    "empty.price": {
        "en": "{field}: left empty, so ${value0}, the edition's typical price for this accelerator.",
        "es": "{field}: en blanco, así que se usa {value0} USD, el precio típico de la edición para este acelerador.",
    },
    "empty.dp": {
        "en": "{field}: left empty, so {value0}, the accelerators divided by TP × PP × CP.",
        "es": "{field}: en blanco, así que se usa {value0}, los aceleradores divididos entre TP × PP × CP.",
    },
    "empty.efficiency": {
        "en": "{field}: left empty, so {value0} of the memory bandwidth and {value1} of the FLOP/s, as the basis gives them.",
        "es": "{field}: en blanco, así que se usa {value0} del ancho de banda de memoria y {value1} de los FLOP/s, según la base.",
    },
    "empty.none": {"en": "none", "es": "ninguno"},
    "accepted.number": {"en": "a number", "es": "un número"},
    "accepted.whole_number": {"en": "a whole number", "es": "un número entero"},
    "accepted.and": {"en": " and ", "es": " y "},
    "accepted.si_number": {
        "en": "a number, optionally with a suffix k, M, B/G, T or P (powers of 1000) or Ki, Mi, Gi or Ti (of 1024)",
        "es": "un número, con sufijo opcional k, M, B/G, T o P (potencias de 1000) o Ki, Mi, Gi o Ti (de 1024)",
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
    # -- large counts (fmt.format_count): Spanish counts in millions, where B would read as bytes ----------
    "count.T": {"en": "{n}T", "es": "{n} billones"},
    "count.B": {"en": "{n}B", "es": "{n} mil millones"},
    "count.M": {"en": "{n}M", "es": "{n} millones"},
    "count.T.one": {"en": "{n}T", "es": "{n} billón"},
    "count.B.one": {"en": "{n}B", "es": "{n} millardo"},
    "count.M.one": {"en": "{n}M", "es": "{n} millón"},
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
}
# fmt: on
