# The catalog's drill entries: the fluencies, each problem kind's question, the choices and the answer field.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- drill: the five fluencies ------------------------------------------------
    "drill.fluency.landscape": {"en": "Accelerators", "es": "Aceleradores"},
    "drill.fluency.roofline": {"en": "Roofline", "es": "Roofline"},
    "drill.fluency.interconnect": {"en": "Interconnects", "es": "Interconexiones"},
    "drill.fluency.cost": {"en": "Cost of a run", "es": "Coste de un entrenamiento"},
    "drill.fluency.choosing": {"en": "Choosing", "es": "Elegir"},
    "drill.field.answer": {"en": "Your answer", "es": "Tu respuesta"},
    "drill.choice.true": {"en": "true", "es": "verdadero"},
    "drill.choice.false": {"en": "false", "es": "falso"},
    "drill.cli.answer": {"en": "Answer", "es": "Respuesta"},
    "drill.cli.section": {"en": "Read", "es": "Lee"},
    "drill.rank.cost": {"en": "the lowest cost", "es": "el menor coste"},
    "drill.rank.time": {"en": "the shortest time", "es": "el menor tiempo"},
    # -- drill: the page ------------------------------------------------------------
    "drill.ui.settings": {"en": "Round settings", "es": "Ajustes de la ronda"},
    "drill.ui.count": {"en": "Problems per round", "es": "Problemas por ronda"},
    "drill.ui.fluency": {"en": "Fluency", "es": "Fluidez"},
    "drill.ui.all": {"en": "All five, in turn", "es": "Las cinco, por turnos"},
    "drill.ui.timed": {"en": "Timed: {seconds} s per problem", "es": "Con tiempo: {seconds} s por problema"},
    "drill.ui.seed": {"en": "Round number (the same number gives the same problems)", "es": "Número de ronda (el mismo número da los mismos problemas)"},
    "drill.ui.start": {"en": "Start this round", "es": "Empezar esta ronda"},
    "drill.ui.new": {"en": "New round", "es": "Nueva ronda"},
    "drill.ui.progress": {"en": "Problem {n} of {total}", "es": "Problema {n} de {total}"},
    "drill.ui.check": {"en": "Check", "es": "Comprobar"},
    "drill.ui.next": {"en": "Next problem", "es": "Siguiente problema"},
    "drill.ui.finish": {"en": "See the score", "es": "Ver la puntuación"},
    "drill.ui.score": {"en": "Score: {score}", "es": "Puntuación: {score}"},
    "drill.ui.exact": {"en": "Exact answer: {answer}", "es": "Respuesta exacta: {answer}"},
    "drill.ui.tolerance": {"en": "Full marks within a factor of {factor}.", "es": "Puntuación completa dentro de un factor {factor}."},
    "drill.ui.derivation": {"en": "How calc gets it", "es": "Cómo lo obtiene calc"},
    "drill.ui.section": {"en": "Read the section that teaches it", "es": "Lee la sección que lo explica"},
    "drill.ui.time_left": {"en": "{seconds} s left", "es": "Quedan {seconds} s"},
    "drill.ui.time_up": {"en": "Time is up.", "es": "Se acabó el tiempo."},
    "drill.ui.untimed": {"en": "Untimed", "es": "Sin tiempo"},
    "drill.ui.waiting": {"en": "Scoring as soon as the runtime is ready…", "es": "Se puntúa en cuanto el entorno esté listo…"},
    "drill.ui.loading": {"en": "Preparing the round…", "es": "Preparando la ronda…"},
    "drill.ui.failed": {
        "en": "The runtime could not start: reload the page to try again.",
        "es": "El entorno no pudo arrancar: recarga la página para intentarlo de nuevo.",
    },
    "drill.ui.summary": {"en": "Score per fluency", "es": "Puntuación por fluidez"},
    "drill.ui.total": {"en": "Total", "es": "Total"},
    "drill.ui.revisit": {"en": "Problems to revisit", "es": "Problemas para repasar"},
    "drill.ui.none_to_revisit": {"en": "None: every answer was within its factor.", "es": "Ninguno: todas las respuestas quedaron dentro de su factor."},
    "drill.ui.copy_result": {"en": "Copy the result", "es": "Copiar el resultado"},
    "drill.ui.copy_link": {"en": "Copy the link to this round", "es": "Copiar el enlace a esta ronda"},
    "drill.ui.copied": {"en": "Copied.", "es": "Copiado."},
    "drill.ui.result_line": {"en": "X4 drill, round {seed}: {score} of {total}", "es": "Ejercicios de X4, ronda {seed}: {score} de {total}"},
    "drill.ui.schedule": {"en": "Your schedule (kept in this browser only)", "es": "Tu calendario (guardado solo en este navegador)"},
    "drill.ui.box": {"en": "Box {box}", "es": "Caja {box}"},
    "drill.ui.kinds_seen": {"en": "Kinds practised", "es": "Tipos practicados"},
    "drill.ui.due": {"en": "Due now", "es": "Pendientes ahora"},
    "drill.ui.review": {"en": "Practise the kinds that are due", "es": "Practicar los tipos pendientes"},
    "drill.ui.forget": {"en": "Forget my progress", "es": "Olvidar mi progreso"},
    "drill.ui.forgotten": {"en": "Progress forgotten.", "es": "Progreso olvidado."},
    # -- drill: the questions, one per problem kind --------------------------------
    "drill.q.landscape.peak": {
        "en": "What is the dense BF16 peak of one {chip}, in {unit}?",
        "es": "¿Cuál es el pico denso en BF16 de una {chip}, en {unit}?",
    },
    "drill.q.landscape.bandwidth": {
        "en": "What is the memory bandwidth of one {chip}, in {unit}?",
        "es": "¿Cuál es el ancho de banda de memoria de una {chip}, en {unit}?",
    },
    "drill.q.landscape.capacity": {
        "en": "How much memory does one {chip} have, in {unit}?",
        "es": "¿Cuánta memoria tiene una {chip}, en {unit}?",
    },
    "drill.q.landscape.weights": {
        "en": "How much memory do the BF16 weights of {model} take, in {unit}?",
        "es": "¿Cuánta memoria ocupan los pesos en BF16 de {model}, en {unit}?",
    },
    "drill.q.landscape.faster": {
        "en": "True or false: one {chip} has a higher dense BF16 peak than one {other}.",
        "es": "¿Verdadero o falso? Una {chip} tiene un pico denso en BF16 mayor que una {other}.",
    },
    "drill.q.landscape.sparse": {
        "en": "True or false: the {sparse} BF16 headline of the {chip} is what a dense matmul can reach.",
        "es": "¿Verdadero o falso? La cifra destacada de {sparse} en BF16 de la {chip} es lo que alcanza un matmul denso.",
    },
    "drill.q.roofline.ridge": {
        "en": "What is the BF16 ridge point of the {chip}, its dense peak over its memory bandwidth, in {unit}?",
        "es": "¿Cuál es el punto de cresta en BF16 de la {chip}, su pico denso entre su ancho de banda de memoria, en {unit}?",
    },
    "drill.q.roofline.bound": {
        "en": "A BF16 kernel of {intensity} FLOP/byte runs on the {chip}, on its peak roofs: is it compute- or memory-bound?",
        "es": "Un kernel en BF16 de {intensity} FLOP/byte se ejecuta en la {chip}, con sus techos pico: ¿está limitado por cómputo o por memoria?",
    },
    "drill.q.roofline.attainable": {
        "en": "What can a BF16 kernel of {intensity} FLOP/byte attain on the {chip}, on its peak roofs, in {unit}?",
        "es": "¿Cuánto alcanza un kernel en BF16 de {intensity} FLOP/byte en la {chip}, con sus techos pico, en {unit}?",
    },
    "drill.q.roofline.matmul": {
        "en": "What is the arithmetic intensity of a BF16 matmul of ({m} × {k}) by ({k} × {n}), in {unit}?",
        "es": "¿Cuál es la intensidad aritmética de un matmul en BF16 de ({m} × {k}) por ({k} × {n}), en {unit}?",
    },
    "drill.q.roofline.decode": {
        "en": "Batch-1 decoding of {model} in BF16 on 8 {chip} (tensor-parallel): how many tokens per second?",
        "es": "Decodificación con batch 1 de {model} en BF16 en 8 {chip} (paralelismo de tensor): ¿cuántos tokens por segundo?",
    },
    "drill.q.roofline.kv": {
        "en": "How big is the BF16 KV cache of {model} for {batch} sequences of {context} tokens, in {unit}?",
        "es": "¿Qué tamaño tiene la caché KV en BF16 de {model} para {batch} secuencias de {context} tokens, en {unit}?",
    },
    "drill.q.interconnect.allreduce": {
        "en": "How long does an AllReduce of a {size} buffer take across {count} {chip} over their scale-up link, in {unit}?",
        "es": "¿Cuánto tarda un AllReduce de un búfer de {size} entre {count} {chip} por su enlace de scale-up, en {unit}?",
    },
    "drill.q.interconnect.allgather": {
        "en": "How long does an AllGather of a {size} buffer take across {count} {chip} over their scale-up link, in {unit}?",
        "es": "¿Cuánto tarda un AllGather de un búfer de {size} entre {count} {chip} por su enlace de scale-up, en {unit}?",
    },
    "drill.q.interconnect.reducescatter": {
        "en": "How long does a ReduceScatter of a {size} buffer take across {count} {chip} over their scale-up link, in {unit}?",
        "es": "¿Cuánto tarda un ReduceScatter de un búfer de {size} entre {count} {chip} por su enlace de scale-up, en {unit}?",
    },
    "drill.q.interconnect.alltoall": {
        "en": "How long does an all-to-all of a {size} buffer take across {count} {chip} over their scale-up link, in {unit}?",
        "es": "¿Cuánto tarda un all-to-all de un búfer de {size} entre {count} {chip} por su enlace de scale-up, en {unit}?",
    },
    "drill.q.interconnect.gradient": {
        "en": "Training a {params} dense model on {count} {chip}, split just enough for its training state (16 bytes per parameter) to fit: how long does one step's AllReduce of each GPU's share of the gradients take, in {unit}?",
        "es": "Entrenando un modelo denso de {params} en {count} {chip}, dividido justo lo necesario para que su estado de entrenamiento (16 bytes por parámetro) quepa: ¿cuánto tarda en un paso el AllReduce de la parte de los gradientes de cada GPU, en {unit}?",
    },
    "drill.q.interconnect.link": {
        "en": "Which finishes an AllReduce of 1 GB across 8 chips over the scale-up link first: the {chip} or the {other}?",
        "es": "¿Cuál termina antes un AllReduce de 1 GB entre 8 chips por el enlace de scale-up: la {chip} o la {other}?",
    },
    "drill.q.cost.flops": {
        "en": "How many FLOPs does training a {params} dense model on {tokens} tokens take?",
        "es": "¿Cuántos FLOP hacen falta para entrenar un modelo denso de {params} con {tokens} tokens?",
    },
    "drill.q.cost.days": {
        "en": "A {params} dense model on {tokens} tokens, on {count} {chip} at {mfu} MFU: how many {unit}?",
        "es": "Un modelo denso de {params} con {tokens} tokens, en {count} {chip} con un MFU de {mfu}: ¿cuántos {unit}?",
    },
    "drill.q.cost.dollars": {
        "en": "A {params} dense model on {tokens} tokens, on {count} {chip} at {mfu} MFU: what does the rent cost, in {unit}, at the edition's price?",
        "es": "Un modelo denso de {params} con {tokens} tokens, en {count} {chip} con un MFU de {mfu}: ¿cuánto cuesta el alquiler, en {unit}, al precio de la edición?",
    },
    "drill.q.cost.megawatts": {
        "en": "{count} {chip} training at {mfu} MFU: how much power at the meter, in {unit}, with the edition's PUE?",
        "es": "{count} {chip} entrenando con un MFU de {mfu}: ¿cuánta potencia en el contador, en {unit}, con el PUE de la edición?",
    },
    "drill.q.cost.sixty": {
        "en": "The 60-second question, new numbers: a {params} dense model on {tokens} tokens, {count} {chip} at {mfu} MFU. How many {unit}?",
        "es": "La pregunta de 60 segundos, con otros números: un modelo denso de {params} con {tokens} tokens, {count} {chip} con un MFU de {mfu}. ¿Cuántos {unit}?",
    },
    "drill.q.cost.racks": {
        "en": "How many racks do {count} {chip} fill, packed in their own system?",
        "es": "¿Cuántos racks llenan {count} {chip}, montadas en su propio sistema?",
    },
    "drill.q.choosing.best": {
        "en": "Workload: {workload}. Which accelerator gives {rank}?",
        "es": "Carga de trabajo: {workload}. ¿Qué acelerador da {rank}?",
    },
    "drill.q.choosing.own": {
        "en": "An accelerator rents for {rent} or costs {capex} to buy, kept {years} years and busy {utilization} of the time: is owning or renting cheaper?",
        "es": "Un acelerador se alquila a {rent} o cuesta {capex} comprarlo, se usa {years} años y está ocupado una fracción {utilization} del tiempo: ¿sale más barato tenerlo en propiedad o alquilarlo?",
    },
    "drill.q.choosing.breakeven": {
        "en": "An accelerator rents for {rent} or costs {capex} to buy, kept {years} years: above what utilization (0–1) is owning cheaper?",
        "es": "Un acelerador se alquila a {rent} o cuesta {capex} comprarlo, y se usa {years} años: ¿a partir de qué utilización (0–1) sale más barato tenerlo en propiedad?",
    },
    "drill.q.choosing.cooling": {
        "en": "A rack of {chip} in its own system: air or liquid cooling?",
        "es": "Un rack de {chip} en su propio sistema: ¿refrigeración por aire o líquida?",
    },
    "drill.q.choosing.fits": {
        "en": "True or false: {model} in {format}, with an 8192-token KV cache, fits on one {chip}.",
        "es": "¿Verdadero o falso? {model} en {format}, con una caché KV de 8192 tokens, cabe en una {chip}.",
    },
    "drill.q.choosing.serve": {
        "en": "Serving {model} in BF16 on one {chip} at a batch of {batch}, the new prompts prefilled in chunks beside the decodes: is each step compute- or memory-bound?",
        "es": "Sirviendo {model} en BF16 en una {chip} con un batch de {batch}, con prefill por trozos de los prompts nuevos junto a las decodificaciones: ¿cada paso está limitado por cómputo o por memoria?",
    },
}
# fmt: on
