// Creates a new PGlite data directory (initdb) and exits. Run as a child process by createDb: initdb needs a
// second, temporary PostgreSQL instance, and running it here keeps that memory out of the server process.
// With a second argument, a data directory unpacked from a backup (decision 0071) takes initdb's place: it is
// opened once (PostgreSQL's crash recovery, then a shutdown checkpoint) and installed the same way.
//
// PGlite writes the new files with its syncs off, so they are made in `<dataDir>/.initdb`, synced, and moved into
// the data directory with PG_VERSION last (decision 0070): a power cut during a first start leaves no PG_VERSION,
// and the next start makes the directory again, instead of a PG_VERSION beside files that never reached the disk.
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

const [dir, from] = process.argv.slice(2);
if (!dir) throw new Error("usage: pglite-init.mjs <dataDir> [<unpacked backup>]");
const tmp = join(dir, ".initdb");
rmSync(tmp, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (from) renameSync(from, tmp);
const db = await PGlite.create(tmp);
await db.close();

function fsyncPath(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
/** Every file and directory under `root`, synced sixteen at a time (a thousand in a row take seconds). */
async function syncTree(root) {
  const paths = [];
  const walk = (path) => {
    paths.push(path);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  const syncOne = async (path) => {
    const file = await open(path, "r");
    try {
      await file.sync();
    } finally {
      await file.close();
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await syncOne(paths[next++]);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
await syncTree(tmp);
const names = readdirSync(tmp).filter((n) => n !== "PG_VERSION");
for (const name of [...names, "PG_VERSION"]) {
  if (name === "PG_VERSION") fsyncPath(dir); // every other entry is in place first
  rmSync(join(dir, name), { recursive: true, force: true }); // left by a start cut short
  renameSync(join(tmp, name), join(dir, name));
}
rmSync(tmp, { recursive: true });
fsyncPath(dir);
