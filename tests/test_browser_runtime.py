"""How the page's runtime starts: from the build's memory snapshot, with the plain start as the fallback,
and on a reader's first interaction even before the page has finished loading."""

from __future__ import annotations

import gzip
import json
import re
import struct
import time
import zipfile
from pathlib import Path

import pytest

import calc
from calc import warm_up_cases

READY_TIMEOUT_MS = 60_000
ROOFLINE = '.x4-calc[data-calculator="roofline"]'
ROOT = Path(__file__).resolve().parents[1]
# The Pyodide release whose private snapshot options (`_makeSnapshot`, `_loadSnapshot`) the build and the worker use.
CHECKED_PYODIDE = "314.0.7"


def _wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of a wasm module (address, bytes): its initial memory."""

    def leb128(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = wasm[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value, at

    at = 8
    while at < len(wasm):
        section, (size, at) = wasm[at], leb128(at + 1)
        if section == 11:
            count, cursor = leb128(at)
            segments = []
            for _ in range(count):
                flags, cursor = leb128(cursor)
                assert flags == 0 and wasm[cursor] == 0x41, "an active segment at an i32.const address"
                address, cursor = leb128(cursor + 1)
                assert wasm[cursor] == 0x0B
                length, cursor = leb128(cursor + 1)
                segments.append((address, wasm[cursor : cursor + length]))
                cursor += length
            return segments
        at += size
    return []


def _expand_sparse(packed: bytes, wasm: bytes) -> bytes:
    """The full snapshot from the build's sparse file (layout documented in tools/make_snapshot.mjs),
    with the wasm's initial memory XOR-ed back into its heap."""
    assert packed[:8] == b"X4SPARS2"
    full_length, heap_offset, runs = struct.unpack_from("<III", packed, 8)
    full = bytearray(full_length)
    source = 20 + runs * 8
    previous_end = 0
    for i in range(runs):
        offset, length = struct.unpack_from("<II", packed, 20 + i * 8)
        assert offset >= previous_end and offset + length <= full_length, f"run {i} out of order or out of range"
        full[offset : offset + length] = packed[source : source + length]
        source += length
        previous_end = offset + length
    assert source == len(packed), "bytes after the last run"
    for address, data in _wasm_data_segments(wasm):
        start, end = heap_offset + address, heap_offset + address + len(data)
        xored = int.from_bytes(full[start:end], "little") ^ int.from_bytes(data, "little")
        full[start:end] = xored.to_bytes(len(data), "little")
    return bytes(full)


def test_snapshot_file_expands_to_a_pyodide_snapshot(built_site: Path) -> None:
    """The sparse file holds a whole Pyodide snapshot (it starts with Pyodide's own magic, and the wasm's
    static data is back in its heap) and is much smaller than it: zero pages and the bytes that the
    wasm's initial memory already holds are left out."""
    packed = gzip.decompress((built_site / "assets/x4/pyodide-snapshot.bin.gz").read_bytes())
    wasm = (built_site / "assets/pyodide/pyodide.asm.wasm").read_bytes()
    full = _expand_sparse(packed, wasm)
    assert full[:4] == b"\0snp"
    # CPython's static strings live in the wasm's data segments, unchanged by start-up: the packed file
    # leaves them out (XOR-ed to zeros) and the expansion brings them back.
    assert packed.count(b"division by zero") < full.count(b"division by zero")
    assert len(packed) < 0.6 * len(full)


def test_served_stdlib_keeps_what_readers_use(built_site: Path) -> None:
    """The standard library the site serves is trimmed (about 1 MB less per calculator page) and keeps
    what the calculators and the scratchpad use; the codecs a page decodes with stay."""
    served = zipfile.ZipFile(built_site / "assets/pyodide/python_stdlib.zip").namelist()
    tops = {name.split("/")[0].removesuffix(".py") for name in served}
    assert {"statistics", "json", "decimal", "fractions", "re", "dataclasses", "asyncio", "zipfile"} <= tops
    assert {"encodings/utf_8.py", "encodings/latin_1.py", "encodings/idna.py"} <= set(served)
    assert not {"http", "email", "unittest", "pdb", "_pyrepl", "multiprocessing"} & tops
    full = ROOT / "node_modules/pyodide/python_stdlib.zip"
    assert (built_site / "assets/pyodide/python_stdlib.zip").stat().st_size < 0.7 * full.stat().st_size


def _wait_ready(page: object) -> str:
    page.wait_for_selector("html[data-x4-runtime=ready]", timeout=READY_TIMEOUT_MS)  # type: ignore[attr-defined]
    return page.evaluate("document.documentElement.dataset.x4RuntimeMode")  # type: ignore[attr-defined]


def _attainable_at_intensity_3() -> str:
    """calc's own answer for the roofline defaults with an intensity of 3 FLOP/byte (not the default)."""
    inputs = {**calc.CALCULATORS["roofline"].defaults(), "intensity": "3"}
    return calc.run("roofline", inputs, "en")["formatted"]["attainable_flop_per_s"]


def _wait_live_answer(page: object) -> str:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(w) => document.querySelector(w).dataset.x4State === 'live'", arg=ROOFLINE, timeout=READY_TIMEOUT_MS
    )
    return page.text_content(f'{ROOFLINE} [data-q="attainable_flop_per_s"]')  # type: ignore[attr-defined]


def _edit_and_read(page: object) -> str:
    page.fill(f"{ROOFLINE} input[name=intensity]", "3")  # type: ignore[attr-defined]
    return _wait_live_answer(page)


