// Table sorting shared by the landscape table (x4-table.js) and the calculators' ranking tables (x4-calc.js).

// A sortable header's content, moved into a button so a keyboard reaches it; returns the button.
export function sortButton(th) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "x4-sort";
  button.append(...th.childNodes);
  th.append(button);
  return button;
}

// Orders `rows` in `body` by the numbers in column `index`'s data-sort (blanks last, ties in their given order);
// a row's prose row under it (class x4-detail) moves with it.
export function sortRows(body, rows, index, ascending) {
  const details = new Map(rows.map((row) => {
    const own = [];
    for (let next = row.nextElementSibling; next?.classList.contains("x4-detail"); next = next.nextElementSibling) own.push(next);
    return [row, own];
  }));
  const value = (row) => {
    const raw = row.cells[index]?.dataset.sort;
    return raw === undefined || raw === "" ? null : Number(raw);
  };
  const sign = ascending ? 1 : -1;
  const sorted = rows
    .map((row, position) => ({ row, position, value: value(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return (a.value === null) - (b.value === null) || a.position - b.position;
      return sign * (a.value - b.value) || a.position - b.position;
    });
  body.append(...sorted.flatMap(({ row }) => [row, ...details.get(row)]));
}
