// Installs the service worker (Public/sw.js) where the browser has them; the app works the same without it.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => { navigator.serviceWorker.register("/sw.js").catch(() => {}); });
}
