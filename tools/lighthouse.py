"""Lighthouse for the benchmark (tools/bench.py): a bare mkdocs-material page to compare with, one run's scores,
times and failed audits, their median over runs, and the row that prints them."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The bare page: what `mkdocs new` writes, with Material and no web fonts (X4 loads none either; the
# machine may have no network, and Google Fonts would be a third-party request).
BARE_CONFIG = "site_name: Bare Material page\ntheme:\n  name: material\n  font: false\n"
BARE_PAGE = """# Welcome to MkDocs

For full documentation visit [mkdocs.org](https://www.mkdocs.org).

## Commands

* `mkdocs new [dir-name]` - Create a new project.
* `mkdocs serve` - Start the live-reloading docs server.
* `mkdocs build` - Build the documentation site.
* `mkdocs -h` - Print help message and exit.

## Project layout

    mkdocs.yml    # The configuration file.
    docs/
        index.md  # The documentation homepage.
        ...       # Other markdown pages, images and other files.
"""
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
LIGHTHOUSE_METRICS = {
    "fcp": "first-contentful-paint",
    "lcp": "largest-contentful-paint",
    "tbt": "total-blocking-time",
    "dom": "dom-size",
}


def build_bare_site(tmp: Path) -> Path:
    """A one-page mkdocs-material site built with this environment's mkdocs and theme."""
    project = tmp / "bare"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(BARE_CONFIG, encoding="utf-8")
    (project / "docs" / "index.md").write_text(BARE_PAGE, encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--quiet"],
        cwd=project,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return project / "site"


def lighthouse(url: str, out_dir: Path, chromium: str) -> tuple[dict[str, float], set[str]]:
    """One Lighthouse run (mobile, default simulated throttling): scores out of 100, times in ms, the DOM's
    element count; and the scored audits it failed in the other categories."""
    report = out_dir / "report.json"
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--no-enable-error-reporting",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(LIGHTHOUSE_CATEGORIES)}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        env={**os.environ, "CHROME_PATH": chromium},
        check=True,
        capture_output=True,
    )
    result = json.loads(report.read_text(encoding="utf-8"))
    audits = result["audits"]
    figures = {name: 100 * float(result["categories"][name]["score"] or 0) for name in LIGHTHOUSE_CATEGORIES}
    for key, audit in LIGHTHOUSE_METRICS.items():
        figures[key] = float(audits[audit].get("numericValue") or 0)
    failed = {
        ref["id"]
        for name in LIGHTHOUSE_CATEGORIES[1:]
        for ref in result["categories"][name]["auditRefs"]
        if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1
    }
    return figures, failed


def lighthouse_median(url: str, runs: int, out_dir: Path, chromium: str) -> tuple[dict[str, float], set[str]]:
    """The median of each figure over `runs` Lighthouse runs, and every audit any run failed."""
    results = [lighthouse(url, out_dir, chromium) for _ in range(runs)]
    median = {key: statistics.median(r[key] for r, _ in results) for key in results[0][0]}
    return median, set().union(*(failed for _, failed in results))


def lighthouse_row(name: str, result: tuple[dict[str, float], set[str]], bare_lcp: float) -> str:
    r, failed = result
    return (
        f"{name:28} {r['performance']:5.0f} {r['fcp'] / 1000:5.1f} s {r['lcp'] / 1000:5.1f} s "
        f"{(r['lcp'] - bare_lcp) / 1000:+5.1f} s {r['tbt']:5.0f} ms {r['dom']:6.0f} {r['accessibility']:5.0f} "
        f"{r['best-practices']:4.0f} {r['seo']:4.0f}  {' '.join(sorted(failed))}"
    )
