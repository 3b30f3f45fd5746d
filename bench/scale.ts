// The scale benchmark (issue 31.6): many learners and their whole histories in the database, then the learner calls at
// 50 connections, each request as a random learner, against the real app (one instance, and two on two ports with the
// connections split): POST of single review events, GET /review/queue, GET /review/session, GET /words; table and
// index bytes per learner; and PostgreSQL's own floor, the route's insert statement of one event from a bare pg pool
// at the same concurrency.
//
// The load: learners, their devices, events, cards, days and fold cursors made in this process and streamed into
// PostgreSQL with COPY (psql's \copy from CSV files: pg-copy-streams is not a dependency). The cards are the fold's
// result computed here (core's applyEvent on each word's events in time order, the route's rowOf), not the route's
// fold run per learner: the same rows, in seconds instead of a transaction per learner. Every event is folded (the
// cursor is each learner's last id). On the embedded database (PGlite) the same rows go in as JSON batches through
// the app's own connection (no COPY from a client there), then the server opens the directory.
//
//   npm run scale -w bench -- [--backend postgres|pglite] [--learners 10000] [--events 2000000] [--seconds 10]
//                             [--connections 50] [--instances 1,2]
// PostgreSQL: a database of its own on BENCH_DATABASE_URL's server (default the tests' server), dropped at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dayKey, type Outcome } from "@ivrit/core/review";
import { createRng } from "@ivrit/core/rng";
import { applyEvent, type CardState, newCard } from "@ivrit/core/srs";
import autocannon from "autocannon";
import pg from "pg";
import { freshPg, procCpuMs, spawnServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "postgres" },
    learners: { type: "string", default: "10000" },
    events: { type: "string", default: "2000000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    instances: { type: "string", default: "1,2" },
    serve: { type: "boolean", default: false },
  },
});

const CONTENT_DIR = join(import.meta.dirname, "..", "content");
const DAY = 86_400_000;

// ---------------------------------------------------------------- the server (child process) ----------
async function serve() {
  const { buildApp } = await import("@ivrit/server/app");
  const { boot } = await import("@ivrit/server/boot");
  const { parseEnv } = await import("@ivrit/server/env");
  const env = parseEnv();
  const { database, cache, plans } = await boot({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    contentDir: env.CONTENT_DIR,
  });
  const app = await buildApp({ deps: { database, cache, plans }, env });
  await app.listen({ port: env.PORT, host: "127.0.0.1" });
  process.once("SIGTERM", () => {
    app.close().then(
      () => database.close().then(() => process.exit(0)),
      () => process.exit(1),
    );
  });
  console.log(JSON.stringify({ ready: true }));
}

// ---------------------------------------------------------------- the load ----------
type Learners = { ids: string[]; wordStart: Int32Array; wordCount: Int8Array; pool: number[] };

/**
 * Makes the learners' rows as CSV chunks for each table and hands them to `sink` (table, columns, lines). Events: per
 * learner, `events / learners` answers over the past 60 days on a few of the free words (at most 6 a word: no word
 * reaches a mark, MARK_EVERY = 64), mostly right; ids in each learner's time order.
 */
