# The facts calc computes with: parsed from the JSON bundle the build makes from data/ (same path in CPython and Pyodide).
from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CalcError
from .fields import DTYPES
from .messages import Words


@dataclass(frozen=True)
class SourcedValue:
    """A value as its source states it, converted to SI, with where it came from."""

    si: float | None
    dimension: str | None
    text: str | None
    source: str | None
    note: str | None = None
    reason: str | None = None
    alternatives: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class MeasuredValue:
    """A figure measured on the chip (SI), with the software and benchmark it was measured with."""

    si: float | None
    dimension: str | None
    text: str | None
    source: str | None
    software: str | None = None
    benchmark: str | None = None
    measured_on: str | None = None
    note: str | None = None
    reason: str | None = None
    alternatives: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class System:
    """A node, rack or pod: accelerator ids and counts, CPUs, power in watts, cooling and scale-up domain.

    `per_rack` is how many of the system one rack holds in the source's layout (1 for a rack-scale system).
    """

    id: str
    name: str
    kind: str
    accelerators: tuple[tuple[str, int], ...]
    cpu_count: int | None
    power_max_w: float | None
    power_typical_w: float | None
    cooling: str | None
    scale_up_domain_size: int | None
    topology: str | None
    note: str | None
    source: str
    values: dict[str, SourcedValue] = field(repr=False, default_factory=dict)
    per_rack: int | None = None

    @property
    def accelerator_count(self) -> int:
        """All the accelerators the system holds."""
        return sum(count for _, count in self.accelerators)


@dataclass(frozen=True)
class Model:
    """A reference model's shape: counts as numbers, None where a field does not apply.

    `active_params` equals `params` for dense models; MLA models set `kv_lora_rank` and
    `rope_head_dim`; sliding-window models set `window`. `ffn_hidden_size`, `vocab_size` and `mlp` (gelu or
    swiglu) give the blocks' widths; `tied_embeddings` says whether one matrix serves as the input embedding
    and the output head; a mixture of experts sets `experts` (routed experts per layer), `experts_per_token`
    (how many each token uses), `expert_ffn_hidden_size` and optionally `shared_experts` and `dense_layers`
    (leading dense-MLP layers).
    """

    id: str
    name: str
    params: float
    active_params: float
    layers: int
    hidden_size: int
    attention_heads: int
    kv_heads: int
    head_dim: int
    attention: str
    kv_lora_rank: int | None
    rope_head_dim: int | None
    window: int | None
    context_length: int
    ffn_hidden_size: int | None = None
    vocab_size: int | None = None
    mlp: str | None = None
    experts: int | None = None
    experts_per_token: int | None = None
    shared_experts: int | None = None
    expert_ffn_hidden_size: int | None = None
    dense_layers: int | None = None
    tied_embeddings: bool | None = None


@dataclass(frozen=True)
class Interconnect:
    """One link in the hierarchy (die-to-die out to storage); bandwidths in bytes/s, latency in s."""

    id: str
    name: str
    kind: str
    scope: str
    per_direction_bytes_per_s: float | None
    bidirectional_bytes_per_s: float | None
    latency_s: float | None
    note: str | None
    source: str


@dataclass(frozen=True)
class Latency:
    """A latency an ML engineer should know, in seconds."""

    id: str
    name: str
    typical_s: float
    low_s: float | None
    high_s: float | None
    note: str | None
    source: str


@dataclass(frozen=True)
class Range:
    """A low / typical / high range of a plain number whose unit is in the owner's field name."""

    low: float
    typical: float
    high: float
    source: str
    note: str | None = None


@dataclass(frozen=True)
class Economics:
    """Prices and factors for cost, energy and carbon: USD per accelerator-hour, USD/kWh, PUE, gCO2/kWh."""

    accelerator_hour_usd: dict[str, Range]
    electricity_usd_per_kwh: Range
    pue: Range
    grid_carbon_g_per_kwh: Range

    def price(self, accelerator_id: str) -> Range:
        """Cloud price range per accelerator-hour; raises CalcError when data/ has none for the id."""
        found = self.accelerator_hour_usd.get(accelerator_id)
        if found is None:
            raise CalcError(field="accelerator", kind="no_figure", detail="price", subject=str(accelerator_id)[:40])
        return found


@dataclass(frozen=True)
class FailureCause:
    """One row of a published root-cause table: the component as printed, its category (gpu, host, network,
    dependency, unplanned-maintenance, unknown), the interruptions it caused and the share printed beside them."""

    id: str
    component: str
    category: str
    count: float
    printed_percent: float


