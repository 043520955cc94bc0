"""Serving under load: the queue against the closed forms it reduces to (M/M/1, M/D/1's Pollaczek–Khinchine mean,
M/M/c's Erlang C), Little's law and flow balance on a real case, the saturation rate against the offline
throughput, goodput at two targets (Zhong et al. 2024, DistServe), the knee, the CLI contract and bad input."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

import pytest

import calc
from calc import CalcError, load_point
from calc import LoadEngine as Engine
from calc import load_attained as attained
from calc import load_batch_quantile as batch_quantile
from calc import load_goodput as goodput
from calc import load_grid as grid
from calc import load_in_flight as in_flight
from calc import load_mean_wait as mean_wait
from calc import load_stationary as stationary
from calc import load_wait_quantile as wait_quantile
from calc._tooling.cli import main

LOAD_KEYS = {
    "saturation_requests_per_second",
    "arrival_requests_per_second",
    "load_utilization",
    "load_batch",
    "wait_probability",
    "mean_wait_seconds",
    "ttft_p50_seconds",
    "ttft_p99_seconds",
    "tpot_p50_seconds",
    "tpot_p99_seconds",
    "slo_ttft_seconds",
    "slo_attainment",
    "slo_met_share",
    "goodput_requests_per_second",
}


def _servers(count: int, mu: float, tpot: float = 0.01) -> Engine:
    """c servers of rate μ each: the completion rate is nμ with n ≤ c busy (the slot time 1/μ at every batch)."""
    batches = tuple(float(n) for n in range(1, count + 1))
    return Engine(count, batches, tuple(n * mu for n in batches), (tpot,) * count, prefill=0.0)


def _erlang_c(count: int, offered: float) -> float:
    """Erlang's C formula: the chance an arrival waits in M/M/c at offered load a = λ/μ."""
    top = offered**count / math.factorial(count) * count / (count - offered)
    return top / (sum(offered**k / math.factorial(k) for k in range(count)) + top)


# -- The queue against closed forms ---------------------------------------------------------------------------


@pytest.mark.parametrize("rho", [0.1, 0.5, 0.9, 0.99])
def test_one_server_is_mm1_and_md1(rho: float) -> None:
    """One slot of rate μ: P_wait = ρ; with exponential service (C² = 1) the mean wait is ρ/(μ − λ) and
    P(W > t) = ρ·e^{−(μ−λ)t} (M/M/1); with fixed service (C² = 0) the mean is Pollaczek–Khinchine's
    ρ/(2μ(1 − ρ)) (M/D/1). Kleinrock (1975), Vol. 1, §3.2 and chapter 5."""
    mu = 2.0
    state = stationary(_servers(1, mu), rho * mu)
    assert state.waiting == pytest.approx(rho)
    assert mean_wait(state, 1.0) == pytest.approx(rho / (mu - rho * mu))
    assert mean_wait(state, 0.0) == pytest.approx(rho / (2 * mu * (1 - rho)))
    if rho > 0.01:
        assert wait_quantile(state, 0.99, 1.0) == pytest.approx(math.log(rho / 0.01) / (mu - rho * mu))
    assert wait_quantile(state, 0.5, 1.0) == (
        0.0 if rho <= 0.5 else pytest.approx(math.log(2 * rho) / (mu * (1 - rho)))
    )


@pytest.mark.parametrize(("count", "offered"), [(2, 1.0), (3, 2.0), (8, 6.5), (32, 30.0)])
def test_c_servers_are_erlang_c(count: int, offered: float) -> None:
    """c slots of rate μ each: P_wait is Erlang C, the mean wait C/(cμ − λ) and the mean busy a = λ/μ."""
    mu = 0.5
    state = stationary(_servers(count, mu), offered * mu)
    assert state.waiting == pytest.approx(_erlang_c(count, offered))
    assert mean_wait(state, 1.0) == pytest.approx(_erlang_c(count, offered) / (count * mu - offered * mu))
    assert in_flight(state) == pytest.approx(offered)  # Little's law on the servers: busy = λ × 1/μ
    assert _erlang_c(2, 1.0) == pytest.approx(1 / 3)  # the formula itself: M/M/2 at a = 1


def test_the_grid_holds_every_small_batch_and_the_limit() -> None:
    assert grid(5) == [1, 2, 3, 4, 5]
    sizes = grid(4404)
    assert sizes[:24] == list(range(1, 25)) and sizes[-1] == 4404 and len(sizes) <= 48
    assert sizes == sorted(set(sizes))


