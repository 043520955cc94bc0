"""Benchmark the site in headless Chromium on 127.0.0.1 and print figures (no pass/fail).

Usage: python tools/bench.py [--site DIR] [--pages PATH ...] [--runs N] [--skip-lighthouse] [--skip-live]
(builds the site into a temp dir unless --site). Everything is served by a local server that compresses
as static hosts do: gzip for text and for Pyodide's wasm (brotli for the bytes column beside it).

Lighthouse (mobile, its default simulated throttling, the Chromium at $X4_CHROMIUM): every page type (home,
a chapter without calculator, each calculator page, a chip page, in both languages) beside a bare
mkdocs-material page built in the same run with the same theme version; the median of --runs runs each.

Live calculators, per calculator page: prerendered result visible; first live result, cold (median of 5)
and warm; a first edit made 1 s after load to its answer; the longest main-thread task, overall and while
the runtime loads, and the longest run of X4's own scripts (long-animation-frame attribution); bytes and
requests over gzip and over brotli. Per calculator and page (each language): recompute p50/p95 over 50 edits. The floor: a blank
page that only runs loadPyodide and one runPython.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.lighthouse import build_bare_site, lighthouse_median, lighthouse_row  # noqa: E402
from tools.static_server import SiteHandler, read_headers_file  # noqa: E402

CHROMIUM = os.environ.get("X4_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LONGTASKS = """
window.__x4LongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__x4LongTasks.push([e.startTime, e.duration]); })
  .observe({ type: "longtask", buffered: true });
