// Two server processes on one PostgreSQL serve the same user consistently; with REDIS_URL they share the
// rate limiter's counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, FIXTURE_CONTENT, freshPostgres, newUser } from "./helpers.ts";
import { type ServerProcess, startServer, startsTimeout } from "./process.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "scale-test-webhook-secret";

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    pg = await freshPostgres();
    const env = {
      DATABASE_URL: pg.url,
      CONTENT_DIR: FIXTURE_CONTENT,
      REDIS_URL,
      RATE_LIMIT_MAX: "40",
      REVENUECAT_WEBHOOK_SECRET: SECRET,
    };
    // Started together: migrations and the content load happen once, under the database lock.
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, startsTimeout(2));
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pg?.drop();
  });

  const call = (i: number, path: string, user: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${servers[i % 2]?.url}${path}`, {
      method: init.method ?? "GET",
      headers: { ...as(user), ...(init.body !== undefined && { "content-type": "application/json" }) },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });

  it("serves one user's state from either instance", async () => {
    const user = newUser();
    expect((await call(0, "/api/me/active-module", user)).status).toBe(204);
    await call(0, "/api/me/active-module", user, { method: "POST", body: { module_id: 1 } });
    expect(((await (await call(1, "/api/me/active-module", user)).json()) as { id: number }).id).toBe(1);
    await call(1, "/api/me", user, { method: "PATCH", body: { preferredLanguage: "uk", preferredLevel: 2 } });
    expect(await (await call(0, "/api/me", user)).json()).toMatchObject({ preferredLanguage: "uk", preferredLevel: 2 });
    // A play record retried against the other instance is stored once.
    const play = { gameName: "word_search", language: "en", sessionId: "retry-1" };
    expect((await call(0, "/api/game/play", user, { method: "POST", body: play })).status).toBe(201);
    expect((await call(1, "/api/game/play", user, { method: "POST", body: play })).status).toBe(200);
    // Progress alternating between instances adds up.
    for (let i = 0; i < 6; i++)
      await call(i, "/api/progress/word", user, { method: "POST", body: { wordId: 1001, delta: 1 } });
    const health = await Promise.all([0, 1].map(async (i) => (await call(i, "/api/health", user)).json()));
    expect(health).toEqual([health[0], health[0]]);
    expect(health[0]).toMatchObject({ database: "postgres", words: 12 });
  });

  it("a purchase delivered to one instance reaches the other's cached plan", async () => {
    const user = newUser();
    const planAt = async (i: number) =>
      ((await (await call(i, "/api/me/entitlements", user)).json()) as { entitlement: string }).entitlement;
    expect(await planAt(1)).toBe("free"); // instance 1 now holds the user's (empty) entitlements
    const event = {
      api_version: "1.0",
      event: {
        id: `evt-${user}`,
        type: "INITIAL_PURCHASE",
        app_user_id: user,
        entitlement_ids: ["plus"],
        event_timestamp_ms: Date.now(),
      },
    };
    const res = await fetch(`${servers[0]?.url}/api/webhooks/revenuecat`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(res.status).toBe(200);
    expect(await planAt(0)).toBe("plus");
    // Instance 1 hears the NOTIFY: within a second, never a stale answer for long.
    const deadline = Date.now() + 1000;
    while ((await planAt(1)) !== "plus" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await planAt(1)).toBe("plus");
  });

  it("shares rate-limit counts across instances through Redis", async () => {
    const user = newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 44; i++) statuses.push((await call(i, "/api/health", user)).status);
    // 40 allowed in the window in all, whichever instance answered.
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429]);
  });
});
