"""List, and check on demand, the external links the site cites: every data source's URL.

Usage: python tools/check_external_links.py [--list]
Not part of the test suite (it needs the network); run it before a release or an edition bump.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def source_urls() -> dict[str, list[str]]:
    """Every source URL in data/, with the entries that cite it."""
    from calc import load_data

    data = load_data()
    cited: dict[str, list[str]] = {}

    def add(url: str | None, where: str) -> None:
        if url:
            cited.setdefault(url, []).append(where)

    for chip in data.accelerators.values():
        for source in chip.sources:
            add(source.get("url"), f"accelerators/{chip.id}")
    for section in ("models", "interconnects", "latencies", "economics", "training"):
        raw = data.raw.get(section)
        for entry in raw if isinstance(raw, list) else ([raw] if raw else []):
            for source in entry.get("sources", []) if isinstance(entry, dict) else []:
                add(source.get("url"), f"{section}/{entry.get('id', '')}")
    return cited


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="only print the URLs and who cites them")
    args = parser.parse_args()
    cited = source_urls()
    if args.list:
        for url, where in sorted(cited.items()):
            print(f"{url}\t{', '.join(sorted(set(where)))}")
        return 0
    lychee = shutil.which("lychee", path=str(Path(sys.executable).parent)) or "lychee"
    return subprocess.run([lychee, "--no-progress", "--max-concurrency", "8", *sorted(cited)]).returncode


if __name__ == "__main__":
    sys.exit(main())