@dataclass(frozen=True)
class CheckpointStorage:
    """A published storage system a checkpoint is written to: its aggregate throughput in bytes/s, sustained and
    peak, and the checkpoint bytes per GPU its source states (None where it states none)."""

    id: str
    name: str
    sustained_bytes_per_s: float
    peak_bytes_per_s: float
    per_gpu_checkpoint_low_bytes: float | None
    per_gpu_checkpoint_high_bytes: float | None
    source: str
    note: str | None = None


@dataclass(frozen=True)
class FailureReport:
    """A published count of a large run's interruptions: how many accelerators, over how many days."""

    id: str
    name: str
    accelerators: float
    days: float
    interruptions: float
    unexpected: float | None
    source: str
    note: str | None = None
    causes: tuple[FailureCause, ...] = ()

    @property
    def accelerator_mtbf_hours(self) -> float:
        """Mean time between interruptions per accelerator: accelerators × days × 24 h / interruptions."""
        return self.accelerators * self.days * 24.0 / self.interruptions


@dataclass(frozen=True)
class TrainingFigures:
    """The edition's figures for planning a run: a default matmul efficiency (0-1) and published failure counts."""

    matmul_efficiency: Range
    failures: dict[str, FailureReport]
    default_failures: str
    checkpoint_storage: dict[str, CheckpointStorage] = field(default_factory=dict)
    default_checkpoint_storage: str | None = None

    def failure_report(self) -> FailureReport:
        return self.failures[self.default_failures]

    def storage(self) -> CheckpointStorage | None:
        """The edition's default checkpoint storage (None when the data has none)."""
        if self.default_checkpoint_storage is None:
            return None
        return self.checkpoint_storage.get(self.default_checkpoint_storage)


@dataclass(frozen=True)
class Accelerator:
    """One accelerator's figures in SI units (bytes, bytes/s, FLOP/s, watts); None when unknown.

    `scale_up_topology` is switch, mesh, torus, ring or none; `scale_up_per_peer_bytes_per_s` is the
    bandwidth per direction between one pair of peers (one link to one neighbour in a torus or ring), and
    `scale_up_torus_dims` the number of torus dimensions.
    """

    id: str
    vendor: str
    name: str
    year: int
    category: str
    memory_bytes: float | None
    memory_bandwidth_bytes_per_s: float | None
    tdp_w: float | None
    dense_flop_per_s: dict[str, float | None]
    sparse_headline_flop_per_s: dict[str, float | None]
    scale_up_name: str | None
    scale_up_per_direction_bytes_per_s: float | None
    scale_up_domain_size: int | None
    scale_up_topology: str | None
    scale_up_per_peer_bytes_per_s: float | None
    scale_up_torus_dims: int | None
    scale_out_bits_per_s: float | None
    values: dict[str, SourcedValue] = field(repr=False)
    text: dict[str, Any] = field(repr=False)
    sources: list[dict[str, Any]] = field(repr=False)
    achievable_flop_per_s: dict[str, float | None] = field(default_factory=dict)
    achievable_memory_bandwidth_bytes_per_s: float | None = None
    achievable_attention_flop_per_s: dict[str, float | None] = field(default_factory=dict)
    reported_memory_bytes: float | None = None  # what the driver reports a process can address, where measured
    measured: dict[str, MeasuredValue] = field(repr=False, default_factory=dict)
    measured_reason: str | None = field(repr=False, default=None)
    # The AllReduce's bus bandwidth measured at each message size inside the scale-up domain: (bytes, B/s) pairs.
    allreduce_sweep: tuple[tuple[float, float], ...] = field(repr=False, default=())
    allreduce_sweep_record: dict[str, Any] | None = field(repr=False, default=None)
    # A matmul's rate measured on a grid of shapes, per format: {"m", "n", "k", "flop_per_s", "source", ...}.
    matmul_shapes: dict[str, dict[str, Any]] = field(repr=False, default_factory=dict)
    internals: dict[str, SourcedValue] = field(repr=False, default_factory=dict)
    names: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def device_memory_bytes(self) -> float | None:
        """The memory a fit is checked against: the driver's total where measured (an H100 sold as 80 GB reports
        81,559 MiB, 85.5 x 10^9 bytes, of binary-sized HBM), else the datasheet's capacity."""
        return self.reported_memory_bytes or self.memory_bytes

    def display_name(self, lang: str = "en") -> str:
        """The name in `lang`: as the vendor writes it, its description translated ("GB200 (por GPU Blackwell en NVL72)")."""
        return self.names.get(lang, self.name)

    def words(self) -> Words:
        """The name in every language, for a Text field worded later."""
        return Words(self.name, self.display_name("es"))

    @property
    def purpose(self) -> str:
        """What the vendor built the chip for: "training" (and serving) or "inference" only."""
        return str(self.text.get("purpose") or "training")

    def peak_flop_per_s(self, dtype: str) -> float:
        """Dense peak for `dtype`; raises CalcError when the chip has no such format."""
        peak = self.dense_flop_per_s.get(dtype)
        if peak is None:
            offered = [name for name, value in self.dense_flop_per_s.items() if value]
            raise CalcError(field="dtype", kind="no_dtype", choices=offered, detail=dtype, subject=self.name)
        return peak

    def dtypes(self) -> list[str]:
        """The number formats with a dense peak in the data."""
        return [name for name, value in self.dense_flop_per_s.items() if value]

    def achievable_share(self, dtype: str | None) -> float | None:
        """A measured figure over its datasheet peak: the best dense `dtype` matmul, or memory bandwidth (dtype
        None); None where data/ has no measurement. Example: H100 SXM, 794.5 of 989.4 BF16 TFLOP/s, 0.803."""
        if dtype is None:
            measured, peak = self.achievable_memory_bandwidth_bytes_per_s, self.memory_bandwidth_bytes_per_s
        else:
            measured, peak = self.achievable_flop_per_s.get(dtype), self.dense_flop_per_s.get(dtype)
        return measured / peak if measured and peak else None

    def measured_value(self, dtype: str | None) -> MeasuredValue | None:
        """The measured record behind `achievable_share` (its source, software and benchmark), or None."""
        found = self.measured.get("measured.memory_bandwidth" if dtype is None else f"measured.matmul.{dtype}")
        return found if found is not None and found.si is not None else None

    def source_title(self, source_id: str | None) -> str:
        """The title of one of the chip's sources (the document's own words), or the id when none matches."""
        found = next((s for s in self.sources if s.get("id") == source_id), None)
        return str(found.get("title")) if found is not None else str(source_id or "")


