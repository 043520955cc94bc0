# The chapters' macros: figures from data/ and calc, formatted for the page's language (no arithmetic here).
from __future__ import annotations

import functools
import html as _html
from collections.abc import Callable
from typing import Any

import calc as _calc
from tools.common import page_lang
from tools.messages import t

MACROS: list[Callable[..., str]] = []


def macro(function: Callable[..., str]) -> Callable[..., str]:
    """Collect a chapter macro; each takes the page's language first, filled in by `register`."""
    MACROS.append(function)
    return function


def register(env: Any) -> None:
    """Register the chapters' macros with mkdocs-macros, each in the language of the page it renders."""
    for function in MACROS:
        env.macro(_in_page_language(env, function))


def _in_page_language(env: Any, function: Callable[..., str]) -> Callable[..., str]:
    @functools.wraps(function)
    def in_page_language(*args: Any, **kwargs: Any) -> str:
        return function(page_lang(env), *args, **kwargs)

    return in_page_language


_RIDGE_DTYPES = ("fp64", "bf16", "fp8", "fp4")


@macro
def ridge_table(lang: str, dtypes: list[str] | None = None) -> str:
    """Every accelerator's ridge point (dense peak / memory bandwidth) per number format, from calc."""
    chosen = tuple(dtypes) if dtypes else _RIDGE_DTYPES
    head = f'<th scope="col">{t("ridge.accelerator", lang)}</th><th scope="col">{t("ridge.bandwidth", lang)}</th>'
    head += "".join(f'<th scope="col">{t("ridge.ridge", lang, d=d.upper())}</th>' for d in chosen)
    rows = []
    for chip in _calc.load_data().accelerators.values():
        bandwidth = chip.memory_bandwidth_bytes_per_s
        if bandwidth is None:
            continue
        cells = [_calc.format_number(bandwidth / 1e12, lang, digits=3)]
        for dtype in chosen:
            peak = chip.dense_flop_per_s.get(dtype)
            if peak is None:
                cells.append(t("ridge.none", lang))
            else:
                ridge = _calc.ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=bandwidth)
                cells.append(_calc.format_number(ridge, lang, digits=3))
        tds = "".join(f'<td class="x4-num">{c}</td>' for c in cells)
        rows.append(
            f'<tr data-accelerator="{chip.id}"><th scope="row">{_html.escape(chip.display_name(lang))}</th>{tds}</tr>'
        )
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-ridge"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


@macro
def ridge(lang: str, accelerator: str, dtype: str = "bf16") -> str:
    """One chip's ridge point for a dense format, e.g. ridge('h100-sxm', 'bf16') -> '295 FLOP/byte'."""
    chip = _calc.load_data().accelerator(accelerator)
    value = _calc.ridge_point(
        peak_flop_per_s=chip.peak_flop_per_s(dtype), bandwidth_bytes_per_s=chip.memory_bandwidth_bytes_per_s or 0.0
    )
    return f"{_calc.format_number(value, lang, digits=3)} FLOP/byte"


def _measured_figure(accelerator: str, what: str) -> tuple[_calc.Accelerator, str | None]:
    chip = _calc.load_data().accelerator(accelerator)
    dtype = None if what == "memory_bandwidth" else what
    if chip.achievable_share(dtype) is None:
        raise ValueError(f"{accelerator}: data/ has no measured {what} (measured.{what})")
    return chip, dtype


@macro
def measured(lang: str, accelerator: str, what: str = "bf16") -> str:
    """A chip's measured figure from data/ (its `measured` section): the best dense matmul in a format, e.g.
    measured('h100-sxm', 'bf16') -> '794.5 TFLOP/s', or measured('h100-sxm', 'memory_bandwidth') -> '2.97 TB/s'."""
    chip, dtype = _measured_figure(accelerator, what)
    value = chip.achievable_memory_bandwidth_bytes_per_s if dtype is None else chip.achievable_flop_per_s[dtype]
    return _calc.format_quantity(float(value or 0), "B/s" if dtype is None else "FLOP/s", lang, digits=4)


