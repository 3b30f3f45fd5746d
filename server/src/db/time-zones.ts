// A learner's time zone must mean the same day to JavaScript (dayKey) and to SQL (`at time zone`): stored as Intl
// spells it, and only when the database knows it too (issue 25.8, decision 0077).
import { canonicalTimeZone } from "@ivrit/core/review";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "./client.ts";
import { databaseUnavailable } from "./faults.ts";

/** Whether the database reads `tz` (its own copy of the time zone database may lag or differ from Intl's). */
export async function databaseKnowsTimeZone(db: Db, tz: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${tz}`);
    return true;
  } catch (e) {
    if (databaseUnavailable(e)) throw e;
    return false;
  }
}

/**
 * Rewrites the time zones stored before they were checked: an old name as Intl spells it now ("US/Pacific-New" ->
 * "America/Los_Angeles"), and UTC for an offset or a name either side does not know (every read of that learner's
 * queue, session and progress failed). Answers how many learners changed.
 */
export async function repairTimeZones(db: Db): Promise<number> {
  const rows = await queryRows<{ tz: string }>(db, sql`select distinct time_zone as tz from user_settings`);
  let changed = 0;
  for (const { tz } of rows) {
    const canonical = canonicalTimeZone(tz);
    const next = canonical && (await databaseKnowsTimeZone(db, canonical)) ? canonical : "UTC";
    if (next === tz) continue;
    const result = (await db.execute(
      sql`update user_settings set time_zone = ${next}, updated_at = now() where time_zone = ${tz}`,
    )) as unknown as { rowCount?: number | null; affectedRows?: number };
    changed += Number(result.rowCount ?? result.affectedRows ?? 0);
  }
  return changed;
}
