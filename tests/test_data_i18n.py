"""The Spanish of data/'s texts (data/i18n/es.yaml): complete and current, checked by `data check` on a copy of
data/, carried by the bundle and shown on the Spanish data pages."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

import calc
from calc._tooling.bundle import build_bundle, default_data_dir
from calc._tooling.translations import data_texts, load_translations, translation_problems
from tools.chip_pages import chip_page_markdown
from tools.data_pages import interconnect_table_html, landscape_table_html

Cli = Callable[..., tuple[int, str, str]]
REPO_URL = "https://github.com/x4-hardware-fluency/x4"
RTX_NOTE = "accelerators/rtx-5090.yaml#compute.bf16.note"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_every_shown_text_of_data_has_current_spanish() -> None:
    """data/i18n/es.yaml has an entry for every text pages show, each matching the data file's English."""
    assert translation_problems(default_data_dir()) == []


def test_the_keys_name_file_entry_and_field() -> None:
    """Keys read `file#path`, list items by id: a note, a source's `how`, an interconnect's name, a reason."""
    texts = data_texts(default_data_dir())
    assert texts[RTX_NOTE].startswith("FP32 accumulate, the only mode for BF16.")
    assert "accelerators/rtx-5090.yaml#sources.nvidia-rtx-blackwell-whitepaper.how" in texts
    assert "accelerators/rtx-5090.yaml#compute.fp6.reason" in texts
    assert "accelerators/rtx-5090.yaml#compute.bf16.alternatives.0.note" in texts
    assert texts["interconnects.yaml#interconnects.nv-hbi.name"] == "NVIDIA NV-HBI (Blackwell die-to-die)"
    # A product name as the vendor writes it needs no Spanish; a description inside a name does.
    assert "accelerators/h100-sxm.yaml#name" not in texts
    assert texts["accelerators/gb200.yaml#name"] == "GB200 (per Blackwell GPU in NVL72)"


def test_spanish_texts_follow_the_style() -> None:
    """The Spanish entries write numbers the Spanish way: a number the English groups with a comma ("1,835") is
    not copied as is (in Spanish "1,835" reads as a decimal), and money is "4,916 USD", never "$4.916"."""
    bad = []
    for key, entry in load_translations(default_data_dir()).items():
        grouped = set(re.findall(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\d,])", entry["en"]))
        copied = grouped & set(re.findall(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\d,])", entry["es"]))
        if copied or re.search(r"\$\s?\d", entry["es"]):
            bad.append(f"{key}: {entry['es']}")
    assert bad == []


def test_data_check_passes_on_data(data_dir: Path, cli: Cli) -> None:
    """The checkout's data/ passes `data check`, its Spanish included."""
    code, out, err = cli("data", "check", "--data", data_dir)
    assert (code, err) == (0, "")
    assert "is valid" in out


def test_data_check_names_a_stale_spanish_text(data_dir: Path, cli: Cli) -> None:
    """Changing a note's English makes its Spanish stale: `data check` exits 1 naming the key, in both languages."""
    _edit(data_dir / "accelerators" / "rtx-5090.yaml", "the only mode for BF16.", "the only mode BF16 has.")
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 1
    assert f"i18n/es.yaml [{RTX_NOTE}]: stale" in err
    code, _, err = cli("data", "check", "--data", data_dir, "--lang", "es")
    assert code == 1
    assert f"i18n/es.yaml [{RTX_NOTE}]: desfasada" in err


def test_data_check_names_a_missing_spanish_text(data_dir: Path, cli: Cli) -> None:
    """A new note without a Spanish entry fails `data check`; `--stubs` prints the entry to fill in."""
    _edit(data_dir / "accelerators" / "rtx-5090.yaml", "int8: 838 TOPS", 'int8: {value: 838 TOPS, note: "Dense."}')
    key = "accelerators/rtx-5090.yaml#compute.int8.note"
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 1
    assert f"i18n/es.yaml [{key}]: no Spanish for this text" in err
    code, out, _ = cli("data", "check", "--stubs", "--data", data_dir)
    assert code == 0
    assert yaml.safe_load(out) == {key: {"en": "Dense.", "es": ""}}


def test_data_check_names_an_orphan_entry(data_dir: Path, cli: Cli) -> None:
    """An entry whose text left data/ is reported, so the catalog does not collect dead texts."""
    _edit(data_dir / "accelerators" / "rtx-5090.yaml", ', note: "1/64 of the 104.8 TFLOP/s FP32 peak."', "")
    code, _, err = cli("data", "check", "--data", data_dir)
    assert code == 1
    assert "[accelerators/rtx-5090.yaml#compute.fp64.note]: no such text in data/" in err