async function makeRows(
  n: number,
  total: number,
  pool: number[],
  sink: (table: string, columns: string, lines: string[]) => Promise<void>,
): Promise<Learners> {
  const rng = createRng(31);
  const perLearner = Math.max(1, Math.round(total / n));
  const learners: Learners = {
    ids: [],
    wordStart: new Int32Array(n),
    wordCount: new Int8Array(n),
    pool,
  };
  const now = Date.now();
  let nextId = 1;
  let users: string[] = [];
  let devices: string[] = [];
  let events: string[] = [];
  let cards: string[] = [];
  let days: string[] = [];
  let folds: string[] = [];
  const flush = async (force: boolean) => {
    if (!force && events.length < 100_000) return;
    await sink("users", "id", users);
    await sink("devices", "id, learner_id, platform", devices);
    await sink(
      "review_events",
      "id, user_id, client_event_id, word_id, at, game, outcome, exercise, received_at",
      events,
    );
    await sink(
      "review_cards",
      "user_id, word_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review, first_at, last_at, last_event_id, recall_days, last_recall_day, produced, last_miss_at",
      cards,
    );
    await sink("review_days", "user_id, day, answers", days);
    await sink("review_folds", "user_id, folded_id", folds);
    users = [];
    devices = [];
    events = [];
    cards = [];
    days = [];
    folds = [];
  };
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    learners.ids.push(id);
    const k = Math.min(40, Math.max(1, Math.ceil(perLearner / 6)), pool.length);
    const start = Math.floor(rng() * pool.length);
    learners.wordStart[i] = start;
    learners.wordCount[i] = k;
    users.push(id);
    devices.push(`${id},${id},web`);
    const perWord = new Map<number, { card: CardState; first: Date; lastAt: Date; lastId: string }>();
    const perDay = new Map<string, number>();
    for (let j = 0; j < perLearner; j++) {
      const at = new Date(now - 60 * DAY + Math.floor(((j + rng() * 0.5) * 60 * DAY) / perLearner));
      const wordId = pool[(start + (j % k)) % pool.length] as number;
      const r = rng();
      const outcome: Outcome = r < 0.12 ? "wrong" : r < 0.9 ? "right" : "right_fast";
      const cid = `seed-${j}`;
      const eid = nextId++;
      events.push(`${eid},${id},${cid},${wordId},${at.toISOString()},review,${outcome},meaning,${at.toISOString()}`);
      const w = perWord.get(wordId);
      const card = applyEvent(w?.card ?? newCard(at), { at, outcome, mode: "choice" }, "UTC");
      perWord.set(wordId, { card, first: w?.first ?? at, lastAt: at, lastId: cid });
      const day = dayKey(at, "UTC");
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    for (const [wordId, w] of perWord) {
      const c = w.card;
      cards.push(
        [
          id,
          wordId,
          iso(c.due),
          c.stability,
          c.difficulty,
          c.scheduledDays,
          c.learningSteps,
          c.reps,
          c.lapses,
          c.state,
          iso(c.lastReview),
          iso(w.first),
          iso(w.lastAt),
          w.lastId,
          c.recallDays,
          c.lastRecallDay ?? "",
          c.produced,
          iso(c.lastMissAt),
        ].join(","),
      );
    }
    for (const [day, count] of perDay) days.push(`${id},${day},${count}`);
    folds.push(`${id},${nextId - 1}`);
    await flush(false);
  }
  await flush(true);
  return learners;
}

/**
 * COPY into PostgreSQL through psql's \copy: each table's rows go to a CSV file as they are made, then each file is
 * copied in the order of the foreign keys (users first), one transaction a table.
 */
