"""The edition workflow: `data check`'s edition rules, `edition new`, `data diff` and the changelog page, on a copy of data/."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

import calc
from calc import catalog_problems
from calc._tooling.bounds import latest_date
from calc._tooling.bundle import build_bundle, default_data_dir
from calc._tooling.edition import add_to_editions_line, new_edition
from calc._tooling.messages import CATALOG
from calc._tooling.schema import DataError

Cli = Callable[..., tuple[int, str, str]]
NEW = "2026-2028"
# A new edition starts today; the latest date data/ accepts is after every date the data already holds.
LATEST = latest_date()

# The source the H100 SXM's memory bandwidth cites in data/ (the diff names it).
H100_BANDWIDTH_SOURCE = calc.load_data().accelerator("h100-sxm").values["memory.bandwidth"].source


def _git(repo: Path, *args: str) -> str:
    identity = ["-c", "user.name=X4 test", "-c", "user.email=x4@example.invalid", "-c", "commit.gpgsign=false"]
    done = subprocess.run(["git", "-C", str(repo), *identity, *args], capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """A git repository made here with data/ committed once (so nothing depends on this checkout's history)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "repo"
    shutil.copytree(default_data_dir(), root / "data", ignore=shutil.ignore_patterns("changes"))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "data as copied")
    return root


def _set_h100_bandwidth(data: Path) -> tuple[str, str]:
    """Double the H100 SXM's memory bandwidth in its file by a one-line edit; returns (old text, new text)."""
    path = data / "accelerators" / "h100-sxm.yaml"
    text = path.read_text(encoding="utf-8")
    match = re.search(r"^  bandwidth: (\d+(?:\.\d+)?) TB/s$", text, flags=re.M)
    assert match, "h100-sxm.yaml no longer states its memory bandwidth on one plain line"
    old = f"{match.group(1)} TB/s"
    new = f"{float(match.group(1)) * 2:g} TB/s"
    path.write_text(text[: match.start(1)] + new.split()[0] + text[match.end(1) :], encoding="utf-8")
    return old, new


def test_tooling_catalog_has_both_languages_with_the_same_placeholders() -> None:
    """Every reader-facing string of the edition commands exists in English and Spanish."""
    assert catalog_problems(CATALOG) == []


def test_the_repository_data_passes_the_edition_rules(cli: Cli) -> None:
    """This checkout's data passes, and the summary names the current edition and lists every edition."""
    code, out, _ = cli("data", "check")
    bundle = build_bundle(default_data_dir())
    assert code == 0
    assert f"({bundle['edition']['id']}, current;" in out
    assert f"editions       {len(bundle['editions'])} (" in out


def test_an_empty_edition_fails_naming_the_edition_and_the_fix(data_dir: Path, cli: Cli) -> None:
    """An edition entry made current by hand, with no chip listing it, fails with exit 1 (the landscape would be empty)."""
    path = data_dir / "edition.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = dict(raw["editions"][0], id="2099-2100", name="2099–2100", started=LATEST)
    path.write_text(yaml.safe_dump({"current": "2099-2100", "editions": [first, *raw["editions"]]}), encoding="utf-8")
    code, out, err = cli("data", "check", "--data", data_dir)
    assert code == 1
    assert "is not valid" in out
    [line] = err.splitlines()
    assert "the current edition 2099-2100 has no accelerators" in line
    assert "Add 2099-2100 to the `editions` list" in line and "python -m calc edition new" in line


def test_a_chip_listing_an_unknown_edition_fails_naming_file_and_edition(data_dir: Path, cli: Cli) -> None:
    """A typo in a chip's `editions` fails with exit 1, naming the chip file, the edition and the known ones."""
    path = data_dir / "accelerators" / "mi300x.yaml"
    path.write_text(add_to_editions_line(path.read_text(encoding="utf-8"), "2024-2062", file_name="x"), "utf-8")
    code, _, err = cli("data", "check", "--data", data_dir, "--lang", "es")
    assert code == 1
    assert err.splitlines() == [
        "data check: accelerators/mi300x.yaml: campo 'editions': edición desconocida 2024-2062 (edition.yaml tiene "
        "2024-2026). Corrige el id, o empieza esa edición con `python -m calc edition new 2024-2062`."
    ]


