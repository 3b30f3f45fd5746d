// Issue 13, tried as an attacker and as an operator would: limits that cannot be walked around, a 4xx naming the
// field for every bad input, health that says when the database is gone, plain storage faults, honest static answers.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";
import { freePort } from "./process.ts";

type Res = { statusCode: number; json: () => { error: { code: string; message: string } } };
const codes = (list: Res[]) => list.map((r) => r.statusCode);

/** A pino destination that keeps every line, to read what the app logged. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

describe.each(BACKENDS)("rate limits on %s", (backend) => {
  let h: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    // 5 a minute per address, 3 per device: small enough to reach, so each bypass is seen to end in 429.
    h = await startApp(backend, { RATE_LIMIT_ADDRESS_MAX: 5, RATE_LIMIT_MAX: 3 });
    proxied = await startApp(backend, { RATE_LIMIT_ADDRESS_MAX: 5, RATE_LIMIT_MAX: 3, TRUST_PROXY: ["10.0.0.1"] });
  });
  afterAll(async () => {
    await h?.close();
    await proxied?.close();
  });
  // Each test speaks from its own address (the proxy-less app sees the TCP peer: light-my-request's remoteAddress).
  let n = 0;
  const address = () => `198.51.100.${++n}`;

  it("a new id on every request does not make a new budget: the address has one", async () => {
    const from = address();
    const res = [];
    for (let i = 0; i < 7; i++)
      res.push(await h.app.inject({ url: "/api/health", remoteAddress: from, headers: as(randomUUID()) }));
    expect(codes(res)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(res[5]?.json().error).toMatchObject({ code: "rate_limited", message: /from this address/ });
    expect(res[5]?.headers["retry-after"]).toMatch(/^\d+$/);
    // Another address still has its own budget.
    expect((await h.app.inject({ url: "/api/health", remoteAddress: address() })).statusCode).toBe(200);
  });

  it("X-Forwarded-For is ignored unless the peer is a proxy named in TRUST_PROXY", async () => {
    const from = address();
    const spoofed = [];
    for (let i = 0; i < 6; i++)
      spoofed.push(
        await h.app.inject({
          url: "/api/health",
          remoteAddress: from,
          headers: { ...as(randomUUID()), "x-forwarded-for": `203.0.113.${i}` },
        }),
      );
    expect(codes(spoofed).at(-1)).toBe(429);
    // Behind the named proxy each forwarded client has its own budget...
    for (let i = 0; i < 6; i++) {
      const res = await proxied.app.inject({
        url: "/api/health",
        remoteAddress: "10.0.0.1",
        headers: { "x-forwarded-for": `192.0.2.${i + 10}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // ...and a client that is not the proxy cannot claim to be forwarded.
    const direct = address();
    const claimed = [];
    for (let i = 0; i < 6; i++)
      claimed.push(
        await proxied.app.inject({
          url: "/api/health",
          remoteAddress: direct,
          headers: { "x-forwarded-for": `192.0.2.${i + 100}` },
        }),
      );
    expect(codes(claimed).at(-1)).toBe(429);
  });

  it("a percent-encoded path is limited like the plain one", async () => {
    const from = address();
    const res = [];
    for (const url of [
      "/api/health",
      "/%61pi/health",
      "/%61%70%69/health",
      "/api/%68ealth",
      "/%61pi/health",
      "/%61pi/words",
    ])
      res.push(await h.app.inject({ url, remoteAddress: from }));
    // The router serves the encoded spellings (they are real requests), and each one counts.
    expect(codes(res)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("upper- and lower-case spellings of one id share the device's budget", async () => {
    const id = randomUUID();
    const from = address();
    const res = [];
    for (const spelling of [id, id.toUpperCase(), ` ${id.toUpperCase()} `, id])
      res.push(
        await h.app.inject({ url: "/api/health", remoteAddress: from, headers: { "x-anonymous-id": spelling } }),
      );
    expect(codes(res)).toEqual([200, 200, 200, 429]);
    expect(res[3]?.json().error.message).toMatch(/from this device/);
  });

  it("a device keeps its budget across addresses (mobile networks change them)", async () => {
    const id = newUser();
    const res = [];
    for (let i = 0; i < 4; i++)
      res.push(await h.app.inject({ url: "/api/health", remoteAddress: address(), headers: as(id) }));
    expect(codes(res)).toEqual([200, 200, 200, 429]);
  });
});

describe("rate limits while Redis is down", () => {
  it("fall back to this process's counts and say so once in the app's log", async () => {
    const port = await freePort(); // nothing listens there
    const log = logLines();
    const consoleError = vi.spyOn(console, "error");
    const h = await startApp(
      "pglite",
      { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_ADDRESS_MAX: 4, RATE_LIMIT_MAX: 100 },
      { logger: log.logger },
    );
    try {
      const res = [];
      for (let i = 0; i < 6; i++) {
        res.push(await h.app.inject({ url: "/api/health", headers: as(randomUUID()) }));
        await new Promise((r) => setTimeout(r, 150)); // ioredis retries meanwhile, and fails each time
      }
      expect(codes(res)).toEqual([200, 200, 200, 200, 429, 429]);
      const said = log.lines.filter((l) => String(l.msg).includes("Redis"));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/Redis is unreachable/) });
      expect(consoleError.mock.calls.filter((c) => String(c[0]).includes("ioredis"))).toEqual([]);
    } finally {
      consoleError.mockRestore();
      await h.close();
    }
  });
});

const SECRET = "hardening-test-webhook-secret";

describe.each(BACKENDS)("bad input on %s: a 4xx naming the field, never a 500", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { REVENUECAT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => h?.close());

  const expect400 = (res: Res, field: RegExp) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json().error.message).toMatch(field);
  };
  // Deep nesting is spliced in as text: stringifying it here would overflow the test's own stack.
  const DEEP = "@deep";
  const json = (body: unknown, depth = 0) =>
    JSON.stringify(body).replace(`"${DEEP}"`, `${'{"a":'.repeat(depth)}"bottom"${"}".repeat(depth)}`);
  const headers = (more: Record<string, string>) => ({ ...more, "content-type": "application/json" });
  const play = (body: Record<string, unknown>, depth = 0) =>
    h.app.inject({
      method: "POST",
      url: "/api/game/play",
      headers: headers(as(newUser())),
      payload: json({ gameName: "flashcards", language: "en", sessionId: randomUUID(), ...body }, depth),
    });
  const webhook = (event: Record<string, unknown>, extra: Record<string, unknown> = {}, depth = 0) =>
    h.app.inject({
      method: "POST",
      url: "/api/webhooks/revenuecat",
      headers: headers({ authorization: `Bearer ${SECRET}` }),
      payload: json(
        {
          api_version: "1.0",
          ...extra,
          event: {
            id: randomUUID(),
            type: "INITIAL_PURCHASE",
            app_user_id: newUser(),
            entitlement_ids: ["plus"],
            event_timestamp_ms: Date.now(),
            ...event,
          },
        },
        depth,
      ),
    });

  it("refuses NUL and unpaired surrogates in a play's sessionId and meta", async () => {
    expect400(await play({ sessionId: "a\u0000b" }), /^body\.sessionId: must not contain NUL/);
    expect400(await play({ meta: { "k\u0000": 1 } }), /^body\.meta\.k\u0000: key must not contain NUL/);
    expect400(await play({ meta: { note: "x\u0000y" } }), /^body\.meta\.note: must not contain NUL/);
    expect400(await play({ meta: { list: ["ok", "\ud800"] } }), /^body\.meta\.list\.1: must not contain/);
    // The same play without the bad characters is stored.
    expect((await play({ meta: { note: "xy", list: ["ok", "😀"] } })).statusCode).toBe(201);
  });

  it("bounds a play's meta: depth and size", async () => {
    expect400(await play({ meta: { deep: DEEP } }, 4500), /^body\.meta\.deep(\.a)+: must not be nested more than 8/);
    expect400(await play({ meta: { big: "x".repeat(5000) } }), /^body\.meta: must be at most 4096 bytes/);
    expect((await play({ meta: { deep: DEEP } }, 6)).statusCode).toBe(201);
  });

  it("refuses NUL in a webhook's id, app_user_id and stored payload", async () => {
    expect400(await webhook({ id: "evt\u0000" }), /^body\.event\.id: must not contain NUL/);
    expect400(await webhook({ app_user_id: "\u0000" }), /^body\.event\.app_user_id: must not contain NUL/);
    expect400(await webhook({ store: "APP\u0000STORE" }), /^body\.event\.store: must not contain NUL/);
    expect400(await webhook({}, { extra: { "x\u0000": 1 } }), /^body\.extra\.x\u0000: key must not contain NUL/);
    expect400(
      await webhook({ subscriber_attributes: DEEP }, {}, 4500),
      /^body\.event\.subscriber_attributes(\.a)+: must not be nested more than 32/,
    );
  });

  it("refuses webhook timestamps outside 1970-9999", async () => {
    for (const t of [1e300, -1e20, -1])
      expect400(
        await webhook({ event_timestamp_ms: t }),
        /^body\.event\.event_timestamp_ms: must be a time in ms between 1970 and 9999/,
      );
    for (const t of [1e300, -1e20])
      expect400(
        await webhook({ expiration_at_ms: t }),
        /^body\.event\.expiration_at_ms: must be a time in ms between 1970 and 9999/,
      );
    const ok = await webhook({ expiration_at_ms: Date.now() + 86_400_000 });
    expect(ok.statusCode).toBe(200);
  });

  it("takes moduleId only as a plain decimal integer", async () => {
    for (const spelling of ["0x1", "1e0", " 1", "01", "1.0", "+1", "1 ", "0", "-1", "99999999999"]) {
      const res = await h.app.inject({ url: `/api/words?moduleId=${encodeURIComponent(spelling)}` });
      expect(res.statusCode, spelling).toBe(400);
      expect(res.json().error).toEqual({ code: "invalid_module_id", message: "Invalid moduleId" });
    }
    expect((await h.app.inject({ url: "/api/words?moduleId=1" })).statusCode).toBe(200);
    const user = newUser();
    const set = (module_id: unknown) =>
      h.app.inject({ method: "POST", url: "/api/me/active-module", headers: as(user), payload: { module_id } });
    expect((await set("01")).statusCode).toBe(400);
    expect((await set(1.5)).statusCode).toBe(400);
    expect((await set("1")).statusCode).toBe(200);
  });
});
