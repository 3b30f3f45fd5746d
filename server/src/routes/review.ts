import { isLocked } from "@ivrit/core/plans";
import {
  addDays,
  answerModeOf,
  DAILY_GOAL_DEFAULT,
  DAILY_NEW_DEFAULT,
  dayKey,
  type Outcome,
  sessionPlan,
  streak,
  type WordState,
} from "@ivrit/core/review";
import { createRng, randomSeed } from "@ivrit/core/rng";
import {
  type EventStatus,
  patchReviewSettingsBody,
  type ReviewEventInput,
  type ReviewQueue,
  reviewEventsBody,
  reviewEventsResponse,
  reviewProgressQuery,
  reviewProgressResponse,
  reviewQueueResponse,
  reviewSessionQuery,
  reviewSessionResponse,
  reviewSettings,
  reviewWordsQuery,
  reviewWordsResponse,
} from "@ivrit/core/schemas/review";
import {
  applyEvent,
  type CardState,
  compareEvents,
  type ModelPeriod,
  newCard,
  type ReviewEventLike,
  weightsAt,
  wordState,
} from "@ivrit/core/srs";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type CachedWord, taughtId } from "../content/cache.ts";
import { type Db, rowsOf } from "../db/client.ts";
import { combiner } from "../db/combine.ts";
import * as t from "../db/schema.ts";
import { databaseKnowsTimeZone } from "../db/time-zones.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";
import {
  createFitter,
  FOLD_LOCKS,
  type ModelJson,
  modelReport,
  modelsFromJson,
  modelsJsonSql,
} from "../learner-model.ts";
import { deviceHash } from "../request-log.ts";
import { reviewItem } from "../review/exercises.ts";

type CardRow = typeof t.reviewCards.$inferSelect;
type Settings = { dailyNewLimit: number; dailyGoal: number; timeZone: string };
const DEFAULT_SETTINGS: Settings = { dailyNewLimit: DAILY_NEW_DEFAULT, dailyGoal: DAILY_GOAL_DEFAULT, timeZone: "UTC" };

export function cardOf(r: CardRow): CardState {
  return {
    due: r.due,
    stability: r.stability,
    difficulty: r.difficulty,
    scheduledDays: r.scheduledDays,
    learningSteps: r.learningSteps,
    reps: r.reps,
    lapses: r.lapses,
    state: r.state,
    lastReview: r.lastReview,
    recallDays: r.recallDays,
    lastRecallDay: r.lastRecallDay,
    produced: r.produced,
    lastMissAt: r.lastMissAt,
  };
}

type Ev = ReviewEventLike;
/** An event as read back: its mode from its source and exercise (decision 0067). */
const evOf = (e: { id: string; at: Date; outcome: string; game: string; exercise: string | null }): Ev => ({
  id: e.id,
  at: e.at,
  outcome: e.outcome as Outcome,
  mode: answerModeOf(e.game, e.exercise),
});

/** The stored row of a card folded from events (`first` is the word's earliest event, `last` its latest). */
function rowOf(userId: string, wordId: number, card: CardState, first: Date, last: Ev): CardRow {
  return {
    userId,
    wordId,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview,
    recallDays: card.recallDays,
    lastRecallDay: card.lastRecallDay,
    produced: card.produced,
    lastMissAt: card.lastMissAt,
    firstAt: first,
    lastAt: last.at,
    lastEventId: last.id,
  };
}

/** Integers as one SQL array parameter (`= any(...)`), instead of one parameter each. */
const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** A learner's stored cards of the given words, read as one JSON value (one row, however many cards). */
async function cardsOf(db: Db, userId: string, wordIds: number[]): Promise<Map<number, CardRow>> {
  type J = {
    word_id: number;
    due: string;
    stability: number;
    difficulty: number;
    scheduled_days: number;
    learning_steps: number;
    reps: number;
    lapses: number;
    state: number;
    last_review: string | null;
    first_at: string;
    last_at: string;
    last_event_id: string;
    recall_days: number;
    last_recall_day: string | null;
    produced: boolean;
    last_miss_at: string | null;
  };
  const [row] = (
    (await db.execute(sql`
      select coalesce(json_agg(c), '[]'::json) as cards from review_cards c
      where c.user_id = ${userId}::uuid and c.word_id = any(${intArray(wordIds)})`)) as unknown as {
      rows: { cards: J[] }[];
    }
  ).rows;
  return new Map(
    (row?.cards ?? []).map((c) => [
      c.word_id,
      {
        userId,
        wordId: c.word_id,
        due: new Date(c.due),
        stability: c.stability,
        difficulty: c.difficulty,
        scheduledDays: c.scheduled_days,
        learningSteps: c.learning_steps,
        reps: c.reps,
        lapses: c.lapses,
        state: c.state,
        lastReview: c.last_review === null ? null : new Date(c.last_review),
        firstAt: new Date(c.first_at),
        lastAt: new Date(c.last_at),
        lastEventId: c.last_event_id,
        recallDays: c.recall_days,
        lastRecallDay: c.last_recall_day,
        produced: c.produced,
        lastMissAt: c.last_miss_at === null ? null : new Date(c.last_miss_at),
      },
    ]),
  );
}

