"""What the build defers into <template>s comes back when the reader needs it (overrides/assets/x4/x4-later.js):
a worked answer when opened, a code block's colours as it nears the viewport, everything before printing, the
answer holding an anchor the address names, a calculator select's list as the select is reached, and a
calculator's "More options" as it opens (its defaults are sent until then), and a chart's wide drawing once its
figure is wide enough."""

from __future__ import annotations

import json

import pytest

from calc import CALCULATORS

pytestmark = pytest.mark.browser

COUNT = "document.getElementsByTagName('*').length"
LIVE_MS = 60_000
ROOFLINE = '.x4-calc[data-calculator="roofline"]'
TRAINING = '.x4-calc[data-calculator="training"]'
EXPORTED = "w => JSON.stringify(document.querySelector(w).x4Export?.inputs ?? null)"


def _answered(page: object, widget: str, before: int) -> None:
    page.wait_for_function(
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n", arg=[widget, before], timeout=LIVE_MS
    )


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


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_select_list_comes_in_as_the_keyboard_reaches_it(page: object, site_url: str, lang: str) -> None:
    """At load a calculator's chip list is its chosen chip; reached by the keyboard (from its label), it holds
    the whole list, and the arrow key picks the next chip, which the answer is for."""
    page.goto(site_url + ("es/" if lang == "es" else "") + "roofline/")
    select = f"{ROOFLINE} select[name=accelerator]"
    assert page.eval_on_selector(select, "s => [s.options.length, s.value]") == [1, "h100-sxm"]
    listed = page.eval_on_selector(select, "s => s.querySelector('template.x4-options').content.children.length")
    assert listed > 10
    page.wait_for_function("() => document.documentElement.dataset.x4Runtime === 'ready'", timeout=LIVE_MS)
    page.click(f"{ROOFLINE} label[for=roofline-accelerator]")
    assert page.eval_on_selector(select, "s => [s.options.length, s.value, document.activeElement === s]") == [
        listed,
        "h100-sxm",
        True,
    ]
    following = page.eval_on_selector(select, "s => s.options[s.selectedIndex + 1].value")
    before = page.evaluate(f"document.querySelector('{ROOFLINE}').x4Done || 0")
    page.keyboard.press("ArrowDown")
    _answered(page, ROOFLINE, before)
    assert page.eval_on_selector(select, "s => s.value") == following
    assert json.loads(page.evaluate(EXPORTED, ROOFLINE))["accelerator"] == following
    assert page.x4_errors == []


def test_more_options_send_their_defaults_until_opened_and_a_link_opens_them(page: object, site_url: str) -> None:
    """Unopened, "More options" is a template whose fields the form still sends at their defaults; opened, its
    fields are in the page and answer edits; a shared link that sets one of them opens it, set."""
    page.goto(site_url + "training-cost/")
    more = f"{TRAINING} .x4-calc__more"
    assert page.eval_on_selector(more, "d => d.querySelector(':scope > template.x4-more') !== null")
    assert page.query_selector(f"{TRAINING} [name=batch_tokens]") is None
    page.wait_for_function("() => document.documentElement.dataset.x4Runtime === 'ready'", timeout=LIVE_MS)
    before = page.evaluate(f"document.querySelector('{TRAINING}').x4Done || 0")
    page.fill(f"{TRAINING} [name=count]", "2048")
    _answered(page, TRAINING, before)
    defaults = CALCULATORS["training"].defaults()
    sent = json.loads(page.evaluate(EXPORTED, TRAINING))
    assert sent["batch_tokens"] == defaults["batch_tokens"] and sent["dtype"] == defaults["dtype"]
    page.click(f"{more} > summary")
    before = page.evaluate(f"document.querySelector('{TRAINING}').x4Done || 0")
    page.fill(f"{TRAINING} [name=batch_tokens]", "8388608")
    _answered(page, TRAINING, before)
    assert json.loads(page.evaluate(EXPORTED, TRAINING))["batch_tokens"] == "8388608"
    page.goto(site_url + "training-cost/?training.batch_tokens=2097152&training.dtype=fp8")
    page.wait_for_selector(f'{TRAINING}[data-x4-state="live"]', timeout=LIVE_MS)
    assert page.eval_on_selector(more, "d => d.open")
    assert page.input_value(f"{TRAINING} [name=batch_tokens]") == "2097152"
    sent = json.loads(page.evaluate(EXPORTED, TRAINING))
    assert [sent["batch_tokens"], sent["dtype"]] == ["2097152", "fp8"]
    assert page.x4_errors == []


def test_a_custom_models_fields_come_in_when_custom_is_chosen(page: object, site_url: str) -> None:
    """The planner's custom-model fields do not apply at the defaults: built hidden in a template, not sent; chosen
    "custom", they are in the page, shown, and their values sent."""
    page.goto(site_url + "parallelism/")
    widget = '.x4-calc[data-calculator="parallelism"]'
    assert page.query_selector(f"{widget} [name=layers]") is None
    assert page.eval_on_selector(widget, "w => w.querySelector('template.x4-fields') !== null")
    page.wait_for_function("() => document.documentElement.dataset.x4Runtime === 'ready'", timeout=LIVE_MS)
    select = f"{widget} select[name=model]"
    page.focus(select)
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")
    page.select_option(select, "custom")
    _answered(page, widget, before)
    assert page.is_visible(f"{widget} [name=layers]")
    assert "layers" in json.loads(page.evaluate(EXPORTED, widget))
    assert page.x4_errors == []


SHOWN = "() => [...document.querySelectorAll('.x4-figure--responsive svg')].filter((s) => s.checkVisibility()).map((s) => s.classList[1])"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_wide_chart_comes_in_where_the_page_is_wide_and_before_printing(
    page: object, site_url: str, lang: str
) -> None:
    """The validation chart: on a phone the page holds and shows the narrow drawing only; widened to a desktop's,
    the wide one is stamped out and shown in its place, and narrowed again the narrow one is back; a phone about to
    print gets the wide one too (the print width picks)."""
    url = site_url + ("es/" if lang == "es" else "") + "validation/"
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(url)
    page.wait_for_load_state("load")
    assert page.evaluate("document.querySelectorAll('.x4-chart--wide').length") == 0
    assert page.evaluate(SHOWN) == ["x4-chart--narrow"]
    page.set_viewport_size({"width": 1200, "height": 800})
    page.wait_for_function("() => document.querySelector('.x4-chart--wide') !== null")
    assert page.evaluate(SHOWN) == ["x4-chart--wide"]
    page.set_viewport_size({"width": 390, "height": 800})
    page.wait_for_function(SHOWN.replace("() => ", "() => String(") + ") === 'x4-chart--narrow'")
    page.goto(url)
    page.wait_for_load_state("load")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate("document.querySelectorAll('.x4-figure--responsive template').length") == 0
    assert page.evaluate(SHOWN) == ["x4-chart--narrow"]  # still a phone's width on screen
    assert page.x4_errors == []
