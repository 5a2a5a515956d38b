// The TD's board of boards and its projector view (issue 38): the page polls its JSON endpoint
// (data-poll) every few seconds and reloads itself when a board moved (a report, a change, an
// acceptance). The first answer is checked against what the page shows (each board's
// data-shown, made by the server from the same reports), so a report that lands between the
// page's render and that answer reloads the page too.
"use strict";
const sorted = (object) =>
  Object.keys(object || {})
    .sort()
    .map((key) => `${key}${object[key]}`)
    .join(",");
// One board as the page shows it: ui/views/reports.py's _shown, word for word.
const shown = (board) =>
  `${board.status}|` +
  (board.reports || [])
    .map(
      (r) =>
        `${r.player}=${sorted(r.centres)}/${sorted(r.eliminated)}/` +
        `${[...(r.draw || [])].sort().join(",")}/${r.final_year ?? ""}`,
    )
    .join(";");
const agrees = (root, boards) => {
  const cards = root.querySelectorAll("[data-shown]");
  if (!Array.isArray(boards) || cards.length !== boards.length) return false;
  return boards.every((b) => {
    const card = document.getElementById(`board-${b.label}`);
    return card !== null && card.dataset.shown === shown(b);
  });
};
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("boards");
  if (!root || !root.dataset.poll) return;
  let seen = null;
  const poll = async () => {
    let text;
    try {
      const answer = await fetch(root.dataset.poll, { headers: { Accept: "application/json" } });
      if (!answer.ok) return;
      text = await answer.text();
    } catch {
      return; // no network: try again at the next turn
    }
    if (seen === null) {
      let boards = null;
      try {
        boards = JSON.parse(text);
      } catch {
        return;
      }
      if (root.querySelector("[data-shown]") !== null && !agrees(root, boards)) {
        window.location.reload();
        return;
      }
      seen = text;
      root.dataset.checked = "same";
    } else if (text !== seen) window.location.reload();
  };
  poll();
  setInterval(poll, 3000);
});
