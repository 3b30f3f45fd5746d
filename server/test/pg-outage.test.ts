// PostgreSQL going away under a review-heavy load never takes the server down (issue 25.8): stopped with -m fast
// (a cluster the test creates and runs itself with the machine's pg_ctl) or every backend terminated (on the shared
// test server), the process answers 503 meanwhile, never resets a request, and serves again by itself.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURE_CONTENT, freshPostgres, newUser } from "./helpers.ts";
import { freePort, reviewLoad, type ServerProcess, startServer, startsTimeout } from "./process.ts";

/** The newest PostgreSQL server programs on the machine (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((d) => existsSync(join(root, d, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], "bin") : null;
}

/** initdb refuses to run as root: the cluster then belongs to the `postgres` user, whose commands go through runuser. */
function clusterUser(): { uid: number; gid: number; prefix: string[] } | null {
  if (process.getuid?.() !== 0) return { uid: -1, gid: -1, prefix: [] };
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [u, g] = [id("-u"), id("-g")];
  if (u.status !== 0 || g.status !== 0) return null;
  return { uid: Number(u.stdout), gid: Number(g.stdout), prefix: ["runuser", "-u", "postgres", "--"] };
}

const bin = postgresBin();
const user = clusterUser();

/** A PostgreSQL cluster of the test's own, in a temporary directory, on its own port. */
async function ownCluster() {
  if (!bin || !user) throw new Error("no PostgreSQL server programs");
  const dir = mkdtempSync(join(tmpdir(), "ivrit-pg-"));
  if (user.uid >= 0) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const run = (program: string, ...args: string[]) => {
    const [cmd, ...rest] = [...user.prefix, join(bin, program), ...args];
    const r = spawnSync(cmd as string, rest, { encoding: "utf8", cwd: dir });
    if (r.status !== 0) throw new Error(`${program} ${args.join(" ")}: ${r.stderr || r.stdout}`);
  };
  run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync");
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgctl = (...args: string[]) => run("pg_ctl", "-D", data, "-l", join(dir, "log"), "-o", options, ...args);
  pgctl("-w", "start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopFast: () => pgctl("-w", "-m", "fast", "stop"),
    start: () => pgctl("-w", "start"),
    restartFast: () => pgctl("-w", "-m", "fast", "restart"),
    remove: () => {
      try {
        pgctl("-w", "-m", "immediate", "stop");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls health until it answers 200 (the server recovered by itself), or fails after `ms`. */
async function recovered(server: ServerProcess, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await fetch(`${server.url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`health still ${status} after ${ms} ms`);
    await sleep(200);
  }
}

/** The load's statuses besides 200, and what the server process said at error level. */
function checkOutage(server: ServerProcess, load: ReturnType<typeof reviewLoad>) {
  expect(server.child.exitCode).toBeNull(); // still running
  expect(load.failures).toEqual([]); // every request answered
  expect([...load.statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
  expect(load.statuses.get(503)).toBeGreaterThan(0);
}

describe.skipIf(!bin || !user)(
  "PostgreSQL stopped or restarted with -m fast under load (a cluster of the test's own)",
  () => {
    it("the server answers 503 meanwhile, is never taken down, and serves again once PostgreSQL is back", {
      timeout: startsTimeout(1, 120_000),
    }, async () => {
      const cluster = await ownCluster();
      let server: ServerProcess | undefined;
      try {
        server = await startServer({ DATABASE_URL: cluster.url, CONTENT_DIR: FIXTURE_CONTENT });
        const learners = Array.from({ length: 8 }, newUser);
        const load = reviewLoad(server.url, learners);
        await sleep(1000);
        // Stopped for a while, then restarted at once.
        cluster.stopFast();
        await sleep(1500);
        cluster.start();
        await recovered(server);
        await sleep(500);
        cluster.restartFast();
        await recovered(server);
        await sleep(500);
        await load.stop();
        checkOutage(server, load);
        // Every write acknowledged, before, between or after the outages, is there.
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ id: string }>("select client_event_id as id from review_events");
          const stored = new Set(rows.map((r) => r.id));
          const lost = [...load.acknowledged.values()].flat().filter((id) => !stored.has(id));
          expect(lost).toEqual([]);
        } finally {
          await client.end();
        }
      } finally {
        if (server?.child.exitCode !== null) console.error(server?.output());
        await server?.stop();
        cluster.remove();
      }
    });
  },
);
if (!bin || !user) console.log("pg-outage: skipped the pg_ctl test: no PostgreSQL server programs on this machine");

describe.skipIf(!process.env.TEST_DATABASE_URL)("every backend terminated under load (shared test server)", () => {
  const databases: { drop: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const d of databases) await d.drop();
  });

  it("never takes the server down; requests meanwhile get 503 or succeed", {
    timeout: startsTimeout(1, 120_000),
  }, async () => {
    const db = await freshPostgres();
    databases.push(db);
    const server = await startServer({ DATABASE_URL: db.url, CONTENT_DIR: FIXTURE_CONTENT });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(db.url).pathname.slice(1);
    try {
      const load = reviewLoad(server.url, Array.from({ length: 8 }, newUser));
      await sleep(1000);
      let terminated = 0;
      for (let i = 0; i < 8; i++) {
        const { rows } = await admin.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        terminated += rows[0]?.n ?? 0;
        await sleep(250);
      }
      await recovered(server);
      await sleep(300);
      await load.stop();
      expect(terminated).toBeGreaterThan(8);
      expect(server.child.exitCode).toBeNull();
      expect(load.failures).toEqual([]);
      expect([...load.statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      const res = await fetch(`${server.url}/api/review/queue`, { headers: { "x-anonymous-id": newUser() } });
      expect(res.status).toBe(200);
    } finally {
      await admin.end();
      if (server.child.exitCode !== null) console.error(server.output());
      await server.stop();
    }
  });
});
