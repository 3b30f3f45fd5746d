// What the review queue's version check costs (issue 31.2, decision 0088): a cached GET /api/review/queue now reads
// the learner's version (newest event id, settings, active module) before it answers from the cache. Sequential
// requests in the process (app.inject) for one learner with 200 events, on PGlite in memory and on PostgreSQL
// (DATABASE_URL): the cached request, the version read alone, and the uncached request (a write between each).
//   npm run queue-version -w bench
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { buildApp } from "@ivrit/server/app";
import { boot } from "@ivrit/server/boot";
import { learnerVersion } from "@ivrit/server/review/queue";

const N = 500;
const contentDir = join(import.meta.dirname, "..", "server", "test", "fixtures", "content");
for (const url of [undefined, process.env.DATABASE_URL].filter((u, i) => i === 0 || u)) {
  const booted = await boot({ databaseUrl: url, dataDir: "memory://", contentDir });
  const app = await buildApp({
    deps: { database: booted.database, cache: booted.cache, plans: booted.plans },
    env: {
      RATE_LIMIT_MAX: 1e9,
      RATE_LIMIT_ADDRESS_MAX: 1e9,
      RATE_LIMIT_WINDOW_MS: 60_000,
      BODY_LIMIT: 1 << 20,
    } as never,
  });
  await app.ready();
  const user = randomUUID();
  const headers = { "x-anonymous-id": user };
  const day = 86_400_000;
  const events = Array.from({ length: 200 }, (_, i) => ({
    id: `e${i}`,
    wordId: 1001 + (i % 8),
    at: new Date(Date.now() - 30 * day + i * 3_600_000).toISOString(),
    game: "review",
    outcome: i % 5 ? "right" : "wrong",
  }));
  await app.inject({ method: "POST", url: "/api/review/events", headers, payload: { events } });
  const time = async (label: string, fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await fn(-1 - i); // warm
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await fn(i);
    const ms = (performance.now() - t0) / N;
    console.log(`${(url ? "postgres" : "pglite").padEnd(9)} ${label.padEnd(44)} ${ms.toFixed(3)} ms`);
    return ms;
  };
  const db = booted.database.db;
  await time("cached GET /review/queue (version read)", () => app.inject({ url: "/api/review/queue", headers }));
  await time("the version read alone", () => learnerVersion(db, user));
  await time("uncached GET /review/queue (a goal change between)", (i) =>
    app
      .inject({ method: "PATCH", url: "/api/review/settings", headers, payload: { dailyGoal: 10 + (i & 1) } })
      .then(() => app.inject({ url: "/api/review/queue", headers })),
  );
  await app.close();
  await booted.close();
}