# -- A real case: Llama 3 8B on one H100 ------------------------------------------------------------------------


def _case() -> tuple[Engine, dict]:
    """The queue of the serving calculator's defaults, built from its public figures at each batch of the grid."""
    q = calc.compute("serving", {"arrival_rate": "1"}, "en").to_dict()
    sizes = grid(q["max_batch"])
    points = [calc.compute("serving", {"batch": str(b)}, "en").quantities for b in sizes]
    eng = Engine(
        q["max_batch"],
        tuple(float(b) for b in sizes),
        tuple(float(p["requests_per_second"]) for p in points),  # type: ignore[arg-type]
        tuple(float(p["tpot_seconds"]) for p in points),  # type: ignore[arg-type]
        prefill=float(q["ttft_seconds"]),
    )
    return eng, q


def test_saturation_is_the_offline_throughput_of_a_full_batch() -> None:
    """The queue runs away at the requests/s of the largest batch memory holds: the offline figure."""
    eng, q = _case()
    full = calc.compute("serving", {"batch": str(q["max_batch"])}, "en").to_dict()
    assert q["tpot_p99_seconds"] == pytest.approx(load_point(eng, 1.0).tpot_p99)  # the same queue as the calculator's
    assert q["saturation_requests_per_second"] == pytest.approx(full["requests_per_second"])
    assert eng.saturation == pytest.approx(full["requests_per_second"])
    assert calc.compute("serving", {}, "en").quantities["saturation_requests_per_second"] == pytest.approx(
        full["requests_per_second"]
    )


@pytest.mark.parametrize("share", [0.2, 0.6, 0.95, 0.99, 0.999])
def test_flow_balance(share: float) -> None:
    """In steady state requests leave as fast as they arrive, Σ π(n)·X(min(n, c)) = λ (Little's law's premise), and
    the chances add up to one."""
    eng, _ = _case()
    arrival = share * eng.saturation
    state = stationary(eng, arrival)
    out = sum(p * eng.rate(float(n)) for n, p in enumerate(state.found) if n) + state.waiting * eng.saturation
    assert out == pytest.approx(arrival, rel=1e-9)
    assert sum(state.found) + state.waiting == pytest.approx(1.0)


def test_the_knee_latency_runs_away_near_saturation() -> None:
    """Far below saturation no request waits and TTFT is the prompt's pass; the batch and TPOT grow with the rate;
    near saturation the p99 wait takes seconds."""
    eng, q = _case()
    points = [load_point(eng, f * eng.saturation) for f in (0.1, 0.5, 0.9, 0.99, 0.999)]
    assert points[0].ttft_p99 == pytest.approx(q["ttft_seconds"]) and points[0].waiting < 1e-12
    assert all(a.tpot_p99 <= b.tpot_p99 for a, b in itertools.pairwise(points))
    assert all(a.in_flight < b.in_flight for a, b in itertools.pairwise(points))
    assert points[-1].ttft_p99 > 10.0 > points[1].ttft_p99
    assert points[-1].batch_p99 == eng.limit


def test_goodput_is_the_highest_rate_meeting_both_targets() -> None:
    """At goodput the share meeting both targets is the attainment; just above it falls short. A tighter target
    lowers it; a TTFT target below the prompt's pass, or a TPOT target below one request's, gives none."""
    eng, q = _case()
    rate = goodput(eng, 0.5, 0.02, 0.9)
    assert 0 < rate < eng.saturation
    assert attained(stationary(eng, rate), eng, 0.5, 0.02) >= 0.9
    assert attained(stationary(eng, rate * 1.001), eng, 0.5, 0.02) < 0.9
    assert goodput(eng, 0.5, 0.01, 0.9) < rate
    assert goodput(eng, 0.5, 0.02, 0.99) < rate
    assert goodput(eng, 0.5 * q["ttft_seconds"], None, 0.9) == 0.0
    assert goodput(eng, None, 0.5 * q["tpot_seconds"] / 1e3, 0.9) == 0.0
    assert batch_quantile(stationary(eng, rate), 0.9) <= eng.largest_within(0.02)


