// The content load of an embedded database, run by boot() in a short-lived child process (decision 0060): it
// migrates the data directory and loads content/ when it changed, prints the result as one JSON line, and exits.
// Loading leaves the process that did it with resident memory it never gives back (decision 0060 measured how
// much); in a child, the server that then opens the directory never holds it.
//
//   node load-content.js <dataDir> [contentDir]
import { createDb } from "../db/client.ts";
import { ContentError, type SyncResult, syncContent } from "./sync.ts";

export type ChildLoadResult = { sync: SyncResult } | { problems: ContentError["problems"] } | { error: string };

const [dataDir, contentDir] = process.argv.slice(2);
const say = (r: ChildLoadResult) => process.stdout.write(`${JSON.stringify(r)}\n`);
if (!dataDir) {
  say({ error: "usage: load-content <dataDir> [contentDir]" });
  process.exit(2);
}
try {
  const database = await createDb({ dataDir });
  try {
    await database.migrate();
    say({ sync: await syncContent(database, contentDir ? { dir: contentDir } : {}) });
  } catch (e) {
    if (e instanceof ContentError) say({ problems: e.problems });
    else throw e;
  } finally {
    await database.close();
  }
} catch (e) {
  say({ error: e instanceof Error ? e.message : String(e) });
  process.exitCode = 1;
}
