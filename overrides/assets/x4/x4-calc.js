// X4 page glue: binds each .x4-calc form to one shared worker. It formats nothing and computes nothing:
// `calc.run` (Python) returns the formatted text; this file only moves strings into the page.
// The widgets' texts come from the page (data-ui, from the site's catalog): this script words nothing.
import { sortButton, sortRows } from "./x4-sort.js";
import { stamp, stampOptions } from "./x4-later.js";

// Filled as the forms are bound, once the DOM is ready (this script runs from the head, before the page is parsed).
let widgets = [];
let scratchpads = [];
let worker = null;
let nextId = 1;
const pending = new Map();

function text(widget, key) {
  if (!widget.x4Ui) widget.x4Ui = JSON.parse(widget.dataset.ui || "{}");
  return widget.x4Ui[key] || "";
}

let runtimeStatus = null; // the last runtime status, also shown on forms bound after it arrived

function setStatus(key) {
  runtimeStatus = key;
  for (const widget of [...widgets, ...scratchpads]) {
    widget.querySelector(".x4-calc__status").textContent = text(widget, key);
  }
}

// Material's search index waits for this page's runtime (assets/javascripts/workers/x4-search.js), so the two do
// not share a phone's few cores while the runtime starts and warms up: the page lets it go once the runtime has
// warmed up or failed, or as soon as the reader goes to the search box. (Another tab's page may answer too.)
const searchChannel = new BroadcastChannel("x4-search");
let searchReleased = false;

function releaseSearch() {
  searchReleased = true;
  searchChannel.postMessage("go");
}

searchChannel.onmessage = (event) => {
  if (event.data === "waiting" && searchReleased) searchChannel.postMessage("go");
};
document.addEventListener("focusin", (event) => {
  if (!searchReleased && event.target.closest?.(".md-search")) releaseSearch();
});

function startWorker() {
  if (worker) return worker;
  performance.mark("x4-runtime-start");
  worker = new Worker(new URL("./x4-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "progress") {
      setStatus({ runtime: "loading_runtime", calc: "loading_calc", ready: "ready" }[message.stage]);
      if (message.stage === "ready") {
        performance.mark("x4-runtime-ready");
        document.documentElement.dataset.x4Runtime = "ready";
        document.documentElement.dataset.x4RuntimeMode = message.mode;
        if (message.fallback) document.documentElement.dataset.x4RuntimeFallback = message.fallback;
        window.x4RuntimeTimings = message.timings;
        if (!widgets.length) releaseSearch(); // a scratchpad alone has no warm-up
      }
    } else if (message.type === "fatal") {
      setStatus("failed");
      document.documentElement.dataset.x4Runtime = "failed";
      for (const widget of widgets) if (widget.x4Pending) markPending(widget); // no answer is coming now
      releaseSearch();
    } else if (pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  };
  return worker;
}

function request(payload, type = "run") {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    startWorker().postMessage({ id, type, ...payload });
  });
}

const SCRATCH_LIMIT_MS = 15000;

// A reader's code may loop forever: past the limit the worker is replaced, and the page keeps working.
function bindScratchpad(pad) {
  const button = pad.querySelector(".x4-scratchpad__run");
  const output = pad.querySelector(".x4-scratchpad__output");
  button.addEventListener("click", async () => {
    button.disabled = true;
    output.textContent = text(pad, "working");
    const timeout = new Promise((resolve) => setTimeout(() => resolve(null), SCRATCH_LIMIT_MS));
    const code = pad.querySelector("textarea").value;
    const reply = await Promise.race([request({ code }, "exec"), timeout]);
    if (reply === null) {
      worker.terminate();
      worker = null;
      pending.clear();
      output.textContent = text(pad, "timeout");
    } else {
      output.textContent = reply.type === "output" ? reply.text : text(pad, "failed");
      pad.dataset.x4State = reply.ok ? "done" : "error";
    }
    pad.x4Done = (pad.x4Done || 0) + 1;
    button.disabled = false;
  });
}

