// createDb: the same Drizzle schema and migrations over embedded PGlite (default) or PostgreSQL (DATABASE_URL).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { PoolUse } from "../metrics.ts";
import { MIGRATIONS_DIR, PGLITE_INIT_SCRIPT } from "../paths.ts";
import { type BackupResult, writeBackup } from "./backup.ts";
import { storageFault } from "./faults.ts";
import { groupFlush } from "./group-flush.ts";
import { lockDataDir } from "./lock.ts";
import { SyncingNodeFS } from "./pglite-sync.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The rows of a raw `db.execute` result (node-postgres and PGlite answer both as `{ rows }`). */
export const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;
/** A raw statement's rows, typed by the caller: the one place where the driver's answer is cast. */
export const queryRows = async <R>(db: Db, query: SQL): Promise<R[]> => rowsOf<R>(await db.execute(query));
type DbKind = "pglite" | "postgres";
export type Database = {
  db: Db;
  /** Where content is read (modules, words, beginner data): a read replica when DATABASE_READ_URL is set, else db. */
  read: Db;
  kind: DbKind;
  /** Runs `fn` while holding a database-wide lock, so that concurrent starts migrate and load content once. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  /**
   * Subscribes to NOTIFY on `channel`. `onState(false)` says notifications may have been missed (connection
   * lost: the caller must stop trusting what it cached); `onState(true)` that they flow again.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL's pool use (the metrics); null on PGlite, one connection of its own. */
  poolUse(): PoolUse | null;
  /**
   * Makes committed writes durable before they are acknowledged: on PGlite the WAL syncs PostgreSQL asked for at
   * commit, shared by concurrent writes (decision 0070); PostgreSQL makes them itself at commit.
   */
  flush(): Promise<void>;
  /** The embedded database only: writes a backup of it to `file` while it serves (decision 0071). */
  backup?: (file: string) => Promise<BackupResult>;
  /** One round trip to the database: throws when it cannot answer (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * PGlite's defaults with PostgreSQL's memory settings sized for an embedded database of a few thousand rows
 * (far less resident memory than the defaults: decision 0005), and PostgreSQL's syncs on (decision 0070): PGlite turns
 * fsync off (`-F`); here PostgreSQL syncs as it would on a disk of its own, and SyncingNodeFS makes each of its syncs
 * reach the disk. `wal_sync_method=fsync`: PGlite's fdatasync is a no-op that no file system can see (it never
 * leaves Emscripten's syscall layer), while fsync goes to the file system's `fsync`.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
  ...["-c", "fsync=on", "-c", "wal_sync_method=fsync"],
  ...["-c", "shared_buffers=16MB", "-c", "work_mem=2MB", "-c", "maintenance_work_mem=8MB"],
  ...["-c", "wal_buffers=1MB", "-c", "temp_buffers=2MB"],
];
const LOCK_KEY = 726_1093;

/**
 * The power-cut test's switch (server/test/powercut.test.ts): PGlite as it comes, fsync off and no sync reaching the
 * disk, to show that the test fails without the syncs. Never set it otherwise.
 */
const UNSAFE_NO_SYNC = process.env.IVRIT_POWERCUT_NO_SYNC === "1";

/** How often the embedded database checkpoints by default (PostgreSQL's checkpoint_timeout). */
const CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * `databaseUrl` set: PostgreSQL. Else PGlite in `dataDir`, or in memory when dataDir is "memory://".
 * `checkpointMs`: PGlite runs PostgreSQL as a single process, with no checkpointer: without a checkpoint the WAL
 * grows until the next restart, and a crash replays all of it. One runs this often when the WAL moved.
 */
export async function createDb(opts: {
  databaseUrl?: string | undefined;
  /** The same PostgreSQL without a transaction-mode pooler: migrations, the start lock, LISTEN (decision 0088). */
  directUrl?: string | undefined;
  /** A read replica for the content. */
  readUrl?: string | undefined;
  dataDir: string;
  checkpointMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const newPool = (connectionString: string, max: number) => {
      // A database that does not answer fails a request in 5 s (a 503) instead of holding it for ever.
      const p = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
      p.on("error", () => {}); // an idle client's error is reported by the next query that uses the pool
      // pg-pool removes its error listener from a client it lends: a connection lost between two queries of a
      // transaction (PostgreSQL stopped with -m fast, restarted, the backend terminated) emitted an unhandled
      // "error" and ended the process (issue 25.8). The query that uses the dead client fails instead (a 503).
      p.on("connect", (c) => c.on("error", () => {}));
      return p;
    };
    const pool = newPool(opts.databaseUrl, 10);
    // Sessions (the start lock, migrations) on the direct URL; one or two at a time, only at start.
    const direct = opts.directUrl ? newPool(opts.directUrl, 2) : pool;
    const replica = opts.readUrl ? newPool(opts.readUrl, 10) : null;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      read: replica ? (drizzlePg(replica, { schema }) as unknown as Db) : db,
      kind: "postgres",
      async exclusive(fn) {
        const client = await direct.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [LOCK_KEY]);
          return await fn();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      migrate: () => migratePg(drizzlePg(direct), { migrationsFolder: MIGRATIONS_DIR }),
      listen: (channel, onMessage, onState) =>
        listenPg(opts.directUrl ?? (opts.databaseUrl as string), channel, onMessage, onState),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      flush: async () => {},
      ping: async () => void (await pool.query("select 1")),
      close: async () => {
        // Closing twice is harmless.
        for (const p of new Set([pool, direct, replica])) if (p && !p.ending) await p.end();
      },
    };
  }
  const memory = opts.dataDir === "memory://";
  if (!memory) checkWritable(opts.dataDir);
  const lock = memory ? null : await lockDataDir(opts.dataDir);
  const unlock = async () => lock?.release();
  let client: PGlite;
  const fs = memory || UNSAFE_NO_SYNC ? null : new SyncingNodeFS(opts.dataDir);
  try {
    if (!memory && !existsSync(join(opts.dataDir, "PG_VERSION"))) initDataDir(opts.dataDir);
    client = await PGlite.create(
      fs
        ? { dataDir: opts.dataDir, fs, startParams: PGLITE_START_PARAMS }
        : { dataDir: opts.dataDir, ...(!UNSAFE_NO_SYNC && { startParams: PGLITE_START_PARAMS }) },
    );
  } catch (e) {
    await unlock();
    const fault = storageFault(e);
    throw fault ? new Error(`could not open the database in DATA_DIR ${opts.dataDir}: ${fault}`, { cause: e }) : e;
  }
  const db = drizzlePglite(parsersOnce(client), { schema }) as unknown as Db;
  // Checkpoints and backups one at a time: a checkpoint during a backup would remove WAL the backup needs.
  const serial = inTurn();
  const checkpoints = memory ? null : checkpointer(client, opts.checkpointMs ?? CHECKPOINT_EVERY_MS, serial);
  const backup = memory ? undefined : (file: string) => serial(() => writeBackup(client, opts.dataDir, file));
  // The CLI asks the process holding the directory for a backup through its lock's socket.
  if (lock && backup)
    lock.handle = async (request) => {
      if (request.request !== "backup" || typeof request.file !== "string") throw new Error("unknown request");
      return await backup(request.file);
    };
  return {
    db,
    read: db,
    kind: "pglite",
    exclusive: (fn) => fn(), // one process owns a PGlite directory
    // Concurrent writes share their WAL syncs (group commit): see group-flush.ts.
    flush: fs ? groupFlush(() => fs.flush()) : async () => {},
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channel, onMessage, onState) => {
      const unlisten = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        if (!client.closed) await unlisten(); // a closed database has no listener left to remove
      };
    },
    poolUse: () => null,
    ...(backup && { backup }),
    ping: async () => void (await client.query("select 1")),
    close: async () => {
      await checkpoints?.stop();
      await serial(async () => {}); // a backup under way (asked for through the lock) finishes first
      if (!client.closed) await client.close(); // closing twice is harmless
      await unlock();
    },
  };
}

