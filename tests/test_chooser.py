"""Accelerator chooser: the module's three workloads ranked over every accelerator in data/, with reasons."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc import RECOMPUTE, CalcError, Layout, evaluate_layout, layout_memory
from calc import chooser_module as chooser
from calc._tooling.cli import main

WORKLOADS = ("train-70b", "serve-7b", "rag-retriever")


def _rows(workload: str, **kwargs: object) -> list[dict]:
    """The ranking rows, each with its reason worded in both languages (as the page and the CLI word it)."""
    result = calc.chooser(workload=workload, **kwargs)
    rows = result.to_dict()["ranking"]
    for row in rows:
        for lang in ("en", "es"):
            row[f"reason_{lang}"] = calc.describe_row(workload, row, result.quantities, lang)
    return rows


def _finite(value: object) -> bool:
    return not (isinstance(value, float) and not math.isfinite(value))


@pytest.mark.parametrize("workload", WORKLOADS)
def test_every_accelerator_ranked_or_skipped_with_a_reason(workload: str) -> None:
    """Each accelerator in data/ appears once; ranks run 1..k; chips missing a figure come last, unranked, with
    a reason in both languages; every row has reason_en and reason_es and no NaN or infinity."""
    rows = _rows(workload)
    assert sorted(row["id"] for row in rows) == sorted(calc.load_data().accelerators)
    ranks = [row["rank"] for row in rows if row["rank"] is not None]
    assert ranks == list(range(1, len(ranks) + 1))
    skipped = rows[len(ranks) :]
    assert all(row["rank"] is None and row["fits"] is None for row in skipped)
    for row in skipped:
        assert row["reason_en"].startswith("Skipped:") and row["reason_es"].startswith("Omitido:")
    for row in rows:
        assert row["reason_en"] and row["reason_es"] and row["reason_en"] != row["reason_es"]
        assert all(_finite(value) for value in row.values())
    # A chip with no dense BF16 peak in data/ is skipped, not failed.
    chips = calc.load_data().accelerators
    no_bf16 = {key for key, chip in chips.items() if not chip.dense_flop_per_s.get("bf16")}
    assert no_bf16 <= {row["id"] for row in skipped}


def test_train_h100_row_is_the_planners_layout() -> None:
    """The H100 SXM row is the parallelism planner on a Llama 3 70B-shaped model (4K sequences, 4M-token batches)
    at H100's own matmul efficiency and links: its days are the tokens over the planner's tokens per second, its
    cost accelerator-hours × data/'s typical price, its memory the planner's, and it fits."""
    row = next(r for r in _rows("train-70b") if r["id"] == "h100-sxm")
    tp, pp = (int(part.split()[1]) for part in row["layout"].split(" · ")[:2])
    planner = calc.parallelism(
        params=70e9,
        layers=80,
        hidden_size=8192,
        attention_heads=64,
        kv_heads=8,
        ffn_hidden_size=28672,
        vocab_size=128256,
        mlp="swiglu",
        accelerator="h100-sxm",
        count=1024,
        tp=tp,
        pp=pp,
        zero_stage=row["zero_stage"],
        sequence_length=4096,
        global_batch_tokens=4_194_304,
        recompute=row["recompute"],
    ).quantities
    assert row["seconds"] == pytest.approx(1e12 / planner["tokens_per_second"])
    assert row["mfu"] == pytest.approx(planner["mfu"]) and row["per_accelerator_bytes"] == pytest.approx(
        planner["total_bytes"]
    )
    price = calc.load_data().economics.price("h100-sxm").typical
    assert row["cost_usd"] == pytest.approx(1024 * row["seconds"] / 3600 * price)
    assert row["fits"] and row["meets_deadline"]
    assert row["dp_link"] == "scale-out"
    assert "% MFU" in row["reason_en"] and "% de MFU" in row["reason_es"]


def test_train_uses_each_chips_links_and_flags_parts_not_built_for_training() -> None:
    """TPU v5p's gradients ride its torus (its domain is the whole pod); consumer and inference parts say so."""
    rows = {r["id"]: r for r in _rows("train-70b")}
    assert rows["tpu-v5p"]["dp_link"] == "scale-up"
    assert rows["h100-sxm"]["mfu"] != rows["tpu-v5p"]["mfu"]  # no single MFU for every chip
    assert "inference part" in rows["inferentia2"]["reason_en"]
    assert "consumer card" in rows["rtx-4090"]["reason_en"] and "tarjeta de consumo" in rows["rtx-4090"]["reason_es"]


