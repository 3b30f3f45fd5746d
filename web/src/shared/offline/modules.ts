// The modules the learner opened (played, or had as the active module), with when: every one opened within the last
// 30 days is kept available offline (issue 15). Stored on the device, validated when read.
import { readRaw, writeRaw } from "../storage.ts";
import { KEEP_MS } from "./store.ts";

export const OPENED_KEY = "offline_modules";
/** At most this many modules are kept (the most recently opened). */
export const MAX_OFFLINE_MODULES = 24;

export type OpenedModules = Record<string, number>;

export function parseOpened(raw: string | null): OpenedModules {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    const out: OpenedModules = {};
    for (const [id, at] of Object.entries(parsed)) {
      const n = Number(id);
      if (Number.isInteger(n) && n > 0 && typeof at === "number" && Number.isFinite(at)) out[String(n)] = at;
    }
    return out;
  } catch {
    return {};
  }
}

/** Module ids opened within 30 days of now, most recent first, at most MAX_OFFLINE_MODULES. */
export function recentModules(opened: OpenedModules, now: number): number[] {
  return Object.entries(opened)
    .filter(([, at]) => now - at <= KEEP_MS)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_OFFLINE_MODULES)
    .map(([id]) => Number(id));
}

export function noteModuleOpened(id: number, now: number = Date.now()): void {
  if (!Number.isInteger(id) || id <= 0) return;
  const opened = parseOpened(readRaw(OPENED_KEY));
  const kept: OpenedModules = {};
  for (const recent of recentModules(opened, now)) kept[String(recent)] = opened[String(recent)] ?? now;
  kept[String(id)] = now;
  writeRaw(OPENED_KEY, JSON.stringify(kept));
}

export function offlineModules(now: number = Date.now()): number[] {
  return recentModules(parseOpened(readRaw(OPENED_KEY)), now);
}
