// X4 landscape table: sort rows by their cells' data-sort numbers and filter them by vendor and year.
// No formulas and no libraries; the table is complete without this script. Labels come from data-label-* attributes.

import { sortButton, sortRows } from "./x4-sort.js";

const fill = (template, fields) => template.replace(/\{(\w+)\}/g, (_, key) => String(fields[key] ?? ""));

function bind(root) {
  if (root.dataset.x4Ready) return;
  root.dataset.x4Ready = "true";
  const table = root.querySelector("table");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const status = root.querySelector(".x4-landscape__status");
  const selects = Array.from(root.querySelectorAll("select[data-filter]"));
  const labels = root.dataset;

  const showCount = () => {
    const shown = rows.filter((row) => !row.hidden).length;
    status.textContent = fill(labels.labelCount, { shown, total: rows.length });
  };

  const filter = () => {
    const wanted = Object.fromEntries(selects.map((select) => [select.dataset.filter, select.value]));
    for (const row of rows) {
      row.hidden = Object.entries(wanted).some(([key, value]) => value !== "" && row.dataset[key] !== value);
    }
    showCount();
  };

  const headers = Array.from(table.tHead.rows[0].cells);
  const sortBy = (index, th) => {
    const order = th.getAttribute("aria-sort") === "descending" ? "ascending" : "descending";
    for (const other of headers) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", order);
    sortRows(body, rows, index, order === "ascending");
    // The header's name and unit sit on two lines (a <br>): "Bandwidth TB/s", not "BandwidthTB/s".
    const parts = Array.from(th.querySelector("button").childNodes, (node) => (node.nodeName === "BR" ? " " : node.textContent));
    const column = parts.join("").replace(/\s+/g, " ").trim();
    status.textContent = fill(labels.labelSorted, { column, order: labels[order === "ascending" ? "labelAsc" : "labelDesc"] })
      + " " + fill(labels.labelCount, { shown: rows.filter((row) => !row.hidden).length, total: rows.length });
  };

  headers.forEach((th, index) => {
    if (th.dataset.sortable !== "true") return;
    sortButton(th).addEventListener("click", () => sortBy(index, th));
  });
  for (const select of selects) select.addEventListener("change", filter);
  root.querySelector(".x4-landscape__controls").hidden = false;
  showCount();
}

const init = () => document.querySelectorAll(".x4-landscape").forEach(bind);
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(init);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init);
} else {
  init();
}
