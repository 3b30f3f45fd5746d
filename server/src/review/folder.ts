// When a learner's events are folded (decision 0066): events are acknowledged once stored; a learner's fold runs
// FOLD_DELAY_MS after their first unfolded write (so one fold takes a burst of answers), a write past the backlog
// bound folds before it is answered, and every read of their cards settles first. One per process.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { createFitter } from "../learner-model.ts";
import type { Metrics } from "../metrics.ts";
import { deviceHash } from "../request-log.ts";
import { hasPending } from "./events.ts";
import { FOLD_CHUNK, foldPending } from "./fold.ts";

const FOLD_DELAY_MS = 100;
/**
 * Unfolded events this process wrote for a learner, at most: past it, a write also folds, before it is answered,
 * about as many events as it added (in steps of FOLD_CHUNK: no write waits for a whole backlog). A learner who
 * writes faster than their events are folded is slowed to that pace, and their next read never has more than
 * about this to fold.
 */
const FOLD_BACKLOG = 2_000;

export class Folder {
  readonly #db: Db;
  readonly #metrics: Metrics;
  readonly #log: FastifyBaseLogger;
  readonly #folding = new Map<string, Promise<number>>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #backlog = new Map<string, number>();
  /** The learner's memory model is fitted in the background once their events reach the next 1,000 (decision 0109). */
  readonly #fitter: ReturnType<typeof createFitter>;

  constructor(db: Db, metrics: Metrics, log: FastifyBaseLogger) {
    this.#db = db;
    this.#metrics = metrics;
    this.#log = log;
    this.#fitter = createFitter(db, (userId, e) =>
      log.error({ err: e, device: deviceHash(userId) }, "memory model fit failed"),
    );
    metrics.setFoldBacklog(() => {
      let n = 0;
      for (const v of this.#backlog.values()) n += v;
      return n;
    });
  }

  #counted = (n: number) => {
    this.#metrics.eventsFolded.inc(n);
    return n;
  };

  // The device as its hash in the log, as in the request lines (request-log.ts): never the id itself.
  #failed = (userId: string) => (e: unknown) =>
    this.#log.error({ err: e, device: deviceHash(userId) }, "review fold failed");

  /** Folds the learner's pending events now (or joins the fold under way); answers how many it folded. */
  now(userId: string): Promise<number> {
    let run = this.#folding.get(userId);
    if (!run) {
      // What it folded leaves the backlog when it ends: writes while it runs still count (the backlog's bound holds
      // while a long fold is under way).
      run = foldPending(this.#db, userId)
        .then((n) => {
          const left = (this.#backlog.get(userId) ?? 0) - n;
          if (left > 0) this.#backlog.set(userId, left);
          else this.#backlog.delete(userId);
          if (n > 0) this.#fitter.check(userId);
          return this.#counted(n);
        })
        .finally(() => this.#folding.delete(userId));
      this.#folding.set(userId, run);
    }
    return run;
  }

  #schedule(userId: string): void {
    if (this.#timers.has(userId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(userId);
      this.now(userId).catch(this.#failed(userId));
    }, FOLD_DELAY_MS);
    this.#timers.set(userId, timer);
  }

  /**
   * After `inserted` new events of the learner were stored: past the backlog bound, folds about as many first (a
   * failed fold is logged: the events are stored whatever it does, and the next read folds them); then schedules
   * the rest.
   */
  async afterInsert(userId: string, inserted: number): Promise<void> {
    if (inserted === 0) return;
    let unfolded = (this.#backlog.get(userId) ?? 0) + inserted;
    if (unfolded >= FOLD_BACKLOG)
      unfolded -= await foldPending(this.#db, userId, Math.ceil((unfolded - FOLD_BACKLOG + 1) / FOLD_CHUNK)).then(
        this.#counted,
        (e: unknown) => {
          this.#failed(userId)(e);
          return 0;
        },
      );
    this.#backlog.set(userId, Math.max(0, unfolded));
    this.#schedule(userId);
  }

  /**
   * Before a read of the learner's cards: folds what any process stored for them and has not folded yet (asked
   * of the database every time, so another process's write just acknowledged is never missed).
   */
  async settle(userId: string): Promise<void> {
    while (await hasPending(this.#db, userId)) await this.now(userId);
  }

  /** A stop folds what is scheduled, not only what is folding (the next start would, at the learner's next read). */
  async close(): Promise<void> {
    for (const [userId, timer] of this.#timers) {
      clearTimeout(timer);
      this.now(userId).catch(this.#failed(userId));
    }
    this.#timers.clear();
    await Promise.allSettled(this.#folding.values());
    await this.#fitter.idle();
  }
}
