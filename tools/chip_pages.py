# Each accelerator's page and the index of them: every field of data/ with its source, the measured figures
# beside the peaks, the ridge points and the sources, in both languages.
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from calc import format_number, format_quantity, load_data, ridge_point
from tools.common import NONE, detail_row, esc
from tools.downloads import download_links
from tools.messages import t as tr

if TYPE_CHECKING:
    from calc import Accelerator, DataBundle, MeasuredValue, SourcedValue
from tools.data_pages import (
    LEAF_LABELS,
    SECTIONS,
    WORDS,
    chip_text,
    lang_prefix,
    measured_reason,
    published_text,
    report_url,
    source_of,
    source_title,
    t,
)

# A field's row: its name, the figure as published, in SI units (or its share of the peak), its source and the link to
# report it; notes, benchmark and software go on a row of their own under it, across all five.
FIELD_COLUMNS = 5
SI_UNITS = {"bytes": "B", "bytes_per_s": "B/s", "flop_per_s": "FLOP/s", "watts": "W", "seconds": "s"}


def p(key: str, lang: str, **fields: Any) -> str:
    """A chip-page string in `lang` (catalog area `chip`)."""
    return tr(f"chip.{key}", lang, **fields)


def field_label(path: str, lang: str) -> str:
    """'Bandwidth per direction' for 'scale_up.per_direction'; a format's name (FP8, INT8) for compute leaves."""
    leaf = path.split(".", 1)[1]
    return tr(f"leaf.{leaf}", lang) if leaf in LEAF_LABELS else leaf.upper()


def converted(value: SourcedValue | MeasuredValue, lang: str) -> str:
    """A known value in SI units with the best decimal prefix, in the page's language (GiB shows as GB)."""
    assert value.si is not None
    if value.dimension in SI_UNITS:
        return format_quantity(value.si, SI_UNITS[value.dimension], lang, digits=4)
    if value.dimension == "op_per_s":
        return f"{format_number(value.si / 1e12, lang, digits=4)} TOPS"
    if value.dimension == "bits_per_s":
        return f"{format_number(value.si / 1e9, lang, digits=4)} Gb/s"
    return format_number(value.si, lang, digits=4)


def cite(title: str, lang: str) -> str:
    """A source's title as its document words it, marked as English on other pages (the one English a page keeps)."""
    return f"<cite>{esc(title)}</cite>" if lang == "en" else f'<cite lang="en">{esc(title)}</cite>'


def _source_link(chip: Accelerator, source_id: str | None, lang: str) -> str:
    source = source_of(chip, source_id)
    number = chip.sources.index(source) + 1
    return (
        f'<a href="{esc(source["url"])}" title="{esc(source_title(source, lang))}" rel="noopener">'
        f"[{number}] {cite(source['title'], lang)}</a>"
    )


def _field_row(chip: Accelerator, path: str, lang: str, repo_url: str, data: DataBundle) -> str:
    value = chip.values[path]
    notes = []
    if value.si is None:
        reason = chip_text(data, chip, f"{path}.reason", value.reason, lang)
        notes.append(f"<strong>{p('why_null', lang)}</strong> {esc(reason)}")
    if value.note:
        notes.append(esc(chip_text(data, chip, f"{path}.note", value.note, lang)))
    for index, alternative in enumerate(value.alternatives):
        said = chip_text(data, chip, f"{path}.alternatives.{index}.note", alternative.get("note"), lang)
        extra = f" — {esc(said)}" if said else ""
        notes.append(
            f"<strong>{p('alternative', lang)}</strong> {esc(alternative['value'])} "
            f"({_source_link(chip, alternative['source'], lang)}){extra}"
        )
    source = source_of(chip, value.source)
    url = report_url(
        repo_url, chip=chip, fields={path: published_text(value)}, page=f"{lang_prefix(lang)}accelerators/{chip.id}/"
    )
    published = (
        esc(value.text)
        if value.si is not None
        else f'<span class="x4-null" title="{esc(chip_text(data, chip, f"{path}.reason", value.reason, lang))}">{NONE}</span>'
    )
    si = converted(value, lang) if value.si is not None else NONE
    return (
        f'<tr id="{path.replace(".", "-").replace("_", "-")}" data-field="{esc(path)}">'
        f'<th scope="row">{esc(field_label(path, lang))}<br><code>{esc(path)}</code></th>'
        f'<td class="x4-num">{published}</td><td class="x4-num">{si}</td>'
        f"<td>{_source_link(chip, value.source, lang)}<br><small>{t('checked', lang)} {esc(source['checked'])}</small></td>"
        f'<td><a class="x4-report" href="{esc(url)}" rel="noopener">{t("report", lang)}</a></td></tr>'
        + detail_row(FIELD_COLUMNS, [(p("notes", lang), "<br>".join(notes))], path)
    )