@macro
def measured_share(lang: str, accelerator: str, what: str = "bf16") -> str:
    """A measured figure's share of its datasheet peak (calc's Accelerator.achievable_share), e.g. '80 %'."""
    chip, dtype = _measured_figure(accelerator, what)
    return f"{_calc.format_number(float(chip.achievable_share(dtype) or 0) * 100, lang, digits=2)} %"


def _ratio_text(value: float, lang: str) -> str:
    return _calc.format_number(value, lang, digits=2)


def _join(names: list[str], lang: str) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + t("ratio.and", lang) + names[-1]


@macro
def doubling_exceptions(lang: str, wide: str, narrow: str) -> str:
    """The chips in data/ whose dense `narrow` peak is not twice their dense `wide` peak, grouped by ratio,
    e.g. doubling_exceptions('bf16', 'fp8') -> 'FP8 = BF16 on Gaudi 3, TPU v5p and TPU v6e; ...'.
    A ratio within 5 % of 2 counts as doubling; chips lacking either figure are left out."""
    groups: dict[str, list[str]] = {}
    for chip in _calc.load_data().accelerators.values():
        low, high = chip.dense_flop_per_s.get(wide), chip.dense_flop_per_s.get(narrow)
        if not low or not high or abs(high / low - 2) <= 0.1:
            continue
        ratio = _ratio_text(high / low, lang)
        rule = (
            t("ratio.same", lang, narrow=narrow.upper(), wide=wide.upper())
            if ratio == "1"
            else t("ratio.times", lang, narrow=narrow.upper(), wide=wide.upper(), ratio=ratio)
        )
        groups.setdefault(rule, []).append(_html.escape(chip.name))
    if not groups:
        return t("ratio.none", lang)
    return "; ".join(t("ratio.group", lang, names=_join(names, lang), rule=rule) for rule, names in groups.items())


@macro
def sparse_exceptions(lang: str) -> str:
    """The chips in data/ whose sparse headline is not twice the dense peak of the same format, with the ratio,
    e.g. 'B300: 1.3 × in FP4; Trainium2 (Trn2): 3.8 × in BF16'. Within 5 % of 2 counts as doubling."""
    found = []
    for chip in _calc.load_data().accelerators.values():
        odd = [
            t("ratio.sparse", lang, dtype=dtype.upper(), ratio=_ratio_text(sparse / dense, lang))
            for dtype, sparse in chip.sparse_headline_flop_per_s.items()
            if sparse and (dense := chip.dense_flop_per_s.get(dtype)) and abs(sparse / dense - 2) > 0.1
        ]
        if odd:
            found.append(t("ratio.chip", lang, name=_html.escape(chip.name), rules=", ".join(odd)))
    return "; ".join(found) if found else t("ratio.none", lang)


@macro
def roofline_figure(
    lang: str, accelerators: list[str], kernels: dict[str, str], caption: str, dtype: str = "bf16"
) -> str:
    """A prerendered roofline of a few chips with matmul kernels on the first, drawn by calc.

    `kernels` maps a label (in the page's language) to a matmul shape "M K N"; calc's matmul calculator
    gives each one's arithmetic intensity. The chart's ids are its own, so it can share a page with a
    calculator's chart.
    """
    points = []
    for label, shape in kernels.items():
        m, k, n = shape.split()
        outcome = _calc.run("matmul", {"m": m, "k": k, "n": n, "accelerator": accelerators[0]}, "en")
        if not outcome["ok"]:
            raise ValueError(f"roofline_figure: {label}: {outcome['message']}")
        points.append((label, outcome["quantities"]["intensity_flop_per_byte"]))
    svg = _calc.roofline_svg(
        accelerators=accelerators, dtype=dtype, points=points, highlight=accelerators[0], lang=lang
    )
    svg = svg.replace("x4-roof-", "x4-figure-roof-")
    return f'<figure class="x4-figure">{svg}<figcaption>{caption}</figcaption></figure>'


@macro
def chip_name(lang: str, accelerator: str) -> str:
    """The display name of an accelerator in data/ in the page's language (e.g. 'H100 SXM')."""
    return _calc.load_data().accelerator(accelerator).display_name(lang)


