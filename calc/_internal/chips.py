# The one chip lookup: a data/ accelerator's figures, or a custom chip's, as a calculation needs them.
from __future__ import annotations

from dataclasses import dataclass

from .data import Accelerator, load_data
from .errors import CalcError, check_number
from .fields import DEFAULT_DTYPE
from .messages import Text, text


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
        return Chip(text("chip.dense", name=chip.words(), dtype=dtype), peak, bandwidth, chip)
    peak = bandwidth = None
    if "peak" in needs:
        peak = check_number("peak_flop_per_s", peak_flop_per_s, low=0, low_open=True, high=1e21)
    if "bandwidth" in needs:
        bandwidth = check_number("bandwidth_bytes_per_s", bandwidth_bytes_per_s, low=0, low_open=True, high=1e18)
    return Chip(text("chip.custom"), peak, bandwidth, None)
