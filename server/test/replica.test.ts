// A read replica for the content (issue 31.4, decision 0088), against a streaming replica this test starts: a
// pg_basebackup of the machine's PostgreSQL, run as a hot standby on a port of its own. The content snapshot is read
// from the replica; while the replica lags behind a content load, from the primary; a learner's own data is read and
// written on the primary, so an answer is in the next read whatever the replica shows.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncContent } from "../src/content/sync.ts";
import { as, FIXTURE_CONTENT, newUser, startApp, type TestApp } from "./helpers.ts";
import { freePort } from "./process.ts";

const BIN = "/usr/lib/postgresql/15/bin";
const canRun = !!process.env.TEST_DATABASE_URL && process.getuid?.() === 0 && existsSync(join(BIN, "postgres"));

const query = async <R>(url: string, text: string): Promise<R[]> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as R[];
  } finally {
    await c.end();
  }
};

/** Lets replication connections from 127.0.0.1 in (trust, as the machine's other connections), once. */
async function allowReplication(admin: string) {
  const [row] = await query<{ hba_file: string }>(admin, "show hba_file");
  const hba = row?.hba_file as string;
  if (!/^host\s+replication\s+all\s+127\.0\.0\.1\/32\s+trust/m.test(readFileSync(hba, "utf8"))) {
    appendFileSync(
      hba,
      "\n# ivrit tests: a streaming replica (server/test/replica.test.ts)\nhost replication all 127.0.0.1/32 trust\n",
    );
    await query(admin, "select pg_reload_conf()");
  }
}

/** A hot standby of the machine's PostgreSQL on a free port. */
async function startReplica(admin: string) {
  await allowReplication(admin);
  const dir = mkdtempSync(join(tmpdir(), "ivrit-replica-"));
  chmodSync(dir, 0o700);
  spawnSync("chown", ["postgres:postgres", dir]);
  const primary = new URL(admin);
  const backup = spawnSync(
    "runuser",
    [
      "-u",
      "postgres",
      "--",
      join(BIN, "pg_basebackup"),
      "-h",
      primary.hostname,
      "-p",
      primary.port || "5432",
      "-U",
      primary.username || "postgres",
      "-D",
      dir,
      "-X",
      "stream",
      "-R",
    ],
    { encoding: "utf8" },
  );
  if (backup.status !== 0) throw new Error(`pg_basebackup failed: ${backup.stderr}`);
  writeFileSync(join(dir, "postgresql.conf"), "hot_standby = on\n");
  writeFileSync(join(dir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  writeFileSync(join(dir, "pg_ident.conf"), "");
  spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const port = await freePort();
  const server: ChildProcess = spawn(
    "runuser",
    [
      "-u",
      "postgres",
      "--",
      join(BIN, "postgres"),
      "-D",
      dir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      `config_file=${join(dir, "postgresql.conf")}`,
      "-c",
      `hba_file=${join(dir, "pg_hba.conf")}`,
      "-c",
      `ident_file=${join(dir, "pg_ident.conf")}`,
    ],
    { stdio: "ignore" },
  );
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  for (let i = 0; ; i++) {
    const up = await query<{ r: boolean }>(url("postgres"), "select pg_is_in_recovery() as r").catch(() => null);
    if (up?.[0]?.r === true) break;
    if (i > 300) throw new Error("the replica did not start in 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => server.once("exit", r));
      spawnSync("runuser", ["-u", "postgres", "--", join(BIN, "pg_ctl"), "stop", "-D", dir, "-m", "fast", "-w"]);
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.runIf(canRun)("content from a streaming replica", () => {
  let primary: TestApp;
  let replica: Awaited<ReturnType<typeof startReplica>>;
  let dbName: string;
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    primary = await startApp("postgres");
    dbName = new URL(primary.databaseUrl as string).pathname.slice(1);
    replica = await startReplica(process.env.TEST_DATABASE_DIRECT_URL ?? (process.env.TEST_DATABASE_URL as string));
  }, 120_000);
  afterAll(async () => {
    for (const a of apps) await a.close();
    await replica?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await primary?.close();
  });

  const readingFromReplica = async (contentDir?: string) => {
    const app = await startApp("postgres", contentDir ? { CONTENT_DIR: contentDir } : {}, {
      sharing: primary,
      readUrl: replica.url(dbName),
    });
    apps.push(app);
    return app;
  };
  const tupReturned = async () =>
    Number(
      (
        await query<{ n: string }>(
          replica.url("postgres"),
          `select tup_returned as n from pg_stat_database where datname = '${dbName}'`,
        )
      )[0]?.n,
    );
  const word = async (app: TestApp) =>
    (await app.app.inject({ url: "/api/words?moduleId=1&language=en", headers: as(newUser()) })).json().items[0]
      .translation as string;

  it("reads the content from the replica once it has the primary's", async () => {
    // The replica has the content loaded before the backup: a new app reads its snapshot there.
    const before = await tupReturned();
    const app = await readingFromReplica();
    expect(await tupReturned()).toBeGreaterThan(before + 10);
    expect(await word(app)).toBe(await word(primary));
  });

  it("reads from the primary while the replica lags behind a content load; the learner's data is the primary's", async () => {
    await query(replica.url("postgres"), "select pg_wal_replay_pause()");
    try {
      // New content on the primary (one word's English changed), which the paused replica does not have.
      const dir = mkdtempSync(join(tmpdir(), "ivrit-content-"));
      dirs.push(dir);
      cpSync(FIXTURE_CONTENT, dir, { recursive: true });
      const file = join(dir, "modules", "01-home.json");
      const m = JSON.parse(readFileSync(file, "utf8"));
      m.words[0].tr.en = `${m.words[0].tr.en} (v2)`;
      writeFileSync(file, JSON.stringify(m, null, 2));
      await syncContent(primary.database, { dir });
      const app = await readingFromReplica(dir);
      expect(await word(app)).toMatch(/\(v2\)$/);
      // An answer through this app is in its very next read: the learner's data never comes from the replica.
      const user = newUser();
      const posted = await app.app.inject({
        method: "POST",
        url: "/api/review/events",
        headers: as(user),
        payload: {
          events: [
            {
              id: "r1",
              wordId: 1001,
              at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
              game: "review",
              outcome: "right",
            },
          ],
        },
      });
      expect(posted.json().stored).toBe(1);
      expect((await app.app.inject({ url: "/api/review/queue", headers: as(user) })).json().due).toBe(1);
    } finally {
      await query(replica.url("postgres"), "select pg_wal_replay_resume()");
    }
  });
});
