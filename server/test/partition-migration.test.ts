// Migration 0015 (decision 0110) turns a filled review_events into a table partitioned by hash of the learner: every
// row and id kept, the id sequence going on from where it was, the keys and the cascade as before; on PGlite and on
// PostgreSQL. The database is migrated to 0014 first (a copy of the migrations folder cut there), filled, then
// migrated to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../src/paths.ts";
import { BACKENDS, freshPostgres } from "./helpers.ts";

/** The migrations folder as it was before 0015. */
function foldBefore0015(): string {
  const dir = mkdtempSync(join(tmpdir(), "ivrit-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  for (const e of journal.entries.filter((e) => e.idx >= 15)) rmSync(join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 15);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(BACKENDS)("the partitioning migration on %s", (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("keeps every event and id, the sequence, the keys and the cascade", async () => {
    const before = foldBefore0015();
    cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
    let run: (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;
    let migrateTo: (folder: string) => Promise<void>;
    if (backend === "pglite") {
      const client = await PGlite.create();
      cleanups.push(() => client.close());
      const db = drizzlePglite(client);
      run = async (q) => (await db.execute(q)).rows as Record<string, unknown>[];
      migrateTo = (folder) => migratePglite(db, { migrationsFolder: folder });
    } else {
      const fresh = await freshPostgres();
      const pool = new pg.Pool({ connectionString: fresh.directUrl ?? fresh.url, max: 2 });
      cleanups.push(async () => {
        await pool.end();
        await fresh.drop();
      });
      const db = drizzlePg(pool);
      run = async (q) => (await db.execute(q)).rows as Record<string, unknown>[];
      migrateTo = (folder) => migratePg(db, { migrationsFolder: folder });
    }
    await migrateTo(before);
    // 40 learners, 25 events each, ids interleaved across learners as real writes make them; one gap in the ids.
    await run(sql`insert into users (id) select gen_random_uuid() from generate_series(1, 40)`);
    await run(sql`
      insert into review_events (user_id, client_event_id, word_id, at, game, outcome, exercise)
      select u.id, 'e' || g, 1000 + g % 7, now() - make_interval(days => g), 'review', 'right',
             case when g % 2 = 0 then 'meaning' end
      from generate_series(1, 25) g cross join (select id from users order by id) u
      order by g, u.id`);
    await run(sql`select nextval('review_events_id_seq')`);
    const dump = sql`
      select id::text, user_id::text, client_event_id, word_id, at, game, outcome, exercise, received_at
      from review_events order by id`;
    const rows = await run(dump);
    expect(rows).toHaveLength(1_000);
    const [seq] = await run(sql`select last_value::text as v from review_events_id_seq`);

    await migrateTo(MIGRATIONS_DIR);
    expect(await run(dump)).toEqual(rows);
    const [kind] = await run(sql`
      select c.relkind::text as kind, pg_get_partkeydef(c.oid) as key,
             (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as parts
      from pg_class c where c.relname = 'review_events'`);
    expect(kind).toEqual({ kind: "p", key: "HASH (user_id)", parts: 16 });
    const [archive] = await run(sql`
      select pg_get_partkeydef(c.oid) as key, (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as parts
      from pg_class c where c.relname = 'review_events_archive'`);
    expect(archive).toEqual({ key: "HASH (user_id)", parts: 16 });
    // The rows spread over the partitions.
    const [spread] = await run(sql`select count(distinct tableoid)::int as n from review_events`);
    expect(spread?.n).toBeGreaterThan(8);
    // The sequence goes on after the last id given (the gap included), and belongs to the new table.
    const user = rows[0]?.user_id as string;
    const [next] = await run(sql`
      insert into review_events (user_id, client_event_id, word_id, at, game, outcome)
      values (${user}::uuid, 'after', 1001, now(), 'review', 'right') returning id::text`);
    expect(BigInt(next?.id as string)).toBe(BigInt(seq?.v as string) + 1n);
    const [owner] = await run(sql`select pg_get_serial_sequence('review_events', 'id') as s`);
    expect(owner?.s).toBe("public.review_events_id_seq");
    // The keys: a client id once per learner; the learner's delete takes their events (and archive) along.
    await expect(
      run(sql`
        insert into review_events (user_id, client_event_id, word_id, at, game, outcome)
        values (${user}::uuid, 'e1', 1001, now(), 'review', 'right')`),
    ).rejects.toThrow();
    await run(sql`
      insert into review_events_archive select id + 100000, user_id, client_event_id || '-a', word_id, at, game,
        outcome, exercise, received_at from review_events where user_id = ${user}::uuid`);
    await run(sql`delete from users where id = ${user}::uuid`);
    const [left] = await run(sql`
      select (select count(*)::int from review_events where user_id = ${user}::uuid) +
             (select count(*)::int from review_events_archive where user_id = ${user}::uuid) as n`);
    expect(left?.n).toBe(0);
    expect((await run(sql`select count(*)::int as n from review_history`))[0]?.n).toBe(975);
  });
});