def _fields_table(rows: list[str], lang: str) -> str:
    heads = "".join(f'<th scope="col">{p(k, lang)}</th>' for k in ("field", "published", "converted", "sources"))
    heads += f'<th scope="col"><span class="x4-sr">{t("report_long", lang)}</span></th>'
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-chip-fields"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _text_value(chip: Accelerator, key: str, lang: str, data: DataBundle) -> str:
    value = chip.text[key]
    if isinstance(value, list):
        return ", ".join(esc(v) for v in value)
    if isinstance(value, dict):  # a sourced text leaf: its value, or why there is none
        if value.get("value") is None and value.get("reason"):
            return f'<span class="x4-null" title="{esc(chip_text(data, chip, f"{key}.reason", value["reason"], lang))}">{NONE}</span>'
        return esc(chip_text(data, chip, f"{key}.value", value.get("value"), lang) or NONE)
    if value in WORDS:
        return esc(tr(f"word.{value}", lang))
    return esc(chip_text(data, chip, key, str(value), lang))


def _ridge_rows(chip: Accelerator, lang: str) -> list[str]:
    bandwidth = chip.memory_bandwidth_bytes_per_s
    rows = []
    for dtype, peak in chip.dense_flop_per_s.items():
        if peak is None or bandwidth is None:
            continue
        ridge = ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
        value = chip.values[f"compute.{dtype}"]
        unit = "OP/byte" if dtype == "int8" else "FLOP/byte"
        rows.append(
            f'<tr data-format="{dtype}"><th scope="row">{esc(field_label("compute." + dtype, lang))}</th>'
            f'<td class="x4-num">{converted(value, lang)}</td>'
            f'<td class="x4-num" data-ridge="{ridge!r}">{format_number(ridge, lang, digits=3)} {unit}</td></tr>'
        )
    return rows


# The overview's rows after the vendor: text fields of the chip file, in this order.
OVERVIEW_KEYS = (
    "architecture",
    "announced",
    "process",
    "category",
    "form_factor",
    "status",
    "memory.type",
    "scale_up.name",
    "scale_up.topology",
    "scale_out.name",
    "sparse_headline.sparsity",
    "notes",
)


def chip_page_markdown(chip: Accelerator, lang: str, repo_url: str, data: DataBundle | None = None) -> str:
    """The generated page accelerators/<id>/ of one chip: every field, its source and date, notes, ridge points."""
    data = data or load_data()
    lines = _page_head(chip, lang, repo_url, data)
    lines += _overview_lines(chip, lang, data)
    for section in SECTIONS:
        paths = [path for path in chip.values if path.split(".", 1)[0] == section]
        if paths:
            rows = [_field_row(chip, path, lang, repo_url, data) for path in paths]
            lines += [
                f"## {tr(f'section.{section}', lang)} {{ #{section.replace('_', '-')} }}",
                "",
                _fields_table(rows, lang),
                "",
            ]
    lines += _measured_section(chip, lang, repo_url, data)
    lines += _ridge_lines(chip, lang)
    items = "".join(_source_item(chip, source, lang, data) for source in chip.sources)
    lines += [f"## {p('sources', lang)} {{ #sources }}", "", f'<ol class="x4-chip-sources">{items}</ol>', ""]
    return "\n".join(lines)


