import { describe, expect, it } from "vitest";
import type { Plan } from "../plans.ts";
import {
  type Clock,
  type CustomerInfo,
  checkApiKey,
  findPackage,
  PurchaseController,
  type PurchasesSdk,
  planFromCustomerInfo,
  type StorePackage,
  toastForError,
} from "./purchases.ts";

/** A clock that only moves when told; timers and sleeps fire in time order. */
class FakeClock implements Clock {
  t = 1_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  readonly sleeps: number[] = [];
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== id);
  };
  sleep = (ms: number) => {
    this.sleeps.push(ms);
    return new Promise<void>((resolve) => this.setTimeout(resolve, ms));
  };
  /** Moves time forward by `ms`, firing due timers (and letting their promises settle). */
  async advance(ms: number) {
    const end = this.t + ms;
    const settle = () => new Promise<void>((r) => setImmediate(r)); // runs every queued promise callback
    for (;;) {
      await settle();
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
  }
}

const DAY = 86_400_000;
const info = (active: Partial<Record<"plus" | "pro", number>>, extra: Partial<CustomerInfo> = {}): CustomerInfo => ({
  entitlements: {
    active: Object.fromEntries(
      Object.entries(active).map(([id, until]) => [
        id,
        {
          identifier: id,
          isActive: true,
          productIdentifier: `ivrit_${id}_monthly`,
          expirationDate: new Date(until).toISOString(),
        },
      ]),
    ),
  },
  activeSubscriptions: [],
  allExpirationDates: {},
  ...extra,
});
const packages: StorePackage[] = [
  { identifier: "$rc_monthly_plus", product: { identifier: "ivrit_plus_monthly", priceString: "$4.99" } },
  { identifier: "$rc_monthly_pro", product: { identifier: "ivrit_pro_monthly", priceString: "$9.99" } },
];

class FakeSdk implements PurchasesSdk {
  infos: CustomerInfo[] = [];
  current: CustomerInfo = info({});
  calls: string[] = [];
  purchaseResult: CustomerInfo | Error = info({});
  restoreResult: CustomerInfo | Error = info({});
  configure = async () => void this.calls.push("configure");
  getCustomerInfo = async () => {
    this.calls.push("getCustomerInfo");
    return this.infos.shift() ?? this.current;
  };
  getOfferings = async () => ({ current: { availablePackages: packages } });
  purchasePackage = async (p: StorePackage) => {
    this.calls.push(`purchase:${p.identifier}`);
    if (this.purchaseResult instanceof Error) throw this.purchaseResult;
    return { customerInfo: this.purchaseResult };
  };
  restorePurchases = async () => {
    if (this.restoreResult instanceof Error) throw this.restoreResult;
    return this.restoreResult;
  };
  syncPurchases = async () => void this.calls.push("sync");
  logOut = async () => {
    this.calls.push("logOut");
    return info({});
  };
}

async function setup(apiKey = "goog_abc123", platform: "android" | "ios" | "web" = "android") {
  const clock = new FakeClock();
  const sdk = new FakeSdk();
  const plans: { plan: Plan; at: number }[] = [];
  const c = new PurchaseController({
    sdk,
    clock,
    platform,
    apiKey,
    appUserId: "u-1",
    onPlan: (plan) => plans.push({ plan, at: clock.t }),
  });
  await c.init();
  return { clock, sdk, c, plans };
}

describe("configuration", () => {
  it("needs a public key starting with goog_ or appl_", () => {
    expect(checkApiKey("")).toBe("missingKey");
    expect(checkApiKey(undefined)).toBe("missingKey");
    expect(checkApiKey("sk_secret")).toBe("invalidKey");
    expect(checkApiKey("goog_AbC123")).toBeNull();
    expect(checkApiKey("appl_xyz")).toBeNull();
  });
  it("wants the key of the platform's own store", () => {
    expect(checkApiKey("goog_AbC123", "android")).toBeNull();
    expect(checkApiKey("appl_xyz", "ios")).toBeNull();
    expect(checkApiKey("appl_xyz", "android")).toBe("invalidKey");
    expect(checkApiKey("goog_AbC123", "ios")).toBe("invalidKey");
    expect(checkApiKey(" ", "ios")).toBe("missingKey");
  });
  it("stays free and not ready with a bad key, or on the web", async () => {
    for (const [key, platform, error] of [
      ["", "android", "missingKey"],
      ["rcb_x", "ios", "invalidKey"],
      ["goog_ok", "web", "nativeOnly"],
      ["goog_ok", "ios", "invalidKey"],
    ] as const) {
      const { c, sdk } = await setup(key, platform);
      expect(c.configError).toBe(error);
      expect(c.ready).toBe(false);
      expect(sdk.calls).toEqual([]);
      expect(await c.buy("plus")).toEqual({ kind: "info", key: "notReady" });
    }
  });
});

