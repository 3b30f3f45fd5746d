// The parts of PGlite that are not its public interface and that the server relies on, pinned to the version tested
// (0.5.16). An upgrade that changes any of them fails here: read decisions 0066 and 0070 again, check that the
// server's use still holds (the power-cut test, the parsers), then update the pins.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { type NodeFsModule, SyncingNodeFS } from "../src/db/pglite-sync.ts";

const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
const pkgPath = join(dist, "..", "package.json");
const bundle = [...readdirSync(dist).filter((f) => f.endsWith(".js")), "fs/nodefs.js"]
  .map((f) => readFileSync(join(dist, f), "utf8"))
  .join("\n");

/** The text from `start` to `end` (exclusive) in PGlite's bundle, hashed; "missing" when it is not there. */
function hashOf(start: string, end: string): string {
  const a = bundle.indexOf(start);
  const b = a < 0 ? -1 : bundle.indexOf(end, a + start.length);
  if (a < 0 || b < 0) return "missing";
  return createHash("sha256").update(bundle.slice(a, b)).digest("hex").slice(0, 16);
}

/** The whole function whose body contains `inner`. */
function hashOfFunctionWith(inner: string): string {
  const at = bundle.indexOf(inner);
  if (at < 0) return "missing";
  const a = bundle.lastIndexOf("function ", at);
  const b = bundle.indexOf("function ", at);
  return createHash("sha256").update(bundle.slice(a, b)).digest("hex").slice(0, 16);
}

describe("PGlite internals the server relies on", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("is the version tested", () => {
    expect(JSON.parse(readFileSync(pkgPath, "utf8")).version).toBe("0.5.16");
    const ours = JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8"));
    expect(ours.dependencies["@electric-sql/pglite"], "pinned exactly, no range").toBe("0.5.16");
  });

  it("leaves PostgreSQL's fsync to the file system's stream_ops.fsync, which NODEFS lacks (decision 0070)", () => {
    expect({
      // Emscripten's fsync: calls stream_ops.fsync when the file system has one (SyncingNodeFS gives NODEFS one).
      fd_sync: hashOf("function _fd_sync(", "_fd_sync.sig"),
      // Its fdatasync: a no-op no file system sees (hence wal_sync_method=fsync).
      fdatasync: hashOf("function ___syscall_fdatasync(", "___syscall_fdatasync.sig"),
      // NODEFS: a file's nfd is its Node descriptor; no fsync of its own; tryFSOperation turns errors into errnos;
      // the stream and node operations SyncingNodeFS puts its WAL barrier before (write, setattr, close, rename,
      // unlink, rmdir).
      nodefs: hashOf("NODEFS={", "PROXYFS={"),
      // An open file's stream has its path (SyncingNodeFS tells the WAL's segments by it).
      streamPath: bundle.includes("FS.createStream({node:_,path:FS.getPath(_),flags:t,") ? "there" : "missing",
      // NodeFS mounts NODEFS on PGDATA in a preRun, where SyncingNodeFS adds its own.
      nodeFsClass: hashOf("var m=class extends p{constructor(t)", "export{m as NodeFS}"),
    }).toEqual({
      fd_sync: "4cbfc0c2e39fb708",
      fdatasync: "fce6f6cf140045d7",
      nodefs: "b7fd058d178f50be",
      streamPath: "there",
      nodeFsClass: "dca85e224001f3bc",
    });
  });

  it("turns fsync off in its default start parameters, which the server filters out", () => {
    expect(PGlite.defaultStartParams).toEqual([
      "--single",
      "-F",
      "-O",
      "-j",
      ...["-c", "search_path=public", "-c", "exit_on_error=false", "-c", "log_checkpoints=false"],
      ...["-c", "max_worker_processes=0", "-c", "max_parallel_workers=0", "-c", "max_parallel_workers_per_gather=0"],
      ...["-c", "io_method=sync", "-c", "max_parallel_maintenance_workers=0"],
    ]);
  });

  it("merges a statement's parsers into a copy of the client's table, which parsersOnce avoids (decision 0066)", () => {
    expect(hashOfFunctionWith("{rows:[],fields:[]},u=0,m=n?.parsers?{...t,...n.parsers}:t")).toBe("eadbffc63722343b");
  });

  it("opens a database whose PostgreSQL syncs, through NODEFS's new fsync", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ivrit-pglite-internals-"));
    dirs.push(dir);
    const { createDb } = await import("../src/db/client.ts");
    const { sql } = await import("drizzle-orm");
    const database = await createDb({ dataDir: dir });
    try {
      const show = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
          .rows[0]?.[name];
      expect([await show("fsync"), await show("wal_sync_method")]).toEqual(["on", "fsync"]);
    } finally {
      await database.close();
    }
    // The same file system and settings createDb uses, on a PGlite whose module can be looked at.
    const pg = await PGlite.create({ dataDir: dir, fs: new SyncingNodeFS(dir) });
    try {
      const mod = (pg as unknown as { Module: NodeFsModule }).Module;
      expect(typeof mod.NODEFS.stream_ops.fsync).toBe("function");
    } finally {
      await pg.close();
    }
  });
});
