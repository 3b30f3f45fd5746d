// Creates a new PGlite data directory (initdb) and exits. Run as a child process by createDb: initdb needs a
// second, temporary PostgreSQL instance, and running it here keeps that memory out of the server process.
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) throw new Error("usage: pglite-init.mjs <dataDir>");
const db = await PGlite.create(dir);
await db.close();