@dataclass(frozen=True)
class DataBundle:
    """Everything in data/, as the calculators see it."""

    edition: dict[str, Any]
    accelerators: dict[str, Accelerator]
    economics: Economics
    raw: dict[str, Any] = field(repr=False)
    models: dict[str, Model] = field(default_factory=dict)
    interconnects: dict[str, Interconnect] = field(default_factory=dict)
    latencies: dict[str, Latency] = field(default_factory=dict)
    training: TrainingFigures | None = None
    systems: dict[str, System] = field(default_factory=dict)
    translations: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def text(self, key: str, english: str | None, lang: str) -> str | None:
        """A data text as `lang` reads it: data/i18n/es.yaml's Spanish for `key` ("interconnects.yaml#interconnects.
        pcie-5-x16.latency.note") on Spanish pages, the data file's English otherwise."""
        if english is None or lang == "en":
            return english
        return self.translations.get(lang, {}).get(key, english)

    def model_words(self, model: Model) -> Words:
        """A reference model's name in every language, for a Text field worded later."""
        return Words(model.name, self.text(f"models.yaml#models.{model.id}.name", model.name, "es") or model.name)

    def system_words(self, system: System) -> Words:
        """A system's name in every language ("NVIDIA GB200 NVL72 (rack DGX GB200)"), for a Text field worded later."""
        return Words(system.name, self.text(f"systems.yaml#systems.{system.id}.name", system.name, "es") or system.name)

    def model(self, model_id: str) -> Model:
        """Look up a reference model by its kebab-case id; raises CalcError listing the known ids."""
        found = self.models.get(model_id)
        if found is None:
            raise CalcError(field="model", kind="unknown_id", choices=sorted(self.models), value=model_id)
        return found

    def system(self, system_id: str) -> System:
        """Look up a system (node, rack, pod) by its kebab-case id; raises CalcError listing the known ids."""
        found = self.systems.get(system_id)
        if found is None:
            raise CalcError(field="system", kind="unknown_id", choices=sorted(self.systems), value=system_id)
        return found

    def accelerator(self, accelerator_id: str) -> Accelerator:
        """Look up an accelerator by its kebab-case id; raises CalcError listing the known ids."""
        found = self.accelerators.get(accelerator_id)
        if found is None:
            raise CalcError(
                field="accelerator", kind="unknown_id", choices=sorted(self.accelerators), value=accelerator_id
            )
        return found


def _si(values: dict[str, SourcedValue] | dict[str, MeasuredValue], path: str) -> float | None:
    value = values.get(path)
    return value.si if value else None


