// Wallet onboarding: keeps "Continue (N cards selected)" in step with the ticked cards, and adds a search box
// that hides the cards that don't match. Without this script the button just says "Continue" and works the same.
(function () {
  var form = document.querySelector(".onboarding");
  if (!form) return;
  var button = form.querySelector("[data-count-label]");
  var none = button.textContent;
  function update() {
    var n = form.querySelectorAll(".pick__box:checked").length;
    if (n === 0) button.textContent = none;
    else if (n === 1) button.textContent = button.getAttribute("data-count-one");
    else button.textContent = button.getAttribute("data-count-label").replace("{n}", String(n));
  }
  form.addEventListener("change", update);
  update();

  var head = form.querySelector(".onboarding__head");
  var search = document.createElement("input");
  search.type = "search";
  search.className = "field__control onboarding__search";
  search.placeholder = form.getAttribute("data-search-placeholder") || "Search cards…";
  search.setAttribute("aria-label", form.getAttribute("data-search") || "Search cards");
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

// The Wallet's cards: a long press or a right-click on a card opens its quick menu (the ⋯ button opens it without
// this script), and Escape or a click elsewhere closes it.
(function () {
  var items = document.querySelectorAll(".wallet-stack__item");
  if (!items.length) return;
  var pressMs = 500;
  function open(menu) {
    document.querySelectorAll(".card-menu[open]").forEach(function (other) { if (other !== menu) other.open = false; });
    menu.open = true;
    var first = menu.querySelector(".menu__item");
    if (first) first.focus();
  }
  items.forEach(function (item) {
    var card = item.querySelector(".wallet-card");
    var menu = item.querySelector(".card-menu");
    if (!card || !menu) return;
    var timer = null, pressed = false, startX = 0, startY = 0;
    card.addEventListener("contextmenu", function (event) {
      event.preventDefault();
      open(menu);
    });
    card.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") return;
      pressed = false;
      startX = event.clientX;
      startY = event.clientY;
      timer = setTimeout(function () { pressed = true; open(menu); }, pressMs);
    });
    function cancel() { clearTimeout(timer); timer = null; }
    card.addEventListener("pointerup", cancel);
    card.addEventListener("pointercancel", cancel);
    card.addEventListener("pointermove", function (event) {
      if (Math.abs(event.clientX - startX) > 10 || Math.abs(event.clientY - startY) > 10) cancel();
    });
    // The press that opened the menu doesn't also follow the card's link.
    card.addEventListener("click", function (event) {
      if (pressed) { event.preventDefault(); pressed = false; }
    }, true);
  });
  document.addEventListener("click", function (event) {
    document.querySelectorAll(".card-menu[open]").forEach(function (menu) {
      if (!menu.contains(event.target)) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".card-menu[open]").forEach(function (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    });
  });
})();

// Coupons: the Copy button beside a code puts it on the clipboard and says "Copied". Without this script the button
// stays hidden and the code is shown to select by hand.
(function () {
  var buttons = document.querySelectorAll(".copy-button[data-copy]");
  if (!buttons.length || !navigator.clipboard) return;
  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  document.body.appendChild(status);
  buttons.forEach(function (button) {
    button.hidden = false;
    var label = button.firstChild;
    var copy = label.nodeValue;
    var timer = null;
    button.addEventListener("click", function () {
      var code = button.getAttribute("data-copy");
      navigator.clipboard.writeText(code).then(function () {
        label.nodeValue = button.getAttribute("data-copied");
        status.textContent = button.getAttribute("data-copied-status");
        clearTimeout(timer);
        timer = setTimeout(function () { label.nodeValue = copy; status.textContent = ""; }, 2000);
      }, function () {
        status.textContent = button.getAttribute("data-copy-failed");
      });
    });
  });
})();

// The card form: the preview shows the name and issuer as they are typed (its colour follows the swatches by CSS).
(function () {
  var form = document.querySelector(".card-form");
  if (!form) return;
  var name = form.querySelector(".card-preview__name");
  var issuer = form.querySelector(".card-preview .wallet-card__issuer");
  form.addEventListener("input", function (event) {
    if (event.target.name === "name") name.textContent = event.target.value.trim() || name.getAttribute("data-empty");
    if (event.target.name === "issuer") issuer.textContent = event.target.value;
  });
})();
