// palmares: the site's only script (the Content-Security-Policy allows no inline script).
// - <select data-autosubmit> sends its form when changed (language, nation);
// - <div data-chart="ID"> draws the plotly figure given as JSON in <script id="ID">.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
  document.querySelectorAll("[data-chart]").forEach(function (box) {
    var data = document.getElementById(box.getAttribute("data-chart"));
    if (data === null || typeof Plotly === "undefined") { return; }
    var spec = JSON.parse(data.textContent);
    Plotly.newPlot(box, spec.data, spec.layout, {responsive: true, displayModeBar: false});
  });
});
