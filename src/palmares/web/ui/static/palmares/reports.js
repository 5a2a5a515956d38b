// The TD's board of boards and its projector view (issue 38): the page polls its JSON endpoint
// (data-poll) every few seconds and reloads itself when a board moved (a report, a change, an
// acceptance); the first answer is the page's own state.
"use strict";
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
    if (seen === null) seen = text;
    else if (text !== seen) window.location.reload();
  };
  poll();
  setInterval(poll, 3000);
});