def _page_head(chip: Accelerator, lang: str, repo_url: str, data: DataBundle) -> list[str]:
    """Front matter and title, a warning when the chip left the current edition, a note when it is preliminary,
    and the links back and to report a wrong figure."""
    lines = [
        "---",
        f"description: {json.dumps(p('description', lang, name=chip.display_name(lang), vendor=chip.vendor, year=chip.year), ensure_ascii=False)}",
        "render_macros: false",
        "x4_chip: true",
        "---",
        "",
        f"# {chip.display_name(lang)}",
        "",
    ]
    editions = list(chip.text.get("editions") or [])
    current = data.edition.get("id")
    if current and current not in editions:
        lines += [
            f'!!! warning "{p("old_edition_title", lang, editions=", ".join(editions))}"',
            "",
            f"    {p('old_edition', lang, editions=', '.join(editions), current=data.edition.get('name', current))}",
            "",
        ]
    if chip.text.get("status") == "preliminary":
        lines += ['!!! note ""', "", f"    {p('preliminary', lang)}", ""]
    url = report_url(
        repo_url,
        chip=chip,
        fields={k: published_text(v) for k, v in chip.values.items()},
        page=f"{lang_prefix(lang)}accelerators/{chip.id}/",
    )
    return [
        *lines,
        f"[{p('back', lang)}](index.md) · [{p('landscape', lang).capitalize()}](../landscape.md) · "
        f'<a class="x4-report" href="{esc(url)}" rel="noopener">{t("report_long", lang)}</a>',
        "",
    ]


def _overview_lines(chip: Accelerator, lang: str, data: DataBundle) -> list[str]:
    """The overview table: vendor, the text fields the chip has, its editions (the current one marked), its file."""
    overview = [(t("vendor", lang), esc(chip.vendor))]
    for key in OVERVIEW_KEYS:
        if chip.text.get(key) is not None:
            overview.append((p("notes_field" if key == "notes" else key, lang), _text_value(chip, key, lang, data)))
    current = data.edition.get("id")
    editions = list(chip.text.get("editions") or [])
    edition_names = [f"{e} ({p('current', lang)})" if e == current else e for e in editions]
    overview.append((p("editions", lang), esc(", ".join(edition_names))))
    overview.append((p("data_file", lang), f"<code>data/accelerators/{esc(chip.id)}.yaml</code>"))
    return [
        f"## {p('overview', lang)} {{ #overview }}",
        "",
        '<div class="x4-table-wrap"><table class="x4-specs x4-chip-overview"><tbody>'
        + "".join(f'<tr><th scope="row">{k}</th><td>{v}</td></tr>' for k, v in overview)
        + "</tbody></table></div>",
        "",
    ]


def _ridge_lines(chip: Accelerator, lang: str) -> list[str]:
    """The ridge points section: one row per dense format with a peak, or a line saying there is none."""
    ridge_rows = _ridge_rows(chip, lang)
    lines = [f"## {p('ridge', lang)} {{ #ridge-points }}", "", p("ridge_intro", lang), ""]
    if not ridge_rows:
        return [*lines, p("no_ridge", lang), ""]
    heads = "".join(f'<th scope="col">{p(k, lang)}</th>' for k in ("format", "dense_peak", "ridge_point"))
    return [
        *lines,
        f'<div class="x4-table-wrap"><table class="x4-specs x4-chip-ridge"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(ridge_rows)}</tbody></table></div>",
        "",
    ]


# The datasheet figure each measured kind is a share of (bus bandwidths against the link's rate per direction).
MEASURED_PEAKS = {
    "memory_bandwidth": "memory.bandwidth",
    "memory_capacity": "memory.capacity",
    "scale_up_allreduce": "scale_up.per_direction",
    "scale_up_allgather": "scale_up.per_direction",
    "scale_out_allreduce": "scale_out.per_accelerator",
}


