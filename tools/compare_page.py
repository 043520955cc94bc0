# The comparison page: two to four accelerators side by side, every spec and measured figure with its source,
# and their rooflines overlaid. Every chip's column is rendered here, at build time: the page shows the default
# choice, keeps the others in <template>s (outside the page's DOM), and x4-compare.js only moves columns in and
# out and shows or hides each chip's roof. No figure is computed in the browser.
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from calc import load_data, roofline_svg
from tools.chip_pages import _measured_label, converted, field_label
from tools.common import NONE, esc
from tools.data_pages import SECTIONS, chip_text, in_current_edition, measured_reason, source_sup
from tools.data_pages import t as data_t
from tools.messages import CATALOG
from tools.messages import t as tr

if TYPE_CHECKING:
    from calc import Accelerator, DataBundle

DEFAULT = ("h100-sxm", "mi300x", "tpu-v5p")
MIN_CHIPS, MAX_CHIPS = 2, 4
DTYPE = "bf16"  # the format the rooflines are drawn in
_POLYLINE = re.compile(r'<polyline [^>]*data-chip="(?P<chip>[^"]+)"[^>]*/>')
_LEGEND = re.compile(r'<g data-legend="">.*?</g>\n')
_TITLE = re.compile(r"<title id=\"x4-roof-title\">[^<]*</title>\n<desc id=\"x4-roof-desc\">[^<]*</desc>")
_DESC = re.compile(r'<desc id="x4-roof-desc">(?P<desc>[^<]*)</desc>')


def c(key: str, lang: str, **fields: Any) -> str:
    """A comparison-page string in `lang` (catalog area `compare`)."""
    return tr(f"compare.{key}", lang, **fields)


def rows_of(chips: list[Accelerator]) -> list[tuple[str, list[str]]]:
    """The table's sections and their fields: every path any of the chips has, specs by section, then measured."""
    sections: list[tuple[str, list[str]]] = []
    for section in SECTIONS:
        paths = list(dict.fromkeys(p for chip in chips for p in chip.values if p.split(".", 1)[0] == section))
        if paths:
            sections.append((section, paths))
    measured = list(dict.fromkeys(p for chip in chips for p in chip.measured))
    if measured:
        sections.append(("measured", measured))
    return sections


def _row_label(chips: list[Accelerator], path: str, lang: str) -> str:
    if not path.startswith("measured."):
        return field_label(path, lang)
    kind, _, dtype = path.removeprefix("measured.").partition(".")
    chip = next(chip for chip in chips if path in chip.measured)
    return _measured_label(chip, kind, dtype, lang)[0]


def _cell(chip: Accelerator, path: str, lang: str, data: DataBundle) -> str:
    """One chip's figure for one field, in SI units, linked to its source; a dash titled with the reason otherwise."""
    value = chip.measured.get(path) if path.startswith("measured.") else chip.values.get(path)
    if value is None or value.si is None:
        if value is None:
            reason = data_t("absent", lang)
        elif path.startswith("measured."):
            kind, _, dtype = path.removeprefix("measured.").partition(".")
            reason = (
                measured_reason(chip, dtype or None, lang, data)
                if kind in ("matmul", "memory_bandwidth")
                else (value.reason or data_t("measured_other", lang))
            )
        else:
            reason = chip_text(data, chip, f"{path}.reason", value.reason, lang) or data_t("absent", lang)
        return f'<td class="x4-num"><span class="x4-null" title="{esc(reason)}">{NONE}</span></td>'
    return f'<td class="x4-num">{converted(value, lang)}{source_sup(chip, value, lang)}</td>'


def _head(chip: Accelerator, lang: str) -> str:
    return (
        f'<th scope="col" data-chip="{chip.id}"><span class="x4-compare__swatch" aria-hidden="true"></span>'
        f'<a href="../accelerators/{chip.id}/">{esc(chip.display_name(lang))}</a></th>'
    )


def column(chip: Accelerator, sections: list[tuple[str, list[str]]], lang: str, data: DataBundle) -> list[str]:
    """A chip's header cell, then its cell for every field in table order."""
    return [_head(chip, lang)] + [_cell(chip, path, lang, data) for _, paths in sections for path in paths]


def overlay_svg(chips: list[Accelerator], shown: tuple[str, ...], lang: str) -> str:
    """calc's roofline of every chip on common axes, its legend left to the page's (which names each roof in a
    colour of its own), and only the shown chips' roofs displayed."""
    ids = [chip.id for chip in chips if chip.dense_flop_per_s.get(DTYPE) and chip.memory_bandwidth_bytes_per_s]
    svg = roofline_svg(accelerators=ids, achievable=ids, dtype=DTYPE, lang=lang)
    svg = _LEGEND.sub("", svg)
    svg = _TITLE.sub(f'<title id="x4-compare-title">{esc(c("chart_title", lang))}</title>', svg, count=1)
    svg = svg.replace('aria-labelledby="x4-roof-title x4-roof-desc"', 'aria-labelledby="x4-compare-title"', 1)

    def mark(match: re.Match[str]) -> str:
        chip = match.group("chip")
        line = match.group(0).replace("/>", ' class="x4-compare__roof"/>', 1)
        if chip in shown:
            return line.replace("/>", f' data-slot="{shown.index(chip)}"/>', 1)
        return line.replace("/>", ' display="none"/>', 1)

    return _POLYLINE.sub(mark, svg)


