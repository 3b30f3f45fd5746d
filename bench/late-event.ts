// The cost of one late review event (issue 25.8): a learner's word with 10,000 answers, then one more answer on
// time, one late by a few answers, and one late by half the history, each folded on its own (server's foldPending,
// PGlite in a temporary folder, or PostgreSQL with DATABASE_URL). Prints milliseconds and the events re-read; the
// on-time fold is the reference. Run: npm run late-event -w bench
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "@ivrit/server/db/client";
import * as t from "@ivrit/server/db/schema";
import { insertEvents, type StoredEvent } from "@ivrit/server/review/events";
import { type FoldStats, foldPending } from "@ivrit/server/review/fold";

const N = 10_000;
const dir = mkdtempSync(join(tmpdir(), "ivrit-late-"));
const database = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
try {
  await database.migrate();
  const db = database.db;
  const user = randomUUID();
  await db.insert(t.users).values({ id: user });
  const start = Date.now() - 2 * N * 3_600_000;
  const at = (n: number) => new Date(start + n * 3_600_000);
  const event = (id: string, n: number): StoredEvent => ({
    id,
    wordId: 1001,
    date: at(n),
    game: "review",
    outcome: n % 7 ? "right" : "wrong",
  });
  for (let i = 0; i < N; i += 500)
    await insertEvents(
      db,
      user,
      Array.from({ length: 500 }, (_, k) => event(`h${i + k}`, 2 * (i + k))),
    );
  const t0 = performance.now();
  await foldPending(db, user);
  console.log(`${N} events on one word folded in ${(performance.now() - t0).toFixed(0)} ms`);
  const one = async (label: string, e: StoredEvent) => {
    await insertEvents(db, user, [e]);
    const stats: FoldStats = { replayed: 0 };
    const cpu = process.cpuUsage();
    const t1 = performance.now();
    await foldPending(db, user, Number.POSITIVE_INFINITY, stats);
    const ms = performance.now() - t1;
    const c = process.cpuUsage(cpu);
    console.log(
      `${label.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms  cpu ${((c.user + c.system) / 1000).toFixed(1).padStart(7)} ms  events re-read ${stats.replayed}`,
    );
  };
  await one("on time (after the last)", event("on-time", 2 * N + 1));
  await one("late by 5 answers", event("late-5", 2 * (N - 5) - 1));
  await one("late by half the history", event("late-half", N - 1));
  await one("late by 5 answers, again", event("late-5b", 2 * (N - 5) - 3));
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
