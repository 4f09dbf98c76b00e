// Filters the category list to the chosen type (Needs / Wants / Savings / Income) and pre-selects that
// type's most recently used category. Optional: without it the list shows every category grouped by type,
// and the server checks that category and type match.
(function () {
  "use strict";
  var form = document.querySelector("[data-tx-form]");
  if (!form) return;
  var select = form.querySelector("#field-category");
  var radios = form.querySelectorAll("input[name=kind]");
  var stash = form.querySelector("[data-kind-only]");
  if (!select || !radios.length) return;
  var groups = Array.prototype.slice.call(select.querySelectorAll("optgroup"));

  function currentKind() {
    for (var i = 0; i < radios.length; i++) if (radios[i].checked) return radios[i].value;
    return "";
  }

  function apply(userChanged) {
    var kind = currentKind();
    groups.forEach(function (group) {
      var show = group.dataset.kind === kind;
      group.hidden = !show;
      group.disabled = !show;
    });
    var chosen = select.selectedOptions[0];
    if (userChanged || !chosen || chosen.dataset.kind !== kind) {
      var group = groups.filter(function (g) { return g.dataset.kind === kind; })[0];
      if (group) {
        var pick = group.querySelector("option[data-recent]") || group.querySelector("option");
        if (pick) pick.selected = true;
      }
    }
    if (stash) stash.hidden = kind !== stash.dataset.kindOnly;
    // A new transaction's heading and the tab's title follow the type: "Add saving", "Add income".
    var radio = form.querySelector("input[name=kind]:checked");
    var heading = document.getElementById("form-title");
    if (radio && radio.dataset.heading && heading && heading.textContent !== radio.dataset.heading) {
      var title = document.querySelector(".topbar__title");
      if (title && title.textContent === heading.textContent) title.textContent = radio.dataset.heading;
      document.title = document.title.replace(heading.textContent, radio.dataset.heading);
      heading.textContent = radio.dataset.heading;
    }
  }

  for (var i = 0; i < radios.length; i++) {
    radios[i].addEventListener("change", function () { apply(true); });
  }
  apply(false);
})();
