// `npm start`: one process serving the API, the audio and the SPA.
import { buildApp } from "./app.ts";
import { scheduleBackups } from "./backups.ts";
import { boot } from "./boot.ts";
import { changedSettings, parseEnv } from "./env.ts";
import { scheduleEventArchive } from "./event-archive.ts";
import { scheduleIdleLearners } from "./idle-learners.ts";
import { installShutdown } from "./shutdown.ts";
import { VERSION } from "./version.ts";

async function main() {
  const env = parseEnv();
  const { database, cache, plans, sync, contentError, repairedTimeZones, close } = await boot({
    databaseUrl: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    readUrl: env.DATABASE_READ_URL,
    dataDir: env.DATA_DIR,
    contentDir: env.CONTENT_DIR,
    checkpointMs: env.CHECKPOINT_EVERY,
  });
  const app = await buildApp({
    deps: { database, cache, plans },
    env,
    logger: { level: env.LOG_LEVEL },
  });
  const log = app.log;
  if (contentError) {
    log.error({ problems: contentError.problems }, "content is invalid and was not loaded (npm run content:check)");
    if (cache.current.words.length === 0) {
      await app.close();
      await close();
      process.exit(1);
    }
  }
  if (repairedTimeZones > 0)
    log.warn(`time zones: ${repairedTimeZones} learner(s) had an old or unreadable one, rewritten (decision 0077)`);
  // Another process (or the CLI) may load new content: pick it up.
  const poll = setInterval(() => {
    cache.refreshIfChanged().then(
      (changed) => changed && log.info({ hash: cache.current.hash }, "content snapshot refreshed"),
      (err) => log.warn({ err }, "content refresh failed"),
    );
  }, env.CONTENT_POLL_MS);
  poll.unref();
  app.addHook("onClose", async () => clearInterval(poll));
  const stopBackups = scheduleBackups(database, env, log);
  const stopIdle =
    env.IDLE_LEARNER_DAYS > 0 ? scheduleIdleLearners(database, env.IDLE_LEARNER_DAYS, log) : async () => {};
  const stopArchive =
    env.EVENT_ARCHIVE_DAYS > 0 ? scheduleEventArchive(database, env.EVENT_ARCHIVE_DAYS, log) : async () => {};
  installShutdown({
    app,
    log,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    steps: [
      { name: "stopping scheduled backups", run: stopBackups },
      { name: "stopping the idle learners job", run: stopIdle },
      { name: "stopping the event archive job", run: stopArchive },
      { name: "syncing the database", run: () => database.flush() },
      // PGlite's close is a shutdown checkpoint whose syncs reach the disk (decision 0070).
      { name: "closing the database", run: close },
    ],
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.reminders.start(env.REMINDERS_EVERY);
  const snap = cache.current;
  log.info(
    {
      version: VERSION,
      node: process.version,
      url: `http://localhost:${env.PORT}`,
      database: database.kind === "pglite" ? `pglite (${env.DATA_DIR})` : "postgres",
      settings: changedSettings(env),
      contentLoaded: sync?.loaded ?? false,
      modules: snap.modules.length,
      words: snap.words.length,
      letters: snap.letters.length,
      letterVowels: snap.letterVowels.length,
    },
    `Ready on http://localhost:${env.PORT} — version ${VERSION}, ${database.kind}, ${snap.modules.length} modules, ${snap.words.length} words`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
