// The log an operator reads (issue 25.3): one line per request at info, quiet ones at debug, the device as a hash,
// a request id on every line a request writes (errors too), the settings that differ from the defaults.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changedSettings, parseEnv } from "../src/env.ts";
import { deviceHash } from "../src/request-log.ts";
import { as, logLines, newUser, startApp } from "./helpers.ts";

describe("request log", () => {
  it("writes one line per request at info: method, route pattern, status, ms, device hash, request id", async () => {
    const log = logLines("info");
    const h = await startApp("pglite", {}, { logger: log.logger });
    try {
      const user = newUser();
      const res = await h.app.inject({
        method: "POST",
        url: "/api/review/events",
        headers: as(user),
        payload: {
          events: [{ id: "e1", wordId: 1001, at: new Date().toISOString(), game: "review", outcome: "right" }],
        },
      });
      expect(res.statusCode).toBe(200);
      const queue = await h.app.inject({ url: "/api/review/queue?x=1", headers: as(user) });
      expect(queue.statusCode).toBe(200);
      // Quiet at info: health polls, the metrics page and static files.
      for (const url of ["/api/health", "/api/health/live", "/metrics", "/audio/words/93001.mp3", "/audio/x.mp3"])
        await h.app.inject({ url });
      await h.app.close(); // the fold scheduled by the write runs (and logs nothing)
      const requestLines = log.lines.filter((l) => "route" in l);
      expect(requestLines).toEqual([
        expect.objectContaining({
          level: 30,
          method: "POST",
          route: "/api/review/events",
          status: 200,
          ms: expect.any(Number),
          device: deviceHash(user),
          reqId: res.headers["x-request-id"],
          msg: expect.stringMatching(/^POST \/api\/review\/events 200 [\d.]+ ms$/),
        }),
        expect.objectContaining({ route: "/api/review/queue", status: 200, reqId: queue.headers["x-request-id"] }),
      ]);
      expect(deviceHash(user)).toMatch(/^[\w-]{8}$/);
      // The id itself is never written, in any line.
      expect(JSON.stringify(log.lines)).not.toContain(user);
    } finally {
      await h.close();
    }
  });

  it("writes health, metrics and static files at debug, and a 404 at info", async () => {
    const log = logLines("debug");
    const h = await startApp("pglite", {}, { logger: log.logger });
    try {
      for (const url of ["/api/health", "/metrics", "/audio/words/93001.mp3", "/api/nowhere"])
        await h.app.inject({ url });
      const lines = log.lines.filter((l) => "route" in l).map((l) => [l.level, l.route, l.status]);
      expect(lines).toEqual([
        [20, "/api/health", 200],
        [20, "/metrics", 404],
        [20, "/audio/*", 200],
        [30, "(no route)", 404],
      ]);
    } finally {
      await h.close();
    }
  });

  it("gives a failed request's error line its request id", async () => {
    const log = logLines("info");
    const h = await startApp("pglite", {}, { logger: log.logger });
    try {
      await h.database.db.execute(sql`drop table user_settings cascade`); // a fault of ours: a 500
      const res = await h.app.inject({ url: "/api/review/settings", headers: as(newUser()) });
      expect(res.statusCode).toBe(500);
      const errors = log.lines.filter((l) => Number(l.level) >= 50);
      expect(errors.length).toBeGreaterThan(0);
      for (const line of errors) expect(line.reqId).toBe(res.headers["x-request-id"]);
      expect(log.lines.filter((l) => "route" in l)).toEqual([
        expect.objectContaining({ level: 30, route: "/api/review/settings", status: 500 }),
      ]);
    } finally {
      await h.close();
    }
  });
});

describe("the start line's settings", () => {
  it("are those that differ from the defaults, secrets and passwords hidden", () => {
    const env = parseEnv({
      PORT: "8080",
      LOG_LEVEL: "info",
      DATABASE_URL: "postgres://ivrit:hunter2@db.example:5432/ivrit",
      REDIS_URL: "redis://cache:6379",
      METRICS_TOKEN: "a-token-of-twenty-chars",
      SHUTDOWN_TIMEOUT_MS: "20000",
    });
    expect(changedSettings(env)).toEqual({
      PORT: 8080,
      DATABASE_URL: "postgres://ivrit:***@db.example:5432/ivrit",
      REDIS_URL: "redis://cache:6379",
      METRICS_TOKEN: "(set)",
      SHUTDOWN_TIMEOUT_MS: 20000,
    });
    expect(changedSettings(parseEnv({}))).toEqual({});
  });
});