def test_train_ranks_the_chips_whose_nic_is_documented() -> None:
    """GB200 NVL72 (one 400G ConnectX-7 per GPU), MI325X, MI355X and TPU v6e have a scale-out figure, so training
    a 70B model ranks them rather than skipping them for a missing NIC."""
    rows = {r["id"]: r for r in _rows("train-70b")}
    for chip in ("gb200", "mi325x", "mi355x", "tpu-v6e"):
        assert rows[chip]["skipped_for"] is None and rows[chip]["rank"] is not None, chip
    data = calc.load_data()
    assert data.accelerator("gb200").scale_out_bits_per_s == 400e9
    assert data.accelerator("tpu-v6e").scale_out_bits_per_s == 100e9  # 4 x 200 Gbps per 8-chip host


def test_a_chips_planner_answer_is_kept_per_chip_object_and_case() -> None:
    """The chooser keeps each chip's layout per case: a chip with the same id and other figures (as a custom chip
    from a form may have) gets its own answer, so does another case, and the same chip and case twice give the same
    answer as working it out afresh."""
    h100 = calc.load_data().accelerator("h100-sxm")
    assert h100.memory_bytes is not None
    smaller = dataclasses.replace(
        h100,
        memory_bytes=h100.memory_bytes / 2,
        dense_flop_per_s={**h100.dense_flop_per_s, "bf16": 500e12},
    )
    case = {"shape": chooser.train_shape(70e9), "count": 1024, "dtype": "bf16", "zero_stage": 3, "recipe": "adam-mixed"}

    first = chooser.train_fit(h100, **case)  # type: ignore[arg-type]
    other = chooser.train_fit(smaller, **case)  # type: ignore[arg-type]
    assert isinstance(first, chooser.TrainFit) and isinstance(other, chooser.TrainFit)
    assert other.tokens_per_second < first.tokens_per_second
    for chip, fit in ((h100, first), (smaller, other)):
        found = chooser._train_layout(chip, **case)  # type: ignore[arg-type]
        assert not isinstance(found, str)
        lay, q, _ = found
        assert (fit.layout, fit.total_bytes, fit.tokens_per_second) == (lay, q["total"], q["tokens_per_second"])
    assert chooser.train_fit(h100, **case) is first  # type: ignore[arg-type]
    wider = chooser.train_fit(h100, **{**case, "count": 2048})  # type: ignore[arg-type]
    assert isinstance(wider, chooser.TrainFit) and wider.layout.dp == 2 * first.layout.dp


def test_the_kept_layouts_are_bounded_and_change_no_answer() -> None:
    """An answer is the same whether the chips' layouts were kept or worked out again; at most FITS_KEPT are kept."""
    inputs = {"params": "30B", "tokens": "2T", "count": "512", "zero": "2"}
    chooser._FITS.clear()
    cold = calc.run("chooser", inputs, "es")
    assert chooser._FITS
    assert calc.run("chooser", inputs, "es") == cold
    assert calc.run("chooser", {**inputs, "tokens": "3T"}, "es") != cold
    h100 = calc.load_data().accelerator("h100-sxm")
    for count in range(8, 8 * (chooser.FITS_KEPT + 10), 8):
        chooser.train_fit(
            h100, shape=chooser.train_shape(7e9), count=count, dtype="bf16", zero_stage=1, recipe="adam-8bit"
        )
    assert len(chooser._FITS) == chooser.FITS_KEPT
    assert calc.run("chooser", inputs, "es") == cold


