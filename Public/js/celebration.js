// "Badge earned!": the page comes with the dialog open, which without JavaScript shows over the page until "Nice!"
// closes it. Here it opens again as a modal dialog: focus stays inside it, Escape closes it, and focus goes back
// to where it was (the page's main content when nothing had focus yet).
(() => {
  const dialog = document.querySelector("dialog.celebration[open]");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const before = document.activeElement;
  dialog.close();
  dialog.showModal();
  dialog.addEventListener("close", () => {
    if (dialog.open) return; // the close() above reports late, while the modal is already open
    const back = before && before !== document.body && document.contains(before) ? before : document.getElementById("main");
    if (back) back.focus();
  });
})();
