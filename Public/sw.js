// Stashify's service worker. It keeps the shell's static files (stylesheet, scripts, icons) and a friendly
// offline page. Pages are always fetched from the server and never stored: they are private to whoever is signed
// in, so no cache can show one user's page to another. Without a connection a page request gets the offline page.
// It also shows reminders pushed to this browser, and opens the page a reminder is about when it is tapped.
const CACHE = "stashify-shell-v2";
const SHELL = [
  "/offline.html", "/css/app.css", "/icons/icon.svg", "/icons/sprite.svg", "/icons/icon-192.png",
  "/manifest.webmanifest", "/js/pwa.js", "/js/push.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline.html")));
    return;
  }
  const path = new URL(request.url).pathname;
  if (SHELL.includes(path)) {
    // The network first, so a new stylesheet shows at once; the kept copy when offline.
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
      return response;
    }).catch(() => caches.match(request)));
  }
});

// A reminder's page is on this site: "//elsewhere/…" or "https://elsewhere/…" is never opened.
const sameOrigin = (path) => {
  try { return new URL(path, self.location.origin).origin === self.location.origin; } catch (error) { return false; }
};

self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(message.title || "Stashify", {
    body: message.body || "",
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { path: typeof message.path === "string" && sameOrigin(message.path) ? message.path : "/notifications" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.path, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url === url);
    return open ? open.focus() : self.clients.openWindow(url);
  }));
});
