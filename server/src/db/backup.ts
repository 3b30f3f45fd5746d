// Backups of the embedded database (decision 0071): taken by the process that holds the data directory, while it
// serves; restored by the CLI into a directory no process holds.
//
// PostgreSQL's online backup, as pg_basebackup makes it: pg_backup_start (a checkpoint), the data files copied
// while the server goes on writing (a page torn by a write during the copy is rewritten from the WAL, which holds
// whole pages while a backup runs), pg_backup_stop, then the WAL from the backup's checkpoint to its end, copied
// inside a PGlite transaction so that no statement (no checkpoint) removes any of it meanwhile, and the
// backup_label pg_backup_stop returns. Restored, PostgreSQL replays that WAL up to the backup's end: the database as
// it was at pg_backup_stop, with every transaction committed before it. The copy is packed with tar and gzip.
import { spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { copyFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { TOKEN_FILE } from "./lock.ts";

export type BackupResult = {
  file: string;
  bytes: number;
  /** From the request to the file on the disk. */
  ms: number;
  /** How long statements waited: the copy of the WAL written during the backup. */
  pausedMs: number;
};

/** Left out of a backup: the process's own files, and what a start or a restore cut short left behind. */
const SKIPPED = new Set(["postmaster.pid", "postmaster.opts", TOKEN_FILE, "ivrit.sock", ".initdb", ".restore"]);
const skipped = (name: string) => SKIPPED.has(name) || name.startsWith(".write-test-");

/** A backup's file name, from its time (UTC): names sort as times do. */
export function backupName(at = new Date()): string {
  return `ivrit-${at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)}.tar.gz`;
}
export const BACKUP_NAME = /^ivrit-\d{8}-\d{6}\.tar\.gz$/;

const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Copies the data directory `from` into `to` while it is written to, all but pg_wal's contents: eight files at a
 * time on libuv's pool (a thousand small files one after the other wait a thousand turns of a busy event loop).
 */
async function copyData(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = (rel: string) => {
    mkdirSync(join(to, rel));
    if (rel === "pg_wal") return;
    for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
      if (rel === "" && skipped(entry.name)) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk("");
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const path = files[next++] as string;
      // A file removed since the directory was read (a dropped table, a temporary file): the WAL says so.
      await copyFile(join(from, path), join(to, path)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, copier));
}

export function fsyncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} failed (${code}): ${err.trim()}`)),
    );
  });
}

/**
 * Writes a backup of the open database in `dataDir` to `file` (replaced whole, or left as it was). One at a time,
 * and no CHECKPOINT of the caller's meanwhile: a checkpoint removes WAL the backup still has to copy.
 */
export async function writeBackup(client: PGlite, dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  const staging = `${target}.staging-${process.pid}`;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  let running = false; // PostgreSQL's backup, between pg_backup_start and pg_backup_stop
  let pausedMs = 0;
  try {
    await client.query("select pg_backup_start('ivrit', true)");
    running = true;
    await copyData(dataDir, staging);
    await client.transaction(async (tx) => {
      const [end] = (
        await tx.query<{ labelfile: string; last: string }>(
          "select labelfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)",
        )
      ).rows;
      running = false;
      const first = /\(file ([0-9A-F]{24})\)/.exec(end?.labelfile ?? "")?.[1];
      if (!end || !first) throw new Error(`pg_backup_stop named no WAL file: ${end?.labelfile}`);
      const t = performance.now();
      const wal = join(dataDir, "pg_wal");
      for (const name of readdirSync(wal))
        if (SEGMENT.test(name) && name >= first && name <= end.last)
          copyFileSync(join(wal, name), join(staging, "pg_wal", name));
      pausedMs = performance.now() - t;
      writeFileSync(join(staging, "backup_label"), end.labelfile);
    });
    await run("tar", ["-czf", partial, "-C", staging, "."]);
    fsyncPath(partial);
    renameSync(partial, target);
    fsyncPath(dirname(target));
    return {
      file: target,
      bytes: statSync(target).size,
      ms: Math.round(performance.now() - started),
      pausedMs: Math.round(pausedMs),
    };
  } finally {
    if (running) await client.query("select pg_backup_stop(false)").catch(() => {}); // the copy failed
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** Entries of `dataDir` that are not the lock's own: a directory to restore into must have none. */
export function foreignEntries(dataDir: string): string[] {
  return existsSync(dataDir) ? readdirSync(dataDir).filter((n) => !skipped(n)) : [];
}

/**
 * Unpacks `file` into `<dataDir>/.restore` and checks that it is a data directory; the caller installs it
 * (initDataDir, which opens it once and moves it in, synced). The caller holds `dataDir`'s lock.
 */
export async function unpackBackup(file: string, dataDir: string): Promise<string> {
  const into = join(dataDir, ".restore");
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  try {
    await run("tar", ["-xzf", resolve(file), "-C", into]);
    if (!existsSync(join(into, "PG_VERSION"))) throw new Error("it has no PG_VERSION");
  } catch (e) {
    rmSync(into, { recursive: true, force: true });
    throw new Error(`${file} is not a backup of the embedded database: ${(e as Error).message}`);
  }
  return into;
}