// Long animation frames name the scripts that ran in them: which long work is X4's own.
window.__x4Scripts = [];
new PerformanceObserver((list) => {
  for (const frame of list.getEntries())
    for (const s of frame.scripts) window.__x4Scripts.push([s.startTime, s.duration, s.sourceURL]);
}).observe({ type: "long-animation-frame", buffered: true });
"""
# The floor, served from memory beside the site (no file is written into it, so runs never race over them)
# under the site's own CSP (from _headers), which allows it like any page script.
FLOOR_FILES = {
    "__bench_floor.html": '<!doctype html><meta charset="utf-8"><title>floor</title>'
    '<script type="module" src="__bench_floor.js"></script>',
    "__bench_floor.js": "const started = performance.now();\n"
    'const w = new Worker(new URL("__bench_floor_worker.mjs", import.meta.url), { type: "module" });\n'
    "// ms since navigation started, and since the worker was created\n"
    "w.onmessage = () => { window.__floor = [performance.now(), performance.now() - started]; };\n",
    "__bench_floor_worker.mjs": 'import { loadPyodide } from "./assets/pyodide/pyodide.mjs";\n'
    'const py = await loadPyodide({ indexURL: new URL("assets/pyodide/", import.meta.url).href });\n'
    'py.runPython("1 + 1");\npostMessage("done");\n',
}
# Pages beside the calculator pages: the home page is one of them; a chapter without calculator; a chip page.
PLAIN_PAGE_TYPES = ("motivation/", "accelerators/h100-sxm/")


class CompressingHandler(SiteHandler):
    """The site's server, compressing as a static host does: text and Pyodide's wasm, with gzip, or with
    brotli (quality 5, made once per file with Node's zlib) when `encoding` is "br". The snapshot is stored
    gzipped and keeps the Content-Encoding its _headers rule gives it."""

    encoding = "gzip"
    suffixes = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm"})

    def send_head(self):
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        floor = FLOOR_FILES.get(url_path.lstrip("/"))
        if floor is not None:
            body = floor.encode()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(url_path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        path = Path(self.translate_path(self.path))
        if path.is_dir() and url_path.endswith("/"):
            path = path / "index.html"
        accepted = self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and path.suffix in self.suffixes and self.encoding in accepted):
            return super().send_head()
        body = _compressed(str(path), path.stat().st_mtime, self.encoding)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", self.encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=1024)
def _compressed(path: str, mtime: float, encoding: str) -> bytes:
    data = Path(path).read_bytes()
    if encoding == "gzip":
        import gzip

        return gzip.compress(data, compresslevel=6, mtime=0)
    script = (
        "const z = require('zlib'); const chunks = []; process.stdin.on('data', (c) => chunks.push(c));"
        "process.stdin.on('end', () => process.stdout.write(z.brotliCompressSync(Buffer.concat(chunks),"
        " { params: { [z.constants.BROTLI_PARAM_QUALITY]: 5 } })));"
    )
    return subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout


def serve(site: Path, encoding: str = "gzip") -> ThreadingHTTPServer:
    """Serve `site` on 127.0.0.1 in a background thread, with its _headers rules, compressing with `encoding`."""
    handler = type("Handler", (CompressingHandler,), {"header_rules": read_headers_file(site), "encoding": encoding})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Traffic:
    def __init__(self, context: object) -> None:
        self.bytes = 0
        self.requests = 0
        context.on("requestfinished", self._done)  # type: ignore[attr-defined]

    def _done(self, request: object) -> None:
        self.requests += 1
        try:
            sizes = request.sizes()  # type: ignore[attr-defined]
            self.bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        except Exception:  # the page navigated away before the body was read
            pass


WAIT_FOR_ANSWER = """([selector, before, timeoutMs]) => new Promise((resolve, reject) => {
  const widget = document.querySelector(selector);
  const answered = () => (widget.x4Done || 0) > before;
  if (answered()) return resolve();
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`${selector}: no answer`)); }, timeoutMs);
  const observer = new MutationObserver(() => {
    if (answered()) { observer.disconnect(); clearTimeout(timer); resolve(); }
  });
  observer.observe(widget, { subtree: true, childList: true, characterData: true, attributes: true });
})"""


def wait_live(page: object, widget: str, sequence_before: int, timeout_ms: int = 120_000) -> None:
    """Wait for the widget's next answer; it must be a live result, not an error.

    Woken by the widget's own DOM changes, not by polling: a poll every few ms would take main-thread
    time from the page it measures (on 2 cores, a third of an edit's latency)."""
    page.evaluate(WAIT_FOR_ANSWER, [widget, sequence_before, timeout_ms])  # type: ignore[attr-defined]
    state = page.evaluate(f"document.querySelector('{widget}').dataset.x4State")  # type: ignore[attr-defined]
    if state != "live":
        raise RuntimeError(f"{widget}: expected a live result, got {state}")


def variant(value: str, step: int) -> str:
    """A valid nearby value for a numeric input (the default scaled by 1 + step/100)."""
    from calc import parse_si_number

    number = parse_si_number(value, field="bench", decimal_comma=True)
    scaled = number * (1 + step / 100)
    whole = round(scaled) if round(scaled) != number else int(number) + 1  # a small integer must still change
    text = str(whole) if number.is_integer() else repr(scaled)
    return text.replace(".", ",") if "," in value else text  # a Spanish page's decimal comma


def edit(page: object, widget: str, field: str, value: str) -> float:
    """Type `value` into `field`; returns ms from the input event to the answer in the page, as the
    page itself measures it (performance.now), so the driver's own overhead is not counted."""
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")  # type: ignore[attr-defined]
    page.fill(f"{widget} input[name={field}]", value)  # type: ignore[attr-defined]
    wait_live(page, widget, before)
    return float(page.evaluate(f"document.querySelector('{widget}').x4LatencyMs"))  # type: ignore[attr-defined]


# Where the first such input would make the edits invalid: the planner's count must stay TP × PP × DP.
BENCH_FIELDS = {"parallelism": "seq_len"}
# Calculators measured a second time with a select changed (the planner's layout search runs on every edit).
BENCH_VARIANTS = {"parallelism": ("search", "on")}


# 50 edits typed by a script in the page, one after another's answer has been painted (a reader types at
# human pace): driving each edit from outside (actionability checks, protocol round trips) costs the
# renderer and browser processes more CPU than the page's own work, and on 2 cores that time is taken
# from the worker being measured. Each latency is the page's own (input event to the answer in the page).
EDIT_SERIES = """async ([selector, field, values, timeoutMs]) => {
  const widget = document.querySelector(selector);
  const control = widget.querySelector(`input[name=${field}]`);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const latencies = [];
  for (const value of values) {
    const before = widget.x4Done || 0;
    const answered = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${selector}: no answer`)), timeoutMs);
      const observer = new MutationObserver(() => {
        if ((widget.x4Done || 0) > before) { observer.disconnect(); clearTimeout(timer); resolve(); }
      });
      observer.observe(widget, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    control.value = value;
    control.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
    await answered;
    if (widget.dataset.x4State !== "live") throw new Error(`${selector}: expected a live result, got ${widget.dataset.x4State}`);
    latencies.push(widget.x4LatencyMs);
    await frame();
    await frame();
  }
  return latencies;
}"""


def edit_series(page: object, widget: str, field: str, start: str, count: int = 50) -> list[float]:
    """Recompute latencies of `count` edits of `field`, values 1-7 % off `start` (see EDIT_SERIES)."""
    values = [variant(start, i % 7 + 1) for i in range(count)]
    return [float(v) for v in page.evaluate(EDIT_SERIES, [widget, field, values, 120_000])]  # type: ignore[attr-defined]


def first_number_field(page: object, widget: str) -> tuple[str, str]:
    """The first visible input with a value of at least 10 (so a 1-7 % change stays valid), else the first."""
    chosen = BENCH_FIELDS.get(str(page.get_attribute(widget, "data-calculator")))  # type: ignore[attr-defined]
    if chosen:
        return chosen, page.input_value(f"{widget} input[name={chosen}]")  # type: ignore[attr-defined]
    name = page.evaluate(  # type: ignore[attr-defined]
        f"((inputs) => (inputs.find((i) => parseFloat(i.value.replace(',', '.')) >= 10 || /[kMBGTP]$/.test(i.value))"
        " ?? inputs[0]).name)"  # a calculator of small numbers (acceptance 0.7): its first
        f"([...document.querySelectorAll('{widget} input')].filter((i) => i.checkVisibility() && i.value"
        " && !i.closest('[data-custom-of]')))"  # a custom chip's or model's fields hide once the form is bound
    )
    return name, page.input_value(f"{widget} input[name={name}]")  # type: ignore[attr-defined]


def widget_selector(name: str) -> str:
    return f'.x4-calc[data-calculator="{name}"]'


def recompute_latencies(page: Any, names: list[str]) -> dict[str, list[float]]:
    """Each calculator's recompute latencies over 50 edits of its first number field (and of its variant, if any)."""
    latencies: dict[str, list[float]] = {}
    for name in names:
        selector = widget_selector(name)
        page.locator(selector).scroll_into_view_if_needed()
        name_field, name_value = first_number_field(page, selector)
        try:
            latencies[name] = edit_series(page, selector, name_field, name_value)
        except Exception as error:  # one calculator's bad edit does not stop the run: it is reported
            print(f"  {name}: edits of {name_field} failed ({str(error).splitlines()[0][:120]})", flush=True)
            continue
        if name in BENCH_VARIANTS:
            select, option = BENCH_VARIANTS[name]
            before = page.evaluate(f"document.querySelector('{selector}').x4Done || 0")
            control = f"{selector} select[name={select}]"
            if not page.query_selector(control):  # "More options" comes into the page when opened (x4-later.js)
                page.click(f"{selector} .x4-calc__more > summary")
            page.wait_for_selector(control, state="attached")
            page.eval_on_selector(control, "c => c.closest('details')?.setAttribute('open', '')")
            # A reader reaches a select before it opens it: its list comes in then (x4-later.js).
            page.focus(control)
            page.select_option(control, option)
            wait_live(page, selector, before)
            latencies[f"{name} {select}={option}"] = edit_series(page, selector, name_field, name_value)
    return latencies


def bench_calculator_page(browser: object, base: str, path: str) -> tuple[dict[str, float], dict[str, list[float]]]:
    """The page's figures (its first calculator), and each calculator's recompute latencies (50 edits)."""
    out: dict[str, float] = {}
    context = browser.new_context()  # type: ignore[attr-defined]
    traffic = Traffic(context)
    page = context.new_page()
    page.add_init_script(LONGTASKS)
    start = time.perf_counter()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(".x4-calc [data-q]", state="visible")
    out["prerendered_ms"] = (time.perf_counter() - start) * 1000
    names = page.eval_on_selector_all(".x4-calc", "ws => ws.map((w) => w.dataset.calculator)")
    widget = widget_selector(names[0])
    page.wait_for_load_state("load")
    page.wait_for_selector("html[data-x4-runtime=ready]", timeout=120_000)
    field, value = first_number_field(page, widget)  # once the forms are bound (fields shown or hidden)
    page.wait_for_timeout(200)  # let the observer deliver the last entries
    tasks = page.evaluate("window.__x4LongTasks")
    start_mark, ready_mark = page.evaluate(
        "['x4-runtime-start', 'x4-runtime-ready'].map(n => performance.getEntriesByName(n)[0].startTime)"
    )
    out["longest_task_ms"] = max([d for _, d in tasks] or [0])
    out["longest_task_loading_ms"] = max([d for t, d in tasks if t < ready_mark and t + d > start_mark] or [0])
    scripts = page.evaluate("window.__x4Scripts")
    out["longest_x4_script_ms"] = max([d for _, d, url in scripts if "/assets/x4/" in url] or [0])
    out["bytes"] = traffic.bytes
    out["requests"] = traffic.requests
    out["mode_snapshot"] = 1.0 if page.evaluate("document.documentElement.dataset.x4RuntimeMode") == "snapshot" else 0.0
    latencies = recompute_latencies(page, names)
    # Warm: reload with the HTTP cache filled, edit at once.
    start = time.perf_counter()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(f"{widget} [data-q]", state="visible")
    page.fill(f"{widget} input[name={field}]", variant(value, 1))
    wait_live(page, widget, 0)
    out["first_live_warm_ms"] = (time.perf_counter() - start) * 1000
    context.close()
    # A reader's first edit, made 1 s after load, on a cold cache.
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + path)
    page.wait_for_timeout(1000)
    out["edit_after_1s_ms"] = edit(page, widget, field, variant(value, 2))
    out["runtime_start_ms"], out["runtime_ready_ms"] = page.evaluate(
        "['x4-runtime-start', 'x4-runtime-ready'].map(n => performance.getEntriesByName(n)[0]?.startTime ?? -1)"
    )
    context.close()
    return out, latencies


