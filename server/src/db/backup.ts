// Backups of the embedded database (decision 0071): taken by the process that holds the data directory, while it
// serves; restored by the CLI into a directory no process holds.
//
// A backup is the data directory's files copied while PGlite runs no statement (inside a transaction of its own,
// which every other query and transaction waits for): the copy is the directory as a crash at that instant would
// leave it, and PostgreSQL opens it as it opens after a crash, with every transaction committed before the copy.
// A checkpoint first keeps what it replays short, and the WAL segments before it out of the copy. The copy (one
// in-kernel copy a file) is then packed with tar and gzip while the server goes on.
import { spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { TOKEN_FILE } from "./lock.ts";

export type BackupResult = {
  file: string;
  bytes: number;
  /** From the request to the file on the disk. */
  ms: number;
  /** How long statements waited: the copy of the files. */
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
 * Copies the data directory `from` into `to`, with only the WAL segments from `wal.first` to `wal.last`: the
 * checkpoint's and those after it, up to the one being written (the others are done with, or made ready ahead).
 */
function copyTree(from: string, to: string, wal: { first: string; last: string }, rel = "") {
  mkdirSync(to);
  for (const name of readdirSync(from)) {
    if (rel === "" && skipped(name)) continue;
    if (rel === "pg_wal" && SEGMENT.test(name) && (name < wal.first || name > wal.last)) continue;
    const st = lstatSync(join(from, name));
    if (st.isDirectory()) copyTree(join(from, name), join(to, name), wal, rel ? `${rel}/${name}` : name);
    else if (st.isFile()) copyFileSync(join(from, name), join(to, name));
  }
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

/** Writes a backup of the open database in `dataDir` to `file` (replaced whole, or left as it was). */
export async function writeBackup(client: PGlite, dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  const staging = `${target}.staging-${process.pid}`;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await client.query("checkpoint");
    let pausedMs = 0;
    await client.transaction(async (tx) => {
      const t = performance.now();
      const [wal] = (
        await tx.query<{ first: string; last: string }>(
          "select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last" +
            " from pg_control_checkpoint()",
        )
      ).rows;
      if (!wal) throw new Error("no checkpoint to start the WAL from");
      copyTree(dataDir, staging, wal);
      pausedMs = performance.now() - t;
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
  await run("tar", ["-xzf", resolve(file), "-C", into]);
  if (!existsSync(join(into, "PG_VERSION"))) {
    rmSync(into, { recursive: true, force: true });
    throw new Error(`${file} is not a backup of the embedded database (it has no PG_VERSION)`);
  }
  return into;
}
