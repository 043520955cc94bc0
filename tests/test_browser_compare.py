"""The comparison page in a browser: the choice comes from ?chips=, the prerendered columns and roofs follow it,
ticking a chip updates the address, and the page keeps two to four chips."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

HEADS = "() => [...document.querySelectorAll('.x4-compare__table thead th[data-chip]')].map((th) => th.dataset.chip)"
ROOFS = """() => [...document.querySelectorAll('.x4-compare__roof[data-roof="peak"]')]
    .filter((r) => r.getAttribute('display') !== 'none').map((r) => r.dataset.chip)"""
WIDTHS = "() => [...document.querySelectorAll('.x4-compare__table tr[data-field]')].map((tr) => tr.cells.length)"


@pytest.mark.parametrize("prefix", ["", "es/"])
def test_the_address_chooses_the_chips(page: object, site_url: str, prefix: str) -> None:
    page.goto(f"{site_url}{prefix}compare/?chips=b200,gaudi3,nope")  # type: ignore[attr-defined]
    assert page.evaluate(HEADS) == ["b200", "gaudi3"]  # type: ignore[attr-defined]
    assert page.evaluate(ROOFS) == ["b200", "gaudi3"]  # type: ignore[attr-defined]
    assert set(page.evaluate(WIDTHS)) == {3}  # type: ignore[attr-defined]
    status = page.locator(".x4-compare__status").inner_text()  # type: ignore[attr-defined]
    assert "nope" in status
    page.locator('input[name="chip"][value="mi300x"]').check()  # type: ignore[attr-defined]
    assert page.evaluate(HEADS) == ["b200", "gaudi3", "mi300x"]  # type: ignore[attr-defined]
    assert page.url.endswith("?chips=b200,gaudi3,mi300x")  # type: ignore[attr-defined]
    page.locator('input[name="chip"][value="h100-sxm"]').check()  # type: ignore[attr-defined]
    assert page.locator('input[name="chip"][value="tpu-v5p"]').is_disabled()  # type: ignore[attr-defined]
    page.locator('input[name="chip"][value="b200"]').uncheck()  # type: ignore[attr-defined]
    page.locator('input[name="chip"][value="gaudi3"]').uncheck()  # type: ignore[attr-defined]
    page.locator('input[name="chip"][value="mi300x"]').click()  # type: ignore[attr-defined]
    assert page.evaluate(HEADS) == ["mi300x", "h100-sxm"]  # the last two stay  # type: ignore[attr-defined]
    assert page.x4_errors == []  # type: ignore[attr-defined]
    assert page.evaluate("window.__cspViolations") == []  # type: ignore[attr-defined]


def test_without_a_choice_the_default_shows(page: object, site_url: str) -> None:
    page.goto(f"{site_url}compare/")  # type: ignore[attr-defined]
    assert page.evaluate(HEADS) == ["h100-sxm", "mi300x", "tpu-v5p"]  # type: ignore[attr-defined]
    assert page.evaluate(ROOFS) == ["h100-sxm", "mi300x", "tpu-v5p"]  # type: ignore[attr-defined]
    assert page.locator(".x4-compare__choice").is_visible()  # type: ignore[attr-defined]
    assert page.evaluate("document.querySelectorAll('body *').length") < 2500  # type: ignore[attr-defined]
