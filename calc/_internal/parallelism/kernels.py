# The time of one transformer layer's kernels on one device: its matmuls at the efficiency of their shape, its
# attention at a measured rate, and its memory-bound kernels (norms, activations, residual adds, dropout, the
# softmax of unfused attention) at the measured memory bandwidth; and the output layer with its cross-entropy.
from __future__ import annotations

import math
from dataclasses import dataclass

# The output tile shapes a GEMM library picks from (CUTLASS's and cuBLAS's common 128- and 256-wide tiles); a
# matmul runs at the best of them. NVIDIA, "Matrix Multiplication Background User's Guide" (DU-09799-001), §3.
TILES = ((128, 128), (128, 256), (256, 128))
# Bytes one element takes in a memory-bound kernel: BF16 activations, a one-byte dropout mask, FP32 logits.
ELEMENT_BYTES = 2.0
MASK_BYTES = 1.0
LOGIT_BYTES = 4.0
# A backward pass does twice a forward's matmul FLOPs (the input and the weight gradients) and reads and writes
# about twice a forward's memory-bound bytes (the saved input, the incoming gradient, the outgoing one).
BACKWARD_MATMUL = 2.0
BACKWARD_MEMORY = 2.0
# FlashAttention's backward does 2.5 times its forward's FLOPs (it recomputes the scores): Dao (2023),
# "FlashAttention-2", §4.1, which counts FLOPs the same way.
BACKWARD_ATTENTION = 2.5


