// Old answers move to the archive (issue 31.5, decision 0111): an event already folded onto the learner's cards (id up
// to their fold cursor) and stored more than EVENT_ARCHIVE_DAYS ago (default 30; 0: never) moves from review_events to
// review_events_archive, ids and all, once a day in short batches. The fold never reads it again (the cards hold its
// effect); what reads a learner's whole history (a late event's replay, a device merge, the FSRS fit, the counts, content
// moves) reads both, through the review_history view. A learner's newest event stays live whatever its age, so the
// queue's version (their newest event's id, queue.ts) does not change. Any number of instances may run it: each batch
// moves what it deletes, under no lock a request takes (a row another instance moved first is simply not found).
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DAY_MS, scheduleDaily } from "./daily.ts";
import { type Database, rowsOf } from "./db/client.ts";

/** Learners whose old events move per statement: short transactions, however long the backlog. */
export const ARCHIVE_LEARNERS = 100;

/**
 * Moves the events old and folded enough to the archive; answers how many moved. Walks the learners in the order of
 * their ids (review_folds: only a learner with a fold has anything to move), a batch of them per statement, each
 * learner's events read by the primary key: the cost is the learners' events, never a scan of the whole log per batch.
 */
export async function archiveEvents(
  database: Database,
  days: number,
  now = new Date(),
  learners = ARCHIVE_LEARNERS,
): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  let total = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    // One statement: the delete's rows are the insert's, so an event is in exactly one table at every commit. No
    // "on conflict": an event already in the archive would be a bug, and the statement fails rather than lose it.
    const [row] = rowsOf<{ n: number; last: string | null }>(
      await database.db.execute(sql`
        with u as (
          select f.user_id, least(f.folded_id, (select max(n.id) - 1 from review_events n where n.user_id = f.user_id)) as upto
          from review_folds f where f.user_id > ${after}::uuid order by f.user_id limit ${learners}),
        gone as (
          delete from review_events e using u
          where e.user_id = u.user_id and e.id <= u.upto and e.received_at < ${before}::timestamptz
          returning e.id, e.user_id, e.client_event_id, e.word_id, e.at, e.game, e.outcome, e.exercise, e.received_at),
        moved as (
          insert into review_events_archive (id, user_id, client_event_id, word_id, at, game, outcome, exercise, received_at)
          select id, user_id, client_event_id, word_id, at, game, outcome, exercise, received_at from gone
          returning 1)
        select (select count(*)::int from moved) as n, (select max(user_id::text) from u) as last`),
    );
    total += row?.n ?? 0;
    if (!row?.last) break;
    after = row.last;
  }
  if (total > 0) await database.flush();
  return total;
}

/** Runs archiveEvents two minutes after the start and then every day; answers what stops it. */
export function scheduleEventArchive(database: Database, days: number, log: FastifyBaseLogger): () => Promise<void> {
  return scheduleDaily(
    () =>
      archiveEvents(database, days).then(
        (n) => void (n > 0 && log.info({ events: n, days }, "folded events archived")),
        (err: unknown) => log.warn({ err }, "archiving events failed: tried again tomorrow"),
      ),
    120_000,
  );
}
