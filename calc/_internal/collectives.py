# Collectives: ring AllReduce, AllGather, ReduceScatter, all-to-all, hierarchical AllReduce, gradient sync.
from __future__ import annotations

import itertools
import math

from .errors import check_finite_result, check_number

# Convention: `link_bytes_per_s` is what ONE accelerator can send (and, at the same time, receive)
# per direction; a datasheet's "bidirectional" figure is twice this. Buffers are in bytes.


def collective_inputs(
    bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float
) -> tuple[float, float, float, float]:
    size = check_number("bytes", bytes_total, low=0, high=1e18)
    n = check_number("count", count)
    link = check_number("link_bytes_per_s", link_bytes_per_s)
    latency = check_number("latency_s", latency_s)
    return size, n, link, latency


def ring_allreduce_seconds(
    *, bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float = 0.0
) -> float:
    """Ring AllReduce of a `bytes_total` buffer across `count` accelerators.

    T = 2(n−1)/n · S / B + 2(n−1) · α: a ReduceScatter then an AllGather, each n−1 steps that
    move S/n bytes per link. One accelerator costs zero. Source: Patarasuk & Yuan (2009),
    "Bandwidth optimal all-reduce algorithms"; NCCL's busbw convention (nccl-tests PERFORMANCE.md).
    Example: 1 GB across 8 H100s over NVLink 4 at 450 GB/s per direction: 2·7/8·1e9/450e9 ≈ 3.89 ms.
    """
    size, n, link, latency = collective_inputs(bytes_total, count, link_bytes_per_s, latency_s)
    if n == 1:
        return 0.0
    return check_finite_result("seconds", 2 * (n - 1) / n * size / link + 2 * (n - 1) * latency)


def ring_allgather_seconds(
    *, bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float = 0.0
) -> float:
    """Ring AllGather whose gathered result is `bytes_total`: T = (n−1)/n · S / B + (n−1) · α.

    Source: as `ring_allreduce_seconds` (half of it). Example: gathering 1 GB across 8 GPUs at
    450 GB/s takes 7/8 · 1e9 / 450e9 ≈ 1.94 ms.
    """
    size, n, link, latency = collective_inputs(bytes_total, count, link_bytes_per_s, latency_s)
    if n == 1:
        return 0.0
    return check_finite_result("seconds", (n - 1) / n * size / link + (n - 1) * latency)


def ring_reducescatter_seconds(
    *, bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float = 0.0
) -> float:
    """Ring ReduceScatter of a `bytes_total` input: T = (n−1)/n · S / B + (n−1) · α (mirror of AllGather).

    Source: as `ring_allreduce_seconds`. Example: 1 GB across 8 GPUs at 450 GB/s ≈ 1.94 ms.
    """
    return ring_allgather_seconds(
        bytes_total=bytes_total, count=count, link_bytes_per_s=link_bytes_per_s, latency_s=latency_s
    )


def all_to_all_seconds(*, bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float = 0.0) -> float:
    """All-to-all (MoE dispatch) where each accelerator holds `bytes_total` and keeps 1/n of it.

    Over a switched, full-bisection fabric each accelerator sends (n−1)/n · S and receives as much:
    T = (n−1)/n · S / B + (n−1) · α (pairwise exchange). Source: Thakur, Rabenseifner & Gropp (2005),
    "Optimization of collective communication operations in MPICH". Example: 256 MB per GPU across
    64 GPUs at 50 GB/s: 63/64 · 256e6 / 50e9 ≈ 5.04 ms.
    """
    return ring_allgather_seconds(
        bytes_total=bytes_total, count=count, link_bytes_per_s=link_bytes_per_s, latency_s=latency_s
    )


def hierarchical_allreduce_seconds(
    *,
    bytes_total: float,
    count: float,
    domain_size: float,
    scale_up_bytes_per_s: float,
    scale_out_bytes_per_s: float,
    latency_s: float = 0.0,
) -> float:
    """AllReduce inside the node, then across nodes: ReduceScatter (g), AllReduce of S/g (n/g nodes), AllGather (g).

    T = 2 · (g−1)/g · S / B_up + 2(m−1)/m · (S/g) / B_out, with g = min(domain, n) accelerators
    per scale-up domain and m = ⌈n/g⌉ domains; every accelerator uses its own NIC for its 1/g shard.
    Source: the 2D/hierarchical scheme of NCCL and of "How to Scale Your Model", ch. GPUs.
    Example: 1 GB on 1024 H100s (g = 8, NVLink 450 GB/s, 50 GB/s NIC):
    2·7/8·1e9/450e9 + 2·127/128·(1e9/8)/50e9 ≈ 3.89 ms + 4.96 ms ≈ 8.85 ms.
    """
    size, n, out_link, latency = collective_inputs(bytes_total, count, scale_out_bytes_per_s, latency_s)
    domain = check_number("domain_size", domain_size, low=1, high=1e6, integer=True)
    up_link = check_number("scale_up_bytes_per_s", scale_up_bytes_per_s)
    g = min(domain, n)
    m = math.ceil(n / g)
    inside = 2 * ring_reducescatter_seconds(bytes_total=size, count=g, link_bytes_per_s=up_link, latency_s=latency)
    across = ring_allreduce_seconds(bytes_total=size / g, count=m, link_bytes_per_s=out_link, latency_s=latency)
    return check_finite_result("seconds", inside + across)


