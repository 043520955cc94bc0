# The one chip lookup: a data/ accelerator's figures, or a custom chip's, as a calculation needs them.
from __future__ import annotations

from dataclasses import dataclass

from .data import Accelerator, load_data
from .errors import CalcError, check_choice, check_number
from .fields import BASES, DEFAULT_BASIS, DEFAULT_DTYPE
from .fmt import Quantity
from .messages import Joined, Text, text


@dataclass(frozen=True)
class Chip:
    """The figures one calculation uses, in SI units; None where the calculation did not ask for one."""

    label: Text
    peak_flop_per_s: float | None
    bandwidth_bytes_per_s: float | None
    data: Accelerator | None


def resolve_chip(
    *,
    accelerator: str | None,
    dtype: str = DEFAULT_DTYPE,
    peak_flop_per_s: float | None = None,
    bandwidth_bytes_per_s: float | None = None,
    needs: tuple[str, ...] = ("peak", "bandwidth"),
) -> Chip:
    """A data/ accelerator (its dense `dtype` peak and memory bandwidth) or a custom chip from its figures.

    `needs` names the figures the calculation cannot do without ("peak", "bandwidth"); a data/ chip
    that lacks one raises CalcError naming it, and a custom chip must give it.

    Raises:
        CalcError: unknown accelerator, a dtype the chip lacks, a missing or out-of-range figure.
    """
    if accelerator is not None:
        chip = load_data().accelerator(accelerator)
        peak = None
        if "peak" in needs:
            peak = chip.peak_flop_per_s(dtype)
        bandwidth = chip.memory_bandwidth_bytes_per_s
        if bandwidth is None and "bandwidth" in needs:
            raise CalcError(field="accelerator", kind="no_figure", detail="memory_bandwidth", subject=chip.name)
        return Chip(text("chip.dense", name=chip.words(), dtype=text(f"option.dtype.{dtype}")), peak, bandwidth, chip)
    peak = bandwidth = None
    if "peak" in needs:
        peak = check_number("peak_flop_per_s", peak_flop_per_s)
    if "bandwidth" in needs:
        bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s)
    return Chip(text("chip.custom"), peak, bandwidth, None)


@dataclass(frozen=True)
class Roofs:
    """The figures a calculation runs against on its basis, and the note that says which and where they come from.

    On the achievable basis each figure is the chip's measured one where data/ has it (its best dense matmul in
    the format; its memory bandwidth under a streaming benchmark), else its datasheet figure; on the peak basis
    (and for a custom chip, which has no measurement) the datasheet's. `basis` is what the figures rest on:
    "achievable" when at least one measured figure is used, else "peak".
    """

    basis: str
    flop_per_s: float | None
    bandwidth_bytes_per_s: float | None
    note: Text

    def label(self, chip: Text) -> Text:
        """A chip's derivation label with the basis: "H100 SXM, dense BF16, achievable basis"."""
        return text(f"basis.chip.{self.basis}", chip=chip)


def measured_source(chip: Accelerator, dtype: str | None) -> Text | str:
    """The document behind a measured figure (its title, as it words it), with the measurement date if it gives one."""
    found = chip.measured_value(dtype)
    title = chip.source_title(found.source if found is not None else None)
    if found is not None and found.measured_on:
        return text("basis.source_dated", source=title, date=str(found.measured_on))
    return title


def basis_roofs(
    chip: Chip,
    *,
    basis: str = DEFAULT_BASIS,
    dtype: str = DEFAULT_DTYPE,
    uses: tuple[str, ...] = ("flops", "bandwidth"),
) -> Roofs:
    """The compute roof (dense `dtype` matmul FLOP/s) and memory bandwidth a calculation uses on `basis`.

    `uses` names the figures the calculation needs ("flops", "bandwidth"); the note speaks of those only.
    Example: H100 SXM in BF16 on the achievable basis runs against 794.5 TFLOP/s (the MAMF table's best matmul,
    80.3 % of the 989.4 TFLOP/s peak) and 2.97 TB/s (BabelStream Triad, 88.7 % of 3.35 TB/s).

    Raises:
        CalcError: a basis that is neither "achievable" nor "peak".
    """
    figures = _basis_figures(chip, basis, dtype, uses)
    data = chip.data if basis == "achievable" else None
    measured, flops, bandwidth = _roofs_of(chip, figures)
    parts: list[Text] = []
    for name, key, peak, achieved, unit in figures:
        assert peak is not None
        if achieved is not None and data is not None:
            parts.append(
                text(
                    f"basis.part.{name}_measured",
                    value=Quantity(achieved, unit),
                    dtype=dtype.upper(),
                    share=100 * achieved / peak,
                    peak=Quantity(peak, unit),
                    source=measured_source(data, key),
                )
            )
        else:  # beside a measured figure, say this one is not measured; alone, the note says so
            kind = "unmeasured" if measured else "peak"
            parts.append(text(f"basis.part.{name}_{kind}", value=Quantity(peak, unit), dtype=dtype.upper()))
    words = Joined(tuple(parts))
    if measured:
        note = text("basis.note.achievable", figures=words)
    elif basis == "peak":
        note = text("basis.note.peak", figures=words)
    elif chip.data is None:
        note = text("basis.note.custom", figures=words)
    else:
        note = text("basis.note.fallback", figures=words, chip=chip.data.words())
    return Roofs("achievable" if measured else "peak", flops, bandwidth, note)


def basis_rates(
    chip: Chip,
    *,
    basis: str = DEFAULT_BASIS,
    dtype: str = DEFAULT_DTYPE,
    uses: tuple[str, ...] = ("flops", "bandwidth"),
) -> tuple[float | None, float | None]:
    """`basis_roofs`'s compute roof and memory bandwidth without its note, for a caller that shows none (the
    chooser, laying out every chip). Raises CalcError for a basis that is neither "achievable" nor "peak"."""
    _, flops, bandwidth = _roofs_of(chip, _basis_figures(chip, basis, dtype, uses))
    return flops, bandwidth


# (figure, dtype of its measurement, datasheet value, measured value or None, unit)
_Figure = tuple[str, str | None, float | None, float | None, str]


def _basis_figures(chip: Chip, basis: str, dtype: str, uses: tuple[str, ...]) -> list[_Figure]:
    """The figures `uses` names that the chip has, each with its measured value on `basis` (see _Figure)."""
    check_choice("basis", basis, BASES)
    data = chip.data if basis == "achievable" else None
    return [
        (name, key, peak, _measured(data, key), unit)
        for name, key, peak, unit in (
            ("flops", dtype, chip.peak_flop_per_s, "FLOP/s"),
            ("bandwidth", None, chip.bandwidth_bytes_per_s, "B/s"),
        )
        if name in uses and peak is not None
    ]


def _roofs_of(chip: Chip, figures: list[_Figure]) -> tuple[bool, float | None, float | None]:
    """Whether a measured figure is used, and the compute roof and memory bandwidth: measured where there is one."""
    measured = any(achieved is not None for *_, achieved, _ in figures)
    roofs = {name: achieved if achieved is not None else peak for name, _, peak, achieved, _ in figures}
    return measured, roofs.get("flops", chip.peak_flop_per_s), roofs.get("bandwidth", chip.bandwidth_bytes_per_s)


def _measured(chip: Accelerator | None, dtype: str | None) -> float | None:
    if chip is None:
        return None
    return chip.achievable_memory_bandwidth_bytes_per_s if dtype is None else chip.achievable_flop_per_s.get(dtype)
