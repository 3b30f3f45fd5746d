// The anonymous id: generated once on this device, stored, and sent with every request.
import { KEYS, readRaw, writeRaw } from "./storage.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
let memo: string | null = null;

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Fired by the native wrapper (and by account deletion) when the identity changes. */
export const AUTH_CHANGED_EVENT = "auth-changed";

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function anonymousId(): string {
  if (memo) return memo;
  const stored = readRaw(KEYS.anonymousId);
  if (isUuid(stored)) {
    memo = stored;
    return stored;
  }
  const id = randomUuid();
  writeRaw(KEYS.anonymousId, id);
  memo = id;
  return id;
}

/** After a local data deletion the next request gets a fresh id. */
export function forgetIdentity(): void {
  memo = null;
}