def test_a_malformed_entry_names_its_key(data_dir: Path) -> None:
    """An entry without its `en` copy is a DataError naming the key."""
    _edit(data_dir / "i18n" / "es.yaml", f"{RTX_NOTE}:\n  en:", f"{RTX_NOTE}:\n  english:")
    with pytest.raises(calc.CalcError, match=re.escape(f"i18n/es.yaml [{RTX_NOTE}]: expected exactly the fields")):
        build_bundle(data_dir)


def test_a_stale_text_reads_in_english_until_fixed(data_dir: Path) -> None:
    """The bundle carries only current Spanish: a stale entry falls back to the data file's English."""
    assert build_bundle(data_dir)["i18n"]["es"][RTX_NOTE].startswith("Acumulación en FP32")
    _edit(data_dir / "accelerators" / "rtx-5090.yaml", "the only mode for BF16.", "the only mode BF16 has.")
    assert RTX_NOTE not in build_bundle(data_dir)["i18n"]["es"]


def test_spanish_chip_page_words_the_data_in_spanish() -> None:
    """The Spanish chip page shows the notes, reasons, form factor and how in Spanish; only source titles stay English."""
    data = calc.load_data()
    page = chip_page_markdown(data.accelerator("rtx-5090"), "es", REPO_URL, data)
    assert "Acumulación en FP32, el único modo de BF16." in page
    assert "La tabla de especificaciones del libro blanco no tiene fila FP6." in page
    assert "Tarjeta PCIe Gen5 (2 ranuras, Founders Edition)" in page
    assert "the only mode for BF16" not in page
    assert re.findall(r'<(\w+) lang="en"', page) == ["cite"] * len(re.findall(r'lang="en"', page))
    english = chip_page_markdown(data.accelerator("gb200"), "en", REPO_URL, data)
    assert "# GB200 (per Blackwell GPU in NVL72)" in english and 'lang="en"' not in english
    assert "# GB200 (por GPU Blackwell en NVL72)" in chip_page_markdown(data.accelerator("gb200"), "es", REPO_URL, data)


def test_spanish_chip_page_words_the_measured_benchmark_and_software() -> None:
    """The measured column's benchmark and software read in Spanish: versions stay, their words do not."""
    data = calc.load_data()
    for chip, spanish, english in (
        ("h100-sxm", "mejor forma 2048x2048x13312", "best shape"),
        ("h100-sxm", "solo la memoria de la GPU", "GPU memory only"),
        ("h100-sxm", "CUDA 12.6, controlador 560.35.03", "driver 560"),
        ("mi300x", "PyTorch 2.5.1 sobre ROCm 6.3", " on ROCm"),
    ):
        page = chip_page_markdown(data.accelerator(chip), "es", REPO_URL, data)
        assert spanish in page and english not in page, (chip, english)
    assert "best shape 2048x2048x13312" in chip_page_markdown(data.accelerator("h100-sxm"), "en", REPO_URL, data)


def test_the_power_calculator_names_systems_as_the_table_does() -> None:
    """The system menu of the power calculator words a system's description in the page's language."""
    from tools.macros.calculators import _options

    power = calc.CALCULATORS["power"]
    spanish = dict(_options(power, power.field_named("system"), "es"))
    assert spanish["gb200-nvl72"] == "NVIDIA GB200 NVL72 (rack DGX GB200)"
    assert (
        dict(_options(power, power.field_named("system"), "en"))["gb200-nvl72"] == "NVIDIA GB200 NVL72 (DGX GB200 rack)"
    )


def test_spanish_tables_word_the_data_in_spanish() -> None:
    """Landscape tooltips and the interconnect table's names and notes read in Spanish on Spanish pages."""
    landscape = landscape_table_html("es", REPO_URL)
    assert "Tarjeta de consumo: sin NIC." in landscape and "Consumer card" not in landscape
    links = interconnect_table_html("es")
    assert "NVIDIA NV-HBI (entre los dies de Blackwell)" in links
    assert "Orden de magnitud" in links and "Order of magnitude" not in links


def test_calculators_name_chips_in_the_readers_language() -> None:
    """Derivations, select options, ranking rows and a best-chip output name GB200 in Spanish on Spanish pages."""
    from calc import Result, formatted
    from tools.macros.calculators import calculator_html

    spanish = "GB200 (por GPU Blackwell en NVL72)"
    steps = calc.run("roofline", {"accelerator": "gb200"}, "es")["derivation"]
    assert spanish in steps[0]["label"]
    assert f">{spanish}</option>" in calculator_html("roofline", "es")
    rows = calc.run("chooser", {"workload": "train-70b"}, "es")["table"]
    assert spanish in [row["name"] for row in rows]
    best = Result("chooser", {"best": "gb200", "best_name": "GB200 (per Blackwell GPU in NVL72)"})
    assert formatted(best, calc.CALCULATORS["chooser"], "es")["best_name"] == spanish
    assert formatted(best, calc.CALCULATORS["chooser"], "en")["best_name"] == "GB200 (per Blackwell GPU in NVL72)"
