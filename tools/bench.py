"""Benchmark the live calculators in headless Chromium on 127.0.0.1 and print figures (no pass/fail).

Usage: python tools/bench.py [--site DIR] [--pages PATH ...]   (builds the site into a temp dir unless --site)
Per calculator page: prerendered result visible; first live result, cold (median of 5) and warm; a first
edit made 1 s after load to its answer; recompute p50/p95 over 50 edits; the longest main-thread task,
overall and while the runtime loads, and the longest run of X4's own scripts (long-animation-frame
attribution); bytes and requests. Also per plain page: bytes and requests. And the floor: a blank page
that only runs loadPyodide and one runPython.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.static_server import read_headers_file, start_server  # noqa: E402

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
# The floor, served as files so the site's own CSP (from _headers) allows it like any page script.
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

    def reset(self) -> None:
        self.bytes = self.requests = 0


def wait_live(page: object, widget: str, sequence_before: int, timeout_ms: int = 120_000) -> None:
    """Wait for the widget's next answer; it must be a live result, not an error."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "([w, n]) => (document.querySelector(w).x4Done || 0) > n",
        arg=[widget, sequence_before],
        timeout=timeout_ms,
        polling=5,
    )
    state = page.evaluate(f"document.querySelector('{widget}').dataset.x4State")  # type: ignore[attr-defined]
    if state != "live":
        raise RuntimeError(f"{widget}: expected a live result, got {state}")


def variant(value: str, step: int) -> str:
    """A valid nearby value for a numeric input (the default scaled by 1 + step/100)."""
    from calc import parse_si_number

    number = parse_si_number(value, field="bench", decimal_comma=True)
    scaled = number * (1 + step / 100)
    return str(round(scaled)) if number.is_integer() else repr(scaled)


def edit(page: object, widget: str, field: str, value: str) -> float:
    """Type `value` into `field`; returns ms from the input event to the answer in the page, as the
    page itself measures it (performance.now), so the driver's own overhead is not counted."""
    before = page.evaluate(f"document.querySelector('{widget}').x4Done || 0")  # type: ignore[attr-defined]
    page.fill(f"{widget} input[name={field}]", value)  # type: ignore[attr-defined]
    wait_live(page, widget, before)
    return float(page.evaluate(f"document.querySelector('{widget}').x4LatencyMs"))  # type: ignore[attr-defined]


def first_number_field(page: object, widget: str) -> tuple[str, str]:
    """The first visible input with a value of at least 10 (so a 1-7 % change stays valid)."""
    name = page.evaluate(  # type: ignore[attr-defined]
        f"[...document.querySelectorAll('{widget} input')].find(i => !i.closest('[hidden]') && i.value"
        " && (parseFloat(i.value.replace(',', '.')) >= 10 || /[kMBGTP]$/.test(i.value))).name"
    )
    return name, page.input_value(f"{widget} input[name={name}]")  # type: ignore[attr-defined]


def bench_calculator_page(browser: object, base: str, path: str) -> dict[str, float]:
    out: dict[str, float] = {}
    context = browser.new_context()  # type: ignore[attr-defined]
    traffic = Traffic(context)
    page = context.new_page()
    page.add_init_script(LONGTASKS)
    start = time.perf_counter()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(".x4-calc [data-q]", state="visible")
    out["prerendered_ms"] = (time.perf_counter() - start) * 1000
    widget = ".x4-calc"
    field, value = first_number_field(page, widget)
    page.wait_for_load_state("load")
    page.wait_for_selector("html[data-x4-runtime=ready]", timeout=120_000)
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
    latencies = [edit(page, widget, field, variant(value, i % 7 + 1)) for i in range(50)]
    out["recompute_p50_ms"] = statistics.median(latencies)
    out["recompute_p95_ms"] = statistics.quantiles(latencies, n=20)[18]
    # Warm: reload with the HTTP cache filled, edit at once.
    start = time.perf_counter()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(".x4-calc [data-q]", state="visible")
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
    return out


