// The service worker: registered at /sw.js on web only; in the native app any worker a previous version left
// behind is unregistered and its caches deleted (SPEC section 7), since the app ships its own files.
import { logError } from "./log.ts";

export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  } catch (e) {
    logError("service worker", e);
  }
}

/** Unregisters every service worker of this origin and deletes every Cache Storage cache. */
export async function removeServiceWorkers(): Promise<void> {
  try {
    if ("serviceWorker" in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((r) => r.unregister()));
    }
    if ("caches" in globalThis) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
  } catch (e) {
    logError("service worker cleanup", e);
  }
}
