// The app's one queue of posts that must reach the server, and the play record (SPEC section 4 "Play record",
// section 7 POST /game/play). The server stores a play once per (userId, sessionId, gameName), so a retried
// record never makes a duplicate.

import type { BeginnerGame, ModuleGame } from "@ivrit/core/games";
import { type GameName, gameName } from "@ivrit/core/games";
import type { Language } from "@ivrit/core/languages";
import { ApiError, apiJson, apiRequest, isOffline } from "../api/client.ts";
import { logError } from "../log.ts";
import { type AppPlatform, appPlatform } from "../platform.ts";
import { localQueueStore, type PostMethod, type PostPath, PostQueue } from "./post-queue.ts";
import { ProgressBatch } from "./progress-batch.ts";
import { ReviewEvents } from "./review-events.ts";

export const postQueue = new PostQueue(
  localQueueStore(),
  async (path, body, method) => {
    await apiRequest(path, { method, body });
  },
  Date.now,
  () => schedule(),
);
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

/**
 * A write whose answer the caller uses (the active module, preferences): sent now when nothing waits and the network
 * is there, its answer returned; else queued behind the waiting posts (sent in order when the network returns) and
 * null returned, so the caller shows the change at once from what the device knows.
 */
export async function sendOrQueue<T>(path: PostPath, body: unknown, method: PostMethod = "POST"): Promise<T | null> {
  if (postQueue.pending().length === 0 && !isOffline()) {
    try {
      return await apiJson<T>(path, { method, body });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) throw error;
    }
  }
  postQueue.later(path, body, method);
  return null;
}

/** Retries queued posts now and on the backoff schedule, and whenever the browser comes back online. */
let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;

function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const due = postQueue.nextDueAt();
  if (due === null) return;
  timer = setTimeout(
    () => {
      void postQueue.flush().then(schedule, (e: unknown) => logError("retry posts", e));
    },
    Math.max(due - Date.now(), 250),
  );
}

export function startRetrying(): void {
  void postQueue.flush().then(schedule, (e: unknown) => logError("retry posts", e));
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => {
    void postQueue.flush(true).then(schedule, (e: unknown) => logError("retry posts", e));
  });
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
