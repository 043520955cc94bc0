"""The drill page in the browser: a seeded round answered with the CLI's answers gets full marks and one answered ten
times off gets none, the schedule brings the missed kinds back next round, and the first problem is on the built
page before any script runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import calc

pytestmark = pytest.mark.browser

READY_MS = 90_000
COUNT = 5


def _answer(page: object, problem: dict[str, object], factor: float) -> None:
    if problem["choices"]:
        ids = [c["id"] for c in problem["choices"]]
        chosen = problem["answer"] if factor == 1 else next(c for c in ids if c != problem["answer"])
        page.check(f'.x4-drill__control input[value="{chosen}"]')
    else:
        page.fill("#x4-drill-input", repr(float(problem["answer_in_unit"]) * factor))
    page.click(".x4-drill__check")
    page.wait_for_selector(".x4-drill__feedback:not([hidden])", timeout=READY_MS)


def _play(page: object, site_url: str, seed: int, factor: float) -> dict[str, object]:
    page.goto(f"{site_url}drill/?seed={seed}&count={COUNT}&timed=0")
    page.wait_for_selector(f'.x4-drill[data-x4-round="{seed}"]', timeout=READY_MS)
    problems = calc.drill_round(seed, COUNT, lang="en")["problems"]
    for index, problem in enumerate(problems):
        page.wait_for_selector(f'.x4-drill[data-x4-problem="{index}"]')
        assert page.text_content(".x4-drill__question") == problem["question"]
        _answer(page, problem, factor)
        assert problem["answer_text"] in page.text_content(".x4-drill__exact")
        page.keyboard.press("Enter")  # on the "Next" button, which has the focus
    page.wait_for_selector(".x4-drill__summary:not([hidden])")
    stored = page.evaluate("localStorage.getItem('x4-drill')")
    return {
        "total": page.get_attribute(".x4-drill", "data-x4-total"),
        "schedule": json.loads(stored),
        "problems": problems,
    }


def test_the_clis_answers_score_full_marks_and_are_not_due(page: object, site_url: str) -> None:
    played = _play(page, site_url, 42, 1.0)
    assert played["total"] == str(COUNT)
    schedule = played["schedule"]
    for problem in played["problems"]:
        entry = schedule["kinds"][problem["kind"]]
        assert entry["box"] >= 2 and entry["due"] > schedule["rounds"]
    assert not page.x4_errors


def test_ten_times_off_scores_nothing_and_the_missed_kinds_come_back(page: object, site_url: str) -> None:
    played = _play(page, site_url, 7, 10.0)
    assert played["total"] == "0"
    schedule = played["schedule"]
    for problem in played["problems"]:
        entry = schedule["kinds"][problem["kind"]]
        assert entry["box"] == 1 and entry["due"] <= schedule["rounds"]
    assert page.is_enabled(".x4-drill__review")
    page.click(".x4-drill__schedule > summary")
    page.click(".x4-drill__forget")
    assert page.evaluate("localStorage.getItem('x4-drill')") is None


def test_junk_gets_the_localized_message_and_the_problem_stays(page: object, site_url: str) -> None:
    page.goto(f"{site_url}es/drill/?seed=3&count=10&timed=0&fluency=cost")
    page.wait_for_selector('.x4-drill[data-x4-round="3"]', timeout=READY_MS)
    page.fill("#x4-drill-input", "diez")
    page.click(".x4-drill__check")
    page.wait_for_selector("#x4-drill-error:not([hidden])", timeout=READY_MS)
    assert "Tu respuesta" in page.text_content("#x4-drill-error")
    assert page.is_hidden(".x4-drill__feedback")


def test_the_first_problem_is_in_the_built_page(built_site: Path) -> None:
    for lang, prefix in (("en", ""), ("es", "es/")):
        html = (built_site / prefix / "drill" / "index.html").read_text(encoding="utf-8")
        first = calc.drill_round(1, 10, lang=lang)["problems"][0]
        assert f'id="x4-drill-question">{first["question"]}<' in html.replace("&#x27;", "'")


def test_a_timed_problem_is_scored_when_its_time_is_up(page: object, site_url: str) -> None:
    page.clock.install()
    page.goto(f"{site_url}drill/?seed=11&count=2&timed=1")
    page.wait_for_selector('.x4-drill[data-x4-round="11"]', timeout=READY_MS)
    seconds = calc.drill_texts("en")["seconds"]
    assert page.text_content(".x4-drill__timer") == f"{seconds} s"
    page.focus(".x4-drill__control input")  # the opening problem's clock starts when the reader turns to it
    page.clock.run_for(seconds * 1000 + 1000)
    page.wait_for_selector(".x4-drill__feedback:not([hidden])", timeout=READY_MS)
    assert page.text_content(".x4-drill__score") == "Score: 0"
    assert page.text_content(".x4-drill__announce").startswith("Time is up. Score: 0.")
    assert calc.drill_set(11, 2)[0].answer_text("en") in page.text_content(".x4-drill__exact")


def test_the_opening_problem_is_answered_before_the_runtime_is_ready(page: object, site_url: str) -> None:
    held: list[object] = []
    released = []

    def hold(route: object) -> None:  # the runtime waits for its snapshot until the answer is in
        if released:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/pyodide-snapshot.bin.gz", hold)
    page.goto(f"{site_url}drill/?timed=0")
    first = calc.drill_round(1, 10, lang="en")["problems"][0]
    assert page.text_content(".x4-drill__question") == first["question"]
    if first["choices"]:
        page.check(f'.x4-drill__control input[value="{first["answer"]}"]')
    else:
        page.fill("#x4-drill-input", repr(first["answer_in_unit"]))
    page.click(".x4-drill__check")
    assert page.text_content(".x4-drill__status") == "Scoring as soon as the runtime is ready…"
    assert page.evaluate("document.documentElement.dataset.x4Runtime") is None
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(".x4-drill__feedback:not([hidden])", timeout=READY_MS)
    assert page.text_content(".x4-drill__score") == "Score: 1"