/** Writes card rows (insert or replace), all in one JSON parameter. */
async function upsertCards(db: Db, userId: string, rows: CardRow[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      w: r.wordId,
      due: r.due.toISOString(),
      s: r.stability,
      d: r.difficulty,
      sd: r.scheduledDays,
      ls: r.learningSteps,
      reps: r.reps,
      l: r.lapses,
      st: r.state,
      lr: r.lastReview?.toISOString() ?? null,
      fa: r.firstAt.toISOString(),
      la: r.lastAt.toISOString(),
      le: r.lastEventId,
      rd: r.recallDays,
      lrd: r.lastRecallDay,
      p: r.produced,
      lm: r.lastMissAt?.toISOString() ?? null,
    })),
  );
  await db.execute(sql`
    insert into review_cards (user_id, word_id, due, stability, difficulty, scheduled_days, learning_steps, reps,
                              lapses, state, last_review, first_at, last_at, last_event_id, recall_days,
                              last_recall_day, produced, last_miss_at)
    select ${userId}::uuid, c.w, c.due, c.s, c.d, c.sd, c.ls, c.reps, c.l, c.st, c.lr, c.fa, c.la, c.le, c.rd, c.lrd,
           c.p, c.lm
    from json_to_recordset(${json}::json) as c(w int, due timestamptz, s float8, d float8, sd int, ls int, reps int,
                                                l int, st smallint, lr timestamptz, fa timestamptz, la timestamptz,
                                                le text, rd smallint, lrd text, p boolean, lm timestamptz)
    on conflict (user_id, word_id) do update set
      due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
      lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review,
      first_at = excluded.first_at, last_at = excluded.last_at, last_event_id = excluded.last_event_id,
      recall_days = excluded.recall_days, last_recall_day = excluded.last_recall_day, produced = excluded.produced,
      last_miss_at = excluded.last_miss_at`);
}

/** A word's card is kept every this many of its answers (review_marks): a late event replays from the nearest. */
export const MARK_EVERY = 64;
type Mark = { wordId: number; at: Date; id: string; card: CardState };

/**
 * Applies events (in time order) to a card, each with the learner's weights in force at its time (decision 0108),
 * keeping a mark at every MARK_EVERY-th answer of the word.
 */
function applyAll(
  wordId: number,
  card: CardState,
  events: readonly Ev[],
  tz: string,
  marks: Mark[],
  models: readonly ModelPeriod[],
): CardState {
  let next = card;
  for (const e of events) {
    next = applyEvent(next, e, tz, weightsAt(models, e.at));
    if (next.reps % MARK_EVERY === 0) marks.push({ wordId, at: e.at, id: e.id, card: next });
  }
  return next;
}

/** A card from its JSON form (dates as ISO strings). */
function cardFromJson(c: Record<string, unknown>): CardState {
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  return {
    ...(c as unknown as CardState),
    due: new Date(c.due as string),
    lastReview: date(c.lastReview),
    lastMissAt: date(c.lastMissAt),
  };
}

async function writeMarks(db: Db, userId: string, marks: Mark[]) {
  if (marks.length === 0) return;
  const json = JSON.stringify(marks.map((m) => ({ w: m.wordId, at: m.at.toISOString(), id: m.id, c: m.card })));
  await db.execute(sql`
    insert into review_marks (user_id, word_id, at, event_id, card)
    select ${userId}::uuid, m.w, m.at, m.id, m.c from json_to_recordset(${json}::json) as m(w int, at timestamptz, id text, c jsonb)
    on conflict (user_id, word_id, at, event_id) do update set card = excluded.card`);
}

/**
 * Places late (or out-of-order) events: each word is replayed from its nearest mark before its earliest new event
 * (from a new card when there is none), over its events stored up to event id `upTo`, in time order; the word's
 * marks from that event on are rewritten. A late event costs the events after it (and fewer than MARK_EVERY
 * before), whatever the word's history (issue 25.8). Ids are compared byte-wise (collate "C"), as compareEvents.
 * Answers the card rows and counts the events read into `stats.replayed`.
 */