def _measured_label(chip: Accelerator, kind: str, dtype: str, lang: str) -> tuple[str, SourcedValue | None]:
    """A measured figure's name on the chip page and the datasheet figure it is a share of (None: no share)."""
    if kind in ("matmul", "attention"):
        return p(f"measured_{kind}", lang, dtype=dtype.upper()), chip.values.get(f"compute.{dtype}")
    label = p("measured_bandwidth", lang) if kind == "memory_bandwidth" else p(f"measured_{kind}", lang)
    return label, chip.values.get(MEASURED_PEAKS.get(kind, ""))


def _measured_row(chip: Accelerator, path: str, lang: str, repo_url: str, data: DataBundle) -> str:
    """One measured figure beside the peak it is measured against: as published, the peak, the share of it, the
    source and date checked, the benchmark and software, notes and alternatives."""
    value = chip.measured[path]
    kind, _, dtype = path.removeprefix("measured.").partition(".")
    label, peak = _measured_label(chip, kind, dtype, lang)
    share = ""
    if value.si is not None and peak is not None and peak.si:
        ratio = value.si / (peak.si / 8 if peak.dimension == "bits_per_s" else peak.si)
        share = p("share_of", lang, share=f"{round(ratio * 100)} %", peak=converted(peak, lang))
    notes = []
    if value.si is None:
        reason = measured_reason(chip, dtype or None, lang, data) if kind in ("matmul", "memory_bandwidth") else ""
        notes.append(
            f"<strong>{p('why_null', lang)}</strong> {esc(reason or value.reason or t('measured_other', lang))}"
        )
    if value.note:
        notes.append(esc(chip_text(data, chip, f"{path}.note", value.note, lang)))
    for index, alternative in enumerate(value.alternatives):
        said = chip_text(data, chip, f"{path}.alternatives.{index}.note", alternative.get("note"), lang)
        how = [
            esc(chip_text(data, chip, f"{path}.alternatives.{index}.{k}", alternative[k], lang))
            for k in ("benchmark", "software")
            if alternative.get(k)
        ]
        if alternative.get("measured_on"):
            how.append(p("measured_on", lang, date=esc(alternative["measured_on"])))
        extra = "".join(f" — {part}" for part in [*how, esc(said)] if part)
        notes.append(
            f"<strong>{p('alternative', lang)}</strong> {esc(alternative['value'])} "
            f"({_source_link(chip, alternative['source'], lang)}){extra}"
        )
    how = [
        esc(chip_text(data, chip, f"{path}.{k}", text, lang))
        for k, text in (("benchmark", value.benchmark), ("software", value.software))
        if text
    ]
    if value.measured_on:
        how.append(p("measured_on", lang, date=esc(value.measured_on)))
    if value.si is None:
        published = f'<span class="x4-null" title="{esc(measured_reason(chip, dtype, lang, data))}">{NONE}</span>'
        source = NONE
    else:
        checked = source_of(chip, value.source)["checked"]
        published = converted(value, lang)
        source = f"{_source_link(chip, value.source, lang)}<br><small>{t('checked', lang)} {esc(checked)}</small>"
    url = report_url(
        repo_url, chip=chip, fields={path: value.text or NONE}, page=f"{lang_prefix(lang)}accelerators/{chip.id}/"
    )
    return (
        f'<tr id="{path.replace(".", "-").replace("_", "-")}" data-field="{esc(path)}">'
        f'<th scope="row">{esc(label)}<br><code>{esc(path)}</code></th>'
        f'<td class="x4-num">{published}</td><td class="x4-num">{share or NONE}</td>'
        f"<td>{source}</td>"
        f'<td><a class="x4-report" href="{esc(url)}" rel="noopener">{t("report", lang)}</a></td></tr>'
        + detail_row(
            FIELD_COLUMNS, [(p("benchmark", lang), "<br>".join(how)), (p("notes", lang), "<br>".join(notes))], path
        )
    )


