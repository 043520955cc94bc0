# GEMM tiling on a GPU: the output tiles a matmul makes, the waves they run in, and the share of work that is useful.
from __future__ import annotations

import math

from .errors import check_number


def output_tiles(*, m: float, n: float, tile_m: float, tile_n: float) -> int:
    """Output tiles of C[M,N] cut into tile_m × tile_n blocks: T = ⌈M/tm⌉ · ⌈N/tn⌉.

    Each tile is one thread block's work, and a partial tile at an edge costs as much as a full one.
    Source: NVIDIA, "Matrix Multiplication Background User's Guide" (DU-09799-001), §3.1 Tile Quantization.
    Example from it: a 256 × 256 output in 128 × 128 tiles is 4 tiles; 257 × 256 is 3 × 2 = 6.
    """
    m = check_number("m", m)
    n = check_number("n", n)
    tm = check_number("tile_m", tile_m, low=1, high=1e6, integer=True)
    tn = check_number("tile_n", tile_n, low=1, high=1e6, integer=True)
    return math.ceil(m / tm) * math.ceil(n / tn)


def tile_efficiency(*, m: float, n: float, tile_m: float, tile_n: float) -> float:
    """Share of the tiles' work that computes the output: E_tile = M·N / (T · tm · tn), T from `output_tiles`.

    Source as `output_tiles`. Example: 257 × 256 in 128 × 128 tiles is 65,792 / (6 × 16,384) ≈ 0.669.
    """
    tiles = output_tiles(m=m, n=n, tile_m=tile_m, tile_n=tile_n)
    return (m * n) / (tiles * tile_m * tile_n)


def wave_count(*, tiles: float, units: float, tiles_per_unit: float = 1) -> int:
    """Waves a kernel of `tiles` thread blocks runs in: W = ⌈T / (S · b)⌉, S SMs (or CUs) holding b blocks each.

    Source: NVIDIA, "Matrix Multiplication Background User's Guide" (DU-09799-001), §3.2 Wave Quantization:
    an A100 has 108 SMs and runs one 256 × 128 tile per SM, so a wave is 108 tiles. Example: 117 tiles → 2 waves.
    """
    t = check_number("tiles", tiles, low=1, high=1e12, integer=True)
    s = check_number("units", units, low=1, high=1e6, integer=True)
    b = check_number("tiles_per_unit", tiles_per_unit, low=1, high=1e3, integer=True)
    return math.ceil(t / (s * b))


def wave_efficiency(*, tiles: float, units: float, tiles_per_unit: float = 1) -> float:
    """Share of the SMs' time that works on a tile: E_wave = T / (W · S · b), W from `wave_count`.

    Every wave takes as long as a full one, so a last wave holding a few tiles idles the other SMs.
    Source as `wave_count`: on an A100 (108 SMs, one 256 × 128 tile each), M = 2304 and N = 1536 make
    9 × 12 = 108 tiles, one full wave (1.0); N = 1664 makes 9 × 13 = 117 tiles, two waves: 117 / 216 ≈ 0.54.
    """
    waves = wave_count(tiles=tiles, units=units, tiles_per_unit=tiles_per_unit)
    return tiles / (waves * units * tiles_per_unit)
