# The drill page: its settings, the first problem of the build's round (its answer computed by calc at build
# time, so it reads and can be answered before the runtime arrives) and the round's data for the page script.
from __future__ import annotations

import json
from typing import Any

import calc
from tools.common import esc, page_lang

BUILD_SEED = 1  # the round a plain link opens; the page's "new round" draws another seed
DEFAULT_COUNT = 10


def section_href(section: str) -> str:
    """A problem's section ("roofline.md#ridge-point") as a link from the drill page ("../roofline/#ridge-point")."""
    page, _, anchor = section.partition("#")
    return f"../{page.removesuffix('.md')}/" + (f"#{anchor}" if anchor else "")


def _answer_html(problem: dict[str, Any], ui: dict[str, str]) -> str:
    if problem["choices"]:
        options = "".join(
            f'<label class="x4-drill__choice"><input type="radio" name="answer" value="{esc(c["id"])}"> '
            f"{esc(c['label'])}</label>"
            for c in problem["choices"]
        )
        return f'<fieldset class="x4-drill__choices"><legend>{esc(ui["answer"])}</legend>{options}</fieldset>'
    unit = f' <span class="x4-unit">({esc(problem["unit_text"])})</span>' if problem["unit_text"] else ""
    return (
        f'<label for="x4-drill-input">{esc(ui["answer"])}{unit}</label>'
        '<input id="x4-drill-input" name="answer" type="text" autocomplete="off" spellcheck="false" '
        'aria-describedby="x4-drill-error"><p class="x4-field__error" id="x4-drill-error" hidden></p>'
    )


def drill_html(lang: str) -> str:
    texts = calc.drill_texts(lang)
    ui: dict[str, str] = texts["ui"]  # type: ignore[assignment]
    built = calc.drill_round(BUILD_SEED, DEFAULT_COUNT, lang=lang)
    for problem in built["problems"]:
        problem["href"] = section_href(problem["section"])
    first = built["problems"][0]
    fluencies = "".join(
        f'<option value="{esc(f)}">{esc(name)}</option>'
        for f, name in texts["fluencies"].items()  # type: ignore[attr-defined]
    )
    progress = ui["progress"].replace("{n}", "1").replace("{total}", str(DEFAULT_COUNT))
    settings = (
        f'<details class="x4-drill__settings"><summary>{esc(ui["settings"])}</summary><form class="x4-drill__form">'
        f'<div class="x4-field"><label for="x4-drill-count">{esc(ui["count"])}</label>'
        f'<input id="x4-drill-count" name="count" type="number" min="1" max="100" value="{DEFAULT_COUNT}"></div>'
        f'<div class="x4-field"><label for="x4-drill-fluency">{esc(ui["fluency"])}</label>'
        f'<select id="x4-drill-fluency" name="fluency"><option value="">{esc(ui["all"])}</option>{fluencies}</select></div>'
        f'<div class="x4-field"><label for="x4-drill-seed">{esc(ui["seed"])}</label>'
        f'<input id="x4-drill-seed" name="seed" type="number" min="0" value="{BUILD_SEED}"></div>'
        f'<label class="x4-drill__timed"><input name="timed" type="checkbox" checked> '
        f"{esc(ui['timed'].replace('{seconds}', str(texts['seconds'])))}</label>"
        f'<div class="x4-drill__buttons"><button type="submit" class="md-button">{esc(ui["start"])}</button>'
        f'<button type="button" class="md-button x4-drill__new">{esc(ui["new"])}</button></div></form></details>'
    )
    problem = (
        '<section class="x4-drill__problem" aria-labelledby="x4-drill-question">'
        f'<p class="x4-drill__meta"><span class="x4-drill__progress">{esc(progress)}</span> · '
        f'<span class="x4-drill__fluency">{esc(first["fluency_name"])}</span>'
        f'<span class="x4-drill__timer" aria-hidden="true">{texts["seconds"]} s</span></p>'
        f'<p class="x4-drill__question" id="x4-drill-question">{esc(first["question"])}</p>'
        f'<form class="x4-drill__answer"><div class="x4-drill__control">{_answer_html(first, ui)}</div>'
        f'<button type="submit" class="md-button md-button--primary x4-drill__check">{esc(ui["check"])}</button></form>'
        '<div class="x4-drill__feedback" hidden></div>'
        f'<button type="button" class="md-button x4-drill__next" hidden>{esc(ui["next"])}</button>'
        "</section>"
    )
    summary = (
        f'<section class="x4-drill__summary" hidden aria-labelledby="x4-drill-summary"><h2 id="x4-drill-summary">'
        f'{esc(ui["summary"])}</h2><div class="x4-table-wrap"><table class="x4-drill__scores"><tbody></tbody></table></div>'
        f'<h3>{esc(ui["revisit"])}</h3><ol class="x4-drill__revisit"></ol>'
        f'<p class="x4-drill__actions"><button type="button" class="md-button x4-drill__copy-result">'
        f'{esc(ui["copy_result"])}</button> <button type="button" class="md-button x4-drill__copy-link">'
        f'{esc(ui["copy_link"])}</button> <span class="x4-drill__copied" role="status"></span></p></section>'
    )
    schedule = (
        f'<details class="x4-drill__schedule"><summary>{esc(ui["schedule"])}</summary>'
        '<div class="x4-table-wrap"><table class="x4-drill__boxes"><tbody></tbody></table></div>'
        f'<p><button type="button" class="md-button x4-drill__review">{esc(ui["review"])}</button> '
        f'<button type="button" class="md-button x4-drill__forget">{esc(ui["forget"])}</button> '
        '<span class="x4-drill__forgotten" role="status"></span></p></details>'
    )
    data = esc(json.dumps({"texts": texts, "round": built, "count": DEFAULT_COUNT}, ensure_ascii=False))
    return (
        f'<div class="x4-drill" data-lang="{lang}" data-drill="{data}">'
        f'<p class="x4-drill__status" role="status"></p>'
        '<p class="x4-drill__announce x4-visually-hidden" aria-live="polite"></p>'
        f"{problem}{summary}{settings}{schedule}</div>"
    )


def register(env: Any) -> None:
    """Register the drill's macros with mkdocs-macros."""

    @env.macro
    def drill() -> str:
        env.page.meta["x4_drill"] = True
        return drill_html(page_lang(env))

    @env.macro
    def drill_figure(name: str) -> str:
        """A figure of the drill's rules, as calc sets it: 'tolerance', 'zero' (factors) or 'seconds'."""
        return str(calc.drill_texts(page_lang(env))[name])
