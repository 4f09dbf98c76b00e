// "Enable notifications on this device": shown only where the browser can take web pushes. A tap asks the browser's
// permission, subscribes with the server's key through the service worker (Public/sw.js), and posts the subscription
// in the form's hidden fields. Without JavaScript the page says so and everything else works.
(() => {
  const form = document.querySelector("form[data-push-key]");
  if (!form) return;
  const button = form.querySelector("[data-push-enable]");
  const status = form.querySelector("[data-push-status]");
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    if (!status.querySelector(".field__error")) status.textContent = "This browser can't show web notifications.";
    return;
  }
  button.hidden = false;
  if (!status.querySelector(".field__error")) {
    status.textContent = Notification.permission === "denied"
      ? "Notifications are blocked for Stashify in this browser's site settings."
      : "";
  }

  const key = (text) => {
    const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  };
  const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Asking this browser…";
    try {
      if (await Notification.requestPermission() !== "granted") {
        status.textContent = "Notifications weren't allowed. You can allow them in this browser's site settings.";
        button.disabled = false;
        return;
      }
      const registration = await navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready);
      const serverKey = key(form.dataset.pushKey);
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made with another server key (a new data folder) can't be pushed to: make a new one.
      if (subscription && subscription.options.applicationServerKey
          && text(subscription.options.applicationServerKey) !== form.dataset.pushKey) {
        await subscription.unsubscribe();
        subscription = null;
      }
      if (!subscription) {
        // The browser asks its push service for an address; one that can't be reached may never answer.
        let timer;
        const late = new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("its push service didn't answer. Try again later.")), 30000);
        });
        try {
          subscription = await Promise.race([
            registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }), late,
          ]);
        } finally {
          clearTimeout(timer);
        }
      }
      form.elements.endpoint.value = subscription.endpoint;
      form.elements.p256dh.value = text(subscription.getKey("p256dh"));
      form.elements.auth.value = text(subscription.getKey("auth"));
      form.submit();
    } catch (error) {
      status.textContent = "This browser couldn't subscribe: " + error.message;
      button.disabled = false;
    }
  });
})();
