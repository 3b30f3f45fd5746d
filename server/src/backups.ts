// Scheduled backups of the embedded database (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP; decision 0071): one every
// BACKUP_EVERY counted from the newest already in BACKUP_DIR (so restarts do not put it off), the oldest removed
// past BACKUP_KEEP.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { BACKUP_NAME, backupName } from "./db/backup.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";

/** The first backup after a start waits this long at least: the start's own work goes first. */
const AFTER_START_MS = 10_000;

function backupsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => BACKUP_NAME.test(n))
      .sort();
  } catch {
    return []; // no directory yet: the first backup makes it
  }
}

/** Starts the schedule when BACKUP_DIR is set; returns what stops it (waiting for a backup under way). */
export function scheduleBackups(
  database: Database,
  env: Pick<Env, "BACKUP_DIR" | "BACKUP_EVERY" | "BACKUP_KEEP">,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const { BACKUP_DIR: dir, BACKUP_KEEP: keep } = env;
  const backup = database.backup;
  if (!dir || !backup) return async () => {};
  const every = env.BACKUP_EVERY ?? 86_400_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const schedule = (atLeast: number) => {
    const newest = backupsIn(dir).at(-1);
    const due = newest ? statSync(join(dir, newest)).mtimeMs + every : Date.now();
    timer = setTimeout(run, Math.max(due - Date.now(), atLeast)).unref();
  };
  const run = () => {
    running = (async () => {
      try {
        const r = await backup(join(dir, backupName()));
        log.info({ file: r.file, bytes: r.bytes, ms: r.ms, pausedMs: r.pausedMs }, "backup written");
        for (const old of backupsIn(dir).slice(0, -keep)) rmSync(join(dir, old), { force: true });
      } catch (err) {
        log.error({ err }, `backup into ${dir} failed: the next one is due in ${every / 1000} s`);
        if (!stopped) timer = setTimeout(run, every).unref();
        return;
      }
      if (!stopped) schedule(0);
    })();
  };
  schedule(AFTER_START_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
