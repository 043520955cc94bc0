# The catalog's shared inputs (accelerator, number format, model) and the roofline and matmul calculators.
# Merged in order into messages.CATALOG (catalog.py); placeholders match in both languages.
from __future__ import annotations

# fmt: off
ENTRIES: dict[str, dict[str, str]] = {
    # -- shared inputs --------------------------------------------------------------------------------
    "field.accelerator": {"en": "Accelerator", "es": "Acelerador"},
    "field.dtype": {"en": "Number format", "es": "Formato numérico"},
    "field.peak_tflops": {"en": "Peak per accelerator (custom chip)", "es": "Pico por acelerador (chip personalizado)"},
    "field.bandwidth_tbytes_s": {"en": "Memory bandwidth (custom chip)", "es": "Ancho de banda de memoria (chip personalizado)"},
    "field.count": {"en": "Accelerators", "es": "Aceleradores"},
    "field.params": {"en": "Parameters", "es": "Parámetros"},
    "field.batch": {"en": "Batch", "es": "Batch"},
    "field.mfu": {"en": "MFU (0–1)", "es": "MFU (0–1)"},
    "field.model": {"en": "Model", "es": "Modelo"},
    "option.accelerator.custom": {"en": "Custom chip", "es": "Chip personalizado"},
    "option.model.custom": {"en": "Custom model", "es": "Modelo personalizado"},
    "option.dtype.fp64": {"en": "FP64", "es": "FP64"},
    "option.dtype.fp64_matrix": {"en": "FP64 (matrix units)", "es": "FP64 (unidades matriciales)"},
    "option.dtype.fp32": {"en": "FP32", "es": "FP32"},
    "option.dtype.tf32": {"en": "TF32", "es": "TF32"},
    "option.dtype.bf16": {"en": "BF16", "es": "BF16"},
    "option.dtype.fp8": {"en": "FP8", "es": "FP8"},
    "option.dtype.fp6": {"en": "FP6", "es": "FP6"},
    "option.dtype.fp4": {"en": "FP4", "es": "FP4"},
    "option.dtype.int8": {"en": "INT8", "es": "INT8"},
    # -- roofline ---------------------------------------------------------------------------------------
    "roofline.title": {"en": "Roofline", "es": "Roofline"},
    "roofline.field.intensity": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "roofline.field.peak_tflops": {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
    "roofline.out.ridge_point_flop_per_byte": {"en": "Ridge point", "es": "Punto de cresta"},
    "roofline.out.attainable_flop_per_s": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
    "roofline.out.bound": {"en": "Verdict", "es": "Veredicto"},
    "roofline.step.ridge": {"en": "Ridge point ({chip})", "es": "Punto de cresta ({chip})"},
    "roofline.step.attainable": {"en": "Attainable throughput", "es": "Rendimiento alcanzable"},
    # -- matmul -----------------------------------------------------------------------------------------
    "matmul.title": {"en": "Matmul on the roofline", "es": "Matmul en el roofline"},
    "matmul.field.m": {"en": "M (rows of A)", "es": "M (filas de A)"},
    "matmul.field.k": {"en": "K (shared dimension)", "es": "K (dimensión compartida)"},
    "matmul.field.n": {"en": "N (columns of B)", "es": "N (columnas de B)"},
    "matmul.field.bytes_per_element": {"en": "Bytes per element", "es": "Bytes por elemento"},
    "matmul.field.peak_tflops": {"en": "Peak (custom chip)", "es": "Pico (chip personalizado)"},
    "matmul.out.flops": {"en": "FLOPs", "es": "FLOP"},
    "matmul.out.intensity_flop_per_byte": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "matmul.out.seconds": {"en": "Lower-bound time", "es": "Tiempo mínimo"},
    "matmul.out.bound": {"en": "Verdict", "es": "Veredicto"},
    "matmul.step.flops": {"en": "Matmul FLOPs", "es": "FLOP del matmul"},
    "matmul.step.bytes": {"en": "Bytes moved (read A and B, write C)", "es": "Bytes movidos (leer A y B, escribir C)"},
    "matmul.step.intensity": {"en": "Arithmetic intensity", "es": "Intensidad aritmética"},
    "matmul.step.compute_seconds": {"en": "Compute time ({chip})", "es": "Tiempo de cómputo ({chip})"},
    "matmul.step.memory_seconds": {"en": "Memory time", "es": "Tiempo de memoria"},
    "matmul.step.seconds": {"en": "Lower-bound kernel time", "es": "Tiempo mínimo del kernel"},
}
# fmt: on
