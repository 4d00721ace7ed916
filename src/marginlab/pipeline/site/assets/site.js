// The claims atlas: sortable and filterable row tables. No library, no network.
"use strict";

function cellKey(row, index, type) {
  const cell = row.cells[index];
  if (type === "number") {
    const value = parseFloat(cell.dataset.value);
    return Number.isNaN(value) ? Infinity : value;
  }
  return cell.textContent.trim().toLowerCase();
}

// Clicking a header sorts the body by that column; again, the other way.
function makeSortable(table) {
  table.querySelectorAll("th[data-sort]").forEach((th, index) => {
    th.addEventListener("click", () => {
      const down = th.getAttribute("aria-sort") === "ascending";
      table.querySelectorAll("th").forEach((h) => h.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      const type = th.dataset.sort;
      rows.sort((a, b) => {
        const x = cellKey(a, index, type);
        const y = cellKey(b, index, type);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return down ? -order : order;
      });
      rows.forEach((row) => body.appendChild(row));
    });
  });
}

// The form's select boxes match a row's data-<name>; the text box its text.
function makeFilter(form) {
  const table = document.getElementById(form.dataset.table);
  const count = form.querySelector("output[data-count]");
  const apply = () => {
    let shown = 0;
    const rows = Array.from(table.tBodies[0].rows);
    rows.forEach((row) => {
      let keep = true;
      form.querySelectorAll("[data-filter]").forEach((box) => {
        const wanted = box.value.trim().toLowerCase();
        if (!wanted) return;
        if (box.dataset.filter === "text") {
          keep = keep && row.textContent.toLowerCase().includes(wanted);
        } else {
          keep = keep && (row.dataset[box.dataset.filter] || "").toLowerCase() === wanted;
        }
      });
      row.hidden = !keep;
      shown += keep ? 1 : 0;
    });
    count.value = `${shown} of ${rows.length} rows`;
  };
  form.addEventListener("input", apply);
  form.addEventListener("submit", (event) => event.preventDefault());
  apply();
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("table.rows").forEach(makeSortable);
  document.querySelectorAll("form.filters").forEach(makeFilter);
});