# How many times a layer's kernels run in one training step of a micro-batch, by recomputation: (matmuls,
# attention, memory-bound kernels, unfused scores). Forward once, backward as above; full recomputation runs the
# forward again, selective its attention core (scores included), which FlashAttention already recomputes.
def pass_factors(recompute: str, flash: bool) -> tuple[float, float, float, float]:
    forward = 1.0
    again = {"none": (0.0, 0.0, 0.0, 0.0), "full": (1.0, 1.0, 1.0, 1.0)}.get(recompute)
    if again is None:  # selective
        again = (0.0, 0.0, 0.0, 0.0) if flash else (0.0, 1.0, 0.0, 1.0)
    backward = (BACKWARD_MATMUL, BACKWARD_ATTENTION, BACKWARD_MEMORY, BACKWARD_MEMORY)
    return tuple(forward + extra + back for extra, back in zip(again, backward, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class ShapeRates:
    """A matmul's measured rate (FLOP/s) on a grid of GEMM shapes: `rates[i][j][l]` at (m[i], n[j], k[l]), M the
    tokens, N the outputs, K the inputs (data/: a chip's measured.matmul_shapes)."""

    m: tuple[float, ...]
    n: tuple[float, ...]
    k: tuple[float, ...]
    rates: tuple[tuple[tuple[float, ...], ...], ...]

    def rate(self, m: float, n: float, k: float) -> float:
        """The rate at (m, n, k): linear in log2 of each size between the grid's neighbours (trilinear), a size
        outside the grid taken at its nearest edge.

        Example (H100 SXM, OpenXLA's table): 4,096 × 2,048 × 4,096 is a grid point, 758.43 TFLOP/s; 8,192 tokens
        × 2,304 × 16,384 takes M and K at the 4,096 edge and N a sixth of the way from 2,048 to 4,096 in log2
        (log2 1.125 = 0.170): 758.43 + 0.170 × (783.33 − 758.43) = 762.7 TFLOP/s.
        """
        (i, a), (j, b), (h, c) = _bracket(self.m, m), _bracket(self.n, n), _bracket(self.k, k)
        total = 0.0
        for di, wi in ((0, 1 - a), (1, a)):
            for dj, wj in ((0, 1 - b), (1, b)):
                for dh, wh in ((0, 1 - c), (1, c)):
                    weight = wi * wj * wh
                    if weight:
                        total += weight * self.rates[i + di][j + dj][h + dh]
        return total


def _bracket(sizes: tuple[float, ...], size: float) -> tuple[int, float]:
    """The grid cell holding `size` (its lower index) and the share of the way across it in log2, clamped."""
    if size <= sizes[0]:
        return 0, 0.0
    if size >= sizes[-1]:
        return len(sizes) - 2, 1.0
    index = max(i for i in range(len(sizes) - 1) if sizes[i] <= size)
    low, high = sizes[index], sizes[index + 1]
    return index, math.log2(size / low) / math.log2(high / low)


@dataclass(frozen=True)
class Device:
    """What one device brings to the kernels: dense peak, the share of it its best matmul reaches, compute units
    (SMs or CUs, None when unknown: no wave quantization), memory bandwidth, the attention kernel's rate
    (FLOP/s; None: attention runs at the matmul rate), and the matmul's measured rate by shape (None: each matmul
    runs at η·E·P)."""

    peak: float
    efficiency: float
    units: int | None
    bandwidth: float
    attention_rate: float | None
    shapes: ShapeRates | None = None
    # The same device in BF16, for what narrow-format recipes keep in BF16: attention and the output head
    # (DeepSeek-AI 2024, DeepSeek-V3 report, §3.3.1; Transformer Engine's FP8 recipes). None: all in this format.
    wide: Device | None = None

    @property
    def kept(self) -> Device:
        """The device that runs attention and the output head: the BF16 one where the format keeps them there."""
        return self.wide or self

    def matmul_rate(self, m: float, n: float, k: float) -> float:
        """The FLOP/s of an M × N × K matmul: the measured rate at its shape where the device has a grid, else the
        best-shape efficiency times the wave efficiency of its M × N output times the peak."""
        if self.shapes is not None:
            return self.shapes.rate(m, n, k)
        return self.efficiency * gemm_wave_efficiency(m, n, self.units) * self.peak


@dataclass(frozen=True)
class Matmul:
    """One of a layer's matmuls on one device: its name (qkv, attention_out, mlp_up, mlp_down, output), its shape
    (M tokens, N outputs, K inputs), how many copies run (a mixture of experts' per token), FLOPs and rate."""

    name: str
    m: float
    n: float
    k: float
    copies: float
    flops: float
    rate: float

    @property
    def seconds(self) -> float:
        return self.flops / self.rate


@dataclass(frozen=True)
class LayerWork:
    """One layer's forward work on one device for one micro-batch, and its time."""

    matmul_flops: float
    wave_efficiency: float  # the FLOP-weighted share of the device's SMs that work, over the layer's matmuls
    matmul_seconds: float
    attention_flops: float
    attention_seconds: float
    memory_bytes: float  # the norms', activations', residual adds' and dropout's reads and writes
    memory_seconds: float
    score_bytes: float  # unfused attention's s × s scores, written, normalized, masked and read
    score_seconds: float
    matmuls: tuple[Matmul, ...] = ()  # each matmul with its shape and the rate it runs at


def gemm_wave_efficiency(m: float, n: float, units: int | None) -> float:
    """Share of a GEMM's tile work that is useful and keeps every SM busy, at the best of the library's tiles.

    E = M·N / (T·tm·tn) × T / (W·S), T = ⌈M/tm⌉·⌈N/tn⌉ tiles in W = ⌈T/S⌉ waves on S units: the tile and wave
    quantization of NVIDIA's "Matrix Multiplication Background User's Guide" (§3.1, §3.2). Example: A100
    (108 SMs), M = 2048, N = 4608: 128×256 tiles make 16 × 18 = 288 tiles in 3 waves, 288 / 324 = 0.889.
    """
    if units is None:
        return 1.0
    best = 0.0
    for tm, tn in TILES:
        tiles = math.ceil(m / tm) * math.ceil(n / tn)
        waves = math.ceil(tiles / units)
        best = max(best, (m * n) / (waves * units * tm * tn))
    return best


def layer_work(
    *,
    device: Device,
    tokens: float,
    sequence: float,
    hidden: float,
    heads: float,
    kv_heads: float,
    head_dim: float,
    ffn: float,
    mlp: str,
    mlp_copies: float,
    tp: float,
    sequence_parallel: bool,
    flash: bool,
    dropout: bool,
) -> LayerWork:
    """One layer's forward matmuls, attention and memory-bound kernels for `tokens` tokens (b·s/c) on one of `tp`
    tensor-parallel ranks, each timed on `device`.

    Matmuls: QKV (h × (h + 2·k·d)/t), the attention output (h/t × h), the MLP's up (and gate, for SwiGLU) and down
    projections, each 2·M·N·K FLOPs at η·E·P. Attention: 4·s·d FLOPs per token and local head over the causal
    half (FlashAttention) or the whole s × s (unfused, as eq. 3 of Narayanan et al. 2021 counts it), at the
    measured attention rate; unfused, it also writes, normalizes and (with dropout) masks the s × s scores.
    Memory-bound: two norms (read and write h), two residual adds with bias and dropout (read 2h, write h, a mask),
    the activation (GELU reads and writes F; SwiGLU reads 2F and writes F), per token, over h/t with sequence
    parallelism and the whole h without; element counts from Korthikanti et al. (2022), §4.1.
    """
    t = tp
    local_heads = heads / t
    qkv = (hidden + 2 * kv_heads * head_dim) / t
    up = (2.0 if mlp == "swiglu" else 1.0) * ffn / t
    shapes = ((qkv, hidden), (hidden, hidden / t), (up, hidden), (hidden, ffn / t))
    matmuls = _matmuls(device, tokens, shapes, (1.0, 1.0, mlp_copies, mlp_copies))
    flops = sum(mm.flops for mm in matmuls)
    seconds = sum(mm.seconds for mm in matmuls)
    span = sequence / 2 if flash else sequence
    attention_flops = 4.0 * tokens * span * head_dim * local_heads
    # FlashAttention's measured rate; unfused attention is two batched matmuls at the matmul rate.
    kept = device.kept
    attention_rate = (kept.attention_rate if flash else None) or kept.efficiency * kept.peak
    attention_seconds = attention_flops / attention_rate
    width = hidden / t if sequence_parallel else hidden
    activation = (3.0 if mlp == "swiglu" else 2.0) * ffn / t * mlp_copies
    memory = _memory_bytes(tokens, width, activation, dropout)
    score_bytes = 0.0
    if not flash:  # the scores: written by QK^T, read and written by the softmax, read by ·V; dropout masks them
        scores = tokens * sequence * local_heads
        score_bytes = scores * (4.0 * ELEMENT_BYTES + ((2.0 * ELEMENT_BYTES + MASK_BYTES) if dropout else 0.0))
    return LayerWork(
        matmul_flops=flops,
        wave_efficiency=flops / (seconds * device.efficiency * device.peak),
        matmul_seconds=seconds,
        attention_flops=attention_flops,
        attention_seconds=attention_seconds,
        memory_bytes=memory,
        memory_seconds=memory / device.bandwidth,
        score_bytes=score_bytes,
        score_seconds=score_bytes / device.bandwidth,
        matmuls=matmuls,
    )


MATMUL_NAMES = ("qkv", "attention_out", "mlp_up", "mlp_down")


def _matmuls(
    device: Device, tokens: float, shapes: tuple[tuple[float, ...], ...], copies: tuple[float, ...]
) -> tuple[Matmul, ...]:
    """A layer's matmuls (N × K weights, each run `copies` times on `tokens` rows), each with its FLOPs and the rate
    of its shape on the device (`Device.matmul_rate`)."""
    return tuple(
        Matmul(name, tokens, n, k, count, count * 2.0 * tokens * n * k, device.matmul_rate(tokens, n, k))
        for name, count, (n, k) in zip(MATMUL_NAMES, copies, shapes, strict=True)
    )


def _memory_bytes(tokens: float, width: float, activation: float, dropout: bool) -> float:
    """The memory-bound kernels' reads and writes: two norms (read and write `width`), two residual adds with bias
    and dropout (read 2·width, write width, a mask), the activation's `activation` elements."""
    per_residual = 3.0 * ELEMENT_BYTES + (MASK_BYTES if dropout else 0.0)
    return tokens * (2 * 2.0 * width * ELEMENT_BYTES + 2 * per_residual * width + activation * ELEMENT_BYTES)


@dataclass(frozen=True)
class OutputWork:
    """The output layer's work on one device for one micro-batch, forward and backward, and its time."""

    matmul_flops: float
    wave_efficiency: float
    memory_bytes: float
    seconds: float
    rate: float = 0.0  # the output projection's matmul rate (FLOP/s)


def output_layer(*, device: Device, tokens: float, hidden: float, vocab: float, tp: float) -> OutputWork:
    """The output projection (h × V/t, forward and backward: 3 × 2·M·N·K FLOPs) and its cross-entropy (four
    passes over the FP32 logits: the max and the sum forward, the gradient read and written)."""
    n = vocab / tp
    matmul = (1 + BACKWARD_MATMUL) * 2.0 * tokens * n * hidden
    wave = gemm_wave_efficiency(tokens, n, device.units)
    rate = device.kept.matmul_rate(tokens, n, hidden)
    memory = 4.0 * LOGIT_BYTES * tokens * n
    seconds = matmul / rate + memory / device.bandwidth
    return OutputWork(matmul, wave, memory, seconds, rate)
