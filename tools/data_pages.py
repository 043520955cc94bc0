# Data pages: the landscape and interconnect tables and the per-accelerator pages, formatted from calc's data.
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from calc import format_number, format_quantity, load_data, ridge_point
from tools.common import NONE, esc, page_lang
from tools.messages import CATALOG
from tools.messages import t as tr

if TYPE_CHECKING:
    from calc import Accelerator, DataBundle, MeasuredValue, SourcedValue

DEFAULT_LANG = "en"
SPARSE_MARK = "✱"
GIB_MARK = "†"


# Landscape columns with a number: (key, value path, display scale, header, unit).
FORMATS = ("fp64", "fp32", "tf32", "bf16", "fp8", "fp4", "int8")
NUMBER_COLUMNS: tuple[tuple[str, str, float, str, str], ...] = (
    ("memory", "memory.capacity", 1e9, "memory", "GB"),
    ("bandwidth", "memory.bandwidth", 1e12, "bandwidth", "TB/s"),
    *((f, f"compute.{f}", 1e12, f.upper(), "TOPS" if f == "int8" else "TFLOP/s") for f in FORMATS),
    ("power", "power.tdp", 1.0, "power", "W"),
)


# Measured columns, each after the peak it is measured against: column key -> the measured figure (a dense
# format's best matmul, or None for memory bandwidth) and its display scale.
MEASURED_AFTER: dict[str, tuple[str | None, float]] = {
    "bandwidth": (None, 1e12),
    "bf16": ("bf16", 1e12),
    "fp8": ("fp8", 1e12),
}

SECTIONS = ("memory", "compute", "sparse_headline", "power", "scale_up", "scale_out", "on_chip")
LEAF_LABELS = (
    "capacity",
    "bandwidth",
    "tdp",
    "per_direction",
    "bidirectional",
    "domain_size",
    "per_accelerator",
    "per_peer",
    "torus_dims",
    "sram",
    "l2",
    "fp64",
    "fp64_matrix",
    "bf16",
)
WORDS = (
    "datacenter",
    "workstation",
    "consumer",
    "shipping",
    "preliminary",
    "discontinued",
    "switch",
    "mesh",
    "torus",
    "ring",
    "none",
)


def t(key: str, lang: str, **fields: Any) -> str:
    """A table string in `lang` (catalog area `data`)."""
    return tr(f"data.{key}", lang, **fields)


def lang_prefix(lang: str) -> str:
    """URL prefix of a language's pages: '' for English, 'es/' for Spanish."""
    return "" if lang == DEFAULT_LANG else f"{lang}/"


def source_of(chip: Accelerator, source_id: str | None) -> dict[str, Any]:
    """The chip's source record with that id; raises KeyError naming the chip if it has none."""
    for source in chip.sources:
        if source["id"] == source_id:
            return source
    raise KeyError(f"{chip.id}: no source {source_id!r}")


def source_title(source: dict[str, Any], lang: str) -> str:
    """'Title — checked 2026-11-29', for a link's title attribute."""
    return f"{source['title']} — {t('checked', lang)} {source['checked']}"


def source_sup(chip: Accelerator, value: SourcedValue | MeasuredValue, lang: str) -> str:
    """A small superscript link to a value's source, numbered as in the chip's source list."""
    source = source_of(chip, value.source)
    number = chip.sources.index(source) + 1
    return (
        f'<sup class="x4-src"><a href="{esc(source["url"])}" title="{esc(source_title(source, lang))}" '
        f'rel="noopener">{number}</a></sup>'
    )


