"""Inference: weights, KV cache (GQA, MQA, MLA, sliding window), largest batch, decode and prefill bounds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calc
from calc import CalcError

LLAMA3_70B = dict(layers=80, kv_heads=8, head_dim=128)  # "How to Scale Your Model", ch. Serving LLaMA 3-70B


def test_llama3_70b_kv_cache_scaling_book() -> None:
    """Scaling book, Serving LLaMA 3-70B: 2·8·128·80 = 160 KiB per token in int8 (324 kB in bf16) and
    ≈ 5.3 GB per 32k-token sequence in int8."""
    assert calc.kv_bytes_per_token(**LLAMA3_70B, bytes_per_value=1) == 160 * 1024
    assert calc.kv_bytes_per_token(**LLAMA3_70B, bytes_per_value=2) == pytest.approx(324e3, rel=0.02)
    q = calc.kv_cache(**LLAMA3_70B, bytes_per_value=1, context=32768).to_dict()
    assert q["total_bytes"] / 1e9 == pytest.approx(5.3, rel=0.02)


def test_scaling_book_critical_batch() -> None:
    """Scaling book: decode FFW blocks on TPU v5e (1.97e14 FLOP/s, 8.2e11 B/s) are compute-bound for B > 240 in bf16,
    120 with int8 weights, 60 with int4."""
    for size, batch in ((2, 240), (1, 120), (0.5, 60)):
        assert calc.critical_batch(
            peak_flop_per_s=1.97e14, bandwidth_bytes_per_s=8.2e11, bytes_per_weight=size
        ) == pytest.approx(batch, rel=0.01)


def test_scaling_book_decode_step_19ms() -> None:
    """Scaling book: loading a full TPU v5e's 16 GB at 8.2e11 B/s takes ≈ 19 ms per decode step."""
    assert calc.decode_step_seconds(weight_bytes_total=16e9, kv_bytes=0, bandwidth_bytes_per_s=8.2e11) == pytest.approx(
        0.0195, rel=0.01
    )


def test_mqa_mla_and_sliding_window() -> None:
    """MQA keeps one KV head; MLA keeps L·(d_c + d_rope) values (DeepSeek-V3: 61 layers, 512 + 64 →
    70,272 bytes per token in bf16, DeepSeek-V2 §2.1); a 4096 sliding window caps cached tokens (Mistral 7B)."""
    assert calc.kv_bytes_per_token(layers=32, kv_heads=32, head_dim=128, attention="mqa") == 2 * 32 * 128 * 2
    assert calc.kv_bytes_per_token(layers=61, attention="mla", kv_lora_rank=512, rope_head_dim=64) == 61 * 576 * 2
    q = calc.kv_cache(
        layers=32, kv_heads=8, head_dim=128, attention="sliding", window=4096, context=32768, batch=2
    ).to_dict()
    assert q["cached_tokens_per_sequence"] == 4096
    assert q["total_bytes"] == 2 * 32 * 8 * 128 * 2 * 4096 * 2


def test_weights_max_batch_and_prefill() -> None:
    """7B in bf16 is 14 GB; 80 GB − 14 GB holds 61 sequences of 1 GiB; prefilling 8192 tokens of an 8B model at
    989.4 TFLOP/s takes ≥ 2·8e9·8192/989.4e12 ≈ 0.132 s."""
    assert calc.weight_bytes(params=7e9, weight_format="bf16") == 14e9
    assert calc.weight_bytes(params=70e9, weight_format="int4") == 35e9
    assert calc.max_batch(memory_bytes=80e9, weight_bytes_total=14e9, kv_bytes_per_sequence=2**30) == 61
    assert calc.max_batch(memory_bytes=80e9, weight_bytes_total=140e9, kv_bytes_per_sequence=2**30) == 0
    assert calc.prefill_seconds(params=8e9, prompt_tokens=8192, peak_flop_per_s=989.4e12) == pytest.approx(
        0.1325, rel=1e-3
    )


