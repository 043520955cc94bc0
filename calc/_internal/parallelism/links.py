# The planner's links: each accelerator's scale-up and scale-out bandwidth, and the time of one collective
# (ring, hierarchical, all-to-all or a pipeline send) on the links a layout puts it on.
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..collectives import hierarchical_allreduce_seconds, swept_bus_bandwidth
from ..data import Accelerator, load_data
from ..errors import CalcError, check_choice, check_number

TOPOLOGIES = ("switch", "mesh", "torus", "ring", "none")
HOP_LATENCY_ID = "nvlink-round-trip"  # data/latencies.yaml: a ring step's latency where none was measured
OUT_HOP_LATENCY_ID = "infiniband-gpu-message"  # data/latencies.yaml: one message between nodes, over the NICs


# -- the cluster's links -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Links:
    """Per-direction bandwidths of one accelerator: the scale-up domain (total and per peer) and the NIC; the share of
    them a collective reaches (its measured bus bandwidth over the link's) and a collective's small-message time."""

    up_total: float | None
    up_peer: float | None
    domain: int
    topology: str
    out: float | None
    name: str = ""
    up_share: float = 1.0
    up_gather_share: float = 1.0  # AllGather and ReduceScatter: the ring's share (no in-switch reduction)
    out_share: float = 1.0
    up_latency: float = 0.0  # a measured small-message call inside the domain; 0: `hop_latency` per ring step
    out_latency: float = 0.0
    hop_latency: float = 0.0  # the per-message latency a ring step pays where no call was measured
    out_hop_latency: float = 0.0  # the per-message latency over the NICs where no call across nodes was measured
    measured: bool = False  # whether nccl-tests (or rccl-tests) figures set the scale-up shares and latency
    torus_dims: int = 1  # a torus runs its rings along each dimension: fewer steps than one ring of all
    up_sweep: tuple[tuple[float, float], ...] = ()  # the AllReduce's measured bus bandwidth by message size


def chip_links(chip: Accelerator) -> Links:
    topology = chip.scale_up_topology or "none"
    domain = int(chip.scale_up_domain_size or 1)
    total, peer = chip.scale_up_per_direction_bytes_per_s, chip.scale_up_per_peer_bytes_per_s
    if topology == "none" or domain <= 1 or not total:
        topology, domain, total, peer = "none", 1, None, None
    elif topology == "mesh" and not peer:
        peer = total / (domain - 1)  # a full mesh joins every pair by one link: the total is domain − 1 of them
    elif topology in ("torus", "ring") and not peer:
        raise CalcError(field="accelerator", kind="no_figure", detail="scale_up_per_peer", subject=chip.name)
    out = chip.scale_out_bits_per_s / 8 if chip.scale_out_bits_per_s else None
    links = Links(total, peer, domain, topology, out, chip.name, torus_dims=int(chip.scale_up_torus_dims or 1))
    measured = {key: value.si for key, value in chip.measured.items() if value.si is not None}
    up_bus, out_bus = measured.get("measured.scale_up_allreduce"), measured.get("measured.scale_out_allreduce")
    up_gather = measured.get("measured.scale_up_allgather") or up_bus
    up_call = float(measured.get("measured.scale_up_latency") or 0.0)
    return replace(
        links,
        measured=bool(up_bus or up_call),
        hop_latency=0.0 if up_call else default_hop_latency(),
        up_share=up_bus / _ring_bandwidth(links, domain) if up_bus and total else 1.0,
        up_gather_share=up_gather / _ring_bandwidth(links, domain) if up_gather and total else 1.0,
        out_share=out_bus / out if out_bus and out else 1.0,
        up_latency=up_call,
        out_latency=float(measured.get("measured.scale_out_latency") or 0.0),
        out_hop_latency=default_out_hop_latency(),
        up_sweep=chip.allreduce_sweep,
    )


def default_hop_latency() -> float:
    """The per-message latency of one GPU-to-GPU ring step where no collective was measured (data/latencies.yaml,
    Li et al. 2020: a few microseconds over PCIe, NVLink and NVSwitch alike); 0 when the data has none."""
    found = load_data().latencies.get(HOP_LATENCY_ID)
    return found.typical_s if found is not None else 0.0


def default_out_hop_latency() -> float:
    """The per-message latency of one GPU-to-GPU message between nodes, over the NICs, where no collective across
    nodes was measured (data/latencies.yaml: a step between nodes in NCCL's tuning model); 0 when the data has none."""
    found = load_data().latencies.get(OUT_HOP_LATENCY_ID)
    return found.typical_s if found is not None else 0.0


def _alltoall_out_latency(links: Links, members: float, inside: float) -> float:
    """The small-message time an all-to-all pays for its peers outside the scale-up domain: the measured call across
    nodes, or one message over the NICs per such peer (a pairwise exchange, Thakur, Rabenseifner & Gropp 2005)."""
    return links.out_latency or (members - inside) * links.out_hop_latency


