// The result grid (issue 32): the running total of centres and the 34 check, live. Without the
// script the server writes the total and checks the 34 anyway (web/ui/views/grid.py).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("board-form");
  const total = document.getElementById("total");
  if (!form || !total) return;
  const most = Number(total.dataset.most);
  const centres = [...form.querySelectorAll("input.centres")];
  const check = document.getElementById("total-check");
  const update = () => {
    const given = centres.map((i) => i.value.trim()).filter((v) => v !== "");
    const sum = given.reduce((s, v) => s + (Number.parseInt(v, 10) || 0), 0);
    total.value = given.length ? String(sum) : "–";
    total.classList.toggle("over", sum > most);
    total.classList.toggle("full", sum === most);
    if (check) check.textContent = sum > most ? `/ ${most} ⚠ +${sum - most}` : `/ ${most}`;
  };
  for (const input of centres) input.addEventListener("input", update);
  // Enter saves from any field of the grid, the draw's boxes included.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
    event.preventDefault();
    form.requestSubmit();
  });
  update();
});
