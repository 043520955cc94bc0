# Serving under load: requests arrive at random (Poisson) at a rate, wait for a free slot in the batch, and run
# batched with the others. The batch in flight, the wait, TTFT and TPOT at the median and the 99th percentile,
# the rate where the queue runs away, and goodput at a TTFT and a TPOT target together.
from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from .case import ServingCase, serving_point

# A request's service is O steps of a fixed length: its squared coefficient of variation is 0 (Allen–Cunneen).
DETERMINISTIC_SCV = 0.0
DEFAULT_ATTAINMENT = 0.9  # DistServe's goodput counts the rate at which 90 % of requests meet both targets
SMALL_BATCHES = 24  # every batch size up to here is evaluated; above it a geometric grid
GRID_POINTS = 48
CHUNK = 128  # states summed at a time before looking whether the rest can matter
NEGLIGIBLE = 40.0  # a state e⁻⁴⁰ less likely than the likeliest adds nothing a figure shows
SEARCH_STEPS = 18  # bisection steps for goodput: 2⁻¹⁸ of the saturation rate, past the digits shown


@dataclass(frozen=True)
class Engine:
    """A served case seen as a queue: up to `limit` requests in flight; at each of `batches` (1 to the limit) the
    requests/s that batch completes and its TPOT; `prefill` is one prompt's pass (the serving model's TTFT)."""

    limit: int
    batches: tuple[float, ...]
    rates: tuple[float, ...]
    tpots: tuple[float, ...]
    prefill: float
    slots: tuple[float, ...] = ()  # n/X(n) at each grid batch: how long a slot holds a request
    _logs: list[float] = field(default_factory=lambda: [0.0], compare=False, repr=False)  # ln X(n), filled on demand

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(b / r for b, r in zip(self.batches, self.rates, strict=True)))

    @property
    def saturation(self) -> float:
        """The requests/s of a full batch: the highest rate the engine sustains (its offline throughput)."""
        return self.rates[-1]

    def rate(self, n: float) -> float:
        """Requests/s completed with n in flight; between grid points the time a slot holds a request, n/X(n),
        runs linearly."""
        return n / self._between(n, self.slots)

    def log_rates(self, start: int, stop: int) -> list[float]:
        """ln X(n) for the whole batches start to stop, each computed once."""
        while len(self._logs) <= stop:
            self._logs.append(math.log(self.rate(float(len(self._logs)))))
        return self._logs[start : stop + 1]

    def tpot(self, n: float) -> float:
        return self._between(n, self.tpots)

    def largest_within(self, tpot_s: float | None) -> int:
        """The largest batch whose TPOT meets the target (TPOT grows with the batch): the limit without a target,
        0 when even one request misses it."""
        if tpot_s is None:
            return self.limit
        low, high = 0, self.limit
        while low < high:
            middle = (low + high + 1) // 2
            if self.tpot(float(middle)) <= tpot_s:
                low = middle
            else:
                high = middle - 1
        return low

    def _between(self, n: float, values: Sequence[float]) -> float:
        i = bisect.bisect_left(self.batches, n)
        if i < len(self.batches) and self.batches[i] == n:
            return values[i]
        i = min(max(i, 1), len(self.batches) - 1)
        b0, b1 = self.batches[i - 1], self.batches[i]
        return values[i - 1] + (values[i] - values[i - 1]) * (n - b0) / (b1 - b0)


def grid(limit: int) -> list[int]:
    """Every batch size up to SMALL_BATCHES, then a geometric ladder to the limit: GRID_POINTS at most."""
    sizes = set(range(1, min(limit, SMALL_BATCHES) + 1)) | {limit}
    if limit > SMALL_BATCHES:
        steps = GRID_POINTS - SMALL_BATCHES - 1
        ratio = (limit / SMALL_BATCHES) ** (1.0 / steps)
        sizes |= {min(limit, round(SMALL_BATCHES * ratio**k)) for k in range(1, steps + 1)}
    return sorted(sizes)


def engine(case: ServingCase, limit: int) -> Engine:
    """The queue's figures of a case whose memory holds `limit` sequences (limit ≥ 1), from `serving_point`."""
    sizes = grid(limit)
    points = [serving_point(case, float(b)) for b in sizes]
    return Engine(
        limit=limit,
        batches=tuple(float(b) for b in sizes),
        rates=tuple(p["requests_per_second"] for p in points),
        tpots=tuple(p["tpot"] for p in points),
        prefill=points[0]["ttft"],
    )


@dataclass(frozen=True)
class Stationary:
    """What an arriving request finds (Poisson arrivals see time averages): `found[n]`, the chance n < c requests
    are in flight, and `waiting`, the chance all c slots are busy; `tail_rate` is X(c) − λ, the rate at which the
    wait of one who queues ends in the exponential model."""

    arrival: float
    limit: int
    found: tuple[float, ...]
    waiting: float
    tail_rate: float