// What the build left in templates: the body of a "More options" the reader has not opened (x4-later.js puts it
// in as it opens), its fields at their defaults, and the fields that did not apply at the defaults, hidden.
const DEFERRED = "template.x4-more, template.x4-fields";

function fieldsOf(widget, selector) {
  const fields = [...widget.querySelectorAll(selector)];
  for (const template of widget.querySelectorAll(DEFERRED)) fields.push(...template.content.querySelectorAll(selector));
  return fields;
}

function controlsOf(widget) {
  return fieldsOf(widget, "input, select");
}

// Before the page script sets a control (a preset, a shared link): every field in the page, every list whole.
function stampForm(widget) {
  for (const more of widget.querySelectorAll(".x4-calc__more")) stamp(more);
  for (const template of widget.querySelectorAll("template.x4-fields")) template.replaceWith(template.content);
  for (const select of widget.querySelectorAll("select")) stampOptions(select);
}

function inputsOf(widget) {
  const inputs = {};
  for (const control of controlsOf(widget)) {
    if (!control.closest("[hidden]")) inputs[control.name] = control.value;
  }
  return inputs;
}

// Show only the fields that apply: a custom chip's or model's figures when "custom" is chosen, and the
// fields of the chosen workload or attention kind (calc refuses the others).
function toggleFields(widget) {
  const controls = controlsOf(widget);
  const valueOf = (name) => {
    const control = controls.find((c) => c.name === name);
    return control ? control.value : null;
  };
  const applies = (field) => {
    const customOf = field.dataset.customOf;
    const shown = !customOf || valueOf(customOf) === "custom";
    return shown && (!field.dataset.whenField || field.dataset.whenValues.split(" ").includes(valueOf(field.dataset.whenField)));
  };
  // A run of fields the build left out comes in once one of them applies.
  for (const template of widget.querySelectorAll("template.x4-fields")) {
    if ([...template.content.querySelectorAll(".x4-field")].some(applies)) template.replaceWith(template.content);
  }
  for (const field of fieldsOf(widget, "[data-custom-of], [data-when-field]")) field.hidden = !applies(field);
  for (const more of widget.querySelectorAll(".x4-calc__more")) {
    const body = more.querySelector(":scope > template.x4-more")?.content || more;
    more.hidden = !body.querySelector(".x4-field:not([hidden])"); // no "More options" with nothing inside
  }
}

