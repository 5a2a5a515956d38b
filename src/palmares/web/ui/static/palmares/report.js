// A board's report from a phone (issue 38): the report goes to the JSON API; until the server
// has answered it stays in the phone's storage, so a phone that loses the network keeps the
// entry and sends it as soon as the network is back (the "online" event, and a retry every few
// seconds). Without this script the form posts to the page (web/ui/views/reports.py).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("board-form");
  if (!form || !form.dataset.api) return;
  const api = form.dataset.api;
  const key = `palmares-report:${api}`;
  const statuses = JSON.parse(document.getElementById("report-words").textContent);
  const state = document.getElementById("report-state");
  const saidList = document.getElementById("report-said");
  const refusal = document.getElementById("refusal");
  const kept = document.getElementById("kept");
  const initials = "AEFGIRT";
  let sending = false;

  const read = () => {
    const data = new FormData(form);
    const centres = {};
    const eliminated = {};
    const draw = [];
    for (const i of initials) {
      const c = String(data.get(`centres_${i}`) || "").trim();
      if (c !== "") centres[i] = Number(c);
      const y = String(data.get(`eliminated_${i}`) || "").trim();
      if (y !== "") eliminated[i] = Number(y);
      if (data.get(`draw_${i}`)) draw.push(i);
    }
    const year = String(data.get("final_year") || "").trim();
    return {
      player: String(data.get("player") || ""),
      code: String(data.get("code") || ""),
      centres,
      eliminated,
      draw: draw.length ? draw : null,
      final_year: year === "" ? null : Number(year),
    };
  };

  const fill = (entry) => {
    form.elements.player.value = entry.player;
    form.elements.code.value = entry.code;
    for (const i of initials) {
      form.elements[`centres_${i}`].value = entry.centres[i] ?? "";
      form.elements[`eliminated_${i}`].value = entry.eliminated[i] ?? "";
      form.elements[`draw_${i}`].checked = (entry.draw || []).includes(i);
    }
    form.elements.final_year.value = entry.final_year ?? "";
    form.querySelector("input.centres").dispatchEvent(new Event("input"));
  };

  const show = (status, said) => {
    state.dataset.status = status;
    state.className = `report-state ${status}`;
    state.textContent = statuses[status] || status;
    saidList.replaceChildren(
      ...said.map((text) => {
        const li = document.createElement("li");
        li.className = "success";
        li.textContent = text;
        return li;
      }),
    );
    saidList.hidden = !said.length;
  };

  const send = async () => {
    const pending = localStorage.getItem(key);
    if (!pending || sending) return;
    sending = true;
    let answer;
    try {
      answer = await fetch(api, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: pending,
      });
    } catch {
      kept.hidden = false; // no network: the entry stays here
      sending = false;
      return;
    }
    sending = false;
    kept.hidden = true;
    let body = {};
    try {
      body = await answer.json();
    } catch {
      body = { detail: answer.statusText };
    }
    if (answer.status >= 500) return; // the server's trouble: keep the entry, retry later
    localStorage.removeItem(key);
    if (answer.ok) {
      refusal.hidden = true;
      show(body.status, body.said || []);
    } else {
      refusal.textContent = body.detail || answer.statusText;
      refusal.dataset.field = body.field || "";
      refusal.dataset.status = String(answer.status);
      refusal.hidden = false;
      saidList.hidden = true;
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    localStorage.setItem(key, JSON.stringify(read()));
    send();
  });
  window.addEventListener("online", send);
  setInterval(send, 4000);
  const pending = localStorage.getItem(key);
  if (pending) {
    fill(JSON.parse(pending));
    kept.hidden = false;
    send();
  }
});
