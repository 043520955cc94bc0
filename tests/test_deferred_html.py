"""What the build leaves out of a page until the reader needs it (tools/postprocess.py): the body of a closed
disclosure and a code block's colours go into <template>s, with nothing lost (x4-later.js puts them back)."""

from __future__ import annotations

from tools.postprocess import closed_details_in_template, lazy_highlight

ANSWER = (
    '<details class="success"><summary>Answer</summary><div class="highlight"><p>It is <b>42</b>.</p></div></details>'
)


def test_a_closed_answer_waits_in_a_template_after_its_summary() -> None:
    assert closed_details_in_template(f"<p>x</p>{ANSWER}<p>y</p>") == (
        '<p>x</p><details class="success"><summary>Answer</summary><template class="x4-later">'
        '<div class="highlight"><p>It is <b>42</b>.</p></div></template></details><p>y</p>'
    )


def test_open_disclosures_forms_and_nested_answers() -> None:
    """An open disclosure stays (a closed one inside it is deferred); "More options" and any disclosure with a
    control stay whole, their fields are the form's; a closed one inside a closed one goes with its parent."""
    opened = f'<details class="note" open><summary>Note</summary><p>a</p>{ANSWER}</details>'
    assert closed_details_in_template(opened) == opened.replace(
        "<summary>Answer</summary><div", '<summary>Answer</summary><template class="x4-later"><div'
    ).replace("</div></details></details>", "</div></template></details></details>")
    more = '<details class="x4-calc__more"><summary>More</summary><div><input name="a"></div></details>'
    control = '<details><summary>Pick</summary><select name="b"></select></details>'
    assert closed_details_in_template(more + control) == more + control
    nested = f"<details><summary>Outer</summary><p>o</p>{ANSWER}</details>"
    assert closed_details_in_template(nested) == (
        f'<details><summary>Outer</summary><template class="x4-later"><p>o</p>{ANSWER}</template></details>'
    )


def test_a_code_block_keeps_its_text_and_its_colours_wait() -> None:
    tokens = '<span class="kn">import</span> <span class="nn">calc</span><span class="w"> </span><span class="l l-Scalar">1</span>'
    block = f'<pre><span></span><code tabindex="0">{tokens}\n</code></pre>'
    assert lazy_highlight(block) == (
        f'<pre><span></span><code tabindex="0">import calc 1\n</code><template class="x4-hl">{tokens}\n</template></pre>'
    )
    # A highlighted line, plain text, and a block already inside a template are left as they are.
    marked = '<pre><span></span><code tabindex="0"><span class="hll"><span class="k">def</span></span></code></pre>'
    plain = '<pre><span></span><code tabindex="0">batch 1: 2 ms</code></pre>'
    inside = f'<template class="x4-later">{block}</template>'
    assert lazy_highlight(marked + plain + inside) == marked + plain + inside