// A field's error box is added the first time calc refuses it (the build writes none), after its control.
function showError(widget, field, message) {
  for (const box of widget.querySelectorAll(".x4-field__error")) {
    box.hidden = true;
    box.textContent = "";
  }
  for (const control of widget.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
  if (!message) return;
  const fieldBox = widget.querySelector(`.x4-field[data-field="${CSS.escape(field)}"]`) || widget.querySelector(".x4-field");
  const control = fieldBox.querySelector("input, select");
  let target = fieldBox.querySelector(".x4-field__error");
  if (!target) {
    target = document.createElement("p");
    target.className = "x4-field__error";
    target.id = `${control.id}-error`;
    fieldBox.append(target);
    control.setAttribute("aria-describedby", target.id);
  }
  target.textContent = message;
  target.hidden = false;
  if (fieldBox.dataset.field === field) control.setAttribute("aria-invalid", "true");
}

function render(widget, result) {
  // An empty field whose value the other inputs decide (a chip's price, DP) shows what it took (calc words it).
  for (const [name, words] of Object.entries(result.placeholders || {})) {
    const control = widget.querySelector(`input[name="${CSS.escape(name)}"]`);
    if (control) control.placeholder = words;
  }
  for (const dd of widget.querySelectorAll("[data-q]")) {
    const value = result.formatted[dd.dataset.q];
    dd.textContent = value !== undefined ? value : text(widget, "none"); // an output its inputs cannot give
  }
  const plot = widget.querySelector(".x4-calc__plot");
  if (plot) plot.innerHTML = result.svg || ""; // drawn by calc, which escapes every label; none clears the box
  const notes = widget.querySelector(".x4-calc__notes");
  if (notes) {
    notes.replaceChildren(...(result.notes || []).map((note) => {
      const item = document.createElement("li");
      item.textContent = note;
      return item;
    }));
  }
  const table = widget.querySelector(".x4-calc__table") || (result.table ? stampTable(widget) : null);
  if (table) table.closest(".x4-table-wrap").hidden = !result.table;
  if (table && result.table) renderTable(widget, table, result);
  // The build's derivation waits in a template until the reader opens it (x4-later.js); a live answer puts it in.
  const derivation = widget.querySelector(".x4-calc__derivation");
  stamp(derivation);
  const list = derivation?.querySelector("ol");
  if (list) {
    list.replaceChildren(...result.derivation.map((step) => {
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.className = "x4-step__label";
      label.textContent = step.label;
      const code = document.createElement("code");
      code.textContent = step.substitution;
      const strong = document.createElement("strong");
      strong.textContent = step.result;
      item.append(label, ": ", formulaNode(widget, step.formula), " ", code, " = ", strong);
      return item;
    }));
  }
}

// A ranking: calc gives each row's cells already formatted (`formatted`), its SI figures (to sort by) and
// its reason, shown on a row of its own under the figures (as the build writes it); the columns depend on the
// workload, so the header is rebuilt from calc's column labels.
function renderTable(widget, table, result) {
  const head = table.tHead.rows[0];
  const keys = ["rank", ...result.columns.map((column) => column.key)];
  const fixed = [head.cells[0], head.cells[1]]; // rank, accelerator
  const figureHeads = result.columns.map((column) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.key = column.key;
    th.textContent = column.label;
    return th;
  });
  head.replaceChildren(...fixed, ...figureHeads);
  table.tBodies[0].replaceChildren(...result.table.flatMap((row) => {
    const tr = document.createElement("tr");
    keys.forEach((key, index) => {
      const td = document.createElement("td");
      td.className = "x4-num";
      const value = row[key];
      td.dataset.sort = value === null || value === undefined ? "" : String(Number(value));
      td.textContent = row.formatted[key];
      tr.append(td);
      if (index === 0) {
        const name = document.createElement("th");
        name.scope = "row";
        if (row.inputs) {
          const link = document.createElement("a");
          link.href = rowUrl(widget, row.inputs);
          link.textContent = row.name;
          name.append(link);
        } else {
          name.textContent = row.name;
        }
        tr.append(name);
      }
    });
    if (!row.reason) return [tr];
    const detail = document.createElement("tr");
    detail.className = "x4-detail";
    const cell = document.createElement("td");
    cell.colSpan = keys.length + 1;
    const reason = document.createElement("div");
    reason.className = "x4-detail__text";
    const label = document.createElement("strong");
    label.textContent = `${text(widget, "reason")}:`;
    reason.append(label, " ", row.reason);
    cell.append(reason);
    detail.append(cell);
    return [tr, detail];
  }));
  makeSortable(widget, table);
}

// A ranking the defaults do not have waits in a template (tools/macros/calculators.py) until a result has rows;
// renderTable fills it and makes it sortable.
function stampTable(widget) {
  const template = widget.querySelector("template.x4-table");
  if (!template) return null;
  const table = template.content.querySelector(".x4-calc__table");
  template.replaceWith(template.content);
  return table;
}

// Header buttons sort the rows by a column's SI figures (blanks last); the order survives recomputes.
function makeSortable(widget, table) {
  const headers = [...table.tHead.rows[0].cells];
  for (const th of headers) {
    if (!th.dataset.key || th.querySelector("button")) continue;
    sortButton(th).addEventListener("click", () => {
      const same = widget.x4Sort && widget.x4Sort.key === th.dataset.key;
      widget.x4Sort = { key: th.dataset.key, ascending: same ? !widget.x4Sort.ascending : true };
      sortRanking(widget, table);
    });
  }
  sortRanking(widget, table);
}

