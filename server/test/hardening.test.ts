// Issue 13, tried as an attacker and as an operator would: limits that cannot be walked around, a 4xx naming the
// field for every bad input, health that says when the database is gone, plain storage faults, honest static answers.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { boot } from "../src/boot.ts";
import { wordProgress } from "../src/db/schema.ts";
import { parseEnv } from "../src/env.ts";
import {
  as,
  BACKENDS,
  FIXTURE_CONTENT,
  freshPostgres,
  logLines,
  newUser,
  SERVER_DIR,
  startApp,
  type TestApp,
} from "./helpers.ts";
import { freePort, killHard, startServer, startsTimeout } from "./process.ts";

type Res = { statusCode: number; json: () => { error: { code: string; message: string } } };
const codes = (list: Res[]) => list.map((r) => r.statusCode);

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

describe("TRUST_PROXY", () => {
  it("takes addresses, CIDR ranges and proxy-addr's names, and refuses anything else", () => {
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "loopback",
      "::1",
      "fd00::/8",
    ]);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    for (const bad of ["true", "*", "10.0.0.0/33", "example.com", "10.0.0.1,", "1.2.3.4/8/8"])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
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

describe("rate limits when Redis goes away and comes back", () => {
  const REDIS = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  it("count per process meanwhile, then in Redis again, saying each change once", async () => {
    const proxy = await tcpProxy(REDIS.hostname, Number(REDIS.port || 6379));
    const log = logLines();
    const h = await startApp(
      "pglite",
      { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_ADDRESS_MAX: 1000, RATE_LIMIT_MAX: 3 },
      { logger: log.logger },
    );
    const direct = new Redis(REDIS.toString(), { lazyConnect: true });
    const hit = (id: string) => h.app.inject({ url: "/api/health", headers: as(id) });
    const said = (re: RegExp) => log.lines.filter((l) => re.test(String(l.msg)));
    const waitFor = async (re: RegExp) => {
      for (let i = 0; i < 100 && said(re).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    };
    /** Waits for the app's client to connect: a warm-up device's hits are counted in Redis, not in the process. */
    const countedInRedis = async () => {
      const warm = newUser();
      for (let i = 0; i < 400; i++) {
        await hit(warm);
        if ((await direct.exists(`ivrit-rl:d:${warm}`)) === 1) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("the app's rate limiter never counted in Redis");
    };
    try {
      await direct.connect();
      await countedInRedis();
      const before = newUser();
      expect(codes(await Promise.all([1, 2, 3].map(() => hit(before))))).toEqual([200, 200, 200]);
      expect(await direct.get(`ivrit-rl:d:${before}`)).toBe("3"); // counted in Redis

      await proxy.cut();
      const during = newUser();
      const res = [];
      for (let i = 0; i < 4; i++) res.push(await hit(during));
      expect(codes(res)).toEqual([200, 200, 200, 429]); // still limited, by this process
      expect(await direct.exists(`ivrit-rl:d:${during}`)).toBe(0);
      await waitFor(/Redis is unreachable/);
      expect(said(/Redis is unreachable/)).toHaveLength(1);

      await proxy.restore();
      await waitFor(/Redis is reachable again/);
      expect(said(/Redis is reachable again/)).toHaveLength(1);
      const after = newUser();
      await hit(after);
      expect(await direct.get(`ivrit-rl:d:${after}`)).toBe("1"); // shared again
      expect(said(/Redis is unreachable/)).toHaveLength(1);
    } finally {
      direct.disconnect();
      await h.close();
      await proxy.close();
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
    expect400(await play({ meta: { "k\u0000": 1 } }), /^body\.meta\.k.: key must not contain NUL/);
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
    expect400(await webhook({}, { extra: { "x\u0000": 1 } }), /^body\.extra\.x.: key must not contain NUL/);
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

/** A TCP proxy the test controls: cutting it is a real outage of the database from the app's side. */
async function tcpProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host, port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const listenPort = (server.address() as AddressInfo).port;
  return {
    port: listenPort,
    /** Stops accepting (new connections are refused) and drops every open one. */
    cut: async () => {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: () => new Promise<void>((r) => server.listen(listenPort, "127.0.0.1", r)),
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise((r) => server.close(r));
    },
  };
}

describe.each(BACKENDS)("health on %s", (backend) => {
  it("checks the database: 200 with the counts; /health/live answers for the process alone", async () => {
    const h = await startApp(backend);
    try {
      const res = await h.app.inject({ url: "/api/health" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", database: backend, modules: 4, words: 12 });
      expect((await h.app.inject({ url: "/api/health/live" })).json()).toEqual({ status: "ok" });
      // The database gone (closed under the app): health says so, live does not.
      await h.database.close();
      const down = await h.app.inject({ url: "/api/health" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: "unavailable", database: backend, reason: expect.any(String) });
      expect(down.headers["retry-after"]).toBe("5");
      expect((await h.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL unreachable, then back", () => {
  it("answers 503 with a retry hint while it is down and 200 after, with no restart", async () => {
    const pgdb = await freshPostgres();
    const real = new URL(pgdb.url);
    const proxy = await tcpProxy(real.hostname, Number(real.port || 5432));
    const viaProxy = new URL(pgdb.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const booted = await boot({ databaseUrl: viaProxy.toString(), dataDir: "memory://", contentDir: FIXTURE_CONTENT });
    const log = logLines();
    const app = await buildApp({
      deps: { database: booted.database, cache: booted.cache, plans: booted.plans },
      env: { RATE_LIMIT_MAX: 100_000, RATE_LIMIT_WINDOW_MS: 60_000, BODY_LIMIT: 65536, CONTENT_DIR: FIXTURE_CONTENT },
      logger: { ...log.logger, level: "warn" },
    });
    const user = newUser();
    const write = () =>
      app.inject({ method: "POST", url: "/api/progress/word", headers: as(user), payload: { wordId: 1001, delta: 1 } });
    try {
      expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(200);

      await proxy.cut();
      const health = await app.inject({ url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "unavailable", database: "postgres" });
      expect(health.json().reason).toMatch(/^database unreachable/);
      const failed = await write();
      expect(failed.statusCode).toBe(503);
      expect(failed.headers["retry-after"]).toBe("5");
      expect(failed.json().error.code).toBe("database_unavailable");
      expect((await app.inject({ url: "/api/me", headers: as(user) })).statusCode).toBe(503);
      expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
      expect(log.lines.some((l) => /request failed: database unreachable/.test(String(l.msg)))).toBe(true);
      expect(log.lines.filter((l) => Number(l.level) >= 50)).toEqual([]); // an outage is not an error of ours

      await proxy.restore();
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await app.inject({ url: "/api/health" })).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
      expect((await write()).statusCode).toBe(200);
      const me = await app.inject({ url: "/api/me", headers: as(user) });
      expect(me.statusCode).toBe(200);
      const [row] = await booted.database.db.select().from(wordProgress);
      expect(row?.score).toBe(2); // the write refused during the outage was not half-done
    } finally {
      await app.close();
      await booted.close();
      await proxy.close();
      await pgdb.drop();
    }
  });
});

/** Runs the server where it must refuse to start: its exit code and everything it printed. */
function startRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(SERVER_DIR, "src", "main.ts")], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: "warn", CONTENT_DIR: FIXTURE_CONTENT, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

const isRoot = process.getuid?.() === 0;
/** A small file system of the test's own (tmpfs), to make a full or read-only disk for real. */
function mountTmpfs(dir: string, options: string): boolean {
  if (!isRoot || process.platform !== "linux") return false;
  return spawnSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir]).status === 0;
}
const canMount = (() => {
  const dir = mkdtempSync(join(tmpdir(), "ivrit-mount-probe-"));
  const ok = mountTmpfs(dir, "size=1m");
  if (ok) spawnSync("umount", [dir]);
  rmSync(dir, { recursive: true, force: true });
  return ok;
})();

// Its tests start up to two real servers each (process.ts: START_MS a start).
describe("the PGlite data directory", { timeout: startsTimeout(2) }, () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(join(tmpdir(), "ivrit-hardening-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) {
      spawnSync("umount", [d]);
      rmSync(d, { recursive: true, force: true });
    }
  });

  it("starts although a lock file names a live, unrelated process; refuses a second live server", async () => {
    const dataDir = newDir();
    // kill -9 left the old pid file, and the pid now belongs to some other live process.
    const unrelated = spawn("sleep", ["60"]);
    writeFileSync(join(dataDir, "ivrit.lock"), String(unrelated.pid));
    const first = await startServer({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT });
    try {
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      const second = await startRefused({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
      // The same directory by another path (a symlink) is the same lock.
      const link = join(newDir(), "link");
      symlinkSync(dataDir, link);
      expect((await startRefused({ DATA_DIR: link })).output).toContain(`is in use by process ${first.child.pid}`);
    } finally {
      unrelated.kill();
      await killHard(first);
    }
    // The kernel released the lock with the process: the next start needs no cleanup.
    const third = await startServer({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT });
    await third.stop();
  });

  it.skipIf(!canMount)("says a read-only data directory is read-only", async () => {
    const dataDir = newDir();
    expect(mountTmpfs(dataDir, "size=8m,ro")).toBe(true);
    const res = await startRefused({ DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.output).toContain(`DATA_DIR ${dataDir}: data directory is read-only`);
  });

  it.skipIf(!canMount)("names a full disk in the 5xx log line, and writes again once there is room", async () => {
    const dataDir = newDir();
    expect(mountTmpfs(dataDir, "size=120m")).toBe(true);
    const server = await startServer({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT });
    const play = (sessionId: string) =>
      fetch(`${server.url}/api/game/play`, {
        method: "POST",
        headers: { ...as(newUser()), "content-type": "application/json" },
        body: JSON.stringify({ gameName: "flashcards", language: "en", sessionId, meta: { pad: "x".repeat(3000) } }),
      });
    try {
      expect((await play("before")).status).toBe(201);
      const filler = join(dataDir, "filler");
      spawnSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=1M", "count=200"]); // stops at the end of the disk
      // The pages already allocated take a few more rows; then the disk is full.
      let status = 0;
      for (let i = 0; i < 100 && status !== 500; i++) status = (await play(`while-full-${i}`)).status;
      expect(status).toBe(500);
      // The log line travels through the child's stdout pipe, which may arrive after the HTTP answer.
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toMatch(/"reason":"no space left on device","msg":"request failed: no space left on device"/);
      rmSync(filler);
      expect((await play("after")).status).toBe(201);
    } finally {
      await server.stop();
    }
  });

  it.skipIf(!canMount)("says a full disk is full at first start", async () => {
    const dataDir = newDir();
    expect(mountTmpfs(dataDir, "size=2m")).toBe(true);
    const res = await startRefused({ DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/no space left on device/);
    expect(res.output).not.toMatch(/ErrnoError/);
  });
});

describe.each(BACKENDS)("static answers on %s", (backend) => {
  const dist = mkdtempSync(join(tmpdir(), "ivrit-dist-"));
  let h: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>ivrit</title>");
    writeFileSync(join(dist, "assets", "app-1.js"), "console.log(1)");
    h = await startApp(backend, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/audio/x.mp3", "/audio/words/none.mp3", "/%61udio/x.mp3", "/assets/app-0.js", "/assets/", "/assets"])(
    "answers a missing file %s with 404, not the page",
    async (url) => {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await h.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
      }
    },
  );

  it("keeps the page for the app's routes", async () => {
    const res = await h.app.inject({ url: "/game/1/flashcards" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>ivrit</title>");
  });

  it("answers HEAD wherever GET answers: same status and headers, no body", async () => {
    const audio = readdirSync(join(FIXTURE_CONTENT, "audio", "words"))[0];
    for (const url of [
      "/",
      "/home",
      "/assets/app-1.js",
      `/audio/words/${audio}`,
      "/api/health",
      "/api/health/live",
      "/api/words?moduleId=1",
      "/api/beginner/letters",
      "/api/nothing",
    ]) {
      const get = await h.app.inject({ method: "GET", url });
      const head = await h.app.inject({ method: "HEAD", url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers["content-type"], url).toBe(get.headers["content-type"]);
      expect(head.body, url).toBe("");
    }
  });
});