def test_train_ranks_fit_then_deadline_then_cost_or_time() -> None:
    """By cost: chips that fit and meet the deadline come first, priced ones cheapest first, unpriced after them
    with "price unknown" in the reason; by time: fastest first. Without ZeRO, 8 H100 cannot hold 70B (140 GB each)."""
    ranked = [r for r in _rows("train-70b") if r["rank"] is not None]
    rows = [r for r in ranked if r["fits"] and r["meets_deadline"]]
    assert ranked[: len(rows)] == rows  # feasible chips first
    assert any(not r["meets_deadline"] for r in ranked)  # the A100 needs 30.4 days: after every feasible chip
    priced = [r["cost_usd"] for r in rows if r["cost_usd"] is not None]
    assert priced == sorted(priced) and rows[0]["cost_usd"] == priced[0]
    first_unpriced = next(i for i, r in enumerate(rows) if r["cost_usd"] is None)
    assert all(r["cost_usd"] is None for r in rows[first_unpriced:])
    assert all(
        "price unknown" in r["reason_en"] and "precio desconocido" in r["reason_es"] for r in rows[first_unpriced:]
    )
    fast = [r for r in _rows("train-70b", rank_by="time") if r["rank"] is not None]
    seconds = [r["seconds"] for r in fast]
    assert seconds == sorted(seconds)
    tight = {r["id"]: r for r in calc.chooser(workload="train-70b", zero_stage=0, count=8).to_dict()["ranking"]}
    assert tight["h100-sxm"]["fits"] is False  # 70B × 16 B over TP 8 is 140 GB per GPU without sharding
    slow = calc.chooser(workload="train-70b", count=8, deadline_days=30)
    assert slow.quantities["best"] is None  # 1T tokens on 8 chips takes years: nothing meets 30 days


def test_serve_mistral_on_h100_by_hand() -> None:
    """Mistral 7B (7.24e9 params, 32 layers, 8 KV heads × 128, 4096-token window; Jiang et al. 2023) in bf16 on an
    H100 SXM (81,559 MiB as nvidia-smi reports it, 3.35 TB/s): KV per sequence 2·32·8·128·2·4096 = 536,870,912 B
    (the window caps 4096 + 256 tokens); 0.9 × 85.52 GB (vLLM's default share of the total) allows
    ⌊(76.97e9 − 14.48e9)/KV⌋ = 116 sequences. The row is the serving
    calculator on one H100: the largest batch whose time per output token meets 50 ms, its output tokens/s, and
    price / (tokens/s × 3600) × 10⁶."""
    row = next(r for r in _rows("serve-7b") if r["id"] == "h100-sxm")
    kv = 2 * 32 * 8 * 128 * 2 * 4096
    assert kv == 536_870_912 == row["kv_bytes_per_sequence"]
    limit = math.floor((0.9 * 81_559 * 2**20 - 7.24e9 * 2) / kv)
    assert limit == 116

    def served(batch: int) -> dict:
        inputs = {"model": "mistral-7b", "prompt_tokens": "4096", "output_tokens": "256", "batch": str(batch)}
        return calc.compute("serving", inputs, "en").to_dict()

    batch = row["batch"]
    assert 1 <= batch <= limit and served(batch)["tpot_seconds"] <= 0.05
    assert batch == limit or served(batch + 1)["tpot_seconds"] > 0.05
    assert row["limited_by"] == ("memory" if batch == limit else "latency")
    point = served(batch)
    assert row["step_seconds"] == pytest.approx(point["tpot_seconds"])
    assert row["tokens_per_second"] == pytest.approx(point["output_tokens_per_second"])
    assert row["accelerators"] == math.ceil(10_000 / point["output_tokens_per_second"])
    price = calc.load_data().economics.price("h100-sxm").typical
    assert row["usd_per_million_tokens"] == pytest.approx(price / (point["output_tokens_per_second"] * 3600) * 1e6)


def test_the_inference_parts_are_not_the_cheapest_7b_server() -> None:
    """The choosing page says the inference parts it names with a published price (Inferentia2, Trillium) are not
    the cheapest per token at the edition's rental prices: each is priced, and a priced chip ranks ahead of both."""
    rows = {r["id"]: r for r in _rows("serve-7b")}
    best = calc.chooser(workload="serve-7b").quantities["best"]
    parts = ("inferentia2", "tpu-v6e")
    assert all(rows[part]["price_usd_per_hour"] is not None for part in parts)
    assert best not in parts and rows[best]["usd_per_million_tokens"] is not None
    assert all(rows[best]["rank"] < rows[part]["rank"] for part in parts)


def test_serve_latency_target_can_rule_everything_out() -> None:
    """A 1 ms per-token target is below W/B for every chip (14.5 GB over ≤ 8 TB/s ≥ 1.8 ms): nothing meets it."""
    result = calc.chooser(workload="serve-7b", latency_s=1e-3)
    rows = [r for r in _rows("serve-7b", latency_s=1e-3) if r["rank"] is not None]
    assert rows and not any(r["meets_latency"] for r in rows)
    assert result.quantities["best"] is None
    assert all("1 ms" in r["reason_en"] for r in rows if r["fits"])


