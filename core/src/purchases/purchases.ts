// The native purchase rules (SPEC sections 4 "Plans", 5, 8, 9) as a state machine. The store SDK and the clock
// are injected, so every rule is tested with fakes; the Capacitor adapter in web/ only forwards calls.
import { higherPlan, PLAN_TIER, type Plan } from "../plans.ts";

const PURCHASE_TIMING = {
  /** After a purchase: customer info is polled up to 3 times, waiting 400 then 800 ms between tries. */
  pollWaitsMs: [400, 800],
  pollTries: 3,
  /** A plan change reaches the app 300 ms after it is seen (later changes replace a pending one). */
  updateDelayMs: 300,
  /** Customer-info requests are throttled to one per 1500 ms. */
  customerInfoThrottleMs: 1500,
  /** After a reset to an anonymous purchase identity the plan is free for 5 minutes. */
  forcedFreeMs: 5 * 60_000,
} as const;

export type Platform = "ios" | "android" | "web";
export type Clock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  sleep(ms: number): Promise<void>;
};
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

// ---------- the store SDK, as much of RevenueCat's as we use ----------
type EntitlementInfo = {
  identifier: string;
  isActive: boolean;
  productIdentifier: string;
  expirationDate: string | null;
};
export type CustomerInfo = {
  entitlements: { active: Record<string, EntitlementInfo> };
  activeSubscriptions: string[];
  allExpirationDates: Record<string, string | null>;
};
export type StorePackage = { identifier: string; product: { identifier: string; priceString: string } };
export type PurchasesSdk = {
  configure(options: { apiKey: string; appUserID: string }): Promise<void>;
  getCustomerInfo(): Promise<CustomerInfo>;
  getOfferings(): Promise<{ current: { availablePackages: StorePackage[] } | null }>;
  purchasePackage(pkg: StorePackage): Promise<{ customerInfo: CustomerInfo }>;
  restorePurchases(): Promise<CustomerInfo>;
  syncPurchases(): Promise<void>;
  logOut(): Promise<CustomerInfo>;
};

// ---------- outcomes: message keys for the toasts of SPEC section 8 ----------
export type ToastKey =
  | "cancelled"
  | "billingUnavailable"
  | "purchaseFailed"
  | "notReady"
  | "alreadyOnPlan"
  | "included"
  | "nothingToRestore"
  | "restored"
  | "restoreFailed"
  | "unlocked";
export type Toast = { kind: "info" | "success" | "error"; key: ToastKey; plan?: Plan; message?: string };
export type ConfigError = "nativeOnly" | "missingKey" | "invalidKey" | "notConfigured";

/** RevenueCat's PURCHASES_ERROR_CODE values (0-35) that mean the store or billing cannot be used now. */
const BILLING_UNAVAILABLE = new Set([2, 3, 10, 12, 16, 19, 23, 24, 29, 30, 32, 33, 35]);
const ERROR_CODES = { cancelled: 1, alreadyPurchased: 6, paymentPending: 20 } as const;

/** Maps an SDK error to its toast: cancelled is info, store/billing problems one message, the rest "failed". */
export function toastForError(error: unknown): Toast {
  const e = error as { code?: unknown; message?: unknown; userCancelled?: unknown } | null;
  const code = Number(e?.code);
  const message = typeof e?.message === "string" && e.message ? e.message : "unknown error";
  if (e?.userCancelled === true || code === ERROR_CODES.cancelled) return { kind: "info", key: "cancelled" };
  if (BILLING_UNAVAILABLE.has(code)) return { kind: "error", key: "billingUnavailable", message };
  return { kind: "error", key: "purchaseFailed", message };
}

/** The public SDK key's prefix on each store. */
const API_KEY_PREFIX: Record<Exclude<Platform, "web">, string> = { android: "goog_", ios: "appl_" };