def bench_cold_first_live(browser: object, base: str, path: str) -> tuple[float, float]:
    """Navigation start to the first live answer on screen, as the page measures it (cold cache),
    the reader editing as soon as the form exists."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + path, wait_until="commit")
    page.wait_for_selector(".x4-calc input")
    field, value = first_number_field(page, ".x4-calc")
    page.fill(f".x4-calc input[name={field}]", variant(value, 1))
    wait_live(page, ".x4-calc", 0)
    elapsed, runtime_start = page.evaluate(
        "[window.x4FirstLiveAt, performance.getEntriesByName('x4-runtime-start')[0].startTime]"
    )
    context.close()
    return float(elapsed), float(elapsed) - float(runtime_start)


def bench_plain_page(browser: object, base: str, path: str) -> dict[str, float]:
    context = browser.new_context()  # type: ignore[attr-defined]
    traffic = Traffic(context)
    page = context.new_page()
    page.goto(base + path, wait_until="networkidle")
    out = {"bytes": float(traffic.bytes), "requests": float(traffic.requests)}
    context.close()
    return out


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--pages", nargs="*", help="calculator page paths to measure (default: every one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)], cwd=ROOT, check=True
            )
        for name, text in FLOOR_FILES.items():
            (site / name).write_text(text, encoding="utf-8")
        server = start_server(site, headers=read_headers_file(site))
        base = f"http://127.0.0.1:{server.server_port}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("X4_CHROMIUM", "/usr/bin/chromium"), headless=True, args=ARGS
                )
                floors = [bench_floor(browser, base) for _ in range(3)]
                floor = statistics.median(f[0] for f in floors)
                floor_runtime = statistics.median(f[1] for f in floors)
                print(
                    f"floor (blank page: loadPyodide + one runPython): {floor:.0f} ms from navigation, "
                    f"{floor_runtime:.0f} ms from its worker's start"
                )
                print(
                    "cold/fl: navigation to first live answer / floor from navigation; "
                    "rt/fl: runtime start to that answer / floor from its worker's start"
                )
                print(
                    f"{'page':28} {'prerender':>9} {'cold':>7} {'cold/fl':>7} {'rt→live':>7} {'rt/fl':>6} {'warm':>7} {'edit@1s':>8} {'p50':>6} {'p95':>6} {'longtask':>8} {'lt@load':>7} {'x4 js':>5} {'KB':>8} {'req':>4} {'start':>6} {'ready':>6}"
                )
                for path in args.pages or pages_with(site, 'class="x4-calc"', True):
                    r = bench_calculator_page(browser, base, path)
                    runs = [bench_cold_first_live(browser, base, path) for _ in range(5)]
                    cold = statistics.median(r[0] for r in runs)
                    cold_runtime = statistics.median(r[1] for r in runs)
                    print(
                        f"{path:28} {r['prerendered_ms']:9.0f} {cold:7.0f} {cold / floor:7.2f} {cold_runtime:7.0f} {cold_runtime / floor_runtime:6.2f} {r['first_live_warm_ms']:7.0f} "
                        f"{r['edit_after_1s_ms']:8.0f} {r['recompute_p50_ms']:6.1f} {r['recompute_p95_ms']:6.1f} "
                        f"{r['longest_task_ms']:8.0f} {r['longest_task_loading_ms']:7.0f} {r['longest_x4_script_ms']:5.0f} {r['bytes'] / 1024:8.0f} {r['requests']:4.0f}"
                        f" {r['runtime_start_ms']:6.0f} {r['runtime_ready_ms']:6.0f}"
                        + ("" if r["mode_snapshot"] else "  (plain start: no snapshot)")
                    )
                print(f"\n{'page without calculator':40} {'KB':>8} {'req':>4}")
                for path in pages_with(site, "x4-calc.js", False):  # no calculator, no scratchpad
                    r = bench_plain_page(browser, base, path)
                    flag = "  OVER 500 KB" if r["bytes"] > 500 * 1024 else ""
                    print(f"{path:40} {r['bytes'] / 1024:8.0f} {r['requests']:4.0f}{flag}")
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
            for name in FLOOR_FILES:
                (site / name).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