COLD_RUNS = 5  # cold loads of each calculator page, each followed by one of the floor page


def bench_cold_first_live(browser: object, base: str, path: str) -> tuple[float, float]:
    """Navigation start to the first live answer on screen, as the page measures it (cold cache),
    the reader editing as soon as the form exists."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(".x4-calc input")
    widget = widget_selector(str(page.get_attribute(".x4-calc", "data-calculator")))  # the first calculator
    field, value = first_number_field(page, widget)
    page.fill(f"{widget} input[name={field}]", variant(value, 1))
    wait_live(page, widget, 0)
    elapsed, runtime_start = page.evaluate(
        "[window.x4FirstLiveAt, performance.getEntriesByName('x4-runtime-start')[0].startTime]"
    )
    context.close()
    return float(elapsed), float(elapsed) - float(runtime_start)


def page_bytes(browser: object, base: str, path: str) -> tuple[float, float]:
    """Bytes and requests of a cold load of `path`, the runtime included when the page has one."""
    context = browser.new_context()  # type: ignore[attr-defined]
    traffic = Traffic(context)
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    if page.query_selector(".x4-calc, .x4-scratchpad"):
        page.wait_for_selector("html[data-x4-runtime=ready]", timeout=120_000)
    page.wait_for_load_state("networkidle")
    context.close()
    return float(traffic.bytes), float(traffic.requests)


def bench_floor(browser: object, base: str) -> tuple[float, float]:
    """The end of one runPython on a blank page (cold cache), as the page measures it: ms from
    navigation start, and ms from the worker's creation (to compare with a calculator's runtime start)."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + "__bench_floor.html", wait_until="commit")
    page.wait_for_function("() => window.__floor !== undefined", timeout=120_000, polling=5)
    from_navigation, from_worker = page.evaluate("window.__floor")
    context.close()
    return float(from_navigation), float(from_worker)


