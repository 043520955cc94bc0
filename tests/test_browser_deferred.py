"""What the build defers into <template>s comes back when the reader needs it (overrides/assets/x4/x4-later.js):
a worked answer when opened, a code block's colours as it nears the viewport, everything before printing, and
the answer holding an anchor the address names."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

COUNT = "document.getElementsByTagName('*').length"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_answer_is_in_the_page_once_opened(page: object, site_url: str, lang: str) -> None:
    page.goto(site_url + ("es/" if lang == "es" else "") + "serving/")
    answer = "details.success"
    assert page.eval_on_selector(answer, "d => d.querySelector(':scope > template.x4-later') !== null")
    assert page.eval_on_selector(answer, "d => d.querySelector('pre') === null")
    page.click(f"{answer} > summary")
    page.wait_for_function(f"() => document.querySelector('{answer} pre') !== null")
    assert page.eval_on_selector(answer, "d => d.querySelector('template.x4-later') === null")
    assert page.eval_on_selector(answer, "d => d.querySelector('pre code').textContent.includes('calc')")
    assert page.x4_errors == []


def test_code_colours_arrive_near_the_viewport_and_text_is_there_from_the_start(page: object, site_url: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 800})
    page.goto(site_url + "maintaining/")
    page.evaluate(
        "window.x4Block = [...document.querySelectorAll('.md-content pre:has(> template.x4-hl) > code')].at(-1)"
    )
    text = page.evaluate("x4Block.textContent")
    assert text.strip()
    assert page.evaluate("x4Block.querySelector('span') === null")  # far below: not coloured yet
    page.evaluate("x4Block.scrollIntoView()")
    page.wait_for_function("() => x4Block.querySelector('span') !== null")
    assert page.evaluate("x4Block.textContent") == text


def test_printing_stamps_every_template(page: object, site_url: str) -> None:
    page.goto(site_url + "parallelism/")
    before = page.evaluate(COUNT)
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    left = page.evaluate("document.querySelectorAll('details > template.x4-later, pre > template.x4-hl').length")
    assert left == 0
    assert page.evaluate(COUNT) > before
    assert page.evaluate("document.querySelectorAll('.x4-calc__derivation li .x4-step__formula math').length") > 0
