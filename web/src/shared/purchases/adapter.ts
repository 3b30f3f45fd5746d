// The pure parts of the native purchases adapter: which key for which platform, RevenueCat's objects reduced to
// core's PurchasesSdk types, and the SDK's errors in the shape core's toastForError reads.
import type { Plan } from "@ivrit/core/plans";
import {
  type ConfigError,
  type CustomerInfo,
  checkApiKey,
  findPackage,
  type Platform,
  type StorePackage,
} from "@ivrit/core/purchases/purchases";

type KeyEnv = { VITE_REVENUECAT_KEY_ANDROID?: string; VITE_REVENUECAT_KEY_IOS?: string };

/** The RevenueCat public key of this platform's store (none on web). */
export function selectApiKey(platform: Platform, env: KeyEnv): string | undefined {
  if (platform === "android") return env.VITE_REVENUECAT_KEY_ANDROID?.trim() || undefined;
  if (platform === "ios") return env.VITE_REVENUECAT_KEY_IOS?.trim() || undefined;
  return undefined;
}

/** Why purchases are off, for the log and the Upgrade page's notice; the env variable to set is named. */
export function configErrorDetail(error: ConfigError, platform: Platform): string {
  const variable = platform === "ios" ? "VITE_REVENUECAT_KEY_IOS" : "VITE_REVENUECAT_KEY_ANDROID";
  const prefix = platform === "ios" ? "appl_" : "goog_";
  switch (error) {
    case "nativeOnly":
      return "Native purchases only on iOS/Android";
    case "missingKey":
      return `${variable} is not set: purchases are off, the app stays on the free plan`;
    case "invalidKey":
      return `${variable} is not a RevenueCat public key starting with ${prefix}: purchases are off`;
    case "notConfigured":
      return "The purchase provider could not be configured: purchases are off";
  }
}

export { checkApiKey };

type RawEntitlement = {
  identifier?: unknown;
  isActive?: unknown;
  productIdentifier?: unknown;
  expirationDate?: unknown;
};
type RawCustomerInfo = {
  entitlements?: { active?: Record<string, RawEntitlement> | null } | null;
  activeSubscriptions?: unknown;
  allExpirationDates?: Record<string, unknown> | null;
};

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** RevenueCat's CustomerInfo (or the native bridge's JSON of it) as core's CustomerInfo. */
export function mapCustomerInfo(raw: unknown): CustomerInfo {
  const info = (raw ?? {}) as RawCustomerInfo;
  const active: CustomerInfo["entitlements"]["active"] = {};
  for (const [id, e] of Object.entries(info.entitlements?.active ?? {})) {
    if (!e || typeof e !== "object") continue;
    active[id] = {
      identifier: str(e.identifier) ?? id,
      isActive: e.isActive === true,
      productIdentifier: str(e.productIdentifier) ?? "",
      expirationDate: str(e.expirationDate),
    };
  }
  const allExpirationDates: Record<string, string | null> = {};
  for (const [id, date] of Object.entries(info.allExpirationDates ?? {})) allExpirationDates[id] = str(date);
  const activeSubscriptions = Array.isArray(info.activeSubscriptions)
    ? info.activeSubscriptions.filter((s): s is string => typeof s === "string")
    : [];
  return { entitlements: { active }, activeSubscriptions, allExpirationDates };
}

type RawPackage = { identifier?: unknown; product?: { identifier?: unknown; priceString?: unknown } | null };

/** A RevenueCat package as core's StorePackage (null when it lacks identifiers). */
export function mapPackage(raw: unknown): StorePackage | null {
  const p = (raw ?? {}) as RawPackage;
  const identifier = str(p.identifier);
  const productId = str(p.product?.identifier);
  if (!identifier || !productId) return null;
  return { identifier, product: { identifier: productId, priceString: str(p.product?.priceString) ?? "" } };
}

/** The store's price text of each paid plan, as the Upgrade page shows it. */
export function planPrices(packages: readonly StorePackage[]): Partial<Record<Exclude<Plan, "free">, string>> {
  const out: Partial<Record<Exclude<Plan, "free">, string>> = {};
  for (const plan of ["plus", "pro"] as const) {
    const price = findPackage(packages, plan)?.product.priceString;
    if (price) out[plan] = price;
  }
  return out;
}

/**
 * The Capacitor bridge rejects with { code, message, data: { code, readableErrorCode, userCancelled, … } }, the
 * plugin's web layer with a PurchasesError { code, message, userCancelled }: both become { code, message,
 * userCancelled } with RevenueCat's numeric code (its PURCHASES_ERROR_CODE values are the strings "0" to "35").
 */
export function normaliseSdkError(error: unknown): { code: number | null; message: string; userCancelled: boolean } {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; userCancelled?: unknown; data?: unknown };
  const data = (e.data && typeof e.data === "object" ? e.data : {}) as {
    code?: unknown;
    message?: unknown;
    userCancelled?: unknown;
  };
  const numeric = (v: unknown) => (v !== null && v !== "" && Number.isInteger(Number(v)) ? Number(v) : null);
  const code = numeric(e.code) ?? numeric(data.code);
  const message = str(e.message) ?? str(data.message) ?? "unknown error";
  const userCancelled = e.userCancelled === true || data.userCancelled === true;
  return { code, message, userCancelled };
}