function sortRanking(widget, table) {
  const headers = [...table.tHead.rows[0].cells];
  for (const th of headers) th.removeAttribute("aria-sort");
  const index = widget.x4Sort ? headers.findIndex((th) => th.dataset.key === widget.x4Sort.key) : -1;
  if (index < 0) return;
  const { ascending } = widget.x4Sort;
  headers[index].setAttribute("aria-sort", ascending ? "ascending" : "descending");
  const body = table.tBodies[0];
  sortRows(body, [...body.rows].filter((row) => !row.classList.contains("x4-detail")), index, ascending);
}

// Formulas were typeset at build time into the calculator's bank (a <template>, outside the page until
// used); reuse them by their TeX, or show the TeX when one is new.
function formulaNode(widget, tex) {
  if (!widget.x4Formulas) {
    const bank = widget.querySelector("template.x4-formulas");
    const typeset = bank ? bank.content.querySelectorAll("[data-tex]") : [];
    widget.x4Formulas = new Map([...typeset].map((node) => [node.dataset.tex, node]));
  }
  const typeset = widget.x4Formulas.get(tex);
  if (typeset) return typeset.cloneNode(true);
  const code = document.createElement("code");
  code.textContent = tex;
  return code;
}

// A ranked row (a planner layout) links to this page with the current inputs and the row's own.
function rowUrl(widget, inputs) {
  const url = new URL(window.location.href);
  const name = widget.dataset.calculator;
  for (const [key, value] of Object.entries({ ...inputsOf(widget), ...inputs })) {
    url.searchParams.set(`${name}.${key}`, toUrlNumber(String(value), widget.dataset.lang));
  }
  return url.href;
}

function saveToUrl(widget) {
  const url = new URL(window.location.href);
  const name = widget.dataset.calculator;
  for (const key of [...url.searchParams.keys()]) if (key.startsWith(`${name}.`)) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(inputsOf(widget))) url.searchParams.set(`${name}.${key}`, toUrlNumber(value, widget.dataset.lang));
  history.replaceState(null, "", url); // the language menu carries it over (x4-lang.js)
}

// The address follows the form once the edits pause: history.replaceState costs the browser several ms
// per call, which on a small machine are taken from the worker computing the answer. Whatever reads the
// address (copying a link, the language menu, leaving the page) writes the pending ones first.
const URL_DELAY_MS = 300;
const pendingUrls = new Set();

function saveToUrlSoon(widget) {
  pendingUrls.add(widget);
  clearTimeout(widget.x4UrlTimer);
  widget.x4UrlTimer = setTimeout(() => { pendingUrls.delete(widget); saveToUrl(widget); }, URL_DELAY_MS);
}

function savePendingUrls() {
  for (const widget of pendingUrls) {
    clearTimeout(widget.x4UrlTimer);
    saveToUrl(widget);
  }
  pendingUrls.clear();
}
window.x4SavePendingUrls = savePendingUrls;
window.addEventListener("pagehide", savePendingUrls);

// URLs carry numbers with a decimal point and no digit groups whatever the page's language, so links work across
// languages; a Spanish form shows them with its decimal comma ("15,6T"). calc reads what the reader typed (a
// Spanish "1.000" is a thousand: units.parse_si_number); these only move the marks of what it reads one way.
const PLAIN_DECIMAL_COMMA = /^\s*-?\d+,\d+\s*$/;
const DECIMAL_COMMA = /^\s*[-+]?\d+,\d+(?:[eE][-+]?\d+)?\s*[A-Za-z]*\s*$/;
const DECIMAL_POINT = /^\s*[-+]?\d+\.\d+(?:[eE][-+]?\d+)?\s*[A-Za-z]*\s*$/;
const SPANISH_GROUPS = /^\s*[-+]?[1-9]\d{0,2}(?:(?:\.\d{3})+|(?:[ \u00a0\u202f]\d{3})+)(?:,\d+)?\s*$/;

