# Training state: bytes per parameter by recipe, ZeRO/FSDP sharding, and the memory a fit is checked against.
from __future__ import annotations

from ..data import Accelerator
from ..errors import CalcError, check_choice, check_number
from ..messages import Text, text
from ..results import Step, q, step

# recipe -> (weight, gradient, optimizer-state) bytes per parameter.
# adam-mixed: ZeRO's accounting (Rajbhandari et al. 2020, §3.1): 2 (BF16/FP16 weights) + 2 (gradients)
#   + 12 (FP32 master weights, momentum and variance) = 16.
# adam-mixed-fp32-grads: adds an FP32 gradient-accumulation buffer (4) = 20.
# adam-8bit: 8-bit Adam states (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization"):
#   2 + 2 + 4 (FP32 master) + 1 + 1 = 10.
# bf16-adam: pure BF16 weights, gradients and both moments, no master copy = 8.
RECIPES: dict[str, tuple[float, float, float]] = {
    "adam-mixed": (2.0, 2.0, 12.0),
    "adam-mixed-fp32-grads": (2.0, 6.0, 12.0),
    "adam-8bit": (2.0, 2.0, 6.0),
    "bf16-adam": (2.0, 2.0, 4.0),
}
RECOMPUTE = ("none", "selective", "full")
# GPU memory a process holds once it has initialized CUDA, before any tensor: 287,047,680 bytes with lazy module
# loading (666,632,192 without), measured in PyTorch pull request #86509 ("Sets CUDA_MODULE_LOADING to LAZY when
# not set by the user", 2022), which made lazy loading PyTorch's default.
CUDA_CONTEXT_BYTES = 287_047_680.0


def device_capacity(chip: Accelerator) -> tuple[float, Text]:
    """The chip's memory for a fit check (the driver's total where measured, else the datasheet's) and its label."""
    capacity = chip.device_memory_bytes
    if not capacity:
        raise CalcError(field="accelerator", kind="no_figure", detail="memory_capacity", subject=chip.name)
    key = "memory.step.capacity_reported" if chip.reported_memory_bytes else "training-memory.step.capacity"
    return capacity, text(key, chip=chip.words())


def usable_capacity(capacity: float, where: Text, reserve: float = CUDA_CONTEXT_BYTES) -> tuple[float, list[Step]]:
    """What a process can fill: the capacity less the runtime's reserve, with the two steps that show it."""
    usable = capacity - reserve
    return usable, [
        step("capacity_bytes", where, r"M", "{M}", capacity, "B", M=q(capacity, "B")),
        step(
            "usable_bytes",
            text("training-memory.step.usable"),
            r"M - R_\text{runtime}",
            "{M} − {R}",
            usable,
            "B",
            M=q(capacity, "B"),
            R=q(reserve, "B"),
        ),
    ]


def bytes_per_param(*, recipe: str = "adam-mixed") -> float:
    """Training-state bytes per parameter: weights + gradients + optimizer states (see RECIPES).

    Source: Rajbhandari et al. (2020), "ZeRO: Memory Optimizations Toward Training Trillion Parameter
    Models", §3.1: mixed-precision Adam holds 2Ψ + 2Ψ + 12Ψ = 16Ψ bytes. Example: adam-mixed → 16.
    """
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    return weights + grads + optimizer


def checkpoint_bytes_per_param(*, recipe: str = "adam-mixed") -> float:
    """Bytes per parameter a checkpoint saves to resume training: the weights and the optimizer states (see RECIPES).

    Gradients are left out: the next step recomputes them. A distributed checkpoint saves the model's and the
    optimizer's state dicts, which hold no gradients (PyTorch, "Asynchronous Saving with Distributed Checkpoint
    (DCP)" recipe, its AppState saves {"model": ..., "optim": ...}). In ZeRO's accounting (Rajbhandari et al.
    2020, §3.1) mixed-precision Adam's 16 bytes are 2 (BF16 weights) + 2 (gradients) + 12 (FP32 master weights,
    momentum and variance), so its checkpoint holds 2 + 12 = 14. Example: adam-mixed → 14; bf16-adam → 6.
    """
    weights, _, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    return weights + optimizer


def zero_bytes_per_accelerator(
    *, params: float, recipe: str = "adam-mixed", zero_stage: int = 0, count: float = 1
) -> float:
    """Training state per accelerator under ZeRO stage 0–3 (stage 3 is what FSDP calls full sharding).

    Stage 0: (w + g + o)Ψ; 1: (w + g)Ψ + oΨ/N; 2: wΨ + (g + o)Ψ/N; 3: (w + g + o)Ψ/N.
    Source: Rajbhandari et al. (2020), Figure 1. Example: Ψ = 7.5B, N = 64, adam-mixed:
    120 GB, 31.4 GB, 16.6 GB and 1.88 GB for stages 0 to 3.
    """
    psi = check_number("params", params)
    stage = int(check_number("zero", zero_stage, low=0, high=3, integer=True))
    n = check_number("count", count)
    weights, grads, optimizer = RECIPES[check_choice("recipe", recipe, tuple(RECIPES))]
    sharded = {0: 0.0, 1: optimizer, 2: optimizer + grads, 3: optimizer + grads + weights}[stage]
    replicated = weights + grads + optimizer - sharded
    return psi * (replicated + sharded / n)
