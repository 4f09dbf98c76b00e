// Shows only the fields the chosen repeat needs: weekdays for a weekly schedule, the day of the month for a monthly
// or yearly one, the end date or count for the end chosen. Optional: without it every field shows, each hint says
// which repeat it is for, and the server reads only the fields that apply.
(function () {
  "use strict";
  var form = document.querySelector("[data-schedule-form]");
  if (!form) return;

  function chosen(name) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : "";
  }

  function show(name, visible) {
    var control = form.querySelector("[name='" + name + "']");
    var field = control && control.closest(".field, fieldset");
    if (field) field.hidden = !visible;
  }

  function apply() {
    var frequency = chosen("frequency");
    var inMonth = frequency === "MONTHLY" || frequency === "YEARLY";
    var mode = chosen("monthMode");
    var ends = chosen("ends");
    show("weekdays[]", frequency === "WEEKLY");
    show("monthMode", inMonth);
    show("monthDay", inMonth && mode === "day");
    show("ordinal", inMonth && mode === "weekday");
    show("weekday", inMonth && mode === "weekday");
    show("month", frequency === "YEARLY");
    show("until", ends === "on");
    show("count", ends === "after");
  }

  form.addEventListener("change", apply);
  apply();
})();
