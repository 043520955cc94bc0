"""The fields of one data/accelerators/<id>.yaml: sections, the dimension of each quantity, the tolerances the
consistency rules allow."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .common import KEBAB, Leaf, OutlierReason, Scalar, Source, Sourced, Strict

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

PER_PEER_TOLERANCE = 0.02  # per-link figures are rounded: 7 x 76.8 GB/s = 537.6, published as 1,075 both ways

# How a scale-up domain is wired. switch: every accelerator reaches every other through switches (NVSwitch);
# mesh: a direct link to every peer (MI300X, Gaudi 3); torus: links to the nearest neighbours along each
# dimension, with wraparound (TPU ICI); ring: two neighbours; none: no scale-up link (PCIe only).
Topology = Literal["switch", "mesh", "torus", "ring", "none"]


class Memory(Strict):
    type: str | Sourced
    capacity: Leaf
    bandwidth: Leaf


class Compute(Strict):
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


class Power(Strict):
    tdp: Leaf


class ScaleUp(Strict):
    """The scale-up link. `per_peer` is per direction between one pair of peers (one link per neighbour in a
    torus or ring); `torus_dims` is the number of torus dimensions, required for a torus only."""

    name: str
    topology: Topology
    per_direction: Leaf | None = None
    bidirectional: Leaf | None = None
    per_peer: Leaf | None = None
    torus_dims: Leaf | None = None
    domain_size: Leaf


class ScaleOut(Strict):
    name: str | None = None
    per_accelerator: Leaf


class OnChip(Strict):
    sram: Leaf | None = None
    l2: Leaf | None = None


class MeasuredAlternative(Strict):
    """Another published measurement of the same quantity, kept beside the chosen one."""

    value: Scalar
    source: str
    software: Annotated[str, Field(min_length=3)]
    benchmark: Annotated[str, Field(min_length=3)]
    measured_on: dt.date | None = None
    note: str | None = None


class Measured(Strict):
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


class MeasuredSweep(Strict):
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


class MeasuredShapes(Strict):
    """A matmul's measured rate at each shape of a grid (a GEMM benchmark's sweep): sizes of M (tokens), N (outputs)
    and K (inputs), each increasing, and `tflops[i][j][k]` the TFLOP/s at (m[i], n[j], k[k])."""

    m: Annotated[list[Annotated[int, Field(gt=0)]], Field(min_length=2)]
    n: Annotated[list[Annotated[int, Field(gt=0)]], Field(min_length=2)]
    k: Annotated[list[Annotated[int, Field(gt=0)]], Field(min_length=2)]
    tflops: list[list[list[Annotated[float, Field(gt=0)]]]]
    source: str
    software: Annotated[str, Field(min_length=3)]
    benchmark: Annotated[str, Field(min_length=3)]
    note: str | None = None

    @model_validator(mode="after")
    def _grid(self) -> MeasuredShapes:
        for name in ("m", "n", "k"):
            sizes = getattr(self, name)
            if any(later <= earlier for earlier, later in itertools.pairwise(sizes)):
                raise ValueError(f"'{name}' must increase")
        rows = self.tflops
        if len(rows) != len(self.m) or any(len(row) != len(self.n) for row in rows):
            raise ValueError("'tflops' must hold one row per m, each with one list per n")
        if any(len(cell) != len(self.k) for row in rows for cell in row):
            raise ValueError("'tflops' must give one figure per k in every (m, n) list")
        return self


class MeasuredSection(Strict):
    """Achieved figures beside the peaks: dense matmul and attention per format, memory bandwidth, and the
    collectives' bus bandwidth (large messages) and time (small messages) on the scale-up and scale-out links."""

    sources: list[Source] = []
    reason: str | None = None
    matmul: dict[Literal[DENSE_KEYS], Measured] = {}  # type: ignore[valid-type]
    attention: dict[Literal[DENSE_KEYS], Measured] = {}  # type: ignore[valid-type]
    matmul_shapes: dict[Literal[DENSE_KEYS], MeasuredShapes] = {}  # type: ignore[valid-type]  # the rate by GEMM shape
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


class Internals(Strict):
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


class Accelerator(Strict):
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