describe("packages", () => {
  it("finds a plan's package by its package or product identifier", () => {
    expect(findPackage(packages, "plus")?.product.priceString).toBe("$4.99");
    expect(findPackage(packages, "pro")?.product.priceString).toBe("$9.99");
    const byProduct = [{ identifier: "$rc_annual", product: { identifier: "ivrit.pro.yearly", priceString: "$79" } }];
    expect(findPackage(byProduct, "pro")?.identifier).toBe("$rc_annual");
    expect(findPackage(byProduct, "plus")).toBeUndefined();
    // "professional" is not "pro": identifiers are split into words.
    expect(findPackage([{ identifier: "professional", product: { identifier: "x", priceString: "" } }], "pro")).toBe(
      undefined,
    );
  });
});

describe("plan from customer info", () => {
  const now = 1_000_000;
  it("takes pro first, then plus, from active entitlements", () => {
    expect(planFromCustomerInfo(info({ plus: now + DAY, pro: now + 2 * DAY }), now)).toEqual({
      plan: "pro",
      expiresAt: now + 2 * DAY,
    });
    expect(planFromCustomerInfo(info({ plus: now + DAY }), now).plan).toBe("plus");
  });
  it("falls back to product ids with an unexpired date naming pro or plus", () => {
    const soon = new Date(now + DAY).toISOString();
    const past = new Date(now - DAY).toISOString();
    expect(planFromCustomerInfo(info({}, { allExpirationDates: { "ivrit.plus.yearly": soon } }), now).plan).toBe(
      "plus",
    );
    expect(planFromCustomerInfo(info({}, { allExpirationDates: { ivrit_pro_monthly: past } }), now).plan).toBe("free");
    // "product" contains "pro" but is not the word pro.
    expect(planFromCustomerInfo(info({}, { allExpirationDates: { "com.app.product": soon } }), now).plan).toBe("free");
    expect(planFromCustomerInfo(info({}, { activeSubscriptions: ["lifetime_pro"] }), now).plan).toBe("pro");
  });
});

describe("buying", () => {
  it("refuses a plan not above the current one", async () => {
    const { c, clock, sdk } = await setup();
    sdk.current = info({ plus: clock.t + 30 * DAY });
    await c.refresh(true);
    expect(await c.buy("plus")).toEqual({ kind: "info", key: "alreadyOnPlan", plan: "plus" });
    sdk.current = info({ pro: clock.t + 30 * DAY });
    await c.refresh(true);
    expect(await c.buy("plus")).toEqual({ kind: "info", key: "included", plan: "pro" });
    expect(sdk.calls.filter((x) => x.startsWith("purchase"))).toEqual([]);
  });

  it("after a purchase syncs and polls: tries at +0, +400 and +1200 ms until the tier changes", async () => {
    const { c, clock, sdk } = await setup();
    sdk.purchaseResult = info({}); // the store has not updated the entitlement yet
    sdk.infos = [info({}), info({}), info({ pro: clock.t + 30 * DAY })];
    const started = clock.t;
    const asked: number[] = [];
    const original = sdk.getCustomerInfo;
    sdk.getCustomerInfo = async () => {
      asked.push(clock.t - started);
      return original();
    };
    const result = c.buy("pro");
    await clock.advance(5000);
    expect(await result).toEqual({ kind: "success", key: "unlocked", plan: "pro" });
    expect(asked).toEqual([0, 400, 1200]);
    expect(clock.sleeps).toEqual([400, 800]);
    expect(sdk.calls).toContain("sync");
    expect(sdk.calls).toContain("purchase:$rc_monthly_pro");
  });

  it("stops polling as soon as the tier changes", async () => {
    const { c, clock, sdk } = await setup();
    sdk.purchaseResult = info({ plus: clock.t + 30 * DAY });
    const result = c.buy("plus");
    await clock.advance(5000);
    expect(await result).toMatchObject({ key: "unlocked", plan: "plus" });
    expect(clock.sleeps).toEqual([]);
  });

  it("maps SDK errors to toasts", async () => {
    expect(toastForError({ code: "1", message: "x", userCancelled: true })).toEqual({ kind: "info", key: "cancelled" });
    expect(toastForError({ code: 2, message: "store down" })).toEqual({
      kind: "error",
      key: "billingUnavailable",
      message: "store down",
    });
    expect(toastForError({ code: "10", message: "net" }).key).toBe("billingUnavailable");
    expect(toastForError({ code: "35", message: "offline" }).key).toBe("billingUnavailable");
    expect(toastForError({ code: "8", message: "invalid receipt" })).toEqual({
      kind: "error",
      key: "purchaseFailed",
      message: "invalid receipt",
    });
    expect(toastForError(null)).toEqual({ kind: "error", key: "purchaseFailed", message: "unknown error" });
    const { c, sdk } = await setup();
    sdk.purchaseResult = Object.assign(new Error("Purchase was cancelled."), { code: "1" });
    expect(await c.buy("pro")).toEqual({ kind: "info", key: "cancelled" });
  });
});

