// Shows "After this entry: 80% of target" under the entry form as the amount is typed. Optional: the form
// works the same without it.
(function () {
  "use strict";
  var preview = document.getElementById("entry-preview");
  var amount = document.getElementById("field-amount");
  if (!preview || !amount) return;
  var total = Number(preview.dataset.total) || 0;
  var target = Number(preview.dataset.target) || 0;
  var old = Number(preview.dataset.old) || 0;
  var scale = Math.pow(10, Number(preview.dataset.minorUnits) || 0);

  function parse(text) {
    var clean = text.trim().replace(/,/g, "");
    if (!/^\d+(\.\d+)?$/.test(clean)) return null;
    return Math.round(Number(clean) * scale);
  }

  function update() {
    var cents = parse(amount.value);
    if (cents === null || target <= 0) { preview.textContent = ""; return; }
    var after = total - old + cents;
    var percent = Math.floor(after * 100 / target);
    preview.textContent = "After this entry: " + percent + "% of this month's target.";
  }

  amount.addEventListener("input", update);
  update();
})();
