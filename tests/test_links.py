"""Internal links and anchors of the built site, checked offline with lychee (a well-kept link checker)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

LYCHEE = shutil.which("lychee", path=str(Path(sys.executable).parent)) or "lychee"


def _lychee(site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            LYCHEE,
            "--offline",
            "--include-fragments",
            "--index-files",
            "index.html",
            "--no-progress",
            "--root-dir",
            str(site),
            f"{site}/**/*.html",
        ],
        capture_output=True,
        text=True,
    )


def test_internal_links_and_anchors_resolve(built_site: Path) -> None:
    """Every internal link and #anchor in both languages points at something that exists."""
    done = _lychee(built_site)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_checker_catches_a_broken_anchor(tmp_path: Path) -> None:
    """The same check fails on a page whose link names a missing anchor (so the test above can fail)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">Here</h2>', encoding="utf-8")
    (tmp_path / "index.html").write_text('<a href="a/#there">broken</a>', encoding="utf-8")
    done = _lychee(tmp_path)
    assert done.returncode != 0 and "there" in done.stdout