def report_url(repo_url: str, *, chip: Accelerator, fields: dict[str, str], page: str) -> str:
    """A prefilled GitHub 'new issue' URL naming the chip and the field(s), with the values as published."""
    names = list(fields)
    what = names[0] if len(names) == 1 else "<which field?>"
    lines = [
        f"Chip: {chip.id} ({chip.name})",
        f"Field: {what}",
        f"Page: {page}",
        "",
        "Values on the site, as published:",
    ]
    lines += [f"- {name}: {text}" for name, text in fields.items()]
    lines += ["", "What is wrong, the right value, and its source (title, URL, date):", ""]
    query = urlencode(
        {
            "title": f"Wrong number: {chip.id} {' '.join(names) if len(names) == 1 else ''}".strip(),
            "body": "\n".join(lines),
            "labels": "data",
        }
    )
    return f"{repo_url.rstrip('/')}/issues/new?{query}"


def in_current_edition(data: DataBundle) -> list[Accelerator]:
    """The chips whose `editions` include edition.yaml's id (all of them if the edition has no id)."""
    current = data.edition.get("id")
    return [chip for chip in data.accelerators.values() if not current or current in (chip.text.get("editions") or [])]


def _published(value: SourcedValue | None) -> str:
    if value is None:
        return NONE
    return value.text if value.si is not None and value.text else f"{NONE} ({value.reason})"


def _sparse_mark(chip: Accelerator, path: str, lang: str, data: DataBundle) -> str:
    """'✱' titled with the vendor's sparse headline, when the vendor headlines this format sparse."""
    fmt = path.split(".", 1)[1]
    sparse = chip.values.get(f"sparse_headline.{fmt}") if path.startswith("compute.") else None
    if sparse is None or sparse.si is None:
        return ""
    sparsity = chip.text.get("sparse_headline.sparsity", "2:4")
    sparsity = chip_text(data, chip, "sparse_headline.sparsity", sparsity, lang)
    title = t("sparse_title", lang, value=sparse.text, sparsity=sparsity)
    return f' <abbr class="x4-sparse" title="{esc(title)}" data-sparse="{esc(fmt)}">{SPARSE_MARK}</abbr>'


def chip_text(data: DataBundle, chip: Accelerator, field: str, english: str | None, lang: str) -> str:
    """A chip file's text (`field` as data/i18n/es.yaml keys it: "compute.fp6.reason") as `lang` reads it."""
    return data.text(f"accelerators/{chip.id}.yaml#{field}", english, lang) or ""


def _number_cell(chip: Accelerator, path: str, scale: float, lang: str, data: DataBundle) -> str:
    value = chip.values.get(path)
    mark = _sparse_mark(chip, path, lang, data)
    if value is None or value.si is None:
        reason = (
            chip_text(data, chip, f"{path}.reason", value.reason, lang)
            if value is not None and value.reason
            else t("absent", lang)
        )
        return f'<td class="x4-num" data-field="{esc(path)}"><span class="x4-null" title="{esc(reason)}">{NONE}</span>{mark}</td>'
    number = value.si / scale
    if path == "memory.capacity" and (value.text or "").endswith("GiB"):
        # HBM and GDDR come in binary sizes whatever unit the vendor prints, so a GiB figure is shown (and
        # sorted) as published, beside the others' GB: 192 GiB and AMD's "192 GB" are the same memory.
        number = value.si / 2**30
        mark = f' <abbr class="x4-gib" title="{esc(t("gib_title", lang, text=value.text))}">{GIB_MARK}</abbr>'
    shown = format_number(number, lang, digits=4)
    return (
        f'<td class="x4-num" data-sort="{number * scale!r}" data-field="{esc(path)}">'
        f"{shown}{mark}{source_sup(chip, value, lang)}</td>"
    )


def measured_path(dtype: str | None) -> str:
    """Where a measured figure lives in a chip's `measured` values: measured.matmul.<dtype> or measured.memory_bandwidth."""
    return "measured.memory_bandwidth" if dtype is None else f"measured.matmul.{dtype}"


def share_text(chip: Accelerator, dtype: str | None, lang: str) -> str:
    """A measured figure's share of its datasheet peak, "80 %" (calc.Accelerator.achievable_share), or ''."""
    share = chip.achievable_share(dtype)
    return "" if share is None else f"{format_number(share * 100, lang, digits=2)} %"


