// The app's one queue of posts that must reach the server, and the play record (SPEC section 4 "Play record",
// section 7 POST /game/play). The server stores a play once per (userId, sessionId, gameName), so a retried
// record never makes a duplicate.

import type { BeginnerGame, ModuleGame } from "@ivrit/core/games";
import { type GameName, gameName } from "@ivrit/core/games";
import type { Language } from "@ivrit/core/languages";
import { logError } from "../log.ts";
import { type AppPlatform, appPlatform } from "../platform.ts";
import { ProgressBatch } from "./progress-batch.ts";
import { postQueue, startQueue } from "./queue.ts";
import { ReviewEvents } from "./review-events.ts";

export const progress = new ProgressBatch(postQueue);
/** Every answer as a review event (the learning memory). */
export const reviewEvents = new ReviewEvents(postQueue);

export interface PlayRecordInput {
  game: ModuleGame | BeginnerGame;
  language: Language;
  moduleId: number | null;
  levelId: number | null;
  sessionId: string;
  meta?: Record<string, unknown>;
}

export interface PlayRecordBody {
  gameName: GameName;
  language: Language;
  platform: AppPlatform;
  moduleId: number | null;
  levelId: number | null;
  sessionId: string;
  meta: Record<string, unknown>;
}

export function playRecordBody(input: PlayRecordInput, firedAt: number = Date.now()): PlayRecordBody {
  return {
    gameName: gameName(input.game),
    language: input.language,
    platform: appPlatform(),
    moduleId: input.moduleId,
    levelId: input.levelId,
    sessionId: input.sessionId,
    meta: { firedAt: new Date(firedAt).toISOString(), ...input.meta },
  };
}

/** Sessions whose record was already handed to the queue in this page: one record per game and session. */
const sent = new Set<string>();

export function recordPlay(input: PlayRecordInput): void {
  const key = `${input.sessionId}|${gameName(input.game)}`;
  if (sent.has(key)) return;
  sent.add(key);
  void postQueue.post("/game/play", playRecordBody(input));
}

/** Sends what waits (and on every return of the network); sends buffered progress when the page is hidden. */
let started = false;
export function startRetrying(): void {
  startQueue();
  if (started || typeof document === "undefined") return;
  started = true;
  // A hidden page may never come back: send the buffered progress first.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      void progress.flush();
      void reviewEvents.flush();
    }
  });
}

/** After a game ends: send buffered progress and set the retry timer for anything that failed. */
export function flushRecords(): void {
  void progress.flush().catch((e: unknown) => logError("progress", e));
  void reviewEvents.flush().catch((e: unknown) => logError("review events", e));
}

export function newSessionId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `s-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e12).toString(36)}`;
}