/** The types Drizzle has PGlite hand back as text (timestamps, intervals, dates, and arrays of numeric and of those). */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

/**
 * Drizzle hands PGlite its result parsers with every statement, and PGlite copies its whole parser table to merge
 * them in, on every call: as much as a one-row insert costs (decision 0066 measured it). The same
 * parsers are installed on the client once instead, and each statement's (in a transaction too) are dropped on
 * the way in: the results are the same.
 */
function parsersOnce(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  type Query = (query: string, params?: unknown[], options?: object) => Promise<unknown>;
  const strip = <C extends object>(target: C): C =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop, t);
        if (typeof value !== "function") return value;
        if (prop === "query")
          return (query: string, params?: unknown[], options?: object) =>
            (value as Query).call(t, query, params, options && { ...options, parsers: undefined });
        if (prop === "transaction")
          return (fn: (tx: object) => Promise<unknown>) =>
            (value as (fn: (tx: object) => Promise<unknown>) => Promise<unknown>).call(t, (tx) => fn(strip(tx)));
        return value.bind(t);
      },
    });
  return strip(client);
}

/** LISTEN on a dedicated connection that reconnects (every second) after it is lost. */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    onState(false);
    client = null;
    if (!stopped) retry = setTimeout(connect, 1000).unref();
  };
  async function connect() {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (m) => m.channel === channel && onMessage(m.payload ?? ""));
    c.on("error", () => {}); // followed by "end"
    c.on("end", () => client === c && lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (stopped) return void (await c.end().catch(() => {}));
      client = c;
      onState(true);
    } catch {
      await c.end().catch(() => {});
      if (client !== c) lost();
    }
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** Runs the functions given one after the other, each once the one before settled. */
function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = last.then(fn, fn);
    last = next.catch(() => {});
    return next;
  };
}