def overlap_needed(*, sync_seconds: float, compute_seconds: float) -> float:
    """Fraction of the step's compute during which communication must run to hide the sync: min(1, T_sync / T_compute).

    Above 1 the sync cannot be hidden: the step takes T_sync and communication is the bottleneck.
    Example: 0.7 s of AllReduce under 3.5 s of compute needs 20 % of the compute overlapped.
    """
    sync = check_number("sync_seconds", sync_seconds, low=0)
    compute = check_number("compute_seconds", compute_seconds, low=0, low_open=True)
    return min(1.0, sync / compute)


def swept_bus_bandwidth(size_bytes: float, sweep: tuple[tuple[float, float], ...]) -> float:
    """The bus bandwidth a measured sweep gives a message of `size_bytes`, from (bytes, B/s) pairs in increasing
    size: log-log interpolation between the two measured sizes around it; below the smallest, the smallest's time
    (latency-bound, so the bandwidth falls with the size); above the largest, the largest's bandwidth.

    A collective's bus bandwidth ramps up over sizes as NCCL's protocols and channels fill, well below what one
    latency plus the large-message rate gives in between. Example: Microsoft Azure's ND A100 v4 sweep (8 A100,
    NCCL 2.18.5) measures 166.63 GB/s at 64 MiB and 174.18 GB/s at 128 MiB; at 64·√2 MiB (94,906,266 B),
    halfway on a log scale, √(166.63 × 174.18) = 170.36 GB/s.
    """
    size = check_number("bytes_total", size_bytes)
    if not sweep:
        raise ValueError("an empty sweep")
    first_size, first_rate = sweep[0]
    if size <= first_size:
        return first_rate * size / first_size
    for (low_size, low_rate), (high_size, high_rate) in itertools.pairwise(sweep):
        if size <= high_size:
            share = math.log(size / low_size) / math.log(high_size / low_size)
            return math.exp(math.log(low_rate) + share * math.log(high_rate / low_rate))
    return sweep[-1][1]


# A serving engine's own AllReduce for small messages: TensorRT-LLM's AllReduce plugin with strategy AUTO
# (NVIDIA/TensorRT-LLM commit 005b299bd30992a58607c7628bb2009264970f37: selectImplementation in
# cpp/tensorrt_llm/plugins/ncclPlugin/allreducePlugin.cpp, getMaxRequiredWorkspaceSize in
# cpp/tensorrt_llm/common/customAllReduceUtils.h). A message fits the kernel's workspace up to 16 MB on 2 ranks and
# 8 MB on more; within it, the one-shot kernel runs on 2 ranks at every size, on 3-4 below 1 MB and on 5-8 below
# 500 kB; every other message goes to NCCL. (Sizes in decimal bytes, as the source writes them.)
ONE_SHOT_TWO_RANKS_BYTES = 16e6  # the workspace on 2 ranks, inclusive
ONE_SHOT_FOUR_RANKS_BYTES = 1e6  # 3-4 ranks, exclusive
ONE_SHOT_MANY_RANKS_BYTES = 500e3  # 5 ranks and more, exclusive


def one_shot_limit_bytes(count: float) -> float:
    """The largest message TensorRT-LLM's AUTO strategy sends through its one-shot kernel on `count` ranks (see the
    constants above): 16 MB on 2 ranks (that size included), 1 MB on 3-4 and 500 kB on more (those sizes excluded)."""
    n = check_number("count", count)
    if n <= 2:
        return ONE_SHOT_TWO_RANKS_BYTES
    return ONE_SHOT_FOUR_RANKS_BYTES if n <= 4 else ONE_SHOT_MANY_RANKS_BYTES


def uses_one_shot(size_bytes: float, count: float) -> bool:
    """Whether TensorRT-LLM's AUTO strategy sends a `size_bytes` AllReduce on `count` ranks through its one-shot
    kernel rather than NCCL. Example: on 8 ranks 491,520 B (30 tokens of Llama 3 70B) does, 507,904 B (31) does not."""
    size = check_number("bytes_total", size_bytes)
    limit = one_shot_limit_bytes(count)
    return size <= limit if count <= 2 else size < limit


def one_shot_allreduce_seconds(
    *, bytes_total: float, count: float, link_bytes_per_s: float, latency_s: float = 0.0
) -> float:
    """A one-shot AllReduce: each of the n ranks pulls the whole buffer from each of its n − 1 peers and sums it
    (TensorRT-LLM's oneShotAllReduceKernel, cpp/tensorrt_llm/kernels/customAllReduceKernels.cu), so each rank
    receives (n − 1)·S bytes in one step: T = α + (n − 1) · S / B, with B what one rank can receive through the switch
    and α one call's small-message time. Example: 16,384 B on 8 H100 at the 370 GB/s NCCL's AllGather reaches and
    the 6 µs of a small AllReduce in a CUDA graph: 6 µs + 7 · 16384 / 370e9 = 6.31 µs.
    """
    size, n, link, latency = collective_inputs(bytes_total, count, link_bytes_per_s, latency_s)
    if n == 1:
        return 0.0
    return check_finite_result("seconds", latency + (n - 1) * size / link)
