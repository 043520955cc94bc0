# The parallelism planner's charts: memory per device against its capacity, and the step's time by phase.
from __future__ import annotations

from ..messages import t
from ..plot import memory_bars_svg, step_timeline_svg
from ..results import Result


def parallelism_svg(result: Result, lang: str) -> str:
    """The page's charts: memory per device by part against its capacity, and the step's time by phase."""
    q = result.quantities
    names = {
        "weights_bytes": "plot.memory.weights",
        "gradients_bytes": "plot.memory.gradients",
        "optimizer_bytes": "plot.memory.optimizer",
        "activation_bytes": "plot.memory.activations",
    }
    parts = tuple((t(label, lang), float(q[key])) for key, label in names.items())  # type: ignore[arg-type]
    memory = memory_bars_svg(parts=parts, capacity_bytes=float(q["capacity_bytes"]), lang=lang)  # type: ignore[arg-type]
    segments = (
        (t("plot.timeline.compute", lang), float(q["compute_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.tp", lang), float(q["tp_exposed_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.cp", lang), float(q["cp_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.ep", lang), float(q["ep_exposed_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.pp", lang), float(q["pp_comm_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.dp", lang), float(q["dp_exposed_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.bubble", lang), float(q["bubble_seconds"])),  # type: ignore[arg-type]
        (t("plot.timeline.optimizer", lang), float(q["optimizer_seconds"])),  # type: ignore[arg-type]
    )
    timeline = step_timeline_svg(segments=segments, lang=lang)
    return memory + "\n" + timeline
