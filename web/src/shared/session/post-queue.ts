// Posts that must not be lost (play records, word progress): sent at once, and on a network failure or a
// server error kept in localStorage and retried later (next game start, the browser's 'online' event, and a
// backoff timer). A 4xx other than 408/429 is the request's own fault: retrying cannot help, so it is dropped.
import { logError } from "../log.ts";

export type PostPath = "/game/play" | "/progress/words" | "/review/events";

export interface PendingPost {
  id: string;
  path: PostPath;
  body: unknown;
  attempts: number;
  /** Epoch ms before which the post is not retried. */
  nextAt: number;
}

export interface QueueStore {
  read(): PendingPost[];
  write(items: readonly PendingPost[]): void;
}

export type Send = (path: PostPath, body: unknown) => Promise<void>;

export const QUEUE_KEY = "ivrit.pendingPosts";
/** Oldest posts are dropped beyond this, so a device offline for weeks does not fill its storage. */
export const MAX_PENDING = 300;
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
    (p.path === "/game/play" || p.path === "/progress/words" || p.path === "/review/events") &&
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

let counter = 0;
function newId(now: number): string {
  counter += 1;
  return `${now.toString(36)}-${counter.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

export class PostQueue {
  private flushing: Promise<void> | null = null;
  private readonly store: QueueStore;
  private readonly send: Send;
  private readonly now: () => number;
  private readonly onQueued: () => void;

  /** onQueued runs whenever a post is kept for later (the caller sets its retry timer). */
  constructor(store: QueueStore, send: Send, now: () => number = Date.now, onQueued: () => void = () => {}) {
    this.store = store;
    this.send = send;
    this.now = now;
    this.onQueued = onQueued;
  }

  pending(): PendingPost[] {
    return this.store.read();
  }

  /** Sends now; on a retryable failure keeps the post for later. Resolves true when the server took it. */
  async post(path: PostPath, body: unknown): Promise<boolean> {
    try {
      await this.send(path, body);
      return true;
    } catch (error) {
      if (!isRetryable(error)) {
        logError(`dropping ${path}`, error);
        return false;
      }
      this.enqueue(path, body, 1);
      return false;
    }
  }

  private enqueue(path: PostPath, body: unknown, attempts: number): void {
    const now = this.now();
    const items = [...this.store.read(), { id: newId(now), path, body, attempts, nextAt: now + backoffMs(attempts) }];
    this.store.write(items.slice(-MAX_PENDING));
    this.onQueued();
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
    for (const item of due) {
      let outcome: "sent" | "drop" | "retry";
      try {
        await this.send(item.path, item.body);
        outcome = "sent";
      } catch (error) {
        outcome = isRetryable(error) ? "retry" : "drop";
        if (outcome === "drop") logError(`dropping queued ${item.path}`, error);
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
    }
  }
}
