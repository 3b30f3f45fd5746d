// A learner's cards as stored (review_cards): the row of a card folded from events, and reading and writing rows in
// one statement each, the rows as one JSON value (issue 10, decision 0026).
import { answerModeOf, type Outcome } from "@ivrit/core/review";
import type { CardState, ReviewEventLike } from "@ivrit/core/srs";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import type * as t from "../db/schema.ts";

export type CardRow = typeof t.reviewCards.$inferSelect;

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

export type Ev = ReviewEventLike;
/** An event as read back: its mode from its source and exercise (decision 0067). */
export const evOf = (e: { id: string; at: Date; outcome: string; game: string; exercise: string | null }): Ev => ({
  id: e.id,
  at: e.at,
  outcome: e.outcome as Outcome,
  mode: answerModeOf(e.game, e.exercise),
});

/** The stored row of a card folded from events (`first` is the word's earliest event, `last` its latest). */
export function rowOf(userId: string, wordId: number, card: CardState, first: Date, last: Ev): CardRow {
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
export const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** A learner's stored cards of the given words, read as one JSON value (one row, however many cards). */
export async function cardsOf(db: Db, userId: string, wordIds: number[]): Promise<Map<number, CardRow>> {
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
  const [row] = await queryRows<{ cards: J[] }>(
    db,
    sql`
      select coalesce(json_agg(c), '[]'::json) as cards from review_cards c
      where c.user_id = ${userId}::uuid and c.word_id = any(${intArray(wordIds)})`,
  );
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
export async function upsertCards(db: Db, userId: string, rows: CardRow[]) {
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
