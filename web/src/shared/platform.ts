// Where the app runs: the browser, or the Capacitor wrapper on Android or iOS. On native the SPA is served from
// the app itself (capacitor://localhost, https://localhost), so the API and audio live on the server origin given
// at build time (VITE_API_ORIGIN); on web they stay same-origin.
import { logError } from "./log.ts";

export type AppPlatform = "android" | "ios" | "web";

export function toAppPlatform(name: string): AppPlatform {
  return name === "android" || name === "ios" ? name : "web";
}

type NativeGlobals = {
  CapacitorCustomPlatform?: { name?: string };
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

/**
 * Read as @capacitor/core's Capacitor.getPlatform() reads it (the native shells' bridge objects on window), without
 * loading @capacitor/core on the web's first load (decision 0048; the native code imports it in its own chunks).
 */
export function appPlatform(): AppPlatform {
  const win = globalThis as unknown as NativeGlobals;
  if (win.CapacitorCustomPlatform?.name) return toAppPlatform(win.CapacitorCustomPlatform.name);
  if (win.androidBridge) return "android";
  if (win.webkit?.messageHandlers?.bridge) return "ios";
  return "web";
}

export function isNativeApp(): boolean {
  return appPlatform() !== "web";
}

/** "https://api.example.com/" -> "https://api.example.com"; anything that is not an http(s) origin -> null. */
export function normaliseOrigin(raw: string | undefined | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/** The prefix for /api and /audio: "" on web, the configured server origin on native. */
export function serverOrigin(platform: AppPlatform, configured: string | undefined): string {
  if (platform === "web") return "";
  const origin = normaliseOrigin(configured);
  if (origin === null) {
    logError(
      "native",
      new Error(`VITE_API_ORIGIN ${configured ? `"${configured}" is not an http(s) origin` : "is not set"}`),
    );
    return "";
  }
  return origin;
}

let origin: string | null = null;
/** The server origin for this build and platform (computed once). */
function apiOrigin(): string {
  origin ??= serverOrigin(appPlatform(), import.meta.env.VITE_API_ORIGIN);
  return origin;
}

/** A server path (/api/…, /audio/…) as a URL this app can fetch. Absolute URLs are left alone. */
export function serverUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${apiOrigin()}${path}`;
}
