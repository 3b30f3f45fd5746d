// Test support: a real app on a real database (in-memory PGlite, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set), loaded with the fixture content.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { boot } from "../src/boot.ts";
import type { ContentCache } from "../src/content/cache.ts";
import type { Database } from "../src/db/client.ts";

export const FIXTURE_CONTENT = join(import.meta.dirname, "fixtures", "content");
export const SERVER_DIR = join(import.meta.dirname, "..");
export type Backend = "pglite" | "postgres";
/** TEST_BACKENDS=postgres runs PostgreSQL only (scripts/with-pgbouncer.mjs: the suites again through PgBouncer). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL
  ? process.env.TEST_BACKENDS === "postgres"
    ? ["postgres"]
    : ["pglite", "postgres"]
  : ["pglite"];

/**
 * Creates an empty PostgreSQL database next to TEST_DATABASE_URL's and returns its URL, its direct URL (when the
 * tests run through PgBouncer: TEST_DATABASE_DIRECT_URL) and a drop function.
 */
export async function freshPostgres(): Promise<{ url: string; directUrl?: string; drop: () => Promise<void> }> {
  const through = process.env.TEST_DATABASE_URL;
  if (!through) throw new Error("TEST_DATABASE_URL is not set");
  const base = process.env.TEST_DATABASE_DIRECT_URL ?? through;
  const name = `ivrit_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const at = (u: string) => {
    const url = new URL(u);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    url: at(through),
    ...(process.env.TEST_DATABASE_DIRECT_URL && { directUrl: at(base) }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `databaseUrl`: the PostgreSQL database it runs on (another app may share it: a second process). */
export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The app's content cache: `refreshIfChanged()` does what the poll does (CONTENT_POLL_MS). */
  cache: ContentCache;
  databaseUrl?: string;
  directUrl?: string;
  close: () => Promise<void>;
};

export async function startApp(
  backend: Backend,
  env: {
    RATE_LIMIT_MAX?: number;
    RATE_LIMIT_ADDRESS_MAX?: number;
    TRUST_PROXY?: string[];
    REDIS_URL?: string;
    CONTENT_DIR?: string;
    REVENUECAT_WEBHOOK_SECRET?: string;
    WEB_DIST?: string;
    METRICS_TOKEN?: string;
  } = {},
  opts: { logger?: FastifyServerOptions["logger"]; sharing?: TestApp; readUrl?: string } = {},
): Promise<TestApp> {
  // Sharing another app's PostgreSQL database: that app drops it.
  const shared = opts.sharing?.databaseUrl;
  const pgdb =
    backend === "postgres"
      ? shared
        ? { url: shared, directUrl: opts.sharing?.directUrl, drop: async () => {} }
        : await freshPostgres()
      : null;
  const contentDir = env.CONTENT_DIR ?? FIXTURE_CONTENT;
  const { database, cache, plans, contentError, close } = await boot({
    databaseUrl: pgdb?.url,
    directUrl: pgdb?.directUrl,
    readUrl: opts.readUrl,
    dataDir: "memory://",
    contentDir,
  });
  if (contentError) throw contentError;
  const app = await buildApp({
    deps: { database, cache, plans },
    env: {
      RATE_LIMIT_MAX: env.RATE_LIMIT_MAX ?? 100_000,
      RATE_LIMIT_ADDRESS_MAX: env.RATE_LIMIT_ADDRESS_MAX ?? 1_000_000,
      ...(env.TRUST_PROXY && { TRUST_PROXY: env.TRUST_PROXY }),
      RATE_LIMIT_WINDOW_MS: 60_000,
      BODY_LIMIT: 64 * 1024,
      CONTENT_DIR: contentDir,
      ...(env.REDIS_URL && { REDIS_URL: env.REDIS_URL }),
      ...(env.WEB_DIST && { WEB_DIST: env.WEB_DIST }),
      ...(env.METRICS_TOKEN && { METRICS_TOKEN: env.METRICS_TOKEN }),
      ...(env.REVENUECAT_WEBHOOK_SECRET && { REVENUECAT_WEBHOOK_SECRET: env.REVENUECAT_WEBHOOK_SECRET }),
    },
    ...(opts.logger && { logger: opts.logger }),
  });
  await app.ready();
  return {
    app,
    database,
    cache,
    ...(pgdb && { databaseUrl: pgdb.url }),
    ...(pgdb?.directUrl && { directUrl: pgdb.directUrl }),
    close: async () => {
      await app.close();
      await close();
      await pgdb?.drop();
    },
  };
}

/** A pino destination that keeps every line, to read what the app logged. */
export function logLines(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}

export const newUser = () => randomUUID();
export const as = (userId: string) => ({ "x-anonymous-id": userId, "x-user-id": userId });
