// Reminders (issue 30.2): the routes, and the sender against a push service on localhost (an HTTP server that
// answers as the browser vendors' do: 201 for a delivered message, 410 for a subscription that is gone).
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import * as t from "../src/db/schema.ts";
import { parseEnv } from "../src/env.ts";
import { vapidKeys } from "../src/reminders.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const webpushPair = () => webpush.generateVAPIDKeys();

type Received = { path: string; headers: IncomingMessage["headers"]; bytes: number };

/** A push service: /ok/... delivers (201), /gone/... answers 410 as for an expired subscription. */
async function pushService(): Promise<{ base: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (c: Buffer) => {
      bytes += c.length;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, bytes });
      res.writeHead(req.url?.startsWith("/gone/") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: a real P-256 key and auth secret, so that web-push encrypts to it. */
function subscription(endpoint: string, language = "en") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    language,
  };
}

describe.each(BACKENDS)("reminders on %s", (backend) => {
  let h: TestApp;
  let push: Awaited<ReturnType<typeof pushService>>;
  beforeAll(async () => {
    h = await startApp(backend);
    push = await pushService();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await push?.close();
  });

  const inject = (method: "GET" | "PATCH" | "POST", url: string, user: string | null, payload?: object) =>
    h.app.inject({ method, url, headers: user ? as(user) : {}, ...(payload && { payload }) });

  /** A learner in `timeZone` with reminders on at `time` and one browser at `path` of the push service. */
  async function learner(time: string, timeZone: string, path: string, extra: object = {}) {
    const user = newUser();
    expect((await inject("PATCH", "/api/review/settings", user, { timeZone })).statusCode).toBe(200);
    const on = await inject("PATCH", "/api/reminders", user, {
      enabled: true,
      time,
      quietStart: null,
      quietEnd: null,
      ...extra,
    });
    expect(on.statusCode).toBe(200);
    const sub = subscription(`${push.base}/${path}/${randomUUID()}`);
    expect((await inject("POST", "/api/reminders/subscriptions", user, sub)).statusCode).toBe(201);
    return { user, sub };
  }
  const deliveredTo = (endpoint: string) => push.received.filter((r) => endpoint.endsWith(r.path)).length;

  describe("routes", () => {
    it("are in the OpenAPI document", async () => {
      const doc = (await h.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
        paths: Record<string, unknown>;
      };
      for (const p of [
        "/api/reminders",
        "/api/reminders/subscriptions",
        "/api/reminders/unsubscribe",
        "/api/reminders/off",
      ])
        expect(Object.keys(doc.paths)).toContain(p);
    });

    it("answers the defaults, the time zone and the VAPID public key", async () => {
      const user = newUser();
      const res = await inject("GET", "/api/reminders", user);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        enabled: false,
        time: "19:00",
        days: [0, 1, 2, 3, 4, 5, 6],
        quietStart: "22:00",
        quietEnd: "07:00",
        timeZone: "UTC",
        subscriptions: 0,
      });
      expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      // The same key pair on every read (kept in the database).
      const again = await inject("GET", "/api/reminders", newUser());
      expect(again.json().publicKey).toBe(body.publicKey);
      const keys = await vapidKeys(h.database.db, { VAPID_SUBJECT: "mailto:x@example.com" });
      expect(keys.publicKey).toBe(body.publicKey);
    });

    it("needs a user", async () => {
      expect((await inject("GET", "/api/reminders", null)).statusCode).toBe(401);
      expect((await inject("PATCH", "/api/reminders", null, { enabled: true })).statusCode).toBe(401);
    });

    it("keeps the settings, and refuses bad ones with the field named", async () => {
      const user = newUser();
      const ok = await inject("PATCH", "/api/reminders", user, { enabled: true, time: "07:30", days: [1, 3, 5] });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ enabled: true, time: "07:30", days: [1, 3, 5], quietStart: "22:00" });
      const off = await inject("PATCH", "/api/reminders", user, { quietStart: null, quietEnd: null });
      expect(off.json()).toMatchObject({ enabled: true, time: "07:30", quietStart: null, quietEnd: null });
      for (const [body, field] of [
        [{ time: "24:00" }, "time"],
        [{ time: "7:30" }, "time"],
        [{ days: [1, 1] }, "days"],
        [{ days: [7] }, "days"],
        [{ enabled: "yes" }, "enabled"],
        [{ other: 1 }, "other"],
      ] as const) {
        const res = await inject("PATCH", "/api/reminders", user, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message).toContain(field);
      }
      // One quiet time without the other.
      const half = await inject("PATCH", "/api/reminders", user, { quietStart: "22:00" });
      expect(half.statusCode).toBe(400);
      expect(half.json().error.message).toContain("quietStart");
      expect((await inject("GET", "/api/reminders", user)).json()).toMatchObject({ quietStart: null, quietEnd: null });
    });

    it("keeps subscriptions, replaces one by its endpoint, forgets one, and refuses bad ones", async () => {
      const user = newUser();
      const sub = subscription(`${push.base}/ok/${randomUUID()}`, "ar");
      const first = await inject("POST", "/api/reminders/subscriptions", user, sub);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ subscriptions: 1 });
      expect((await inject("POST", "/api/reminders/subscriptions", user, sub)).json()).toEqual({ subscriptions: 1 });
      const [row] = await h.database.db
        .select()
        .from(t.pushSubscriptions)
        .where(eq(t.pushSubscriptions.endpoint, sub.endpoint));
      expect(row?.language).toBe("ar");
      for (const bad of [
        { ...sub, endpoint: "ftp://push.example/x" },
        { ...sub, keys: { p256dh: "a b", auth: sub.keys.auth } },
        { ...sub, keys: { p256dh: sub.keys.p256dh } },
        { ...sub, language: "de" },
      ]) {
        expect((await inject("POST", "/api/reminders/subscriptions", user, bad)).statusCode).toBe(400);
      }
      // Another learner cannot forget it.
      const other = await inject("POST", "/api/reminders/unsubscribe", newUser(), { endpoint: sub.endpoint });
      expect(other.json()).toEqual({ subscriptions: 0 });
      const gone = await inject("POST", "/api/reminders/unsubscribe", user, { endpoint: sub.endpoint });
      expect(gone.json()).toEqual({ subscriptions: 0 });
    });

    it("turns reminders off from the notification with the subscription's endpoint", async () => {
      const { user, sub } = await learner("19:00", "UTC", "ok");
      const off = await inject("POST", "/api/reminders/off", null, { endpoint: sub.endpoint });
      expect(off.statusCode).toBe(200);
      expect((await inject("GET", "/api/reminders", user)).json().enabled).toBe(false);
      const unknown = await inject("POST", "/api/reminders/off", null, { endpoint: `${push.base}/ok/unknown` });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("the sender", () => {
    it("sends once at the reminder time in the learner's time zone, then the next day", async () => {
      const { sub } = await learner("19:00", "Europe/Paris", "ok");
      const tick = (iso: string) => h.app.reminders.tick(new Date(iso));
      // 2026-11-27 18:59 in Paris (UTC+1): not yet.
      await tick("2026-11-27T17:59:00Z");
      expect(deliveredTo(sub.endpoint)).toBe(0);
      await tick("2026-11-27T18:00:30Z");
      expect(deliveredTo(sub.endpoint)).toBe(1);
      const msg = push.received.find((r) => sub.endpoint.endsWith(r.path));
      expect(msg?.headers["content-encoding"]).toBe("aes128gcm");
      expect(String(msg?.headers.authorization)).toMatch(/^vapid t=.+, k=/);
      expect(msg?.bytes).toBeGreaterThan(100);
      // Never more than one a day.
      await tick("2026-11-27T18:30:00Z");
      await tick("2026-11-27T20:59:00Z");
      expect(deliveredTo(sub.endpoint)).toBe(1);
      await tick("2026-11-28T18:01:00Z");
      expect(deliveredTo(sub.endpoint)).toBe(2);
    });

    it("sends nothing in quiet hours, on a day not chosen, or when turned off", async () => {
      const quiet = await learner("21:00", "UTC", "ok", { quietStart: "20:00", quietEnd: "23:00" });
      await h.app.reminders.tick(new Date("2026-11-27T21:30:00Z"));
      expect(deliveredTo(quiet.sub.endpoint)).toBe(0);
      // 2026-11-27 is a Friday (5).
      const weekend = await learner("08:00", "UTC", "ok", { days: [0, 6] });
      await h.app.reminders.tick(new Date("2026-11-27T09:00:00Z"));
      expect(deliveredTo(weekend.sub.endpoint)).toBe(0);
      await h.app.reminders.tick(new Date("2026-11-28T09:00:00Z"));
      expect(deliveredTo(weekend.sub.endpoint)).toBe(1);
      const off = await learner("08:00", "UTC", "ok");
      await inject("PATCH", "/api/reminders", off.user, { enabled: false });
      await h.app.reminders.tick(new Date("2026-11-29T09:00:00Z"));
      expect(deliveredTo(off.sub.endpoint)).toBe(0);
    });

    it("sends nothing once the day's goal is met", async () => {
      const { user, sub } = await learner("00:00", "UTC", "ok");
      expect((await inject("PATCH", "/api/review/settings", user, { dailyGoal: 1 })).statusCode).toBe(200);
      const words = (await inject("GET", "/api/words?moduleId=1&limit=1&language=en", user)).json().items as {
        id: number;
      }[];
      const event = {
        id: randomUUID(),
        wordId: words[0]?.id,
        at: new Date().toISOString(),
        game: "flashcards",
        outcome: "right",
      };
      expect((await inject("POST", "/api/review/events", user, { events: [event] })).statusCode).toBe(200);
      const result = await h.app.reminders.tick(new Date());
      expect(result.goalMet).toBeGreaterThanOrEqual(1);
      expect(deliveredTo(sub.endpoint)).toBe(0);
    });

    it("drops a subscription its push service answers 410 for", async () => {
      const { user, sub } = await learner("19:00", "UTC", "gone");
      const result = await h.app.reminders.tick(new Date("2026-11-27T19:05:00Z"));
      expect(result.dropped).toBeGreaterThanOrEqual(1);
      expect(deliveredTo(sub.endpoint)).toBe(1);
      expect((await inject("GET", "/api/reminders", user)).json().subscriptions).toBe(0);
    });
  });

  it("keeps a linked device's browser: its subscription moves to the learner it joins", async () => {
    const a = await learner("19:00", "UTC", "ok");
    const b = await learner("20:00", "UTC", "ok");
    const code = (await inject("POST", "/api/me/link-codes", a.user)).json().code as string;
    expect((await inject("POST", "/api/me/link", b.user, { code, confirm: true })).statusCode).toBe(200);
    // Device b now speaks for learner a: a's settings, both browsers.
    const after = (await inject("GET", "/api/reminders", b.user)).json();
    expect(after).toMatchObject({ enabled: true, time: "19:00", subscriptions: 2 });
    const rows = await h.database.db
      .select()
      .from(t.pushSubscriptions)
      .where(eq(t.pushSubscriptions.endpoint, b.sub.endpoint));
    expect(rows).toHaveLength(1);
  });

  it.runIf(backend === "postgres")("with two instances on one database, sends each reminder once", async () => {
    const second = await startApp("postgres", {}, { sharing: h });
    try {
      const { sub } = await learner("19:00", "Asia/Tokyo", "ok");
      // 19:00 in Tokyo is 10:00 UTC: both instances look at the same moment, and again a minute later.
      const at = new Date("2026-12-01T10:00:00Z");
      await Promise.all([h.app.reminders.tick(at), second.app.reminders.tick(at)]);
      const later = new Date("2026-12-01T10:01:00Z");
      await Promise.all([h.app.reminders.tick(later), second.app.reminders.tick(later)]);
      expect(deliveredTo(sub.endpoint)).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe("the reminder settings of the environment", () => {
  const pair = webpushPair();
  it("takes both VAPID keys or neither, a mailto: or https: subject, and a tick interval", () => {
    expect(parseEnv({})).toMatchObject({ REMINDERS_EVERY: 60_000, VAPID_SUBJECT: "mailto:reminders@localhost" });
    expect(
      parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, REMINDERS_EVERY: "30s" }),
    ).toMatchObject({ VAPID_PUBLIC_KEY: pair.publicKey, REMINDERS_EVERY: 30_000 });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: the VAPID keys go together/,
    );
    expect(() => parseEnv({ VAPID_SUBJECT: "ops@example.com" })).toThrow(/VAPID_SUBJECT: must be a mailto:/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
  });
  it("uses the keys of the environment when given", async () => {
    const keys = await vapidKeys(null as never, {
      ...pair,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "https://ivrit.example",
    });
    expect(keys).toEqual({ publicKey: pair.publicKey, privateKey: pair.privateKey, subject: "https://ivrit.example" });
  });
});
