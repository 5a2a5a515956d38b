// palmares: the site's script (the Content-Security-Policy allows no inline script or handler).
// A <select data-autosubmit> sends its form when changed (the ranking's nation menu).
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
});