def measured_reason(chip: Accelerator, dtype: str | None, lang: str, data: DataBundle) -> str:
    """Why a chip has no measured figure here: the figure's own reason, else the chip's, else a plain statement."""
    path = measured_path(dtype)
    value = chip.measured.get(path)
    if value is not None and value.reason:
        return chip_text(data, chip, f"{path}.reason", value.reason, lang)
    if dtype is not None and not chip.dense_flop_per_s.get(dtype):
        return t("measured_no_peak", lang, dtype=dtype.upper())
    if not any(v.si is not None for v in chip.measured.values()) and chip.measured_reason:
        return chip_text(data, chip, "measured.reason", chip.measured_reason, lang)
    return t("measured_other", lang)


def _measured_cell(chip: Accelerator, dtype: str | None, scale: float, lang: str, data: DataBundle) -> str:
    """The landscape's measured figure beside its peak: value, share of peak, source; or a dash and the reason."""
    path = measured_path(dtype)
    value = chip.measured_value(dtype)
    if value is None or value.si is None:
        reason = measured_reason(chip, dtype, lang, data)
        return f'<td class="x4-num" data-field="{esc(path)}"><span class="x4-null" title="{esc(reason)}">{NONE}</span></td>'
    unit = "B/s" if dtype is None else "FLOP/s"
    title = t(
        "measured_title",
        lang,
        value=format_quantity(value.si, unit, lang, digits=4),
        share=share_text(chip, dtype, lang),
    )
    return (
        f'<td class="x4-num" data-sort="{value.si!r}" data-field="{esc(path)}" title="{esc(title)}">'
        f"{format_number(value.si / scale, lang, digits=4)} "
        f'<span class="x4-share">({share_text(chip, dtype, lang)})</span>{source_sup(chip, value, lang)}</td>'
    )


def _number_cells(chip: Accelerator, lang: str, data: DataBundle) -> list[str]:
    """A landscape row's figures: each peak, and after bandwidth, BF16 and FP8 the measured figure beside it."""
    cells = []
    for key, path, scale, _, _ in NUMBER_COLUMNS:
        cells.append(_number_cell(chip, path, scale, lang, data))
        if key in MEASURED_AFTER:
            dtype, measured_scale = MEASURED_AFTER[key]
            cells.append(_measured_cell(chip, dtype, measured_scale, lang, data))
    return cells


