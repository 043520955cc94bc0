# The tooling layer's reader-facing text (data check, edition new, data diff, the changelog page), in both languages.
from __future__ import annotations

from .._internal.i18n import translate

CATALOG: dict[str, dict[str, str]] = {
    # data check
    "check_valid": {"en": "data check: {folder} is valid", "es": "data check: {folder} es válido"},
    "check_invalid": {
        "en": "data check: {folder} is not valid; problems listed above: {count}",
        "es": "data check: {folder} no es válido; problemas indicados arriba: {count}",
    },
    "check_edition": {
        "en": "  edition        {name} ({edition}, current; last reviewed {reviewed})",
        "es": "  edición        {name} ({edition}, actual; última revisión {reviewed})",
    },
    "check_editions": {"en": "  editions       {count} ({ids})", "es": "  ediciones      {count} ({ids})"},
    "check_accelerators": {
        "en": "  accelerators   {count} ({in_edition} in the current edition; {known} values, {null} null with a reason)",
        "es": "  aceleradores   {count} ({in_edition} en la edición actual; {known} valores, {null} nulos con motivo)",
    },
    "check_models": {"en": "  models         {count}", "es": "  modelos        {count}"},
    "check_interconnects": {"en": "  interconnects  {count}", "es": "  interconexiones {count}"},
    "check_latencies": {"en": "  latencies      {count}", "es": "  latencias      {count}"},
    "check_prices": {"en": "  prices         {count} accelerators", "es": "  precios        {count} aceleradores"},
    "check_sources": {"en": "  sources        {count}", "es": "  fuentes        {count}"},
    "check_warnings": {
        "en": "  warnings       {count} (on stderr: sources to re-check)",
        "es": "  avisos         {count} (en stderr: fuentes que revisar)",
    },
    "problem": {"en": "data check: {message}", "es": "data check: {message}"},
    # one problem of a data file: {where} is "file [entry]", {value} the value as the file writes it, quoted
    "data_out_of_bounds": {
        "en": (
            "{where}: field '{field}': {value} is outside the plausible range for this edition, {low} to {high}; "
            "correct it, or add `outlier_reason:` beside the value saying why it is right"
        ),
        "es": (
            "{where}: campo '{field}': {value} está fuera del intervalo plausible para esta edición, de {low} a "
            "{high}; corrígelo, o añade `outlier_reason:` junto al valor explicando por qué es correcto"
        ),
    },
    "data_outlier_inside": {
        "en": "{where}: field '{field}': {value} is within the plausible range, {low} to {high}; remove its `outlier_reason`",
        "es": "{where}: campo '{field}': {value} está dentro del intervalo plausible, de {low} a {high}; quita su `outlier_reason`",
    },
    "data_not_positive": {
        "en": "{where}: field '{field}': {value} must be greater than zero",
        "es": "{where}: campo '{field}': {value} tiene que ser mayor que cero",
    },
    "data_negative": {
        "en": "{where}: field '{field}': {value} cannot be negative",
        "es": "{where}: campo '{field}': {value} no puede ser negativo",
    },
    "data_future_date": {
        "en": (
            "{where}: field '{field}': {date} is in the future (the latest date accepted today is {latest}); "
            "this date records something that has already happened"
        ),
        "es": (
            "{where}: campo '{field}': {date} está en el futuro (la última fecha que se acepta hoy es {latest}); "
            "esta fecha registra algo que ya ocurrió"
        ),
    },
    "data_bad_id": {
        "en": "{where}: field '{field}': {value} is not a kebab-case id; use lowercase letters, digits and hyphens, e.g. h100-sxm",
        "es": "{where}: campo '{field}': {value} no es un id en kebab-case; usa minúsculas, dígitos y guiones, p. ej. h100-sxm",
    },
    "data_bad_url": {
        "en": "{where}: field '{field}': {value} is not a web address; write it in full, starting with https://",
        "es": "{where}: campo '{field}': {value} no es una dirección web; escríbela completa, empezando por https://",
    },
    "data_bad_yaml": {
        "en": "{where}: field '{field}': not valid YAML at line {line}, column {column}: {problem}",
        "es": "{where}: campo '{field}': YAML no válido en la línea {line}, columna {column}: {problem}",
    },
    "data_not_text": {
        "en": "{where}: field '(file)': not UTF-8 text",
        "es": "{where}: campo '(file)': no es texto UTF-8",
    },
    "warning": {"en": "warning: {message}", "es": "aviso: {message}"},
    # data/i18n/es.yaml against the texts pages show (`data check --stubs` prints the entries to fill in)
    "i18n_missing": {
        "en": "i18n/es.yaml [{entry}]: no Spanish for this text; add the entry (`data check --stubs` prints it)",
        "es": "i18n/es.yaml [{entry}]: este texto no tiene español; añade la entrada (`data check --stubs` la imprime)",
    },
    "i18n_stale": {
        "en": "i18n/es.yaml [{entry}]: stale, the data file's English changed; update `en` and the Spanish",
        "es": "i18n/es.yaml [{entry}]: desfasada, el inglés del archivo de datos cambió; actualiza `en` y el español",
    },
    "i18n_orphan": {
        "en": "i18n/es.yaml [{entry}]: no such text in data/; remove the entry",
        "es": "i18n/es.yaml [{entry}]: ese texto no existe en data/; quita la entrada",
    },
    "empty_edition": {
        "en": (
            "edition.yaml: the current edition {edition} has no accelerators, so the landscape table would be empty. "
            "Add {edition} to the `editions` list of every chip that belongs to it (`python -m calc edition new ID` "
            "does that for every chip when it starts an edition)."
        ),
        "es": (
            "edition.yaml: la edición actual {edition} no tiene aceleradores, así que la tabla del panorama quedaría "
            "vacía. Añade {edition} a la lista `editions` de cada chip que forme parte de ella "
            "(`python -m calc edition new ID` lo hace con todos los chips al empezar una edición)."
        ),
    },
    "unknown_edition": {
        "en": (
            "{file}: field 'editions': unknown edition {edition} (edition.yaml lists {known}). Correct the id, or "
            "start that edition with `python -m calc edition new {edition}`."
        ),
        "es": (
            "{file}: campo 'editions': edición desconocida {edition} (edition.yaml tiene {known}). Corrige el id, o "
            "empieza esa edición con `python -m calc edition new {edition}`."
        ),
    },
    "stale_chip": {
        "en": (
            "{file}: carried over from {previous}, but cites sources checked before {edition} started on {started}: "
            "{sources}. Re-check them and update each source's `checked` date."
        ),
        "es": (
            "{file}: viene de {previous}, pero cita fuentes comprobadas antes de que empezara {edition} el {started}: "
            "{sources}. Revísalas y actualiza la fecha `checked` de cada fuente."
        ),
    },
    "stale_source": {
        "en": "{source} (checked {checked}; values citing it: {count})",
        "es": "{source} (comprobada el {checked}; valores que la citan: {count})",
    },
    # edition new
    "bad_edition_id": {
        "en": "edition id {edition!r} is not kebab-case; use lowercase letters, digits and hyphens, e.g. 2026-2028",
        "es": "el id de edición {edition!r} no está en kebab-case; usa minúsculas, dígitos y guiones, p. ej. 2026-2028",
    },
    "edition_exists": {
        "en": "edition {edition} already exists in edition.yaml; choose a new id",
        "es": "la edición {edition} ya existe en edition.yaml; elige un id nuevo",
    },
    "new_entry_change": {
        "en": "New edition {name}: every accelerator of the {previous} edition carried over, to be re-checked.",
        "es": "Nueva edición {name}: todos los aceleradores de la edición {previous} pasan a ella, pendientes de revisar.",
    },
    "new_done": {
        "en": "edition new: {edition} is now the current edition; {previous} stays listed as the previous one.",
        "es": "edition new: {edition} es ahora la edición actual; {previous} sigue en la lista como la anterior.",
    },
    "new_edition_file": {
        "en": "  edition.yaml           added {edition} ({name}, started {started}) with a changelog entry to fill in",
        "es": "  edition.yaml           añadida {edition} ({name}, empezada el {started}) con una entrada del registro por completar",
    },
    "new_chips": {
        "en": "  accelerators/*.yaml    added {edition} to the `editions` list of {count} chips: {chips}",
        "es": "  accelerators/*.yaml    añadida {edition} a la lista `editions` de {count} chips: {chips}",
    },
    "new_recorded": {
        "en": "  {file}  recorded what changed during {previous} (chips added: {added}, removed: {removed}; values changed: {changed})",
        "es": "  {file}  registrado lo que cambió durante {previous} (chips añadidos: {added}, retirados: {removed}; cambios de valores: {changed})",
    },
    "new_not_recorded": {
        "en": "  (the changes made during {previous} were not recorded: {reason})",
        "es": "  (no se registraron los cambios hechos durante {previous}: {reason})",
    },
    "new_next": {
        "en": (
            "Next: write what changed in the new changelog entry (both languages); to drop a chip from {edition}, "
            "remove {edition} from its `editions` list and keep its file; re-check the sources that "
            "`python -m calc data check` lists."
        ),
        "es": (
            "Ahora: escribe en la nueva entrada del registro qué cambió (en los dos idiomas); para sacar un chip de "
            "{edition}, quita {edition} de su lista `editions` y conserva su archivo; revisa las fuentes que indica "
            "`python -m calc data check`."
        ),
    },
    # data diff and git
    "diff_header": {"en": "data/ now against {against}:", "es": "data/ ahora frente a {against}:"},
    "diff_nothing": {"en": "No changes.", "es": "Ningún cambio."},
    "diff_added": {"en": "Chips added ({count}): {chips}", "es": "Chips añadidos ({count}): {chips}"},
    "diff_removed": {"en": "Chips removed ({count}): {chips}", "es": "Chips retirados ({count}): {chips}"},
    "diff_changed": {"en": "Values changed ({count}):", "es": "Cambios de valores ({count}):"},
    "diff_source": {"en": " (source: {source})", "es": " (fuente: {source})"},
    "none": {"en": "none", "es": "ninguno"},
    "git_missing": {
        "en": "git is not available, so data/ cannot be compared with another revision",
        "es": "git no está disponible, así que data/ no se puede comparar con otra revisión",
    },
    "not_a_repo": {
        "en": "{folder} is not in a git repository, so it has no revisions to compare with",
        "es": "{folder} no está en un repositorio git, así que no tiene revisiones con las que comparar",
    },
    "rev_not_found": {
        "en": "revision {rev!r} not found in the git repository of {folder} (give a commit, tag or branch)",
        "es": "no se encuentra la revisión {rev!r} en el repositorio git de {folder} (da un commit, una etiqueta o una rama)",
    },
    "no_edition_commit": {
        "en": "no commit has changed edition.yaml in {folder} yet; give a revision to compare with",
        "es": "ningún commit ha cambiado todavía edition.yaml en {folder}; da una revisión con la que comparar",
    },
    "no_data_at_rev": {
        "en": "revision {rev} has no data files in {folder}",
        "es": "la revisión {rev} no tiene archivos de datos en {folder}",
    },
    "no_history": {
        "en": "{folder} has no git history (no git, not a repository, or a shallow clone)",
        "es": "{folder} no tiene historial de git (sin git, fuera de un repositorio o en un clon superficial)",
    },
    "no_start": {
        "en": "no commit in the history made {edition} the current edition",
        "es": "ningún commit del historial hizo de {edition} la edición actual",
    },
    # the changelog page
    "cl_current": {"en": "current edition", "es": "edición actual"},
    "cl_dates": {
        "en": "Started on {started}; figures last reviewed on {reviewed}.",
        "es": "Empezó el {started}; cifras revisadas por última vez el {reviewed}.",
    },
    "cl_first": {
        "en": "The first edition, with {count} accelerators: {chips}.",
        "es": "La primera edición, con {count} aceleradores: {chips}.",
    },
    "cl_carried": {
        "en": "{count} accelerators carried over from {previous}.",
        "es": "{count} aceleradores vienen de {previous}.",
    },
    "cl_joined": {"en": "Joined ({count}): {chips}.", "es": "Entran ({count}): {chips}."},
    "cl_left": {
        "en": "Left ({count}; their pages stay, marked with their edition): {chips}.",
        "es": "Salen ({count}; sus páginas se mantienen, marcadas con su edición): {chips}.",
    },
    "cl_changed": {
        "en": "Values changed during the edition ({count}):",
        "es": "Cambios de valores durante la edición ({count}):",
    },
    "cl_no_changes": {
        "en": "No value changed during this edition.",
        "es": "Ningún valor cambió durante esta edición.",
    },
    "cl_unknown": {
        "en": (
            "The list of changed values is read from the repository's git history, which this build of the site did "
            "not have; `python -m calc data diff` prints it from a full clone."
        ),
        "es": (
            "La lista de cambios de valores se lee del historial de git del repositorio, que esta construcción del "
            "sitio no tenía; `python -m calc data diff` la muestra desde un clon completo."
        ),
    },
    "cl_item": {"en": "Accelerator or item", "es": "Acelerador o elemento"},
    "cl_field": {"en": "Field", "es": "Campo"},
    "cl_old": {"en": "Before", "es": "Antes"},
    "cl_new": {"en": "After", "es": "Después"},
    "cl_source": {"en": "Source", "es": "Fuente"},
}


def t(key: str, lang: str = "en", **fields: object) -> str:
    """The tooling catalog's text `key` in `lang` with its `{placeholders}` filled."""
    return translate(CATALOG, key, lang, **fields)