function toUrlNumber(value, lang) {
  if (lang !== "es") return PLAIN_DECIMAL_COMMA.test(value) ? value.replace(",", ".") : value;
  if (SPANISH_GROUPS.test(value)) return value.replace(/[.\s\u00a0\u202f]/g, "").replace(",", ".");
  return DECIMAL_COMMA.test(value) ? value.replace(",", ".") : value;
}

function fromUrlNumber(value, lang) {
  return lang === "es" && DECIMAL_POINT.test(value) ? value.replace(".", ",") : value;
}

// A shared link may carry parameters this calculator does not take (an old field name, a tracking tag):
// the form keeps only its own fields, and says which it ignored.
function restoreFromUrl(widget) {
  const params = new URL(window.location.href).searchParams;
  const name = widget.dataset.calculator;
  if (![...params.keys()].some((key) => key.startsWith(`${name}.`))) return false;
  stampForm(widget);
  const controls = new Map([...widget.querySelectorAll("input, select")].map((c) => [c.name, c]));
  for (const box of widget.querySelectorAll(".x4-field[data-aliases]")) {
    for (const alias of box.dataset.aliases.split(" ")) controls.set(alias, box.querySelector("input, select"));
  }
  const ignored = [];
  let restored = false;
  for (const [key, raw] of params) {
    if (!key.startsWith(`${name}.`)) continue;
    const field = key.slice(name.length + 1);
    const control = controls.get(field);
    const value = raw.slice(0, 200);
    if (!control || (control.tagName === "SELECT" && ![...control.options].some((o) => o.value === value))) {
      ignored.push(field.slice(0, 40));
      continue;
    }
    control.value = fromUrlNumber(value, widget.dataset.lang);
    control.closest("details")?.setAttribute("open", ""); // a shared link shows the options it sets
    restored = true;
  }
  if (ignored.length) widget.x4Ignored = text(widget, "ignored").replace("{names}", ignored.join(", "));
  return restored;
}

// Until its answer arrives, a result that is not for the inputs shown reads as not theirs: dimmed, labelled
// ("the answer for yours is coming") and busy. Before the runtime is ready that is at once (a shared link's
// inputs over the build's default results); once it is live, only an answer slower than a glance (the
// planner's search) is marked, so results do not flicker while the reader types.
const PENDING_AFTER_MS = 300;

function pendingLabel(widget) {
  if (document.documentElement.dataset.x4Runtime === "failed") return text(widget, "pending_failed");
  return text(widget, widget.x4ShowsLive ? "pending" : "pending_defaults");
}

function markPending(widget) {
  widget.x4Pending = true;
  widget.dataset.x4State = "pending";
  const label = pendingLabel(widget);
  for (const output of widget.querySelectorAll(".x4-calc__output, .x4-calc__details")) {
    output.classList.add("x4-pending");
    output.setAttribute("aria-busy", "true");
  }
  widget.querySelector(".x4-calc__details")?.setAttribute("data-x4-pending", label);
  const box = widget.querySelector(".x4-calc__pending");
  if (box) {
    box.textContent = label;
    box.hidden = false;
  }
}

function schedulePending(widget) {
  if (widget.x4Pending || widget.x4PendingTimer) return;
  const controls = [...widget.querySelectorAll("form input, form select")];
  if (!widget.x4ShowsLive && !controls.some(changedFromHtml)) return; // the build's results are for these inputs
  if (document.documentElement.dataset.x4Runtime !== "ready") markPending(widget);
  else widget.x4PendingTimer = setTimeout(() => markPending(widget), PENDING_AFTER_MS);
}

