# Schema and consistency checks for data/ (CPython only: pydantic). Errors name file, entry and field.
from __future__ import annotations

import dataclasses
import datetime as dt
import math
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .._internal.errors import CalcError
from .._internal.i18n import LANGS
from .._internal.units import parse_quantity
from . import bounds
from .messages import t

KEBAB = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
URL = r"^https?://\S+$"
DENSE_KEYS = ("fp64", "fp64_matrix", "fp32", "tf32", "bf16", "fp8", "fp6", "fp4", "int8")
# Expected dimension of each quantity leaf of an accelerator file.
DIMENSIONS: dict[str, str] = {
    "memory.capacity": "bytes",
    "memory.bandwidth": "bytes_per_s",
    "power.tdp": "watts",
    "scale_up.per_direction": "bytes_per_s",
    "scale_up.bidirectional": "bytes_per_s",
    "scale_up.domain_size": "count",
    "scale_up.per_peer": "bytes_per_s",
    "scale_up.torus_dims": "count",
    "scale_out.per_accelerator": "bits_per_s",
    "on_chip.sram": "bytes",
    "on_chip.l2": "bytes",
    "internals.units": "count",
    "internals.matrix_units_per_unit": "count",
    "internals.boost_clock_mhz": "number",
    "internals.shared_memory_per_unit": "bytes",
    "internals.register_file_per_unit": "bytes",
    "measured.memory_bandwidth": "bytes_per_s",
    "measured.memory_capacity": "bytes",
    "measured.scale_up_allreduce": "bytes_per_s",
    "measured.scale_up_allgather": "bytes_per_s",
    "measured.scale_up_latency": "seconds",
    "measured.scale_out_allreduce": "bytes_per_s",
    "measured.scale_out_latency": "seconds",
    **{
        f"{section}.{key}": ("op_per_s" if key == "int8" else "flop_per_s")
        for section in ("compute", "sparse_headline")
        for key in DENSE_KEYS
    },
}
# The measured collectives: bus bandwidth at large messages, time of a small message.
COLLECTIVE_FIGURES = {
    key.removeprefix("measured."): dimension
    for key, dimension in DIMENSIONS.items()
    if key.startswith(("measured.scale_up", "measured.scale_out"))
}
# Leaves of the internals section that are words (a unit's name, an engine's generation), not quantities.
INTERNALS_TEXT = ("unit_name", "matrix_engine", "matrix_formats")
SPARSE_TOLERANCE = 0.015  # vendors round: 2 x 989.4 = 1978.8 is published as 1,979
BIDIRECTIONAL_TOLERANCE = 0.01
PER_PEER_TOLERANCE = 0.02  # per-link figures are rounded: 7 x 76.8 GB/s = 537.6, published as 1,075 both ways
# How a scale-up domain is wired. switch: every accelerator reaches every other through switches (NVSwitch);
# mesh: a direct link to every peer (MI300X, Gaudi 3); torus: links to the nearest neighbours along each
# dimension, with wraparound (TPU ICI); ring: two neighbours; none: no scale-up link (PCIe only).
Topology = Literal["switch", "mesh", "torus", "ring", "none"]


@dataclasses.dataclass(frozen=True)
class Problem:
    """One problem of a data file, as one line: English text, or a catalog entry worded in the reader's language."""

    text: str = ""
    key: str = ""
    fields: Mapping[str, object] = dataclasses.field(default_factory=dict)
    by_lang: Mapping[str, Mapping[str, object]] = dataclasses.field(default_factory=dict)  # fields worded per language

    def render(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.fields, **self.by_lang.get(lang, {})) if self.key else self.text


class DataError(CalcError):
    """Data files are malformed or inconsistent: one line per problem, each naming the file, the entry and the field.

    A CalcError, so the CLI reports it, one line per problem, with exit code 2. The schema's own messages are
    English (maintainer-facing); the bounds, dates, ids, URLs and YAML syntax are worded in the reader's language.
    """

    def __init__(self, *problems: str | Problem) -> None:
        self.problems = [p if isinstance(p, Problem) else Problem(text=p) for p in problems]
        super().__init__(field="data", kind="data", detail=self.message("en"))

    def message(self, lang: str = "en", name: str | None = None) -> str:
        return "\n".join(problem.render(lang) for problem in self.problems)