async function replayWords(
  db: Db,
  userId: string,
  late: Map<number, { first: Ev; card: CardRow }>,
  upTo: number,
  timeZone: string,
  marks: Mark[],
  models: readonly ModelPeriod[],
  stats?: FoldStats,
): Promise<CardRow[]> {
  if (late.size === 0) return [];
  const from = JSON.stringify([...late].map(([w, l]) => ({ w, at: l.first.at.toISOString(), id: l.first.id })));
  type J = { w: number; mark: { at: string; id: string; card: Record<string, unknown> } | null; events: J2[] };
  type J2 = { id: string; at: string; o: string; g: string; x: string | null };
  const [row] = (
    (await db.execute(sql`
      with l as (select * from json_to_recordset(${from}::json) as l(w int, at timestamptz, id text)),
           m as (select distinct on (k.word_id) k.word_id, k.at, k.event_id, k.card from review_marks k
                 join l on l.w = k.word_id
                 where k.user_id = ${userId}::uuid and (k.at, k.event_id collate "C") < (l.at, l.id collate "C")
                 order by k.word_id, k.at desc, k.event_id collate "C" desc),
           d as (delete from review_marks k using l
                 where k.user_id = ${userId}::uuid and k.word_id = l.w
                   and (k.at, k.event_id collate "C") >= (l.at, l.id collate "C"))
      select coalesce(json_agg(json_build_object(
        'w', l.w,
        'mark', case when m.word_id is null then null
                     else json_build_object('at', m.at, 'id', m.event_id, 'card', m.card) end,
        'events', (select coalesce(json_agg(json_build_object('id', e.client_event_id, 'at', e.at, 'o', e.outcome,
                                                               'g', e.game, 'x', e.exercise)), '[]'::json)
                   from review_events e
                   where e.user_id = ${userId}::uuid and e.word_id = l.w and e.id <= ${upTo}
                     and (m.word_id is null or (e.at, e.client_event_id collate "C") > (m.at, m.event_id collate "C")))
      )), '[]'::json) as words
      from l left join m on m.word_id = l.w`)) as unknown as { rows: { words: J[] }[] }
  ).rows;
  const out: CardRow[] = [];
  for (const w of row?.words ?? []) {
    const events = w.events
      .map((e) => evOf({ id: e.id, at: new Date(e.at), outcome: e.o, game: e.g, exercise: e.x }))
      .sort(compareEvents);
    if (stats) stats.replayed += events.length;
    const { first, card: stored } = late.get(w.w) as { first: Ev; card: CardRow };
    const start = w.mark ? cardFromJson(w.mark.card) : newCard((events[0] as Ev).at);
    const card = applyAll(w.w, start, events, timeZone, marks, models);
    const firstAt = new Date(Math.min(first.at.getTime(), stored.firstAt.getTime()));
    out.push(rowOf(userId, w.w, card, firstAt, events[events.length - 1] as Ev));
  }
  return out;
}

/** What a fold did beyond folding: events re-read to place late ones (replays). */
export type FoldStats = { replayed: number };

/** An event as it is stored: its time already settled (a time ahead of the server's clock counts as now). */
export type StoredEvent = {
  id: string;
  wordId: number;
  date: Date;
  game: string;
  outcome: Outcome;
  exercise?: string | undefined;
};

/**
 * Inserts a learner's events and answers the ids newly stored (a retried id is not). The statement takes the
 * learner's write lock before any row gets its id (one writer per user at a time, across processes too, so a
 * learner's events commit in the order of their ids: what a snapshot sees of them is every one up to some id,
 * and a fold never passes one still to commit; taken by the insert itself, one round trip less). No NOTIFY: the
 * cached queues read the learner's version (decision 0088). Run alone, it is its own transaction.
 */
export async function insertEvents(tx: Db, userId: string, events: StoredEvent[]): Promise<string[]> {
  // The events travel as one JSON parameter: PGlite binds thousands of separate parameters slowly.
  const json = JSON.stringify(
    events.map((e) => ({
      id: e.id,
      w: e.wordId,
      at: e.date.toISOString(),
      g: e.game,
      o: e.outcome,
      x: e.exercise ?? null,
    })),
  );
  // The ids come back as one JSON array: one row to read instead of one per event.
  const [row] = (
    (await tx.execute(sql`
      with l as (select pg_advisory_xact_lock(hashtext(${userId}))),
           i as (
             insert into review_events (user_id, client_event_id, word_id, at, game, outcome, exercise)
             select ${userId}::uuid, e.id, e.w, e.at, e.g, e.o, e.x
             from json_to_recordset(${json}::json) as e(id text, w int, at timestamptz, g text, o text, x text), l
             on conflict do nothing
             returning client_event_id)
      select coalesce(json_agg(client_event_id), '[]'::json) as ids from i`)) as unknown as {
      rows: { ids: string[] }[];
    }
  ).rows;
  return row?.ids ?? [];
}

/** Adds folded answers to the learner's days (review_days: what the goal and the streak read). */
async function countDays(db: Db, userId: string, perDay: Map<string, number>) {
  const json = JSON.stringify([...perDay].map(([d, n]) => ({ d, n })));
  await db.execute(sql`
    insert into review_days (user_id, day, answers)
    select ${userId}::uuid, x.d, x.n from json_to_recordset(${json}::json) as x(d text, n int)
    on conflict (user_id, day) do update set answers = review_days.answers + excluded.answers`);
}

/** Events folded in one transaction at most: a long backlog is folded in steps, with the learner's writes between. */
const FOLD_CHUNK = 250;

/**
 * Folds the learner's events stored after their cursor (review_folds) onto their cards, in steps of FOLD_CHUNK
 * events, each one transaction under the learner's fold lock; answers how many it folded. Not under their write
 * lock: the learner's writes go on while a fold runs (each fold reads what its snapshot sees, every event up to
 * some id; a later one stays after the cursor). Per word, events
 * after the card's last applied one are applied on top of it; an earlier one (late or out of order) replays the
 * word's events stored up to the step's last. Run twice at once (another process), the second finds nothing.
 * `steps` bounds how many steps it takes (all, unless given).
 */