/** A public SDK key is required and starts with goog_ (Play) or appl_ (App Store); given a platform, its own. */
export function checkApiKey(key: string | undefined | null, platform?: Platform): ConfigError | null {
  if (!key?.trim()) return "missingKey";
  if (!/^(goog|appl)_[A-Za-z0-9]+$/.test(key.trim())) return "invalidKey";
  if (platform && platform !== "web" && !key.trim().startsWith(API_KEY_PREFIX[platform])) return "invalidKey";
  return null;
}

const rank = (p: Plan) => PLAN_TIER[p];
const tokens = (id: string) => id.toLowerCase().split(/[^a-z0-9]+/);

/** The store package of a paid plan: its package or product identifier names the plan (ivrit_plus_monthly). */
export function findPackage(packages: readonly StorePackage[], plan: Exclude<Plan, "free">): StorePackage | undefined {
  return packages.find((p) => tokens(p.identifier).includes(plan) || tokens(p.product.identifier).includes(plan));
}

type DerivedPlan = { plan: Plan; expiresAt: number | null };

/** Active entitlements, pro first then plus; else product ids with an unexpired date naming pro or plus; else free. */
export function planFromCustomerInfo(info: CustomerInfo, now: number): DerivedPlan {
  const expiry = (date: string | null) => (date ? Date.parse(date) : null);
  for (const plan of ["pro", "plus"] as const) {
    const e = info.entitlements.active[plan];
    if (e?.isActive) return { plan, expiresAt: expiry(e.expirationDate) };
  }
  let best: DerivedPlan = { plan: "free", expiresAt: null };
  const dated = Object.entries(info.allExpirationDates);
  for (const id of info.activeSubscriptions) if (!(id in info.allExpirationDates)) dated.push([id, null]);
  for (const [id, date] of dated) {
    const until = expiry(date);
    if (until !== null && until <= now) continue;
    const t = tokens(id);
    const plan: Plan | null = t.includes("pro") ? "pro" : t.includes("plus") ? "plus" : null;
    if (plan && higherPlan(best.plan, plan) !== best.plan) best = { plan, expiresAt: until };
  }
  return best;
}

type PurchaseDeps = {
  sdk: PurchasesSdk;
  clock: Clock;
  platform: Platform;
  apiKey: string | undefined;
  appUserId: string;
  /** Called with the plan the app should use, 300 ms after a change is seen. */
  onPlan: (plan: Plan) => void;
};

export class PurchaseController {
  private plan: Plan = "free";
  private paidUntil: number | null = null;
  private forcedFreeUntil = 0;
  private lastInfoAt = Number.NEGATIVE_INFINITY;
  private pending: unknown = null;
  private isReady = false;
  configError: ConfigError | null = null;

  private readonly d: PurchaseDeps;

  constructor(d: PurchaseDeps) {
    this.d = d;
  }

  get ready(): boolean {
    return this.isReady;
  }
  get currentPlan(): Plan {
    return this.plan;
  }

  /** Configures the SDK with the device's anonymous id. A bad setup leaves the app on the free plan. */
  async init(): Promise<ConfigError | null> {
    const fail = (error: ConfigError) => {
      this.configError = error;
      return error;
    };
    if (this.d.platform === "web") return fail("nativeOnly");
    const keyError = checkApiKey(this.d.apiKey, this.d.platform);
    if (keyError) return fail(keyError);
    try {
      await this.d.sdk.configure({ apiKey: (this.d.apiKey as string).trim(), appUserID: this.d.appUserId });
    } catch {
      return fail("notConfigured");
    }
    this.isReady = true;
    await this.refresh(true).catch(() => {});
    return null;
  }

  /** Customer info, at most once per 1500 ms unless forced (the purchase poll forces). */
  async refresh(force = false): Promise<Plan> {
    const now = this.d.clock.now();
    if (!this.isReady || (!force && now - this.lastInfoAt < PURCHASE_TIMING.customerInfoThrottleMs)) return this.plan;
    this.lastInfoAt = now;
    this.apply(await this.d.sdk.getCustomerInfo());
    return this.plan;
  }