def landscape_table_html(lang: str, repo_url: str, data: DataBundle | None = None) -> str:
    """The accelerator table of the current edition, one row per chip, sortable and filterable by x4-table.js."""
    data = data or load_data()
    chips = in_current_edition(data)
    heads = [
        f'<th scope="col">{t("accelerator", lang)}</th>',
        f'<th scope="col">{t("vendor", lang)}</th>',
        f'<th scope="col" data-sortable="true">{t("year", lang)}</th>',
    ]
    for key, _, _, label, unit in NUMBER_COLUMNS:
        name = t(label, lang) if f"data.{label}" in CATALOG else label
        heads.append(
            f'<th scope="col" data-sortable="true" data-column="{key}">{name}<br><span class="x4-unit">{unit}</span></th>'
        )
        if key in MEASURED_AFTER:
            heads.append(
                f'<th scope="col" data-sortable="true" data-column="{key}-measured">{t("measured_head", lang, label=name)}'
                f'<br><span class="x4-unit">{unit}</span></th>'
            )
    heads += [
        f'<th scope="col">{t("scale_up", lang)}</th>',
        f'<th scope="col" data-sortable="true" data-column="scale-up">{t("scale_up_bw", lang)}<br><span class="x4-unit">GB/s</span></th>',
        f'<th scope="col" data-sortable="true" data-column="scale-out">{t("scale_out", lang)}<br><span class="x4-unit">Gb/s</span></th>',
        f'<th scope="col"><span class="x4-sr">{t("report_long", lang)}</span></th>',
    ]
    rows = []
    for chip in chips:
        shown_fields = {path: _published(chip.values.get(path)) for _, path, _, _, _ in NUMBER_COLUMNS}
        for path in ("scale_up.per_direction", "scale_out.per_accelerator"):
            shown_fields[path] = _published(chip.values.get(path))
        for dtype, _ in MEASURED_AFTER.values():
            measured = chip.measured_value(dtype)
            if measured is not None:
                shown_fields[measured_path(dtype)] = measured.text or ""
        url = report_url(repo_url, chip=chip, fields=shown_fields, page=f"{lang_prefix(lang)}landscape/")
        name = chip.display_name(lang)
        cells = [  # the accelerator first: it stays in view while the table scrolls sideways (x4.css)
            f'<th scope="row"><a href="{esc(_relative(lang, f"accelerators/{chip.id}/", "landscape/"))}">{esc(name)}</a></th>',
            f"<td>{esc(chip.vendor)}</td>",
            f'<td class="x4-num" data-sort="{chip.year}">{chip.year}</td>',
            *_number_cells(chip, lang, data),
            f"<td>{esc(chip_text(data, chip, 'scale_up.name', chip.scale_up_name, lang) or NONE)}</td>",
            _number_cell(chip, "scale_up.per_direction", 1e9, lang, data),
            _number_cell(chip, "scale_out.per_accelerator", 1e9, lang, data),
            f'<td><a class="x4-report" href="{esc(url)}" title="{esc(t("report_long", lang))}: {esc(name)}" '
            f'rel="noopener">{t("report", lang)}</a></td>',
        ]
        rows.append(
            f'<tr data-accelerator="{chip.id}" data-vendor="{esc(chip.vendor)}" data-year="{chip.year}">{"".join(cells)}</tr>'
        )
    vendors = sorted({chip.vendor for chip in chips})
    years = sorted({chip.year for chip in chips})
    controls = (
        f'<div class="x4-landscape__controls" hidden>'
        f'<label>{t("filter_vendor", lang)} <select data-filter="vendor"><option value="">{t("all", lang)}</option>'
        + "".join(f'<option value="{esc(v)}">{esc(v)}</option>' for v in vendors)
        + f'</select></label> <label>{t("filter_year", lang)} <select data-filter="year"><option value="">{t("all", lang)}</option>'
        + "".join(f'<option value="{y}">{y}</option>' for y in years)
        + '</select></label> <span class="x4-landscape__status" role="status" aria-live="polite"></span></div>'
    )
    # Templates the table script fills ({shown}, {total}, {column}, {order}).
    labels = " ".join(f'data-label-{k}="{esc(CATALOG[f"data.{k}"][lang])}"' for k in ("count", "sorted", "asc", "desc"))
    legend = "".join(
        f"<li>{esc(t(k, lang, mark=m, none=NONE))}</li>"
        for k, m in (
            ("legend_sparse", SPARSE_MARK),
            ("legend_gib", GIB_MARK),
            ("legend_measured", ""),
            ("legend_null", ""),
        )
    )
    return (
        f'<div class="x4-landscape" data-lang="{lang}" {labels}>{controls}'
        f'<div class="x4-table-wrap"><table class="x4-specs x4-landscape__table">'
        f"<caption>{esc(t('caption', lang))}</caption><thead><tr>{''.join(heads)}</tr></thead>"
        f'<tbody>{"".join(rows)}</tbody></table></div><ul class="x4-legend">{legend}</ul></div>'
    )


def _relative(lang: str, target: str, here: str) -> str:
    """URL of `target` (a page path without language prefix) relative to `here`, both in `lang`."""
    from mkdocs.utils import get_relative_url

    return get_relative_url(lang_prefix(lang) + target, lang_prefix(lang) + here)