function copier(url: string, dir: string) {
  const files = new Map<string, { columns: string; out: WriteStream }>();
  return {
    async write(table: string, columns: string, lines: string[]) {
      let f = files.get(table);
      if (!f) {
        f = { columns, out: createWriteStream(join(dir, `${table}.csv`)) };
        files.set(table, f);
      }
      if (lines.length === 0) return;
      const out = f.out;
      if (!out.write(`${lines.join("\n")}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
    },
    async end() {
      for (const f of files.values()) await new Promise<void>((r) => f.out.end(() => r()));
      for (const [table, f] of files) {
        const file = join(dir, `${table}.csv`);
        await new Promise<void>((resolve, reject) => {
          const child = spawn(
            "psql",
            [
              url,
              "-v",
              "ON_ERROR_STOP=1",
              "-q",
              "-c",
              `\\copy ${table} (${f.columns}) from '${file}' with (format csv)`,
            ],
            { stdio: ["ignore", "inherit", "inherit"] },
          );
          child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`psql \\copy ${table}: ${code}`))));
        });
      }
    },
  };
}

// ---------------------------------------------------------------- the driver ----------
/** A port nothing listens on now (other servers may run on this machine). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

type Row = { run: string; call: string; rps: number; p50: number; p99: number; cpu?: number; errors?: number };

async function driver() {
  const backend = values.backend as "postgres" | "pglite";
  const n = Number(values.learners);
  const total = Number(values.events);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const instanceCounts = values.instances.split(",").map(Number);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(" ");
  const notes: string[] = [`load average at the start: ${load()}`];
  const rows: Row[] = [];

  const db = backend === "postgres" ? await freshPg("ivrit_bench_scale") : null;
  if (backend === "postgres" && !db) return;
  const dataDir = backend === "pglite" ? mkdtempSync(join(tmpdir(), "ivrit-bench-scale-")) : "";
  const servers: ChildProcess[] = [];
  try {
    // Migrations and the content, as a start does them; then the words a free learner answers.
    const { boot } = await import("@ivrit/server/boot");
    const { sql } = await import("drizzle-orm");
    const booted = await boot({ databaseUrl: db?.url, dataDir, contentDir: CONTENT_DIR });
    const snap = booted.cache.current;
    const pool = snap.words
      .filter((w) => w.tier === 1 && !snap.moduleById.get(w.moduleId)?.isBeginner)
      .map((w) => w.id);
    const started = performance.now();
    let learners: Learners;
    if (db) {
      await booted.database.close();
      const csv = mkdtempSync(join(tmpdir(), "ivrit-bench-scale-csv-"));
      try {
        const copy = copier(db.url, csv);
        learners = await makeRows(n, total, pool, (t, c, l) => copy.write(t, c, l));
        notes.push(`rows made and written as CSV in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await copy.end();
      } finally {
        rmSync(csv, { recursive: true, force: true });
      }
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query("select setval('review_events_id_seq', (select max(id) from review_events))");
      await c.query("vacuum analyze");
      await c.end();
    } else {
      // PGlite: JSON batches of each table's rows through the app's own connection.
      const d = booted.database.db;
      learners = await makeRows(n, total, pool, async (table, columns, lines) => {
        if (lines.length === 0) return;
        const cols = columns.split(", ");
        for (let i = 0; i < lines.length; i += 20_000) {
          const json = JSON.stringify(
            lines.slice(i, i + 20_000).map((l) => {
              const v = l.split(",");
              return Object.fromEntries(cols.map((c, k) => [c, v[k] === "" ? null : v[k]]));
            }),
          );
          await d.execute(sql`
            insert into ${sql.raw(table)} (${sql.raw(columns)})
            select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`);
        }
      });
      await d.execute(sql`select setval('review_events_id_seq', (select max(id) from review_events))`);
      await d.execute(sql`vacuum analyze`);
      await booted.database.close();
    }
    const loadS = (performance.now() - started) / 1000;
    notes.push(
      `loaded ${n} learners, ${Math.round(total / n) * n} events (${Math.round(total / n)} each), their cards, days and cursors in ${loadS.toFixed(1)} s (${backend === "postgres" ? "COPY" : "JSON batches"}, indexes in place); load average ${load()}`,
    );

    // Bytes per learner: tables and indexes, every partition counted.
    const sizes = async () => {
      const q = `
        select t,
          (select sum(pg_table_size(x)) from (select relid as x from pg_partition_tree(t::regclass)
                                              union select t::regclass) s)::float8 as tb,
          (select sum(pg_indexes_size(x)) from (select relid as x from pg_partition_tree(t::regclass)
                                                union select t::regclass) s)::float8 as ib
        from unnest(array['review_events', 'review_events_archive', 'review_cards', 'review_days', 'review_folds',
                          'users', 'devices']) t`;
      if (db) {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        const r = (await c.query<{ t: string; tb: number; ib: number }>(q)).rows;
        await c.end();
        return r;
      }
      return [];
    };
    const sizeRows = await sizes();

    const env = {
      CONTENT_DIR,
      ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir }),
      IDLE_LEARNER_DAYS: "0",
      EVENT_ARCHIVE_DAYS: "0",
    };
    const rng = createRng(7);
    const pick = () => Math.floor(rng() * n);
    let seq = 0;
    const headersOf = (i: number) => ({
      "x-anonymous-id": learners.ids[i] as string,
      "content-type": "application/json",
    });
    const eventBody = (i: number) => {
      const k = learners.wordCount[i] as number;
      const wordId = learners.pool[((learners.wordStart[i] as number) + (seq % k)) % learners.pool.length];
      seq++;
      return JSON.stringify({
        events: [
          {
            id: `b-${seq}`,
            wordId,
            at: new Date().toISOString(),
            game: "translation_match",
            outcome: seq % 5 ? "right" : "wrong",
          },
        ],
      });
    };
    const module = snap.modules.find((m) => m.tier === 1 && !m.isBeginner)?.id ?? 1;
    const calls: { name: string; method: "GET" | "POST"; path: string }[] = [
      { name: "POST /api/review/events (1 event)", method: "POST", path: "/api/review/events" },
      { name: "GET /api/review/queue", method: "GET", path: "/api/review/queue" },
      { name: "GET /api/review/session", method: "GET", path: "/api/review/session" },
      { name: `GET /api/words?moduleId=${module}`, method: "GET", path: `/api/words?moduleId=${module}` },
    ];
    const run = async (ports: number[], call: (typeof calls)[number], duration: number) => {
      const results = await Promise.all(
        ports.map((port) =>
          autocannon({
            url: `http://127.0.0.1:${port}`,
            connections: Math.round(connections / ports.length),
            duration,
            requests: [
              {
                method: call.method,
                path: call.path,
                setupRequest: (req: autocannon.Request) => {
                  const i = pick();
                  return {
                    ...req,
                    headers: headersOf(i),
                    ...(call.method === "POST" && { body: eventBody(i) }),
                  };
                },
              },
            ],
          }),
        ),
      );
      // A request unanswered in autocannon's 10 s is counted (errors: timeouts), not fatal; an error status is.
      for (const r of results) if (r.non2xx) throw new Error(`${call.path}: ${r.non2xx} non-2xx`);
      return {
        rps: results.reduce((s, r) => s + r.requests.average, 0),
        p50: Math.max(...results.map((r) => r.latency.p50)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        errors: results.reduce((s, r) => s + r.errors, 0),
      };
    };

    for (const count of instanceCounts) {
      if (backend === "pglite" && count > 1) continue; // one process owns a PGlite directory
      const ports: number[] = [];
      for (let k = 0; k < count; k++) ports.push(await freePort());
      const started = await Promise.all(
        ports.map((port) =>
          spawnServer<{ ready: boolean }>(["--import", "tsx", import.meta.filename, "--serve"], {
            ...env,
            PORT: String(port),
          }),
        ),
      );
      servers.push(...started.map((s) => s.child));
      for (const call of calls) await run(ports, call, 2); // warm-up: code, plans, caches of some learners
      // The servers' own CPU time a request (user + system): a per-request cost that holds on a shared machine.
      const cpu = () => started.reduce((sum, x) => sum + procCpuMs(x.child.pid as number), 0);
      for (const call of calls) {
        const c0 = cpu();
        const r = await run(ports, call, seconds);
        rows.push({
          run: `${backend}, ${n} learners, ${count} instance${count > 1 ? "s" : ""}`,
          call: call.name,
          ...r,
          cpu: (cpu() - c0) / (r.rps * seconds),
        });
      }
      notes.push(`after ${count} instance(s): load average ${load()}`);
      for (const s of started) {
        s.child.kill("SIGTERM");
        await new Promise((r) => s.child.once("exit", r));
      }
      servers.length = 0;
    }

    if (db) {
      // PostgreSQL's floor: the route's insert statement (insertEvents: the learner's lock, the archive probe, the
      // insert), one event, random learners, from a bare pg pool at the same concurrency.
      const p = new pg.Pool({ connectionString: db.url, max: connections });
      const text = `
        with l as (select pg_advisory_xact_lock(hashtext($1))),
             i as (insert into review_events (user_id, client_event_id, word_id, at, game, outcome, exercise)
                   select $2::uuid, $3, $4, now(), 'translation_match', 'right', null from l
                   where not exists (select 1 from review_events_archive a where a.user_id = $2::uuid and a.client_event_id = $3)
                   on conflict do nothing returning client_event_id)
        select count(*) from i`;
      const plain = `
        insert into review_events (user_id, client_event_id, word_id, at, game, outcome)
        values ($1::uuid, $2, $3, now(), 'translation_match', 'right')`;
      let k = 0;
      const floor = async (name: string, one: (id: string, word: number) => Promise<unknown>) => {
        const lat: number[] = [];
        const until = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: connections }, async () => {
            while (performance.now() < until) {
              const i = pick();
              const t0 = performance.now();
              await one(learners.ids[i] as string, learners.pool[learners.wordStart[i] as number] as number);
              lat.push(performance.now() - t0);
            }
          }),
        );
        lat.sort((a, b) => a - b);
        rows.push({
          run: `postgres, ${n} learners, bare pg pool`,
          call: name,
          rps: lat.length / seconds,
          p50: Math.round(lat[Math.floor(lat.length * 0.5)] as number),
          p99: Math.round(lat[Math.floor(lat.length * 0.99)] as number),
        });
      };
      await floor("INSERT of 1 event (the route's statement)", (id, w) => p.query(text, [id, id, `floor-${k++}`, w]));
      await floor("INSERT of 1 event (a bare insert: no lock, no archive probe)", (id, w) =>
        p.query(plain, [id, `plain-${k++}`, w]),
      );
      await p.end();
      notes.push(`after the floor: load average ${load()}`);
    }

    console.log(`\n${connections} connections, ${seconds} s a call, each request as a random learner (loopback)\n`);
    console.log(
      "| run | call | req/s | p50 ms | p99 ms | server CPU ms/req | timeouts |\n|---|---|---:|---:|---:|---:|---:|",
    );
    for (const r of rows)
      console.log(
        `| ${r.run} | ${r.call} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.cpu === undefined ? "" : r.cpu.toFixed(2)} | ${r.errors ?? ""} |`,
      );
    if (sizeRows.length) {
      console.log("\n| table | table bytes / learner | index bytes / learner |\n|---|---:|---:|");
      for (const s of sizeRows)
        console.log(`| ${s.t} | ${Math.round((s.tb ?? 0) / n)} | ${Math.round((s.ib ?? 0) / n)} |`);
      const sum = sizeRows.reduce((a, s) => a + (s.tb ?? 0) + (s.ib ?? 0), 0);
      console.log(`| all | ${Math.round(sum / n)} (tables and indexes) | |`);
    }
    console.log("");
    for (const line of notes) console.log(line);
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.serve) await serve();
else await driver();
