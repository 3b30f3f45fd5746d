// Opening the database for a process: migrate, load content if it changed, read the content snapshot.
import { setFlagsFromString } from "node:v8";
import { ContentCache } from "./content/cache.ts";
import { ContentError, type SyncResult, syncContent } from "./content/sync.ts";
import { createDb, type Database } from "./db/client.ts";
import { Plans } from "./users.ts";

type Booted = {
  database: Database;
  cache: ContentCache;
  plans: Plans;
  sync: SyncResult | null;
  contentError: ContentError | null;
  /** Stops listening and closes the database. */
  close: () => Promise<void>;
};

export async function boot(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  contentDir?: string | undefined;
}): Promise<Booted> {
  // V8 may grow the heap up to 4x what survived the last full collection, and under load the heap is mostly answers
  // built and dropped: a factor of 1.5 keeps the peak near what is live. Read at each collection, so it applies to
  // the running process (decision 0054; 50 connections of every route on PGlite: peak 480 -> 321 MB).
  setFlagsFromString("--heap-growing-percent=50");
  const database = await createDb(opts);
  try {
    await database.exclusive(() => database.migrate());
    let sync: SyncResult | null = null;
    let contentError: ContentError | null = null;
    try {
      sync = await syncContent(database, { ...(opts.contentDir && { dir: opts.contentDir }) });
    } catch (e) {
      // Invalid content never replaces loaded content; the caller decides whether the old copy is enough.
      if (!(e instanceof ContentError)) throw e;
      contentError = e;
    }
    const plans = await new Plans(database).start();
    const close = async () => {
      await plans.stop();
      await database.close();
    };
    return { database, cache: await ContentCache.create(database.db), plans, sync, contentError, close };
  } catch (e) {
    await database.close();
    throw e;
  }
}
