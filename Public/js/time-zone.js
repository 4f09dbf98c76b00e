// Tells the sign-up form the browser's time zone, so a new account's days start where its owner lives. Optional:
// without it the account starts in the server's zone, and Profile can change it.
(function () {
  "use strict";
  var field = document.querySelector("[data-browser-time-zone]");
  if (!field || typeof Intl === "undefined") return;
  try {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    field.value = "";
  }
})();
