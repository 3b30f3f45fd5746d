// The review queue (decisions 0012, 0088): how many cards are due, new words today, the goal and the streak, worked
// out in one pass over the learner's cards and cached per learner with their version; the due cards and the new
// words a session takes.

import { isLocked } from "@ivrit/core/plans";
import { DAILY_GOAL_DEFAULT, DAILY_NEW_DEFAULT, dayKey, sessionPlan, streak } from "@ivrit/core/review";
import type { ReviewQueue } from "@ivrit/core/schemas/review";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { CachedWord, ContentCache } from "../content/cache.ts";
import { type Db, queryRows } from "../db/client.ts";
import * as t from "../db/schema.ts";
import type { Plans } from "../users.ts";
import type { CardRow } from "./cards.ts";

/** Where the review plugin hands out its queue reader (the reminder sender reads due counts and goals with it). */
export class QueueReader {
  #read: ((userId: string) => Promise<ReviewQueue>) | null = null;
  set(read: (userId: string) => Promise<ReviewQueue>): void {
    this.#read = read;
  }
  read(userId: string): Promise<ReviewQueue> {
    if (!this.#read) throw new Error("the review routes are not registered");
    return this.#read(userId);
  }
}

/**
 * What a learner's cached queue depends on in the database besides their cards (the fold of their events): their
 * newest event's id, their settings and their active module, as one string (decision 0088). One indexed read.
 */
export async function learnerVersion(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    db,
    sql`
      select concat_ws(':',
        (select max(id) from review_events where user_id = ${userId}::uuid),
        (select concat_ws('/', daily_new_limit, daily_goal, time_zone) from user_settings where user_id = ${userId}::uuid),
        (select module_id from active_modules where user_id = ${userId}::uuid)) as v`,
  );
  return row?.v ?? "";
}

/**
 * The queue's answer per learner (decisions 0012, 0088): kept with the learner's version, everything in the
 * database it depends on (their newest event's id, their settings, their active module), read again before it is
 * used: any instance's write changes it, so an answer acknowledged anywhere is in the next read everywhere, with
 * no NOTIFY in the write and nothing to listen to (PgBouncer). Never kept past the next card falling due or the
 * end of the learner's day.
 */
export class ReviewQueues {
  readonly #queues = new Map<
    string,
    { snap: object; tier: number; until: number; version: string; value: ReviewQueue }
  >();

  readonly db: Db;
  readonly cache: ContentCache;
  readonly plans: Plans;
  /** Folds what the learner has stored and not folded yet: before a read of their cards. */
  readonly settle: (userId: string) => Promise<void>;

  constructor(db: Db, cache: ContentCache, plans: Plans, settle: (userId: string) => Promise<void>) {
    this.db = db;
    this.cache = cache;
    this.plans = plans;
    this.settle = settle;
  }

  /** Forgets the learner's cached queue (this process wrote for them). */
  forget(userId: string): void {
    this.#queues.delete(userId);
  }

  /** Word ids the plan locks (as an SQL array literal of integers), per content snapshot and tier. */
  readonly #lockedCache = new WeakMap<object, Map<number, { literal: string; count: number }>>();
  lockedWords(tier: number) {
    const snap = this.cache.current;
    let byTier = this.#lockedCache.get(snap);
    if (!byTier) {
      byTier = new Map();
      this.#lockedCache.set(snap, byTier);
    }
    let v = byTier.get(tier);
    if (!v) {
      const ids = snap.words.filter((w) => isLocked(w.tier, tier)).map((w) => w.id);
      v = { literal: `'{${ids.join(",")}}'::int[]`, count: ids.length };
      byTier.set(tier, v);
    }
    return v;
  }