def test_the_calculator_reports_the_load() -> None:
    q = calc.compute("serving", {"arrival_rate": "24", "slo_ttft_ms": "500", "slo_tpot_ms": "20"}, "en").to_dict()
    assert LOAD_KEYS <= set(q)
    assert q["arrival_requests_per_second"] == 24 and q["slo_ttft_seconds"] == pytest.approx(0.5)
    assert q["load_utilization"] == pytest.approx(24 / q["saturation_requests_per_second"])
    assert q["ttft_p50_seconds"] <= q["ttft_p99_seconds"] and q["tpot_p50_seconds"] <= q["tpot_p99_seconds"]
    assert q["goodput_requests_per_second"] <= q["saturation_requests_per_second"]
    assert 0.9 <= q["slo_met_share"] <= 1.0  # 24/s is below the goodput
    plain = calc.compute("serving", {}, "en").to_dict()
    assert all(plain[key] is None for key in LOAD_KEYS - {"saturation_requests_per_second", "slo_attainment"})


@pytest.mark.parametrize("arrival", ["5", "24", "25.6", "25.72"])
def test_the_load_lines_evaluate_to_what_they_show(arrival: str) -> None:
    """Each derivation line of the load, the p99 TTFT's logarithm included, evaluates to its result as printed."""
    from test_derivations import check_step

    result = calc.compute("serving", {"arrival_rate": arrival, "slo_ttft_ms": "2000", "slo_tpot_ms": "30"}, "en")
    keys = [s.key for s in result.steps]
    assert {"saturation_requests_per_second", "ttft_p99_seconds", "goodput_requests_per_second"} <= set(keys)
    assert ("mean_wait_seconds" in keys) == (float(arrival) > 20)
    assert [p for s in result.steps for lang in ("en", "es") for p in check_step(s, lang)] == []


def test_above_saturation_the_queue_grows_without_bound() -> None:
    outcome = calc.run("serving", {"arrival_rate": "1000"}, "es")
    assert outcome["ok"] and outcome["quantities"]["ttft_p99_seconds"] is None
    assert outcome["notes"][0].startswith("A 1000 solicitudes/s la cola crece sin límite")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("arrival_rate", "0", "Tasa de llegada"), ("slo_ttft_ms", "-5", "primer token"), ("slo_attainment", "1", "0,999")],
)
def test_bad_load_input_names_the_field_and_its_range(field: str, value: str, words: str) -> None:
    outcome = calc.run("serving", {field: value}, "es")
    assert not outcome["ok"] and outcome["field"] == field and words in outcome["message"]
    with pytest.raises(CalcError):
        calc.compute("serving", {field: value}, "en")


def test_cli_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """--arrival-rate (requests/s), --slo-ttft-ms (or --ttft-slo-ms), --slo-tpot-ms and --slo-attainment, and the
    JSON keys of the load."""
    argv = ["serving", "--arrival-rate", "20", "--ttft-slo-ms", "500", "--slo-tpot-ms", "20", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert LOAD_KEYS <= set(out) and out["goodput_requests_per_second"] > 20
    assert main([*argv[:-1], "--slo-attainment", "0.99", "--json"]) == 0
    stricter = json.loads(capsys.readouterr().out)
    assert stricter["goodput_requests_per_second"] < out["goodput_requests_per_second"]
    assert main(["serving", "--arrival-rate", "-1"]) == 2
    assert "--arrival-rate" in capsys.readouterr().err


def test_the_load_chart_draws_four_latencies_and_the_knee() -> None:
    """The chart parses, draws TTFT and TPOT at p50 and p99, marks the saturation rate and the goodput, leaves out
    latencies past 100 s, and speaks the page's language; a rate past saturation is refused."""
    eng, _ = _case()
    points = [load_point(eng, share * eng.saturation) for share in (0.1, 0.5, 0.9, 0.9995)]
    curve = [
        calc.LoadCurvePoint(p.arrival, p.ttft_p50, p.ttft_p99, p.tpot_p50, p.tpot_p99)  # type: ignore[arg-type]
        for p in points
    ]
    assert points[-1].ttft_p99 > 100  # off the chart
    svg = calc.load_curve_svg(curve, saturation=eng.saturation, goodput=0.8 * eng.saturation, lang="es")
    root = ET.fromstring(svg)
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == 4
    assert [len(line.get("points", "").split()) for line in lines] == [4, 3, 4, 4]
    assert "Tasa de llegada (solicitudes/s)" in svg and "saturación" in svg and "goodput" in svg
    with pytest.raises(CalcError):
        calc.load_curve_svg([calc.LoadCurvePoint(2 * eng.saturation, 1, 1, 1, 1)], saturation=eng.saturation)