def test_edition_new_carries_every_chip_and_passes_the_check(data_dir: Path, cli: Cli) -> None:
    """After `edition new`, ID is current, every chip of the old edition is in it, the old entry stays, the check passes."""
    before = build_bundle(data_dir)
    code, out, _ = cli("edition", "new", NEW, "--data", data_dir)
    assert code == 0
    assert f"{NEW} is now the current edition" in out
    assert f"added {NEW} to the `editions` list of {len(before['accelerators'])} chips" in out
    after = build_bundle(data_dir)
    assert after["edition"]["id"] == NEW and after["edition"]["name"] == "2026–2028"
    assert [entry["id"] for entry in after["editions"]] == [NEW, "2024-2026"]
    assert after["editions"][1] == before["edition"]
    assert all(chip["text"]["editions"] == ["2024-2026", NEW] for chip in after["accelerators"])
    assert after["edition"]["changelog"][0]["change"] and after["edition"]["changelog"][0]["change_es"]
    code, out, _ = cli("data", "check", "--data", data_dir)
    assert code == 0
    assert f"{len(after['accelerators'])} in the current edition" in out


def test_edition_new_refuses_an_existing_id_and_changes_nothing(data_dir: Path, cli: Cli) -> None:
    """An id already in edition.yaml exits 2 with one line, and no file is touched."""
    files = {path: path.read_bytes() for path in data_dir.rglob("*.yaml")}
    code, out, err = cli("edition", "new", "2024-2026", "--data", data_dir)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "python -m calc edition: edition 2024-2026 already exists in edition.yaml; choose a new id"
    ]
    assert {path: path.read_bytes() for path in data_dir.rglob("*.yaml")} == files


def test_edition_new_keeps_comments_and_layout(data_dir: Path) -> None:
    """Chip files change on their `editions` line only; edition.yaml keeps every line but `current:`."""
    chip = data_dir / "accelerators" / "h100-sxm.yaml"
    chip.write_text("# Kept: a maintainer's comment.\n" + chip.read_text(encoding="utf-8"), encoding="utf-8")
    chip_before = chip.read_text(encoding="utf-8").splitlines()
    edition_before = (data_dir / "edition.yaml").read_text(encoding="utf-8").splitlines()
    new_edition(data_dir, NEW, today=dt.date.today())
    chip_after = chip.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(chip_before, chip_after, strict=True) if old != new]
    assert changed == [("editions: [2024-2026]", f"editions: [2024-2026, {NEW}]")]
    edition_after = (data_dir / "edition.yaml").read_text(encoding="utf-8").splitlines()
    kept = [line for line in edition_before if not line.startswith("current:")]
    remaining = iter(edition_after)
    assert all(line in remaining for line in kept), "a line of edition.yaml was lost or reordered"
    assert f"current: {NEW}" in edition_after and "# X4's editions, newest first." in edition_after[0]


def test_block_style_editions_lists_are_edited_too() -> None:
    """A chip written with `editions:` and `- id` lines gets the new id as one more line, at the same indent."""
    text = "id: x\neditions:  # which editions\n  - 2024-2026\nvendor: Y\n"
    assert add_to_editions_line(text, NEW, file_name="x.yaml") == (
        f"id: x\neditions:  # which editions\n  - 2024-2026\n  - {NEW}\nvendor: Y\n"
    )
    with pytest.raises(DataError, match=r"x\.yaml: field 'editions'"):
        add_to_editions_line("id: x\n", NEW, file_name="x.yaml")


