# Accelerator chooser: the module's three workloads ranked across every accelerator in data/ by time, cost and fit.
# Rows carry figures and codes; `describe_row` words them for a page or the CLI.
from __future__ import annotations

from ..errors import check_choice, check_number
from ..fields import DEFAULT_DTYPE, DTYPES, Calculator, Field
from ..inference import WEIGHT_FORMATS
from ..memory import RECIPES
from ..results import Result
from .common import RANK_BY, WORKLOADS
from .reasons import columns_of, short_reason
from .retrieve import rank_retrieve
from .serve import rank_serve
from .train import rank_train


def chooser(
    *,
    workload: str = "train-70b",
    rank_by: str = "cost",
    params: float = 70e9,
    tokens: float = 1e12,
    deadline_days: float = 30.0,
    count: float = 1024,
    mfu: float = 0.5,
    dtype: str = DEFAULT_DTYPE,
    zero_stage: int = 3,
    recipe: str = "adam-mixed",
    model: str | None = None,
    weight_format: str = "bf16",
    context: float | None = None,
    target_tokens_per_s: float = 10_000.0,
    latency_s: float = 0.05,
    embed_model: str | None = None,
    output_tokens: float = 256,
    rerank_tokens: float = 51_200,
    target_queries_per_s: float = 1.0,
) -> Result:
    """Rank every accelerator in data/ for one of the module's three workloads, by time, cost and fit.

    Workloads:
        train-70b: train a `params` dense model on `tokens` with `count` accelerators at `mfu` within
            `deadline_days`. Time T = 6ND / (n·P·MFU) (Kaplan et al. 2020); cost n·T·price; fit = training
            state under ZeRO-`zero_stage` (Rajbhandari et al. 2020) plus activations with full recomputation
            of a Llama 3 70B-shaped layer stack at 4096 tokens (Korthikanti et al. 2022) ≤ the chip's memory.
        serve-7b: serve `model` (default Mistral 7B) with `context` prompt tokens and `output_tokens` per request
            at `target_tokens_per_s` output tokens in total, each token within `latency_s`. Per accelerator, the
            serving calculator's model (calc.serving, one accelerator, its default efficiency): the batch is the
            largest whose KV caches fit beside the weights in 90 % of memory and whose time per output token
            meets the target; throughput B·O / (TTFT + (O − 1)·TPOT); accelerators ⌈target / throughput⌉; cost
            per million output tokens = price / (tokens/s × 3600) × 10⁶.
        rag-retriever: an embedding/reranking model (`embed_model`, default BGE large) over `rerank_tokens`
            candidate tokens plus a long-context generator (`model`, default Llama 3 8B) reading `context` tokens
            and writing `output_tokens`, on the serving calculator's model at the batch memory allows: fit =
            weights + one request's KV cache; prefill (2NT + 2·L·T²·d FLOPs plus the reranking) at `mfu`,
            decode at the default bandwidth efficiency.

    Chips missing a figure the workload needs are listed last, unranked, with `skipped_for` naming it. Prices
    are the typical figures of data/'s economics; an unpriced chip is ranked after the priced ones by time.
    `rank_by` "cost" (default) or "time" orders the chips that fit.

    Returns:
        Result whose quantities hold workload, rank_by, best (id), best_name, ranked, fitting, skipped,
        unpriced and the workload's shared figures; `table` (JSON key "ranking") holds one row per accelerator
        with id, name, rank, fits, skipped_for and the workload's figures in SI units. `describe_row` words a row.

    Raises:
        CalcError: an unknown workload, model, format or a value outside its range.
    """
    kind = check_choice("workload", workload, WORKLOADS)
    order = check_choice("rank_by", rank_by, RANK_BY)
    if kind == "train-70b":
        check_choice("dtype", dtype, DTYPES)
        check_choice("recipe", recipe, tuple(RECIPES))
        stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
        deadline = check_number("deadline_days", deadline_days) * 86_400.0
        return rank_train(
            params=params,
            tokens=tokens,
            deadline_s=deadline,
            count=count,
            dtype=dtype,
            zero_stage=stage,
            recipe=recipe,
            rank_by=order,
        )
    if kind == "serve-7b":
        check_choice("weight_format", weight_format, tuple(WEIGHT_FORMATS))
        ctx = check_number("context", context if context is not None else 4096)
        return rank_serve(
            model=model,
            weight_format=weight_format,
            context=ctx,
            output_tokens=output_tokens,
            target_tokens_per_s=target_tokens_per_s,
            latency_s=latency_s,
            rank_by=order,
        )
    ctx = check_number("context", context if context is not None else 131_072)
    return rank_retrieve(
        model=model,
        embed_model=embed_model,
        context=ctx,
        output_tokens=output_tokens,
        rerank_tokens=rerank_tokens,
        target_queries_per_s=target_queries_per_s,
        mfu=mfu,
        rank_by=order,
    )