  /**
   * The queue's numbers in one statement and one pass over the learner's cards (only counts leave the
   * database): cards due on words the plan unlocks, the next due time, words introduced today in the learner's
   * time zone, and the daily limit. Whether enough unseen words remain is worked out from the content in
   * memory; only a learner near the end of the content needs the exact (slower) count.
   */
  async counts(userId: string, tier: number, now: Date) {
    const locked = sql.raw(this.lockedWords(tier).literal);
    const at = now.toISOString();
    const [row] = await queryRows<{
      due: number;
      next_due: Date | string | null;
      introduced: number;
      cards: number;
      lim: number;
      goal: number;
      tz: string;
      active: number | null;
      day_end: Date | string;
    }>(
      this.db,
      sql`
        with s as (
          select coalesce((select time_zone from user_settings where user_id = ${userId}::uuid), 'UTC') as tz,
                 coalesce((select daily_new_limit from user_settings where user_id = ${userId}::uuid), ${DAILY_NEW_DEFAULT}) as lim,
                 coalesce((select daily_goal from user_settings where user_id = ${userId}::uuid), ${DAILY_GOAL_DEFAULT}) as goal,
                 (select module_id from active_modules where user_id = ${userId}::uuid) as active
        )
        select
          (count(*) filter (where c.due <= ${at}::timestamptz and not c.word_id = any(${locked})))::int as due,
          min(c.due) filter (where c.due > ${at}::timestamptz) as next_due,
          (count(*) filter (where c.first_at >= (date_trunc('day', now() at time zone s.tz) at time zone s.tz)))::int as introduced,
          (count(*) filter (where not c.word_id = any(${locked})))::int as cards,
          s.lim::int as lim,
          s.goal::int as goal,
          s.tz as tz,
          s.active as active,
          (date_trunc('day', now() at time zone s.tz) + interval '1 day') at time zone s.tz as day_end
        -- Cards of words the content no longer has (a removed word) are not counted.
        from s left join (review_cards c join words w on w.id = c.word_id) on c.user_id = ${userId}::uuid
        group by s.tz, s.lim, s.goal, s.active`,
    );
    if (!row) throw new Error("queue counts: no row");
    const slots = Math.max(0, row.lim - row.introduced);
    // Unlocked themed words (and the beginner module's when it is active) minus every card on an unlocked word
    // is a lower bound on the unseen ones: enough of those, and the exact count is not needed.
    const snap = this.cache.current;
    const candidates = snap.modules
      .filter((m) => !isLocked(m.tier, tier) && (!m.isBeginner || m.id === row.active))
      .reduce((n, m) => n + m.wordCount, 0);
    const unseen = candidates - row.cards >= slots ? slots : (await this.newWords(userId, tier, slots)).length;
    const goal = await this.goalOf(userId, row.tz, row.goal, now);
    const newAvailable = Math.min(slots, unseen);
    const plan = sessionPlan({ due: row.due, newAvailable, goalLeft: goal.today.goal - goal.today.reviews });
    // Extra new words for the goal exist only as far as unseen words do.
    const extra =
      plan.extra === 0
        ? 0
        : candidates - row.cards >= plan.fresh + plan.extra
          ? plan.extra
          : Math.max(0, (await this.newWords(userId, tier, plan.fresh + plan.extra)).length - plan.fresh);
    return {
      due: row.due,
      nextDue: row.next_due ? new Date(row.next_due) : null,
      newAvailable,
      plan: { ...plan, extra },
      dayEnd: new Date(row.day_end),
      ...goal,
    };
  }

  /** Today's answers against the goal and the streak, from the learner's days (review_days, counted by the fold). */
  async goalOf(userId: string, tz: string, goal: number, now: Date) {
    const days = await this.db
      .select({ day: t.reviewDays.day, answers: t.reviewDays.answers })
      .from(t.reviewDays)
      .where(eq(t.reviewDays.userId, userId));
    const counts = new Map(days.map((d) => [d.day, d.answers]));
    const today = dayKey(now, tz);
    return {
      counts,
      today: { date: today, reviews: counts.get(today) ?? 0, goal },
      streak: streak(counts, today, goal),
    };
  }

  /**
   * New words for today, at most `n`: the active module's first (in content order), then the other unlocked
   * modules' in id order; the beginner module only when it is the active one. Words with a card are skipped.
   */
  async newWords(userId: string, tier: number, n: number): Promise<CachedWord[]> {
    if (n <= 0) return [];
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`
        select w.id from words w join modules m on m.id = w.module_id
        left join active_modules a on a.user_id = ${userId}::uuid
        where m.tier <= ${tier} and (not m.is_beginner or m.id = a.module_id)
          and not exists (select 1 from review_cards c where c.user_id = ${userId}::uuid and c.word_id = w.id)
        order by (m.id = a.module_id) is true desc, m.id, w.position
        limit ${n}`,
    );
    return rows.map((r) => this.cache.current.wordById.get(Number(r.id))).filter((w): w is CachedWord => !!w);
  }

  /** The most overdue cards on words the plan unlocks. */
  async dueCards(userId: string, tier: number, now: Date, limit: number): Promise<CardRow[]> {
    return (
      await this.db
        .select({ card: t.reviewCards })
        .from(t.reviewCards)
        .innerJoin(t.words, eq(t.words.id, t.reviewCards.wordId))
        .innerJoin(t.modules, eq(t.modules.id, t.words.moduleId))
        .where(and(eq(t.reviewCards.userId, userId), lte(t.reviewCards.due, now), lte(t.modules.tier, tier)))
        .orderBy(asc(t.reviewCards.due), asc(t.reviewCards.wordId))
        .limit(limit)
    ).map((r) => r.card);
  }

  /** The queue's answer for a learner (cached): GET /queue, and the reminder sender's due count and goal. */
  async read(userId: string): Promise<ReviewQueue> {
    const { tier } = await this.plans.planOf(userId);
    const now = Date.now();
    const snap = this.cache.current;
    // Read before the answer is worked out: a write while it is, and the next read works it out again.
    const version = await learnerVersion(this.db, userId);
    const hit = this.#queues.get(userId);
    if (hit && hit.version === version && hit.snap === snap && hit.tier === tier && now < hit.until) return hit.value;
    await this.settle(userId);
    const q = await this.counts(userId, tier, new Date(now));
    const value: ReviewQueue = {
      due: q.due,
      newAvailable: q.newAvailable,
      sessionSize: q.plan.due + q.plan.fresh + q.plan.extra,
      nextDueAt: q.nextDue ? q.nextDue.toISOString() : null,
      today: q.today,
      streak: q.streak,
    };
    if (this.#queues.size >= 100_000) this.#queues.delete(this.#queues.keys().next().value as string);
    const until = Math.min(q.nextDue?.getTime() ?? Number.POSITIVE_INFINITY, q.dayEnd.getTime());
    this.#queues.set(userId, { snap, tier, until, version, value });
    return value;
  }
}
