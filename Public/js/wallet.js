// Wallet onboarding: keeps "Continue (N cards selected)" in step with the ticked cards, and adds a search box
// that hides the cards that don't match. Without this script the button just says "Continue" and works the same.
(function () {
  var form = document.querySelector(".onboarding");
  if (!form) return;
  var button = form.querySelector("[data-count-label]");
  function update() {
    var n = form.querySelectorAll(".pick__box:checked").length;
    if (n === 0) button.textContent = "Continue";
    else if (n === 1) button.textContent = button.getAttribute("data-count-one");
    else button.textContent = button.getAttribute("data-count-label").replace("{n}", String(n));
  }
  form.addEventListener("change", update);
  update();

  var head = form.querySelector(".onboarding__head");
  var search = document.createElement("input");
  search.type = "search";
  search.className = "field__control onboarding__search";
  search.placeholder = "Search cards…";
  search.setAttribute("aria-label", "Search cards");
  head.insertAdjacentElement("afterend", search);
  search.addEventListener("keydown", function (event) {
    if (event.key === "Enter") event.preventDefault();
  });
  search.addEventListener("input", function () {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    form.querySelectorAll(".pick-group").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll(".pick-cell").forEach(function (cell) {
        var text = (group.querySelector(".pick-group__title").textContent + " " + cell.querySelector(".pick").textContent).toLowerCase();
        var match = words.every(function (word) { return text.indexOf(word) !== -1; });
        cell.hidden = !match;
        if (match) shown += 1;
      });
      group.hidden = shown === 0;
    });
  });
})();