def test_decode_result_on_h100() -> None:
    """7B bf16 (14 GB) + 2 GB of KV on one H100 SXM (3.35 TB/s): 4.78 ms per step, 209 tokens/s per sequence,
    16 × that for a batch of 16; still memory-bound (critical batch ≈ 295); two GPUs halve the step."""
    q = calc.decode(weight_bytes_total=14e9, kv_bytes=2e9, batch=16, accelerator="h100-sxm", params=7e9).to_dict()
    assert q["step_seconds"] == pytest.approx(16e9 / 3.35e12)
    assert q["tokens_per_second"] == pytest.approx(3.35e12 / 16e9)
    assert q["batch_tokens_per_second"] == pytest.approx(16 * 3.35e12 / 16e9)
    assert q["bound"] == "memory"
    assert q["compute_bound_batch"] == pytest.approx(295.3, rel=1e-3)
    two = calc.decode(weight_bytes_total=14e9, kv_bytes=2e9, batch=16, accelerator="h100-sxm", count=2).to_dict()
    assert two["step_seconds"] == pytest.approx(q["step_seconds"] / 2)
    big = calc.decode(weight_bytes_total=14e9, batch=4096, accelerator="h100-sxm", params=7e9).to_dict()
    assert big["bound"] == "compute"


def test_kv_cache_from_a_data_model() -> None:
    """Every model in data/ gives, by id, the same bytes per token as its shape described by hand."""
    models = calc.load_data().models
    assert models, "data/ lists no models"
    for model in models.values():
        by_id = calc.kv_cache(model=model.id, context=4096).to_dict()
        by_hand = calc.kv_cache(
            layers=model.layers,
            kv_heads=model.kv_heads,
            head_dim=model.head_dim,
            attention=model.attention,
            kv_lora_rank=model.kv_lora_rank,
            rope_head_dim=model.rope_head_dim,
            window=model.window,
            context=4096,
        ).to_dict()
        assert by_id == by_hand, model.id


@given(
    layers=st.integers(1, 200),
    heads=st.integers(1, 128),
    dim=st.sampled_from([64, 128, 256]),
    context=st.integers(1, 10**7),
    batch=st.integers(1, 1024),
)
def test_kv_cache_linear_and_finite(layers: int, heads: int, dim: int, context: int, batch: int) -> None:
    """Total KV bytes are finite and linear in batch and context."""
    q = calc.kv_cache(layers=layers, kv_heads=heads, head_dim=dim, context=context, batch=batch).to_dict()
    assert math.isfinite(q["total_bytes"])
    assert q["total_bytes"] == q["bytes_per_token"] * context * batch


@given(weights=st.floats(1e6, 1e13), kv=st.floats(0, 1e13), count=st.integers(1, 64))
def test_decode_monotone(weights: float, kv: float, count: int) -> None:
    """More bytes never make a step faster; more accelerators never make it slower."""
    t = calc.decode_step_seconds(weight_bytes_total=weights, kv_bytes=kv, bandwidth_bytes_per_s=3e12, count=count)
    assert math.isfinite(t) and t > 0
    assert (
        calc.decode_step_seconds(weight_bytes_total=weights, kv_bytes=kv * 2, bandwidth_bytes_per_s=3e12, count=count)
        >= t
    )
    assert (
        calc.decode_step_seconds(weight_bytes_total=weights, kv_bytes=kv, bandwidth_bytes_per_s=3e12, count=count + 1)
        < t
    )