def test_carried_over_values_checked_before_the_edition_started_warn(data_dir: Path, cli: Cli) -> None:
    """Sources checked before the new edition's start give one warning per carried-over chip, exit 0; a re-check clears it."""
    new_edition(data_dir, NEW, today=LATEST)
    code, out, err = cli("data", "check", "--data", data_dir)
    chips = len(build_bundle(data_dir)["accelerators"])
    assert code == 0
    assert len(err.splitlines()) == chips and f"warnings       {chips}" in out
    line = next(line for line in err.splitlines() if "h100-sxm.yaml" in line)
    assert line.startswith("warning: accelerators/h100-sxm.yaml: carried over from 2024-2026")
    assert f"before {NEW} started on {LATEST}" in line and f"{H100_BANDWIDTH_SOURCE} (checked " in line
    path = data_dir / "accelerators" / "h100-sxm.yaml"
    path.write_text(re.sub(r"checked: \S+", f"checked: {LATEST}", path.read_text(encoding="utf-8")), "utf-8")
    _, _, err = cli("data", "check", "--data", data_dir, "--lang", "es")
    assert len(err.splitlines()) == chips - 1 and "h100-sxm.yaml" not in err
    assert err.startswith("aviso: ") and "Revísalas" in err


def test_data_diff_shows_a_changed_bandwidth(repo: Path, cli: Cli) -> None:
    """A bandwidth edited and committed shows with its old and new figure, unit and source, in text and JSON."""
    old, new = _set_h100_bandwidth(repo / "data")
    _git(repo, "commit", "-q", "-am", "fix(data): H100 SXM bandwidth")
    code, out, err = cli("data", "diff", "HEAD~1", "--data", repo / "data")
    assert (code, err) == (0, "")
    assert f"h100-sxm  memory.bandwidth: {old.split()[0]} → {new} (source: {H100_BANDWIDTH_SOURCE})" in out
    assert "Chips added (0): none" in out
    # With no REV: the last commit that changed edition.yaml, here the first one.
    code, out, _ = cli("data", "diff", "--json", "--data", repo / "data")
    diff = json.loads(out)
    assert code == 0 and set(diff) == {"added", "removed", "changed"}
    assert diff["added"] == diff["removed"] == []
    assert diff["changed"] == [
        {
            "id": "h100-sxm",
            "field": "memory.bandwidth",
            "old": float(old.split()[0]),
            "new": float(new.split()[0]),
            "unit": "TB/s",
            "source": H100_BANDWIDTH_SOURCE,
        }
    ]


def test_data_diff_in_spanish(repo: Path, cli: Cli) -> None:
    """--lang es: Spanish words and a decimal comma."""
    old, new = _set_h100_bandwidth(repo / "data")
    code, out, _ = cli("data", "diff", "--lang", "es", "--data", repo / "data")
    assert code == 0
    assert out.startswith("data/ ahora frente a ")
    assert "Cambios de valores (1):" in out and "Chips añadidos (0): ninguno" in out
    assert f"{old.split()[0].replace('.', ',')} → {new.replace('.', ',')} (fuente: {H100_BANDWIDTH_SOURCE})" in out


def test_data_diff_lists_chips_leaving_and_joining(repo: Path, cli: Cli) -> None:
    """After a bump, a chip dropping the new id is removed; a chip file listing it is added."""
    data = repo / "data"
    new_edition(data, NEW)
    _git(repo, "commit", "-q", "-am", f"feat(data): Start the {NEW} edition")
    path = data / "accelerators" / "a100-sxm.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(f", {NEW}]", "]"), encoding="utf-8")
    joined = data / "accelerators" / "h100-twin.yaml"
    joined.write_text(
        (data / "accelerators" / "h100-sxm.yaml").read_text(encoding="utf-8").replace("id: h100-sxm", "id: h100-twin")
    )
    code, out, _ = cli("data", "diff", "--json", "--data", data)
    assert code == 0
    assert json.loads(out) == {"added": ["h100-twin"], "removed": ["a100-sxm"], "changed": []}