def _up_latency(links: Links, members: float, kind: str) -> float:
    """One call's small-message time inside the domain: the measured one, or a ring's steps at the hop latency,
    2(n − 1) for an AllReduce and n − 1 for the others (Patarasuk & Yuan 2009); on a d-dimensional torus, a ring
    along each dimension, d·(n^(1/d) − 1) steps ("How to Scale Your Model", ch. 3)."""
    if links.up_latency:
        return links.up_latency
    dims = links.torus_dims if links.topology == "torus" else 1
    steps = dims * (members ** (1 / dims) - 1)  # a ring along each of a torus's dimensions
    return (2 * steps if kind in ("allreduce", "gather_scatter") else steps) * links.hop_latency


def _ring_bandwidth(links: Links, members: float) -> float:
    """What a ring collective among `members` accelerators of one scale-up domain gets per direction.

    A switch (NVLink through NVSwitch) gives each accelerator its whole per-direction bandwidth; a torus or a ring
    axis gives a bidirectional ring both neighbours (2 links; "How to Scale Your Model" ch. 2); a full mesh gives a
    collective that uses every link (members − 1) peer links, and one pair only its own link.
    """
    if links.topology == "switch":
        return float(links.up_total or 0.0)
    if links.topology == "mesh":
        return min(float(links.up_total or 0.0), (members - 1) * float(links.up_peer or 0.0))
    return 2.0 * float(links.up_peer or 0.0)


def _bus_bandwidth(links: Links, members: float, kind: str) -> float:
    """What a collective among `members` of one domain reaches: the ring's bandwidth times the measured share
    (an AllReduce's, which in-switch reduction can raise above 1, or an AllGather's and a ReduceScatter's)."""
    share = links.up_share if kind == "allreduce" else links.up_gather_share
    return share * _ring_bandwidth(links, members)


def _pair_bandwidth(links: Links) -> float:
    return float((links.up_total if links.topology == "switch" else links.up_peer) or 0.0)


