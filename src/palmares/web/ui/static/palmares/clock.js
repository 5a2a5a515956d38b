/* The room's clock (seed 002, "Game Timing"): every screen computes the time left from the
   server's state and its own offset to the server's clock, never from its own timer's history,
   so screens agree whenever they joined. Calls are spoken with the browser's speech synthesis in
   the page's language (mute per screen); the call is always shown too. */
"use strict";
(function () {
  const root = document.getElementById("clock");
  if (!root) return;
  const strings = JSON.parse(document.getElementById("clock-strings").textContent);
  const api = root.dataset.api;
  const lang = root.dataset.lang || "en";
  const $ = (id) => document.getElementById(id);
  let snap = null;      // the last state read from the server
  let offset = 0;       // server clock minus this screen's clock, in ms
  let last = null;      // the time left at the previous tick (for the calls)
  let fetching = false;
  let muted = localStorage.getItem("palmares-clock-muted") === "1";

  function serverNow() { return Date.now() + offset; }

  function left() {
    if (!snap || !snap.running) return null;
    if (snap.paused || snap.time_up) return snap.remaining_s;
    const r = snap.remaining_s - (serverNow() - snap.at) / 1000;
    return Math.max(0, r);
  }

  function mmss(seconds) {
    const s = Math.ceil(seconds);
    const m = Math.floor(s / 60);
    return String(m).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
  }

  function callText(c) {
    if (c === 0) return strings.time;
    if (c % 60 === 0) {
      const n = c / 60;
      return (n === 1 ? strings.minute : strings.minutes).replace("%(n)s", n);
    }
    return strings.seconds.replace("%(n)s", c);
  }

  function announce(text) {
    const banner = $("call");
    banner.textContent = text;
    window.clearTimeout(announce.timer);
    announce.timer = window.setTimeout(() => { banner.textContent = ""; }, 15000);
    if (muted || !("speechSynthesis" in window)) return;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = lang;
    window.speechSynthesis.speak(u);
  }

  function season(name) { return name === "Spring" ? strings.spring : strings.fall; }

  function render() {
    const r = left();
    const time = $("time");
    if (!snap || !snap.running || r === null) {
      time.textContent = "--:--";
      $("turn").textContent = strings.not_started;
      $("state").textContent = "";
      $("next").textContent = "";
    } else {
      time.textContent = mmss(r);
      time.classList.toggle("low", r <= 60 && r > 0);
      time.classList.toggle("zero", r <= 0);
      $("turn").textContent = season(snap.season) + " " + snap.year;
      $("state").textContent = snap.time_up ? strings.time_draw : snap.paused ? strings.paused : "";
      $("next").textContent = strings.next.replace("%(n)s", snap.next_turn_minutes);
      if (!snap.paused && !snap.time_up && last !== null) {
        for (const c of snap.calls) {
          if (last > c && r <= c) announce(callText(c));
        }
      }
      last = r;
      if (r <= 0 && !snap.paused && !snap.time_up) refresh();
    }
    $("round").textContent = snap ? strings.round.replace("%(n)s", snap.round) : "";
    $("ends").textContent = snap && snap.ends_at
      ? strings.ends.replace("%(t)s", new Date(snap.ends_at).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }))
      : "";
  }

  function take(state, sentAt, receivedAt) {
    const server = Date.parse(state.server_time);
    offset = server - (sentAt + receivedAt) / 2;
    const turnChanged = !snap || snap.year !== state.year || snap.season !== state.season ||
      snap.version !== state.version;
    // The server rolled the turn over (no director's action) before this screen drew zero: the
    // "time" call it was about to make is still due.
    const rolledOver = snap && snap.version === state.version && turnChanged &&
      !snap.paused && last !== null && last > 0;
    if (rolledOver && snap.calls.includes(0)) announce(callText(0));
    state.at = server;
    snap = state;
    if (turnChanged) last = left();
  }

  async function refresh() {
    if (fetching) return;
    fetching = true;
    try {
      const sent = Date.now();
      const response = await fetch(api, { cache: "no-store", headers: { Accept: "application/json" } });
      if (response.ok) take(await response.json(), sent, Date.now());
    } catch (e) {
      /* the next poll tries again */
    } finally {
      fetching = false;
    }
  }

  function setMuted(value) {
    muted = value;
    localStorage.setItem("palmares-clock-muted", muted ? "1" : "0");
    const b = $("mute");
    b.setAttribute("aria-pressed", muted ? "true" : "false");
    b.textContent = muted ? strings.unmute : strings.mute;
    if (muted && "speechSynthesis" in window) window.speechSynthesis.cancel();
  }

  $("mute").addEventListener("click", () => setMuted(!muted));
  setMuted(muted);

  const td = document.getElementById("td");
  if (td) {
    td.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button) return;
      const body = { action: button.dataset.action };
      if (body.action === "set" || body.action === "start") {
        body.year = parseInt(td.elements.year.value, 10) || 1901;
        body.season = td.elements.season.value;
        const minutes = parseFloat(td.elements.minutes.value);
        if (!Number.isNaN(minutes)) body.remaining_s = Math.round(minutes * 60);
        const round = parseInt(td.elements.round.value, 10);
        if (!Number.isNaN(round)) body.round = round;
      }
      const sent = Date.now();
      const response = await fetch(td.action, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": td.elements.csrfmiddlewaretoken.value },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      $("td-error").textContent = response.ok ? "" : answer.detail;
      if (response.ok) take(answer, sent, Date.now());
    });
  }

  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  refresh();
  window.setInterval(refresh, 2000 + Math.floor(Math.random() * 1000));
  window.setInterval(render, 200);
})();
