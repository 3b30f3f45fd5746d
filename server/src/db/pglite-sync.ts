// PostgreSQL's own syncs reach the disk on PGlite (decision 0070).
//
// PGlite runs PostgreSQL on Emscripten's file system, whose NODEFS maps each file to a Node file descriptor. A
// PostgreSQL fsync() becomes Emscripten's `fd_sync`, which calls the file system's `stream_ops.fsync` if it has
// one; NODEFS has none, so every sync PostgreSQL asked for stopped there. SyncingNodeFS gives it one, on the file's
// (or the directory's) real descriptor: the data files and pg_control at each checkpoint, and the directories
// after PostgreSQL creates, renames or removes files, reach the disk when PostgreSQL says so, in the order it says.
//
// The WAL's syncs at each commit are the exception, kept in order but not made at once: a sync made then would hold
// the event loop (PGlite is synchronous) once per commit, where concurrent requests can share one sync made off it.
// So a WAL segment PostgreSQL asks to sync is marked pending, and synced
//   - before an answer to a write (`flush`, on libuv's pool, shared by the requests waiting: group commit);
//   - before anything else reaches the file system: a write or sync of another file, a rename, a removal, a
//     truncation (so the WAL is on the disk before any data file or pg_control that depends on it, as PostgreSQL
//     requires), and before the segment's descriptor is closed.
// A commit is thus on the disk before it is acknowledged, and nothing PostgreSQL writes after asking for a WAL sync
// reaches the file system before that sync is done.
//
// A file gets fdatasync: its data and what reading it back needs (its size), without its timestamps, which
// PostgreSQL never reads (it syncs its own WAL with fdatasync on Linux); a directory gets fsync.
import { fdatasync, fdatasyncSync, fsyncSync } from "node:fs";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type Init = NodeFS["init"];
type EmscriptenOpts = Awaited<ReturnType<Init>>["emscriptenOpts"];

/** An open file of Emscripten's: `nfd` is its Node descriptor, `path` its path inside PGlite. */
type Stream = { nfd: number; path?: string; node: { mode: number } };
type Op = (...args: never[]) => unknown;

/** The part of PGlite's Emscripten module this relies on (pinned: server/test/pglite-internals.test.ts). */
export type NodeFsModule = {
  NODEFS: {
    stream_ops: Record<string, Op | undefined> & { fsync?: (stream: Stream) => number };
    node_ops: Record<string, Op | undefined>;
    tryFSOperation<T>(fn: () => T): T;
  };
  FS: { isDir(mode: number): boolean };
};

const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;
const datasync = promisify(fdatasync);

/** The WAL segments whose sync PostgreSQL asked for and that are not on the disk yet. */
class PendingWal {
  /** Asked for, not begun. */
  readonly pending = new Set<Stream>();
  /** Being synced off the event loop. */
  readonly syncing = new Set<Stream>();
  readonly closed = new WeakSet<Stream>();

  /** Everything asked for so far, on the disk before this returns (on the event loop). */
  now(): void {
    for (const s of [...this.pending, ...this.syncing]) if (!this.closed.has(s)) fdatasyncSync(s.nfd);
    this.pending.clear(); // those syncing finish by themselves: theirs are done now anyway
  }

  /** Everything asked for before the call, on the disk when it resolves (on libuv's pool). */
  async flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    for (const s of batch) this.syncing.add(s);
    try {
      await Promise.all(
        batch.map((s) =>
          datasync(s.nfd).catch((e: NodeJS.ErrnoException) => {
            // Closed meanwhile: its close synced it first (and the number may now be another file's).
            if (!this.closed.has(s)) throw e;
          }),
        ),
      );
    } catch (e) {
      for (const s of batch) if (!this.closed.has(s)) this.pending.add(s); // the next flush tries again
      throw e;
    } finally {
      for (const s of batch) this.syncing.delete(s);
    }
  }
}

/** Gives NODEFS the fsync it lacks, and the ordering above. A failed sync is an error PostgreSQL sees. */
function honourFsync(mod: NodeFsModule, wal: PendingWal): void {
  const { NODEFS: nodefs, FS } = mod;
  const ops = nodefs.stream_ops;
  const isWal = (s: Stream) => WAL_SEGMENT.test(s.path ?? "");
  const barrier = () => {
    if (wal.pending.size || wal.syncing.size) nodefs.tryFSOperation(() => wal.now());
  };
  /** `op` of `table`, once the pending WAL is synced (always, or when `when` says so). */
  const after = (table: Record<string, Op | undefined>, op: string, when: (...args: never[]) => boolean) => {
    const original = table[op];
    if (!original) throw new Error(`PGlite's NODEFS has no ${op}: see server/test/pglite-internals.test.ts`);
    table[op] = ((...args: never[]) => {
      if (when(...args)) barrier();
      return original(...args);
    }) as Op;
  };
  const always = () => true;
  after(ops, "write", (s: Stream) => !isWal(s));
  after(ops, "setattr", always); // ftruncate
  for (const op of ["rename", "unlink", "rmdir", "setattr"]) after(nodefs.node_ops, op, always);
  const close = ops.close as (s: Stream) => unknown;
  ops.close = ((s: Stream) => {
    if (wal.pending.has(s) || wal.syncing.has(s)) nodefs.tryFSOperation(() => fdatasyncSync(s.nfd));
    wal.pending.delete(s);
    wal.closed.add(s);
    return close(s);
  }) as Op;
  ops.fsync = (s) => {
    if (isWal(s)) {
      wal.pending.add(s);
      return 0;
    }
    barrier();
    const sync = FS.isDir(s.node.mode) ? fsyncSync : fdatasyncSync;
    nodefs.tryFSOperation(() => sync(s.nfd));
    return 0;
  };
}

export class SyncingNodeFS extends NodeFS {
  private readonly wal = new PendingWal();

  /** Puts every commit made so far on the disk (the WAL syncs PostgreSQL asked for). */
  flush(): Promise<void> {
    return this.wal.flush();
  }

  override async init(pg: PGlite, opts: Parameters<Init>[1]): Promise<{ emscriptenOpts: EmscriptenOpts }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    const honour = (mod: unknown) => honourFsync(mod as NodeFsModule, this.wal);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, honour] } };
  }
}
