// The comparison page's chooser: reads ?chips=a,b,c, moves the chosen chips' prerendered columns (from their
// <template>s) into the table and shows their roofs. It computes and formats nothing: every figure and word
// was written at build time.
const root = document.querySelector(".x4-compare");

function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (_, key) => fields[key] ?? "");
}

if (root) {
  const min = Number(root.dataset.min);
  const max = Number(root.dataset.max);
  const templates = new Map([...root.querySelectorAll("template[data-chip]")].map((t) => [t.dataset.chip, t]));
  const table = root.querySelector(".x4-compare__table");
  const headRow = table.tHead.rows[0];
  const fieldRows = [...table.querySelectorAll("tbody tr[data-field]")];
  const sectionCells = [...table.querySelectorAll("tr.x4-compare__section th")];
  const roofs = [...root.querySelectorAll(".x4-compare__roof")];
  const legend = root.querySelector(".x4-compare__legend");
  const boxes = [...root.querySelectorAll('input[name="chip"]')];
  const status = root.querySelector(".x4-compare__status");
  const nameOf = (id) => boxes.find((box) => box.value === id)?.parentElement.textContent.trim() ?? id;
  let chosen = root.dataset.default.split(",");

  const say = (key, fields = {}) => {
    status.textContent = fill(root.dataset[`label${key[0].toUpperCase()}${key.slice(1)}`] || "", fields);
  };

  function render() {
    const columns = chosen.map((id) => [...templates.get(id).content.children]);
    for (const row of [headRow, ...fieldRows]) {
      while (row.cells.length > 1) row.deleteCell(1);
    }
    columns.forEach((cells) => {
      headRow.append(cells[0].cloneNode(true));
      fieldRows.forEach((row, i) => row.append(cells[i + 1].cloneNode(true)));
    });
    [...headRow.cells].slice(1).forEach((cell, slot) => { cell.dataset.slot = String(slot); });
    sectionCells.forEach((cell) => { cell.colSpan = chosen.length + 1; });
    for (const roof of roofs) {
      const slot = chosen.indexOf(roof.dataset.chip);
      if (slot < 0) {
        roof.setAttribute("display", "none");
        delete roof.dataset.slot;
      } else {
        roof.removeAttribute("display");
        roof.dataset.slot = String(slot);
      }
    }
    const items = [...legend.children];
    for (const item of items) {
      const slot = chosen.indexOf(item.dataset.chip);
      item.hidden = slot < 0;
      if (slot < 0) delete item.dataset.slot;
      else item.dataset.slot = String(slot);
    }
    chosen.forEach((id) => {
      const item = items.find((li) => li.dataset.chip === id);
      if (item) legend.append(item);
    });
    for (const box of boxes) {
      box.checked = chosen.includes(box.value);
      box.disabled = !box.checked && chosen.length >= max;
    }
  }

  function remember() {
    const url = new URL(window.location.href);
    url.searchParams.set("chips", chosen.join(","));
    window.history.replaceState(null, "", url.href.replace(/%2C/g, ","));
  }

  const asked = new URLSearchParams(window.location.search).get("chips");
  if (asked !== null) {
    const wanted = [...new Set(asked.split(",").map((id) => id.trim()).filter(Boolean))];
    const known = wanted.filter((id) => templates.has(id)).slice(0, max);
    const unknown = wanted.filter((id) => !templates.has(id));
    if (known.length >= min) chosen = known;
    render();
    if (unknown.length) say("unknown", { ids: unknown.join(", ") });
    else if (wanted.length > max) say("max", { max });
    else if (known.length < min) say("min", { min });
  }
  for (const box of boxes) {
    box.addEventListener("change", () => {
      if (box.checked) {
        if (chosen.length >= max) { box.checked = false; say("max", { max }); return; }
        chosen = [...chosen, box.value];
      } else {
        if (chosen.length <= min) { box.checked = true; say("min", { min }); return; }
        chosen = chosen.filter((id) => id !== box.value);
      }
      render();
      remember();
      say("showing", { names: chosen.map(nameOf).join(", ") });
    });
  }
  root.querySelector(".x4-compare__choice").hidden = false;
}
