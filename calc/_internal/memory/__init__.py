# Training memory: bytes per parameter by recipe, ZeRO/FSDP sharding, activation memory, and whether it fits;
# the training state, the activations and the calculator each in their module.
from __future__ import annotations

from .activations import (
    MLPS,
    SWITCHES,
    LayerShape,
    activation_bytes,
    activation_steps,
    layer_activation_parts,
    layer_activation_parts_unchecked,
    layer_shape,
    output_activation_bytes,
    output_activation_bytes_unchecked,
)
from .calculator import TRAINING_MEMORY, training_memory
from .state import (
    CUDA_CONTEXT_BYTES,
    RECIPES,
    RECOMPUTE,
    bytes_per_param,
    checkpoint_bytes_per_param,
    device_capacity,
    usable_capacity,
    zero_bytes_per_accelerator,
)

CALCULATORS = (TRAINING_MEMORY,)

__all__ = [
    "CALCULATORS",
    "CUDA_CONTEXT_BYTES",
    "MLPS",
    "RECIPES",
    "RECOMPUTE",
    "SWITCHES",
    "TRAINING_MEMORY",
    "LayerShape",
    "activation_bytes",
    "activation_steps",
    "bytes_per_param",
    "checkpoint_bytes_per_param",
    "device_capacity",
    "layer_activation_parts",
    "layer_activation_parts_unchecked",
    "layer_shape",
    "output_activation_bytes",
    "output_activation_bytes_unchecked",
    "training_memory",
    "usable_capacity",
    "zero_bytes_per_accelerator",
]