def stationary(eng: Engine, arrival: float) -> Stationary:
    """The birth–death chain of requests in the system: arrivals at λ, completions at X(min(n, c)).

    π(n) = π(0)·Π_{k≤n} λ/X(k) for n ≤ c, and π(c)·ρⁿ⁻ᶜ beyond, ρ = λ/X(c) < 1: Kleinrock, Queueing Systems
    Vol. 1 (1975), §3.1 (birth–death processes in equilibrium): a station whose speed depends on its load. X(k) = kμ is M/M/c
    (Erlang C); X(k) = μ with c = 1 is M/M/1. Terms past the likeliest state that fall e⁻⁴⁰ below it are dropped.
    """
    limit, log_arrival = eng.limit, math.log(arrival)
    logs = [0.0]
    top, start, complete = 0.0, 1, True
    while start <= limit:  # a chunk of states at a time; X grows with n, so past the likeliest state terms only fall
        stop = min(limit, start + CHUNK - 1)
        rates = eng.log_rates(start, stop)
        chunk = list(accumulate((log_arrival - r for r in rates), initial=logs[-1]))[1:]
        logs += chunk
        top = max(top, *chunk)
        if log_arrival < rates[-1] and logs[-1] < top - NEGLIGIBLE and stop < limit:
            complete = False
            break
        start = stop + 1
    weights = [math.exp(value - top) for value in logs]
    full = eng.rate(float(limit))
    tail = weights[-1] / (1.0 - arrival / full) if complete else 0.0  # π(c) + π(c + 1) + … = π(c)/(1 − ρ)
    below = weights[:limit] if complete else weights
    total = sum(below) + tail
    return Stationary(
        arrival=arrival,
        limit=limit,
        found=tuple(w / total for w in below),
        waiting=tail / total,
        tail_rate=full - arrival,
    )


def mean_wait(state: Stationary, scv: float = DETERMINISTIC_SCV) -> float:
    """The mean wait for a slot: P_wait/(X(c) − λ), exact for the chain (M/M/c), times (1 + C²)/2 for a
    service of squared coefficient of variation C² (Allen–Cunneen; exact for M/D/1's Pollaczek–Khinchine mean).
    Source: Allen, Probability, Statistics, and Queueing Theory (2nd ed., 1990), chapter 6."""
    return (1.0 + scv) / 2.0 * state.waiting / state.tail_rate


def wait_quantile(state: Stationary, share: float, scv: float = DETERMINISTIC_SCV) -> float:
    """The wait not exceeded by `share` of requests: none queue below 1 − P_wait; the wait of one who does is
    exponential with mean W/P_wait (exact for M/M/c, an approximation otherwise): W/P_wait · ln(P_wait/(1 − p))."""
    if state.waiting <= 1.0 - share:
        return 0.0
    return mean_wait(state, scv) / state.waiting * math.log(state.waiting / (1.0 - share))


def batch_quantile(state: Stationary, share: float) -> int:
    """The batch a request joins, min(n + 1, c), that `share` of requests do not exceed."""
    total = 0.0
    for n, chance in enumerate(state.found):
        total += chance
        if total >= share - 1e-12:
            return min(n + 1, state.limit)
    return state.limit


def in_flight(state: Stationary) -> float:
    """The mean batch in flight, Σ min(n, c)·π(n)."""
    return sum(n * chance for n, chance in enumerate(state.found)) + state.limit * state.waiting


def attained(
    state: Stationary,
    eng: Engine,
    ttft_s: float | None,
    tpot_s: float | None,
    scv: float = DETERMINISTIC_SCV,
) -> float:
    """The share of requests that meet both targets (None: no such target). One that finds n < c in flight starts
    at once and decodes in a batch of n + 1; one that finds all slots busy waits (exponentially, as
    `wait_quantile`) and decodes in the full batch. Its TPOT is the step of the batch it joins (that batch held)."""
    budget = math.inf if ttft_s is None else ttft_s - eng.prefill
    if budget < 0:
        return 0.0
    fast = eng.largest_within(tpot_s)  # the largest batch within the TPOT target
    share = sum(state.found[:fast])  # found n, joined n + 1 ≤ fast
    if state.waiting > 0 and fast >= state.limit:
        conditional = mean_wait(state, scv) / state.waiting
        share += state.waiting * (1.0 if math.isinf(budget) else -math.expm1(-budget / conditional))
    return share


def goodput(
    eng: Engine,
    ttft_s: float | None,
    tpot_s: float | None,
    attainment: float = DEFAULT_ATTAINMENT,
    scv: float = DETERMINISTIC_SCV,
) -> float:
    """The highest arrival rate at which `attainment` of requests meet both targets (Zhong et al. 2024, DistServe,
    OSDI '24, §1); 0 when even a lone request misses them. The share met falls as the rate rises: bisection."""
    lowest = eng.saturation * 1e-9
    if attained(stationary(eng, lowest), eng, ttft_s, tpot_s, scv) < attainment:
        return 0.0
    low, high = lowest, eng.saturation
    for _ in range(SEARCH_STEPS):
        middle = (low + high) / 2.0
        if attained(stationary(eng, middle), eng, ttft_s, tpot_s, scv) >= attainment:
            low = middle
        else:
            high = middle
    return low


@dataclass(frozen=True)
class LoadPoint:
    """One arrival rate's figures (seconds, requests/s; batches in requests)."""

    arrival: float
    utilization: float
    in_flight: float
    waiting: float
    mean_wait: float
    ttft_p50: float
    ttft_p99: float
    tpot_p50: float
    tpot_p99: float
    batch_p50: int
    batch_p99: int


def load_point(eng: Engine, arrival: float, scv: float = DETERMINISTIC_SCV) -> LoadPoint:
    """The figures at an arrival rate below saturation: TTFT = the wait + the prompt's pass; TPOT = the step of
    the batch a request joins."""
    state = stationary(eng, arrival)
    b50, b99 = batch_quantile(state, 0.5), batch_quantile(state, 0.99)
    return LoadPoint(
        arrival=arrival,
        utilization=arrival / eng.saturation,
        in_flight=in_flight(state),
        waiting=state.waiting,
        mean_wait=mean_wait(state, scv),
        ttft_p50=eng.prefill + wait_quantile(state, 0.5, scv),
        ttft_p99=eng.prefill + wait_quantile(state, 0.99, scv),
        tpot_p50=eng.tpot(float(b50)),
        tpot_p99=eng.tpot(float(b99)),
        batch_p50=b50,
        batch_p99=b99,
    )
