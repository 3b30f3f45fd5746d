// Ivrit's service worker (web only; registered at /sw.js by src/shared/service-worker.ts, removed in the native app).
// Built by vite-plugin-pwa (injectManifest): the build writes the list of its own files, each with a revision, into
// self.__WB_MANIFEST, so a new build precaches exactly its files and drops the previous build's. No version to bump.
// - The app shell and every hashed asset (JS, CSS, fonts) are precached: the app starts with no network.
// - Navigations get the precached index.html (the SPA's routes are all the same page).
// - Pictures (/pictures/*.svg, decision 0104): cache first, bounded; each is cached the first time it is shown
//   and works offline from then on. Not precached: the build ships 394 of them (590 kB), a learner sees the few dozen
//   of the modules they study, and the install (on every new version) would fetch them all.
// - /api answers: network first; an answer to a request that carries the user's identity is never stored (the
//   browser handles those requests itself), and neither is one the server marks no-store.
// - A new version installs in the background and takes over when no page of the old one is open (the next
//   start), so a running page never mixes its files with the next build's.
/// <reference lib="webworker" />
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const IDENTITY_HEADERS = ["x-anonymous-id", "x-user-id", "authorization"];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every route of the SPA is index.html; the server's own pages (/api/docs) and files (/audio, /pictures) are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/audio\//, /^\/pictures\//],
  }),
);

// Pictures: a file's name is its emoji's code points, so a cached copy never goes stale. CacheFirst stores only
// 200 answers. The bound holds every picture the content has (394 files, 590 kB uncompressed) with room to grow; the least
// recently used go first beyond it.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/pictures/") && request.method === "GET",
  new CacheFirst({
    cacheName: "ivrit-pictures",
    plugins: [new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 365 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith("/api/") &&
    !url.pathname.startsWith("/api/docs") &&
    request.method === "GET" &&
    !IDENTITY_HEADERS.some((h) => request.headers.has(h)),
  new NetworkFirst({
    cacheName: "ivrit-api",
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          response.ok &&
          response.headers.get("content-type")?.startsWith("application/json") &&
          !response.headers.get("cache-control")?.includes("no-store")
            ? response
            : null,
      },
    ],
  }),
);

// ---------- reminders (issue 30.2) ----------
// The server's push message carries its texts (in the learner's language) and where a tap goes. A tap opens (or
// focuses) the app on /review; the "off" action turns reminders off with one tap, naming this browser's
// subscription (its endpoint is known only to the browser and the server).
type Reminder = { title: string; body: string; url: string; off: string; due: number; day: string };

self.addEventListener("push", (event) => {
  let data: Reminder | null = null;
  try {
    data = event.data?.json() as Reminder;
  } catch {
    data = null;
  }
  if (!data?.title) return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: `reminder-${data.day}`,
      icon: "/icons/icon-192.png",
      data: { url: data.url.startsWith("/") ? data.url : "/review" },
      actions: [{ action: "off", title: data.off }],
    } as NotificationOptions),
  );
});

async function openApp(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const w of windows) {
    if (new URL(w.url).origin !== self.location.origin) continue;
    await w.focus();
    await w.navigate(path).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(path);
}

async function turnRemindersOff(): Promise<void> {
  const sub = await self.registration.pushManager.getSubscription();
  if (!sub) return;
  await fetch("/api/reminders/off", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ endpoint: sub.endpoint }),
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? "/review";
  event.waitUntil(event.action === "off" ? turnRemindersOff() : openApp(url));
});