_TRAIN = ("workload", ("train-70b",))
_SERVE = ("workload", ("serve-7b",))
_RAG = ("workload", ("rag-retriever",))
_SERVE_OR_RAG = ("workload", ("serve-7b", "rag-retriever"))

CHOOSER = Calculator(
    name="chooser",
    fields=(
        Field("workload", kind="choice", default="train-70b", choices=WORKLOADS),
        Field("rank_by", kind="choice", default="cost", choices=RANK_BY),
        Field("params", default="70B", when=_TRAIN),
        Field("tokens", default="1T", when=_TRAIN),
        Field("deadline_days", unit="days", default="30", when=_TRAIN),
        Field("count", default="1024", when=_TRAIN),
        Field("mfu", default="0.5", when=_RAG, advanced=True),
        Field("dtype", kind="choice", default=DEFAULT_DTYPE, choices=DTYPES, when=_TRAIN, advanced=True),
        Field("zero", default="3", param="zero_stage", when=_TRAIN, advanced=True),
        Field("recipe", kind="choice", default="adam-mixed", choices=tuple(RECIPES), when=_TRAIN, advanced=True),
        Field("model", kind="model", optional=True, when=_SERVE_OR_RAG),
        Field(
            "weight_format", kind="choice", default="bf16", choices=tuple(WEIGHT_FORMATS), when=_SERVE, advanced=True
        ),
        Field("context", optional=True, when=_SERVE_OR_RAG),
        Field("target_tokens_per_s", unit="tokens/s", default="10k", when=_SERVE),
        Field(
            "latency_ms",
            unit="ms",
            default="50",
            param="latency_s",
            scale=1e-3,
            when=_SERVE,
        ),
        Field("embed_model", kind="model", optional=True, when=_RAG, advanced=True),
        Field("output_tokens", default="256", when=_SERVE_OR_RAG, advanced=True),
        Field("rerank_tokens", default="51200", when=_RAG, advanced=True),
        Field("target_queries_per_s", unit="queries/s", default="1", when=_RAG),
    ),
    function=chooser,
    units={
        "total_flops": "FLOP",
        "per_accelerator_bytes": "B",
        "weight_bytes": "B",
        "kv_bytes_per_sequence": "B",
        "query_flops": "FLOP",
        "latency_s": "s",
        "deadline_seconds": "days",
        "target_tokens_per_s": "tokens/s",
        "target_queries_per_s": "queries/s",
        # the ranking's figures
        "seconds": "days",
        "cost_usd": "USD",
        "capacity_bytes": "B",
        "batch": "",
        "tokens_per_second": "tokens/s",
        "accelerators": "",
        "usd_per_million_tokens": "USD",
        "latency_seconds": "s",
        "queries_per_second": "queries/s",
        "usd_per_thousand_queries": "USD",
    },
    headline=("best_name", "fitting", "skipped"),
    describe=lambda result, row, lang: short_reason(str(result.quantities["workload"]), row, result.quantities, lang),
    columns=columns_of,
)