def roof_description(chip: Accelerator, lang: str) -> str:
    """calc's own description of one chip's roofs (peak and, where measured, achievable), or why there is none."""
    if not (chip.dense_flop_per_s.get(DTYPE) and chip.memory_bandwidth_bytes_per_s):
        return c("no_roof", lang, name=chip.display_name(lang), dtype=DTYPE.upper())
    svg = roofline_svg(accelerators=[chip.id], achievable=[chip.id], dtype=DTYPE, lang=lang)
    found = _DESC.search(svg)
    return found.group("desc") if found else ""


def compare_html(lang: str, data: DataBundle | None = None, shown: tuple[str, ...] = DEFAULT) -> str:
    """The whole comparison: the chooser, the overlaid rooflines with their legend, the table and every column."""
    data = data or load_data()
    chips = in_current_edition(data)
    by_id = {chip.id: chip for chip in chips}
    missing = [chip for chip in shown if chip not in by_id]
    if missing or not MIN_CHIPS <= len(shown) <= MAX_CHIPS:
        raise ValueError(f"the comparison's default {shown} must be 2 to 4 chips of the current edition")
    sections = rows_of(chips)
    columns = {chip.id: column(chip, sections, lang, data) for chip in chips}
    labels = " ".join(
        f'data-label-{key}="{esc(CATALOG[f"compare.{key}"][lang])}"' for key in ("min", "max", "unknown", "showing")
    )
    chooser = _chooser(chips, shown, lang)
    figure = _figure(chips, shown, lang)
    table = _table(chips, shown, sections, columns, lang)
    templates = "".join(f'<template data-chip="{chip}">{"".join(cells)}</template>' for chip, cells in columns.items())
    return (
        f'<div class="x4-compare" data-default="{",".join(shown)}" data-min="{MIN_CHIPS}" data-max="{MAX_CHIPS}" '
        f"{labels}>{chooser}{figure}{table}{templates}</div>"
    )


def _chooser(chips: list[Accelerator], shown: tuple[str, ...], lang: str) -> str:
    """The fieldset of checkboxes, one per chip, the default ones checked."""
    boxes = "".join(
        f'<label><input type="checkbox" name="chip" value="{chip.id}"{" checked" if chip.id in shown else ""}> '
        f"{esc(chip.display_name(lang))}</label>"
        for chip in chips
    )
    return (
        f'<fieldset class="x4-compare__choice" hidden><legend>{c("choose", lang)}</legend>{boxes}'
        f'<p class="x4-compare__status" role="status" aria-live="polite"></p></fieldset>'
    )


def _figure(chips: list[Accelerator], shown: tuple[str, ...], lang: str) -> str:
    """The overlaid rooflines and their legend, the shown chips first in their slots."""
    legend = "".join(
        f'<li data-chip="{chip.id}"'
        + (f' data-slot="{shown.index(chip.id)}"' if chip.id in shown else " hidden")
        + f'><span class="x4-compare__swatch" aria-hidden="true"></span>{esc(roof_description(chip, lang))}</li>'
        for chip in sorted(chips, key=lambda chip: shown.index(chip.id) if chip.id in shown else len(shown))
    )
    return (
        f'<figure class="x4-compare__chart">{overlay_svg(chips, shown, lang)}'
        f'<figcaption>{c("chart_caption", lang, dtype=DTYPE.upper())}<ul class="x4-compare__legend">{legend}</ul>'
        f"</figcaption></figure>"
    )


def _table(
    chips: list[Accelerator],
    shown: tuple[str, ...],
    sections: list[tuple[str, list[str]]],
    columns: dict[str, list[str]],
    lang: str,
) -> str:
    """The table: a head cell per shown chip, then one row group per section."""
    heads = f'<th scope="col">{c("field", lang)}</th>' + "".join(
        columns[chip][0].replace(f'data-chip="{chip}"', f'data-chip="{chip}" data-slot="{slot}"', 1)
        for slot, chip in enumerate(shown)
    )
    body = []
    index = 1
    for section, paths in sections:
        title = c("measured", lang) if section == "measured" else tr(f"section.{section}", lang)
        rows = [
            f'<tr class="x4-compare__section"><th scope="rowgroup" colspan="{len(shown) + 1}">{esc(title)}</th></tr>'
        ]
        for path in paths:
            cells = "".join(columns[chip][index] for chip in shown)
            rows.append(
                f'<tr data-field="{esc(path)}"><th scope="row">{esc(_row_label(chips, path, lang))}'
                f"<br><code>{esc(path)}</code></th>{cells}</tr>"
            )
            index += 1
        body.append(f"<tbody>{''.join(rows)}</tbody>")
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-compare__table">'
        f"<caption>{c('caption', lang)}</caption><thead><tr>{heads}</tr></thead>{''.join(body)}</table></div>"
    )


def register(env: Any) -> None:
    """Register compare_accelerators with mkdocs-macros."""
    from tools.common import page_lang

    @env.macro
    def compare_accelerators() -> str:
        """The comparison of two to four accelerators, in the page's language."""
        env.page.meta["x4_compare"] = True
        return compare_html(page_lang(env))
