# Data pages: the landscape and interconnect tables formatted from calc's data, and the helpers the chip pages share.
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from calc import format_number, format_quantity, load_data
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
    """A small superscript link to a value's source, numbered as in the chip's source list: the link itself is
    raised (x4-table.css), one element per figure where a <sup> around it made two."""
    source = source_of(chip, value.source)
    number = chip.sources.index(source) + 1
    return (
        f'<a class="x4-src" href="{esc(source["url"])}" title="{esc(source_title(source, lang))}" '
        f'rel="noopener">{number}</a>'
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


def published_text(value: SourcedValue | None) -> str:
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


def _null_cell(path: str, reason: str, mark: str = "") -> str:
    """A figure the table does not have: a dash, the cell titled with the reason (the cell itself, not a span in
    it: a hundred of the table's cells are dashes)."""
    return f'<td class="x4-num x4-null" data-field="{esc(path)}" title="{esc(reason)}">{NONE}{mark}</td>'


def _number_cell(chip: Accelerator, path: str, scale: float, lang: str, data: DataBundle) -> str:
    value = chip.values.get(path)
    mark = _sparse_mark(chip, path, lang, data)
    if value is None or value.si is None:
        reason = (
            chip_text(data, chip, f"{path}.reason", value.reason, lang)
            if value is not None and value.reason
            else t("absent", lang)
        )
        return _null_cell(path, reason, mark)
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
        return _null_cell(path, reason)
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
    heads = _landscape_heads(lang)
    rows = [_landscape_row(chip, lang, repo_url, data) for chip in chips]
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
        f'<div class="x4-landscape" data-lang="{lang}" {labels}>{_landscape_controls(chips, lang)}'
        f'<div class="x4-table-wrap"><table class="x4-specs x4-landscape__table">'
        # The caption's text wraps to the table's box and stays in it while the table scrolls (x4-table.css).
        f'<caption><span class="x4-caption">{esc(t("caption", lang))}</span></caption>'
        f"<thead><tr>{''.join(heads)}</tr></thead>"
        f'<tbody>{"".join(rows)}</tbody></table></div><ul class="x4-legend">{legend}</ul></div>'
    )


def _landscape_heads(lang: str) -> list[str]:
    """The table's column heads: accelerator, vendor, year, each figure (a measured one after its peak), links."""
    heads = [
        f'<th scope="col">{t("accelerator", lang)}</th>',
        f'<th scope="col">{t("vendor", lang)}</th>',
        f'<th scope="col" data-sortable="true">{t("year", lang)}</th>',
    ]
    for key, _, _, label, unit in NUMBER_COLUMNS:
        name = t(label, lang) if f"data.{label}" in CATALOG else label
        heads.append(
            f'<th scope="col" data-sortable="true" data-column="{key}">{name} <span class="x4-unit">{unit}</span></th>'
        )
        if key in MEASURED_AFTER:
            heads.append(
                f'<th scope="col" data-sortable="true" data-column="{key}-measured">{t("measured_head", lang, label=name)}'
                f' <span class="x4-unit">{unit}</span></th>'
            )
    return [
        *heads,
        f'<th scope="col">{t("scale_up", lang)}</th>',
        f'<th scope="col" data-sortable="true" data-column="scale-up">{t("scale_up_bw", lang)} <span class="x4-unit">GB/s</span></th>',
        f'<th scope="col" data-sortable="true" data-column="scale-out">{t("scale_out", lang)} <span class="x4-unit">Gb/s</span></th>',
        f'<th scope="col"><span class="x4-sr">{t("report_long", lang)}</span></th>',
    ]


def _landscape_row(chip: Accelerator, lang: str, repo_url: str, data: DataBundle) -> str:
    """One chip's row: its name linking to its page, its figures, and a link to report a wrong one."""
    shown_fields = {path: published_text(chip.values.get(path)) for _, path, _, _, _ in NUMBER_COLUMNS}
    for path in ("scale_up.per_direction", "scale_out.per_accelerator"):
        shown_fields[path] = published_text(chip.values.get(path))
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
    return f'<tr data-accelerator="{chip.id}" data-vendor="{esc(chip.vendor)}" data-year="{chip.year}">{"".join(cells)}</tr>'


def _landscape_controls(chips: list[Accelerator], lang: str) -> str:
    """The vendor and year filters and the status line (hidden until the table script runs)."""
    vendors = sorted({chip.vendor for chip in chips})
    years = sorted({chip.year for chip in chips})
    return (
        f'<div class="x4-landscape__controls" hidden>'
        f'<label>{t("filter_vendor", lang)} <select data-filter="vendor"><option value="">{t("all", lang)}</option>'
        + "".join(f'<option value="{esc(v)}">{esc(v)}</option>' for v in vendors)
        + f'</select></label> <label>{t("filter_year", lang)} <select data-filter="year"><option value="">{t("all", lang)}</option>'
        + "".join(f'<option value="{y}">{y}</option>' for y in years)
        + '</select></label> <span class="x4-landscape__status" role="status" aria-live="polite"></span></div>'
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
