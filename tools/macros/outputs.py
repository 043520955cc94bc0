# The chapters' macros for interconnects, sources, models and the calculators' outputs (registered with the
# others by content.register): figures from data/ and calc, formatted for the page's language.
from __future__ import annotations

import html as _html
from typing import Any

import calc as _calc
from tools.messages import t

from .content import macro

_SOURCE_SECTIONS = ("models", "interconnects", "latencies", "economics", "systems", "training")


@macro
def data_sources(lang: str) -> str:
    """Every distinct source in load_data() as a Markdown list: linked title, checked date, who cites it."""
    data = _calc.load_data()
    found: dict[str, dict[str, Any]] = {}
    cited: dict[str, list[str]] = {}

    def add(source: dict[str, Any], by: str) -> None:
        key = source.get("url") or source.get("title") or source["id"]
        if key not in found:
            found[key] = source
            cited[key] = []
        if by not in cited[key]:
            cited[key].append(by)

    for chip in data.accelerators.values():
        for source in chip.sources:
            add(source, chip.display_name(lang))
    for section in _SOURCE_SECTIONS:
        raw = data.raw.get(section)
        if isinstance(raw, dict):
            for source in raw.get("sources") or []:
                add(source, t(f"source.sections.{section}", lang))
    if not found:
        raise ValueError("load_data() lists no sources")
    lines = []
    for key in sorted(found, key=lambda k: str(found[k].get("title", k)).lower()):
        source = found[key]
        title = _html.escape(str(source.get("title") or source["id"])).replace("[", "&#91;").replace("]", "&#93;")
        # A document's title as it words it: marked English on the Spanish page (the one English it keeps).
        title = f"<cite>{title}</cite>" if lang == "en" else f'<cite lang="en">{title}</cite>'
        link = f"[{title}]({source['url']})" if source.get("url") else title
        checked = f" — {t('source.checked', lang)} {source['checked']}" if source.get("checked") else ""
        lines.append(f"- {link}{checked}; {t('source.cited_by', lang)}: {', '.join(cited[key])}.")
    return "\n".join(lines)


@macro
def model_params(lang: str, model_id: str, which: str = "params") -> str:
    """A reference model's parameter count from data/ as prose writes it: model_params('deepseek-v3', 'active_params') -> '37B'."""
    model = _calc.load_data().model(model_id)
    value = {"params": model.params, "active_params": model.active_params}[which]
    return _calc.format_count(value, lang)  # 46.7B; in Spanish «46 700 millones»


@macro
def model_value(lang: str, model_id: str, field: str) -> str:
    """A reference model's shape value from data/ (layers, hidden_size, kv_heads, context_length, ...)."""
    value = getattr(_calc.load_data().model(model_id), field)
    if value is None:
        raise ValueError(f"{model_id}: {field} is not set in data/")
    return _calc.format_number(float(value), lang)


@macro
def link(lang: str, link_id: str, which: str = "per_direction", unit: str = "GB/s") -> str:
    """An interconnect's bandwidth (per_direction or bidirectional) or latency from data/ interconnects."""
    found = _calc.load_data().interconnects.get(link_id)
    if found is None:
        raise KeyError(f"no interconnect {link_id!r} in data/; known: {', '.join(_calc.load_data().interconnects)}")
    if which == "latency":
        if found.latency_s is None:
            raise ValueError(f"{link_id}: no latency in data/")
        return _calc.format_quantity(found.latency_s, "s", lang)
    value = {"per_direction": found.per_direction_bytes_per_s, "bidirectional": found.bidirectional_bytes_per_s}[which]
    if value is None:
        raise ValueError(f"{link_id}: no {which} bandwidth in data/")
    factor = {"GB/s": 1e9, "TB/s": 1e12, "Gb/s": 1.25e8}[unit]
    return f"{_calc.format_number(value / factor, lang, digits=3)} {unit}"


