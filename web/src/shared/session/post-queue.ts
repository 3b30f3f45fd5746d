// Writes that must not be lost (play records, word progress, review events, the active module, preferences): sent
// at once, and on a network failure or a server error kept in localStorage and retried later (the app's start, the
// browser's 'online' event, and a backoff timer). Posts leave in the order they were made: while anything waits, a
// new post queues behind it (issue 15). A 4xx other than 408/429 is the request's own fault: retrying cannot help,
// so it is dropped. Offline, consecutive review events and word progress are merged into the last waiting batch
// (within the server's limits), so a long session without network stays a few entries.
import { logError } from "../log.ts";
import { newClientId } from "./ids.ts";
import { MAX_UPDATES, type WordUpdate } from "./progress-batch.ts";

export type PostPath = "/game/play" | "/progress/words" | "/review/events" | "/me/active-module" | "/me";
export type PostMethod = "POST" | "PATCH";

const PATHS: ReadonlySet<string> = new Set<PostPath>([
  "/game/play",
  "/progress/words",
  "/review/events",
  "/me/active-module",
  "/me",
]);

export interface PendingPost {
  id: string;
  path: PostPath;
  /** POST when absent (the entries an older version queued have none). */
  method?: PostMethod;
  body: unknown;
  attempts: number;
  /** Epoch ms before which the post is not retried. */
  nextAt: number;
}

export interface QueueStore {
  read(): PendingPost[];
  write(items: readonly PendingPost[]): void;
}

export type Send = (path: PostPath, body: unknown, method: PostMethod) => Promise<void>;

export const QUEUE_KEY = "ivrit.pendingPosts";
/** Oldest posts are dropped beyond this, so a device offline for weeks does not fill its storage. */
export const MAX_PENDING = 1000;
/** The server takes at most this many review events per call (core's MAX_EVENTS_PER_POST). */
const MAX_MERGED_EVENTS = 200;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s, … up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Network failures (status 0 or no status), timeouts, throttling and server errors are worth retrying. */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

function isPending(v: unknown): v is PendingPost {
  if (typeof v !== "object" || v === null) return false;
  const p = v as PendingPost;
  return (
    typeof p.id === "string" &&
    PATHS.has(p.path) &&
    (p.method === undefined || p.method === "POST" || p.method === "PATCH") &&
    typeof p.attempts === "number" &&
    typeof p.nextAt === "number"
  );
}

/** localStorage, validated on read; any storage failure leaves the queue in memory only. */
export function localQueueStore(key: string = QUEUE_KEY): QueueStore {
  let memory: PendingPost[] = [];
  return {
    read() {
      try {
        const raw = globalThis.localStorage?.getItem(key);
        if (!raw) return memory;
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? parsed.filter(isPending) : [];
      } catch {
        return memory;
      }
    },
    write(items) {
      memory = [...items];
      try {
        if (items.length === 0) globalThis.localStorage?.removeItem(key);
        else globalThis.localStorage?.setItem(key, JSON.stringify(items));
      } catch {
        // storage full or private mode: the in-memory copy is retried while the page lives
      }
    },
  };
}

function deviceOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function eventsOf(body: unknown): unknown[] | null {
  const events = (body as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? events : null;
}

function updatesOf(body: unknown): WordUpdate[] | null {
  const updates = (body as { updates?: unknown } | null)?.updates;
  return Array.isArray(updates) ? (updates as WordUpdate[]) : null;
}

/** The body of `waiting` with `next` added, when both are batches of the same kind that fit one call; else null. */
export function mergeBodies(path: PostPath, waiting: unknown, next: unknown): unknown | null {
  if (path === "/review/events") {
    const a = eventsOf(waiting);
    const b = eventsOf(next);
    return a && b && a.length + b.length <= MAX_MERGED_EVENTS ? { ...(waiting as object), events: [...a, ...b] } : null;
  }
  if (path === "/progress/words") {
    // Joined, not summed: the server sums a word's repeated updates and counts each as seen, as if sent apart.
    const a = updatesOf(waiting);
    const b = updatesOf(next);
    // The waiting batch keeps its id (it was never tried, see enqueue).
    return a && b && a.length + b.length <= MAX_UPDATES ? { ...(waiting as object), updates: [...a, ...b] } : null;
  }
  return null;
}

export class PostQueue {
  private flushing: Promise<void> | null = null;
  /** The post being sent by this page's flush: it is never merged into. */
  private inFlight: string | null = null;
  private readonly store: QueueStore;
  private readonly send: Send;
  private readonly now: () => number;
  private readonly onQueued: () => void;
  private readonly onSent: (post: PendingPost) => void;

  /**
   * onQueued runs whenever a post is kept for later (the caller sets its retry timer); onSent when a queued post
   * reached the server (what was shown from the device's copy meanwhile can be read again).
   */
  constructor(
    store: QueueStore,
    send: Send,
    now: () => number = Date.now,
    onQueued: () => void = () => {},
    onSent: (post: PendingPost) => void = () => {},
  ) {
    this.store = store;
    this.send = send;
    this.now = now;
    this.onQueued = onQueued;
    this.onSent = onSent;
  }

  pending(): PendingPost[] {
    return this.store.read();
  }

  /**
   * Sends now, or, while earlier posts wait (or the device is offline), queues it behind them and tries the queue.
   * On a retryable failure the post is kept for later. Resolves true when the server took it.
   */
  async post(path: PostPath, body: unknown, method: PostMethod = "POST"): Promise<boolean> {
    if (this.store.read().length > 0 || deviceOffline()) {
      const id = this.later(path, body, method);
      if (deviceOffline()) return false;
      await this.flush(true);
      return !this.store.read().some((p) => p.id === id);
    }
    try {
      await this.send(path, body, method);
      return true;
    } catch (error) {
      if (!isRetryable(error)) {
        logError(`dropping ${path}`, error);
        return false;
      }
      this.enqueue(path, body, method, 1);
      return false;
    }
  }

  /** Queues a post without trying it now (the caller knows the network is gone). Returns the queued entry's id. */
  later(path: PostPath, body: unknown, method: PostMethod = "POST"): string {
    return this.enqueue(path, body, method, 0);
  }

  private enqueue(path: PostPath, body: unknown, method: PostMethod, attempts: number): string {
    const now = this.now();
    const items = this.store.read();
    // The last waiting batch of the same kind takes these events or updates, unless it is on its way.
    for (let i = items.length - 1; i >= 0; i--) {
      const waiting = items[i] as PendingPost;
      if (waiting.path !== path) continue;
      // Never into the batch on its way, nor into one already tried: the server may have it (under its id).
      const merged =
        waiting.id === this.inFlight || waiting.attempts > 0 ? null : mergeBodies(path, waiting.body, body);
      if (merged === null) break;
      items[i] = { ...waiting, body: merged };
      this.store.write(items);
      this.onQueued();
      return waiting.id;
    }
    const id = newClientId(now);
    const entry: PendingPost = { id, path, body, attempts, nextAt: now + (attempts > 0 ? backoffMs(attempts) : 0) };
    if (method !== "POST") entry.method = method;
    this.store.write([...items, entry].slice(-MAX_PENDING));
    this.onQueued();
    return id;
  }

  /** Epoch ms of the next due retry; null when nothing waits. */
  nextDueAt(): number | null {
    const items = this.store.read();
    if (items.length === 0) return null;
    return Math.min(...items.map((p) => p.nextAt));
  }

  /**
   * Sends the posts that are due (all of them with force), oldest first. A sent or hopeless post leaves the
   * queue; a failed one waits longer. One flush at a time: a second call joins the running one.
   */
  flush(force = false): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.run(force).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(force: boolean): Promise<void> {
    const now = this.now();
    const due = this.store.read().filter((p) => force || p.nextAt <= now);
    for (const queued of due) {
      // Re-read: a waiting batch may have taken more events since the snapshot.
      const item = this.store.read().find((p) => p.id === queued.id);
      if (!item) continue;
      let outcome: "sent" | "drop" | "retry";
      this.inFlight = item.id;
      try {
        await this.send(item.path, item.body, item.method ?? "POST");
        outcome = "sent";
      } catch (error) {
        outcome = isRetryable(error) ? "retry" : "drop";
        if (outcome === "drop") logError(`dropping queued ${item.path}`, error);
      } finally {
        this.inFlight = null;
      }
      // Re-read: posts may have been queued while this one was in flight.
      const current = this.store.read();
      if (outcome === "retry") {
        const attempts = item.attempts + 1;
        this.store.write(
          current.map((p) => (p.id === item.id ? { ...p, attempts, nextAt: this.now() + backoffMs(attempts) } : p)),
        );
        // The network is still down: the rest would fail the same way.
        break;
      }
      this.store.write(current.filter((p) => p.id !== item.id));
      if (outcome === "sent") this.onSent(item);
    }
  }
}