def pages_with(site: Path, needle: str, present: bool) -> list[str]:
    found = []
    for html in sorted(site.rglob("index.html")):
        text = html.read_text(encoding="utf-8", errors="replace")
        if (needle in text) == present:
            rel = html.parent.relative_to(site).as_posix()
            found.append("" if rel == "." else rel + "/")
    return found


def run_lighthouse(site: Path, base: str, tmp: Path, pages: list[str], runs: int) -> None:
    bare = serve(build_bare_site(tmp))
    try:
        bare_result = lighthouse_median(f"http://127.0.0.1:{bare.server_port}/", runs, tmp, CHROMIUM)
    finally:
        bare.shutdown()
        bare.server_close()
    bare_lcp = bare_result[0]["lcp"]
    print(f"\nLighthouse 12, mobile, default (simulated) throttling; median of {runs} runs per page")
    print(
        f"{'page':28} {'perf':>5} {'FCP':>7} {'LCP':>7} {'ΔLCP':>7} {'TBT':>8} {'DOM':>6} {'a11y':>5} {'bp':>4} "
        f"{'seo':>4}  failed audits"
    )
    print(lighthouse_row("bare Material page", bare_result, bare_lcp), flush=True)
    for path in pages:
        print(
            lighthouse_row(path or "(home)", lighthouse_median(base + path, runs, tmp, CHROMIUM), bare_lcp), flush=True
        )