def _sourced_value(value: dict[str, Any]) -> SourcedValue:
    fields = dict(value)
    fields["alternatives"] = tuple(fields.get("alternatives") or ())
    return SourcedValue(**fields)


def _measured_value(value: dict[str, Any]) -> MeasuredValue:
    fields = dict(value)
    fields["alternatives"] = tuple(fields.get("alternatives") or ())
    return MeasuredValue(**fields)


def _accelerator(entry: dict[str, Any], translations: dict[str, dict[str, str]]) -> Accelerator:
    values = {path: _sourced_value(value) for path, value in entry["values"].items()}
    measured_section = entry.get("measured") or {}
    measured = {path: _measured_value(value) for path, value in (measured_section.get("values") or {}).items()}
    sweep = (measured_section.get("sweeps") or {}).get("scale_up_allreduce") or {}
    domain = _si(values, "scale_up.domain_size")
    dims = _si(values, "scale_up.torus_dims")
    return Accelerator(
        id=entry["id"],
        vendor=entry["vendor"],
        name=entry["name"],
        year=int(str(entry["announced"])[:4]),
        category=entry.get("category", "datacenter"),
        memory_bytes=_si(values, "memory.capacity"),
        memory_bandwidth_bytes_per_s=_si(values, "memory.bandwidth"),
        tdp_w=_si(values, "power.tdp"),
        dense_flop_per_s={dtype: _si(values, f"compute.{dtype}") for dtype in DTYPES},
        sparse_headline_flop_per_s={dtype: _si(values, f"sparse_headline.{dtype}") for dtype in DTYPES},
        scale_up_name=entry["text"].get("scale_up.name"),
        scale_up_per_direction_bytes_per_s=_si(values, "scale_up.per_direction"),
        scale_up_domain_size=int(domain) if domain else None,
        scale_up_topology=entry["text"].get("scale_up.topology"),
        scale_up_per_peer_bytes_per_s=_si(values, "scale_up.per_peer"),
        scale_up_torus_dims=int(dims) if dims else None,
        scale_out_bits_per_s=_si(values, "scale_out.per_accelerator"),
        values=values,
        text=entry["text"],
        sources=entry["sources"],
        achievable_flop_per_s={dtype: _si(measured, f"measured.matmul.{dtype}") for dtype in DTYPES},
        achievable_memory_bandwidth_bytes_per_s=_si(measured, "measured.memory_bandwidth"),
        achievable_attention_flop_per_s={dtype: _si(measured, f"measured.attention.{dtype}") for dtype in DTYPES},
        reported_memory_bytes=_si(measured, "measured.memory_capacity"),
        measured=measured,
        measured_reason=measured_section.get("reason"),
        allreduce_sweep=tuple(zip(sweep.get("sizes", ()), sweep.get("bus_bytes_per_s", ()), strict=True)),
        allreduce_sweep_record=sweep or None,
        matmul_shapes=dict(measured_section.get("shapes") or {}),
        internals={path: _sourced_value(value) for path, value in (entry.get("internals") or {}).items()},
        names={
            lang: texts.get(f"accelerators/{entry['id']}.yaml#name", entry["name"])
            for lang, texts in {"en": {}, **translations}.items()
        },
    )


def _system(entry: dict[str, Any]) -> System:
    values = {key: _sourced_value(value) for key, value in entry["values"].items()}

    def whole(key: str) -> int | None:
        number = _si(values, key)
        return None if number is None else int(number)

    return System(
        id=entry["id"],
        name=entry["name"],
        kind=entry["kind"],
        accelerators=tuple((held["id"], int(held["count"])) for held in entry["accelerators"]),
        cpu_count=whole("cpus"),
        power_max_w=_si(values, "power_max"),
        power_typical_w=_si(values, "power_typical"),
        cooling=values["cooling"].text,
        scale_up_domain_size=whole("scale_up_domain"),
        topology=values["topology"].text,
        note=entry.get("note"),
        source=entry["source"],
        values=values,
        per_rack=whole("per_rack"),
    )


def _model(entry: dict[str, Any]) -> Model:
    fields: dict[str, Any] = {name: entry.get(name) for name in Model.__dataclass_fields__}
    return Model(**fields)


def _range(entry: dict[str, Any]) -> Range:
    return Range(
        low=float(entry["low"]),
        typical=float(entry["typical"]),
        high=float(entry["high"]),
        source=entry["source"],
        note=entry.get("note"),
    )


