// The create form (issue 32): the chosen system's parameters shown, the others hidden; and when
// the fewer-games adjustment cannot apply (the rounds, the aggregation and its adjust_after), the
// server's sentences filled in. The server says the same and stores the adjustment as off.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("new-tournament");
  if (!form) return;
  const field = (name) => form.elements.namedItem(name);
  const shown = (kind) => {
    const slug = field(kind).value;
    let chosen = null;
    for (const block of form.querySelectorAll(`.system[data-kind="${kind}"]`)) {
      block.hidden = block.dataset.system !== slug;
      if (!block.hidden) chosen = block;
    }
    return chosen;
  };
  const note = document.getElementById("fewer-games-note");
  const fewer = () => {
    shown("scoring");
    const system = shown("aggregation");
    if (!note || !system) return;
    const params = Object.fromEntries(
      field("aggregation_parameters").value.split(",").map((p) => p.split("=").map((s) => s.trim())),
    );
    const rounds = Number.parseInt(field("rounds").value, 10);
    let text = "";
    if (system.dataset.adjustAfter === undefined) {
      text = system.dataset.noAdjustment;
    } else {
      const after = Number.parseInt(params.adjust_after ?? system.dataset.adjustAfter, 10);
      if (after === 0) text = note.dataset.off;
      else if (rounds > 0 && after > rounds)
        text = note.dataset.tooFew.replace("{after}", after).replace("{rounds}", rounds);
    }
    note.textContent = text;
    note.hidden = !text || !field("fewer_games").checked;
  };
  for (const name of ["scoring", "aggregation", "aggregation_parameters", "rounds", "fewer_games"]) {
    field(name).addEventListener("input", fewer);
    field(name).addEventListener("change", fewer);
  }
  fewer();
});
