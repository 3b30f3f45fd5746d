// Learners who never learned anything go (issue 31.5): every new device id makes a learner row on its first write, and
// most of those devices (a visit, a bot, a cleared browser) never come back. A learner with no answer, no play, no word
// or module progress, no plan and no recovery code, none of whose devices was seen for IDLE_LEARNER_DAYS (default 90),
// is deleted once a day; everything of theirs goes with the row (the tables cascade). Any number of instances may run
// it: the delete is the same whoever runs it, and each deletes in batches under no lock a request needs.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DAY_MS, scheduleDaily } from "./daily.ts";
import { type Database, rowsOf } from "./db/client.ts";

/** Learners deleted per statement: a long backlog goes in short transactions. */
const BATCH = 1_000;

/** Deletes idle learners who hold nothing; answers how many. */
export async function removeIdleLearners(database: Database, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const rows = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        delete from users u where u.id in (
          select u2.id from users u2
          where u2.created_at < ${before}::timestamptz
            and not exists (select 1 from devices d where d.learner_id = u2.id and d.last_seen >= ${before}::timestamptz)
            and not exists (select 1 from review_events e where e.user_id = u2.id)
            and not exists (select 1 from review_events_archive e where e.user_id = u2.id)
            and not exists (select 1 from game_plays g where g.user_id = u2.id)
            and not exists (select 1 from word_progress w where w.user_id = u2.id)
            and not exists (select 1 from module_progress m where m.user_id = u2.id)
            and not exists (select 1 from entitlements p where p.user_id = u2.id)
            and not exists (select 1 from recovery_codes r where r.learner_id = u2.id)
          limit ${BATCH})
        returning u.id`),
    );
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  await database.flush();
  return total;
}

/** Runs removeIdleLearners a minute after the start and then every day; answers what stops it. */
export function scheduleIdleLearners(database: Database, days: number, log: FastifyBaseLogger): () => Promise<void> {
  return scheduleDaily(
    () =>
      removeIdleLearners(database, days).then(
        (n) => void (n > 0 && log.info({ learners: n, days }, "idle learners removed")),
        (err: unknown) => log.warn({ err }, "removing idle learners failed: tried again tomorrow"),
      ),
    60_000,
  );
}