def _economics(entry: dict[str, Any]) -> Economics:
    return Economics(
        accelerator_hour_usd={key: _range(value) for key, value in entry["accelerator_hour_usd"].items()},
        electricity_usd_per_kwh=_range(entry["electricity_usd_per_kwh"]),
        pue=_range(entry["pue"]),
        grid_carbon_g_per_kwh=_range(entry["grid_carbon_g_per_kwh"]),
    )


def _training(entry: dict[str, Any] | None) -> TrainingFigures | None:
    if not entry:
        return None
    plain = [k for k in FailureReport.__dataclass_fields__ if k != "causes"]
    reports = {
        report["id"]: FailureReport(
            **{k: report.get(k) for k in plain},
            causes=tuple(FailureCause(**cause) for cause in report.get("causes") or ()),
        )
        for report in entry["failures"]
    }
    storages = {
        item["id"]: CheckpointStorage(
            id=item["id"],
            name=item["name"],
            sustained_bytes_per_s=float(item["sustained_tbytes_s"]) * 1e12,
            peak_bytes_per_s=float(item["peak_tbytes_s"]) * 1e12,
            per_gpu_checkpoint_low_bytes=item.get("per_gpu_checkpoint_low_bytes"),
            per_gpu_checkpoint_high_bytes=item.get("per_gpu_checkpoint_high_bytes"),
            source=item["source"],
            note=item.get("note"),
        )
        for item in entry.get("checkpoint_storage") or ()
    }
    return TrainingFigures(
        _range(entry["matmul_efficiency"]),
        reports,
        entry["default_failures"],
        storages,
        entry.get("default_checkpoint_storage"),
    )


def _items(bundle: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return (bundle.get(name) or {}).get("items", [])


def _pick(entry: dict[str, Any], names: Any) -> dict[str, Any]:
    return {name: entry.get(name) for name in names}


def parse_bundle(bundle: dict[str, Any]) -> DataBundle:
    """Turn the JSON bundle (a dict) into typed objects. Pure: the caller does the reading."""
    translations = bundle.get("i18n") or {}
    accelerators = {entry["id"]: _accelerator(entry, translations) for entry in bundle["accelerators"]}
    link_fields, latency_fields = Interconnect.__dataclass_fields__, Latency.__dataclass_fields__
    return DataBundle(
        edition=bundle.get("edition", {}),
        accelerators=accelerators,
        raw=bundle,
        models={entry["id"]: _model(entry) for entry in _items(bundle, "models")},
        interconnects={e["id"]: Interconnect(**_pick(e, link_fields)) for e in _items(bundle, "interconnects")},
        latencies={e["id"]: Latency(**_pick(e, latency_fields)) for e in _items(bundle, "latencies")},
        economics=_economics(bundle["economics"]),
        training=_training(bundle.get("training")),
        systems={entry["id"]: _system(entry) for entry in _items(bundle, "systems")},
        translations=translations,
    )


_BUNDLE_NAME = "x4-data.json"
_loaded: DataBundle | None = None
# How to build the bundle from a checkout's data/ when no bundle file ships beside calc (CPython only;
# calc/__init__.py installs calc._tooling's builder, so this layer never imports the tooling).
_checkout_bundle: Callable[[], dict[str, Any]] | None = None


def set_checkout_bundle(builder: Callable[[], dict[str, Any]] | None) -> None:
    """Install the function that builds the JSON bundle from data/ when none ships beside calc."""
    global _checkout_bundle
    _checkout_bundle = builder


def load_data(bundle_json: str | None = None) -> DataBundle:
    """Return the data every calculator uses, loading it once.

    Order: the JSON text given; else the bundle file shipped beside calc (the browser archive, or
    $X4_DATA_BUNDLE); else the bundle built from the checkout's data/ (CPython, with calc's tooling).
    """
    global _loaded
    if bundle_json is not None:
        _loaded = parse_bundle(json.loads(bundle_json))
        return _loaded
    if _loaded is not None:
        return _loaded
    shipped = Path(os.environ.get("X4_DATA_BUNDLE", Path(__file__).resolve().parent.parent / _BUNDLE_NAME))
    if shipped.is_file():
        _loaded = parse_bundle(json.loads(shipped.read_text(encoding="utf-8")))
    elif _checkout_bundle is not None:
        _loaded = parse_bundle(json.loads(json.dumps(_checkout_bundle())))
    else:
        raise RuntimeError(f"no data bundle: {shipped} is missing and no data/ builder is installed")
    return _loaded


def use_bundle(bundle: dict[str, Any]) -> DataBundle:
    """Use this bundle (a dict, e.g. built from another data/ folder) from now on."""
    global _loaded
    _loaded = parse_bundle(json.loads(json.dumps(bundle)))
    return _loaded
