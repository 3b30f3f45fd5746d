// A learner behind the devices (issue 26) through app.inject, on every backend: link with and without a merge
// (afterwards every card is the replay of the united events), the plan across devices and TRANSFER, unlink, erase,
// recovery, expiry, single use, the limits on wrong codes, and a second instance seeing a link made on the first.
import { randomUUID } from "node:crypto";
import { answerModeOf, type Outcome } from "@ivrit/core/review";
import { replay } from "@ivrit/core/srs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { cardOf } from "../src/review/cards.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const SECRET = "test-webhook-secret-0123456789";
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
type Ev = { id: string; wordId: number; at: string; game: string; outcome: Outcome };
const ev = (id: string, wordId: number, at: string, outcome: Outcome = "right"): Ev => ({
  id,
  wordId,
  at,
  game: "review",
  outcome,
});

describe.each(BACKENDS)("learners and devices on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { REVENUECAT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => h?.close());

  const call = (device: string, method: "GET" | "POST" | "DELETE" | "PATCH", url: string, payload?: object) =>
    h.app.inject({ method, url, headers: as(device), ...(payload && { payload }) });
  const post = (device: string, events: Ev[]) => call(device, "POST", "/api/review/events", { events });
  const codeFor = async (device: string) => {
    const res = await call(device, "POST", "/api/me/link-codes");
    expect(res.statusCode).toBe(200);
    return res.json() as { code: string; expiresAt: string };
  };
  const link = (device: string, code: string, confirm?: boolean) =>
    call(device, "POST", "/api/me/link", { code, ...(confirm !== undefined && { confirm }) });
  const queue = async (device: string) => (await call(device, "GET", "/api/review/queue")).json();
  const learnerOf = async (device: string) =>
    (await h.database.db.select().from(t.devices).where(eq(t.devices.id, device)))[0]?.learnerId;
  const eventsOf = async (learner: string) =>
    (await h.database.db.select().from(t.reviewEvents).where(eq(t.reviewEvents.userId, learner))).map((e) => ({
      id: e.clientEventId,
      wordId: e.wordId,
      at: e.at,
      outcome: e.outcome as Outcome,
      mode: answerModeOf(e.game, e.exercise),
    }));

  it("links a fresh device: the code, a preview that changes nothing, then the learner's memory on both", async () => {
    const a = newUser();
    const b = newUser();
    expect((await post(a, [ev("a1", 1001, ago(DAY)), ev("a2", 1002, ago(1000))])).json().stored).toBe(2);
    const { code, expiresAt } = await codeFor(a);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const preview = await link(b, code.toLowerCase().replace("-", " "));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      linked: false,
      thisDevice: { answers: 0, plays: 0, words: 0 },
      learner: { devices: 1 },
    });
    expect(await learnerOf(b)).toBeUndefined(); // nothing changed

    const done = await link(b, code, true);
    expect(done.statusCode).toBe(200);
    expect(done.json().linked).toBe(true);
    expect(await learnerOf(b)).toBe(a);
    expect((await queue(b)).today.reviews).toBe((await queue(a)).today.reviews);
    // An answer on B is A's on the next read.
    expect((await post(b, [ev("b1", 1003, ago(10))])).json().stored).toBe(1);
    expect((await eventsOf(a)).map((e) => e.id).sort()).toEqual(["a1", "a2", "b1"]);
    const progress = (await call(a, "GET", "/api/review/progress")).json();
    expect(progress.today.reviews).toBe(2); // a2 and b1 today (a1 yesterday)
    // The same code again: used.
    const again = await link(newUser(), code, true);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe("code_used");
    // B asks to link to its own learner.
    const own = await link(b, (await codeFor(a)).code);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe("already_linked");
  });

  it("merges a device with progress of its own: events united by id, every card the replay of the union", async () => {
    const a = newUser();
    const b = newUser();
    // Both answered words 1001 and 1002 on interleaved days; B also 1004; one event id reached both (a retry).
    const aEvents = [
      ev("x1", 1001, ago(9 * DAY)),
      ev("x2", 1001, ago(5 * DAY), "wrong"),
      ev("x3", 1002, ago(4 * DAY)),
      ev("shared", 1002, ago(2 * DAY)),
    ];
    const bEvents = [
      ev("y1", 1001, ago(7 * DAY), "right_fast"),
      ev("y2", 1002, ago(6 * DAY)),
      ev("shared", 1002, ago(2 * DAY)),
      ev("y3", 1004, ago(3 * DAY), "wrong"),
      ev("y4", 1001, ago(1 * DAY)),
    ];
    expect((await post(a, aEvents)).json().stored).toBe(4);
    expect((await post(b, bEvents)).json().stored).toBe(5);
    await call(a, "PATCH", "/api/me", { preferredLanguage: "ar" });
    await call(b, "PATCH", "/api/me", { preferredLanguage: "fr" });
    await call(b, "PATCH", "/api/review/settings", { dailyGoal: 5 });
    expect(
      (
        await call(b, "POST", "/api/game/play", {
          userId: b,
          sessionId: "s-b",
          gameName: "translation_match",
          language: "fr",
          platform: "web",
        })
      ).statusCode,
    ).toBeLessThan(300);
    await call(b, "POST", "/api/progress/words", { userId: b, updates: [{ wordId: 1001, delta: 2 }] });
    await call(a, "POST", "/api/progress/words", { userId: a, updates: [{ wordId: 1001, delta: 1 }] });
    // Read B's cards once: its learner's cards exist before the merge (they must go, not linger).
    await queue(b);
    expect(await h.database.db.select().from(t.reviewCards).where(eq(t.reviewCards.userId, b))).toHaveLength(3);

    const { code } = await codeFor(a);
    const preview = (await link(b, code)).json();
    expect(preview.thisDevice).toEqual({ answers: 5, plays: 1, words: 1, devices: 1 });
    const done = await link(b, code, true);
    expect(done.json()).toMatchObject({ linked: true, thisDevice: { answers: 5 } });
    expect(typeof done.json().mergeMs).toBe("number");

    const union = await eventsOf(a);
    expect(union.map((e) => e.id).sort()).toEqual(["shared", "x1", "x2", "x3", "y1", "y2", "y3", "y4"]);
    await queue(a); // a read settles anything left to fold
    const cards = await h.database.db.select().from(t.reviewCards).where(eq(t.reviewCards.userId, a));
    expect(cards.map((c) => c.wordId).sort()).toEqual([1001, 1002, 1004]);
    for (const c of cards) {
      const replayed = replay(
        union.filter((e) => e.wordId === c.wordId),
        "UTC",
      );
      expect(cardOf(c)).toEqual(replayed);
    }
    expect(cards.find((c) => c.wordId === 1001)?.reps).toBe(4);
    // Nothing of B's old learner is left.
    for (const table of ["review_events", "review_cards", "review_days", "user_settings", "users"] as const) {
      const col = table === "users" ? sql.raw("id") : sql.raw("user_id");
      const { rows } = (await h.database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where ${col} = ${b}::uuid`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n, table).toBe(0);
    }
    // The days are the union's: 8 answers on 7 days; the preferences and settings are A's.
    const days = await h.database.db.select().from(t.reviewDays).where(eq(t.reviewDays.userId, a));
    expect(days.reduce((n, d) => n + d.answers, 0)).toBe(8);
    const me = (await call(b, "GET", "/api/me")).json();
    expect(me.preferredLanguage).toBe("ar");
    expect(me.userId).toBe(b); // the device's own id, never the learner's (another device's secret)
    expect((await call(b, "GET", "/api/review/settings")).json().dailyGoal).not.toBe(5);
    const plays = await h.database.db.select().from(t.gamePlays).where(eq(t.gamePlays.userId, a));
    expect(plays).toHaveLength(1);
    const [wp] = await h.database.db.select().from(t.wordProgress).where(eq(t.wordProgress.userId, a));
    expect(wp?.seen).toBe(2);
  });

  it("gives the plan to the learner on every device; a TRANSFER between their devices keeps it", async () => {
    const a = newUser();
    const b = newUser();
    await post(a, [ev("p1", 1001, ago(1000))]);
    await link(b, (await codeFor(a)).code, true);
    const deliver = (body: object) =>
      h.app.inject({
        method: "POST",
        url: "/api/webhooks/revenuecat",
        payload: body,
        headers: { authorization: `Bearer ${SECRET}` },
      });
    const now = Date.now();
    const rc = (type: string, over: Record<string, unknown>) => ({
      api_version: "1.0",
      event: {
        id: randomUUID(),
        type,
        entitlement_ids: ["pro"],
        product_id: "ivrit_pro_monthly",
        expiration_at_ms: now + 30 * DAY,
        event_timestamp_ms: Date.now(),
        ...over,
      },
    });
    expect((await deliver(rc("INITIAL_PURCHASE", { app_user_id: b }))).statusCode).toBe(200);
    const plan = async (d: string) => (await call(d, "GET", "/api/me/entitlements")).json().entitlement;
    expect(await plan(a)).toBe("pro");
    expect(await plan(b)).toBe("pro");
    // "Restore purchases" on A (same learner): a transfer from B to A keeps the plan on the learner.
    const transfer = (from: string, to: string) =>
      deliver(rc("TRANSFER", { app_user_id: to, transferred_from: [from], transferred_to: [to] }));
    expect((await transfer(b, a)).statusCode).toBe(200);
    expect(await plan(a)).toBe("pro");
    expect(await plan(b)).toBe("pro");
    // To a device of another learner: the plan moves there.
    const c = newUser();
    expect((await transfer(a, c)).statusCode).toBe(200);
    expect(await plan(c)).toBe("pro");
    expect(await plan(a)).toBe("free");
    expect(await plan(b)).toBe("free");
  });

  it("lists and unlinks devices: the unlinked one starts empty, the learner keeps everything; never the last", async () => {
    const a = newUser();
    const b = newUser();
    await post(a, [ev("u1", 1001, ago(1000))]);
    await link(b, (await codeFor(a)).code, true);
    const list = (await call(a, "GET", "/api/me/devices")).json().items as { id: string; thisDevice: boolean }[];
    expect(list).toHaveLength(2);
    expect(list.filter((d) => d.thisDevice)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(a);
    expect(JSON.stringify(list)).not.toContain(b);
    const other = list.find((d) => !d.thisDevice) as { id: string };
    const res = await call(a, "DELETE", `/api/me/devices/${other.id}`);
    expect(res.json()).toEqual({ unlinked: true, thisDevice: false });
    expect((await queue(b)).today.reviews).toBe(0);
    expect((await queue(a)).today.reviews).toBe(1);
    const [mine] = (await call(a, "GET", "/api/me/devices")).json().items as { id: string }[];
    const last = await call(a, "DELETE", `/api/me/devices/${mine?.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe("last_device");
    expect((await call(b, "DELETE", `/api/me/devices/${mine?.id}`)).statusCode).toBe(404);
    expect((await call(a, "DELETE", "/api/me/devices/not-an-id")).statusCode).toBe(400);
  });

  it("erases the learner's data on the server; their devices start empty", async () => {
    const a = newUser();
    const b = newUser();
    await post(a, [ev("e1", 1001, ago(1000)), ev("e2", 1002, ago(900))]);
    await link(b, (await codeFor(a)).code, true);
    await call(a, "POST", "/api/me/recovery-code");
    expect((await call(b, "DELETE", "/api/me/data", { confirm: "yes" })).statusCode).toBe(400);
    const res = await call(b, "DELETE", "/api/me/data", { confirm: "erase" });
    expect(res.json()).toEqual({ erased: true, answers: 2 });
    for (const table of ["review_events", "review_cards", "devices", "recovery_codes", "link_codes"] as const) {
      const col = sql.raw(table === "devices" || table.endsWith("codes") ? "learner_id" : "user_id");
      const { rows } = (await h.database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where ${col} = ${a}::uuid`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n, table).toBe(0);
    }
    expect((await queue(a)).today.reviews).toBe(0);
    expect((await queue(b)).today.reviews).toBe(0);
  });

  it("recovers the learner on a new device with the recovery code; a new code retires the old", async () => {
    const a = newUser();
    await post(a, [ev("r1", 1001, ago(DAY)), ev("r2", 1002, ago(1000))]);
    const first = (await call(a, "POST", "/api/me/recovery-code")).json();
    expect(first.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    const account = (await call(a, "GET", "/api/me/account")).json();
    expect(account.recoveryCodeAt).toBe(first.createdAt);
    expect(account.supportId).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    // Stored as a scrypt hash with a salt: the code itself is nowhere in the table.
    const stored = await h.database.db.select().from(t.recoveryCodes).where(eq(t.recoveryCodes.learnerId, a));
    expect(JSON.stringify(stored)).not.toContain(first.code.replaceAll("-", "").slice(4));
    const fresh = newUser();
    await post(fresh, [ev("f1", 1004, ago(500))]); // the new device answered one before recovering
    const res = await call(fresh, "POST", "/api/me/recover", { recoveryCode: first.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ supportId: account.supportId, merged: { answers: 1 } });
    expect((await queue(fresh)).today.reviews).toBe(2); // r2 and f1 today (r1 yesterday)
    expect(await eventsOf(a)).toHaveLength(3);
    // A new code: the old one stops working.
    const second = (await call(a, "POST", "/api/me/recovery-code")).json();
    expect(second.code).not.toBe(first.code);
    const old = await call(newUser(), "POST", "/api/me/recover", { recoveryCode: first.code });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe("invalid_code");
    expect((await call(newUser(), "POST", "/api/me/recover", { recoveryCode: second.code })).statusCode).toBe(200);
  });

  it("refuses an expired link code with 410", async () => {
    const a = newUser();
    const { code } = await codeFor(a);
    await h.database.db.execute(
      sql`update link_codes set expires_at = now() - interval '1 second' where learner_id = ${a}::uuid`,
    );
    const res = await link(newUser(), code, true);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe("code_expired");
    expect(res.json().error.message).toMatch(/10 minutes/);
  });

  it("limits wrong link codes per device and per address (429 with retry-after); codes are stored hashed", async () => {
    const a = newUser();
    const { code } = await codeFor(a);
    const rows = await h.database.db.select().from(t.linkCodes).where(eq(t.linkCodes.learnerId, a));
    expect(JSON.stringify(rows)).not.toContain(code.replace("-", ""));
    const guesser = newUser();
    const from = (address: string, device: string, c: string) =>
      h.app.inject({
        method: "POST",
        url: "/api/me/link",
        headers: as(device),
        payload: { code: c },
        remoteAddress: address,
      });
    for (let i = 0; i < 5; i++) {
      const res = await from("10.9.0.1", guesser, `ZZZZ-ZZZ${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid_code");
    }
    const blocked = await from("10.9.0.2", guesser, code);
    expect(blocked.statusCode).toBe(429); // the device is over its limit, even with the right code
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(500);
    expect(blocked.json().error.message).toMatch(/try again in \d+ min/);
    // The same address with other devices: also limited.
    const other = await from("10.9.0.1", newUser(), code);
    expect(other.statusCode).toBe(429);
    // Another device from another address is not.
    expect((await from("10.9.0.3", newUser(), code)).statusCode).toBe(200);
    // A malformed code is a wrong code, not a 500.
    expect((await from("10.9.0.4", newUser(), "!!")).statusCode).toBe(400);
  });

  it("limits wrong recovery codes to 10 an hour", async () => {
    const device = newUser();
    const tries = [];
    for (let i = 0; i < 11; i++)
      tries.push(
        (
          await h.app.inject({
            method: "POST",
            url: "/api/me/recover",
            headers: as(device),
            payload: { recoveryCode: `AAAA-BBBB-CCCC-DDDD-EEE${i % 10}` },
            remoteAddress: "10.9.1.1",
          })
        ).statusCode,
      );
    expect(tries.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(tries[10]).toBe(429);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startApp("postgres");
    second = await startApp("postgres", {}, { sharing: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("sees a link made on the other at once, though it had the device cached", async () => {
    const a = newUser();
    const b = newUser();
    await first.app.inject({
      method: "POST",
      url: "/api/review/events",
      headers: as(a),
      payload: { events: [ev("t1", 1001, ago(1000))] },
    });
    const reviews = async (app: TestApp, d: string) =>
      (await app.app.inject({ url: "/api/review/queue", headers: as(d) })).json().today.reviews;
    expect(await reviews(second, b)).toBe(0); // B resolved (and cached) on the second instance
    const code = (await first.app.inject({ method: "POST", url: "/api/me/link-codes", headers: as(a) })).json().code;
    const res = await first.app.inject({
      method: "POST",
      url: "/api/me/link",
      headers: as(b),
      payload: { code, confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await reviews(second, b)).toBe(1);
  });
});