def interconnect_table_html(lang: str, data: DataBundle | None = None) -> str:
    """The interconnect hierarchy from data/interconnects.yaml: scope, bandwidth per direction and both, latency, source."""
    data = data or load_data()
    raw = data.raw.get("interconnects") or {}
    sources = {s["id"]: s for s in raw.get("sources", [])}
    heads = "".join(
        f'<th scope="col">{t(k, lang)}</th>'
        for k in ("link", "kind", "scope", "per_direction", "bidirectional", "latency", "source")
    )
    rows = []
    for item in raw.get("items", []):
        link = data.interconnects[item["id"]]
        leaves = item["raw"]

        def said(field: str, english: str | None, link_id: str = link.id) -> str | None:
            return data.text(f"interconnects.yaml#interconnects.{link_id}.{field}", english, lang)

        def bw(which: str, si: float | None, missing: str, leaves: dict = leaves) -> str:
            leaf = leaves.get(which)
            if si is None:
                reason = (
                    said(f"{which}.reason", leaf.get("reason"))
                    if isinstance(leaf, dict) and leaf.get("reason")
                    else t(missing, lang)
                )
                return f'<td class="x4-num"><span class="x4-null" title="{esc(reason)}">{NONE}</span></td>'
            note = said(f"{which}.note", leaf.get("note")) if isinstance(leaf, dict) else None
            titled = f' title="{esc(note)}"' if note else ""
            return f'<td class="x4-num"{titled}>{format_number(si / 1e9, lang, digits=3)}</td>'

        latency = leaves.get("latency")
        latency_note = said("latency.note", latency.get("note")) if isinstance(latency, dict) else None
        latency_cell = (
            f"~{format_quantity(link.latency_s, 's', lang, digits=1)}" if link.latency_s is not None else NONE
        )
        latency_title = f' title="{esc(latency_note)}"' if latency_note else ""
        latency_source = latency.get("source") if isinstance(latency, dict) else None
        cited = [sources[s] for s in dict.fromkeys([link.source, latency_source]) if s in sources]
        source_links = ", ".join(
            f'<a href="{esc(s["url"])}" title="{esc(source_title(s, lang))}" rel="noopener">{esc(s["id"])}</a>'
            for s in cited
        )
        name_note = f' title="{esc(said("note", link.note))}"' if link.note else ""
        rows.append(
            f'<tr data-link="{esc(link.id)}" data-scope="{esc(link.scope)}"><th scope="row"{name_note}>{esc(said("name", link.name))}</th>'
            f"<td>{esc(tr(f'kind.{link.kind}', lang))}</td><td>{esc(tr(f'scope.{link.scope}', lang))}</td>"
            f"{bw('per_direction', link.per_direction_bytes_per_s, 'only_both')}"
            f"{bw('bidirectional', link.bidirectional_bytes_per_s, 'only_one')}"
            f'<td class="x4-num"{latency_title}>{latency_cell}</td>'
            f"<td>{source_links}</td></tr>"
        )
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-links"><thead><tr>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


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
        repo_url, chip=chip, fields={path: _published(value)}, page=f"{lang_prefix(lang)}accelerators/{chip.id}/"
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
        f"<td>{'<br>'.join(notes)}</td>"
        f'<td><a class="x4-report" href="{esc(url)}" rel="noopener">{t("report", lang)}</a></td></tr>'
    )


def _fields_table(rows: list[str], lang: str) -> str:
    heads = "".join(
        f'<th scope="col">{p(k, lang)}</th>' for k in ("field", "published", "converted", "sources", "notes")
    )
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


