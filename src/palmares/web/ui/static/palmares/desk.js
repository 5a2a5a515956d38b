// The TD's desk: as a name is typed, known players from the database are offered (GET /api/players?q=).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  for (const input of document.querySelectorAll("input[data-search]")) {
    const list = document.getElementById(input.getAttribute("list"));
    let timer = 0;
    input.addEventListener("input", () => {
      clearTimeout(timer);
      const q = input.value.trim();
      if (q.length < 2 || !list) return;
      timer = setTimeout(async () => {
        const answer = await fetch(`${input.dataset.search}?limit=10&q=${encodeURIComponent(q)}`);
        if (!answer.ok) return;
        const found = await answer.json();
        list.replaceChildren(...found.items.map((p) => {
          const option = document.createElement("option");
          option.value = p.name;
          option.label = p.nationality ? `${p.name} (${p.nationality})` : p.name;
          return option;
        }));
      }, 200);
    });
  }
});
