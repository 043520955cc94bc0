"""What the build leaves out of a page until the reader needs it (tools/postprocess.py): the body of a closed
disclosure and a code block's colours go into <template>s, with nothing lost (x4-later.js puts them back)."""

from __future__ import annotations

from tools.postprocess import (
    calculator_forms_deferred,
    closed_details_in_template,
    footnote_paragraphs_unwrapped,
    lazy_highlight,
    nav_titles_unwrapped,
)

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


def test_a_calculator_select_keeps_its_chosen_option_and_its_list_waits() -> None:
    """The chosen option (what the closed select shows and the form sends) stays, the whole list waits in a
    template inside the select; a select of one option and a select outside a calculator's form are left."""
    options = '<option value="a">A</option><option value="b" selected>B</option><option value="c">C</option>'
    form = f'<form class="x4-calc__form" novalidate><select id="x-m" name="m">{options}</select>'
    single = '<select name="s"><option value="x">X</option></select>'
    assert calculator_forms_deferred(f"{form}{single}</form>") == (
        '<form class="x4-calc__form" novalidate><select id="x-m" name="m"><option value="b" selected>B</option>'
        f'<template class="x4-options">{options}</template></select>{single}</form>'
    )
    unchosen = '<option value="a">A</option><option value="b">B</option>'
    assert calculator_forms_deferred(f'<form class="x4-calc__form"><select>{unchosen}</select></form>') == (
        f'<form class="x4-calc__form"><select><option value="a">A</option><template class="x4-options">{unchosen}'
        "</template></select></form>"
    )
    outside = f"<form><select>{options}</select></form>"
    assert calculator_forms_deferred(outside) == outside


def test_more_options_wait_in_a_template_of_their_own() -> None:
    """ "More options" is closed at load: its fields wait in a template that x4-later.js stamps as it opens, of a
    class of its own beside x4-later (a printed chapter has no form, so it is not a disclosure's printed text)."""
    fields = '<div class="x4-calc__fields"><div class="x4-field"><label for="a">A</label><input id="a"></div></div>'
    form = (
        f'<form class="x4-calc__form"><details class="x4-calc__more"><summary>More</summary>{fields}</details></form>'
    )
    assert calculator_forms_deferred(form) == form.replace(
        f"</summary>{fields}", f'</summary><template class="x4-later x4-more">{fields}</template>'
    )


def test_navigation_titles_lose_their_span_and_the_header_keeps_its() -> None:
    link = '<a href="../x/" class="md-nav__link"> <span class="md-ellipsis"> Roofline </span> </a>'
    label = '<label class="md-nav__link" for="__nav_2"> <span class="md-ellipsis"> Learn </span> <span class="md-icon"></span>'
    topic = '<div class="md-header__topic"><span class="md-ellipsis"> X4 </span></div>'
    assert nav_titles_unwrapped(link + label + topic) == (
        '<a href="../x/" class="md-nav__link">  Roofline  </a>'
        '<label class="md-nav__link" for="__nav_2">  Learn  <span class="md-icon"></span>' + topic
    )


def test_a_footnote_of_one_paragraph_is_its_items_words_and_one_of_two_keeps_them() -> None:
    back = '&#160;<a class="footnote-backref" href="#fnref:a" title="Back">&#8617;</a>'
    one = f'<li id="fn:a">\n<p>Smith (2020), <cite lang="en">Title</cite>, §3.{back}</p>\n</li>'
    two = '<li id="fn:b">\n<p>First.</p>\n<p>Second.</p>\n</li>'
    other = "<li>\n<p>Not a note.</p>\n</li>"
    assert footnote_paragraphs_unwrapped(one + two + other) == (
        f'<li id="fn:a">Smith (2020), <cite lang="en">Title</cite>, §3.{back}</li>' + two + other
    )
