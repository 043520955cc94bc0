# The "How close are the models?" page: every published run of data/validation.yaml beside X4's figure (calc does
# the arithmetic; this module formats it in the page's language).
from __future__ import annotations

import html
from typing import Any

import calc
from tools.common import page_lang
from tools.messages import t


def _figure(value: float, unit: str, lang: str) -> str:
    number = calc.format_number(value, lang)
    return f"{number} {unit}".rstrip() if unit != "%" else f"{number} %"


def _label(row: calc.Comparison, lang: str) -> str:
    """A run as the page names it: the model and its variant, then the accelerators in the page's numbers."""
    data = calc.load_data()
    name = data.text(f"validation.yaml#runs.{row.id}.name", row.name, lang) or row.name
    chips = row.inputs.get("accelerator")
    if "count" not in row.inputs or chips is None:
        return name
    count = calc.format_number(float(row.inputs["count"]), lang, digits=6)
    return f"{name} · {count} × {data.accelerator(chips).display_name(lang)}"


def _calculator_link(row: calc.Comparison, lang: str) -> str:
    """A link to the run's calculator page with its inputs filled in."""
    pages = {"parallelism": "parallelism", "serving": "serving", "allreduce": "interconnects"}
    query = "&amp;".join(
        f"{html.escape(row.calculator)}.{html.escape(k)}={html.escape(v)}" for k, v in row.inputs.items()
    )
    target = f"../{pages.get(row.calculator, row.calculator)}/?{query}"
    return f'<a href="{target}">{html.escape(t("validation.open", lang))}</a>'


def validation_table(lang: str, group: str | None = None) -> str:
    """The runs of one group (or all) as a table: run, published, X4, ratio, within the tolerance, where."""
    data = calc.load_data()
    rows = []
    reasons: list[str] = []  # each known miss's reason once, numbered in the order the table meets it
    for row in calc.comparisons():
        if group is not None and row.group != group:
            continue
        name = _label(row, lang)
        where = data.text(f"validation.yaml#runs.{row.id}.where", row.where, lang) or row.where
        verdict = t("validation.within" if row.within else "validation.outside", lang)
        if row.known_miss:
            miss = data.text(f"validation.yaml#runs.{row.id}.known_miss", row.known_miss, lang) or row.known_miss
            if miss not in reasons:
                reasons.append(miss)
            verdict = f"{t('validation.known_miss', lang)} ({reasons.index(miss) + 1})"
        tolerance = calc.format_number(100 * row.tolerance, lang)
        rows.append(
            f'<tr data-run="{row.id}" data-within="{str(row.within).lower()}"><th scope="row">{html.escape(name)}</th>'
            f'<td class="x4-num">{_figure(row.published, row.unit, lang)}</td>'
            f'<td class="x4-num">{_figure(row.predicted, row.unit, lang)}</td>'
            f'<td class="x4-num">{calc.format_number(row.ratio, lang)}</td>'
            f'<td class="x4-num">{calc.format_number(row.speed_ratio, lang)}</td>'
            f"<td>{verdict} (± {tolerance} %)</td>"
            f"<td>{html.escape(where)} · {_calculator_link(row, lang)}</td></tr>"
        )
    head = [
        t(f"validation.col.{key}", lang) for key in ("run", "published", "x4", "ratio", "speed", "verdict", "where")
    ]
    cols = "".join(f'<th scope="col">{h}</th>' for h in head)
    notes = "".join(f"<li>{html.escape(reason)}</li>" for reason in reasons)
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-validation"><thead><tr>{cols}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        + (f'<p>{t("validation.misses", lang)}</p><ol class="x4-validation-misses">{notes}</ol>' if notes else "")
    )


def validation_summary(lang: str, group: str | None = None) -> str:
    """How many runs fall within their tolerance, and the median absolute error, for one group or all."""
    rows = [row for row in calc.comparisons() if group is None or row.group == group]
    within = sum(row.within for row in rows)
    error = calc.format_number(100 * calc.median_absolute_error(rows), lang, digits=2)
    return t("validation.summary", lang, within=str(within), total=str(len(rows)), error=error)


def validation_group_text(lang: str, group: str, what: str) -> str:
    """A group's convention or note, in the page's language."""
    data = calc.load_data()
    raw: dict[str, Any] = data.raw.get("validation") or {}
    found = next(g for g in raw["groups"] if g["id"] == group)
    return data.text(f"validation.yaml#groups.{group}.{what}", found[what], lang) or found[what]


def validation_chart(lang: str) -> str:
    """The ratios twice: labels over the dots for a phone, beside them for a wide page. The narrow drawing is in
    the page (the one shown without scripts); the wide one waits before it in a <template> that x4-later.js stamps
    out once the figure is wide enough for it, and before printing. Then x4.css shows the one that fits the
    figure's width (the other is not rendered, so it is not read out either). Both hold the same words."""
    rows = tuple((_label(row, lang), row.speed_ratio, *row.speed_band, row.within) for row in calc.comparisons())
    narrow = calc.ratio_chart_svg(rows=rows, lang=lang).replace('class="x4-chart"', 'class="x4-chart x4-chart--narrow"')
    wide = (
        calc.ratio_chart_svg(rows=rows, lang=lang, width=720)
        .replace("x4-ratio-", "x4-ratio-wide-")
        .replace('class="x4-chart"', 'class="x4-chart x4-chart--wide"')
    )
    return (
        f'<figure class="x4-figure x4-figure--responsive"><template class="x4-wide">{wide}</template>{narrow}</figure>'
    )


def register(env: Any) -> None:
    @env.macro
    def validation(group: str | None = None) -> str:
        return validation_table(page_lang(env), group)

    @env.macro
    def validation_overview(group: str | None = None) -> str:
        return validation_summary(page_lang(env), group)

    @env.macro
    def validation_text(group: str, what: str = "note") -> str:
        return validation_group_text(page_lang(env), group, what)

    @env.macro
    def validation_ratios() -> str:
        return validation_chart(page_lang(env))
