# mkdocs-macros entry point (module_name: tools/macros). mkdocs-macros imports this package as `macros`, so its
# own modules are imported relatively; shared leaves live in tools.common and tools.messages.
from __future__ import annotations

from typing import Any

from mkdocs.utils import get_relative_url

from calc import CALCULATORS, format_number, load_data
from tools import changelog, compare_page, data_pages, validation_page
from tools.common import page_lang

from . import content, drill, outputs  # noqa: F401 (outputs registers its macros with content)
from .calculators import calculator_html, scratchpad_html, spec_table_html


def define_env(env: Any) -> None:
    """Register X4's macros with mkdocs-macros."""
    data = load_data()  # fail the build early, naming the file, if data/ is malformed

    @env.macro
    def spec_table(ids: list[str] | None = None) -> str:
        return spec_table_html(page_lang(env), ids)

    @env.macro
    def calculator(name: str) -> str:
        if name not in CALCULATORS:
            raise KeyError(f"unknown calculator {name!r}; known: {', '.join(CALCULATORS)}")
        env.page.meta["x4_calculators"] = True
        lang = page_lang(env)
        return calculator_html(name, lang, get_relative_url(data_pages.lang_prefix(lang) + "glossary/", env.page.url))

    @env.macro
    def scratchpad() -> str:
        env.page.meta["x4_calculators"] = True
        return scratchpad_html(page_lang(env))

    @env.macro
    def spec(accelerator: str, path: str, unit: str | None = None) -> str:
        """One spec value in the page's language, e.g. spec('h100-sxm', 'compute.bf16', 'TFLOP/s')."""
        value = data.accelerator(accelerator).values[path]
        if value.si is None:
            raise ValueError(f"{accelerator}: {path} is null ({value.reason})")
        if unit is None:
            return value.text or ""
        factor = {"TFLOP/s": 1e12, "TOPS": 1e12, "GB": 1e9, "TB/s": 1e12, "GB/s": 1e9, "W": 1.0}[unit]
        return f"{format_number(value.si / factor, page_lang(env), digits=4)} {unit}"

    @env.macro
    def edition() -> dict[str, Any]:
        return data.edition

    content.register(env)
    drill.register(env)
    data_pages.register(env)
    changelog.register(env)
    validation_page.register(env)
    compare_page.register(env)
