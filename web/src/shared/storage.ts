// Locally stored state (SPEC sections 3 and 5): every value is validated when read.
import { type Language, resolveLanguage } from "@ivrit/core/languages";
import { clampLevel, isPlan, type Plan, type Tier } from "@ivrit/core/plans";

export const KEYS = {
  language: "language",
  level: "level_id",
  plan: "plan",
  anonymousId: "anon_user_id",
  activeModule: "active_module_id",
  autoPicked: "module_auto_picked",
  contentLanguage: "content_language",
  firstRun: "first_run",
  lastGame: "last_game",
  recoveryOffered: "recovery_offered",
} as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage full: the app keeps working with in-memory state.
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Stored language if supported, else the browser language if supported, else English. */
export function storedLanguage(): Language {
  return resolveLanguage(read(KEYS.language), browserLanguages());
}
export function storeLanguage(lang: Language): void {
  write(KEYS.language, lang);
  write(KEYS.contentLanguage, lang);
}

/** Level clamped to 1..3, default 3. */
export function storedLevel(): Tier {
  return clampLevel(read(KEYS.level));
}
export function hasStoredLevel(): boolean {
  return read(KEYS.level) !== null;
}
export function storeLevel(level: Tier): void {
  write(KEYS.level, String(level));
}

/** Plan only if free, plus or pro. */
export function storedPlan(): Plan | null {
  const v = read(KEYS.plan);
  return isPlan(v) ? v : null;
}
export function storePlan(plan: Plan): void {
  write(KEYS.plan, plan);
}

export function storedActiveModuleId(): number | null {
  const raw = read(KEYS.activeModule);
  if (raw === null || raw.trim() === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}
export function storeActiveModuleId(id: number | null): void {
  write(KEYS.activeModule, id === null ? null : String(id));
}

/**
 * A first visit: nothing chosen on this device yet (no language, no level, no first-run answer). The first run asks
 * for both before any module is picked (issue 11.1).
 */
export function needsFirstRun(): boolean {
  return read(KEYS.firstRun) === null && read(KEYS.level) === null && read(KEYS.language) === null;
}
/** "done": the learner chose (and picks a module themselves); "skipped": today's behaviour, auto-pick included. */
export function storeFirstRun(answer: "done" | "skipped"): void {
  write(KEYS.firstRun, answer);
}

export function wasAutoPicked(): boolean {
  return read(KEYS.autoPicked) === "1";
}
export function markAutoPicked(): void {
  write(KEYS.autoPicked, "1");
}

/** The last game started on this device (home's button offers the one after it, issue 30.1). */
export function lastGame(): string | null {
  return read(KEYS.lastGame);
}
export function storeLastGame(game: string): void {
  write(KEYS.lastGame, game);
}

/** The recovery code is offered once (issue 26.3): set when the learner acted on the offer either way. */
export function recoveryOffered(): boolean {
  return read(KEYS.recoveryOffered) === "1";
}
export function markRecoveryOffered(): void {
  write(KEYS.recoveryOffered, "1");
}

export function readRaw(key: string): string | null {
  return read(key);
}
export function writeRaw(key: string, value: string | null): void {
  write(key, value);
}

/** Account deletion removes only the data kept on this device (SPEC section 6). */
export function clearLocalData(): void {
  try {
    globalThis.localStorage?.clear();
    globalThis.sessionStorage?.clear();
  } catch {
    // nothing to clear
  }
}
