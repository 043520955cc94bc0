"""The data pages: landscape and interconnect tables, and the generated page of every accelerator."""

from __future__ import annotations

import dataclasses
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import calc
from tools.chip_pages import chip_page_markdown
from tools.data_pages import (
    FORMATS,
    in_current_edition,
    interconnect_table_html,
    landscape_table_html,
)

REPO_URL = "https://github.com/x4-hardware-fluency/x4"


class Cells(HTMLParser):
    """Collects, per row keyed by data-accelerator, data-link, data-field or data-format, each cell's attributes, text and
    inner tags; the prose row under a field's row (data-detail) is keyed "detail:" and the field."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[dict[str, object]]] = {}
        self.links: dict[str, list[str]] = {}
        self._row: str | None = None
        self._cell: dict[str, object] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        key = next(
            (found[k] for k in ("data-accelerator", "data-link", "data-field", "data-format") if found.get(k)), None
        ) or (f"detail:{found['data-detail']}" if found.get("data-detail") else None)
        if tag == "tr" and key:
            self._row = key
            self.rows[self._row] = []
            self.links[self._row] = []
        elif tag in ("td", "th") and self._row:
            self._cell = {"attrs": found, "text": "", "tags": []}
            self.rows[self._row].append(self._cell)
        elif self._cell is not None:
            self._cell["tags"].append((tag, found))  # type: ignore[union-attr]
            if tag == "a" and self._row:
                self.links[self._row].append(found.get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._cell = None
        elif tag == "tr":
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell["text"] = str(self._cell["text"]) + data


def parse(html_text: str) -> Cells:
    parser = Cells()
    parser.feed(html_text)
    return parser


def field_cell(cells: Cells, chip: str, path: str) -> dict[str, object]:
    return next(c for c in cells.rows[chip] if c["attrs"].get("data-field") == path)  # type: ignore[union-attr]


def test_table_has_a_row_per_accelerator_and_sparse_marks_where_headline_is_sparse() -> None:
    """One row per accelerator of the current edition, and a ✱ in exactly the format cells whose vendor headline is sparse."""
    data = calc.load_data()
    cells = parse(landscape_table_html("en", REPO_URL))
    assert set(cells.rows) == {c.id for c in in_current_edition(data)} == set(data.accelerators)
    for chip in data.accelerators.values():
        for fmt in FORMATS:
            headline = chip.values.get(f"sparse_headline.{fmt}")
            marked = any(
                tag == "abbr" and "x4-sparse" in (attrs.get("class") or "")
                for tag, attrs in field_cell(cells, chip.id, f"compute.{fmt}")["tags"]
            )  # type: ignore[union-attr]
            assert marked == (headline is not None and headline.si is not None), (chip.id, fmt)
    bf16 = field_cell(cells, "h100-sxm", "compute.bf16")
    assert str(bf16["text"]).startswith("989.4"), "H100 SXM BF16 shows the dense 989.4, not the sparse 1,979"


def test_every_known_value_links_its_source_and_nulls_give_a_reason() -> None:
    """Each number cell links to its value's source URL; a null shows '—' titled with the data's reason."""
    data = calc.load_data()
    cells = parse(landscape_table_html("en", REPO_URL))
    chip = data.accelerator("h100-sxm")
    cell = field_cell(cells, "h100-sxm", "compute.bf16")
    hrefs = [attrs.get("href") for tag, attrs in cell["tags"] if tag == "a"]  # type: ignore[union-attr]
    source = next(s for s in chip.sources if s["id"] == chip.values["compute.bf16"].source)
    assert hrefs == [source["url"]]
    fp4 = field_cell(cells, "h100-sxm", "compute.fp4")
    assert str(fp4["text"]).strip() == "—" and fp4["attrs"]["title"] == chip.values["compute.fp4"].reason  # type: ignore[index]
    assert "x4-null" in fp4["attrs"]["class"] and not fp4["tags"]  # type: ignore[index]


def test_memory_published_in_gib_shows_as_published_beside_the_others_gb() -> None:
    """TPU7x's 192 GiB (Cloud TPU7x docs) and MI300X's "192 GB" (AMD's datasheet; ROCm lists 192 GiB) are the same
    eight 24 GiB stacks: the table shows both as 192 and sorts them together, with † on the GiB figure only."""
    cells = parse(landscape_table_html("en", REPO_URL))
    tpu, amd = (field_cell(cells, chip, "memory.capacity") for chip in ("tpu7x", "mi300x"))
    assert str(tpu["text"]).startswith("192") and str(amd["text"]).startswith("192")
    assert tpu["attrs"]["data-sort"] == amd["attrs"]["data-sort"]  # type: ignore[index]
    marks = [[a.get("class") for tag, a in c["tags"] if tag == "abbr"] for c in (tpu, amd)]  # type: ignore[union-attr]
    assert marks == [["x4-gib"], []]


def test_spanish_numbers_use_a_decimal_comma() -> None:
    """The Spanish table and chip page write 3,35 where the English ones write 3.35 (H100 SXM, TB/s)."""
    en = parse(landscape_table_html("en", REPO_URL))
    es = parse(landscape_table_html("es", REPO_URL))
    assert str(field_cell(en, "h100-sxm", "memory.bandwidth")["text"]).startswith("3.35")
    assert str(field_cell(es, "h100-sxm", "memory.bandwidth")["text"]).startswith("3,35")
    page = chip_page_markdown(calc.load_data().accelerator("h100-sxm"), "es", REPO_URL)
    assert "3,35 TB/s" in page and "989,4 TFLOP/s" in page


def test_report_link_names_the_chip_and_field() -> None:
    """The row's link opens a new issue on repo_url naming the chip id and listing each field; a chip-page link names one field."""
    cells = parse(landscape_table_html("en", REPO_URL))
    report = next(h for h in cells.links["h100-sxm"] if "/issues/new?" in h)
    url = urlsplit(report)
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{REPO_URL}/issues/new"
    query = parse_qs(url.query)
    assert "h100-sxm" in query["title"][0]
    assert "Chip: h100-sxm" in query["body"][0] and "- compute.bf16: 989.4 TFLOP/s" in query["body"][0]
    page = parse(chip_page_markdown(calc.load_data().accelerator("h100-sxm"), "en", REPO_URL))
    field_report = next(h for h in page.links["compute.bf16"] if "/issues/new?" in h)
    query = parse_qs(urlsplit(field_report).query)
    assert query["title"] == ["Wrong number: h100-sxm compute.bf16"]
    assert "Field: compute.bf16" in query["body"][0]


def test_chip_page_ridge_points_come_from_calc() -> None:
    """The ridge-point rows of a chip page hold calc.ridge_point for each dense format the chip has."""
    chip = calc.load_data().accelerator("mi300x")
    page = parse(chip_page_markdown(chip, "en", REPO_URL))
    ridges = {
        c["attrs"].get("data-ridge")
        for row in page.rows.values()
        for c in row  # type: ignore[union-attr]
        if c["attrs"].get("data-ridge")
    }
    expected = {
        repr(calc.ridge_point(peak_flop_per_s=peak, bandwidth_bytes_per_s=chip.memory_bandwidth_bytes_per_s))
        for peak in chip.dense_flop_per_s.values()
        if peak is not None
    }
    assert ridges == expected and expected


def test_chip_outside_the_current_edition_is_marked() -> None:
    """A chip whose editions omit the current one keeps a page, marked with its edition, and leaves the landscape table."""
    data = calc.load_data()
    chip = data.accelerator("a100-sxm")
    old = dataclasses.replace(chip, text={**chip.text, "editions": ["2022-2023"]})
    bundle = dataclasses.replace(data, accelerators={**data.accelerators, "a100-sxm": old})
    assert "a100-sxm" not in parse(landscape_table_html("en", REPO_URL, bundle)).rows
    assert "From the 2022-2023 edition" in chip_page_markdown(old, "en", REPO_URL)
    assert "De la edición 2022-2023" in chip_page_markdown(old, "es", REPO_URL)
    assert "edition" not in chip_page_markdown(chip, "en", REPO_URL).split("## Overview")[0]


def test_interconnect_table_has_every_link_localized() -> None:
    """One row per data/interconnects.yaml entry; Spanish scope words and decimal comma (TPU v5p ICI 1200 → 1200)."""
    data = calc.load_data()
    en, es = parse(interconnect_table_html("en")), parse(interconnect_table_html("es"))
    assert list(en.rows) == list(data.interconnects) == list(es.rows)
    assert [str(c["text"]) for c in en.rows["pcie-5-x16"]][2:5] == ["in node", "64", "128"]
    assert [str(c["text"]) for c in es.rows["pcie-5-x16"]][2] == "en el nodo"
    assert str(es.rows["nvl72"][3]["text"]) == "—", "NVL72 publishes no per-direction figure: not halved here"


def test_every_accelerator_has_a_page_in_both_languages(built_site: Path) -> None:
    """The built site has accelerators/<id>/ and es/accelerators/<id>/ for every chip, and the tables link to them."""
    data = calc.load_data()
    for chip in data.accelerators.values():
        for prefix, lang in (("", "en"), ("es/", "es")):
            page = built_site / f"{prefix}accelerators/{chip.id}/index.html"
            assert page.is_file(), page
            text = page.read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in text and "<h1" in text and chip.display_name(lang) in text
    for prefix in ("", "es/"):
        assert (built_site / f"{prefix}accelerators/index.html").is_file()
        landscape = (built_site / f"{prefix}landscape/index.html").read_text(encoding="utf-8")
        cells = parse(landscape)
        assert set(cells.rows) == set(data.accelerators)
        assert 'href="../accelerators/h100-sxm/"' in landscape


@pytest.mark.browser
def test_sort_by_bf16_and_filter_by_vendor(page: object, site_url: str) -> None:
    """Clicking the BF16 header orders rows by dense BF16 (descending, blanks last); choosing AMD hides other vendors."""
    page.goto(f"{site_url}landscape/")  # type: ignore[attr-defined]
    table = ".x4-landscape__table"
    header = f'{table} th[data-column="bf16"]'
    page.click(f"{header} button")  # type: ignore[attr-defined]
    assert page.get_attribute(header, "aria-sort") == "descending"  # type: ignore[attr-defined]
    values = page.eval_on_selector_all(  # type: ignore[attr-defined]
        f'{table} tbody tr td[data-field="compute.bf16"]', "cells => cells.map(c => c.dataset.sort ?? null)"
    )
    known = [float(v) for v in values if v is not None]
    assert known == sorted(known, reverse=True) and len(known) > 10
    assert values[: len(known)] == [v for v in values if v is not None], "blanks sort last"
    page.keyboard.press("Enter")  # type: ignore[attr-defined]  # the focused sort button, from the keyboard
    assert page.get_attribute(header, "aria-sort") == "ascending"  # type: ignore[attr-defined]
    page.select_option('.x4-landscape select[data-filter="vendor"]', "AMD")  # type: ignore[attr-defined]
    shown = page.eval_on_selector_all(f"{table} tbody tr:not([hidden])", "rows => rows.map(r => r.dataset.vendor)")  # type: ignore[attr-defined]
    hidden = page.eval_on_selector_all(f"{table} tbody tr[hidden]", "rows => rows.length")  # type: ignore[attr-defined]
    assert shown and set(shown) == {"AMD"} and hidden > 0
    assert not page.x4_errors  # type: ignore[attr-defined]


MEASURED_COLUMNS = {"measured.memory_bandwidth": "memory.bandwidth", "measured.matmul.bf16": "compute.bf16"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_landscape_puts_each_measurement_beside_its_peak(lang: str) -> None:
    """Right after the bandwidth, BF16 and FP8 peaks comes the measured figure and its share of the peak, with its
    source linked (H100 SXM: 794.5 TFLOP/s, 80 %; 2.97 TB/s, 89 %); where nothing is measured, a dash and why."""
    data = calc.load_data()
    cells = parse(landscape_table_html(lang, REPO_URL))
    h100 = cells.rows["h100-sxm"]
    fields = [c["attrs"].get("data-field") for c in h100]  # type: ignore[union-attr]
    for measured, peak in {**MEASURED_COLUMNS, "measured.matmul.fp8": "compute.fp8"}.items():
        assert fields.index(measured) == fields.index(peak) + 1
    bf16 = field_cell(cells, "h100-sxm", "measured.matmul.bf16")
    decimal = "," if lang == "es" else "."
    assert str(bf16["text"]).startswith(f"794{decimal}5 (80 %)")
    assert float(bf16["attrs"]["data-sort"]) <= float(
        field_cell(cells, "h100-sxm", "compute.bf16")["attrs"]["data-sort"]
    )  # type: ignore[index]
    source = next(a for tag, a in bf16["tags"] if tag == "a")  # type: ignore[union-attr]
    assert "ml-engineering" in source["href"]
    assert str(field_cell(cells, "h100-sxm", "measured.memory_bandwidth")["text"]).startswith(f"2{decimal}97 (89 %)")
    for chip in data.accelerators.values():
        for path, peak_path in MEASURED_COLUMNS.items():
            cell = field_cell(cells, chip.id, path)
            value = chip.measured.get(path)
            if value is None or value.si is None:
                assert str(cell["text"]).strip() == "—", (chip.id, path)
                assert cell["attrs"]["title"] and "x4-null" in cell["attrs"]["class"], (chip.id, path)  # type: ignore[index]
            else:
                peak = field_cell(cells, chip.id, peak_path)
                assert float(cell["attrs"]["data-sort"]) < float(peak["attrs"]["data-sort"]), (chip.id, path)  # type: ignore[index]
    tpu = field_cell(cells, "tpu-v5e", "measured.matmul.bf16")
    reason = tpu["attrs"]["title"]  # type: ignore[index]
    assert reason == data.text(
        "accelerators/tpu-v5e.yaml#measured.reason", data.accelerator("tpu-v5e").measured_reason, lang
    )


def test_chip_page_lists_measured_beside_peak_with_source() -> None:
    """The H100 SXM page's measured section: each figure, the peak, the share, the source, benchmark and software;
    a chip without measurements says why, and that the achievable basis falls back to the peaks."""
    data = calc.load_data()
    page = chip_page_markdown(data.accelerator("h100-sxm"), "en", REPO_URL)
    assert "## Measured beside peak { #measured }" in page
    cells = parse(page)
    row = [str(c["text"]) for c in cells.rows["measured.matmul.bf16"]]
    assert row[1:3] == ["794.5 TFLOP/s", "80 % of 989.4 TFLOP/s"]
    assert "Maximum Achievable Matmul FLOPS" in row[3]
    how = str(cells.rows["detail:measured.matmul.bf16"][0]["text"])
    assert how.startswith("Benchmark and software: mamf-finder") and "PyTorch" in how
    assert [str(c["text"]) for c in cells.rows["measured.memory_bandwidth"]][1:3] == ["2.97 TB/s", "89 % of 3.35 TB/s"]
    spanish = parse(chip_page_markdown(data.accelerator("h100-sxm"), "es", REPO_URL))
    assert [str(c["text"]) for c in spanish.rows["measured.matmul.bf16"]][1:3] == [
        "794,5 TFLOP/s",
        "80 % de 989,4 TFLOP/s",
    ]
    tpu = chip_page_markdown(data.accelerator("tpu-v5e"), "en", REPO_URL)
    assert "No measurement: No published dense matmul" in tpu and "falls back to the datasheet peaks" in tpu
    b200 = parse(chip_page_markdown(data.accelerator("b200"), "en", REPO_URL))
    assert [str(c["text"]) for c in b200.rows["measured.memory_bandwidth"]][1] == "—"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_measured_kind_is_named_for_what_it_measures(lang: str) -> None:
    """Attention, capacity and the collectives are not matmuls: each row says what it measured, with a unit, and its
    share is of the figure it is measured against (attention of the dense peak, a NIC's bus bandwidth of its rate)."""
    data = calc.load_data()
    h100 = parse(chip_page_markdown(data.accelerator("h100-sxm"), lang, REPO_URL))
    names = {
        path: str(cells[0]["text"]).removesuffix(path)
        for path, cells in h100.rows.items()
        if path.startswith("measured.")
    }
    matmul = "matmul" if lang == "en" else "Matmul"
    assert all((matmul in name) == (".matmul." in path) for path, name in names.items()), names
    assert not any("_" in name for name in names.values()), names
    row = [str(c["text"]) for c in h100.rows["measured.attention.bf16"]]
    assert row[1:3] == (
        ["335 TFLOP/s", "34 % of 989.4 TFLOP/s"] if lang == "en" else ["335 TFLOP/s", "34 % de 989,4 TFLOP/s"]
    )
    assert [str(c["text"]) for c in h100.rows["measured.scale_up_latency"]][1] == "6 µs"
    nic = [str(c["text"]) for c in h100.rows["measured.scale_out_allreduce"]][2]
    assert nic.startswith("94 %") and "400 Gb/s" in nic  # 47 GB/s of 50 GB/s
    capacity = [str(c["text"]) for c in h100.rows["measured.memory_capacity"]]
    assert capacity[2].startswith("107 %") and "80 GB" in capacity[2]