def chip_page_markdown(chip: Accelerator, lang: str, repo_url: str, data: DataBundle | None = None) -> str:
    """The generated page accelerators/<id>/ of one chip: every field, its source and date, notes, ridge points."""
    data = data or load_data()
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
        fields={k: _published(v) for k, v in chip.values.items()},
        page=f"{lang_prefix(lang)}accelerators/{chip.id}/",
    )
    lines += [
        f"[{p('back', lang)}](index.md) · [{p('landscape', lang).capitalize()}](../landscape.md) · "
        f'<a class="x4-report" href="{esc(url)}" rel="noopener">{t("report_long", lang)}</a>',
        "",
    ]
    overview = [(t("vendor", lang), esc(chip.vendor))]
    for key in (
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
    ):
        if chip.text.get(key) is not None:
            overview.append((p("notes_field" if key == "notes" else key, lang), _text_value(chip, key, lang, data)))
    edition_names = [f"{e} ({p('current', lang)})" if e == current else e for e in editions]
    overview.append((p("editions", lang), esc(", ".join(edition_names))))
    overview.append((p("data_file", lang), f"<code>data/accelerators/{esc(chip.id)}.yaml</code>"))
    lines += [
        f"## {p('overview', lang)} {{ #overview }}",
        "",
        '<div class="x4-table-wrap"><table class="x4-specs x4-chip-overview"><tbody>'
        + "".join(f'<tr><th scope="row">{k}</th><td>{v}</td></tr>' for k, v in overview)
        + "</tbody></table></div>",
        "",
    ]
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
    ridge_rows = _ridge_rows(chip, lang)
    lines += [f"## {p('ridge', lang)} {{ #ridge-points }}", "", p("ridge_intro", lang), ""]
    if ridge_rows:
        heads = "".join(f'<th scope="col">{p(k, lang)}</th>' for k in ("format", "dense_peak", "ridge_point"))
        lines += [
            f'<div class="x4-table-wrap"><table class="x4-specs x4-chip-ridge"><thead><tr>{heads}</tr></thead>'
            f"<tbody>{''.join(ridge_rows)}</tbody></table></div>",
            "",
        ]
    else:
        lines += [p("no_ridge", lang), ""]
    items = "".join(_source_item(chip, source, lang, data) for source in chip.sources)
    lines += [f"## {p('sources', lang)} {{ #sources }}", "", f'<ol class="x4-chip-sources">{items}</ol>', ""]
    return "\n".join(lines)


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
        f"<td>{source}</td><td>{'<br>'.join(how) or NONE}</td><td>{'<br>'.join(notes)}</td>"
        f'<td><a class="x4-report" href="{esc(url)}" rel="noopener">{t("report", lang)}</a></td></tr>'
    )


def _measured_section(chip: Accelerator, lang: str, repo_url: str, data: DataBundle) -> list[str]:
    """The chip page's measured figures beside their peaks, or why there are none."""
    lines = [f"## {p('measured', lang)} {{ #measured }}", "", p("measured_intro", lang), ""]
    if not chip.measured:
        reason = chip_text(data, chip, "measured.reason", chip.measured_reason, lang) or t("measured_other", lang)
        return [*lines, p("no_measured", lang, reason=esc(reason)), ""]
    heads = "".join(
        f'<th scope="col">{p(k, lang)}</th>'
        for k in ("field", "measured_value", "share", "sources", "benchmark", "notes")
    )
    heads += f'<th scope="col"><span class="x4-sr">{t("report_long", lang)}</span></th>'
    rows = "".join(_measured_row(chip, path, lang, repo_url, data) for path in chip.measured)
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


def register(env: Any) -> None:
    """Register landscape_table and interconnect_table with mkdocs-macros."""
    _lang = page_lang
    repo_url = env.conf.get("repo_url")
    if not repo_url:
        raise ValueError("mkdocs.yml has no repo_url: the 'report a wrong number' links need it")

    @env.macro
    def landscape_table() -> str:
        """Every accelerator in data/: the sortable, filterable landscape table with sources per value."""
        env.page.meta["x4_table"] = True
        return landscape_table_html(_lang(env), repo_url)

    @env.macro
    def interconnect_table() -> str:
        """The interconnect hierarchy from data/interconnects.yaml, in the page's language."""
        return interconnect_table_html(_lang(env))
