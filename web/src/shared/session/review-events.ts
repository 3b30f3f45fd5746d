// Review events (POST /review/events, issue 10): every answer in every game and in the review. Each carries its
// own id, made once when the answer is given, so the durable post queue can retry a batch any number of times and
// the server still stores each answer once. Events are buffered a moment and sent in one batch, like word
// progress, and flushed at once when a game ends or the page is hidden.
import { type AnswerKind, type Exercise, type Outcome, outcomeOf } from "@ivrit/core/review";
import type { ReviewSource } from "@ivrit/core/schemas/review";
import { logError } from "../log.ts";
import { newClientId } from "./ids.ts";
import type { PostQueue } from "./post-queue.ts";

/** The server takes at most this many events per call (core's MAX_EVENTS_PER_POST). */
export const MAX_EVENTS = 200;
export const EVENTS_BATCH_MS = 1_500;

export interface ReviewEventBody {
  id: string;
  wordId: number;
  at: string;
  game: ReviewSource;
  outcome: Outcome;
  /** The review's exercise (typing is production: decision 0067); absent for a game's answer. */
  exercise?: Exercise;
}

export class ReviewEvents {
  private buffer: ReviewEventBody[] = [];
  /** Words answered wrong or only after a mistake since the last takeMissed(), in first-missed order. */
  private missed = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly queue: Pick<PostQueue, "post">;
  private readonly delayMs: number;
  private readonly now: () => number;

  constructor(queue: Pick<PostQueue, "post">, delayMs: number = EVENTS_BATCH_MS, now: () => number = Date.now) {
    this.queue = queue;
    this.delayMs = delayMs;
    this.now = now;
  }

  /** One answer, stamped now. Returns the event (the review page shows its outcome). */
  add(wordId: number, game: ReviewSource, outcome: Outcome, exercise?: Exercise): ReviewEventBody | null {
    if (!Number.isInteger(wordId) || wordId <= 0) return null;
    const now = this.now();
    const event: ReviewEventBody = {
      id: newClientId(now),
      wordId,
      at: new Date(now).toISOString(),
      game,
      outcome,
      ...(exercise && { exercise }),
    };
    this.buffer.push(event);
    if (outcome === "wrong" || outcome === "right_after_mistake") this.missed.add(wordId);
    if (this.timer === null) this.timer = setTimeout(() => void this.flush(), this.delayMs);
    return event;
  }

  /** An answer described by its facts: right or not, wrong tries before it, time since the question showed. */
  answer(
    wordId: number,
    game: ReviewSource,
    answer: { correct: boolean; mistakes: number; elapsedMs: number | null; kind?: AnswerKind },
    exercise?: Exercise,
  ): ReviewEventBody | null {
    return this.add(wordId, game, outcomeOf(answer), exercise);
  }

  /** The words missed since the last call (the game-over screen's "Practise these again"), and forgets them. */
  takeMissed(): number[] {
    const ids = [...this.missed];
    this.missed = new Set();
    return ids;
  }

  pending(): readonly ReviewEventBody[] {
    return this.buffer;
  }

  /**
   * Sends what is buffered, in chunks the server takes; a failed chunk waits in the durable queue. Resolves once
   * this and every earlier flush are done, so a caller can refresh what depends on the events afterwards.
   */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const events = this.buffer;
    this.buffer = [];
    this.sending = this.sending
      .then(async () => {
        for (let i = 0; i < events.length; i += MAX_EVENTS)
          await this.queue.post("/review/events", { events: events.slice(i, i + MAX_EVENTS) });
      })
      .catch((e: unknown) => logError("review events", e)); // one failed batch must not stop the next flushes
    return this.sending;
  }
}