def _binary_size(size: float, lang: str) -> str:
    """1,048,576 as '1 MiB': a sweep's power-of-two sizes in binary units."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            return f"{format_number(size / scale, lang, digits=3)} {unit}"
    return f"{format_number(size, lang, digits=3)} B"


def _sweep_row(chip: Accelerator, lang: str, data: DataBundle) -> str:
    """The AllReduce's measured bus bandwidth at every fourth size of its sweep (and the largest), where the data
    has a sweep: the figures the planner interpolates between."""
    record = chip.allreduce_sweep_record
    if not record:
        return ""
    path = "measured.scale_up_allreduce_sweep"
    pairs = list(chip.allreduce_sweep)
    shown = [pair for index, pair in enumerate(pairs) if index % 4 == 0 or index == len(pairs) - 1]
    figures = "<br>".join(f"{_binary_size(size, lang)}: {format_quantity(rate, 'B/s', lang)}" for size, rate in shown)
    checked = source_of(chip, record["source"])["checked"]
    source = f"{_source_link(chip, record['source'], lang)}<br><small>{t('checked', lang)} {esc(checked)}</small>"
    how = "<br>".join(
        esc(chip_text(data, chip, f"{path}.{k}", record[k], lang)) for k in ("benchmark", "software") if record.get(k)
    )
    note = esc(chip_text(data, chip, f"{path}.note", record.get("note"), lang)) if record.get("note") else ""
    label = p("measured_scale_up_allreduce_sweep", lang, ranks=str(record["ranks"]))
    return (
        f'<tr id="{path.replace(".", "-").replace("_", "-")}" data-field="{esc(path)}">'
        f'<th scope="row">{esc(label)}<br><code>{esc(path)}</code></th>'
        f'<td class="x4-num">{figures}</td><td class="x4-num">{NONE}</td>'
        f"<td>{source}</td><td></td></tr>"
        + detail_row(FIELD_COLUMNS, [(p("benchmark", lang), how), (p("notes", lang), note)], path)
    )


def _shape_rows(chip: Accelerator, lang: str, data: DataBundle) -> str:
    """A matmul's rate measured over a grid of shapes, per format, where the data has one: its cubes (M = N = K)
    and their share of the dense peak; the planner interpolates between all of the grid's points."""
    rows = ""
    for dtype, record in chip.matmul_shapes.items():
        path = f"measured.matmul_shapes.{dtype}"
        peak = chip.dense_flop_per_s.get(dtype) or 0.0
        sizes = [size for size in record["m"] if size in record["n"] and size in record["k"]]
        rates = [record["flop_per_s"][record["m"].index(x)][record["n"].index(x)][record["k"].index(x)] for x in sizes]
        figures = "<br>".join(
            f"{format_number(float(x), lang, digits=4)}³: {format_quantity(rate, 'FLOP/s', lang)}"
            for x, rate in zip(sizes, rates, strict=True)
        )
        shares = "<br>".join(format_number(100 * rate / peak, lang) + " %" if peak else NONE for rate in rates)
        checked = source_of(chip, record["source"])["checked"]
        source = f"{_source_link(chip, record['source'], lang)}<br><small>{t('checked', lang)} {esc(checked)}</small>"
        how = "<br>".join(
            esc(chip_text(data, chip, f"{path}.{k}", record[k], lang))
            for k in ("benchmark", "software")
            if record.get(k)
        )
        note = esc(chip_text(data, chip, f"{path}.note", record.get("note"), lang)) if record.get("note") else ""
        label = p("measured_matmul_shapes", lang, dtype=dtype.upper())
        rows += (
            f'<tr id="{path.replace(".", "-").replace("_", "-")}" data-field="{esc(path)}">'
            f'<th scope="row">{esc(label)}<br><code>{esc(path)}</code></th>'
            f'<td class="x4-num">{figures}</td><td class="x4-num">{shares}</td>'
            f"<td>{source}</td><td></td></tr>"
            + detail_row(FIELD_COLUMNS, [(p("benchmark", lang), how), (p("notes", lang), note)], path)
        )
    return rows