def test_prefill_flops_worked_example() -> None:
    """Llama 3 8B over 131,072 tokens: 2·8.03e9·131072 + 2·32·131072²·4096 ≈ 6.61e15 FLOPs (PaLM, Chowdhery et al.
    2022, App. B: attention costs 4·L·T·d per token in the forward pass; causally, half of it over a prompt)."""
    flops = calc.prefill_flops(params=8.03e9, prompt_tokens=131_072, layers=32, attention_width=4096)
    assert flops == pytest.approx(6.61e15, rel=0.01)
    assert 2 * 32 * 131_072**2 * 4096 > 2 * 8.03e9 * 131_072  # at 128K the attention term dominates


def test_rag_fit_is_kv_at_long_context() -> None:
    """RAG default: Llama 3 8B + BGE large in bf16 (16.7 GB) plus one request's KV cache, 131,072 + 256 tokens
    (2·32·8·128·2·131328 = 17.2 GB) = 33.9 GB: a 24 GB RTX 4090 cannot hold it, an H100 holds one more request per
    17.2 GB of its 0.9 × 80 GB; prefill of one query at 50 % MFU is its time to first token."""
    rows = {r["id"]: r for r in _rows("rag-retriever")}
    kv = 2 * 32 * 8 * 128 * 2 * (131_072 + 256)
    weights = 2 * (8.03e9 + 335e6)
    assert rows["rtx-4090"]["fits"] is False and "24 GB" in rows["rtx-4090"]["reason_en"]
    h100 = rows["h100-sxm"]
    assert h100["batch"] == math.floor((0.9 * 80e9 - weights) / kv)
    query = (
        calc.prefill_flops(params=8.03e9, prompt_tokens=131_072, layers=32, attention_width=4096) + 2 * 335e6 * 51_200
    )
    assert h100["prefill_seconds"] == pytest.approx(query / (989.4e12 * 0.5))
    assert h100["latency_seconds"] > h100["prefill_seconds"]


@pytest.fixture()
def stripped_data() -> Iterator[None]:
    """data/ without prices and without the H100 SXM's memory bandwidth; restored afterwards."""
    original = calc.load_data().raw
    changed = copy.deepcopy(original)
    changed["economics"]["accelerator_hour_usd"] = {}
    h100 = next(entry for entry in changed["accelerators"] if entry["id"] == "h100-sxm")
    h100["values"].pop("memory.bandwidth")
    calc.load_data(json.dumps(changed))
    try:
        yield
    finally:
        calc.load_data(json.dumps(original))


@pytest.mark.usefixtures("stripped_data")
def test_missing_data_is_a_reason_not_a_failure() -> None:
    """Without prices every chip is ranked by time with "price unknown"; a chip without bandwidth is skipped for
    serving with the reason, never a crash."""
    rows = _rows("train-70b")
    ranked = [r for r in rows if r["rank"] is not None]
    assert all(r["cost_usd"] is None and "price unknown" in r["reason_en"] for r in ranked)
    assert [r["seconds"] for r in ranked if r["fits"] and r["meets_deadline"]] == sorted(
        r["seconds"] for r in ranked if r["fits"] and r["meets_deadline"]
    )
    serve = {r["id"]: r for r in _rows("serve-7b")}
    assert serve["h100-sxm"]["rank"] is None and "bandwidth" in serve["h100-sxm"]["reason_en"]