  /** Applies customer info: the forced-free window wins; a downgrade during a paid period is ignored. */
  apply(info: CustomerInfo): void {
    const now = this.d.clock.now();
    let seen = planFromCustomerInfo(info, now);
    if (now < this.forcedFreeUntil) seen = { plan: "free", expiresAt: null };
    const paidRunning = this.paidUntil === null ? this.plan !== "free" : this.paidUntil > now;
    if (rank(seen.plan) < rank(this.plan) && paidRunning && now >= this.forcedFreeUntil) return;
    if (seen.plan === this.plan && seen.expiresAt === this.paidUntil) return;
    this.plan = seen.plan;
    this.paidUntil = seen.expiresAt;
    this.schedule(seen.plan);
  }

  private schedule(plan: Plan) {
    if (this.pending !== null) this.d.clock.clearTimeout(this.pending);
    this.pending = this.d.clock.setTimeout(() => {
      this.pending = null;
      this.d.onPlan(plan);
    }, PURCHASE_TIMING.updateDelayMs);
  }

  /** Buys `wanted` if it is above the current plan and the store is ready; polls until the tier changes. */
  async buy(wanted: Exclude<Plan, "free">): Promise<Toast> {
    if (!this.isReady) return { kind: "info", key: "notReady" };
    if (rank(wanted) === rank(this.plan)) return { kind: "info", key: "alreadyOnPlan", plan: this.plan };
    if (rank(wanted) < rank(this.plan)) return { kind: "info", key: "included", plan: this.plan };
    let pkg: StorePackage | undefined;
    try {
      const offerings = await this.d.sdk.getOfferings();
      pkg = findPackage(offerings.current?.availablePackages ?? [], wanted);
    } catch (e) {
      return toastForError(e);
    }
    if (!pkg)
      return { kind: "error", key: "purchaseFailed", message: `package for tier ${PLAN_TIER[wanted]} not found` };
    const before = rank(this.plan);
    try {
      const { customerInfo } = await this.d.sdk.purchasePackage(pkg);
      this.apply(customerInfo);
    } catch (e) {
      return toastForError(e);
    }
    await this.d.sdk.syncPurchases().catch(() => {});
    for (let i = 0; i < PURCHASE_TIMING.pollTries && rank(this.plan) <= before; i++) {
      if (i > 0) await this.d.clock.sleep(PURCHASE_TIMING.pollWaitsMs[Math.min(i - 1, 1)] as number);
      await this.refresh(true).catch(() => {});
    }
    return rank(this.plan) > before
      ? { kind: "success", key: "unlocked", plan: this.plan }
      : { kind: "error", key: "purchaseFailed", message: "the store has not confirmed the purchase yet" };
  }

  async restore(): Promise<Toast> {
    if (!this.isReady) return { kind: "info", key: "notReady" };
    try {
      this.apply(await this.d.sdk.restorePurchases());
      this.lastInfoAt = this.d.clock.now();
    } catch (e) {
      const message = (e as { message?: string } | null)?.message || "unknown error";
      return { kind: "error", key: "restoreFailed", message };
    }
    return this.plan === "free"
      ? { kind: "info", key: "nothingToRestore" }
      : { kind: "success", key: "restored", plan: this.plan };
  }

  /** Sign-out/reset to an anonymous purchase identity: free at once, and for the next 5 minutes. */
  async resetToAnonymous(): Promise<void> {
    this.forcedFreeUntil = this.d.clock.now() + PURCHASE_TIMING.forcedFreeMs;
    this.plan = "free";
    this.paidUntil = null;
    if (this.pending !== null) this.d.clock.clearTimeout(this.pending);
    this.pending = null;
    this.d.onPlan("free");
    if (this.isReady) await this.d.sdk.logOut().catch(() => {});
  }
}

/** Where "manage subscription" sends the user on each platform. */
export const MANAGE_SUBSCRIPTION_URL: Record<Exclude<Platform, "web">, string> = {
  ios: "https://apps.apple.com/account/subscriptions",
  android: "https://play.google.com/store/account/subscriptions",
};