def _inside(size: float, stride: float, domain: int) -> int:
    """Members of one group (of `size`, consecutive ranks `stride` apart) that share a scale-up domain."""
    if size <= 1 or stride >= domain:
        return 1
    return int(min(size, max(1, domain // stride)))


# How the derivation shows each form of collective: its formula, its template and its placeholders with their units.
# An AllReduce moves twice what an AllGather or a ReduceScatter does: its formula and template gain a leading 2.
_FORMS: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "none": ("0", "0", ()),
    "p2p_up": (r"S/B_\text{up}", "{S} / {B}", (("S", "B"), ("B", "B/s"))),
    "p2p_out": (r"S/B_\text{out}", "{S} / {B}", (("S", "B"), ("B", "B/s"))),
    "ring_up": (r"\frac{n-1}{n}\,S/B_\text{up}", "({n} − 1) / {n} × {S} / {B}", (("n", ""), ("S", "B"), ("B", "B/s"))),
    "ring_out": (
        r"\frac{n-1}{n}\,S/B_\text{out}",
        "({n} − 1) / {n} × {S} / {B}",
        (("n", ""), ("S", "B"), ("B", "B/s")),
    ),
    "alltoall": (
        r"\frac{n-g}{n}\,S/B_\text{out} + \frac{g-1}{n}\,S/B_\text{up}",
        "({n} − {g}) / {n} × {S} / {Bo} + ({g} − 1) / {n} × {S} / {Bu}",
        (("n", ""), ("g", ""), ("S", "B"), ("Bo", "B/s"), ("Bu", "B/s")),
    ),
    "hierarchical": (
        r"\left(\frac{g-1}{g}\frac{S}{B_\text{up}} + \frac{k-1}{k}\frac{S/g}{B_\text{out}}\right)",
        "(({g} − 1) / {g} × {S} / {Bu} + ({k} − 1) / {k} × {S} / {g} / {Bo})",
        (("g", ""), ("k", ""), ("S", "B"), ("Bu", "B/s"), ("Bo", "B/s")),
    ),
}


class Collective(NamedTuple):
    """One collective's time and how to show it: the template evaluates to `seconds`.

    Only the time and the link are made for every layout a search tries; the derivation's strings are looked up
    when shown."""

    seconds: float
    where: str  # "up", "out", "both" or "none"
    form: str = "none"  # a key of _FORMS
    numbers: tuple[float, ...] = ()  # the form's placeholders' values, in its order
    allreduce: bool = False
    latency: float = 0.0  # the measured small-message time each call pays, included in `seconds`

    @property
    def formula(self) -> str:
        return ("2" if self.allreduce else "") + _FORMS[self.form][0] + (r" + \alpha" if self.latency else "")

    @property
    def template(self) -> str:
        return ("2 × " if self.allreduce else "") + _FORMS[self.form][1] + (" + {a}" if self.latency else "")

    @property
    def values(self) -> dict[str, tuple[float, str]]:
        shown = {name: (number, unit) for (name, unit), number in zip(_FORMS[self.form][2], self.numbers, strict=True)}
        return {**shown, "a": (self.latency, "s")} if self.latency else shown


# A collective among one rank moves nothing; one shared answer.
NO_COLLECTIVE = Collective(0.0, "none")


def _missing_out(links: Links) -> CalcError:
    return CalcError(field="accelerator", kind="no_figure", detail="scale_out", subject=links.name)


def collective(kind: str, size_bytes: float, members: float, stride: float, links: Links) -> Collective:
    """A ring AllReduce ("allreduce"), an AllGather and a ReduceScatter in its place ("gather_scatter", sequence
    parallelism's pair), an AllGather or ReduceScatter ("allgather"), all-to-all or one pipeline send ("p2p") of
    `size_bytes` among `members` ranks `stride` apart, on the links the layout gives it."""
    n = float(members)
    if n <= 1 or size_bytes <= 0:  # one rank, or nothing to move (a dense model's expert gradients)
        return NO_COLLECTIVE
    g = _inside(n, stride, links.domain) if links.topology != "none" else 1
    allreduce = kind in ("allreduce", "gather_scatter")
    factor = 2.0 if allreduce else 1.0
    if kind == "p2p":
        if g > 1:
            bw = _pair_bandwidth(links)
            return Collective(size_bytes / bw, "up", "p2p_up", (size_bytes, bw))
        if not links.out:
            raise _missing_out(links)
        return Collective(size_bytes / links.out, "out", "p2p_out", (size_bytes, links.out))
    if g >= n and allreduce and links.up_sweep:  # the measured bus bandwidth at this size, its latency included
        bw = swept_bus_bandwidth(size_bytes, links.up_sweep)
        if kind == "gather_scatter" and links.up_share:  # no in-switch reduction helps the AllGather half
            bw *= links.up_gather_share / links.up_share
        return Collective(factor * (n - 1) / n * size_bytes / bw, "up", "ring_up", (n, size_bytes, bw), allreduce)
    if g >= n:
        bw, a = _bus_bandwidth(links, n, kind), _up_latency(links, n, kind)
        seconds = factor * (n - 1) / n * size_bytes / bw + a
        return Collective(seconds, "up", "ring_up", (n, size_bytes, bw), allreduce, a)
    if not links.out:
        raise _missing_out(links)
    out, a_out = links.out * links.out_share, links.out_latency
    if kind == "alltoall":  # its messages to peers in other domains cross the NICs: the scale-out link's latency
        a_out = _alltoall_out_latency(links, n, g)
    if g == 1:
        seconds = factor * (n - 1) / n * size_bytes / out + a_out
        return Collective(seconds, "out", "ring_out", (n, size_bytes, out), allreduce, a_out)
    up = _bus_bandwidth(links, g, kind)
    k = math.ceil(n / g)
    a = _up_latency(links, g, kind) + a_out  # an all-to-all's: NVLink's for the peers inside, the NICs' outside
    if kind == "alltoall":  # what leaves the domain crosses the NICs; the rest stays inside
        seconds = (n - g) / n * size_bytes / out + (g - 1) / n * size_bytes / up + a
        return Collective(seconds, "both", "alltoall", (n, float(g), size_bytes, out, up), latency=a)
    full = hierarchical_allreduce_seconds(
        bytes_total=size_bytes, count=g * k, domain_size=g, scale_up_bytes_per_s=up, scale_out_bytes_per_s=out
    )
    return Collective(
        full * factor / 2.0 + a, "both", "hierarchical", (float(g), float(k), size_bytes, up, out), allreduce, a
    )


def setup_links(
    chip: Accelerator | None,
    scale_up_bytes_per_s: float,
    scale_up_domain: float,
    scale_up_topology: str,
    scale_up_link_bytes_per_s: float | None,
    scale_out_bytes_per_s: float,
) -> Links:
    if chip is not None:
        return chip_links(chip)
    topology = check_choice("scale_up_topology", scale_up_topology, TOPOLOGIES)
    domain = int(check_number("scale_up_domain", scale_up_domain))
    total = check_number("scale_up_gbytes_s", scale_up_bytes_per_s, low=0, low_open=True, high=1e15)
    out = check_number("scale_out_gbits_s", scale_out_bytes_per_s, low=0, low_open=True, high=1e15)
    if topology == "none" or domain == 1:
        return Links(
            None, None, 1, "none", out, hop_latency=default_hop_latency(), out_hop_latency=default_out_hop_latency()
        )
    peer = None
    if topology in ("mesh", "torus", "ring"):
        if scale_up_link_bytes_per_s is None:
            raise CalcError(field="scale_up_link_gbytes_s", kind="missing", low=0, low_open=True)
        peer = check_number("scale_up_link_gbytes_s", scale_up_link_bytes_per_s, low=0, low_open=True, high=total)
    return Links(
        total, peer, domain, topology, out, hop_latency=default_hop_latency(), out_hop_latency=default_out_hop_latency()
    )


def link_word(one: Collective) -> str:
    return {"none": "none", "up": "scale-up", "out": "scale-out", "both": "scale-up+out"}[one.where]
