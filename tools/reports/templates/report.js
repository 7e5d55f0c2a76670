// Client-side filters for the case table: status, area, fan and a text search.
(function () {
  "use strict";
  var table = document.getElementById("case-table");
  if (!table) { return; }
  var rows = Array.prototype.slice.call(table.querySelectorAll("tr.case"));
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input.status-filter"));
  var area = document.getElementById("area-filter");
  var fan = document.getElementById("fan-filter");
  var text = document.getElementById("text-filter");
  var shown = document.getElementById("shown-count");

  function apply() {
    var statuses = {};
    boxes.forEach(function (box) { statuses[box.value] = box.checked; });
    var wantArea = area ? area.value : "";
    var wantFan = fan ? fan.value : "";
    var needle = text ? text.value.trim().toLowerCase() : "";
    var count = 0;
    rows.forEach(function (row) {
      var ok = statuses[row.getAttribute("data-status")] !== false;
      if (ok && wantArea) { ok = row.getAttribute("data-area") === wantArea; }
      if (ok && wantFan) { ok = (" " + row.getAttribute("data-fans") + " ").indexOf(" " + wantFan + " ") >= 0; }
      if (ok && needle) { ok = row.textContent.toLowerCase().indexOf(needle) >= 0; }
      row.classList.toggle("hidden", !ok);
      if (ok) { count += 1; }
    });
    if (shown) { shown.textContent = count + " of " + rows.length + " cases shown"; }
  }

  boxes.forEach(function (box) { box.addEventListener("change", apply); });
  [area, fan].forEach(function (el) { if (el) { el.addEventListener("change", apply); } });
  if (text) { text.addEventListener("input", apply); }

  var only = document.getElementById("only-problems");
  if (only) {
    only.addEventListener("click", function () {
      boxes.forEach(function (box) { box.checked = ["pass", "skipped"].indexOf(box.value) < 0; });
      apply();
    });
  }
  var all = document.getElementById("show-all");
  if (all) {
    all.addEventListener("click", function () {
      boxes.forEach(function (box) { box.checked = true; });
      if (area) { area.value = ""; } if (fan) { fan.value = ""; } if (text) { text.value = ""; }
      apply();
    });
  }
  // Links in the per-fan and per-area tables set the filter and jump to the cases.
  Array.prototype.slice.call(document.querySelectorAll("[data-set-fan],[data-set-area]")).forEach(function (link) {
    link.addEventListener("click", function () {
      if (link.hasAttribute("data-set-fan") && fan) { fan.value = link.getAttribute("data-set-fan"); if (area) { area.value = ""; } }
      if (link.hasAttribute("data-set-area") && area) { area.value = link.getAttribute("data-set-area"); if (fan) { fan.value = ""; } }
      apply();
    });
  });
  // A report with failures opens on them: only the problems are shown until "reset".
  if (table.getAttribute("data-start") === "problems" && only) {
    only.click();
  } else {
    apply();
  }
}());