@macro
def swept_chips(lang: str) -> str:
    """The edition's chips whose data holds a measured AllReduce sweep over message sizes, joined in the page's
    language ('A100 SXM and H200 SXM'): what the planner and the AllReduce calculator read at each size."""
    data = _calc.load_data()
    names = [chip.display_name(lang) for chip in data.accelerators.values() if chip.allreduce_sweep]
    if not names:
        raise ValueError("no accelerator in data/ has a measured AllReduce sweep")
    return _join(names, lang)


@macro
def internal(lang: str, accelerator: str, field: str, unit: str | None = None) -> str:
    """One numeric chip-internals figure from data/ (an `internals` field) in the page's language, e.g.
    internal('h100-sxm', 'units') -> '132', internal('h100-sxm', 'shared_memory_per_unit') -> '228 KB' (sizes
    in the unit their source writes), internal('h100-sxm', 'boost_clock_mhz', 'GHz') -> '1.83 GHz'."""
    chip = _calc.load_data().accelerator(accelerator)
    value = chip.internals.get(f"internals.{field}")
    if value is None:
        raise KeyError(f"{accelerator}: no internals field {field!r} in data/")
    if value.si is None:
        raise ValueError(f"{accelerator}: internals.{field} is null ({value.reason or 'text field'})")
    if value.dimension == "bytes":  # "228 KB", "64 KiB": the number localized, the unit as published
        number, _, written_unit = (value.text or "").partition(" ")
        return f"{_calc.format_number(float(number), lang, digits=4)} {written_unit}"
    if unit is None:
        return _calc.format_number(value.si, lang, digits=4)
    if field != "boost_clock_mhz" or unit not in ("MHz", "GHz"):
        raise ValueError(f"internal({accelerator!r}, {field!r}): unit {unit!r} applies only to a clock (MHz, GHz)")
    return f"{_calc.format_number(value.si / (1e3 if unit == 'GHz' else 1.0), lang, digits=4)} {unit}"


_INTERNALS_COLUMNS: tuple[str, ...] = (
    "units",
    "matrix_units_per_unit",
    "boost_clock_mhz",
    "shared_memory_per_unit",
    "register_file_per_unit",
)


@macro
def internals_table(lang: str, accelerators: list[str], head: list[str]) -> str:
    """Chips side by side from data/ internals: units, matrix units per unit, clock (MHz), shared memory and
    register file per unit, then the L2 or last-level cache (on_chip.l2). `head` holds the page's 7 column
    titles (chip first). An unknown figure is a dash whose tooltip gives data/'s reason in the page's language."""
    if len(head) != 2 + len(_INTERNALS_COLUMNS):
        raise ValueError(f"internals_table: {len(head)} column titles for {2 + len(_INTERNALS_COLUMNS)} columns")
    data = _calc.load_data()

    def cell(chip: Any, key: str, text: str | None) -> str:
        value = chip.values.get(key) if key.startswith("on_chip.") else chip.internals.get(key)
        if value is None or value.si is None:
            english = value.reason if value is not None else None
            reason = data.text(f"accelerators/{chip.id}.yaml#{key}.reason", english, lang) or ""
            return f'<td class="x4-num"><span class="x4-null" title="{_html.escape(reason)}">—</span></td>'
        return f'<td class="x4-num">{text}</td>'

    rows = []
    for chip_id in accelerators:
        chip = data.accelerator(chip_id)
        cells = []
        for field in _INTERNALS_COLUMNS:
            known = chip.internals.get(f"internals.{field}")
            shown = internal(lang, chip_id, field) if known is not None and known.si is not None else None
            cells.append(cell(chip, f"internals.{field}", shown))
        l2 = chip.values.get("on_chip.l2")
        cells.append(cell(chip, "on_chip.l2", _html.escape(l2.text or "") if l2 and l2.si is not None else None))
        rows.append(
            f'<tr data-accelerator="{chip.id}"><th scope="row">{_html.escape(chip.display_name(lang))}</th>'
            f"{''.join(cells)}</tr>"
        )
    return _table(head, rows, "x4-internals")


