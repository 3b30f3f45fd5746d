// Ivrit's service worker (web only; registered at /sw.js by src/shared/service-worker.ts, removed in the native
// app). The app shell (index.html) is network-first with the cached copy offline; hashed files under /assets/
// never change, so they are cache-first. /api is network-first, and a response to a request that carries the
// user's identity is never cached (the browser handles those requests itself). Audio and other files pass
// through untouched.
const VERSION = "v1";
const SHELL = `ivrit-shell-${VERSION}`;
const ASSETS = `ivrit-assets-${VERSION}`;
const API = `ivrit-api-${VERSION}`;
const CURRENT = [SHELL, ASSETS, API];
const MAX_ASSETS = 300;
const IDENTITY_HEADERS = ["x-anonymous-id", "x-user-id", "authorization"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request("/index.html", { cache: "reload" })))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("ivrit-") && !CURRENT.includes(k)).map((k) => caches.delete(k))),
      ),
  );
});

/** Keeps the assets cache bounded: the oldest entries go first. */
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

async function networkFirst(request, cacheName, cacheKey, type) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    const h = response.headers;
    if (response.ok && response.type === "basic" && !h.get("cache-control")?.includes("no-store"))
      if (h.get("content-type")?.startsWith(type)) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(cacheKey);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) {
    // Anything that names a user goes straight to the network and is never stored.
    if (IDENTITY_HEADERS.some((h) => request.headers.has(h))) return;
    if (url.pathname.startsWith("/api/docs")) return;
    event.respondWith(networkFirst(request, API, request, "application/json"));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, SHELL, "/index.html", "text/html"));
    return;
  }
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
});