class Problems:
    """Problems gathered while checking, so that one run reports them all rather than the first."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, *problems: Problem) -> None:
        self.found.extend(problems)

    @contextmanager
    def collect(self) -> Iterator[None]:
        """Run a block that raises DataError at its first problem; keep its problems and go on after it."""
        try:
            yield
        except DataError as error:
            self.found.extend(error.problems)

    def raise_any(self) -> None:
        if self.found:
            raise DataError(*self.found)


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be blank")
    return text


# Why a value lies outside its plausible range (bounds.BOUNDS), stated beside it: `outlier_reason: ...`.
OutlierReason = Annotated[str, AfterValidator(_not_blank)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(_Strict):
    """Where values come from: title, URL, the date it was checked and how."""

    id: Annotated[str, Field(pattern=KEBAB)]
    kind: Literal["vendor", "paper", "model-card", "secondary", "dataset", "price-list", "measurement"]
    title: Annotated[str, Field(min_length=3)]
    url: Annotated[str, Field(pattern=URL)]
    checked: dt.date
    how: Annotated[str, Field(min_length=10)]


Scalar = str | int | float


class Alternative(_Strict):
    """A figure another source gives, kept beside the chosen one."""

    value: Scalar
    source: str
    note: str | None = None


class Sourced(_Strict):
    """A value with provenance. `value: null` needs a `reason`; a value outside its plausible range (bounds.py) needs
    an `outlier_reason` saying why it is right."""

    value: Scalar | None
    source: str | None = None
    note: str | None = None
    reason: str | None = None
    outlier_reason: OutlierReason | None = None
    alternatives: list[Alternative] = []

    @field_validator("reason")
    @classmethod
    def _reason_not_blank(cls, reason: str | None) -> str | None:
        if reason is not None and not reason.strip():
            raise ValueError("reason must not be blank")
        return reason

    @model_validator(mode="after")
    def _null_needs_reason(self) -> Sourced:
        if self.value is None and self.reason is None:
            raise ValueError("a null value needs a 'reason'")
        return self


Leaf = Scalar | Sourced


class Memory(_Strict):
    type: str | Sourced
    capacity: Leaf
    bandwidth: Leaf


class Compute(_Strict):
    fp64: Leaf | None = None
    fp64_matrix: Leaf | None = None
    fp32: Leaf | None = None
    tf32: Leaf | None = None
    bf16: Leaf | None = None
    fp8: Leaf | None = None
    fp6: Leaf | None = None
    fp4: Leaf | None = None
    int8: Leaf | None = None


class SparseHeadline(Compute):
    sparsity: str
    # Formats whose sparse and dense figures the vendor publishes at a ratio other than 2:1.
    not_doubled: list[Literal[DENSE_KEYS]] = []  # type: ignore[valid-type]


class Power(_Strict):
    tdp: Leaf


class ScaleUp(_Strict):
    """The scale-up link. `per_peer` is per direction between one pair of peers (one link per neighbour in a
    torus or ring); `torus_dims` is the number of torus dimensions, required for a torus only."""

    name: str
    topology: Topology
    per_direction: Leaf | None = None
    bidirectional: Leaf | None = None
    per_peer: Leaf | None = None
    torus_dims: Leaf | None = None
    domain_size: Leaf


class ScaleOut(_Strict):
    name: str | None = None
    per_accelerator: Leaf


class OnChip(_Strict):
    sram: Leaf | None = None
    l2: Leaf | None = None


class MeasuredAlternative(_Strict):
    """Another published measurement of the same quantity, kept beside the chosen one."""

    value: Scalar
    source: str
    software: Annotated[str, Field(min_length=3)]
    benchmark: Annotated[str, Field(min_length=3)]
    measured_on: dt.date | None = None
    note: str | None = None


class Measured(_Strict):
    """A figure someone measured on the chip (never a spec number): value, source, software and benchmark."""

    value: Scalar | None
    source: str | None = None
    software: str | None = None
    benchmark: str | None = None
    measured_on: dt.date | None = None
    note: str | None = None
    reason: str | None = None
    outlier_reason: OutlierReason | None = None
    alternatives: list[MeasuredAlternative] = []

    @model_validator(mode="after")
    def _complete(self) -> Measured:
        if self.value is None:
            if self.reason is None or not self.reason.strip():
                raise ValueError("a null value needs a 'reason'")
            return self
        for name in ("source", "software", "benchmark"):
            text = getattr(self, name)
            if text is None or not text.strip():
                raise ValueError(f"a measured value needs '{name}'")
        return self


class MeasuredSweep(_Strict):
    """A collective's bus bandwidth at each message size (an nccl-tests sweep) on `ranks` accelerators of one
    scale-up domain: sizes in bytes, increasing, each with its bus bandwidth in GB/s."""

    ranks: Annotated[int, Field(ge=2)]
    sizes: Annotated[list[Annotated[int, Field(gt=0)]], Field(min_length=3)]
    bus_gbytes_s: Annotated[list[Annotated[float, Field(gt=0)]], Field(min_length=3)]
    source: str
    software: Annotated[str, Field(min_length=3)]
    benchmark: Annotated[str, Field(min_length=3)]
    note: str | None = None

    @model_validator(mode="after")
    def _paired(self) -> MeasuredSweep:
        if len(self.sizes) != len(self.bus_gbytes_s):
            raise ValueError("'sizes' and 'bus_gbytes_s' must pair one to one")
        if any(later <= earlier for earlier, later in zip(self.sizes, self.sizes[1:], strict=False)):
            raise ValueError("'sizes' must increase")
        return self


class MeasuredSection(_Strict):
    """Achieved figures beside the peaks: dense matmul and attention per format, memory bandwidth, and the
    collectives' bus bandwidth (large messages) and time (small messages) on the scale-up and scale-out links."""

    sources: list[Source] = []
    reason: str | None = None
    matmul: dict[Literal[DENSE_KEYS], Measured] = {}  # type: ignore[valid-type]
    attention: dict[Literal[DENSE_KEYS], Measured] = {}  # type: ignore[valid-type]
    memory_bandwidth: Measured | None = None
    memory_capacity: Measured | None = None  # the device memory the driver reports (binary-sized HBM)
    scale_up_allreduce: Measured | None = None
    scale_up_allgather: Measured | None = None
    scale_up_latency: Measured | None = None
    scale_out_allreduce: Measured | None = None
    scale_out_latency: Measured | None = None
    scale_up_allreduce_sweep: MeasuredSweep | None = None  # the AllReduce's bus bandwidth at each message size

    @model_validator(mode="after")
    def _something_or_why_not(self) -> MeasuredSection:
        if not self.matmul and self.memory_bandwidth is None and not (self.reason or "").strip():
            raise ValueError("give matmul or memory_bandwidth measurements, or a 'reason' why there are none")
        return self


class Internals(_Strict):
    """What the chip is made of: compute units, matrix engines, clock, per-unit memories (caches stay in on_chip)."""

    sources: list[Source] = []
    unit_name: str | Sourced
    units: Leaf
    matrix_units_per_unit: Leaf
    boost_clock_mhz: Leaf
    shared_memory_per_unit: Leaf
    register_file_per_unit: Leaf
    matrix_engine: str | Sourced
    matrix_formats: str | Sourced


class Accelerator(_Strict):
    """One data/accelerators/<id>.yaml."""

    id: Annotated[str, Field(pattern=KEBAB)]
    vendor: str
    name: str
    architecture: str
    announced: dt.date
    process: str | Sourced
    category: Literal["datacenter", "workstation", "consumer"]
    purpose: Literal["training", "inference"] = "training"  # "inference": built to serve models, not to train them
    form_factor: str
    status: Literal["shipping", "preliminary", "discontinued"]
    editions: list[str]
    notes: str | None = None
    sources: Annotated[list[Source], Field(min_length=1)]
    default_source: str
    memory: Memory
    compute: Compute
    sparse_headline: SparseHeadline | None = None
    power: Power
    scale_up: ScaleUp
    scale_out: ScaleOut
    on_chip: OnChip
    measured: MeasuredSection | None = None
    internals: Internals | None = None


