# The serving calculator's chart: the latency-throughput curve of the batch sweep, with the memory limit and the
# target marked.
from __future__ import annotations

from ..data import load_data
from ..messages import text
from ..plot import CurvePoint, serving_curve_svg
from ..results import Result


def serving_result_svg(result: Result, lang: str) -> str | None:
    """The curve when the sweep is on: output tokens/s against TPOT, the memory limit and the target marked."""
    if result.table is None:
        return None
    q = result.quantities
    points = [
        CurvePoint(
            batch=float(row["batch"]),  # type: ignore[arg-type]
            tpot_seconds=float(row["tpot_seconds"]),  # type: ignore[arg-type]
            tokens_per_second=float(row["output_tokens_per_second"]),  # type: ignore[arg-type]
            fits=bool(row["fits"]),
        )
        for row in result.table
    ]
    inputs = result.inputs
    found = load_data().model(str(inputs["model"]))
    chip = inputs.get("accelerator")
    subject = text(
        "plot.serving.subject",
        model=found.name,
        chip=load_data().accelerator(chip).name if chip else text("chip.custom"),
        tp=float(q["weights_bytes"]) / float(q["weights_bytes_per_accelerator"]),  # type: ignore[arg-type]
    )
    slo = q.get("slo_tpot_seconds")
    chosen = q.get("slo_batch")
    return serving_curve_svg(
        points,
        memory_limit_batch=float(q["max_batch"]),  # type: ignore[arg-type]
        reader_batch=float(inputs["batch"]),
        slo_tpot_seconds=float(slo) if isinstance(slo, float) else None,
        slo_batch=float(chosen) if isinstance(chosen, int) else None,
        subject=subject.render(lang),
        lang=lang,
    )
