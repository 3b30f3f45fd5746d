// Word progress (POST /progress/words): each answer adds a delta for its word; the deltas are summed per
// word and sent in one batch a moment later, or at once when the game ends or the page is hidden.
import { newClientId } from "./ids.ts";
import type { PostQueue } from "./post-queue.ts";

/** The server takes at most this many updates per call. */
export const MAX_UPDATES = 500;
export const PROGRESS_BATCH_MS = 1_500;

export interface WordUpdate {
  wordId: number;
  delta: number;
}

/** Sums deltas per word, keeping the order words were first answered; zero sums are left out. */
export function mergeUpdates(updates: readonly WordUpdate[]): WordUpdate[] {
  const sums = new Map<number, number>();
  for (const u of updates) sums.set(u.wordId, (sums.get(u.wordId) ?? 0) + u.delta);
  return [...sums].filter(([, delta]) => delta !== 0).map(([wordId, delta]) => ({ wordId, delta: clamp(delta) }));
}

function clamp(delta: number): number {
  return Math.max(-100, Math.min(100, Math.trunc(delta)));
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class ProgressBatch {
  private buffer: WordUpdate[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly queue: Pick<PostQueue, "post">;
  private readonly delayMs: number;

  constructor(queue: Pick<PostQueue, "post">, delayMs: number = PROGRESS_BATCH_MS) {
    this.queue = queue;
    this.delayMs = delayMs;
  }

  add(wordId: number, delta: number): void {
    if (!Number.isInteger(wordId) || wordId <= 0 || delta === 0) return;
    this.buffer.push({ wordId, delta });
    if (this.timer === null) this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Sends what is buffered (in chunks the server accepts). */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const updates = mergeUpdates(this.buffer);
    this.buffer = [];
    // Each batch gets its id now: sent again after a lost answer, the server adds it once (issue 15).
    for (const part of chunk(updates, MAX_UPDATES))
      await this.queue.post("/progress/words", { updates: part, batchId: newClientId() });
  }
}