function clearPending(widget) {
  clearTimeout(widget.x4PendingTimer);
  widget.x4PendingTimer = null;
  if (!widget.x4Pending) return;
  widget.x4Pending = false;
  for (const output of widget.querySelectorAll(".x4-pending")) {
    output.classList.remove("x4-pending");
    output.removeAttribute("aria-busy");
  }
  widget.querySelector(".x4-calc__details")?.removeAttribute("data-x4-pending");
  const box = widget.querySelector(".x4-calc__pending");
  if (box) {
    box.hidden = true;
    box.textContent = "";
  }
}

function apply(widget, reply) {
  widget.x4Done = (widget.x4Done || 0) + 1; // answers shown so far (tests and the benchmark wait on it)
  widget.x4LatencyMs = performance.now() - widget.x4EditedAt; // from the reader's edit to this answer
  if (reply.type === "result" && reply.result.ok && !window.x4FirstLiveAt) window.x4FirstLiveAt = performance.now();
  const outputs = widget.querySelectorAll(".x4-calc__output, .x4-calc__details");
  const status = widget.querySelector(".x4-calc__status");
  if (reply.type !== "result") {
    status.textContent = text(widget, "failed");
    if (widget.x4Pending) markPending(widget);
    return;
  }
  clearPending(widget);
  if (reply.result.ok) {
    widget.x4ShowsLive = true;
    showError(widget, null, null);
    for (const output of outputs) output.classList.remove("x4-stale");
    render(widget, reply.result);
    widget.x4Export = { inputs: reply.inputs, results: JSON.parse(reply.result.export) };
    status.textContent = text(widget, "ready") + (widget.x4Ignored ? ` ${widget.x4Ignored}` : "");
    widget.dataset.x4State = "live";
  } else {
    showError(widget, reply.result.field, reply.result.message);
    for (const output of outputs) output.classList.add("x4-stale");
    status.textContent = text(widget, "stale");
    widget.dataset.x4State = "stale";
  }
}

// Latest wins, without a debounce delay: one request in flight per widget; edits made meanwhile
// are coalesced into a single follow-up request with the newest inputs.
async function recompute(widget) {
  if (widget.x4Busy) {
    widget.x4Dirty = true;
    return;
  }
  widget.x4Busy = true;
  try {
    do {
      widget.x4Dirty = false;
      schedulePending(widget);
      const inputs = inputsOf(widget);
      const reply = await request({ calculator: widget.dataset.calculator, inputs, lang: widget.dataset.lang });
      if (!widget.x4Dirty) apply(widget, { ...reply, inputs });
    } while (widget.x4Dirty);
  } finally {
    widget.x4Busy = false;
  }
}