def bench_live_row(
    browser: object,
    base: str,
    base_br: str,
    path: str,
    floors: list[tuple[float, float]],
    recompute: dict[tuple[str, str], list[float]],
) -> None:
    """One calculator page's row of the live table; its calculators' latencies go into `recompute`.

    Its cold loads alternate with loads of the floor page, and the row divides by those floors: the
    machine's speed drifts by a third over a run, so a floor measured minutes apart would not compare."""
    r, latencies = bench_calculator_page(browser, base, path)
    recompute.update({(name, path): values for name, values in latencies.items()})
    runs, row_floors = [], []
    for _ in range(COLD_RUNS):
        runs.append(bench_cold_first_live(browser, base, path))
        row_floors.append(bench_floor(browser, base))
    floors += row_floors
    cold = statistics.median(run[0] for run in runs)
    cold_runtime = statistics.median(run[1] for run in runs)
    floor = statistics.median(f[0] for f in row_floors)
    floor_runtime = statistics.median(f[1] for f in row_floors)
    br_bytes, _ = page_bytes(browser, base_br, path)
    print(
        f"{path or '(home)':22} {r['prerendered_ms']:9.0f} {floor:6.0f} {cold:6.0f} {cold / floor:7.2f} {cold_runtime:7.0f} "
        f"{cold_runtime / floor_runtime:6.2f} {r['first_live_warm_ms']:6.0f} {r['edit_after_1s_ms']:7.0f} "
        f"{r['longest_task_ms']:8.0f} {r['longest_task_loading_ms']:7.0f} {r['longest_x4_script_ms']:5.0f} "
        f"{r['bytes'] / 1024:7.0f} {br_bytes / 1024:7.0f} {r['requests']:4.0f} {r['runtime_start_ms']:6.0f} "
        f"{r['runtime_ready_ms']:6.0f}" + ("" if r["mode_snapshot"] else "  (plain start: no snapshot)"),
        flush=True,
    )