@macro
def latency(lang: str, latency_id: str) -> str:
    """A typical latency from data/ (load_data().latencies), with the best time prefix."""
    found = getattr(_calc.load_data(), "latencies", {}).get(latency_id)
    if found is None:
        raise KeyError(f"no latency {latency_id!r} in data/")
    return _calc.format_quantity(found.typical_s, "s", lang)


@macro
def price(lang: str, accelerator: str, which: str = "typical") -> str:
    """Cloud price per accelerator-hour from data/ economics, e.g. '$3 / h' (which: low, typical, high)."""
    value = getattr(_calc.load_data().economics.price(accelerator), which)
    return _calc.format_money(value, lang, per="h")


@macro
def priced_chips(lang: str, which: str = "count") -> str:
    """The edition's accelerators by whether data/ economics has a cloud price for them, the split the chooser
    ranks by cost: which = 'count' (priced), 'unpriced_count', 'total', or 'unpriced' (their names, joined)."""
    data = _calc.load_data()
    priced = data.economics.accelerator_hour_usd
    unpriced = [chip for chip_id, chip in data.accelerators.items() if chip_id not in priced]
    counts = {"count": len(data.accelerators) - len(unpriced), "unpriced_count": len(unpriced)}
    counts["total"] = len(data.accelerators)
    if which == "unpriced":
        return _join([_html.escape(chip.display_name(lang)) for chip in unpriced], lang) or t("ratio.none", lang)
    return _calc.format_number(counts[which], lang)


@macro
def chooser_best(lang: str, workload: str, rank_by: str = "cost") -> str:
    """The display name of the chooser's first choice for one of its workloads at its defaults."""
    best = _calc.chooser(workload=workload, rank_by=rank_by).quantities["best"]
    if not isinstance(best, str):
        raise ValueError(f"the chooser has no first choice for {workload!r}")
    return _html.escape(_calc.load_data().accelerator(best).display_name(lang))


@macro
def weights(lang: str, params: str, weight_format: str = "bf16") -> str:
    """Bytes of a model's weights in a storage format, e.g. weights('70B', 'fp8') -> '70 GB'."""
    count = _calc.parse_si_number(str(params), field="params")
    return _calc.format_quantity(_calc.weight_bytes(params=count, weight_format=weight_format), "B", lang)


def _table(head: list[str], rows: list[str], css: str) -> str:
    cols = "".join(f'<th scope="col">{h}</th>' for h in head)
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs {css}"><thead><tr>{cols}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


@macro
def failure_table(lang: str) -> str:
    """The edition's published root causes of a large run's interruptions (Llama 3 405B, Table 5), one row per
    cause: component, category, count, the share printed beside it and the share its count gives (calc)."""
    rows = []
    for cause in _calc.failure_causes():
        printed, share = float(cause["printed_share"]), float(cause["share"])
        cells = [
            _html.escape(t(f"failure.category.{cause['category']}", lang)),
            _calc.format_number(float(cause["count"]), lang),
            f"{_calc.format_number(100 * printed, lang, digits=3)} %",
            f"{_calc.format_number(100 * share, lang, digits=3)} %",
        ]
        tds = "".join(f'<td class="x4-num">{c}</td>' if i else f"<td>{c}</td>" for i, c in enumerate(cells))
        name = _html.escape(t(f"failure.cause.{cause['id']}", lang))
        rows.append(f'<tr data-cause="{_html.escape(str(cause["id"]))}"><th scope="row">{name}</th>{tds}</tr>')
    if not rows:
        raise ValueError("data/training.yaml: the default failure report has no causes")
    head = [t(f"failure.col.{k}", lang) for k in ("component", "category", "count", "printed", "share")]
    return _table(head, rows, "x4-failures")


