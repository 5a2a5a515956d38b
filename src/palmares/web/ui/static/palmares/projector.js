/* The room's projector screens (issue 14): the page turns through its pages every
   data-every seconds (every screen on the same page at the same moment: the page is the time
   divided by the period), and polls its fragment every data-poll seconds with the ETag it last
   saw; the server answers 304 while nothing changed, the new fragment once a result is entered.
   No reload: the fragment replaces the screen's content in place. */
"use strict";
(function () {
  const root = document.getElementById("projector");
  if (!root) return;
  const strings = JSON.parse(document.getElementById("projector-strings").textContent);
  const screen = document.getElementById("screen");
  const pageOf = document.getElementById("page-of");
  const every = Math.max(1, Number(root.dataset.every) || 15) * 1000;
  const poll = Math.max(1, Number(root.dataset.poll) || 5) * 1000;
  let etag = root.dataset.etag || null;
  let fetching = false;
  let shown = -1;

  function turn() {
    const pages = screen.querySelectorAll(".page");
    const n = pages.length;
    const i = n ? Math.floor(Date.now() / every) % n : 0;
    pages.forEach((p, k) => { p.hidden = k !== i; });
    if (i !== shown || pageOf.dataset.n !== String(n)) {
      shown = i;
      pageOf.dataset.n = String(n);
      root.dataset.page = String(i + 1);
      pageOf.textContent = n > 1 ? strings.page.replace("%(i)s", i + 1).replace("%(n)s", n) : "";
    }
  }

  async function refresh() {
    if (fetching || document.hidden) return;
    fetching = true;
    try {
      const headers = { Accept: "text/html" };
      if (etag) headers["If-None-Match"] = etag;
      const response = await fetch(root.dataset.live, { cache: "no-store", headers });
      if (response.status === 200) {
        etag = response.headers.get("ETag");
        screen.innerHTML = await response.text();
        root.dataset.updates = String(Number(root.dataset.updates || 0) + 1);
        shown = -1;
        turn();
      }
    } catch (e) {
      /* the next poll tries again */
    } finally {
      fetching = false;
    }
  }

  turn();
  window.setInterval(turn, 250);
  window.setInterval(refresh, poll + Math.floor(Math.random() * 1000));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
})();
