// Wallet onboarding: keeps "Continue (N cards selected)" in step with the ticked cards. Without this script the
// button just says "Continue" and works the same.
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
})();
