"""data/models.yaml: each model's shape, the fields its attention kind needs, a mixture of experts complete."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field

from .common import KEBAB, Source, Strict
from .problems import DataError, Problem
from .pydantic_problems import validated
from .values import check_source, source_ids

Count = int | float | str  # a plain number, or "8.03B"-style text

Positive = Annotated[int, Field(gt=0)]


class ModelEntry(Strict):
    id: Annotated[str, Field(pattern=KEBAB)]
    name: str
    params: Count
    active_params: Count
    layers: Positive
    hidden_size: Positive
    attention_heads: Positive
    kv_heads: Positive
    head_dim: Positive
    attention: Literal["mha", "gqa", "mqa", "mla", "sliding"]
    kv_lora_rank: Positive | None = None
    rope_head_dim: Positive | None = None
    window: Positive | None = None
    context_length: Positive
    # The blocks' widths, for activation memory and the parallelism planner (config.json of the model).
    ffn_hidden_size: Positive | None = None
    vocab_size: Positive | None = None
    tied_embeddings: bool | None = None  # one matrix for the input embedding and the output head
    mlp: Literal["gelu", "swiglu"] | None = None
    experts: Positive | None = None  # routed experts of a mixture of experts
    experts_per_token: Positive | None = None
    shared_experts: Annotated[int, Field(ge=0)] | None = None
    expert_ffn_hidden_size: Positive | None = None
    dense_layers: Annotated[int, Field(ge=0)] | None = None  # leading layers with a dense MLP instead of experts
    config_source: str | None = None  # where the widths come from, when not `source`
    note: str | None = None
    source: str


class Models(Strict):
    sources: Annotated[list[Source], Field(min_length=1)]
    models: list[ModelEntry]


def count(value: Count, *, where: str, key: str) -> float:
    """A parameter count from a number or "8.03B"-style text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kMBT]?)\s*", str(value))
    if not match:
        raise DataError(f"{where}: field '{key}': {value!r} is not a count (write 70.6B or 70553706496)")
    return float(match.group(1)) * {"": 1.0, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}[match.group(2)]


def check_models(raw: Any, *, file_name: str) -> Models:
    """Validate data/models.yaml, including the fields each attention kind needs; the DataError names each bad model."""
    data, problems = validated(Models, raw, where=file_name)
    known = source_ids(data.sources, where=file_name)
    seen: set[str] = set()
    for model in data.models:
        where = f"{file_name} [{model.id}]"
        with problems.collect():
            if model.id in seen:
                raise DataError(f"{where}: field 'id': duplicate model id")
            seen.add(model.id)
            _check_model(model, known, where=where)
    problems.raise_any()
    return data


def _check_model(model: ModelEntry, known: set[str], *, where: str) -> None:
    check_source(model.source, known, where=where, key="source")
    check_source(model.config_source, known, where=where, key="config_source")
    params = count(model.params, where=where, key="params")
    active = count(model.active_params, where=where, key="active_params")
    for key, value in (("params", params), ("active_params", active)):
        if value <= 0:
            fields = {"where": where, "field": key, "value": f"'{getattr(model, key)}'"}
            raise DataError(Problem(key="data_not_positive", fields=fields))
    if active > params:
        raise DataError(f"{where}: field 'active_params': cannot exceed params")
    if model.attention_heads % model.kv_heads:
        raise DataError(f"{where}: field 'kv_heads': must divide attention_heads")
    if model.attention == "mla" and (model.kv_lora_rank is None or model.rope_head_dim is None):
        raise DataError(f"{where}: field 'kv_lora_rank': MLA needs kv_lora_rank and rope_head_dim")
    if model.attention == "sliding" and model.window is None:
        raise DataError(f"{where}: field 'window': sliding-window attention needs a window")
    if model.attention == "mha" and model.kv_heads != model.attention_heads:
        raise DataError(f"{where}: field 'kv_heads': MHA has as many KV heads as attention heads")
    if model.attention == "mqa" and model.kv_heads != 1:
        raise DataError(f"{where}: field 'kv_heads': MQA has one KV head")
    if model.config_source is not None:
        check_source(model.config_source, known, where=where, key="config_source")
    moe = (model.experts, model.experts_per_token, model.expert_ffn_hidden_size)
    if any(v is not None for v in moe) and any(v is None for v in moe):
        raise DataError(
            f"{where}: field 'experts': a mixture of experts needs experts, experts_per_token and expert_ffn_hidden_size"
        )
    if model.experts is not None and model.experts_per_token is not None and model.experts_per_token > model.experts:
        raise DataError(f"{where}: field 'experts_per_token': cannot exceed experts")
    if (model.dense_layers or 0) >= model.layers:
        raise DataError(f"{where}: field 'dense_layers': must be fewer than layers")
    if (model.vocab_size is None) != (model.tied_embeddings is None):
        raise DataError(f"{where}: field 'tied_embeddings': give vocab_size and tied_embeddings together")
    if model.experts is not None and active >= params:
        raise DataError(f"{where}: field 'active_params': a mixture of experts has fewer active than total")