describe("plan updates", () => {
  it("reach the app 300 ms after they are seen, the last one winning", async () => {
    const { c, clock, sdk, plans } = await setup();
    const t0 = clock.t;
    c.apply(info({ plus: t0 + DAY }));
    await clock.advance(100);
    c.apply(info({ pro: t0 + DAY }));
    await clock.advance(299);
    expect(plans).toEqual([]);
    await clock.advance(1);
    expect(plans).toEqual([{ plan: "pro", at: t0 + 400 }]);
    expect(sdk.calls).toEqual(["configure", "getCustomerInfo"]);
  });

  it("ignore a downgrade while the paid period runs, and accept it after", async () => {
    const { c, clock } = await setup();
    c.apply(info({ pro: clock.t + DAY }));
    c.apply(info({}));
    expect(c.currentPlan).toBe("pro");
    await clock.advance(DAY);
    c.apply(info({}));
    expect(c.currentPlan).toBe("free");
  });

  it("throttle customer-info requests to one per 1500 ms", async () => {
    const { c, clock, sdk } = await setup();
    await clock.advance(1500);
    await c.refresh();
    await clock.advance(1499);
    await c.refresh();
    await c.refresh();
    await clock.advance(1);
    await c.refresh();
    expect(sdk.calls.filter((x) => x === "getCustomerInfo")).toHaveLength(3); // init + 2
  });

  it("force free for 5 minutes after a reset to an anonymous identity", async () => {
    const { c, clock, sdk, plans } = await setup();
    c.apply(info({ pro: clock.t + 30 * DAY }));
    await clock.advance(300);
    await c.resetToAnonymous();
    expect(sdk.calls).toContain("logOut");
    expect(plans.at(-1)?.plan).toBe("free");
    c.apply(info({ pro: clock.t + 30 * DAY })); // the store still reports the old purchase
    expect(c.currentPlan).toBe("free");
    await clock.advance(5 * 60_000 - 1);
    c.apply(info({ pro: clock.t + 30 * DAY }));
    expect(c.currentPlan).toBe("free");
    await clock.advance(1);
    c.apply(info({ pro: clock.t + 30 * DAY }));
    expect(c.currentPlan).toBe("pro");
  });
});

describe("restore", () => {
  it("says what was restored, or that there was nothing", async () => {
    const { c, clock, sdk } = await setup();
    sdk.restoreResult = info({});
    expect(await c.restore()).toEqual({ kind: "info", key: "nothingToRestore" });
    sdk.restoreResult = info({ plus: clock.t + DAY });
    expect(await c.restore()).toEqual({ kind: "success", key: "restored", plan: "plus" });
    sdk.restoreResult = new Error("receipt unreadable");
    expect(await c.restore()).toEqual({ kind: "error", key: "restoreFailed", message: "receipt unreadable" });
  });
});