@pytest.mark.parametrize("workload", WORKLOADS)
def test_cli_json_equals_python_api(workload: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m calc chooser --workload W --json` prints the API's to_dict(): workload and the ranking rows."""
    assert main(["chooser", "--workload", workload, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == calc.chooser(workload=workload).to_dict()
    assert printed["workload"] == workload
    assert {"id", "name", "rank", "fits", "skipped_for"} <= set(printed["ranking"][0])


def test_cli_text_lists_the_ranking(capsys: pytest.CaptureFixture[str]) -> None:
    """Text output ends with one line per accelerator, in the chosen language."""
    assert main(["chooser", "--workload", "serve-7b", "--lang", "es"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    rows = calc.chooser(workload="serve-7b").to_dict()["ranking"]
    if rows[-1]["rank"] is None:  # skipped chips come last, unnumbered
        assert lines[-1].startswith("—.") and "Omitido" in lines[-1]
    else:
        assert lines[-1].startswith(f"{rows[-1]['rank']}.")
    assert sum(1 for line in lines if line.split(".")[0].isdigit()) >= 20


def test_run_passes_the_table_through() -> None:
    """calc.run keeps quantities flat and returns the ranking as "table" (plain JSON)."""
    outcome = calc.run("chooser", {"workload": "rag-retriever", "context": "32k"}, "es")
    assert outcome["ok"]
    assert all(not isinstance(v, (list, dict)) for v in outcome["quantities"].values())
    expected = _rows("rag-retriever", context=32_000)
    assert [{k: v for k, v in row.items() if k not in ("reason", "name", "formatted")} for row in outcome["table"]] == [
        {k: v for k, v in row.items() if not k.startswith("reason_") and k != "name"} for row in expected
    ]
    chips = calc.load_data().accelerators
    assert [row["name"] for row in outcome["table"]] == [chips[row["id"]].display_name("es") for row in expected]
    json.dumps(outcome)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("workload", WORKLOADS)
def test_run_formats_every_ranking_cell(workload: str, lang: str) -> None:
    """The page shows one column per figure and formats nothing: calc.run gives the columns (key and label)
    and, per row, each cell formatted in the calculator's display unit (days, USD, GB...), yes/no for a
    verdict and a dash for a figure the row lacks."""
    chooser = calc.CALCULATORS["chooser"]
    outcome = calc.run("chooser", {"workload": workload}, lang)
    keys = [column["key"] for column in outcome["columns"]]
    assert "fits" in keys and len(keys) >= 5
    assert all(column["label"] and "." not in column["label"][:-1] for column in outcome["columns"])
    yes, no, dash = {"en": ("✓ yes", "✗ no", "—"), "es": ("✓ sí", "✗ no", "—")}[lang]
    for row in outcome["table"]:
        for key in ["rank", *keys]:
            value, cell = row[key], row["formatted"][key]
            if value is None:
                assert cell == dash, (row["id"], key)
            elif isinstance(value, bool):
                assert cell == (yes if value else no), (row["id"], key)
            elif key == "rank":
                assert cell == str(value)
            else:
                assert cell == calc.format_quantity(float(value), chooser.units[key], lang), (row["id"], key)
    if workload == "train-70b":
        first = outcome["table"][0]
        assert first["formatted"]["seconds"].endswith("days" if lang == "en" else "días")
        assert first["formatted"]["cost_usd"] == calc.format_money(first["cost_usd"], lang)


def test_ranking_separates_fit_from_deadline_and_says_which_rows_have_no_price() -> None:
    """A chip that fits but misses the deadline shows yes under "fits" and no under "on time",
    and its reason says it misses; ranked by cost, an unpriced row shows a dash for its cost and says so,
    and a note counts the unpriced rows."""
    outcome = calc.run("chooser", {"workload": "train-70b", "deadline_days": "8", "rank_by": "cost"}, "en")
    late = [r for r in outcome["table"] if r["fits"] and r["meets_deadline"] is False]
    assert late, "no chip misses an 8-day deadline"
    for row in late:
        assert row["formatted"]["fits"] == "✓ yes" and row["formatted"]["meets_deadline"] == "✗ no"
        assert "misses the 8 days deadline" in row["reason"].lower()
    unpriced = [r for r in outcome["table"] if r["rank"] is not None and r["price_usd_per_hour"] is None]
    assert unpriced, "every chip has a price: the case is not exercised"
    for row in unpriced:
        assert row["formatted"]["cost_usd"] == "—" and "no price in the data" in row["reason"].lower()
    assert outcome["notes"] == [
        f"No price in the data for {len(unpriced)} of the accelerators: they rank after the priced ones, by time, "
        "and their cost shows as —."
    ]
    assert calc.run("chooser", {"workload": "train-70b", "rank_by": "time"}, "en")["notes"] == []


@pytest.mark.parametrize(
    "argv, flag",
    [
        (["--workload", "pretrain"], "--workload"),
        (["--rank-by", "vibes"], "--rank-by"),
        (["--mfu", "0"], "--mfu"),
        (["--deadline-days", "0"], "--deadline-days"),
        (["--count", "0.5"], "--count"),
        (["--zero", "4"], "--zero"),
        (["--workload", "serve-7b", "--latency-ms", "0"], "--latency-ms"),
        (["--workload", "serve-7b", "--model", "gpt-9"], "--model"),
        (["--workload", "serve-7b", "--weight-format", "fp3"], "--weight-format"),
        (["--workload", "rag-retriever", "--context", "0"], "--context"),
        (["--workload", "rag-retriever", "--target-queries-per-s", "-1"], "--target-queries-per-s"),
    ],
)
def test_bad_input_exits_2_naming_the_flag(argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad chooser input: exit code 2, one stderr line naming the flag."""
    assert main(["chooser", *argv]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and flag in lines[0]


def test_bad_workload_raises_calc_error() -> None:
    """The Python API raises CalcError naming the field, with the accepted workloads."""
    with pytest.raises(CalcError) as raised:
        calc.chooser(workload="finetune")
    assert raised.value.field == "workload" and "serve-7b" in raised.value.accepted("es")


@settings(max_examples=40, deadline=None)
@given(
    workload=st.sampled_from(WORKLOADS),
    count=st.integers(1, 10**6),
    mfu=st.floats(0.01, 1),
    context=st.integers(1, 10**7),
    latency=st.floats(1e-4, 10),
    target=st.floats(1e-3, 1e9),
)
def test_no_nan_or_infinity(workload: str, count: int, mfu: float, context: int, latency: float, target: float) -> None:
    """Across the accepted ranges every quantity and every row value is finite."""
    result = calc.chooser(
        workload=workload,
        count=count,
        mfu=mfu,
        context=context,
        latency_s=latency,
        target_tokens_per_s=target,
        target_queries_per_s=target,
    )
    out = result.to_dict()
    assert all(_finite(v) for v in result.quantities.values())
    assert all(_finite(v) for row in out["ranking"] for v in row.values())


def _timing_every_stage(chip: object, case: dict[str, Any]) -> tuple[object, float] | None:
    """The chooser's layout rule worked out without its shortcut: for each PP, time the least recomputation that
    fits at each ZeRO stage (lowest first) until one is the fastest so far; the fastest wins."""
    made = chooser._train_setup(
        chip, shape=case["shape"], count=case["count"], dtype=case["dtype"], recipe=case["recipe"]
    )  # type: ignore[arg-type]
    assert not isinstance(made, str)
    setup, tp = made
    best: tuple[object, float] | None = None
    for pp in (1, 2, 4, 8):
        if case["count"] % (tp * pp):
            continue
        for stage in range(min(1, case["zero_stage"]), case["zero_stage"] + 1):
            fitting = None
            for mode in RECOMPUTE:
                lay = Layout(tp, pp, case["count"] // (tp * pp), 1, 1, 1, stage, 1, mode, True)
                memory = layout_memory(setup, lay)
                if memory["fits"]:
                    fitting = (lay, evaluate_layout(setup, lay, memory)["step"])
                    break
            if fitting is not None and (best is None or fitting[1] < best[1]):
                best = fitting
                break
    return best


@pytest.mark.parametrize(
    "params, count, zero_stage", [(70e9, 1024, 3), (13e9, 64, 3), (70e9, 256, 2), (405e9, 2048, 3), (30e9, 256, 1)]
)
def test_skipping_deeper_zero_stages_changes_no_layout(params: float, count: int, zero_stage: int) -> None:
    """The chooser does not time a deeper ZeRO stage that needs the same recomputation as the one it timed before
    (it only adds exposed DP traffic); on every chip it still picks what timing every stage would pick."""
    case: dict[str, Any] = {
        "shape": chooser.train_shape(params),
        "count": count,
        "dtype": "bf16",
        "zero_stage": zero_stage,
        "recipe": "adam-mixed",
    }
    compared = 0
    for chip in calc.load_data().accelerators.values():
        found = chooser._train_layout(chip, **case)
        if isinstance(found, str):
            continue
        reference = _timing_every_stage(chip, case)
        if reference is None:  # fits nowhere: the leanest layout is shown
            assert not found[1]["fits"]
            continue
        assert (found[0], found[1]["step"]) == reference, chip.id
        compared += 1
    assert compared >= 10
