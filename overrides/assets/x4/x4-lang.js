// The language menu keeps the reader's place: the page's query (a calculator's inputs) and its anchor
// (headings keep their English id in every language). Links are completed when the reader points at,
// focuses or clicks them, so "open in a new tab" and the status bar show the same address.
function carry(event) {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  if (!link) return;
  window.x4SavePendingUrls?.(); // a calculator's latest inputs, if they are not in the address yet
  const target = new URL(link.href, window.location.href);
  target.search = window.location.search;
  target.hash = window.location.hash;
  link.href = target.href;
}

for (const type of ["pointerover", "focusin", "click", "auxclick", "contextmenu"]) {
  document.addEventListener(type, carry, { capture: true, passive: true });
}
