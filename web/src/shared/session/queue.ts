// The app's one durable queue of writes (post-queue.ts) and its retry timer: started with the app (issue 15), so what
// waits is sent at start and whenever the network returns, whatever page is open. Light on purpose: the first page
// loads it; the play records and review events (records.ts) come with the game screens.
import { ApiError, apiJson, apiRequest, isOffline } from "../api/client.ts";
import { logError } from "../log.ts";
import { type PostMethod, type PostPath, PostQueue, tabQueueStore } from "./post-queue.ts";

const PROFILE_PATHS: ReadonlySet<string> = new Set<PostPath>(["/me", "/me/active-module"]);
const ANSWER_PATHS: ReadonlySet<string> = new Set<PostPath>(["/review/events", "/progress/words", "/game/play"]);

export const postQueue = new PostQueue(
  tabQueueStore(undefined, () => flushNow()),
  async (path, body, method) => {
    await apiRequest(path, { method, body });
  },
  Date.now,
  () => schedule(),
  (posts) => {
    if (typeof window === "undefined") return;
    if (posts.some((p) => PROFILE_PATHS.has(p.path))) window.dispatchEvent(new Event(PROFILE_SENT_EVENT));
    if (posts.some((p) => ANSWER_PATHS.has(p.path))) window.dispatchEvent(new Event(ANSWERS_SENT_EVENT));
  },
);

/** A queued change of the profile or the active module reached the server: what shows them is read again. */
export const PROFILE_SENT_EVENT = "ivrit:profile-sent";
/** Answers kept on the device reached the server: the progress and the review's counts are read again. */
export const ANSWERS_SENT_EVENT = "ivrit:answers-sent";

let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;

/** Retries queued posts on the backoff schedule. */
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

/** Everything waiting, now, its backoff started over: the network is back or the page is shown again. */
function flushNow(): void {
  postQueue.resetBackoff();
  void postQueue.flush(true).then(schedule, (e: unknown) => logError("retry posts", e));
}

/**
 * Sends what is due now, then on the backoff schedule, and everything at once whenever the browser comes back
 * online or the page is shown again (issue 26.8: the backoff must not keep answers waiting a minute after that).
 */
export function startQueue(): void {
  void postQueue.flush().then(schedule, (e: unknown) => logError("retry posts", e));
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", flushNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !isOffline()) flushNow();
  });
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
