"""Shared fixtures: the site is built once per run, served on 127.0.0.1, and one browser is shared."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.walks import new_page

# Property tests check values, not speed: a busy machine (or CI runner) must not fail them on a deadline.
settings.register_profile("x4", deadline=None)
settings.load_profile("x4")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


SITE_FIXTURES = {"built_site", "site_url"}


@pytest.fixture()
def data_dir(tmp_path: Path) -> Path:
    """A copy of this checkout's data/ (without its changes/ history), outside any git repository."""
    from calc._tooling.bundle import default_data_dir

    copy = tmp_path / "data"
    shutil.copytree(default_data_dir(), copy, ignore=shutil.ignore_patterns("changes"))
    return copy


@pytest.fixture()
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[int, str, str]]:
    """Run `python -m calc ARGS` in-process: (exit code, stdout, stderr). A `--data` folder does not outlive the test."""
    from calc import data_module
    from calc._tooling.cli import main

    monkeypatch.setattr(data_module, "_loaded", data_module.load_data())  # the checkout's data, loaded once

    def run(*args: object) -> tuple[int, str, str]:
        code = main([str(arg) for arg in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that need the built site are marked `site` (run alone with -m site, or left out with -m "not site")."""
    for item in items:
        if SITE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.site)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once with `mkdocs build --strict` (or $X4_SITE_DIR if already built)."""
    prebuilt = os.environ.get("X4_SITE_DIR")
    if prebuilt:
        return Path(prebuilt)
    site = tmp_path_factory.mktemp("site")
    # The console script, as `make build` and `make serve` run it (not `python -m`, which would put
    # the working directory on sys.path and hide import problems).
    # Not --quiet: it drops warnings before --strict counts them (a markdown-exec error would pass).
    build = subprocess.run(
        [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{build.stderr[-4000:]}", pytrace=False)
    return site


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL of the built site served on 127.0.0.1 with the headers of its _headers file (the CSP)."""
    from tools.static_server import read_headers_file, start_server

    server = start_server(built_site, headers=read_headers_file(built_site))
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for every browser test (path from $X4_CHROMIUM, default Debian's)."""
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("X4_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=BROWSER_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def desktop_walk(browser: object, site_url: str, built_site: Path) -> object:
    """Every page visited once on a desktop, for the tests that check every page (tests/walks.py)."""
    from tests.walks import walk_desktop

    return walk_desktop(browser, site_url, built_site)


@pytest.fixture(scope="session")
def phone_walk(browser: object, site_url: str, built_site: Path) -> object:
    """Every page visited once on a phone, for the tests that check every page (tests/walks.py)."""
    from tests.walks import walk_phone

    return walk_phone(browser, site_url, built_site)


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    """A fresh browser context and page per test; page errors and CSP violations are collected."""
    page = new_page(browser)
    yield page
    page.context.close()


@pytest.fixture()
def search(page: object) -> Callable[[str], None]:
    """Types a query into the theme's search box and returns once the last keystroke's results are shown."""

    def typed(query: str) -> None:
        page.click(".md-search__input")  # type: ignore[attr-defined]
        page.keyboard.type(query)  # type: ignore[attr-defined]
        page.wait_for_selector(".md-search-result__item", timeout=15_000)  # type: ignore[attr-defined]
        # The results follow each keystroke: read them once the last query's have replaced the ones before.
        page.wait_for_function(  # type: ignore[attr-defined]
            """() => {
                const now = document.querySelector('.md-search-result__meta').textContent;
                const same = now === window.__x4LastMeta;
                window.__x4LastMeta = now;
                return same;
            }""",
            polling=400,
            timeout=15_000,
        )

    return typed
