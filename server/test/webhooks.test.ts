// RevenueCat webhooks: every event type in the provider's documented shape, repeated and out-of-order delivery,
// the secret, unknown users, and a plan lapsing at its expiry without any event.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const SECRET = "test-webhook-secret-0123456789";
const HOUR = 3_600_000;

/** An event as RevenueCat documents it (trimmed of fields we do not read, plus a few we ignore). */
function event(type: string, user: string, over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    api_version: "1.0",
    event: {
      id: randomUUID(),
      type,
      app_id: "app1234",
      app_user_id: user,
      original_app_user_id: "$RCAnonymousID:87c6049c58069238dce29853916d624c",
      aliases: ["$RCAnonymousID:87c6049c58069238dce29853916d624c", user],
      entitlement_id: null,
      entitlement_ids: ["pro"],
      product_id: "ivrit_pro_monthly",
      period_type: "NORMAL",
      purchased_at_ms: now - HOUR,
      expiration_at_ms: now + 30 * 24 * HOUR,
      event_timestamp_ms: now,
      environment: "SANDBOX",
      store: "PLAY_STORE",
      currency: "USD",
      price: 4.99,
      transaction_id: "GPA.1234",
      ...over,
    },
  };
}

describe.each(BACKENDS)("RevenueCat webhook on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { REVENUECAT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => h?.close());

  const deliver = (body: unknown, auth: string | null = `Bearer ${SECRET}`) =>
    h.app.inject({
      method: "POST",
      url: "/api/webhooks/revenuecat",
      payload: body as object,
      headers: auth ? { authorization: auth } : {},
    });
  const plan = async (user: string) => (await h.app.inject({ url: "/api/me/entitlements", headers: as(user) })).json();

  it("refuses a missing or wrong secret with 401 and changes nothing", async () => {
    const user = newUser();
    for (const auth of [null, "Bearer wrong", SECRET, `Bearer ${SECRET}x`, `bearer ${SECRET}`]) {
      const res = await deliver(event("INITIAL_PURCHASE", user), auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
    expect((await plan(user)).entitlement).toBe("free");
  });

  it("grants on INITIAL_PURCHASE and keeps the expiry", async () => {
    const user = newUser();
    const body = event("INITIAL_PURCHASE", user, { entitlement_ids: ["plus"] });
    const res = await deliver(body);
    expect(res.json()).toEqual({ ok: true, duplicate: false, users: [user], plans: ["plus"] });
    expect(await plan(user)).toEqual({
      entitlement: "plus",
      tier: 2,
      expiresAt: new Date(body.event.expiration_at_ms).toISOString(),
    });
  });

  it("stores a redelivered event once", async () => {
    const user = newUser();
    const body = event("INITIAL_PURCHASE", user);
    expect((await deliver(body)).json().duplicate).toBe(false);
    // A later expiration, then the first event again: the retry must not re-grant.
    await deliver(
      event("EXPIRATION", user, { expiration_at_ms: Date.now() - 1000, event_timestamp_ms: Date.now() + 10 }),
    );
    const again = await deliver(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicate).toBe(true);
    expect((await plan(user)).entitlement).toBe("free");
  });

  it("ignores an older event delivered after a newer one", async () => {
    const user = newUser();
    const t0 = Date.now();
    await deliver(event("EXPIRATION", user, { event_timestamp_ms: t0, expiration_at_ms: t0 - 1000 }));
    await deliver(event("RENEWAL", user, { event_timestamp_ms: t0 - 60_000, expiration_at_ms: t0 + 30 * 24 * HOUR }));
    expect((await plan(user)).entitlement).toBe("free");
    // A genuinely newer renewal re-grants.
    await deliver(event("RENEWAL", user, { event_timestamp_ms: t0 + 60_000 }));
    expect((await plan(user)).entitlement).toBe("pro");
  });

  it("keeps access after CANCELLATION until expiry, and UNCANCELLATION keeps it", async () => {
    const user = newUser();
    const until = Date.now() + 5 * 24 * HOUR;
    await deliver(event("INITIAL_PURCHASE", user, { event_timestamp_ms: Date.now() - 3000 }));
    await deliver(
      event("CANCELLATION", user, {
        expiration_at_ms: until,
        cancel_reason: "UNSUBSCRIBE",
        event_timestamp_ms: Date.now() - 2000,
      }),
    );
    expect(await plan(user)).toMatchObject({ entitlement: "pro", expiresAt: new Date(until).toISOString() });
    await deliver(event("UNCANCELLATION", user, { event_timestamp_ms: Date.now() - 1000 }));
    expect((await plan(user)).entitlement).toBe("pro");
  });

  it("drops to free on EXPIRATION, and at the expiry time without any event", async () => {
    const user = newUser();
    await deliver(event("INITIAL_PURCHASE", user, { event_timestamp_ms: Date.now() - 1000 }));
    await deliver(event("EXPIRATION", user, { expiration_reason: "UNSUBSCRIBE" }));
    expect((await plan(user)).entitlement).toBe("free");

    // The server's clock (Date only: timers and I/O run as usual) moved to the expiry instead of a sleep past it.
    const lapsing = newUser();
    const expiry = Date.now() + 60_000;
    await deliver(event("NON_RENEWING_PURCHASE", lapsing, { expiration_at_ms: expiry, entitlement_ids: ["plus"] }));
    vi.useFakeTimers({ toFake: ["Date"], now: expiry - 1 });
    try {
      expect((await plan(lapsing)).entitlement).toBe("plus");
      vi.setSystemTime(expiry);
      expect((await plan(lapsing)).entitlement).toBe("free");
    } finally {
      vi.useRealTimers();
    }
  });

  it("moves between plans on PRODUCT_CHANGE: pro wins while both run", async () => {
    const user = newUser();
    await deliver(
      event("INITIAL_PURCHASE", user, { entitlement_ids: ["plus"], event_timestamp_ms: Date.now() - 1000 }),
    );
    await deliver(event("PRODUCT_CHANGE", user, { entitlement_ids: ["pro"], new_product_id: "ivrit_pro_monthly" }));
    expect((await plan(user)).entitlement).toBe("pro");
  });

  it("leaves access unchanged on BILLING_ISSUE, SUBSCRIPTION_PAUSED and TEST", async () => {
    const user = newUser();
    await deliver(event("INITIAL_PURCHASE", user, { event_timestamp_ms: Date.now() - 1000 }));
    for (const type of ["BILLING_ISSUE", "SUBSCRIPTION_PAUSED", "TEST"]) {
      const res = await deliver(event(type, user));
      expect(res.statusCode).toBe(200);
      expect(res.json().plans).toEqual([]);
    }
    expect((await plan(user)).entitlement).toBe("pro");
  });

  it("moves entitlements on TRANSFER, aliases included", async () => {
    const from = newUser();
    const to = newUser();
    await deliver(event("INITIAL_PURCHASE", from, { event_timestamp_ms: Date.now() - 1000 }));
    const res = await deliver(
      event("TRANSFER", from, {
        app_user_id: undefined,
        entitlement_ids: undefined,
        transferred_from: [from, "$RCAnonymousID:aaaaaaaa"],
        transferred_to: [to],
      }),
    );
    expect(res.json()).toMatchObject({ users: [to], plans: ["pro"] });
    expect((await plan(from)).entitlement).toBe("free");
    expect((await plan(to)).entitlement).toBe("pro");
  });

  it("creates an unknown user, and answers 200 for an event naming no app user", async () => {
    const stranger = newUser();
    await deliver(event("INITIAL_PURCHASE", stranger));
    expect((await plan(stranger)).entitlement).toBe("pro");
    const anonymousOnly = event("INITIAL_PURCHASE", "$RCAnonymousID:1234", { aliases: [] });
    expect((await deliver(anonymousOnly)).json()).toMatchObject({ ok: true, users: [] });
  });

  it("rejects a malformed event with 400", async () => {
    const res = await deliver({ event: { type: "RENEWAL" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/event\.(id|event_timestamp_ms)/);
  });
});

describe("webhook without a configured secret", () => {
  it("answers 503 and stores nothing", async () => {
    const h = await startApp("pglite");
    try {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/webhooks/revenuecat",
        payload: event("TEST", newUser()),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("webhook_not_configured");
    } finally {
      await h.close();
    }
  });
});