@macro
def link_table(lang: str, ids: list[str] | None = None) -> str:
    """The interconnect hierarchy from data/ (die-to-die out to storage): bandwidth per direction, both, latency."""
    links = _calc.load_data().interconnects
    chosen = [links[i] for i in ids] if ids else list(links.values())
    head = "".join(
        f'<th scope="col">{t(f"link.{k}", lang)}</th>'
        for k in ("link", "kind", "per_direction", "bidirectional", "latency")
    )
    rows = []
    data = _calc.load_data()
    for item in chosen:
        cells = [
            _html.escape(t(f"kind.{item.kind}", lang)),
            "—"
            if item.per_direction_bytes_per_s is None
            else _calc.format_number(item.per_direction_bytes_per_s / 1e9, lang),
            "—"
            if item.bidirectional_bytes_per_s is None
            else _calc.format_number(item.bidirectional_bytes_per_s / 1e9, lang),
            "—" if item.latency_s is None else _calc.format_quantity(item.latency_s, "s", lang),
        ]
        tds = "".join(f'<td class="x4-num">{c}</td>' for c in cells)
        name = data.text(f"interconnects.yaml#interconnects.{item.id}.name", item.name, lang) or ""
        rows.append(f'<tr data-link="{item.id}"><th scope="row">{_html.escape(name)}</th>{tds}</tr>')
    return (
        f'<div class="x4-table-wrap"><table class="x4-specs x4-links"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _resolve_input(value: Any) -> Any:
    """'link:ID' -> that interconnect's per-direction GB/s; 'nvlink:CHIP' -> the chip's scale-up GB/s per direction;
    'nic:CHIP' -> the chip's scale-out GB/s per direction; 'weights:MODEL' -> its BF16 weight bytes;
    anything else unchanged (parsed by calc)."""
    if not isinstance(value, str) or ":" not in value:
        return value
    kind, _, ident = value.partition(":")
    data = _calc.load_data()
    figure = {
        "link": lambda: data.interconnects[ident].per_direction_bytes_per_s,
        "nvlink": lambda: data.accelerator(ident).scale_up_per_direction_bytes_per_s,
        "nic": lambda: (data.accelerator(ident).scale_out_bits_per_s or 0) / 8 or None,
    }.get(kind)
    if figure is not None:
        bytes_per_s = figure()
        if bytes_per_s is None:
            raise ValueError(f"{value}: data/ has no such bandwidth")
        return repr(bytes_per_s / 1e9)
    if kind == "weights":  # BF16 weight bytes of a data/ model
        return repr(_calc.weight_bytes(params=data.model(ident).params))
    return value


@macro
def serving_curve(lang: str, **inputs: Any) -> str:
    """The serving calculator's latency-throughput chart for these inputs (written as in English), inline."""
    outcome = _calc.run("serving", {**inputs, "sweep": "on"}, lang)
    if not outcome["ok"] or not outcome.get("svg"):
        raise ValueError(f"serving_curve({inputs}): {outcome.get('message', 'no chart')}")
    # Its own element ids, so the calculator's live chart on the same page does not repeat them.
    svg = outcome["svg"].replace('"x4-serve-', '"x4-serve-figure-').replace(" x4-serve-", " x4-serve-figure-")
    return f'<div class="x4-calc__plot">{svg}</div>'


@macro
def calc_out(
    lang: str, name: str, key: str, digits: int = 3, percent: bool = False, preset: str | None = None, **inputs: Any
) -> str:
    """One output of a registered calculator, formatted for the page, e.g.
    calc_out('training', 'days', price='3'). Inputs are written as in English ('0.5', '70B');
    'link:ID', 'nvlink:CHIP' and 'nic:CHIP' take bandwidths from data/. `preset` starts from one of the
    calculator's presets (calc_out('parallelism', 'mfu', preset='llama-3-405b', zero='1'))."""
    base = dict(_calc.CALCULATORS[name].presets[preset]) if preset is not None else {}
    raw = {**base, **{k: _resolve_input(v) for k, v in inputs.items()}}
    result = _calc.compute(name, raw, "en")
    if key in result.json_aliases:  # a contract key such as days or facility_power_kw: shown from its SI source
        key, unit = result.json_aliases[key]
    else:
        unit = _calc.CALCULATORS[name].units.get(key, "")
    value = result.quantities[key]
    if value is None:
        raise ValueError(f"{name}: {key} is None for inputs {inputs}")
    if isinstance(value, str):
        return _calc.format_word(value, lang)
    if percent:
        return f"{_calc.format_number(value * 100, lang, digits=digits)} %"
    return _calc.format_quantity(value, unit, lang, digits=digits)


# The arrival rates of the load chart, as shares of the saturation rate: dense near it, where the knee is.
LOAD_SHARES = (0.02, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995, 0.998)


@macro
def load_curve(lang: str, **inputs: Any) -> str:
    """The serving calculator's latencies against the arrival rate for these inputs (written as in English), up to
    the saturation rate, with the goodput when the inputs give a target; inline."""
    first = _calc.compute("serving", inputs, "en").quantities
    saturation, goodput = first["saturation_requests_per_second"], first["goodput_requests_per_second"]
    if not isinstance(saturation, float):
        raise ValueError(f"load_curve({inputs}): no saturation rate (the model does not fit)")
    plain = {k: v for k, v in inputs.items() if k not in ("slo_ttft_ms", "slo_tpot_ms", "arrival_rate")}
    points = []
    for share in LOAD_SHARES:
        q = _calc.compute("serving", {**plain, "arrival_rate": repr(share * saturation)}, "en").quantities
        points.append(
            _calc.LoadCurvePoint(
                arrival=share * saturation,
                ttft_p50=float(q["ttft_p50_seconds"]),  # type: ignore[arg-type]
                ttft_p99=float(q["ttft_p99_seconds"]),  # type: ignore[arg-type]
                tpot_p50=float(q["tpot_p50_seconds"]),  # type: ignore[arg-type]
                tpot_p99=float(q["tpot_p99_seconds"]),  # type: ignore[arg-type]
            )
        )
    data = _calc.load_data()
    chip = data.accelerator(str(inputs.get("accelerator", "h100-sxm")))
    subject = _calc.translate(
        _calc.MESSAGE_CATALOG,
        "plot.serving.subject",
        lang,
        model=data.model(str(inputs.get("model", "llama-3-8b"))).name,
        chip=chip.display_name(lang),
        tp=_calc.format_number(float(inputs.get("tp", 1)), lang),
    )
    svg = _calc.load_curve_svg(
        points,
        saturation=saturation,
        goodput=goodput if isinstance(goodput, float) and goodput > 0 else None,
        subject=subject,
        lang=lang,
    )
    return f'<div class="x4-calc__plot">{svg}</div>'
