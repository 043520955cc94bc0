"""The planner's matmuls at the rate measured at their shape, where data/ has one (H100 SXM in BF16: OpenXLA's GEMM
performance table, measured.matmul_shapes), and at the best shape's rate times the wave efficiency elsewhere."""

from __future__ import annotations

import pytest

import calc
from calc import Step

# A custom model whose layer GEMMs on 2-way tensor parallelism fall on the table's grid: 4,096 tokens (sequence
# 4,096, micro-batch 1); the attention output projection is 4,096 tokens x 4,096 outputs x 2,048 inputs.
GRID = {
    "model": "custom",
    "params": "7B",
    "layers": "32",
    "hidden": "4096",
    "heads": "32",
    "vocab": "32000",
    "mlp": "swiglu",
    "ffn": "11008",
    "count": "8",
    "tp": "2",
    "pp": "1",
    "seq_len": "4096",
    "micro_batch": "1",
    "global_batch_tokens": "65536",
}
# Llama 3 405B as Table 4 of the Llama 3 paper lays it out: TP 8, 8,192-token sequences of one micro-batch.
LLAMA = {"model": "llama-3-405b", "count": "16384", "tp": "8", "pp": "16", "zero": "2", "global_batch_tokens": "16M"}


def _steps(inputs: dict[str, str], lang: str = "en") -> dict[str, Step]:
    return {step.key: step for step in calc.compute("parallelism", inputs, lang).steps}


def test_a_grid_shape_runs_at_the_tables_figure() -> None:
    """OpenXLA's table, sm_90, batch 1, BF16: 4,096 x 4,096 x 2,048 at 738,736,406,437,117 FLOP/s (738.74 TFLOP/s
    in data/). The attention output projection of GRID has that shape and runs at that rate."""
    step = _steps({**GRID, "accelerator": "h100-sxm"})["dense_layer_matmul_attention_out_seconds"]
    flops, rate = step.values["F"][0], step.values["R"][0]
    assert flops == pytest.approx(2 * 4096 * 4096 * 2048)
    assert rate == pytest.approx(738.74e12)
    assert step.value == pytest.approx(flops / 738.74e12)


def test_llama_3_405b_qkv_interpolates_between_grid_points() -> None:
    """Llama 3 405B's QKV projection on TP 8: 8,192 tokens x 2,304 outputs ((16,384 + 2 x 8 x 128) / 8) x 16,384
    inputs. Tokens and inputs past the grid take its 4,096 edge; 2,304 outputs lie log2(1.125) = 0.170 of the way
    from 2,048 to 4,096: 758.43 + 0.170 x (783.33 - 758.43) = 762.7 TFLOP/s, a little under the best shape's
    794.5 of the MAMF table."""
    step = _steps(LLAMA)["dense_layer_matmul_qkv_seconds"]
    assert step.values["R"][0] == pytest.approx(762.66e12, rel=1e-4)


def test_the_layer_matmul_time_is_the_sum_of_its_four_matmuls() -> None:
    steps = _steps(LLAMA)
    parts = [
        steps[f"dense_layer_matmul_{name}_seconds"].value for name in ("qkv", "attention_out", "mlp_up", "mlp_down")
    ]
    assert steps["dense_layer_matmul_seconds"].value == pytest.approx(sum(parts))


def test_a_smaller_gemm_runs_slower_and_an_edge_is_clamped() -> None:
    """On 8-way TP with 1,024-token sequences the attention output projection is 1,024 x 4,096 x 512: its 512 inputs
    lie below the grid and take the 1,024 edge, 490.29 TFLOP/s (the table's 1,024 x 4,096 x 1,024), under the
    738.74 of 4,096 x 4,096 x 2,048: the rate falls with the shape, which the best-shape rate alone cannot say."""
    wide = _steps({**GRID, "accelerator": "h100-sxm"})["dense_layer_matmul_attention_out_seconds"].values["R"][0]
    narrow_inputs = {**GRID, "accelerator": "h100-sxm", "tp": "8", "seq_len": "1024", "global_batch_tokens": "8192"}
    narrow = _steps(narrow_inputs)["dense_layer_matmul_attention_out_seconds"].values["R"][0]
    assert narrow == pytest.approx(490.29e12)
    assert narrow < wide


def test_a_chip_without_a_table_keeps_the_best_shape_and_says_so() -> None:
    """A100 has a measured best-shape matmul (the MAMF table) but no rate by shape: each matmul at eta x E x P, and
    a note in both languages."""
    steps = _steps({**LLAMA, "accelerator": "a100-sxm"})
    qkv = steps["dense_layer_matmul_qkv_seconds"]
    assert set(qkv.values) == {"F", "u", "E", "P"}
    for lang, words in (("en", "no matmul rate measured by shape"), ("es", "no tienen un ritmo de matmul medido")):
        notes = calc.run("parallelism", {**LLAMA, "accelerator": "a100-sxm"}, lang)["notes"]
        assert any(words in note for note in notes), notes


def test_a_given_efficiency_or_the_peak_basis_sets_aside_the_table() -> None:
    """A reader's efficiency is a share of the peak for every matmul; the peak basis uses no measurement."""
    for extra in ({"matmul_efficiency": "0.7"}, {"basis": "peak"}):
        qkv = _steps({**LLAMA, **extra})["dense_layer_matmul_qkv_seconds"]
        assert "R" not in qkv.values and "E" in qkv.values


def test_the_note_names_the_document_on_h100() -> None:
    notes = calc.run("parallelism", LLAMA, "en")["notes"]
    assert any("measured at its shape" in note and "OpenXLA" in note for note in notes), notes
