// Opening the database for a process: migrate, load content if it changed, read the content snapshot.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { sql } from "drizzle-orm";
import { ContentCache } from "./content/cache.ts";
import type { ChildLoadResult } from "./content/load-child.ts";
import { ContentError, contentFilesLoaded, type SyncResult, syncContent } from "./content/sync.ts";
import { createDb, type Database, type Db, queryRows } from "./db/client.ts";
import { repairTimeZones } from "./db/time-zones.ts";
import { CONTENT_LOAD_SCRIPT, MIGRATIONS_DIR } from "./paths.ts";
import { Plans } from "./users.ts";

type Booted = {
  database: Database;
  cache: ContentCache;
  plans: Plans;
  sync: SyncResult | null;
  contentError: ContentError | null;
  /** Learners whose stored time zone was rewritten (an old name, or one the database does not read). */
  repairedTimeZones: number;
  /** Stops listening and closes the database. */
  close: () => Promise<void>;
};

export async function boot(opts: {
  databaseUrl?: string | undefined;
  directUrl?: string | undefined;
  readUrl?: string | undefined;
  dataDir: string;
  contentDir?: string | undefined;
  /** The embedded database's checkpoint interval (CHECKPOINT_EVERY). */
  checkpointMs?: number;
}): Promise<Booted> {
  // V8 may grow the heap up to 4x what survived the last full collection, and under load the heap is mostly answers
  // built and dropped: a factor of 1.5 keeps the peak near what is live. Read at each collection, so it applies to
  // the running process (decision 0054, with the peak it saves).
  setFlagsFromString("--heap-growing-percent=50");
  // An embedded database in a directory is migrated and loaded by a child process (decision 0060), unless it is
  // already current: then it is opened once, not twice (decision 0078).
  const inChild = !opts.databaseUrl && opts.dataDir !== "memory://";
  let database: Database | null = null;
  if (inChild && existsSync(join(opts.dataDir, "PG_VERSION"))) {
    database = await createDb(opts);
    const current = await isCurrent(database.db, opts.contentDir).catch(async (e: unknown) => {
      await database?.close();
      throw e;
    });
    if (!current) {
      await database.close();
      database = null;
    }
  }
  const loaded = inChild && !database ? await loadInChild(opts.dataDir, opts.contentDir) : null;
  database ??= await createDb(opts);
  try {
    let sync: SyncResult | null = null;
    let contentError: ContentError | null = null;
    if (loaded) {
      if ("problems" in loaded) contentError = new ContentError(loaded.problems);
      else sync = loaded.sync;
    } else if (!inChild) {
      await database.exclusive(() => database.migrate());
      try {
        sync = await syncContent(database, { ...(opts.contentDir && { dir: opts.contentDir }) });
      } catch (e) {
        // Invalid content never replaces loaded content; the caller decides whether the old copy is enough.
        if (!(e instanceof ContentError)) throw e;
        contentError = e;
      }
    }
    const repairedTimeZones = await repairTimeZones(database.db);
    const plans = await new Plans(database).start();
    const close = async () => {
      await plans.stop();
      await database.close();
    };
    const cache = await ContentCache.create(database.read, database.db);
    return { database, cache, plans, sync, contentError, repairedTimeZones, close };
  } catch (e) {
    await database.close();
    throw e;
  }
}

/**
 * Whether an embedded database needs nothing from the child: every migration applied, and the content loaded from
 * the files now on disk (by their fingerprint; a changed file, even an invalid one, goes through the child's load
 * and checks). A database not yet migrated at all answers false.
 */
async function isCurrent(db: Db, contentDir: string | undefined): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const rows = await queryRows<{ at: string | number | null }>(
      db,
      sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
    );
    if (Number(rows[0]?.at ?? 0) < newest) return false;
  } catch {
    return false; // no migration table yet
  }
  return contentFilesLoaded(db, contentDir);
}

/**
 * Migrates the embedded database in `dataDir` and loads the content when it changed, in a child process that has
 * closed the directory when this resolves. Invalid content comes back as its problems; anything else that fails
 * (a full disk, a directory another process holds) throws with the child's message.
 */
async function loadInChild(
  dataDir: string,
  contentDir: string | undefined,
): Promise<Extract<ChildLoadResult, { sync: unknown } | { problems: unknown }>> {
  const tsx = CONTENT_LOAD_SCRIPT.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...tsx, CONTENT_LOAD_SCRIPT, dataDir, ...(contentDir ? [contentDir] : [])], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  const line = out.trim().split("\n").at(-1) ?? "";
  let result: ChildLoadResult | null = null;
  try {
    result = JSON.parse(line) as ChildLoadResult;
  } catch {}
  if (result && "sync" in result && code === 0) return result;
  if (result && "problems" in result && code === 0) return result;
  const why = result && "error" in result ? result.error : err.trim() || `exit code ${code}`;
  throw new Error(why);
}
