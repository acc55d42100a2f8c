/* trapoula: the service worker (served as /sw.js, scope "/"): the page's own files are kept
   in a cache named after their version, so the room opens from the home screen and survives
   a server restart; a new version of the files (another VERSION) replaces the cache.
   Every route that serves the page (/, /t/…, /replay/…, /leaderboard, /players/…, /admin,
   /score, /nights, /night/…, /clubs, /club/…) opens from the kept copy when offline.
   /api, /ws and /healthz are never touched: they always go to the server. */
"use strict";
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "trapoula-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("trapoula-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate" && /^\/(?:(?:t|replay|players|club)\/[^/]+|night\/[^/]+(?:\/t\/[^/]+)?|leaderboard|admin|score|nights|clubs)?\/?$/.test(url.pathname)) {
    // the page itself: the server's when it answers, else the kept copy (same for every route)
    event.respondWith(fetch(req).catch(() => caches.match("/", { cacheName: CACHE })
      .then((r) => r || Response.error())));
    return;
  }
  if (!url.pathname.startsWith("/static/")) return; // /api, /ws, /healthz: the network's
  event.respondWith(caches.match(req, { cacheName: CACHE, ignoreSearch: true })
    .then((hit) => hit || fetch(req)));
});
