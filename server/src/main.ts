// `npm start`: one process serving the API, the audio and the SPA.
import { buildApp } from "./app.ts";
import { scheduleBackups } from "./backups.ts";
import { boot } from "./boot.ts";
import { parseEnv } from "./env.ts";

async function main() {
  const env = parseEnv();
  const { database, cache, plans, sync, contentError, close } = await boot({
    databaseUrl: env.DATABASE_URL,
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
  // Another process (or the CLI) may load new content: pick it up.
  const poll = setInterval(() => {
    cache.refreshIfChanged().then(
      (changed) => changed && log.info({ hash: cache.current.hash }, "content snapshot refreshed"),
      (err) => log.warn({ err }, "content refresh failed"),
    );
  }, env.CONTENT_POLL_MS);
  poll.unref();
  const stopBackups = scheduleBackups(database, env, log);
  app.addHook("onClose", async () => {
    clearInterval(poll);
    await stopBackups();
    await close();
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const snap = cache.current;
  log.info(
    {
      url: `http://localhost:${env.PORT}`,
      database: database.kind === "pglite" ? `pglite (${env.DATA_DIR})` : "postgres",
      contentLoaded: sync?.loaded ?? false,
      modules: snap.modules.length,
      words: snap.words.length,
      letters: snap.letters.length,
      letterVowels: snap.letterVowels.length,
    },
    `Ready on http://localhost:${env.PORT} — ${database.kind}, ${snap.modules.length} modules, ${snap.words.length} words`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
