// Learning-memory benchmark (issue 10): POST /api/review/events, every event a new one, 1 a request (what the web
// client sends while a learner plays: answers buffered 1.5 s) and 10 (a game's answers sent at once from the
// offline queue), and GET /api/review/queue, for one learner with 3,000 cards and 50,000 events, at 50
// connections, each against a route that sends the same bytes from memory through the same plugins in the same server, on PGlite
// and on PostgreSQL. Also the scheduler's own cost per event. The content is the real one plus two renumbered
// copies of its themed modules (the real content has about 1,100 words; 3,000 cards need 3,000 words).
//
//   npm run review -w bench [-- --seconds 5 --connections 50 --batch 1,10 --backends pglite,postgres]
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Outcome } from "@ivrit/core/review";
import { createRng } from "@ivrit/core/rng";
import { applyEvent, newCard, replay } from "@ivrit/core/srs";
import type { Db } from "@ivrit/server/db/client";
import type { StoredEvent } from "@ivrit/server/review/events";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { benchContent, freshPg, spawnServer } from "./support.ts";

const CARDS = 3_000;
const EVENTS = 50_000;

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    batch: { type: "string", default: "1,10" },
    backends: { type: "string", default: "pglite,postgres" },
    serve: { type: "boolean", default: false },
  },
});

// ---------------------------------------------------------------- the server (child process) ----------
async function serve() {
  const { buildApp } = await import("@ivrit/server/app");
  const { boot } = await import("@ivrit/server/boot");
  const { parseEnv } = await import("@ivrit/server/env");
  const t = await import("@ivrit/server/db/schema");
  const { foldPending } = await import("@ivrit/server/review/fold");
  const env = parseEnv();
  const user = process.env.BENCH_USER as string;
  const { database, cache, plans } = await boot({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    contentDir: env.CONTENT_DIR,
  });
  const db = database.db;
  await plans.grant(user, "pro", null);

  // 3,000 words, 50,000 events spread over the past year in time order per word, mostly right.
  const started = performance.now();
  const words = cache.current.words.filter((w) => !cache.current.moduleById.get(w.moduleId)?.isBeginner);
  if (words.length < CARDS) throw new Error(`only ${words.length} words in the bench content`);
  const chosen = words.slice(0, CARDS).map((w) => w.id);
  const rng = createRng(42);
  const now = Date.now();
  const rows: (typeof t.reviewEvents.$inferInsert)[] = [];
  chosen.forEach((wordId, i) => {
    const n = Math.floor(EVENTS / CARDS) + (i < EVENTS % CARDS ? 1 : 0);
    let at = now - 365 * 86_400_000 + Math.floor(rng() * 30 * 86_400_000);
    for (let k = 0; k < n; k++) {
      const r = rng();
      const outcome: Outcome = r < 0.1 ? "wrong" : r < 0.15 ? "right_after_mistake" : r < 0.9 ? "right" : "right_fast";
      rows.push({
        userId: user,
        clientEventId: `seed-${wordId}-${k}`,
        wordId,
        at: new Date(at),
        game: "review",
        outcome,
      });
      at += Math.floor((1 + rng() * 20) * 86_400_000 * (0.05 + k / n));
    }
  });
  for (let i = 0; i < rows.length; i += 2_000) await db.insert(t.reviewEvents).values(rows.slice(i, i + 2_000));
  // The cards as the route makes them: the learner's fold of every stored event.
  await foldPending(db, user);
  await database.flush();
  const seedMs = Math.round(performance.now() - started);
  const insertUs = await insertFloor(db, user);
  const foldUs = await foldFloor(db, randomUUID(), chosen);

  let queueBytes = "";
  const app = await buildApp({
    deps: { database, cache, plans },
    env,
    extraRoutes: (api) => {
      // The events answer built from the request's ids, as the real route answers a batch it stores.
      api.post("/bench/memory-events", async (req, reply) => {
        const events = (req.body as { events: { id: string }[] }).events;
        const body = JSON.stringify({
          stored: events.length,
          results: events.map((e) => ({ id: e.id, status: "stored" })),
        });
        return reply.type("application/json; charset=utf-8").send(body);
      });
      api.get("/bench/memory-queue", async (_req, reply) =>
        reply.type("application/json; charset=utf-8").send(queueBytes),
      );
    },
  });
  await app.ready();
  const headers = { "x-anonymous-id": user };
  const sample = await app.inject({ url: "/api/review/queue", headers });
  if (sample.statusCode !== 200) throw new Error(`queue: ${sample.statusCode} ${sample.body}`);
  queueBytes = sample.body;
  await app.listen({ port: env.PORT, host: "127.0.0.1" });
  process.once("SIGTERM", () => process.exit(0)); // an orderly exit writes --cpu-prof's profile
  const c = {
    events: await db.$count(t.reviewEvents, eq(t.reviewEvents.userId, user)),
    cards: await db.$count(t.reviewCards, eq(t.reviewCards.userId, user)),
  };
  console.log(
    JSON.stringify({ ready: true, seedMs, insertUs, foldUs, wordIds: chosen, queue: JSON.parse(queueBytes), ...c }),
  );
}

