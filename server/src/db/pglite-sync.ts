// PostgreSQL's own syncs reach the disk on PGlite (decision 0070).
//
// PGlite runs PostgreSQL on Emscripten's file system, whose NODEFS maps each file to a Node file descriptor. A
// PostgreSQL fsync() becomes Emscripten's `fd_sync`, which calls the file system's `stream_ops.fsync` if it has
// one; NODEFS has none, so every sync PostgreSQL asked for stopped there. SyncingNodeFS gives it one, on the file's
// (or the directory's) real descriptor. With PostgreSQL's fsync on, its WAL at each commit, the data files and
// pg_control at each checkpoint, and the directories after it creates, renames or removes files reach the disk
// when PostgreSQL says so, in the order it says.
//
// A file gets fdatasync: its data and what reading it back needs (its size), without its timestamps, which
// PostgreSQL never reads (it syncs its WAL with fdatasync itself on Linux); a directory gets fsync.
import { fdatasyncSync, fsyncSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type Init = NodeFS["init"];
type EmscriptenOpts = Awaited<ReturnType<Init>>["emscriptenOpts"];

/** The part of PGlite's Emscripten module this relies on (pinned: server/test/pglite-internals.test.ts). */
export type NodeFsModule = {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd: number; node: { mode: number } }) => number };
    tryFSOperation<T>(fn: () => T): T;
  };
  FS: { isDir(mode: number): boolean };
};

/** Gives NODEFS the fsync it lacks: a failed sync is an error PostgreSQL sees (and stops on, as it should). */
export function honourFsync(mod: NodeFsModule): void {
  const nodefs = mod.NODEFS;
  nodefs.stream_ops.fsync = (stream) => {
    const sync = mod.FS.isDir(stream.node.mode) ? fsyncSync : fdatasyncSync;
    nodefs.tryFSOperation(() => sync(stream.nfd));
    return 0;
  };
}

export class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<Init>[1]): Promise<{ emscriptenOpts: EmscriptenOpts }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, (mod: unknown) => honourFsync(mod as NodeFsModule)] },
    };
  }
}
