// The fold (decisions 0010, 0066): a learner's events, stored once, become their cards in time order. Events after a
// card's last applied one fold on top of it; a late or out-of-order one replays the word from its nearest mark.
import { dayKey, type Outcome } from "@ivrit/core/review";
import { applyEvent, type CardState, compareEvents, type ModelPeriod, newCard, weightsAt } from "@ivrit/core/srs";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { FOLD_LOCKS, type ModelJson, modelsFromJson, modelsJsonSql } from "../learner-model.ts";
import { type CardRow, cardOf, cardsOf, type Ev, evOf, rowOf, upsertCards } from "./cards.ts";

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

/** A card as a mark stores it (CardState as JSON: dates as ISO strings). */
type CardJson = Omit<CardState, "due" | "lastReview" | "lastMissAt"> & {
  due: string;
  lastReview: string | null;
  lastMissAt: string | null;
};

/** A card from its JSON form. */
function cardFromJson(c: CardJson): CardState {
  const date = (v: string | null) => (v === null ? null : new Date(v));
  return { ...c, due: new Date(c.due), lastReview: date(c.lastReview), lastMissAt: date(c.lastMissAt) };
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
  type J = { w: number; mark: { at: string; id: string; card: CardJson } | null; events: J2[] };
  type J2 = { id: string; at: string; o: string; g: string; x: string | null };
  const [row] = await queryRows<{ words: J[] }>(
    db,
    sql`
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
                   from review_history e
                   where e.user_id = ${userId}::uuid and e.word_id = l.w and e.id <= ${upTo}
                     and (m.word_id is null or (e.at, e.client_event_id collate "C") > (m.at, m.event_id collate "C")))
      )), '[]'::json) as words
      from l left join m on m.word_id = l.w`,
  );
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

/** Adds folded answers to the learner's days (review_days: what the goal and the streak read). */
async function countDays(db: Db, userId: string, perDay: Map<string, number>) {
  const json = JSON.stringify([...perDay].map(([d, n]) => ({ d, n })));
  await db.execute(sql`
    insert into review_days (user_id, day, answers)
    select ${userId}::uuid, x.d, x.n from json_to_recordset(${json}::json) as x(d text, n int)
    on conflict (user_id, day) do update set answers = review_days.answers + excluded.answers`);
}

/** Events folded in one transaction at most: a long backlog is folded in steps, with the learner's writes between. */
export const FOLD_CHUNK = 250;

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
      const [row] = await queryRows<{ events: J[]; tz: string; models: ModelJson[] }>(
        tx,
        sql`
          with c as (select coalesce((select folded_id from review_folds where user_id = ${userId}::uuid), 0) as cur),
               e as (select e.id as n, e.client_event_id as id, e.word_id as w, e.at, e.outcome as o, e.game as g,
                            e.exercise as x
                     from review_events e, c where e.user_id = ${userId}::uuid and e.id > c.cur
                     order by e.id limit ${FOLD_CHUNK})
          select coalesce(json_agg(e order by e.n), '[]'::json) as events,
                 coalesce((select time_zone from user_settings where user_id = ${userId}::uuid), 'UTC') as tz,
                 ${modelsJsonSql(userId)} as models
          from e`,
      );
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