function bind(widget) {
  const form = widget.querySelector("form");
  const onEdit = () => {
    widget.x4EditedAt = performance.now();
    toggleFields(widget);
    recompute(widget);
    saveToUrlSoon(widget);
  };
  form.addEventListener("input", onEdit);
  form.addEventListener("change", onEdit);
  form.addEventListener("submit", (event) => event.preventDefault());
  for (const button of widget.querySelectorAll(".x4-preset")) {
    button.addEventListener("click", () => {
      // A preset is a whole case: the fields it does not name go back to their defaults.
      const values = JSON.parse(button.dataset.preset);
      stampForm(widget);
      for (const control of form.querySelectorAll("input, select")) {
        if (control.name in values) control.value = fromUrlNumber(String(values[control.name]), widget.dataset.lang);
        else resetToDefault(control);
      }
      toggleFields(widget);
      onEdit();
    });
  }
  // "Link copied." has its own line beside the button: the calculator's status changes with every answer.
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "md-button x4-copy-link";
  copy.textContent = text(widget, "copy_link");
  const copied = document.createElement("span");
  copied.className = "x4-copy-status";
  copied.setAttribute("role", "status");
  copy.addEventListener("click", async () => {
    savePendingUrls();
    saveToUrl(widget);
    try {
      await navigator.clipboard.writeText(window.location.href);
      copied.textContent = text(widget, "copied");
      clearTimeout(widget.x4CopiedTimer);
      widget.x4CopiedTimer = setTimeout(() => { copied.textContent = ""; }, 4000);
    } catch {
      window.prompt("URL", window.location.href);
    }
  });
  // The inputs and results as the CLI's --json prints them; before any live answer, the shown inputs are run first.
  const download = document.createElement("button");
  download.type = "button";
  download.className = "md-button x4-download-json";
  download.textContent = text(widget, "download_json");
  download.addEventListener("click", async () => {
    if (!widget.x4Export || widget.dataset.x4State !== "live") await recompute(widget);
    if (!widget.x4Export || widget.dataset.x4State !== "live") return; // no answer for the inputs shown
    const name = widget.dataset.calculator;
    const body = JSON.stringify({ calculator: name, ...widget.x4Export }, null, 2);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([body], { type: "application/json" }));
    link.download = `x4-${name}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  const actions = document.createElement("div");
  actions.className = "x4-calc__actions";
  actions.append(copy, copied);
  widget.querySelector(".x4-calc__summary").append(actions);
  // Below the details, not in the summary: on a phone the summary is pinned and every row in it covers the form.
  const exports = document.createElement("p");
  exports.className = "x4-calc__export";
  exports.append(download);
  (widget.querySelector(".x4-calc__details") || widget.querySelector(".x4-calc__summary")).append(exports);
  const table = widget.querySelector(".x4-calc__table");
  if (table) makeSortable(widget, table);
  toggleFields(widget);
  if ([...form.querySelectorAll("input, select")].some(changedFromHtml)) {
    onEdit(); // edited before this script bound the form (or restored by the browser): answer it
  } else if (restoreFromUrl(widget)) {
    toggleFields(widget);
    recompute(widget);
  }
}

function resetToDefault(control) {
  if (control.tagName !== "SELECT") control.value = control.defaultValue;
  else control.selectedIndex = Math.max([...control.options].findIndex((option) => option.defaultSelected), 0);
}

function changedFromHtml(control) {
  if (control.tagName !== "SELECT") return control.value !== control.defaultValue;
  const initial = [...control.options].findIndex((option) => option.defaultSelected);
  return control.selectedIndex !== Math.max(initial, 0);
}

// With every form bound, the worker warms up, this page's calculators first, while the reader reads (it yields
// to any edit); the page notes how many cases it ran.
function warmUp() {
  if (!widgets.length) return;
  const calculators = [...new Set(widgets.map((widget) => widget.dataset.calculator))];
  request({ calculators, lang: widgets[0].dataset.lang }, "warm").then((reply) => {
    if (reply.type === "warmed") document.documentElement.dataset.x4Warmed = String(reply.cases);
    releaseSearch();
  });
}

// The forms are bound after DOMContentLoaded, one per task, so binding never lengthens the theme's own
// start-up task and no task of this script blocks the page for long. bind() answers edits made before.
function init() {
  const elements = [...document.querySelectorAll(".x4-calc, .x4-scratchpad")];
  const bindNext = () => {
    const element = elements.shift();
    if (!element) {
      warmUp();
      return;
    }
    if (element.classList.contains("x4-calc")) {
      widgets.push(element);
      bind(element);
    } else {
      scratchpads.push(element);
      bindScratchpad(element);
    }
    if (runtimeStatus) element.querySelector(".x4-calc__status").textContent = text(element, runtimeStatus);
    setTimeout(bindNext);
  };
  bindNext();
}

// The runtime starts as soon as the page can paint (its render-blocking styles and scripts are in), so it
// loads while the reader reads, in its worker, without taking bandwidth from the first paint.
requestAnimationFrame(() => setTimeout(startWorker));
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => setTimeout(init), { once: true });
else setTimeout(init);
