// The power cut's two halves for the test: building the LD_PRELOAD library (powercut.c) with the machine's cc, and,
// once the process is dead, undoing what its log says never reached the disk.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";

const SOURCE = join(import.meta.dirname, "powercut.c");

/** Why the power cut cannot be made on this machine, or null when it can. */
export function powerCutUnavailable(): string | null {
  if (process.platform !== "linux") return "LD_PRELOAD interposition needs Linux (glibc)";
  if (spawnSync("cc", ["--version"]).status !== 0) return "no C compiler (cc): apt-get install gcc libc6-dev";
  return null;
}

/** Compiles the library into `dir`; returns its path. */
export function buildPreload(dir: string): string {
  const out = join(dir, "powercut.so");
  const r = spawnSync("cc", ["-shared", "-fPIC", "-O2", "-Wall", "-o", out, SOURCE, "-ldl", "-lpthread"], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`cc failed: ${r.stderr}`);
  return out;
}

/** Record types, as in powercut.c. */
const T = { Write: 1, Trunc: 2, Sync: 3, DirSync: 4, Create: 5, Unlink: 6, Rename: 7, Mkdir: 8, Rmdir: 9 } as const;
type T = (typeof T)[keyof typeof T];

type Rec = {
  type: T;
  ino: bigint;
  pino: bigint;
  pino2: bigint;
  off: number;
  oldsize: number;
  path: string;
  path2: string;
  data: Buffer;
};

function parse(log: Buffer): Rec[] {
  const recs: Rec[] = [];
  for (let at = 0; at < log.length; ) {
    const plen = log.readUInt32LE(at + 4);
    const p2len = log.readUInt32LE(at + 8);
    const dlen = Number(log.readBigUInt64LE(at + 56));
    const body = at + 64;
    recs.push({
      type: log.readUInt32LE(at) as T,
      ino: log.readBigUInt64LE(at + 16),
      pino: log.readBigUInt64LE(at + 24),
      pino2: log.readBigUInt64LE(at + 32),
      off: Number(log.readBigInt64LE(at + 40)),
      oldsize: Number(log.readBigInt64LE(at + 48)),
      path: log.toString("utf8", body, body + plen),
      path2: log.toString("utf8", body + plen, body + plen + p2len),
      data: log.subarray(body + plen + p2len, body + plen + p2len + dlen),
    });
    at = body + plen + p2len + dlen;
  }
  return recs;
}

/** Every file's path by inode, under each of `roots`. */
function inodes(roots: string[]): Map<bigint, string> {
  const map = new Map<bigint, string>();
  const walk = (p: string) => {
    const st = lstatSync(p, { bigint: true });
    if (!map.has(st.ino)) map.set(st.ino, p);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  for (const r of roots) walk(r);
  return map;
}

export type CutReport = { records: number; syncs: number; undone: number };

/**
 * Makes `dataDir` what the disk would hold after a power cut at the moment the logged process died: each file's
 * writes after its last fsync are undone (newest first), then each directory's entries changed after its last fsync.
 */
export function revertUnsynced(logPath: string, dataDir: string, graveDir: string): CutReport {
  const recs = existsSync(logPath) ? parse(readFileSync(logPath)) : [];
  const lastSync = new Map<bigint, number>();
  recs.forEach((r, i) => {
    if (r.type === T.Sync || r.type === T.DirSync) lastSync.set(r.ino, i);
  });
  const synced = (ino: bigint, i: number) => (lastSync.get(ino) ?? -1) > i;
  const lost = recs
    .map((r, i) => ({ r, i }))
    .filter(({ r, i }) => {
      if (r.type === T.Write || r.type === T.Trunc) return !synced(r.ino, i);
      if (r.type === T.Rename) return !synced(r.pino, i) || !synced(r.pino2, i);
      if (r.type === T.Sync || r.type === T.DirSync) return false;
      return !synced(r.pino, i);
    })
    .reverse();
  // Contents first, by inode (names are still those of the moment of the cut)...
  const where = inodes([dataDir, graveDir]);
  for (const { r } of lost) {
    if (r.type !== T.Write && r.type !== T.Trunc) continue;
    const path = where.get(r.ino);
    if (!path) throw new Error(`no name left for inode ${r.ino} (was ${r.path}): the log missed an operation`);
    const fd = openSync(path, "r+");
    try {
      if (r.type === T.Trunc) ftruncateSync(fd, r.oldsize);
      if (r.data.length) writeSync(fd, r.data, 0, r.data.length, r.off);
      if (r.type === T.Write) ftruncateSync(fd, r.oldsize);
    } finally {
      closeSync(fd);
    }
  }
  // ...then names, newest first.
  for (const { r } of lost) {
    const grave = r.data.toString("utf8");
    switch (r.type) {
      case T.Create:
      case T.Mkdir:
        rmSync(r.path, { recursive: true, force: true });
        break;
      case T.Unlink:
        if (!existsSync(r.path)) linkSync(grave, r.path);
        break;
      case T.Rename:
        renameSync(r.path2, r.path);
        if (grave) linkSync(grave, r.path2);
        break;
      case T.Rmdir:
        mkdirSync(r.path);
        break;
    }
  }
  return {
    records: recs.length,
    syncs: recs.filter((r) => r.type === T.Sync || r.type === T.DirSync).length,
    undone: lost.length,
  };
}
