// The learner's answers as stored (review_events, decision 0010): inserted once per (learner, client id), in the
// order of their ids under the learner's write lock.

import type { Outcome } from "@ivrit/core/review";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";

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
  const [row] = await queryRows<{ ids: string[] }>(
    tx,
    sql`
      with l as (select pg_advisory_xact_lock(hashtext(${userId}))),
           i as (
             insert into review_events (user_id, client_event_id, word_id, at, game, outcome, exercise)
             select ${userId}::uuid, e.id, e.w, e.at, e.g, e.o, e.x
             from rows from (json_to_recordset(${json}::json)
                             as (id text, w int, at timestamptz, g text, o text, x text)) with ordinality
                  as e(id, w, at, g, o, x, n), l
             -- An id already archived (a retry after EVENT_ARCHIVE_DAYS) is stored already (decision 0111).
             where not exists (select 1 from review_events_archive a
                               where a.user_id = ${userId}::uuid and a.client_event_id = e.id)
             -- The ids in the request's order, whatever join the anti-join above becomes.
             order by e.n
             on conflict do nothing
             returning client_event_id)
      select coalesce(json_agg(client_event_id), '[]'::json) as ids from i`,
  );
  return row?.ids ?? [];
}

/** Whether the learner has events stored after their fold cursor (one probe of review_events' primary key). */
export async function hasPending(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ pending: boolean }>(
    db,
    sql`
      select exists (
        select 1 from review_events e where e.user_id = ${userId}::uuid
          and e.id > coalesce((select folded_id from review_folds where user_id = ${userId}::uuid), 0)
      ) as pending`,
  );
  return row?.pending === true;
}
