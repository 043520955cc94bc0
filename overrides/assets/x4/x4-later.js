// What the build left out of the page until the reader needs it (tools/postprocess.py): the body of a closed
// disclosure (a worked answer, a derivation) and a code block's colours, each as a <template> of prerendered
// HTML. This script only moves that HTML into the page; it writes no word and computes nothing.
//   - a disclosure's body when it opens (or a calculator shows a live answer in it), and before printing;
//   - a code block's colours as it nears the viewport, and before printing;
//   - the disclosure holding the anchor the address names (a footnote, a heading in an answer);
//   - a calculator select's list (the build leaves the chosen option) as the select takes focus or a pointer,
//     before it can open or a key can change it;
//   - a chart's wide drawing (the page has the narrow one) once its figure is wide enough for it, and before
//     printing: x4.css says when it is (--x4-wide on the narrow drawing) and shows the one that fits.

// The disclosure's body, once, in place of its template (so what follows the summary is what the build wrote).
export function stamp(details) {
  const template = details?.querySelector(":scope > template.x4-later");
  if (template) template.replaceWith(template.content);
}

// A select's whole list, once, in place of its template: the option the build left was the chosen one, and the
// list marks the same one chosen, so the value and what "changed" means stay the same.
export function stampOptions(select) {
  const template = select?.querySelector(":scope > template.x4-options");
  if (!template) return;
  const value = select.value;
  select.replaceChildren(template.content);
  select.value = value;
}

function colour(template) {
  const code = template.previousElementSibling;
  if (code && code.tagName === "CODE") code.replaceChildren(template.content);
  template.remove();
}

const nearView = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearView.unobserve(entry.target);
        const template = entry.target.querySelector(":scope > template.x4-hl");
        if (template) colour(template);
      }
    }, { rootMargin: "100% 0px" })
  : null;

// A chart drawn for a wide figure, once: x4.css then shows it, or the narrow one, by the figure's width.
function widen(template) {
  template.replaceWith(template.content);
}

function wideEnough(figure) {
  const narrow = figure.querySelector(":scope > .x4-chart--narrow");
  return !narrow || getComputedStyle(narrow).getPropertyValue("--x4-wide").trim() === "1";
}

const resized = "ResizeObserver" in window
  ? new ResizeObserver((entries) => {
      for (const entry of entries) {
        const template = entry.target.querySelector(":scope > template.x4-wide");
        if (!template) resized.unobserve(entry.target);
        else if (wideEnough(entry.target)) {
          resized.unobserve(entry.target);
          widen(template);
        }
      }
    })
  : null;

function watchWidths() {
  for (const template of document.querySelectorAll("figure > template.x4-wide")) {
    if (resized) resized.observe(template.parentElement);
    else if (wideEnough(template.parentElement)) widen(template);
  }
}

function watch(root) {
  for (const template of root.querySelectorAll("pre > template.x4-hl")) {
    if (nearView) nearView.observe(template.parentElement);
    else colour(template);
  }
}

function stampAll() {
  // A stamped body may hold a closed disclosure or a code block of its own: until none is left.
  let templates;
  while ((templates = document.querySelectorAll("details > template.x4-later")).length) {
    for (const template of templates) stamp(template.parentElement);
  }
  for (const template of document.querySelectorAll("pre > template.x4-hl")) colour(template);
  for (const template of document.querySelectorAll("figure > template.x4-wide")) widen(template);
}

// A click on a summary (a pointer, or Enter or Space on it) opens its disclosure after this: the body is in before
// the disclosure is drawn open, and before anything reads it.
document.addEventListener("click", (event) => {
  const summary = event.target.closest?.("summary");
  const details = summary?.parentElement;
  if (details?.tagName === "DETAILS" && details.firstElementChild === summary && !details.open) stamp(details);
}, true);

// An opening the page or the browser makes (a script, a search): toggle does not bubble, so listen while it goes
// down to the disclosure.
document.addEventListener("toggle", (event) => {
  const details = event.target;
  if (details.tagName !== "DETAILS" || !details.open) return;
  stamp(details);
  watch(details);
}, true);

window.addEventListener("beforeprint", stampAll);

// Focus (the keyboard, a label, a screen reader) and a pointer (a click, a tap) come before a select opens.
function listFor(event) {
  if (event.target instanceof HTMLSelectElement) stampOptions(event.target);
}
document.addEventListener("focusin", listFor, true);
document.addEventListener("pointerdown", listFor, true);

// An anchor that is not in the page may be inside a template: the disclosure holding it is stamped and opened.
function reveal() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id || document.getElementById(id)) return;
  for (const template of document.querySelectorAll("details > template.x4-later")) {
    if (!template.content.getElementById?.(id) && !template.content.querySelector(`[id="${CSS.escape(id)}"]`)) continue;
    const details = template.parentElement;
    stamp(details);
    details.open = true;
    document.getElementById(id)?.scrollIntoView();
    return;
  }
}

function init() {
  watch(document);
  watchWidths();
  reveal();
}

window.addEventListener("hashchange", reveal);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init, { once: true });
else init();
