// What linking costs (issue 26): learner A with 25,000 answers links device B whose learner has 25,000 of its own
// (half on the same words, their days interleaved): the link's merge moves B's events under A, and the fold places
// them and replays every touched word in time order. The reference in the same run: folding one learner's 50,000
// answers from nothing (a learner's whole history, as migration 0007 did). PGlite in a temporary folder, or
// PostgreSQL with DATABASE_URL. Prints milliseconds. Run: npm run link-merge -w bench
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replay } from "@ivrit/core/srs";
import { createDb } from "@ivrit/server/db/client";
import { Learners } from "@ivrit/server/learners";
import { insertEvents, type StoredEvent } from "@ivrit/server/review/events";
import { foldPending } from "@ivrit/server/review/fold";
import { learnersOfDevices } from "@ivrit/server/users";
import { sql } from "drizzle-orm";

const PER_LEARNER = Number(process.env.EVENTS ?? 25_000);
const WORDS = 500;
const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), "ivrit-link-"));
const database = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
const learners = await new Learners(database).start();
try {
  await database.migrate();
  const db = database.db;
  const start = Date.now() - PER_LEARNER * 2 * HOUR;
  /** n-th answer of a learner: words cycle, times every two hours; `shift` interleaves the two learners. */
  const history = (prefix: string, firstWord: number, shift: number): StoredEvent[] =>
    Array.from({ length: PER_LEARNER }, (_, n) => ({
      id: `${prefix}${n}`,
      wordId: firstWord + (n % WORDS),
      date: new Date(start + (2 * n + shift) * HOUR),
      game: "review",
      outcome: n % 9 === 0 ? "wrong" : "right",
    }));
  const seed = async (learner: string, events: StoredEvent[]) => {
    await learnersOfDevices(db, [learner]);
    for (let i = 0; i < events.length; i += 1_000) await insertEvents(db, learner, events.slice(i, i + 1_000));
  };
  const a = randomUUID();
  const b = randomUUID();
  const c = randomUUID();
  const aEvents = history("a", 1_000, 0);
  const bEvents = history("b", 1_000 + WORDS / 2, 1); // half of B's words are A's
  await seed(a, aEvents);
  await seed(b, bEvents);
  await seed(c, [...aEvents, ...bEvents]);

  let t0 = performance.now();
  await foldPending(db, c);
  const reference = performance.now() - t0;
  await foldPending(db, a);
  await foldPending(db, b);

  const caller = (device: string) => ({ deviceId: device, learnerId: device, address: "127.0.0.1" });
  const { code } = await learners.createLinkCode(caller(a));
  t0 = performance.now();
  const preview = await learners.link(caller(b), code, false);
  const previewMs = performance.now() - t0;
  t0 = performance.now();
  const done = await learners.link(caller(b), code, true);
  const merge = performance.now() - t0;

  // The merged cards equal the replay of the united events (spot check: 20 words across both halves).
  const rows = (
    (await db.execute(sql`select * from review_cards where user_id = ${a}::uuid`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;
  const union = [...aEvents, ...bEvents];
  let checked = 0;
  for (const w of [1_000, 1_100, 1_249, 1_250, 1_400, 1_499, 1_500, 1_600, 1_749, 1_200]) {
    const row = rows.find((r) => r.word_id === w);
    const expected = replay(
      union
        .filter((e) => e.wordId === w)
        .map((e) => ({ id: e.id, at: e.date, outcome: e.outcome, mode: "choice" as const })),
      "UTC",
    );
    if (!row || expected?.reps !== row.reps) throw new Error(`word ${w}: card differs from the replay`);
    checked++;
  }
  console.log(`${PER_LEARNER * 2} events (${PER_LEARNER} + ${PER_LEARNER}, ${WORDS * 1.5} words, ${database.kind})`);
  console.log(`reference: fold ${PER_LEARNER * 2} events from nothing   ${reference.toFixed(0).padStart(7)} ms`);
  console.log(
    `link preview (${preview.thisDevice.answers} answers)                ${previewMs.toFixed(0).padStart(7)} ms`,
  );
  console.log(
    `link with merge (move ${done.thisDevice.answers} + fold + replay) ${merge.toFixed(0).padStart(7)} ms  (${(merge / reference).toFixed(2)} x reference)`,
  );
  console.log(`cards ${rows.length}; ${checked} words checked against the replay of the united events`);
} finally {
  await learners.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
