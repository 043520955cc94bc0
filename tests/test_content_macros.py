"""The chapters' data macros: figures come out of data/ in the page's language, and a missing one stops the build."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

import calc
from tools.macros import content


class Env:
    """The part of mkdocs-macros' env the macros use: the `macro` decorator and the page's locale."""

    def __init__(self, lang: str) -> None:
        self.macros: dict[str, Callable[..., str]] = {}
        self.conf = {"theme": {"language": "en"}}
        self.page = SimpleNamespace(file=SimpleNamespace(locale=lang))

    def macro(self, function: Callable[..., Any]) -> Callable[..., Any]:
        self.macros[function.__name__] = function
        return function


def _internal(lang: str) -> Callable[..., str]:
    env = Env(lang)
    content.register(env)
    return env.macros["internal"]


def test_internal_gives_the_chip_figures_in_each_language() -> None:
    """H100 SXM from data/: 132 SMs of 4 Tensor Cores, 228 KB of shared memory, a 1.83 GHz clock (1,83 in Spanish)."""
    english, spanish = _internal("en"), _internal("es")
    assert english("h100-sxm", "units") == "132"
    assert english("h100-sxm", "matrix_units_per_unit") == "4"
    assert english("h100-sxm", "shared_memory_per_unit") == "228 KB"
    assert english("mi300x", "register_file_per_unit") == "512 KiB"
    assert english("h100-sxm", "boost_clock_mhz", "GHz") == "1.83 GHz"
    assert spanish("h100-sxm", "boost_clock_mhz", "GHz") == "1,83 GHz"
    assert spanish("h100-sxm", "boost_clock_mhz") == "1830"


def test_internal_refuses_what_data_does_not_state() -> None:
    """A null field, an unknown field and a unit on a count raise, so a page cannot print an empty figure."""
    internal = _internal("en")
    with pytest.raises(ValueError, match="null"):
        internal("b100", "units")
    with pytest.raises(KeyError, match="no internals field"):
        internal("h100-sxm", "sm_count")
    with pytest.raises(ValueError, match="unit"):
        internal("h100-sxm", "units", "GHz")


def test_internals_table_has_a_row_per_chip_and_explains_its_dashes() -> None:
    """One row per chip with the data/ figures; B200's unpublished SM count is a dash whose tooltip is data/'s
    reason in the page's language; a head of the wrong width is refused."""
    head = ["Chip", "Units", "Matrix units", "Clock", "Shared memory", "Registers", "L2"]
    for lang, reason in (("en", "NVIDIA publishes no SM count"), ("es", "NVIDIA no publica el número de SM")):
        env = Env(lang)
        content.register(env)
        html = env.macros["internals_table"](["h100-sxm", "b200"], head)
        assert html.count("<tr data-accelerator=") == 2
        assert '<td class="x4-num">132</td>' in html and '<td class="x4-num">50 MB</td>' in html
        assert f'class="x4-null" title="{reason}' in html
    with pytest.raises(ValueError, match="column titles"):
        env.macros["internals_table"](["h100-sxm"], head[:3])


def _macro(name: str, lang: str) -> Callable[..., str]:
    env = Env(lang)
    content.register(env)
    return env.macros[name]


def test_priced_chips_is_the_split_the_chooser_ranks_by_cost() -> None:
    """The chooser page's counts are the chooser's own: serving a 7B model ranks every chip, and the rows with a
    price are the 'count', the rows without one the 'unpriced' names, in both languages."""
    rows = calc.chooser(workload="serve-7b").to_dict()["ranking"]
    assert all(row["rank"] is not None for row in rows), "the serve workload must rank every chip for this check"
    unpriced = [row["id"] for row in rows if row["price_usd_per_hour"] is None]
    assert unpriced, "every chip has a price: the unpriced sentence is not exercised"
    data = calc.load_data()
    for lang in ("en", "es"):
        count = _macro("priced_chips", lang)
        assert count() == calc.format_number(len(rows) - len(unpriced), lang)
        assert count("unpriced_count") == calc.format_number(len(unpriced), lang)
        assert count("total") == calc.format_number(len(rows), lang)
        names = count("unpriced")
        for chip_id in unpriced:
            assert data.accelerator(chip_id).display_name(lang) in names
        priced_id = next(row["id"] for row in rows if row["price_usd_per_hour"] is not None)
        assert data.accelerator(priced_id).display_name(lang) not in names
    assert " y " in _macro("priced_chips", "es")("unpriced") and " and " in _macro("priced_chips", "en")("unpriced")
