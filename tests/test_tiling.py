"""Tile and wave quantization of a GEMM against NVIDIA's "Matrix Multiplication Background User's Guide"
(DU-09799-001, February 2023, https://docs.nvidia.com/deeplearning/performance/pdf/Matrix-Multiplication-Background-User-Guide.pdf),
chapter 3, Dimension Quantization Effects."""

from __future__ import annotations

import pytest

import calc
from calc import CalcError


def test_tile_quantization_example() -> None:
    """§3.1: a 256 × 256 output in 128 × 128 tiles takes 4 thread blocks; one more row (257 × 256) takes 6, and the
    two extra tiles do almost no useful work: 257 × 256 / (6 × 128 × 128) ≈ 0.669 of the tiles' work is output."""
    assert calc.output_tiles(m=256, n=256, tile_m=128, tile_n=128) == 4
    assert calc.output_tiles(m=257, n=256, tile_m=128, tile_n=128) == 6
    assert calc.tile_efficiency(m=256, n=256, tile_m=128, tile_n=128) == 1.0
    assert calc.tile_efficiency(m=257, n=256, tile_m=128, tile_n=128) == pytest.approx(65_792 / 98_304)


def test_wave_quantization_example() -> None:
    """§3.2: an A100 has 108 SMs and runs one 256 × 128 thread block tile per SM, so a wave is 108 tiles; with
    M = 2304 (K = 4096) utilization is highest when the tile count is a multiple of 108 or just below it.
    N = 1536 is 9 × 12 = 108 tiles, one full wave; N = 1664 is 117 tiles, a second wave with 9 tiles in it."""
    full = calc.output_tiles(m=2304, n=1536, tile_m=256, tile_n=128)
    assert full == 108
    assert calc.wave_count(tiles=full, units=108) == 1
    assert calc.wave_efficiency(tiles=full, units=108) == 1.0
    spilled = calc.output_tiles(m=2304, n=1664, tile_m=256, tile_n=128)
    assert spilled == 117
    assert calc.wave_count(tiles=spilled, units=108) == 2
    assert calc.wave_efficiency(tiles=spilled, units=108) == pytest.approx(117 / 216)
    # "or just below": one tile short of a wave still fills 107 of its 108 slots.
    assert calc.wave_efficiency(tiles=107, units=108) == pytest.approx(107 / 108)


def test_resident_blocks_widen_the_wave() -> None:
    """Two resident blocks per SM make a wave of 2 × 108 tiles: the same 117 tiles fit in one wave."""
    assert calc.wave_count(tiles=117, units=108, tiles_per_unit=2) == 1
    assert calc.wave_efficiency(tiles=117, units=108, tiles_per_unit=2) == pytest.approx(117 / 216)
    assert calc.wave_count(tiles=217, units=108, tiles_per_unit=2) == 2


@pytest.mark.parametrize(
    ("function", "inputs", "field"),
    [
        (calc.output_tiles, {"m": 0, "n": 8, "tile_m": 8, "tile_n": 8}, "m"),
        (calc.output_tiles, {"m": 8, "n": 8, "tile_m": 8.5, "tile_n": 8}, "tile_m"),
        (calc.wave_count, {"tiles": 10, "units": 0}, "units"),
        (calc.wave_efficiency, {"tiles": 10, "units": 4, "tiles_per_unit": 0}, "tiles_per_unit"),
    ],
)
def test_bad_input_names_its_field(function: object, inputs: dict[str, float], field: str) -> None:
    """A size, count or tile out of range raises CalcError naming the parameter."""
    with pytest.raises(CalcError) as raised:
        function(**inputs)  # type: ignore[operator]
    assert raised.value.field == field