def test_data_diff_without_the_revision_or_git_exits_2_with_one_line(
    repo: Path, data_dir: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unknown REV, a folder outside git, and no git at all: exit 2 and one line naming the cause."""
    code, out, err = cli("data", "diff", "no-such-rev", "--data", repo / "data")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"python -m calc data diff: revision 'no-such-rev' not found in the git repository of {repo / 'data'} "
        "(give a commit, tag or branch)"
    ]
    code, _, err = cli("data", "diff", "--data", data_dir)
    assert code == 2 and err.splitlines() == [
        f"python -m calc data diff: {data_dir} is not in a git repository, so it has no revisions to compare with"
    ]
    monkeypatch.setenv("PATH", "")
    code, _, err = cli("data", "diff", "HEAD", "--data", repo / "data", "--lang", "es")
    assert code == 2 and err.splitlines() == [
        "python -m calc data diff: git no está disponible, así que data/ no se puede comparar con otra revisión"
    ]


def test_edition_new_records_the_outgoing_editions_changes(repo: Path) -> None:
    """In a git checkout, `edition new` writes changes/<old id>.yaml with what changed since the old edition began."""
    data = repo / "data"
    old, new = _set_h100_bandwidth(data)
    _git(repo, "commit", "-q", "-am", "fix(data): H100 SXM bandwidth")
    report = new_edition(data, NEW)
    record = yaml.safe_load((data / "changes" / "2024-2026.yaml").read_text(encoding="utf-8"))
    assert report.recorded is not None and report.not_recorded is None
    assert record["edition"] == "2024-2026"
    assert [(c["id"], c["field"], c["old"], c["new"]) for c in record["changed"]] == [
        ("h100-sxm", "memory.bandwidth", float(old.split()[0]), float(new.split()[0]))
    ]


def test_changelog_page_lists_entries_members_and_changes() -> None:
    """The changelog macro's Markdown: entries in the page's language, linked chips, the changed values, or why not."""
    import calc
    from tools.changelog import changelog_markdown

    data = calc.load_data()
    change = {"id": "h100-sxm", "field": "memory.bandwidth", "old": 3.35, "new": 3.9, "unit": "TB/s", "source": "s"}
    page = changelog_markdown("es", data, {"2024-2026": {"added": [], "removed": [], "changed": [change]}})
    assert "## 2024–2026 · edición actual { #2024-2026 }" in page
    assert data.edition["changelog"][0]["change_es"] in page
    assert "[H100 SXM](accelerators/h100-sxm.md)" in page
    assert "| [H100 SXM](accelerators/h100-sxm.md) | `memory.bandwidth` | 3,35 TB/s | 3,9 TB/s | `s` |" in page
    assert "Cambios de valores durante la edición (1)" in page
    page = changelog_markdown("en", data, {"2024-2026": None})
    assert "which this build of the site did not have" in page


def test_edition_yaml_must_list_its_current_edition_once(data_dir: Path) -> None:
    """`current` naming an edition that is not listed, or an id listed twice, is a malformed file (DataError)."""
    path = data_dir / "edition.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("current: 2024-2026", "current: 2026-2028"), encoding="utf-8")
    with pytest.raises(DataError, match=r"edition\.yaml \[2026-2028\]: field 'current': no edition with this id"):
        build_bundle(data_dir)
    raw = yaml.safe_load(text)
    path.write_text(yaml.safe_dump({**raw, "editions": raw["editions"] * 2}), encoding="utf-8")
    with pytest.raises(DataError, match=r"edition\.yaml \[2024-2026\]: field 'id': duplicate edition id"):
        build_bundle(data_dir)


def test_the_build_fails_on_an_empty_edition(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The changelog macros refuse to register (so `mkdocs build` fails) when the current edition has no chips."""
    import tools.changelog
    from calc import parse_bundle

    for path in (data_dir / "accelerators").glob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("editions: [2024-2026]", "editions: []"), "utf-8")
    broken = parse_bundle(json.loads(json.dumps(build_bundle(data_dir))))
    monkeypatch.setattr(tools.changelog, "load_data", lambda: broken)
    with pytest.raises(ValueError, match="the current edition 2024-2026 has no accelerators"):
        tools.changelog.register(object())