/**
 * The database's own floor for storing events: microseconds an event to insert batches of 500 new events into
 * review_events (the route's statement, insertEvents, with its lock; the real schema and indexes), each batch in a
 * transaction rolled back.
 * No card is read or written: what any design that keeps each event as a row pays at least.
 */
async function insertFloor(db: Db, user: string) {
  const { insertEvents } = await import("@ivrit/server/review/events");
  const batches = 20;
  let seq = 0;
  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const events = Array.from({ length: 500 }, (): StoredEvent => {
      seq++;
      return { id: `floor-${seq}`, wordId: seq % 3000, date: new Date(), game: "translation_match", outcome: "right" };
    });
    await db
      .transaction(async (tx) => {
        await insertEvents(tx, user, events);
        tx.rollback();
      })
      .catch(() => {}); // the rollback
  }
  return ((performance.now() - t0) * 1000) / (batches * 500);
}

/**
 * The fold's own cost: microseconds an event for the route's fold (foldPending) to apply a backlog of 2,000 new
 * events, one per word, onto a learner's existing cards (another learner than the bench's, who keeps their 50,000
 * events). Every event is folded once, in the background or before a read: a cost each event pays.
 */
async function foldFloor(db: Db, user: string, wordIds: number[]) {
  const [{ foldPending }, { insertEvents }] = await Promise.all([
    import("@ivrit/server/review/fold"),
    import("@ivrit/server/review/events"),
  ]);
  const t = await import("@ivrit/server/db/schema");
  await db.insert(t.users).values({ id: user });
  const round = async (k: number) => {
    const at = new Date(Date.now() - (3 - k) * 86_400_000);
    const events = wordIds
      .slice(0, 2_000)
      .map(
        (wordId): StoredEvent => ({ id: `fold-${k}-${wordId}`, wordId, date: at, game: "review", outcome: "right" }),
      );
    for (let i = 0; i < events.length; i += 500) await insertEvents(db, user, events.slice(i, i + 500));
    const t0 = performance.now();
    await foldPending(db, user);
    return ((performance.now() - t0) * 1000) / events.length;
  };
  await round(0); // the cards made
  return round(1); // and updated, as in the bench
}

// ---------------------------------------------------------------- the driver ----------
type Ready = {
  seedMs: number;
  insertUs: number;
  foldUs: number;
  wordIds: number[];
  queue: unknown;
  events: number;
  cards: number;
};

async function start(
  env: Record<string, string>,
  port: number,
  user: string,
): Promise<{ child: ChildProcess; ready: Ready }> {
  return spawnServer<Ready>(["--import", "tsx", import.meta.filename, "--serve"], {
    ...env,
    PORT: String(port),
    BENCH_USER: user,
  });
}

/** The scheduler alone: one answer applied to a card, and a word's whole history replayed. */
function schedulerCost() {
  const at0 = Date.parse("2026-01-01T00:00:00Z");
  const outcomes: Outcome[] = ["right", "right", "wrong", "right_after_mistake", "right_fast"];
  let card = newCard(new Date(at0));
  const n = 100_000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    card = applyEvent(
      card,
      { at: new Date(at0 + i * 3_600_000), outcome: outcomes[i % 5] as Outcome, mode: i % 2 ? "choice" : "typing" },
      "UTC",
    );
  const perEvent = ((performance.now() - t0) * 1000) / n;
  const history = Array.from({ length: 17 }, (_, i) => ({
    id: `e${i}`,
    at: new Date(at0 + i * 86_400_000),
    outcome: outcomes[i % 5] as Outcome,
    mode: "choice" as const,
  }));
  const m = 5_000;
  const t1 = performance.now();
  for (let i = 0; i < m; i++) replay(history, "UTC");
  const perReplay = ((performance.now() - t1) * 1000) / m;
  return { perEvent, perReplay };
}