class Interconnect(_Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    kind: Literal["die-to-die", "cpu-gpu", "scale-up", "switch", "scale-out", "storage"]
    scope: Literal["package", "node", "rack", "cluster"]
    per_direction: Leaf | None = None
    bidirectional: Leaf | None = None
    latency: Leaf
    note: str | None = None
    source: str


class Interconnects(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    interconnects: list[Interconnect]


class Latency(_Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    typical: Leaf
    low: Leaf | None = None
    high: Leaf | None = None
    note: str | None = None
    source: str


class Latencies(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    latencies: list[Latency]


Count = int | float | str  # a plain number, or "8.03B"-style text
Positive = Annotated[int, Field(gt=0)]


class ModelEntry(_Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    params: Count
    active_params: Count
    layers: Positive
    hidden_size: Positive
    attention_heads: Positive
    kv_heads: Positive
    head_dim: Positive
    attention: Literal["mha", "gqa", "mqa", "mla", "sliding"]
    kv_lora_rank: Positive | None = None
    rope_head_dim: Positive | None = None
    window: Positive | None = None
    context_length: Positive
    # The blocks' widths, for activation memory and the parallelism planner (config.json of the model).
    ffn_hidden_size: Positive | None = None
    vocab_size: Positive | None = None
    tied_embeddings: bool | None = None  # one matrix for the input embedding and the output head
    mlp: Literal["gelu", "swiglu"] | None = None
    experts: Positive | None = None  # routed experts of a mixture of experts
    experts_per_token: Positive | None = None
    shared_experts: Annotated[int, Field(ge=0)] | None = None
    expert_ffn_hidden_size: Positive | None = None
    dense_layers: Annotated[int, Field(ge=0)] | None = None  # leading layers with a dense MLP instead of experts
    config_source: str | None = None  # where the widths come from, when not `source`
    note: str | None = None
    source: str


class Models(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    models: list[ModelEntry]


class Range(_Strict):
    """A range of a plain number whose unit is in the field name."""

    low: float
    typical: float
    high: float
    source: str
    note: str | None = None
    outlier_reason: OutlierReason | None = None  # covers low, typical and high


class Economics(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    accelerator_hour_usd: dict[str, Range]
    electricity_usd_per_kwh: Range
    pue: Range
    grid_carbon_g_per_kwh: Range


class FailureReport(_Strict):
    """A published count of a large run's interruptions: accelerators, days observed, interruptions."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    accelerators: Annotated[int, Field(gt=0)]
    days: Annotated[float, Field(gt=0)]
    interruptions: Annotated[int, Field(gt=0)]
    unexpected: int | None = None
    source: str
    note: str | None = None


class Training(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    matmul_efficiency: Range
    failures: Annotated[list[FailureReport], Field(min_length=1)]
    default_failures: str


class SystemAccelerator(_Strict):
    """Which accelerator a system holds, and how many."""

    id: Annotated[str, Field(pattern=KEBAB)]
    count: Annotated[int, Field(ge=1)]


class System(_Strict):
    """A baseboard, node, rack or pod: accelerators, CPUs, power, cooling (hybrid: liquid cold plates plus air),
    scale-up domain and how many fit in a rack, each sourced."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    kind: Literal["baseboard", "node", "rack", "pod"]
    accelerators: Annotated[list[SystemAccelerator], Field(min_length=1)]
    cpus: Leaf
    power_max: Leaf
    power_typical: Leaf
    cooling: Literal["air", "liquid", "hybrid"] | Sourced
    scale_up_domain: Leaf
    per_rack: Leaf
    topology: str | Sourced
    note: str | None = None
    source: str


class Systems(_Strict):
    """data/systems.yaml."""

    sources: Annotated[list[Source], Field(min_length=1)]
    systems: list[System]


COOLING = ("air", "liquid", "hybrid")
# Expected dimension of each quantity leaf of a system.
# `per_rack` is how many of the system fit in one rack as the source lays them out (1 for a rack-scale system).
SYSTEM_DIMENSIONS = {
    "cpus": "count",
    "power_max": "watts",
    "power_typical": "watts",
    "scale_up_domain": "count",
    "per_rack": "count",
}


class Change(_Strict):
    """One changelog entry, in both languages."""

    date: dt.date
    change: Annotated[str, Field(min_length=3)]
    change_es: Annotated[str, Field(min_length=3)]


class Edition(_Strict):
    """One edition: its id (what chips list), its name, when it started and was last reviewed, its changelog."""

    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    started: dt.date
    last_reviewed: dt.date
    changelog: Annotated[list[Change], Field(min_length=1)]


class Editions(_Strict):
    """data/edition.yaml: the current edition's id and every edition, newest first."""

    current: Annotated[str, Field(pattern=KEBAB)]
    editions: Annotated[list[Edition], Field(min_length=1)]


def _field(loc: tuple[Any, ...]) -> str:
    parts = [
        str(part)
        for part in loc
        if not (isinstance(part, str) and ("[" in part or part in ("str", "int", "float", "Sourced")))
    ]
    return ".".join(parts) or "(file)"


# Pydantic errors that only say a value is not of one member of a union; a deeper error says what is wrong with it.
BASIC_ERRORS = (
    "string_type",
    "int_type",
    "float_type",
    "int_parsing",
    "float_parsing",
    "int_from_float",
    "model_type",
    "none_required",
)


def _locate(raw: Any, loc: tuple[Any, ...], where: str) -> tuple[str, str]:
    """`file [entry]` and the field a location in `raw` points at.

    The entry is the list item with an `id` the location falls in (a model, a link, a system, an edition), else
    the mapping that holds the field (`pue`, a price's accelerator); an accelerator file is its own entry.
    """
    if "[" in where:
        return where, _field(loc)
    node = raw
    for index, part in enumerate(loc):
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            item_id = node[part].get("id") if isinstance(node[part], dict) else None
            entry = item_id if isinstance(item_id, str) and item_id else f"{_field(loc[:index])}.{part}"
            return f"{where} [{entry}]", _field(loc[index + 1 :])
        node = node.get(part) if isinstance(node, dict) else None
    name = _field(loc)
    parts = name.split(".")
    return (f"{where} [{parts[-2]}]" if len(parts) > 1 else where), name


def _wording(error: Any, where: str, name: str) -> Problem:
    pattern = (error.get("ctx") or {}).get("pattern")
    if error["type"] == "string_pattern_mismatch" and pattern in (KEBAB, URL):
        key = "data_bad_id" if pattern == KEBAB else "data_bad_url"
        return Problem(key=key, fields={"where": where, "field": name, "value": repr(error["input"])})
    message = error["msg"].replace("Extra inputs are not permitted", "unknown field").removeprefix("Value error, ")
    return Problem(f"{where}: field '{name}': {message}")


def _rank(error: Any) -> tuple[bool, bool, int]:
    """How specific a pydantic error is: unknown or missing fields first, then any but a union's type complaint,
    then the deepest location."""
    return error["type"] in ("extra_forbidden", "missing"), error["type"] not in BASIC_ERRORS, len(error["loc"])


def _dates(node: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], dt.date]]:
    """Every date in a validated model, with its location."""
    if isinstance(node, dt.date):
        yield loc, node
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from _dates(getattr(node, name), (*loc, name))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _dates(item, (*loc, index))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from _dates(item, (*loc, key))


def _validated(model: type[BaseModel], raw: Any, *, where: str) -> tuple[Any, Problems]:
    """Validate `raw` against `model`: the parsed model and the problems found so far (dates in the future), for
    the caller's checks to add to. Raises a DataError with one problem per bad field when `raw` does not fit."""
    try:
        data = model.model_validate(raw)
    except ValidationError as error:
        best: dict[tuple[str, str], Any] = {}
        for item in error.errors():
            place = _locate(raw, item["loc"], where)
            if place not in best or _rank(item) > _rank(best[place]):
                best[place] = item
        raise DataError(
            *(
                _wording(item, at, name)
                for (at, name), item in best.items()
                if not (
                    item["type"] in BASIC_ERRORS
                    and any(other_at == at and other.startswith(f"{name}.") for other_at, other in best)
                )
            )
        ) from None
    problems = Problems()
    latest = bounds.latest_date()
    for loc, date in _dates(data):
        if date > latest:
            at, name = _locate(raw, loc, where)
            fields = {"where": at, "field": name, "date": date.isoformat(), "latest": latest.isoformat()}
            problems.add(Problem(key="data_future_date", fields=fields))
    return data, problems


_YAML_KEY = re.compile(r"^( *)(- +)?([\w.-]+) *:(?: |$)")
_YAML_ID = re.compile(r"^ *(?:- +)?id *: *['\"]?([\w.-]+)")


def _yaml_place(lines: list[str], number: int) -> tuple[str | None, list[str], list[str]]:
    """Where line `number` of a YAML text sits, read from the indentation (the text does not parse, so this is the
    best guess): the `id` of the outermost list item holding it, the keys from that item down, and all the keys."""
    keys: list[str] = []
    entry, relative = None, keys
    limit = math.inf
    for index, text in enumerate(reversed(lines[: number + 1])):
        match = _YAML_KEY.match(text)
        if match is None:
            if index == 0 and text.strip():
                limit = len(text) - len(text.lstrip())
            continue
        indent, dash, key, column = len(match.group(1)), match.group(2), match.group(3), match.start(3)
        if dash and column <= limit:  # the first line of the list item holding the line
            if index == 0:
                keys.insert(0, key)
            item_id = _YAML_ID.match(text)
            if item_id:
                entry, relative = item_id.group(1), list(keys)
            limit = indent
        elif index == 0 or column < limit:
            keys.insert(0, key)
            limit = column
    return entry, relative, keys


def yaml_error(error: Exception, text: str, *, file: str) -> DataError:
    """A YAML syntax error as one problem naming the file, the entry and the field where it is (a best guess)."""
    mark = getattr(error, "problem_mark", None)
    problem = str(getattr(error, "problem", None) or str(error).splitlines()[0])
    context, opened = getattr(error, "context", None), getattr(error, "context_mark", None)
    if context:
        started = f" that starts at line {opened.line + 1}" if opened and context.startswith("while parsing") else ""
        problem += f" ({context}{started})"
    # An unclosed bracket is noticed lines later: the field is where it opened.
    anchor = opened if context and "flow" in context and opened is not None else mark
    number, column = (mark.line, mark.column) if mark is not None else (0, 0)
    lines = text.splitlines()
    at = anchor.line if anchor is not None else 0
    entry, relative, keys = _yaml_place(lines, min(at, max(len(lines) - 1, 0)))
    top_id = re.search(r"^id *: *['\"]?([\w.-]+)", text, flags=re.M)  # an accelerator file is its own entry
    if top_id:
        entry, relative = top_id.group(1), keys
    fields = {
        "where": f"{file} [{entry}]" if entry else file,
        "field": ".".join(relative) or "(file)",
        "line": number + 1,
        "column": column + 1,
        "problem": problem,
    }
    return DataError(Problem(key="data_bad_yaml", fields=fields))


def _bounded(
    kind: str, si: float | None, *, written: object, outlier_reason: str | None, where: str, key: str
) -> list[Problem]:
    """A value against its plausible range (bounds.BOUNDS): fine inside it, or outside it with an `outlier_reason`;
    zero or negative where the range starts above zero is impossible, whatever the reason."""
    if si is None or kind not in bounds.BOUNDS:
        return []
    (low, high), (low_si, high_si) = bounds.BOUNDS[kind], bounds.BOUNDS_SI[kind]
    fields = {"where": where, "field": key, "value": f"'{written}'"}
    if si < 0 or (si == 0 and low_si > 0):
        return [Problem(key="data_not_positive" if low_si > 0 else "data_negative", fields=fields)]
    inside = low_si * (1 - 1e-9) <= si <= high_si * (1 + 1e-9)
    if inside == (outlier_reason is None):
        return []
    by_lang = {lang: {"low": bounds.shown(low, lang), "high": bounds.shown(high, lang)} for lang in LANGS}
    return [Problem(key="data_outlier_inside" if inside else "data_out_of_bounds", fields=fields, by_lang=by_lang)]


def _value(leaf: Any) -> Any:
    return leaf.value if isinstance(leaf, Sourced) else leaf


def _si(leaf: Any, *, where: str, key: str) -> float | None:
    """SI value of a leaf, checking its dimension; None when null."""
    value = _value(leaf)
    if value is None:
        return None
    expected = DIMENSIONS[key]
    if isinstance(value, bool):
        raise DataError(f"{where}: field '{key}': expected a quantity, got {value!r}")
    if isinstance(value, (int, float)):
        if expected not in ("count", "number"):
            raise DataError(f"{where}: field '{key}': a bare number has no unit; write it with its unit ({expected})")
        return float(value)
    if expected == "number":
        raise DataError(f"{where}: field '{key}': write a plain number; the unit is in the field name")
    try:
        si, dimension = parse_quantity(value)
    except ValueError as error:
        raise DataError(f"{where}: field '{key}': {error}") from None
    if dimension != expected:
        raise DataError(f"{where}: field '{key}': {value!r} is {dimension}, expected {expected}")
    return si


def _source_ids(sources: list[Source], *, where: str) -> set[str]:
    ids = [source.id for source in sources]
    duplicate = {source_id for source_id in ids if ids.count(source_id) > 1}
    if duplicate:
        raise DataError(f"{where}: field 'sources': duplicate id {sorted(duplicate)[0]!r}")
    return set(ids)


def _check_source(source_id: str | None, known: set[str], *, where: str, key: str) -> None:
    if source_id is not None and source_id not in known:
        raise DataError(f"{where}: field '{key}': unknown source {source_id!r} (known: {', '.join(sorted(known))})")


def _check_leaf_sources(leaf: Any, known: set[str], *, where: str, key: str) -> None:
    if isinstance(leaf, Sourced):
        _check_source(leaf.source, known, where=where, key=key)
        for alternative in leaf.alternatives:
            _check_source(alternative.source, known, where=where, key=f"{key}.alternatives")


def _close(a: float, b: float, tolerance: float) -> bool:
    return math.isclose(a, b, rel_tol=tolerance)


def _leaf_bounds(kind: str, si: float | None, leaf: Any, *, where: str, key: str) -> list[Problem]:
    reason = leaf.outlier_reason if isinstance(leaf, Sourced) else None
    return _bounded(kind, si, written=_value(leaf), outlier_reason=reason, where=where, key=key)


def check_accelerator(raw: Any, *, file_name: str) -> Accelerator:
    """Validate one accelerator file and its consistency rules; returns the parsed model.

    The DataError names every bad field, unit, source, future date and implausible value, then the first broken
    consistency rule (those compare values, so they run once every value reads).
    """
    entry_id = raw.get("id", "?") if isinstance(raw, dict) else "?"
    where = f"{file_name} [{entry_id}]"
    chip, problems = _validated(Accelerator, raw, where=where)
    with problems.collect():
        _check_chip(chip, problems, file_name=file_name, where=where)
    problems.raise_any()
    return chip


def _check_chip(chip: Accelerator, problems: Problems, *, file_name: str, where: str) -> None:
    if f"{chip.id}.yaml" != file_name:
        problems.add(Problem(f"{where}: field 'id': must match the file name ({file_name})"))
    extra = [*(chip.measured.sources if chip.measured else []), *(chip.internals.sources if chip.internals else [])]
    known = _source_ids([*chip.sources, *extra], where=where)
    with problems.collect():
        _check_source(chip.default_source, known, where=where, key="default_source")
    si: dict[str, float | None] = {}
    texts: dict[str, str] = {}
    leaves = [
        (f"{section}.{leaf_name}", leaf)
        for section in (
            "memory",
            "compute",
            "sparse_headline",
            "power",
            "scale_up",
            "scale_out",
            "on_chip",
            "internals",
        )
        for leaf_name, leaf in getattr(chip, section) or ()
        if leaf_name != "sources"
    ]
    unreadable = False
    for key, leaf in leaves:
        try:
            _check_leaf_sources(leaf, known, where=where, key=key)
            if key in DIMENSIONS and leaf is not None:
                si[key] = _si(leaf, where=where, key=key)
                texts[key] = str(_value(leaf))
                problems.add(*_leaf_bounds(bounds.kind_of(key), si[key], leaf, where=where, key=key))
        except DataError as error:
            problems.add(*error.problems)
            unreadable = True
    if unreadable:  # the rules below compare values; with one unread they would report it again, worded worse
        return
    if chip.measured is not None:
        _check_measured(chip.measured, si, texts, known, problems, where=where)
    sparse = chip.sparse_headline
    if sparse is not None and sparse.sparsity == "2:4":
        for key in DENSE_KEYS:
            dense, headline = si.get(f"compute.{key}"), si.get(f"sparse_headline.{key}")
            if (
                dense
                and headline
                and key not in sparse.not_doubled
                and not _close(headline, 2 * dense, SPARSE_TOLERANCE)
            ):
                raise DataError(
                    f"{where}: field 'sparse_headline.{key}': a 2:4 headline must be twice the dense "
                    f"compute.{key}; add {key} to 'not_doubled' if the vendor publishes another ratio"
                )
    per_direction, both = si.get("scale_up.per_direction"), si.get("scale_up.bidirectional")
    if per_direction and both and not _close(both, 2 * per_direction, BIDIRECTIONAL_TOLERANCE):
        raise DataError(f"{where}: field 'scale_up.bidirectional': must be twice 'scale_up.per_direction'")
    domain = si.get("scale_up.domain_size")
    if domain is not None and (domain < 1 or domain != int(domain)):
        raise DataError(f"{where}: field 'scale_up.domain_size': must be a whole number of accelerators")
    _check_topology(chip.scale_up.topology, si, where=where)


def _links_per_accelerator(topology: str, *, domain: float | None, torus_dims: float | None) -> float | None:
    """How many per-peer links add up to the per-direction total: a mesh links every peer, a torus two
    neighbours per dimension, a ring two neighbours; None where the total is not a sum of links (switch)."""
    if topology == "mesh":
        return domain - 1 if domain else None
    if topology == "torus":
        return 2 * torus_dims if torus_dims else None
    if topology == "ring":
        return 2.0
    return None


def _check_topology(topology: str, si: dict[str, float | None], *, where: str) -> None:
    """Scale-up fields agree with the topology: a torus has dimensions, no link means no bandwidth, and the
    per-peer bandwidth times the number of links is the per-direction total."""
    per_direction, both = si.get("scale_up.per_direction"), si.get("scale_up.bidirectional")
    per_peer, dims, domain = si.get("scale_up.per_peer"), si.get("scale_up.torus_dims"), si.get("scale_up.domain_size")
    if topology == "torus" and dims is None:
        raise DataError(f"{where}: field 'scale_up.torus_dims': a torus needs its number of dimensions")
    if topology != "torus" and dims is not None:
        raise DataError(f"{where}: field 'scale_up.torus_dims': only a torus has dimensions (topology is {topology})")
    if dims is not None and (dims != int(dims) or not 1 <= dims <= 6):
        raise DataError(f"{where}: field 'scale_up.torus_dims': must be a whole number from 1 to 6")
    if topology == "none":
        if per_direction or both or per_peer:
            raise DataError(f"{where}: field 'scale_up.topology': 'none' cannot carry a scale-up bandwidth")
        if domain not in (None, 1.0):
            raise DataError(f"{where}: field 'scale_up.domain_size': with topology 'none' the domain is 1")
        return
    if topology in ("mesh", "switch") and domain == 1:
        raise DataError(f"{where}: field 'scale_up.domain_size': a {topology} joins at least 2 accelerators")
    total = per_direction if per_direction else (both / 2 if both else None)
    if per_peer is None or total is None:
        return
    if per_peer > total * (1 + PER_PEER_TOLERANCE):
        raise DataError(f"{where}: field 'scale_up.per_peer': larger than the per-direction total")
    links = _links_per_accelerator(topology, domain=domain, torus_dims=dims)
    if links and not _close(per_peer * links, total, PER_PEER_TOLERANCE):
        raise DataError(
            f"{where}: field 'scale_up.per_peer': {links:g} links of per_peer must add up to the per-direction "
            f"total for a {topology}"
        )


def _check_measured(
    section: MeasuredSection,
    si: dict[str, float | None],
    peaks: dict[str, str],
    known: set[str],
    problems: Problems,
    *,
    where: str,
) -> None:
    """Each measurement names a known source, lies in its format's plausible range (added to `problems`) and stays
    below its peak (dense, same format); no peak, no check."""
    entries: list[tuple[str, Measured, str, str]] = [
        (f"measured.matmul.{dtype}", item, "op_per_s" if dtype == "int8" else "flop_per_s", f"compute.{dtype}")
        for dtype, item in section.matmul.items()
    ]
    entries += [
        (f"measured.attention.{dtype}", item, "flop_per_s", f"compute.{dtype}")
        for dtype, item in section.attention.items()
    ]
    if section.memory_bandwidth is not None:
        entries.append(("measured.memory_bandwidth", section.memory_bandwidth, "bytes_per_s", "memory.bandwidth"))
    if section.memory_capacity is not None:  # may pass the datasheet's decimal figure: checked in `_check_reported`
        entries.append(("measured.memory_capacity", section.memory_capacity, "bytes", ""))
    # A collective's bus bandwidth can pass the link's (NVLink SHARP reduces in the switch): no peak to compare.
    for name, dimension in COLLECTIVE_FIGURES.items():
        item = getattr(section, name)
        if item is not None:
            entries.append((f"measured.{name}", item, dimension, ""))
    for key, item, dimension, peak_key in entries:
        _check_source(item.source, known, where=where, key=key)
        figures = [(item.value, key)] + [(alt.value, f"{key}.alternatives") for alt in item.alternatives]
        for alternative in item.alternatives:
            _check_source(alternative.source, known, where=where, key=f"{key}.alternatives")
        for value, field in figures:
            measured = _dimensioned(value, dimension, where=where, key=field)
            if measured is None:
                continue
            if field == key:
                reason = item.outlier_reason
                problems.add(
                    *_bounded(bounds.kind_of(key), measured, written=value, outlier_reason=reason, where=where, key=key)
                )
            if not peak_key:
                continue
            peak = si.get(peak_key)
            if peak is None:
                raise DataError(f"{where}: field '{field}': no dense peak '{peak_key}' to compare the measurement with")
            if measured >= peak:
                raise DataError(
                    f"{where}: field '{field}': measured {value} must be below the peak {peak_key} = "
                    f"{peaks[peak_key]} (at or above the peak it is a spec number or an error)"
                )
    _check_reported_capacity(section.memory_capacity, si.get("memory.capacity"), peaks, where=where)
    _check_sweep(section, known, where=where)


# A sweep's largest message reaches the collective's large-message figure: within this share of it.
SWEEP_PEAK_SPREAD = 0.05


def _check_sweep(section: MeasuredSection, known: set[str], *, where: str) -> None:
    """A sweep names a known source, and its largest message's bus bandwidth agrees with the chip's measured
    large-message AllReduce figure, where the data has both."""
    sweep = section.scale_up_allreduce_sweep
    if sweep is None:
        return
    key = "measured.scale_up_allreduce_sweep"
    _check_source(sweep.source, known, where=where, key=key)
    large = section.scale_up_allreduce
    figure = _dimensioned(large.value, "bytes_per_s", where=where, key="measured.scale_up_allreduce") if large else None
    if figure and abs(sweep.bus_gbytes_s[-1] * 1e9 / figure - 1) > SWEEP_PEAK_SPREAD:
        raise DataError(
            f"{where}: field '{key}.bus_gbytes_s': the largest message's {sweep.bus_gbytes_s[-1]} GB/s is more than "
            f"{SWEEP_PEAK_SPREAD:.0%} away from measured.scale_up_allreduce ({large.value if large else ''})"
        )


# A driver reports binary-sized HBM (80 GiB is 7.4 % more than 80 GB) less what the firmware keeps: within this
# share of the datasheet's figure, either way.
REPORTED_CAPACITY_SPREAD = 0.12


def _check_reported_capacity(
    item: Measured | None, datasheet: float | None, peaks: dict[str, str], *, where: str
) -> None:
    """The capacity a driver reports stays near the datasheet's: a slip of a unit or a digit is an error."""
    if item is None or not datasheet:
        return
    reported = _dimensioned(item.value, "bytes", where=where, key="measured.memory_capacity")
    if reported is not None and abs(reported / datasheet - 1) > REPORTED_CAPACITY_SPREAD:
        raise DataError(
            f"{where}: field 'measured.memory_capacity': {item.value} is more than "
            f"{REPORTED_CAPACITY_SPREAD:.0%} away from memory.capacity = {peaks.get('memory.capacity')}"
        )


def check_interconnects(raw: Any, *, file_name: str) -> Interconnects:
    """Validate data/interconnects.yaml; every link is checked, and the DataError names each bad one."""
    data, problems = _validated(Interconnects, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    for link in data.interconnects:
        with problems.collect():
            _check_link(link, known, problems, where=f"{file_name} [{link.id}]")
    problems.raise_any()
    return data


def _check_link(link: Interconnect, known: set[str], problems: Problems, *, where: str) -> None:
    _check_source(link.source, known, where=where, key="source")
    if link.per_direction is None and link.bidirectional is None:
        raise DataError(f"{where}: field 'per_direction': give per_direction or bidirectional bandwidth")
    values = {}
    for key, expected, kind in (
        ("per_direction", "bytes_per_s", "interconnect.bandwidth"),
        ("bidirectional", "bytes_per_s", "interconnect.bandwidth"),
        ("latency", "seconds", "interconnect.latency"),
    ):
        leaf = getattr(link, key)
        _check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = _dimensioned(leaf, expected, where=where, key=key)
        problems.add(*_leaf_bounds(kind, values[key], leaf, where=where, key=key))
    if (
        values["per_direction"]
        and values["bidirectional"]
        and not _close(values["bidirectional"], 2 * values["per_direction"], BIDIRECTIONAL_TOLERANCE)
    ):
        raise DataError(f"{where}: field 'bidirectional': must be twice 'per_direction'")


def _dimensioned(leaf: Any, expected: str, *, where: str, key: str) -> float | None:
    value = _value(leaf)
    if value is None:
        return None
    if not isinstance(value, str):
        raise DataError(f"{where}: field '{key}': write the value with its unit ({expected})")
    try:
        si, dimension = parse_quantity(value)
    except ValueError as error:
        raise DataError(f"{where}: field '{key}': {error}") from None
    if dimension != expected:
        raise DataError(f"{where}: field '{key}': {value!r} is {dimension}, expected {expected}")
    return si


def check_latencies(raw: Any, *, file_name: str) -> Latencies:
    """Validate data/latencies.yaml: every value in seconds and plausible, low <= typical <= high."""
    data, problems = _validated(Latencies, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    for item in data.latencies:
        with problems.collect():
            _check_latency(item, known, problems, where=f"{file_name} [{item.id}]")
    problems.raise_any()
    return data


def _check_latency(item: Latency, known: set[str], problems: Problems, *, where: str) -> None:
    _check_source(item.source, known, where=where, key="source")
    values = {}
    for key in ("low", "typical", "high"):
        leaf = getattr(item, key)
        _check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = _dimensioned(leaf, "seconds", where=where, key=key)
        problems.add(*_leaf_bounds("latency", values[key], leaf, where=where, key=key))
    if values["typical"] is None:
        raise DataError(f"{where}: field 'typical': a latency needs a typical value")
    if (values["low"] or 0.0) > values["typical"] or values["typical"] > (values["high"] or math.inf):
        raise DataError(f"{where}: field 'typical': must lie between low and high")


def count(value: Count, *, where: str, key: str) -> float:
    """A parameter count from a number or "8.03B"-style text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kMBT]?)\s*", str(value))
    if not match:
        raise DataError(f"{where}: field '{key}': {value!r} is not a count (write 70.6B or 70553706496)")
    return float(match.group(1)) * {"": 1.0, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}[match.group(2)]


def check_models(raw: Any, *, file_name: str) -> Models:
    """Validate data/models.yaml, including the fields each attention kind needs; the DataError names each bad model."""
    data, problems = _validated(Models, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    seen: set[str] = set()
    for model in data.models:
        where = f"{file_name} [{model.id}]"
        with problems.collect():
            if model.id in seen:
                raise DataError(f"{where}: field 'id': duplicate model id")
            seen.add(model.id)
            _check_model(model, known, where=where)
    problems.raise_any()
    return data


def _check_model(model: ModelEntry, known: set[str], *, where: str) -> None:
    _check_source(model.source, known, where=where, key="source")
    _check_source(model.config_source, known, where=where, key="config_source")
    params = count(model.params, where=where, key="params")
    active = count(model.active_params, where=where, key="active_params")
    for key, value in (("params", params), ("active_params", active)):
        if value <= 0:
            fields = {"where": where, "field": key, "value": f"'{getattr(model, key)}'"}
            raise DataError(Problem(key="data_not_positive", fields=fields))
    if active > params:
        raise DataError(f"{where}: field 'active_params': cannot exceed params")
    if model.attention_heads % model.kv_heads:
        raise DataError(f"{where}: field 'kv_heads': must divide attention_heads")
    if model.attention == "mla" and (model.kv_lora_rank is None or model.rope_head_dim is None):
        raise DataError(f"{where}: field 'kv_lora_rank': MLA needs kv_lora_rank and rope_head_dim")
    if model.attention == "sliding" and model.window is None:
        raise DataError(f"{where}: field 'window': sliding-window attention needs a window")
    if model.attention == "mha" and model.kv_heads != model.attention_heads:
        raise DataError(f"{where}: field 'kv_heads': MHA has as many KV heads as attention heads")
    if model.attention == "mqa" and model.kv_heads != 1:
        raise DataError(f"{where}: field 'kv_heads': MQA has one KV head")
    if model.config_source is not None:
        _check_source(model.config_source, known, where=where, key="config_source")
    moe = (model.experts, model.experts_per_token, model.expert_ffn_hidden_size)
    if any(v is not None for v in moe) and any(v is None for v in moe):
        raise DataError(
            f"{where}: field 'experts': a mixture of experts needs experts, experts_per_token and expert_ffn_hidden_size"
        )
    if model.experts is not None and model.experts_per_token is not None and model.experts_per_token > model.experts:
        raise DataError(f"{where}: field 'experts_per_token': cannot exceed experts")
    if (model.dense_layers or 0) >= model.layers:
        raise DataError(f"{where}: field 'dense_layers': must be fewer than layers")
    if (model.vocab_size is None) != (model.tied_embeddings is None):
        raise DataError(f"{where}: field 'tied_embeddings': give vocab_size and tied_embeddings together")
    if model.experts is not None and active >= params:
        raise DataError(f"{where}: field 'active_params': a mixture of experts has fewer active than total")


def check_economics(raw: Any, *, file_name: str, accelerator_ids: set[str]) -> Economics:
    """Validate data/economics.yaml; prices must name known accelerators, and every range be plausible.

    A range's `outlier_reason` covers its low, typical and high figures.
    """
    data, problems = _validated(Economics, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    ranges = {f"accelerator_hour_usd.{key}": value for key, value in data.accelerator_hour_usd.items()}
    ranges.update(
        electricity_usd_per_kwh=data.electricity_usd_per_kwh,
        pue=data.pue,
        grid_carbon_g_per_kwh=data.grid_carbon_g_per_kwh,
    )
    for key, value in ranges.items():
        price = key.startswith("accelerator_hour_usd.")
        entry = key.split(".", 1)[1] if price else key
        where = f"{file_name} [{entry}]"
        with problems.collect():
            if price and entry not in accelerator_ids:
                raise DataError(f"{where}: field 'accelerator_hour_usd': unknown accelerator id {entry!r}")
            _check_source(value.source, known, where=where, key=f"{key}.source")
            implausible = [
                problem
                for part in ("low", "typical", "high")
                for problem in _bounded(
                    "accelerator_hour_usd" if price else key,
                    getattr(value, part),
                    written=getattr(value, part),
                    outlier_reason=value.outlier_reason,
                    where=where,
                    key=f"{key}.{part}",
                )
                if problem.key != "data_outlier_inside"
            ]
            problems.add(*implausible)
            if not implausible and not 0 < value.low <= value.typical <= value.high:
                raise DataError(f"{where}: field '{key}': need 0 < low <= typical <= high")
    if data.pue.low < 1:
        problems.add(Problem(f"{file_name} [pue]: field 'pue.low': PUE cannot be below 1"))
    problems.raise_any()
    return data


def check_training(raw: Any, *, file_name: str) -> Training:
    """Validate data/training.yaml: an efficiency between 0 and 1, failure counts that add up, known sources."""
    data, problems = _validated(Training, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    efficiency = data.matmul_efficiency
    with problems.collect():
        _check_source(efficiency.source, known, where=f"{file_name} [matmul_efficiency]", key="source")
    if not 0 < efficiency.low <= efficiency.typical <= efficiency.high <= 1:
        problems.add(
            Problem(f"{file_name} [matmul_efficiency]: field 'matmul_efficiency': need 0 < low <= typical <= high <= 1")
        )
    ids = set()
    for report in data.failures:
        where = f"{file_name} [{report.id}]"
        with problems.collect():
            _check_source(report.source, known, where=where, key="source")
            if report.unexpected is not None and report.unexpected > report.interruptions:
                raise DataError(f"{where}: field 'unexpected': cannot exceed interruptions")
        ids.add(report.id)
    if data.default_failures not in ids:
        problems.add(Problem(f"{file_name}: field 'default_failures': no failure report {data.default_failures!r}"))
    problems.raise_any()
    return data


def check_systems(raw: Any, *, file_name: str, accelerator_ids: set[str]) -> Systems:
    """Validate data/systems.yaml: known accelerators and sources, quantities in their dimension and plausible."""
    data, problems = _validated(Systems, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    seen: set[str] = set()
    for system in data.systems:
        where = f"{file_name} [{system.id}]"
        with problems.collect():
            if system.id in seen:
                raise DataError(f"{where}: field 'id': duplicate system id")
            seen.add(system.id)
            _check_system(system, known, accelerator_ids, problems, where=where)
    problems.raise_any()
    return data


def _check_system(
    system: System, known: set[str], accelerator_ids: set[str], problems: Problems, *, where: str
) -> None:
    _check_source(system.source, known, where=where, key="source")
    for index, held in enumerate(system.accelerators):
        if held.id not in accelerator_ids:
            raise DataError(f"{where}: field 'accelerators.{index}.id': unknown accelerator id {held.id!r}")
    for key in ("cooling", "topology"):
        _check_leaf_sources(getattr(system, key), known, where=where, key=key)
    cooling = _value(system.cooling)
    if cooling is not None and cooling not in COOLING:
        raise DataError(f"{where}: field 'cooling': {cooling!r} is not one of {', '.join(COOLING)}")
    values = {}
    for key, expected in SYSTEM_DIMENSIONS.items():
        leaf = getattr(system, key)
        _check_leaf_sources(leaf, known, where=where, key=key)
        values[key] = _system_si(leaf, expected, where=where, key=key)
        problems.add(*_leaf_bounds(f"system.{key}", values[key], leaf, where=where, key=key))
    low, high = values["power_typical"], values["power_max"]
    if low is not None and high is not None and low > high:
        raise DataError(f"{where}: field 'power_typical': cannot exceed power_max")
    domain = values["scale_up_domain"]
    if domain is not None and (domain < 1 or domain != int(domain)):
        raise DataError(f"{where}: field 'scale_up_domain': must be a whole number of accelerators")
    per_rack = values["per_rack"]
    if per_rack is not None and per_rack < 1:
        raise DataError(f"{where}: field 'per_rack': at least one system fits in a rack")


def _system_si(leaf: Any, expected: str, *, where: str, key: str) -> float | None:
    value = _value(leaf)
    if value is None:
        return None
    if expected == "count":
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{where}: field '{key}': write a whole number")
        return float(value)
    return _dimensioned(leaf, expected, where=where, key=key)


def check_edition(raw: Any, *, file_name: str) -> Editions:
    """Validate data/edition.yaml: unique ids, newest first, and a current edition that is listed."""
    data, problems = _validated(Editions, raw, where=file_name)
    ids = [edition.id for edition in data.editions]
    duplicate = sorted({edition_id for edition_id in ids if ids.count(edition_id) > 1})
    if duplicate:
        problems.add(Problem(f"{file_name} [{duplicate[0]}]: field 'id': duplicate edition id"))
    for newer, older in zip(data.editions, data.editions[1:], strict=False):
        if older.started > newer.started:
            problems.add(
                Problem(
                    f"{file_name} [{older.id}]: field 'started': editions are listed newest first, "
                    f"but {older.id} started after {newer.id}"
                )
            )
    if data.current not in ids:
        problems.add(
            Problem(
                f"{file_name} [{data.current}]: field 'current': no edition with this id is listed "
                f"(listed: {', '.join(ids)})"
            )
        )
    problems.raise_any()
    return data


class ValidationGroup(_Strict):
    """Runs from one document: the convention of its figure and the settings X4 had to assume."""

    id: Annotated[str, Field(pattern=KEBAB)]
    convention: Annotated[str, Field(min_length=10)]
    note: Annotated[str, Field(min_length=10)]


class ValidationRun(_Strict):
    """One published measured run: a calculator's inputs, the published figure in the metric's unit, a tolerance."""

    id: Annotated[str, Field(pattern=KEBAB)]
    group: str
    name: str
    calculator: str
    inputs: dict[str, Scalar]
    metric: Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]
    unit: str
    published: Annotated[float, Field(gt=0)]
    tolerance: Annotated[float, Field(gt=0, lt=1)]
    source: str
    where: Annotated[str, Field(min_length=3)]
    known_miss: str | None = None


class Validation(_Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    groups: Annotated[list[ValidationGroup], Field(min_length=1)]
    runs: Annotated[list[ValidationRun], Field(min_length=1)]


def check_validation(raw: Any, *, file_name: str) -> Validation:
    """Validate data/validation.yaml: known sources and groups, unique run ids; every bad run is named."""
    data, problems = _validated(Validation, raw, where=file_name)
    known = _source_ids(data.sources, where=file_name)
    groups = {group.id for group in data.groups}
    seen: set[str] = set()
    for run in data.runs:
        where = f"{file_name} [{run.id}]"
        with problems.collect():
            _check_source(run.source, known, where=where, key="source")
        if run.group not in groups:
            problems.add(
                Problem(f"{where}: field 'group': no group {run.group!r} (known: {', '.join(sorted(groups))})")
            )
        if run.id in seen:
            problems.add(Problem(f"{where}: field 'id': {run.id!r} appears twice"))
        seen.add(run.id)
    problems.raise_any()
    return data