def _measured_section(chip: Accelerator, lang: str, repo_url: str, data: DataBundle) -> list[str]:
    """The chip page's measured figures beside their peaks, or why there are none."""
    lines = [f"## {p('measured', lang)} {{ #measured }}", "", p("measured_intro", lang), ""]
    if not chip.measured:
        reason = chip_text(data, chip, "measured.reason", chip.measured_reason, lang) or t("measured_other", lang)
        return [*lines, p("no_measured", lang, reason=esc(reason)), ""]
    heads = "".join(f'<th scope="col">{p(k, lang)}</th>' for k in ("field", "measured_value", "share", "sources"))
    heads += f'<th scope="col"><span class="x4-sr">{t("report_long", lang)}</span></th>'
    rows = "".join(_measured_row(chip, path, lang, repo_url, data) for path in chip.measured)
    rows += _shape_rows(chip, lang, data)
    rows += _sweep_row(chip, lang, data)
    return [
        *lines,
        f'<div class="x4-table-wrap"><table class="x4-specs x4-chip-fields x4-chip-measured"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>",
        "",
    ]


def _source_field(data: DataBundle, chip: Accelerator, source_id: str) -> str:
    """Where a chip file lists a source, as data/i18n/es.yaml keys its `how`: the chip's own `sources`, or the
    `sources` of its measured or internals section (the page lists all three together; ids are unique)."""
    spanish = data.translations.get("es", {})
    for section in ("", "measured.", "internals."):
        field = f"{section}sources.{source_id}.how"
        if f"accelerators/{chip.id}.yaml#{field}" in spanish:
            return field
    return f"sources.{source_id}.how"


def _source_item(chip: Accelerator, source: dict[str, Any], lang: str, data: DataBundle) -> str:
    """One entry of a chip page's source list: linked title, kind, date checked, where in it the figures are."""
    kind = tr(f"source_kind.{source['kind']}", lang)
    how = chip_text(data, chip, _source_field(data, chip, source["id"]), source["how"], lang)
    return (
        f'<li id="source-{esc(source["id"])}"><a href="{esc(source["url"])}" rel="noopener">{cite(source["title"], lang)}</a> '
        f"({esc(kind)}; {t('checked', lang)} {esc(source['checked'])}). {p('how', lang)} {esc(how)}</li>"
    )


def index_page_markdown(lang: str, data: DataBundle | None = None) -> str:
    """The generated accelerators/ index: one linked row per chip."""
    data = data or load_data()
    current = data.edition.get("id")
    lines = [
        "---",
        f"description: {json.dumps(p('index_description', lang), ensure_ascii=False)}",
        "render_macros: false",
        "---",
        "",
        f"# {p('index_title', lang)}",
        "",
        p("index_intro", lang),
        "",
        download_links(lang, depth=1),
        "",
        f"| {t('accelerator', lang)} | {t('vendor', lang)} | {p('architecture', lang)} | {t('year', lang)} "
        f"| {p('category', lang)} | {p('status', lang)} | {p('editions', lang)} |",
        "|---|---|---|---|---|---|---|",
    ]
    for chip in sorted(data.accelerators.values(), key=lambda c: (c.vendor, c.year, c.name)):
        editions = ", ".join(f"**{e}**" if e == current else e for e in chip.text.get("editions") or [])
        status = chip.text.get("status", "")
        lines.append(
            f"| [{chip.display_name(lang)}]({chip.id}.md) | {chip.vendor} | {chip.text.get('architecture', NONE)} | {chip.year} "
            f"| {tr(f'word.{chip.category}', lang)} | {tr(f'word.{status}', lang) if status in WORDS else NONE} | {editions} |"
        )
    return "\n".join(lines) + "\n"