@pytest.mark.browser
def test_runtime_restores_the_snapshot(page: object, site_url: str) -> None:
    """The snapshot restores, and the wasm it needs for that is downloaded once (the worker shares it)."""
    wasm_requests: list[str] = []
    page.on("request", lambda request: request.url.endswith(".wasm") and wasm_requests.append(request.url))  # type: ignore[attr-defined]
    page.goto(f"{site_url}roofline/")
    mode = _wait_ready(page)
    reason = page.evaluate("document.documentElement.dataset.x4RuntimeFallback || ''")
    assert mode == "snapshot", f"the worker started plain: {reason}"
    assert _edit_and_read(page) == _attainable_at_intensity_3()
    assert page.x4_errors == []
    assert len(wasm_requests) == 1, wasm_requests


@pytest.mark.browser
def test_plain_start_when_the_snapshot_is_refused(page: object, site_url: str) -> None:
    """A host that refuses the snapshot still gets live calculators, through the plain start."""
    page.context.route("**/pyodide-snapshot.bin.gz", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}roofline/")
    assert _wait_ready(page) == "plain"
    assert _edit_and_read(page) == _attainable_at_intensity_3()


@pytest.mark.browser
@pytest.mark.parametrize(
    "held, runtime_starts_first",
    [
        ("**/bundle.*.min.js", True),  # Material's script: x4-calc.js has run, the forms are not bound yet
        ("**/assets/x4/x4-calc.js", False),  # the calculators' own script has not even run
    ],
)
def test_an_edit_made_while_the_page_loads_is_answered(
    page: object, site_url: str, held: str, runtime_starts_first: bool
) -> None:
    """The reader types before the page has finished loading: the edit is answered once the forms
    are bound, and the runtime starts at once if the calculators' script is already there."""
    routes: list[object] = []
    page.context.route(held, lambda route: routes.append(route))
    page.goto(f"{site_url}roofline/", wait_until="commit")
    page.wait_for_selector(f"{ROOFLINE} input[name=intensity]")
    page.fill(f"{ROOFLINE} input[name=intensity]", "3")
    if runtime_starts_first:
        page.wait_for_function("() => performance.getEntriesByName('x4-runtime-start').length > 0", timeout=10_000)
        assert page.evaluate("document.readyState") == "loading"
    else:
        assert page.evaluate("performance.getEntriesByName('x4-runtime-start').length") == 0
    deadline = time.monotonic() + 10
    while not routes and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    for route in routes:
        route.continue_()
    assert _wait_live_answer(page) == _attainable_at_intensity_3()
    page.wait_for_url("**roofline.intensity=3**", timeout=5_000)  # the address follows 300 ms after the edit


@pytest.mark.browser
def test_warm_up_runs_the_pages_cases_and_yields_to_edits(page: object, site_url: str, built_site: Path) -> None:
    """Once the forms are bound, the worker runs calc's warm-up cases for the page's calculators, but only
    while the reader is idle: a reader editing every 100 ms from the first paint holds it back past the
    runtime's start, and it finishes once the edits stop."""
    html = (built_site / "training-cost" / "index.html").read_text(encoding="utf-8")
    names = list(dict.fromkeys(re.findall(r'class="x4-calc" data-calculator="([a-z0-9-]+)"', html)))
    widget = f'.x4-calc[data-calculator="{names[0]}"]'
    page.goto(f"{site_url}training-cost/", wait_until="commit")
    page.wait_for_selector(f"{widget} input")
    field = page.evaluate(f"document.querySelector('{widget} input').name")
    value = page.input_value(f"{widget} input[name={field}]")
    warmed_while_editing = []
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
    while len(warmed_while_editing) < 15 and time.monotonic() < deadline:
        page.fill(f"{widget} input[name={field}]", value)
        page.wait_for_timeout(100)
        if page.evaluate("document.documentElement.dataset.x4Runtime") == "ready":
            warmed_while_editing.append(page.evaluate("document.documentElement.dataset.x4Warmed"))
    assert len(warm_up_cases(names)) > 2
    assert warmed_while_editing == [None] * 15
    page.wait_for_function("() => document.documentElement.dataset.x4Warmed", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.x4Warmed") == str(len(warm_up_cases(names)))


def test_the_private_snapshot_options_are_pinned_to_the_checked_pyodide() -> None:
    """Pyodide marks its snapshot options private, so package.json and its lock pin the release they were checked
    against exactly, the installed release still declares them, and the worker keeps the public start as its
    fallback. Upgrading Pyodide fails here until the snapshot path is checked again."""
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    installed = ROOT / "node_modules/pyodide"
    assert package["dependencies"]["pyodide"] == CHECKED_PYODIDE
    assert lock["packages"]["node_modules/pyodide"]["version"] == CHECKED_PYODIDE
    assert json.loads((installed / "package.json").read_text(encoding="utf-8"))["version"] == CHECKED_PYODIDE
    types = (installed / "pyodide.d.ts").read_text(encoding="utf-8")
    assert "_makeSnapshot?: boolean;" in types and "makeMemorySnapshot(" in types
    assert "_loadSnapshot?: Uint8Array | ArrayBuffer | PromiseLike<Uint8Array | ArrayBuffer>;" in types
    worker = (ROOT / "overrides/assets/x4/x4-worker.js").read_text(encoding="utf-8")
    assert "loadPyodide({ indexURL, _loadSnapshot: snapshot })" in worker
    assert "loadPyodide({ indexURL })" in worker and "pyodide = await startPlain();" in worker
