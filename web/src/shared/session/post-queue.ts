// Writes that must not be lost (play records, word progress, review events, the active module, preferences): sent
// at once, and on a network failure or a server error kept in localStorage and retried later (the app's start, the
// browser's 'online' event, and a backoff timer). Posts leave in the order they were made: while anything waits, a
// new post queues behind it (issue 15). A 4xx other than 408/429 is the request's own fault: retrying cannot help,
// so it is dropped. Offline, consecutive review events and word progress are merged into the last waiting batch
// (within the server's limits), so a long session without network stays a few entries.
// Several tabs (issue 26.8, decision 0085): each page keeps its posts under its own key, held by a Web Lock while the
// page lives, so no tab ever writes another's posts; the posts a closed page left are taken in by a page still open.
// A post is marked tried in storage before it leaves, so nothing is merged into a batch the server may already have.
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
  /** Takes in the posts that closed pages left behind (tabQueueStore); the queue calls it before each flush. */
  adopt?(): Promise<void>;
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

/** The posts stored under a key, validated; null when there are none or storage cannot be read. */
function readKey(key: string): PendingPost[] | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return null;
  }
}

/** localStorage, validated on read; any storage failure leaves the queue in memory only. */
export function localQueueStore(key: string = QUEUE_KEY): QueueStore {
  let memory: PendingPost[] = [];
  return {
    read() {
      return readKey(key) ?? memory;
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

/** The part of the Web Locks API (navigator.locks) the queue uses. */
export interface Locks {
  request<T>(name: string, callback: (lock: unknown) => T | Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => T | Promise<T>): Promise<T>;
}

/** The keys of every page's queue, the one of the versions before per-page keys included. */
function queueKeys(): string[] {
  const keys: string[] = [];
  try {
    const storage = globalThis.localStorage;
    for (let i = 0; i < (storage?.length ?? 0); i++) {
      const key = storage?.key(i);
      if (key && (key === QUEUE_KEY || key.startsWith(`${QUEUE_KEY}.`))) keys.push(key);
    }
  } catch {
    // no storage: nothing to take in
  }
  return keys;
}

/**
 * This page's queue under its own key, `ivrit.pendingPosts.<id>`, whose Web Lock the page holds while it lives:
 * other tabs never write it, so one tab's success cannot delete another's posts. adopt() takes in the queue of a
 * page that is gone (its lock is free) and, for a page still open, waits for its lock to take its posts the moment
 * it closes (then onAdopted runs, to send them). Without Web Locks, one shared key, as before (right for one tab).
 */
export function tabQueueStore(
  locks: Locks | undefined = globalThis.navigator?.locks as Locks | undefined,
  onAdopted: () => void = () => {},
): QueueStore {
  if (!locks) return localQueueStore(QUEUE_KEY);
  const key = `${QUEUE_KEY}.${newClientId()}`;
  const own = localQueueStore(key);
  // Held until the page goes; requested long before the page's first post is written.
  locks.request(key, () => new Promise<never>(() => {})).catch((e: unknown) => logError("queue lock", e));
  const watched = new Set<string>();
  const take = (other: string) => {
    watched.delete(other);
    const theirs = readKey(other) ?? [];
    // Marked tried: the closed page may have been sending one when it went, so nothing is merged into them.
    const tried = theirs.map((p) => ({ ...p, attempts: Math.max(p.attempts, 1) }));
    if (tried.length > 0) own.write([...own.read(), ...tried].slice(-MAX_PENDING));
    try {
      globalThis.localStorage?.removeItem(other);
    } catch {
      // nothing to remove
    }
    return tried.length > 0;
  };
  return {
    read: own.read,
    write: own.write,
    async adopt() {
      const waits: Promise<unknown>[] = [];
      for (const other of queueKeys()) {
        if (other === key || watched.has(other)) continue;
        watched.add(other);
        waits.push(
          locks.request(other, { ifAvailable: true }, (lock) => {
            if (lock) return take(other);
            // Its page is open: its posts are taken in when it closes.
            void locks
              .request(other, () => take(other) && onAdopted())
              .catch((e: unknown) => logError("queue lock", e));
            return false;
          }),
        );
      }
      await Promise.all(waits);
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
  /** A forced flush was asked for while one ran: it runs again, forced, when that one ends. */
  private forceAgain = false;
  private readonly store: QueueStore;
  private readonly send: Send;
  private readonly now: () => number;
  private readonly onQueued: () => void;
  private readonly onSent: (posts: PendingPost[]) => void;

  /**
   * onQueued runs whenever a post is kept for later (the caller sets its retry timer); onSent after a flush that
   * brought queued posts to the server, with them (what was shown from the device's copy can be read again).
   */
  constructor(
    store: QueueStore,
    send: Send,
    now: () => number = Date.now,
    onQueued: () => void = () => {},
    onSent: (posts: PendingPost[]) => void = () => {},
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
      // Never into one already tried or on its way (marked tried before it leaves): the server may have it.
      const merged = waiting.attempts > 0 ? null : mergeBodies(path, waiting.body, body);
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
   * The network is back (or the page is shown again): every waiting post is due now and the backoff starts over
   * from its first step, so a post that failed many times is not left waiting minutes. Tried stays tried.
   */
  resetBackoff(): void {
    const items = this.store.read();
    if (items.length === 0) return;
    const now = this.now();
    this.store.write(items.map((p) => ({ ...p, attempts: Math.min(p.attempts, 1), nextAt: now })));
  }

  /**
   * Sends the posts that are due (all of them with force), oldest first. A sent or hopeless post leaves the
   * queue; a failed one waits longer. One flush at a time: a second call joins the running one (which, when the
   * second is forced, runs again forced at its end: it may have skipped posts not due, or stopped at a failure).
   */
  flush(force = false): Promise<void> {
    if (this.flushing) {
      if (force) this.forceAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      await this.run(force);
      while (this.forceAgain) {
        this.forceAgain = false;
        await this.run(true);
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(force: boolean): Promise<void> {
    // A failure to take in another page's posts must not keep this page's from being sent.
    await this.store.adopt?.().catch((e: unknown) => logError("queue adopt", e));
    const now = this.now();
    const due = this.store.read().filter((p) => force || p.nextAt <= now);
    const sent: PendingPost[] = [];
    for (const queued of due) {
      // Re-read: a waiting batch may have taken more events since the snapshot.
      const item = this.store.read().find((p) => p.id === queued.id);
      if (!item) continue;
      // Marked tried (and due after the backoff) before it leaves: nothing is merged into it from now on, and if the
      // page goes before the answer, it is retried later.
      const attempts = item.attempts + 1;
      const tried = { attempts, nextAt: this.now() + backoffMs(attempts) };
      this.store.write(this.store.read().map((p) => (p.id === item.id ? { ...p, ...tried } : p)));
      let outcome: "sent" | "drop" | "retry";
      try {
        await this.send(item.path, item.body, item.method ?? "POST");
        outcome = "sent";
      } catch (error) {
        outcome = isRetryable(error) ? "retry" : "drop";
        if (outcome === "drop") logError(`dropping queued ${item.path}`, error);
      }
      if (outcome === "retry") {
        // The network is still down: the rest would fail the same way, so they wait as long (and stay in order).
        // The backoff counts from the failure (a request may hang a long time before it fails).
        const nextAt = this.now() + backoffMs(attempts);
        this.store.write(this.store.read().map((p) => ({ ...p, nextAt: Math.max(p.nextAt, nextAt) })));
        break;
      }
      // Re-read: posts may have been queued while this one was in flight.
      this.store.write(this.store.read().filter((p) => p.id !== item.id));
      if (outcome === "sent") sent.push(item);
    }
    if (sent.length > 0) this.onSent(sent);
  }
}
