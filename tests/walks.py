"""Two visits of every built page, shared by the browser tests that check every page: one on a desktop (errors,
accessibility in both colour schemes, what a page without Python transfers, its tables) and one on a phone (width,
tables, and on calculator pages tap targets and reserved heights). Each page is loaded once per walk instead of
once per test, which is most of what these tests cost. Also the fresh page every browser test starts from."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""


def new_page(browser: object) -> Any:
    """A page in a fresh browser context, collecting its page errors and CSP violations in `x4_errors`."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    page.x4_errors = []
    page.on("pageerror", lambda error: page.x4_errors.append(str(error)))
    page.on(
        "console",
        lambda message: page.x4_errors.append(message.text) if "Content Security Policy" in message.text else None,
    )
    page.add_init_script(CSP_LISTENER)
    return page


ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LIGHTHOUSE_PHONE = {"width": 412, "height": 823}  # Lighthouse's mobile viewport
NARROW_PHONE = {"width": 360, "height": 800}  # the narrowest common phone
RUNS_PYTHON = ("x4-calc", "x4-scratchpad", "x4-drill")

# Transitions off, so axe reads each colour as the scheme sets it, not halfway through the theme's fade.
NO_TRANSITIONS = """() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""
SCHEME = "() => document.body.dataset.mdColorScheme === 'slate' ? 'dark' : 'light'"
# The rules whose outcome a colour scheme can change; the others read the same document in either scheme.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

# Per shown table (every <details> opened first, so a closed one's table is measured too): its class, whether it
# fits its column or else scrolls inside a box within the screen, whether its row names stay in view while it
# scrolls, and whether a row's prose (and a caption) keeps within that box; and cells that wrap to more than 8
# lines, with their width in em: a narrow column of prose (a notes column squeezed beside wide figures).
TABLES = """(width) => {
  for (const details of document.querySelectorAll('article details')) details.open = true;
  return [...document.querySelectorAll('article table')].filter((t) => t.checkVisibility()).map((table) => {
    let scroller = null;
    for (let e = table; e && e.tagName !== 'ARTICLE'; e = e.parentElement) {
      const r = e.getBoundingClientRect();
      if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && r.left >= -0.5 && r.right <= width + 0.5) { scroller = e; break; }
    }
    const box = (scroller || table).getBoundingClientRect();
    const scrolls = scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
    const names = [...table.querySelectorAll('tbody th[scope="row"]')];
    const pinned = names.every((th) => getComputedStyle(th).position === 'sticky');
    const prose = [...table.querySelectorAll('.x4-detail__text, .x4-caption')].every((e) => e.getBoundingClientRect().right <= box.right + 0.5);
    const narrow = [...table.querySelectorAll('td, th')].flatMap((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const style = getComputedStyle(cell);
      const lines = range.getBoundingClientRect().height / parseFloat(style.lineHeight) - cell.querySelectorAll('br').length;
      const em = cell.getBoundingClientRect().width / parseFloat(style.fontSize);
      return lines > 8 && em < 20 ? [`${cell.textContent.slice(0, 40)}: ${lines.toFixed(1)} lines in ${em.toFixed(1)} em`] : [];
    });
    const inside = box.left >= -0.5 && box.right <= width + 0.5;
    return [table.className, inside, scrolls, pinned, prose, narrow];
  });
}"""

# A calculator off screen is not laid out (content-visibility) and stands in at the height x4.css reserves
# for it; drawn, it must fit there, or checkers and anchors meet it laid over what follows.
OUTGROWN_RESERVATIONS = """() => [...document.querySelectorAll('.md-content__inner > .x4-calc')].flatMap((widget) => {
  const reserved = parseFloat(getComputedStyle(widget).containIntrinsicHeight.split(' ').pop());
  widget.style.contentVisibility = 'visible';
  const height = Math.ceil(widget.getBoundingClientRect().height);
  return height <= reserved ? [] : [[widget.dataset.calculator, reserved, height]]; // none reserved: NaN
})"""


def site_pages(site: Path) -> list[str]:
    """Every built page's path under the site's root ("" for the home page, else ending in "/")."""
    pages = []
    for html in sorted(site.rglob("index.html")):
        rel = html.parent.relative_to(site).as_posix()
        pages.append("" if rel == "." else rel + "/")
    return pages


def page_html(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


@dataclass
class DesktopWalk:
    """What a desktop visit of every page saw: console and network problems, axe-core's serious violations per
    colour scheme, what each page that runs no Python transferred from an empty cache (bytes and URLs), and the
    figures of its shown tables (TABLES' rows)."""

    problems: list[str] = field(default_factory=list)
    violations: dict[str, list[str]] = field(default_factory=lambda: {"light": [], "dark": []})
    transfers: dict[str, tuple[int, list[str]]] = field(default_factory=dict)
    tables: dict[str, list[list[Any]]] = field(default_factory=dict)


@dataclass
class PhoneWalk:
    """What a phone visit of every page saw: its scrolling width at 390 px, its tables' figures there, and on
    calculator pages axe-core's target-size violations at Lighthouse's 412 px and each calculator that outgrows
    its reserved height at 360 px."""

    widths: dict[str, int] = field(default_factory=dict)
    tables: dict[str, list[list[Any]]] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)
    outgrown: list[str] = field(default_factory=list)