@pytest.mark.parametrize(
    "function, kwargs, field",
    [
        (calc.kv_cache, {"layers": 0, "kv_heads": 8, "head_dim": 128, "context": 10}, "layers"),
        (calc.kv_cache, {"layers": 8, "kv_heads": 8, "head_dim": 128, "context": 0}, "context"),
        (
            calc.kv_cache,
            {"layers": 8, "kv_heads": 8, "head_dim": 128, "context": 10, "attention": "linear"},
            "attention",
        ),
        (calc.kv_cache, {"layers": 8, "context": 10, "attention": "mla"}, "kv_lora_rank"),
        (
            calc.kv_cache,
            {"layers": 8, "kv_heads": 8, "head_dim": 128, "context": 10, "attention": "sliding", "window": 0},
            "window",
        ),
        (calc.kv_cache, {"layers": 8, "kv_heads": None, "head_dim": 128, "context": 10}, "kv_heads"),
        (calc.kv_cache, {"layers": 8, "kv_heads": 8, "head_dim": 128, "context": 10, "batch": 0}, "batch"),
        (calc.decode, {"weight_bytes_total": -1, "accelerator": "h100-sxm"}, "weights_bytes"),
        (calc.decode, {"weight_bytes_total": 0, "accelerator": "h100-sxm"}, "weights_bytes"),
        (calc.decode, {"weight_bytes_total": 1e9, "bandwidth_bytes_per_s": 0}, "bandwidth_bytes_per_s"),
        (calc.decode, {"weight_bytes_total": 1e9, "accelerator": "h100-sxm", "count": 0}, "count"),
        (calc.decode, {"weight_bytes_total": 1e9, "accelerator": "h100-sxm", "params": -5}, "params"),
        (calc.weight_bytes, {"params": 7e9, "weight_format": "int3"}, "weight_format"),
    ],
)
def test_bad_input(function: object, kwargs: dict, field: str) -> None:
    """Every bad inference input raises CalcError naming the field."""
    with pytest.raises(CalcError) as raised:
        function(**kwargs)  # type: ignore[operator]
    assert raised.value.field == field


def test_prefill_calculator_worked_example() -> None:
    """Prefill bound ("How to Scale Your Model", ch. Serving LLaMA 3-70B: total FLOPs / (N · C)): 8B parameters over
    8192 prompt tokens on one H100 SXM at its dense BF16 peak, 2·8e9·8192 / 989.4e12 ≈ 0.132 s; MFU and count scale it."""
    q = calc.prefill(params=8e9, prompt_tokens=8192, accelerator="h100-sxm").to_dict()
    assert q["prefill_seconds"] == pytest.approx(2 * 8e9 * 8192 / 989.4e12)
    assert q["prefill_seconds"] == pytest.approx(0.132, abs=0.001)
    assert q["prompt_tokens_per_second"] == pytest.approx(8192 / q["prefill_seconds"])
    half = calc.prefill(params=8e9, prompt_tokens=8192, accelerator="h100-sxm", mfu=0.5, count=2).to_dict()
    assert half["prefill_seconds"] == pytest.approx(q["prefill_seconds"])


def test_prefill_cli_json_equals_api(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m calc prefill ... --json` equals calc.prefill(...).to_dict(); a bad flag exits 2 naming it."""
    import json

    from calc._tooling.cli import main

    assert (
        main(["prefill", "--params", "70B", "--prompt-tokens", "32k", "--peak-tflops", "500", "--count", "8", "--json"])
        == 0
    )
    assert (
        json.loads(capsys.readouterr().out)
        == calc.prefill(params=70e9, prompt_tokens=32e3, peak_flop_per_s=5e14, count=8).to_dict()
    )
    assert main(["prefill", "--prompt-tokens", "0"]) == 2
    assert "--prompt-tokens" in capsys.readouterr().err


@pytest.mark.parametrize(
    "change, field",
    [
        ({"params": 0}, "params"),
        ({"prompt_tokens": 0}, "prompt_tokens"),
        ({"mfu": 0}, "mfu"),
        ({"count": 0}, "count"),
        ({"dtype": "fp4"}, "dtype"),
    ],
)
def test_prefill_bad_input(change: dict, field: str) -> None:
    """Every bad prefill input raises CalcError naming the field."""
    args = dict(params=8e9, prompt_tokens=8192, accelerator="h100-sxm")
    args.update(change)
    with pytest.raises(CalcError) as raised:
        calc.prefill(**args)
    assert raised.value.field == field
