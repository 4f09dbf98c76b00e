// Shows what the entry being typed does to the month: "After this entry: 80% of this month's target." for a save
// stash, "After this entry: $20.00 over your allowance." or "$35.00 left of your allowance." for a spend stash.
// Optional: the form works the same without it.
(function () {
  "use strict";
  var preview = document.getElementById("entry-preview");
  var amount = document.getElementById("field-amount");
  if (!preview || !amount) return;
  var total = Number(preview.dataset.total) || 0;
  var target = Number(preview.dataset.target) || 0;
  var old = Number(preview.dataset.old) || 0;
  var minorUnits = Number(preview.dataset.minorUnits) || 0;
  var scale = Math.pow(10, minorUnits);
  var symbol = preview.dataset.symbol || "";
  var spend = preview.dataset.kind === "spend";

  function parse(text) {
    var clean = text.trim().replace(/,/g, "");
    if (!/^\d+(\.\d+)?$/.test(clean)) return null;
    return Math.round(Number(clean) * scale);
  }

  // As the server writes amounts: the symbol, digits grouped by commas, the minor units after a point.
  function money(cents) {
    var major = Math.floor(cents / scale), minor = String(cents % scale);
    var digits = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    if (minorUnits === 0) return symbol + digits;
    while (minor.length < minorUnits) minor = "0" + minor;
    return symbol + digits + "." + minor;
  }

  function update() {
    var cents = parse(amount.value);
    if (cents === null || target <= 0) { preview.textContent = ""; return; }
    var after = total - old + cents;
    if (spend) {
      preview.textContent = after > target
        ? "After this entry: " + money(after - target) + " over your allowance."
        : "After this entry: " + money(target - after) + " left of your allowance.";
    } else {
      preview.textContent = "After this entry: " + Math.floor(after * 100 / target) + "% of this month's target.";
    }
  }

  amount.addEventListener("input", update);
  update();
})();
