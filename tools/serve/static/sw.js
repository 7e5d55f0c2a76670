// The service worker of the exported referee's page (gb16 serve --export writes it at the
// folder's root, with its list of files and a cache name that changes with them): on the first
// visit every file of the folder is cached; from then on the page opens and scores with no
// network at all.  Requests are answered from the cache first; a new export (another cache
// name) replaces the old cache when it takes over.
"use strict";

const CACHE = "__CACHE__";
const FILES = ["__FILES__"];

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith("gb16-") && n !== CACHE).map(n => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // the page's address carries the hand in its query (?hand=…): every such address is the page
  const navigation = request.mode === "navigate";
  event.respondWith(
    caches.match(navigation ? new URL("./", self.registration.scope).href : request, { ignoreSearch: navigation })
      .then(found => found || fetch(request)));
});
