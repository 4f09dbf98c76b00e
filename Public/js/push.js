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

  // Every wait has an end: a browser whose push service can't be reached (a network without the internet), a
  // permission prompt closed without an answer, or a server that doesn't answer would leave the page asking forever.
  const within = (promise, seconds, message) => {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), seconds * 1000);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  };
  const giveUp = (message) => {
    status.textContent = message;
    button.disabled = false;
  };

  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Asking this browser…";
    try {
      const permission = await within(Notification.requestPermission(), 120,
        "this browser gave no answer about notifications. Try again.");
      if (permission !== "granted") {
        giveUp("Notifications weren't allowed. You can allow them in this browser's site settings.");
        return;
      }
      const registration = await within(
        navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready), 30,
        "its background worker didn't start. Reload the page and try again.");
      const serverKey = key(form.dataset.pushKey);
      let subscription = await within(registration.pushManager.getSubscription(), 30,
        "its push service didn't answer. Try again later.");
      // A subscription made with another server key (a new data folder) can't be pushed to: make a new one.
      if (subscription && subscription.options.applicationServerKey
          && text(subscription.options.applicationServerKey) !== form.dataset.pushKey) {
        await within(subscription.unsubscribe(), 30, "its push service didn't answer. Try again later.");
        subscription = null;
      }
      if (!subscription) {
        // The browser asks its push service for an address; one that can't be reached may never answer.
        subscription = await within(
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }), 30,
          "its push service didn't answer. Try again later.");
      }
      form.elements.endpoint.value = subscription.endpoint;
      form.elements.p256dh.value = text(subscription.getKey("p256dh"));
      form.elements.auth.value = text(subscription.getKey("auth"));
      status.textContent = "Saving…";
      form.submit();
      // The page goes on to the answer; if Stashify doesn't answer, the button comes back.
      setTimeout(() => giveUp("Stashify didn't answer. Check the connection and try again."), 30000);
    } catch (error) {
      giveUp("This browser couldn't subscribe: " + error.message);
    }
  });
})();
