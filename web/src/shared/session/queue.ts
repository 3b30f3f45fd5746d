// The app's one durable queue of writes (post-queue.ts) and its retry timer: started with the app (issue 15), so what
// waits is sent at start and whenever the network returns, whatever page is open. Light on purpose: the first page
// loads it; the play records and review events (records.ts) come with the game screens.
import { ApiError, apiJson, apiRequest, isOffline } from "../api/client.ts";
import { logError } from "../log.ts";
import { localQueueStore, type PostMethod, type PostPath, PostQueue } from "./post-queue.ts";

export const postQueue = new PostQueue(
  localQueueStore(),
  async (path, body, method) => {
    await apiRequest(path, { method, body });
  },
  Date.now,
  () => schedule(),
  (post) => {
    if ((post.path === "/me" || post.path === "/me/active-module") && typeof window !== "undefined")
      window.dispatchEvent(new Event(PROFILE_SENT_EVENT));
  },
);

/** A queued change of the profile or the active module reached the server: what shows them is read again. */
export const PROFILE_SENT_EVENT = "ivrit:profile-sent";

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

/** Sends what is due now, then on the backoff schedule, and everything whenever the browser comes back online. */
export function startQueue(): void {
  void postQueue.flush().then(schedule, (e: unknown) => logError("retry posts", e));
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => {
    void postQueue.flush(true).then(schedule, (e: unknown) => logError("retry posts", e));
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
