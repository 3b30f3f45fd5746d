// How to partition review_events (issue 31.5, decision 0110): the same events in three layouts, one table, 16 parts by
// hash of the learner, and one part per month of `at`, and the real queries timed on each: a new event's insert, the
// fold's read after the cursor, a word's history (a late event's replay), a learner's whole history (the FSRS fit),
// plus the bytes. Run on its own PostgreSQL database, dropped at the end.
//
//   npm run partitions -w bench [-- --learners 10000 --events 1500000 --samples 2000]
import { parseArgs } from "node:util";
import pg from "pg";
import { freshPg } from "./support.ts";

const { values } = parseArgs({
  options: {
    learners: { type: "string", default: "10000" },
    events: { type: "string", default: "1500000" },
    samples: { type: "string", default: "2000" },
  },
});
const LEARNERS = Number(values.learners);
const EVENTS = Number(values.events);
const SAMPLES = Number(values.samples);
const MONTHS = 12;

const cols = `id bigint not null, user_id uuid not null, client_event_id text not null, word_id int not null,
  at timestamptz not null, game text not null, outcome text not null, exercise text,
  received_at timestamptz not null default now()`;
const LAYOUTS: Record<string, string[]> = {
  plain: [
    `create table ev_plain (${cols}, primary key (user_id, id))`,
    "create unique index on ev_plain (user_id, client_event_id)",
    "create index on ev_plain (user_id, word_id, at)",
  ],
  hash16: [
    `create table ev_hash16 (${cols}, primary key (user_id, id)) partition by hash (user_id)`,
    ...Array.from(
      { length: 16 },
      (_, r) => `create table ev_hash16_${r} partition of ev_hash16 for values with (modulus 16, remainder ${r})`,
    ),
    "create unique index on ev_hash16 (user_id, client_event_id)",
    "create index on ev_hash16 (user_id, word_id, at)",
  ],
  // By month the keys must hold `at`: a client id can no longer be unique per learner across months.
  month: [
    `create table ev_month (${cols}, primary key (user_id, id, at)) partition by range (at)`,
    ...Array.from({ length: MONTHS + 1 }, (_, m) => {
      const from = `date_trunc('month', now()) - interval '${MONTHS - m} months'`;
      const to = `date_trunc('month', now()) - interval '${MONTHS - m - 1} months'`;
      return `do $$ begin execute format('create table ev_month_${m} partition of ev_month for values from (%L) to (%L)', ${from}, ${to}); end $$`;
    }),
    "create unique index on ev_month (user_id, client_event_id, at)",
    "create index on ev_month (user_id, word_id, at)",
  ],
};

type Stat = { meanUs: number; p99Us: number };
async function time(pool: pg.Pool, n: number, q: (i: number) => [string, unknown[]]): Promise<Stat> {
  const us: number[] = [];
  for (let i = 0; i < n; i++) {
    const [text, params] = q(i);
    const t0 = performance.now();
    await pool.query(text, params);
    us.push((performance.now() - t0) * 1000);
  }
  us.sort((a, b) => a - b);
  return { meanUs: us.reduce((a, b) => a + b, 0) / n, p99Us: us[Math.floor(n * 0.99)] as number };
}

const db = await freshPg("ivrit_bench_partitions");
if (!db) process.exit(0);
const pool = new pg.Pool({ connectionString: db.url, max: 1 });
const rows: Record<string, string | number>[] = [];
try {
  await pool.query(
    `create table learners as select gen_random_uuid() as id, g as n from generate_series(1, ${LEARNERS}) g`,
  );
  const ids = (await pool.query<{ id: string }>("select id from learners order by n")).rows.map((r) => r.id);
  const perLearner = Math.floor(EVENTS / LEARNERS);
  for (const [name, ddl] of Object.entries(LAYOUTS)) {
    for (const s of ddl) await pool.query(s);
    const t0 = performance.now();
    // Events in the order stored (the id), spread over the past MONTHS months, 40 words a learner.
    await pool.query(`
      insert into ev_${name} (id, user_id, client_event_id, word_id, at, game, outcome)
      select (k - 1) * ${LEARNERS} + l.n, l.id, 'e' || k, 1000 + (k * 7 + l.n) % 40,
             now() - interval '${MONTHS} months' + (k::float8 / ${perLearner}) * interval '${MONTHS} months' * 0.98,
             'review', case when k % 7 = 0 then 'wrong' else 'right' end
      from generate_series(1, ${perLearner}) k cross join learners l`);
    await pool.query(`vacuum analyze ev_${name}`);
    const loadMs = performance.now() - t0;
    const pick = (i: number) => ids[(i * 7919) % ids.length] as string;
    let next = perLearner * LEARNERS + 1;
    const insert = await time(pool, SAMPLES, (i) => [
      `insert into ev_${name} (id, user_id, client_event_id, word_id, at, game, outcome)
       values ($1, $2, $3, $4, now(), 'review', 'right') on conflict do nothing`,
      [next++, pick(i), `new-${i}`, 1000 + (i % 40)],
    ]);
    const foldRead = await time(pool, SAMPLES, (i) => [
      `select * from ev_${name} where user_id = $1 and id > $2 order by id limit 250`,
      [pick(i), (perLearner - 5) * LEARNERS],
    ]);
    const word = await time(pool, SAMPLES, (i) => [
      `select * from ev_${name} where user_id = $1 and word_id = $2 order by at`,
      [pick(i + 1), 1000 + (i % 40)],
    ]);
    const fit = await time(pool, Math.min(SAMPLES, 500), (i) => [
      `select json_agg(e) from ev_${name} e where user_id = $1`,
      [pick(i + 2)],
    ]);
    const [size] = (
      await pool.query<{ bytes: string }>(`
        select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as bytes from pg_class c
        where c.relname = 'ev_${name}' or c.oid in (select inhrelid from pg_inherits where inhparent = 'ev_${name}'::regclass)`)
    ).rows;
    const f = (s: Stat) => `${s.meanUs.toFixed(0)} / ${s.p99Us.toFixed(0)}`;
    rows.push({
      layout: name,
      "load s": (loadMs / 1000).toFixed(1),
      "insert µs mean / p99": f(insert),
      "fold read": f(foldRead),
      "word history": f(word),
      "whole history (fit)": f(fit),
      MB: (Number(size?.bytes) / 1e6).toFixed(0),
    });
    await pool.query(`drop table ev_${name}`);
  }
} finally {
  await pool.end();
  await db.drop();
}
console.log(`\n${LEARNERS} learners, ${EVENTS} events, ${SAMPLES} samples a query, one connection, PostgreSQL`);
console.log(`| ${Object.keys(rows[0] ?? {}).join(" | ")} |`);
console.log(
  `|${Object.keys(rows[0] ?? {})
    .map(() => "---")
    .join("|")}|`,
);
for (const r of rows) console.log(`| ${Object.values(r).join(" | ")} |`);