@macro
def failure_report(lang: str, figure: str) -> str:
    """A count of the edition's failure report (data/training.yaml), in the page's numbers: accelerators, days,
    interruptions, unexpected, or planned (interruptions less the unexpected ones); e.g. 'interruptions' -> '466'."""
    figures = _calc.load_data().training
    if figures is None:
        raise ValueError("data/training.yaml: no failure report")
    report = figures.failure_report()
    unexpected = report.unexpected if report.unexpected is not None else float("nan")
    values = {
        "accelerators": report.accelerators,
        "days": report.days,
        "interruptions": report.interruptions,
        "unexpected": unexpected,
        "planned": report.interruptions - unexpected,
    }
    if figure not in values or values[figure] != values[figure]:
        raise ValueError(f"data/training.yaml: the failure report has no {figure!r}")
    return _calc.format_number(values[figure], lang, digits=6)


@macro
def checkpoint_storage(lang: str, which: str = "sustained") -> str:
    """The edition's default checkpoint storage bandwidth from data/training.yaml (sustained or peak), e.g. '2 TB/s'."""
    figures = _calc.load_data().training
    storage = figures.storage() if figures is not None else None
    if storage is None:
        raise ValueError("data/training.yaml: no default checkpoint storage")
    value = {"sustained": storage.sustained_bytes_per_s, "peak": storage.peak_bytes_per_s}[which]
    return _calc.format_quantity(value, "B/s", lang)


@macro
def latency_table(lang: str) -> str:
    """Every latency in data/ (load_data().latencies): typical value and low–high range, page language."""
    rows = []
    data = _calc.load_data()
    for item in data.latencies.values():
        span = (
            "—"
            if item.low_s is None or item.high_s is None
            else (f"{_calc.format_quantity(item.low_s, 's', lang)} – {_calc.format_quantity(item.high_s, 's', lang)}")
        )
        rows.append(
            f'<tr data-latency="{item.id}"><th scope="row">'
            f"{_html.escape(data.text(f'latencies.yaml#latencies.{item.id}.name', item.name, lang) or '')}</th>"
            f'<td class="x4-num">{_calc.format_quantity(item.typical_s, "s", lang)}</td><td class="x4-num">{span}</td></tr>'
        )
    return _table([t(f"num.{k}", lang) for k in ("latency", "typical", "range")], rows, "x4-latencies")


@macro
def price_table(lang: str) -> str:
    """Cloud price per accelerator-hour for every priced chip in data/ economics (low, typical, high)."""
    data = _calc.load_data()
    rows = []
    for chip_id, item in data.economics.accelerator_hour_usd.items():
        cells = "".join(
            f'<td class="x4-num">{_calc.format_number(v, lang)}</td>' for v in (item.low, item.typical, item.high)
        )
        rows.append(
            f'<tr data-accelerator="{chip_id}"><th scope="row">'
            f"{_html.escape(data.accelerator(chip_id).display_name(lang))}</th>{cells}</tr>"
        )
    return _table([t(f"num.{k}", lang) for k in ("chip", "low", "mid", "high")], rows, "x4-prices")


@macro
def system_power(lang: str, system_id: str, which: str = "max") -> str:
    """A node's, rack's or pod's published power from data/systems.yaml (which: max or typical), e.g. '10.2 kW'."""
    system = _calc.load_data().systems.get(system_id)
    if system is None:
        raise KeyError(f"no system {system_id!r} in data/; known: {', '.join(_calc.load_data().systems)}")
    watts = {"max": system.power_max_w, "typical": system.power_typical_w}[which]
    if watts is None:
        raise ValueError(f"{system_id}: no {which} power in data/")
    return _calc.format_quantity(watts, "W", lang)


@macro
def system_name(lang: str, system_id: str) -> str:
    """The display name of a system in data/systems.yaml (e.g. 'NVIDIA DGX H100')."""
    data = _calc.load_data()
    return data.system_words(data.systems[system_id]).render(lang)


@macro
def economics_value(lang: str, name: str, which: str = "typical") -> str:
    """A facility/energy figure from data/ economics: pue, electricity_usd_per_kwh or grid_carbon_g_per_kwh."""
    value = getattr(getattr(_calc.load_data().economics, name), which)
    return _calc.format_number(value, lang)
