// Shows what the entry being typed does to the month: "After this entry: 80% of this month's target." for a save
// stash, "After this entry: $20.00 over your allowance." or "$35.00 left of your allowance." for a spend stash.
// Optional: the form works the same without it. Amounts are read as the server reads them (the member's region's
// decimal and grouping separators, from the page) and written with the browser's Intl for the same region.
(function () {
  "use strict";
  var preview = document.getElementById("entry-preview");
  var amount = document.getElementById("field-amount");
  if (!preview || !amount) return;
  var data = preview.dataset;
  var total = Number(data.total) || 0;
  var target = Number(data.target) || 0;
  var old = Number(data.old) || 0;
  var minorUnits = Number(data.minorUnits) || 0;
  var scale = Math.pow(10, minorUnits);
  var decimal = data.decimal || ".";
  var group = data.group || ",";
  var spend = data.kind === "spend";
  var format;
  try {
    format = new Intl.NumberFormat(data.locale || "en-US", {
      style: "currency", currency: data.currency || "USD",
      minimumFractionDigits: minorUnits, maximumFractionDigits: minorUnits
    });
  } catch (e) {
    format = { format: function (value) { return value.toFixed(minorUnits); } };
  }
  var spaces = /[\s\u00a0\u202f]/.test(group);
  var apostrophes = group === "’" || group === "'";

  // The same grammar as the server's: digits, the region's grouping separator between groups of three, and at most
  // one decimal separator followed by no more digits than the currency has. Anything else shows nothing.
  function parse(text) {
    var clean = text.trim();
    if (spaces) clean = clean.replace(/[\s\u00a0\u202f]/g, "\u0001");
    else if (apostrophes) clean = clean.replace(/[’']/g, "\u0001");
    else clean = clean.split(group).join("\u0001");
    var parts = clean.split(decimal);
    if (parts.length > 2) return null;
    var whole = parts[0].split("\u0001");
    var fraction = parts.length === 2 ? parts[1] : "";
    if (parts.length === 2 && !/^\d+$/.test(fraction)) return null;
    if (fraction.length > minorUnits) return null;
    for (var i = 0; i < whole.length; i++) {
      if (!/^\d+$/.test(whole[i])) return null;
      if (i > 0 && whole[i].length !== 3) return null;
      if (i === 0 && whole.length > 1 && whole[i].length > 3) return null;
    }
    while (fraction.length < minorUnits) fraction += "0";
    return Number(whole.join("")) * scale + Number(fraction || "0");
  }

  function money(cents) { return format.format(cents / scale); }

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