export async function foldPending(
  db: Db,
  userId: string,
  steps = Number.POSITIVE_INFINITY,
  stats?: FoldStats,
): Promise<number> {
  type J = { n: number; id: string; w: number; at: string; o: Outcome; g: string; x: string | null };
  let total = 0;
  for (let step = 1; ; step++) {
    const folded = await db.transaction(async (tx) => {
      // The lock in a statement of its own: the next one's snapshot, taken after it, sees the cursor as the
      // learner's previous fold (another process's too) left it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), ${FOLD_LOCKS})`);
      const [row] = (
        (await tx.execute(sql`
          with c as (select coalesce((select folded_id from review_folds where user_id = ${userId}::uuid), 0) as cur),
               e as (select e.id as n, e.client_event_id as id, e.word_id as w, e.at, e.outcome as o, e.game as g,
                            e.exercise as x
                     from review_events e, c where e.user_id = ${userId}::uuid and e.id > c.cur
                     order by e.id limit ${FOLD_CHUNK})
          select coalesce(json_agg(e order by e.n), '[]'::json) as events,
                 coalesce((select time_zone from user_settings where user_id = ${userId}::uuid), 'UTC') as tz,
                 ${modelsJsonSql(userId)} as models
          from e`)) as unknown as {
          rows: { events: J[]; tz: string; models: ModelJson[] }[];
        }
      ).rows;
      const events = row?.events ?? [];
      if (events.length === 0) return 0;
      const tz = (row as { tz: string }).tz;
      const models = modelsFromJson(row?.models ?? null);
      const upTo = (events[events.length - 1] as J).n;
      const byWord = new Map<number, Ev[]>();
      const perDay = new Map<string, number>();
      for (const e of events) {
        const ev = evOf({ id: e.id, at: new Date(e.at), outcome: e.o, game: e.g, exercise: e.x });
        const list = byWord.get(e.w) ?? [];
        list.push(ev);
        byWord.set(e.w, list);
        const day = dayKey(ev.at, tz);
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      const existing = await cardsOf(tx, userId, [...byWord.keys()]);
      const rows: CardRow[] = [];
      const marks: Mark[] = [];
      const late = new Map<number, { first: Ev; card: CardRow }>();
      for (const [wordId, list] of byWord) {
        list.sort(compareEvents);
        const first = list[0] as Ev;
        const last = list[list.length - 1] as Ev;
        const card = existing.get(wordId);
        if (!card) {
          // No card means no earlier event: the new ones are the whole history.
          rows.push(
            rowOf(userId, wordId, applyAll(wordId, newCard(first.at), list, tz, marks, models), first.at, last),
          );
        } else if (compareEvents(first, { at: card.lastAt, id: card.lastEventId }) > 0) {
          // All after the last applied one: fold on top of the stored card.
          rows.push(rowOf(userId, wordId, applyAll(wordId, cardOf(card), list, tz, marks, models), card.firstAt, last));
        } else late.set(wordId, { first, card }); // late or out of order: replayed from the nearest mark before
      }
      rows.push(...(await replayWords(tx, userId, late, upTo, tz, marks, models, stats)));
      await upsertCards(tx, userId, rows);
      await writeMarks(tx, userId, marks);
      await countDays(tx, userId, perDay);
      await tx.execute(sql`
        insert into review_folds (user_id, folded_id) values (${userId}::uuid, ${upTo})
        on conflict (user_id) do update set folded_id = excluded.folded_id`);
      return events.length;
    });
    total += folded;
    if (folded < FOLD_CHUNK || step >= steps) return total;
    // The learner's writes that queued during the step go first: a long backlog never holds them for long.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Whether the learner has events stored after their fold cursor (one probe of review_events' primary key). */
async function hasPending(db: Db, userId: string): Promise<boolean> {
  const [row] = (
    (await db.execute(sql`
      select exists (
        select 1 from review_events e where e.user_id = ${userId}::uuid
          and e.id > coalesce((select folded_id from review_folds where user_id = ${userId}::uuid), 0)
      ) as pending`)) as unknown as { rows: { pending: boolean }[] }
  ).rows;
  return row?.pending === true;
}

async function settingsOf(db: Db, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      dailyNewLimit: t.userSettings.dailyNewLimit,
      dailyGoal: t.userSettings.dailyGoal,
      timeZone: t.userSettings.timeZone,
    })
    .from(t.userSettings)
    .where(eq(t.userSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}

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
  const [row] = rowsOf<{ v: string }>(
    await db.execute(sql`
      select concat_ws(':',
        (select max(id) from review_events where user_id = ${userId}::uuid),
        (select concat_ws('/', daily_new_limit, daily_goal, time_zone) from user_settings where user_id = ${userId}::uuid),
        (select module_id from active_modules where user_id = ${userId}::uuid)) as v`),
  );
  return row?.v ?? "";
}

export const reviewRoutes: FastifyPluginAsyncZod<{ queue?: QueueReader }> = async (app, opts) => {
  const { database, cache, plans } = app.deps;
  const db = database.db;

  // Writes need the user row (foreign keys); reads do not.
  app.addHook("preHandler", async (req) => {
    requireUser(req);
    if (req.method !== "GET") await ensureCaller(req);
  });

  /**
   * The queue's answer per learner (decisions 0012, 0088): kept with the learner's version, everything in the
   * database it depends on (their newest event's id, their settings, their active module), read again before it is
   * used: any instance's write changes it, so an answer acknowledged anywhere is in the next read everywhere, with
   * no NOTIFY in the write and nothing to listen to (PgBouncer). Never kept past the next card falling due or the
   * end of the learner's day.
   */
  const queues = new Map<string, { snap: object; tier: number; until: number; version: string; value: ReviewQueue }>();
  const forget = (userId: string) => queues.delete(userId);
  const unlocked = (w: CachedWord | undefined, tier: number): w is CachedWord => !!w && !isLocked(w.tier, tier);

  /** Word ids the plan locks (as an SQL array literal of integers), per content snapshot and tier. */
  const lockedCache = new WeakMap<object, Map<number, { literal: string; count: number }>>();
  const lockedWords = (tier: number) => {
    const snap = cache.current;
    let byTier = lockedCache.get(snap);
    if (!byTier) {
      byTier = new Map();
      lockedCache.set(snap, byTier);
    }
    let v = byTier.get(tier);
    if (!v) {
      const ids = snap.words.filter((w) => isLocked(w.tier, tier)).map((w) => w.id);
      v = { literal: `'{${ids.join(",")}}'::int[]`, count: ids.length };
      byTier.set(tier, v);
    }
    return v;
  };

  /**
   * The queue's numbers in one statement and one pass over the learner's cards (only counts leave the
   * database): cards due on words the plan unlocks, the next due time, words introduced today in the learner's
   * time zone, and the daily limit. Whether enough unseen words remain is worked out from the content in
   * memory; only a learner near the end of the content needs the exact (slower) count.
   */
  const queueCounts = async (userId: string, tier: number, now: Date) => {
    const locked = sql.raw(lockedWords(tier).literal);
    const at = now.toISOString();
    const [row] = rowsOf<{
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
      await db.execute(sql`
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
        group by s.tz, s.lim, s.goal, s.active`),
    );
    if (!row) throw new Error("queue counts: no row");
    const slots = Math.max(0, row.lim - row.introduced);
    // Unlocked themed words (and the beginner module's when it is active) minus every card on an unlocked word
    // is a lower bound on the unseen ones: enough of those, and the exact count is not needed.
    const snap = cache.current;
    const candidates = snap.modules
      .filter((m) => !isLocked(m.tier, tier) && (!m.isBeginner || m.id === row.active))
      .reduce((n, m) => n + m.wordCount, 0);
    const unseen = candidates - row.cards >= slots ? slots : (await newWords(userId, tier, slots)).length;
    const goal = await goalOf(userId, row.tz, row.goal, now);
    const newAvailable = Math.min(slots, unseen);
    const plan = sessionPlan({ due: row.due, newAvailable, goalLeft: goal.today.goal - goal.today.reviews });
    // Extra new words for the goal exist only as far as unseen words do.
    const extra =
      plan.extra === 0
        ? 0
        : candidates - row.cards >= plan.fresh + plan.extra
          ? plan.extra
          : Math.max(0, (await newWords(userId, tier, plan.fresh + plan.extra)).length - plan.fresh);
    return {
      due: row.due,
      nextDue: row.next_due ? new Date(row.next_due) : null,
      newAvailable,
      plan: { ...plan, extra },
      dayEnd: new Date(row.day_end),
      ...goal,
    };
  };

  /** Today's answers against the goal and the streak, from the learner's days (review_days, counted by the fold). */
  const goalOf = async (userId: string, tz: string, goal: number, now: Date) => {
    const days = await db
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
  };

  /**
   * New words for today, at most `n`: the active module's first (in content order), then the other unlocked
   * modules' in id order; the beginner module only when it is the active one. Words with a card are skipped.
   */
  const newWords = async (userId: string, tier: number, n: number): Promise<CachedWord[]> => {
    if (n <= 0) return [];
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        select w.id from words w join modules m on m.id = w.module_id
        left join active_modules a on a.user_id = ${userId}::uuid
        where m.tier <= ${tier} and (not m.is_beginner or m.id = a.module_id)
          and not exists (select 1 from review_cards c where c.user_id = ${userId}::uuid and c.word_id = w.id)
        order by (m.id = a.module_id) is true desc, m.id, w.position
        limit ${n}`),
    );
    return rows.map((r) => cache.current.wordById.get(Number(r.id))).filter((w): w is CachedWord => !!w);
  };

  /** The most overdue cards on words the plan unlocks. */
  const dueCards = async (userId: string, tier: number, now: Date, limit: number) =>
    (
      await db
        .select({ card: t.reviewCards })
        .from(t.reviewCards)
        .innerJoin(t.words, eq(t.words.id, t.reviewCards.wordId))
        .innerJoin(t.modules, eq(t.modules.id, t.words.moduleId))
        .where(and(eq(t.reviewCards.userId, userId), lte(t.reviewCards.due, now), lte(t.modules.tier, tier)))
        .orderBy(asc(t.reviewCards.due), asc(t.reviewCards.wordId))
        .limit(limit)
    ).map((r) => r.card);

  /**
   * Folding (decision 0066): events are acknowledged once stored; a learner's fold runs FOLD_DELAY_MS after their
   * first unfolded write (so one fold takes a burst of answers), and every read of their cards settles first.
   */
  const FOLD_DELAY_MS = 100;
  /**
   * Unfolded events this process wrote for a learner, at most: past it, a write also folds, before it is answered,
   * about as many events as it added (in steps of FOLD_CHUNK: no write waits for a whole backlog). A learner who
   * writes faster than their events are folded is slowed to that pace, and their next read never has more than
   * about this to fold.
   */
  const FOLD_BACKLOG = 2_000;
  const folding = new Map<string, Promise<number>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const backlog = new Map<string, number>();
  // The learner's memory model is fitted in the background once their events reach the next 1,000 (decision 0109).
  const fitter = createFitter(db, (userId, e) =>
    app.log.error({ err: e, device: deviceHash(userId) }, "memory model fit failed"),
  );
  const countFolded = (n: number) => {
    app.metrics.eventsFolded.inc(n);
    return n;
  };
  const foldNow = (userId: string) => {
    let run = folding.get(userId);
    if (!run) {
      // What it folded leaves the backlog when it ends: writes while it runs still count (the backlog's bound holds
      // while a long fold is under way).
      run = foldPending(db, userId)
        .then((n) => {
          const left = (backlog.get(userId) ?? 0) - n;
          if (left > 0) backlog.set(userId, left);
          else backlog.delete(userId);
          if (n > 0) fitter.check(userId);
          return countFolded(n);
        })
        .finally(() => folding.delete(userId));
      folding.set(userId, run);
    }
    return run;
  };
  // The device as its hash in the log, as in the request lines (request-log.ts): never the id itself.
  const foldFailed = (userId: string) => (e: unknown) =>
    app.log.error({ err: e, device: deviceHash(userId) }, "review fold failed");
  const scheduleFold = (userId: string) => {
    if (timers.has(userId)) return;
    const timer = setTimeout(() => {
      timers.delete(userId);
      foldNow(userId).catch(foldFailed(userId));
    }, FOLD_DELAY_MS);
    timers.set(userId, timer);
  };
  /**
   * Before a read of the learner's cards: folds what any process stored for them and has not folded yet (asked
   * of the database every time, so another process's write just acknowledged is never missed).
   */
  const settle = async (userId: string) => {
    while (await hasPending(db, userId)) await foldNow(userId);
  };
  app.metrics.setFoldBacklog(() => {
    let n = 0;
    for (const v of backlog.values()) n += v;
    return n;
  });
  // A stop folds what is scheduled, not only what is folding (the next start would, at the learner's next read).
  app.addHook("onClose", async () => {
    for (const [userId, timer] of timers) {
      clearTimeout(timer);
      foldNow(userId).catch(foldFailed(userId));
    }
    timers.clear();
    await Promise.allSettled(folding.values());
    await fitter.idle();
  });

  type Accepted = ReviewEventInput & StoredEvent;
  /**
   * Stores one learner's new events; answers each request's newly stored ids. Requests of the same learner that
   * arrive while a write of theirs runs are written together by the next statement (write combining, decision
   * 0026): one lock, one insert, one commit for all. Their cards are folded after (decision 0066).
   */
  const writeEvents = combiner<string, Accepted[], Set<string>>({
    weight: (events) => events.length,
    maxWeight: 2_000,
    run: async (userId, requests) => {
      // An id sent by two requests of the batch (a retry while the first was in flight) belongs to the first.
      const owner = new Map<string, number>();
      const events: Accepted[] = [];
      requests.forEach((list, i) => {
        for (const e of list) {
          if (owner.has(e.id)) continue;
          owner.set(e.id, i);
          events.push(e);
        }
      });
      const fresh = requests.map(() => new Set<string>());
      const inserted = await insertEvents(db, userId, events);
      app.metrics.eventsStored.inc(inserted.length);
      for (const id of inserted) fresh[owner.get(id) as number]?.add(id);
      forget(userId);
      if (inserted.length > 0) {
        let unfolded = (backlog.get(userId) ?? 0) + inserted.length;
        // The events are stored whatever the fold does: a failed one is logged, and the next read folds them.
        if (unfolded >= FOLD_BACKLOG)
          unfolded -= await foldPending(db, userId, Math.ceil((unfolded - FOLD_BACKLOG + 1) / FOLD_CHUNK)).then(
            countFolded,
            (e: unknown) => {
              foldFailed(userId)(e);
              return 0;
            },
          );
        backlog.set(userId, Math.max(0, unfolded));
        scheduleFold(userId);
      }
      return fresh;
    },
  });

  // ---------- POST /review/events ----------
  app.post(
    "/events",
    {
      schema: {
        tags: ["review"],
        description:
          "Answers as review events. Each (user, event id) is stored once: a retry answers 'duplicate' and changes " +
          "nothing. Events on locked or unknown words are refused per event. Late or out-of-order events are " +
          "applied in time order (the word's card is replayed from its events). Times ahead of the server's " +
          "clock count as now.",
        body: reviewEventsBody,
        response: { 200: reviewEventsResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { tier } = await plans.planOf(userId);
      const now = new Date();
      const status = new Map<string, EventStatus>();
      const accepted: Accepted[] = [];
      for (const e of req.body.events) {
        if (status.has(e.id)) continue; // the same id twice in one batch: the first one counts
        // An answer a device queued on a retired id (an entry moved to another module) is the new id's.
        const wordId = taughtId(cache.current, e.wordId);
        const w = cache.current.wordById.get(wordId);
        if (!w) status.set(e.id, "unknown_word");
        else if (isLocked(w.tier, tier)) status.set(e.id, "locked");
        else {
          const at = new Date(e.at);
          accepted.push({ ...e, wordId, date: at.getTime() > now.getTime() ? now : at });
          status.set(e.id, "duplicate");
        }
      }
      let stored = 0;
      if (accepted.length > 0) {
        const fresh = await writeEvents(userId, accepted);
        for (const id of fresh) status.set(id, "stored");
        stored = fresh.size;
      }
      const results = req.body.events.map((e) => ({ id: e.id, status: status.get(e.id) as EventStatus }));
      // The same id twice in one batch: the later copies are duplicates of the first.
      const firstIndex = new Map<string, number>();
      req.body.events.forEach((e, i) => {
        if (!firstIndex.has(e.id)) firstIndex.set(e.id, i);
        else if (results[i]) (results[i] as { status: EventStatus }).status = "duplicate";
      });
      return { stored, results };
    },
  );

  // ---------- GET /review/queue ----------
  app.get(
    "/queue",
    {
      schema: {
        tags: ["review"],
        description: "How many cards are due now, how many new words today's limit allows, and the next due time.",
        response: { 200: reviewQueueResponse },
      },
    },
    async (req) => readQueue(requireUser(req)),
  );

  /** The queue's answer for a learner (cached): GET /queue, and the reminder sender's due count and goal. */
  async function readQueue(userId: string): Promise<ReviewQueue> {
    const { tier } = await plans.planOf(userId);
    const now = Date.now();
    const snap = cache.current;
    // Read before the answer is worked out: a write while it is, and the next read works it out again.
    const version = await learnerVersion(db, userId);
    const hit = queues.get(userId);
    if (hit && hit.version === version && hit.snap === snap && hit.tier === tier && now < hit.until) return hit.value;
    await settle(userId);
    const q = await queueCounts(userId, tier, new Date(now));
    const value: ReviewQueue = {
      due: q.due,
      newAvailable: q.newAvailable,
      sessionSize: q.plan.due + q.plan.fresh + q.plan.extra,
      nextDueAt: q.nextDue ? q.nextDue.toISOString() : null,
      today: q.today,
      streak: q.streak,
    };
    if (queues.size >= 100_000) queues.delete(queues.keys().next().value as string);
    const until = Math.min(q.nextDue?.getTime() ?? Number.POSITIVE_INFINITY, q.dayEnd.getTime());
    queues.set(userId, { snap, tier, until, version, value });
    return value;
  }
  opts.queue?.set(readQueue);

  // ---------- GET /review/session ----------
  app.get(
    "/session",
    {
      schema: {
        tags: ["review"],
        description:
          "Up to 20 cards: the due ones on unlocked words (most overdue first), then new words up to the daily " +
          "limit, the active module's first. With words=1,2,3: exactly those words (locked ones left out).",
        querystring: reviewSessionQuery,
        response: { 200: reviewSessionResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { language, words } = req.query;
      const now = new Date();
      const snap = cache.current;
      const [{ tier }] = await Promise.all([plans.planOf(userId), settle(userId)]);
      let picked: { word: CachedWord; row: CardRow | null }[];
      let dueCount = 0;
      if (words) {
        const unknown = words.filter((id) => !snap.wordById.has(id));
        if (unknown.length) throw new HttpError(400, "unknown_word", `words: unknown word ${unknown.join(", ")}`);
        const rows = await db
          .select()
          .from(t.reviewCards)
          .where(and(eq(t.reviewCards.userId, userId), inArray(t.reviewCards.wordId, words)));
        const byId = new Map(rows.map((r) => [r.wordId, r]));
        picked = words
          .map((id) => snap.wordById.get(id))
          .filter((w) => unlocked(w, tier))
          .map((word) => ({ word, row: byId.get(word.id) ?? null }));
        dueCount = rows.filter((r) => r.due <= now).length;
      } else {
        const counts = await queueCounts(userId, tier, now);
        const due = await dueCards(userId, tier, now, counts.plan.due);
        dueCount = counts.due;
        picked = due.map((row) => ({ word: snap.wordById.get(row.wordId) as CachedWord, row }));
        const room = counts.plan.fresh + counts.plan.extra;
        for (const word of await newWords(userId, tier, room)) picked.push({ word, row: null });
      }
      const rng = createRng(randomSeed());
      const items = picked.map(({ word, row }) =>
        reviewItem(snap, word, row ? cardOf(row) : null, { language, tier, rng, due: row?.due ?? null }),
      );
      return { items, due: dueCount, newCount: picked.filter((p) => !p.row).length };
    },
  );

  // ---------- GET /review/progress ----------
  app.get(
    "/progress",
    {
      schema: {
        tags: ["review"],
        description:
          "Today's reviews against the goal, the streak (days in a row with the goal met, in the learner's time " +
          "zone), words by state, known/total per module, reviews per day (30 days) and due per day (7 days), and the " +
          "memory model in use (the default weights, or weights fitted to the learner: what was measured of it).",
        querystring: reviewProgressQuery,
        response: { 200: reviewProgressResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { language } = req.query;
      const now = new Date();
      const snap = cache.current;
      const [{ tier }, settings] = await Promise.all([plans.planOf(userId), settingsOf(db, userId), settle(userId)]);
      const tz = settings.timeZone;
      const [goal, cards, model] = await Promise.all([
        goalOf(userId, tz, settings.dailyGoal, now),
        db
          .select({
            wordId: t.reviewCards.wordId,
            state: t.reviewCards.state,
            scheduledDays: t.reviewCards.scheduledDays,
            recallDays: t.reviewCards.recallDays,
            produced: t.reviewCards.produced,
            due: t.reviewCards.due,
          })
          .from(t.reviewCards)
          .where(eq(t.reviewCards.userId, userId)),
        modelReport(db, userId, now),
      ]);
      const { counts } = goal;
      const today = goal.today.date;
      const states: Record<WordState, number> = { new: 0, learning: 0, known: 0, mature: 0 };
      const knownIn = new Map<number, number>();
      const duePerDay = new Map<string, number>();
      for (const c of cards) {
        const w = snap.wordById.get(c.wordId);
        if (!unlocked(w, tier)) continue;
        const s = wordState(c);
        states[s]++;
        if (s === "known" || s === "mature") knownIn.set(w.moduleId, (knownIn.get(w.moduleId) ?? 0) + 1);
        const day = dayKey(c.due, tz);
        const key = day.localeCompare(today) < 0 ? today : day; // overdue counts as today
        duePerDay.set(key, (duePerDay.get(key) ?? 0) + 1);
      }
      const unlockedWords = snap.modules.filter((m) => !isLocked(m.tier, tier)).reduce((n, m) => n + m.wordCount, 0);
      states.new = Math.max(0, unlockedWords - states.learning - states.known - states.mature);
      return {
        timeZone: tz,
        today: goal.today,
        streak: goal.streak,
        states,
        modules: snap.modules.map((m) => ({
          moduleId: m.id,
          name: m.name[language],
          tier: m.tier,
          locked: isLocked(m.tier, tier),
          known: knownIn.get(m.id) ?? 0,
          total: m.wordCount,
        })),
        reviewsPerDay: Array.from({ length: 30 }, (_, i) => {
          const date = addDays(today, i - 29);
          return { date, count: counts.get(date) ?? 0 };
        }),
        duePerDay: Array.from({ length: 7 }, (_, i) => {
          const date = addDays(today, i);
          return { date, count: duePerDay.get(date) ?? 0 };
        }),
        model,
      };
    },
  );

  // ---------- GET /review/words ----------
  app.get(
    "/words",
    {
      schema: {
        tags: ["review"],
        description: "The caller's cards (word id, state, due), of one module with moduleId.",
        querystring: reviewWordsQuery,
        response: { 200: reviewWordsResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { moduleId } = req.query;
      const snap = cache.current;
      if (moduleId !== undefined && !snap.moduleById.has(moduleId))
        throw new HttpError(404, "module_not_found", `moduleId: module ${moduleId} not found`);
      const ids = moduleId === undefined ? null : (snap.wordsByModule.get(moduleId) ?? []).map((w) => w.id);
      if (ids && ids.length === 0) return { items: [] };
      await settle(userId);
      const rows = await db
        .select()
        .from(t.reviewCards)
        .where(and(eq(t.reviewCards.userId, userId), ids ? inArray(t.reviewCards.wordId, ids) : undefined));
      return {
        items: rows
          .filter((r) => snap.wordById.has(r.wordId))
          .map((r) => ({ wordId: r.wordId, state: wordState(cardOf(r)), due: r.due.toISOString() })),
      };
    },
  );

  // ---------- settings ----------
  app.get("/settings", { schema: { tags: ["review"], response: { 200: reviewSettings } } }, async (req) =>
    settingsOf(db, requireUser(req)),
  );

  app.patch(
    "/settings",
    {
      schema: {
        tags: ["review"],
        description: "Daily new-word limit (0-100, default 10), daily goal (1-500 reviews, default 20), time zone.",
        body: patchReviewSettingsBody,
        response: { 200: reviewSettings },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const b = req.body;
      // The name as Intl spells it (the schema): refused unless the database reads it too (decision 0077).
      if (b.timeZone !== undefined && !(await databaseKnowsTimeZone(db, b.timeZone)))
        throw new HttpError(400, "invalid_input", `timeZone: ${b.timeZone} is not a time zone the database knows`);
      const set = {
        ...(b.dailyNewLimit !== undefined && { dailyNewLimit: b.dailyNewLimit }),
        ...(b.dailyGoal !== undefined && { dailyGoal: b.dailyGoal }),
        ...(b.timeZone !== undefined && { timeZone: b.timeZone }),
        updatedAt: new Date(),
      };
      await db
        .insert(t.userSettings)
        .values({ userId, ...DEFAULT_SETTINGS, ...set })
        .onConflictDoUpdate({ target: t.userSettings.userId, set });
      forget(userId);
      return settingsOf(db, userId);
    },
  );
};