async function driver() {
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const batches = values.batch.split(",").map(Number);
  if (batches.some((n) => !Number.isInteger(n) || n < 1 || n > 200))
    throw new Error("--batch: sizes 1-200, comma-separated");
  const cost = schedulerCost();
  const content = benchContent(3);
  const rows: { backend: string; route: string; rps: number; p50: number; p99: number }[] = [];
  const summary: string[] = [];
  try {
    for (const backend of (["pglite", "postgres"] as const).filter((b) => values.backends.split(",").includes(b))) {
      const user = randomUUID();
      const headers = { "x-anonymous-id": user, "x-user-id": user, "content-type": "application/json" };
      const dataDir = mkdtempSync(join(tmpdir(), "ivrit-bench-review-"));
      const db = backend === "postgres" ? await freshPg("ivrit_bench_review") : null;
      if (backend === "postgres" && !db) continue;
      const port = 3500 + rows.length;
      const { child, ready } = await start(
        { CONTENT_DIR: content, ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir }) },
        port,
        user,
      );
      try {
        const base = `http://127.0.0.1:${port}`;
        let seq = 0;
        const batch = (size: number) =>
          JSON.stringify({
            events: Array.from({ length: size }, () => {
              seq++;
              return {
                id: `b-${seq}`,
                wordId: ready.wordIds[(seq * 7919) % ready.wordIds.length],
                at: new Date().toISOString(),
                game: "translation_match",
                outcome: seq % 5 === 0 ? "wrong" : "right",
              };
            }),
          });
        // Same bytes: one batch to the real route, then the same batch to the memory route.
        const probe = batch(2);
        const real = await (await fetch(`${base}/api/review/events`, { method: "POST", headers, body: probe })).text();
        const mem = await (
          await fetch(`${base}/api/bench/memory-events`, { method: "POST", headers, body: probe })
        ).text();
        if (real !== mem) throw new Error(`memory events answer differs:\n${real}\n${mem}`);
        const q1 = await (await fetch(`${base}/api/review/queue`, { headers })).text();
        const q2 = await (await fetch(`${base}/api/bench/memory-queue`, { headers })).text();
        if (q1.length !== q2.length) throw new Error(`memory queue answer differs:\n${q1}\n${q2}`);

        const run = async (path: string, method: "GET" | "POST", size = 0, duration = seconds) => {
          const r = await autocannon({
            url: base,
            connections,
            duration,
            requests: [
              {
                method,
                path,
                headers,
                ...(method === "POST" && {
                  setupRequest: (req: autocannon.Request) => ({ ...req, body: batch(size) }),
                }),
              },
            ],
          });
          if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
        };
        await run("/api/review/events", "POST", batches[0], 1); // warm-up
        await run("/api/review/queue", "GET", 0, 1);
        for (const size of batches) {
          const ev = await run("/api/review/events", "POST", size);
          // Events are folded onto cards after they are acknowledged (decision 0066): the first read settles what
          // is left. Its time counts in the rate, and nothing of the route's runs on during the reference's.
          const t0 = performance.now();
          const settled = await fetch(`${base}/api/review/queue`, { headers });
          if (!settled.ok) throw new Error(`queue after the events: ${settled.status}`);
          const settleMs = performance.now() - t0;
          const sustained = (ev.rps * seconds) / (seconds + settleMs / 1000);
          const evm = await run("/api/bench/memory-events", "POST", size);
          rows.push(
            { backend, route: `POST /api/review/events (${size} new event${size === 1 ? "" : "s"})`, ...ev },
            { backend, route: "same bytes from memory", ...evm },
          );
          summary.push(
            `${backend}, ${size}-event requests: events ratio ${(sustained / evm.rps).toFixed(2)} p99 ${ev.p99} ms (${Math.round(sustained * size)} events/s, counting the ${Math.round(settleMs)} ms the next read took to fold what was left; goal: ratio >= 0.5, p99 < 50 ms)`,
            // The floor: a request of the memory route costs 1/rps of the process; a real one costs that plus at
            // least the database's insert and fold of its events (in the same process on PGlite, in PostgreSQL's
            // on the other core, which the load generator shares).
            `${backend}, ${size}-event requests: storing an event costs ${ready.insertUs.toFixed(1)} µs and folding it ${ready.foldUs.toFixed(1)} µs in the database alone (${((ready.insertUs + ready.foldUs) * size).toFixed(0)} µs a request; the memory route takes ${(1e6 / evm.rps).toFixed(0)} µs a request), so the events ratio cannot pass ${(1e6 / evm.rps / (1e6 / evm.rps + (ready.insertUs + ready.foldUs) * size)).toFixed(2)}${backend === "pglite" ? "" : " if the database shared the server's core"}`,
          );
        }
        const qu = await run("/api/review/queue", "GET");
        const qum = await run("/api/bench/memory-queue", "GET");
        rows.push(
          { backend, route: "GET /api/review/queue", ...qu },
          { backend, route: "same bytes from memory", ...qum },
        );
        summary.push(
          `${backend}: seeded ${ready.cards} cards / ${ready.events} events in ${ready.seedMs} ms; queue ratio ${(qu.rps / qum.rps).toFixed(2)} p99 ${qu.p99} ms (goal: ratio >= 0.5, p99 < 50 ms); queue ${JSON.stringify(ready.queue)}`,
        );
      } finally {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
        await db?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(content, { recursive: true, force: true });
  }
  console.log(`\n${connections} connections, ${seconds} s a route, loopback, one server process`);
  console.table(rows.map((r) => ({ ...r, rps: Math.round(r.rps) })));
  for (const line of summary) console.log(line);
  console.log(
    `scheduler: ${cost.perEvent.toFixed(1)} µs an event (ts-fsrs next), ${cost.perReplay.toFixed(0)} µs to replay a 17-event history`,
  );
}

if (values.serve) await serve();
else await driver();