/** A CHECKPOINT every `ms` when the WAL moved since the last one; `stop` waits for one under way. */
function checkpointer(client: PGlite, ms: number, serial: ReturnType<typeof inTurn>) {
  let last = "";
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    const [row] = (await client.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn")).rows;
    if (!row || row.lsn === last) return;
    await client.query("checkpoint");
    last = (await client.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn")).rows[0]?.lsn ?? "";
  };
  const timer = setInterval(() => {
    // A checkpoint that fails is retried at the next tick; PostgreSQL has logged why.
    running = running.then(() => serial(tick)).catch(() => {});
  }, ms).unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** Makes a new data directory in `dir` (initdb), or installs the unpacked backup `from` there. */
export function initDataDir(dir: string, from?: string) {
  const r = spawnSync(process.execPath, [PGLITE_INIT_SCRIPT, dir, ...(from ? [from] : [])], {
    encoding: "utf8",
    env: { ...process.env, UV_THREADPOOL_SIZE: "16" }, // it syncs its files sixteen at a time
  });
  if (r.status !== 0) {
    // PGlite reports a full disk as "ErrnoError { errno: 51 }": say it in words.
    const said = r.stderr || r.error?.message || "";
    throw new Error(`could not create the database in DATA_DIR ${dir}: ${storageFault({ message: said }) ?? said}`);
  }
}

/** A read-only or unwritable DATA_DIR is said as such at start, before PGlite reports it as a missing file. */
function checkWritable(dir: string) {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, "ok");
    rmSync(probe);
  } catch (e) {
    try {
      rmSync(probe, { force: true });
    } catch {}
    throw new Error(`DATA_DIR ${dir}: ${storageFault(e) ?? (e as Error).message}`, { cause: e });
  }
}