def run_live(browser: object, site: Path, base: str, base_br: str, pages: list[str]) -> None:
    print(
        "floor: the blank page's loadPyodide + one runPython, from navigation, median of the loads alternated "
        "with the row's; cold/fl: navigation to first live answer / that floor; rt/fl: runtime start to that "
        "answer / the floor from its worker's start; KiB gz, KiB br: KiB (1024 bytes) over gzip, brotli"
    )
    print(
        f"{'page':22} {'prerender':>9} {'floor':>6} {'cold':>6} {'cold/fl':>7} {'rt→live':>7} {'rt/fl':>6} {'warm':>6} "
        f"{'edit@1s':>7} {'longtask':>8} {'lt@load':>7} {'x4 js':>5} {'KiB gz':>7} {'KiB br':>7} {'req':>4} "
        f"{'start':>6} {'ready':>6}"
    )
    recompute: dict[tuple[str, str], list[float]] = {}  # per calculator and page: each language's page is measured
    floors: list[tuple[float, float]] = []
    for path in pages:
        try:
            bench_live_row(browser, base, base_br, path, floors, recompute)
        except Exception as error:  # reported, and the run goes on to the next page
            print(f"{path or '(home)':22} failed: {str(error).splitlines()[0][:150]}", flush=True)
    if floors:
        print(
            f"floor over the run: {min(f[0] for f in floors):.0f}-{max(f[0] for f in floors):.0f} ms from navigation "
            f"(median {statistics.median(f[0] for f in floors):.0f}), {len(floors)} loads"
        )
    print(f"\n{'calculator':24} {'page':22} {'p50':>6} {'p95':>6}  recompute over 50 edits, ms")
    for (name, path), values in sorted(recompute.items()):
        p95 = statistics.quantiles(values, n=20)[18]
        print(f"{name:24} {path or '(home)':22} {statistics.median(values):6.1f} {p95:6.1f}")
    print(f"\n{'page without calculator':40} {'KiB gz':>7} {'req':>4}")
    for path in pages_with(site, "x4-calc.js", False):  # no calculator, no scratchpad
        size, requests = page_bytes(browser, base, path)
        flag = "  OVER 500 KiB" if size > 500 * 1024 else ""
        print(f"{path:40} {size / 1024:7.0f} {requests:4.0f}{flag}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--pages", nargs="*", help="calculator page paths to measure (default: every one)")
    parser.add_argument("--lighthouse-pages", nargs="*", help="pages for Lighthouse (default: every page type)")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (the median is printed)")
    parser.add_argument("--skip-lighthouse", action="store_true")
    parser.add_argument("--skip-live", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        site = args.site
        if site is None:
            site = tmp / "site"
            subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)], cwd=ROOT, check=True
            )
        server, server_br = serve(site), serve(site, "br")
        base = f"http://127.0.0.1:{server.server_port}/"
        base_br = f"http://127.0.0.1:{server_br.server_port}/"
        calculator_pages = args.pages if args.pages is not None else pages_with(site, 'class="x4-calc"', True)
        try:
            if not args.skip_live:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                    run_live(browser, site, base, base_br, calculator_pages)
                    browser.close()
            if not args.skip_lighthouse:
                every = pages_with(site, 'class="x4-calc"', True)
                types = sorted({*every, *PLAIN_PAGE_TYPES, *(f"es/{p}" for p in PLAIN_PAGE_TYPES)})
                run_lighthouse(site, base, tmp, args.lighthouse_pages or types, args.runs)
        finally:
            for running in (server, server_br):
                running.shutdown()
                running.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