def serious_violations(page: Any, path: str, axe_source: str, rules: list[str] | None = None) -> list[str]:
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(axe_source)  # injected through the test driver, not the page, so the CSP allows it
    options = {"resultTypes": ["violations"], **({"runOnly": {"type": "rule", "values": rules}} if rules else {})}
    result = page.evaluate("options => axe.run(document, options)", options)
    return [
        f"{path}: {v['id']} ({v['impact']}) {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


class _Quiet:
    """Waits until a page has had no request in flight for a tenth of a second: a page without Python has fetched
    everything it will by then (Playwright's network idle waits half a second, on every page)."""

    def __init__(self, page: Any, quiet_s: float = 0.1) -> None:
        self.page, self.quiet_s, self.in_flight, self.last = page, quiet_s, 0, time.monotonic()
        page.on("request", self._start)
        page.on("requestfinished", self._end)
        page.on("requestfailed", self._end)

    def _start(self, _request: Any) -> None:
        self.in_flight += 1
        self.last = time.monotonic()

    def _end(self, _request: Any) -> None:
        self.in_flight = max(0, self.in_flight - 1)
        self.last = time.monotonic()

    def wait(self, limit_s: float = 30.0) -> None:
        start = time.monotonic()
        while self.in_flight or time.monotonic() - self.last < self.quiet_s:
            if time.monotonic() - start > limit_s:
                raise TimeoutError(f"requests still in flight after {limit_s} s")
            self.page.wait_for_timeout(20)


def walk_desktop(browser: Any, site_url: str, site: Path) -> DesktopWalk:
    """Every page, in both languages, loaded until no request is in flight (a calculator's page until Playwright's
    network idle, its runtime included), checked by axe-core in the scheme it loaded in, switched with the theme's
    own toggle to the other scheme and checked again on the rules a scheme can change; the toggle is remembered, so pages alternate the scheme they load in, and each scheme
    gets every rule on half the pages and its colours on all of them. A page that runs no Python loads with the
    cache off, so its transfer is what a first visit costs; the others keep the cache, as a reader's would."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    seen = DesktopWalk()
    where: dict[str, Any] = {"path": "", "sizes": [], "urls": []}
    page.on(
        "console", lambda m: seen.problems.append(f"{where['path']}: console {m.text}") if m.type == "error" else None
    )
    page.on("pageerror", lambda e: seen.problems.append(f"{where['path']}: page error {e}"))
    # A request still running when the walk moves to the next page is aborted by that navigation, not failed.
    page.on(
        "requestfailed",
        lambda r: (
            seen.problems.append(f"{where['path']}: failed {r.url} {r.failure}")
            if r.failure != "net::ERR_ABORTED"
            else None
        ),
    )
    page.on(
        "response", lambda r: seen.problems.append(f"{where['path']}: {r.status} {r.url}") if r.status >= 400 else None
    )

    def finished(request: Any) -> None:
        sizes = request.sizes()
        where["sizes"].append(sizes["responseBodySize"] + sizes["responseHeadersSize"])
        where["urls"].append(request.url)

    page.on("requestfinished", finished)
    quiet = _Quiet(page)
    axe_source = AXE.read_text(encoding="utf-8")
    for path in site_pages(site):
        runs_python = any(f'class="{kind}"' in page_html(site, path) for kind in RUNS_PYTHON)
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": not runs_python})
        where.update(path=path or "/", sizes=[], urls=[])
        if runs_python:  # the runtime's files come in stages: Playwright's half-second of quiet
            page.goto(site_url + path, wait_until="networkidle")
        else:
            page.goto(site_url + path, wait_until="load")
            quiet.wait()
        if not runs_python:
            seen.transfers[path] = (sum(where["sizes"]), list(where["urls"]))
        page.evaluate(NO_TRANSITIONS)
        scheme = page.evaluate(SCHEME)
        seen.violations[scheme] += serious_violations(page, path, axe_source, None)
        # The theme's own toggle, which it remembers: the next page loads in the other scheme.
        page.click("form[data-md-component=palette] label:not([hidden])")
        page.wait_for_function(f"() => ({SCHEME})() !== {scheme!r}")
        other = page.evaluate(SCHEME)
        seen.violations[other] += serious_violations(page, path, axe_source, COLOUR_RULES)
        seen.tables[path] = page.evaluate(TABLES, DESKTOP["width"])
    context.close()
    return seen


def walk_phone(browser: Any, site_url: str, site: Path) -> PhoneWalk:
    """Every page on a 390 px phone (mobile, touch): its width and tables; on a calculator page also axe-core's
    target-size rule at Lighthouse's 412 px and each calculator's drawn height against its reservation at 360 px."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    axe_source = AXE.read_text(encoding="utf-8")
    seen = PhoneWalk()
    for path in site_pages(site):
        page.goto(site_url + path)
        seen.widths[path] = page.evaluate("document.scrollingElement.scrollWidth")
        if 'class="x4-calc"' in page_html(site, path):
            page.set_viewport_size(LIGHTHOUSE_PHONE)
            page.evaluate(axe_source)
            result = page.evaluate("axe.run(document, {runOnly: ['target-size'], resultTypes: ['violations']})")
            for violation in result["violations"]:
                seen.targets += [
                    f"{path}: {node['target']} {node['failureSummary'][:160]}" for node in violation["nodes"][:3]
                ]
            page.set_viewport_size(NARROW_PHONE)
            seen.outgrown += [
                f"{path}: calculator {name} is {height} px tall at 360 px but reserves {reserved} px (x4.css)"
                for name, reserved, height in page.evaluate(OUTGROWN_RESERVATIONS)
            ]
            page.set_viewport_size(PHONE)
        seen.tables[path] = page.evaluate(TABLES, PHONE["width"])
    context.close()
    return seen
