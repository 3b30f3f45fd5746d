import { toastForError } from "@ivrit/core/purchases/purchases";
import { describe, expect, it } from "vitest";
import { combinePlans } from "../native-plan.ts";
import {
  checkApiKey,
  configErrorDetail,
  mapCustomerInfo,
  mapPackage,
  normaliseSdkError,
  planPrices,
  selectApiKey,
} from "./adapter.ts";
import { TOAST_KEYS, toastText } from "./toasts.ts";

const ENV = { VITE_REVENUECAT_KEY_ANDROID: " goog_Play123 ", VITE_REVENUECAT_KEY_IOS: "appl_Apple456" };

describe("key and platform", () => {
  it("takes the key of the platform's store, none on web", () => {
    expect(selectApiKey("android", ENV)).toBe("goog_Play123");
    expect(selectApiKey("ios", ENV)).toBe("appl_Apple456");
    expect(selectApiKey("web", ENV)).toBeUndefined();
    expect(selectApiKey("ios", { VITE_REVENUECAT_KEY_IOS: "  " })).toBeUndefined();
    expect(selectApiKey("android", {})).toBeUndefined();
  });
  it("refuses a missing key, a secret key and the other store's key", () => {
    expect(checkApiKey(selectApiKey("android", {}), "android")).toBe("missingKey");
    expect(checkApiKey("sk_secret", "android")).toBe("invalidKey");
    expect(checkApiKey(selectApiKey("android", { VITE_REVENUECAT_KEY_ANDROID: "appl_x" }), "android")).toBe(
      "invalidKey",
    );
    expect(checkApiKey(selectApiKey("ios", ENV), "ios")).toBeNull();
  });
  it("names the variable to set in its message", () => {
    expect(configErrorDetail("missingKey", "android")).toContain("VITE_REVENUECAT_KEY_ANDROID is not set");
    expect(configErrorDetail("invalidKey", "ios")).toContain("VITE_REVENUECAT_KEY_IOS");
    expect(configErrorDetail("invalidKey", "ios")).toContain("appl_");
    expect(configErrorDetail("nativeOnly", "web")).toBe("Native purchases only on iOS/Android");
  });
});

describe("RevenueCat objects as core's types", () => {
  it("maps customer info, dropping what core does not read", () => {
    const raw = {
      originalAppUserId: "u-1",
      entitlements: {
        all: {},
        active: {
          pro: {
            identifier: "pro",
            isActive: true,
            productIdentifier: "ivrit_pro_monthly",
            expirationDate: "2030-01-01T00:00:00Z",
            willRenew: true,
          },
          plus: { isActive: true, productIdentifier: "ivrit_plus_monthly", expirationDate: null },
        },
      },
      activeSubscriptions: ["ivrit_pro_monthly", 7],
      allExpirationDates: { ivrit_pro_monthly: "2030-01-01T00:00:00Z", old: null },
    };
    expect(mapCustomerInfo(raw)).toEqual({
      entitlements: {
        active: {
          pro: {
            identifier: "pro",
            isActive: true,
            productIdentifier: "ivrit_pro_monthly",
            expirationDate: "2030-01-01T00:00:00Z",
          },
          plus: { identifier: "plus", isActive: true, productIdentifier: "ivrit_plus_monthly", expirationDate: null },
        },
      },
      activeSubscriptions: ["ivrit_pro_monthly"],
      allExpirationDates: { ivrit_pro_monthly: "2030-01-01T00:00:00Z", old: null },
    });
  });
  it("maps an empty or missing customer info to no entitlements", () => {
    const empty = { entitlements: { active: {} }, activeSubscriptions: [], allExpirationDates: {} };
    expect(mapCustomerInfo(undefined)).toEqual(empty);
    expect(mapCustomerInfo({ entitlements: null, allExpirationDates: null })).toEqual(empty);
  });
  it("maps packages and reads each plan's store price", () => {
    const plus = mapPackage({
      identifier: "$rc_monthly",
      packageType: "MONTHLY",
      product: { identifier: "ivrit_plus_monthly", priceString: "4,99 €", price: 4.99 },
    });
    const pro = mapPackage({ identifier: "pro_monthly", product: { identifier: "ivrit_pro", priceString: "9,99 €" } });
    expect(plus).toEqual({
      identifier: "$rc_monthly",
      product: { identifier: "ivrit_plus_monthly", priceString: "4,99 €" },
    });
    expect(mapPackage({ identifier: "x" })).toBeNull();
    expect(planPrices([plus, pro].filter((p) => p !== null))).toEqual({ plus: "4,99 €", pro: "9,99 €" });
    expect(planPrices([])).toEqual({});
  });
});

describe("SDK errors", () => {
  it("reads the code from the bridge's error or its data, as a number", () => {
    const bridge = { code: "1", message: "Purchase was cancelled.", data: { userCancelled: true } };
    expect(normaliseSdkError(bridge)).toEqual({ code: 1, message: "Purchase was cancelled.", userCancelled: true });
    expect(normaliseSdkError({ message: "x", data: { code: "23", message: "y" } })).toEqual({
      code: 23,
      message: "x",
      userCancelled: false,
    });
    expect(normaliseSdkError(new Error("boom"))).toEqual({ code: null, message: "boom", userCancelled: false });
    expect(normaliseSdkError(null)).toEqual({ code: null, message: "unknown error", userCancelled: false });
  });
  it("leads to core's toasts", () => {
    expect(toastForError(normaliseSdkError({ code: "1", message: "c" })).key).toBe("cancelled");
    expect(toastForError(normaliseSdkError({ code: "23", message: "no billing" }))).toEqual({
      kind: "error",
      key: "billingUnavailable",
      message: "no billing",
    });
    expect(toastForError(normaliseSdkError({ code: "10", message: "offline" })).key).toBe("billingUnavailable");
    expect(toastForError(normaliseSdkError({ code: "6", message: "already" }))).toEqual({
      kind: "error",
      key: "purchaseFailed",
      message: "already",
    });
    expect(toastForError(normaliseSdkError({ message: "odd", data: { userCancelled: true } })).key).toBe("cancelled");
  });
});

describe("toast texts", () => {
  const files = import.meta.glob<Record<string, unknown>>("../../locales/*/purchases.json", {
    eager: true,
    import: "default",
  });
  const get = (obj: unknown, path: string) =>
    path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
  const name = (p: string) => p.toUpperCase();

  it("gives every toast a colour, a title and the plan or message it names", () => {
    expect(toastText({ kind: "success", key: "unlocked", plan: "pro" }, name)).toEqual({
      color: "teal",
      title: "toast.unlocked.title",
      message: null,
      values: { plan: "PRO" },
    });
    expect(toastText({ kind: "error", key: "purchaseFailed", message: "network" }, name)).toEqual({
      color: "red",
      title: "toast.purchaseFailed.title",
      message: "toast.purchaseFailed.message",
      values: { message: "network" },
    });
    expect(toastText({ kind: "info", key: "notReady" }, name).message).toBe("toast.notReady.message");
    expect(toastText({ kind: "info", key: "cancelled" }, name).color).toBe("indigo");
  });
  it("has every toast's text in all six languages, with its placeholders", () => {
    expect(Object.keys(files)).toHaveLength(6);
    for (const [file, json] of Object.entries(files)) {
      for (const key of TOAST_KEYS) {
        const text = toastText({ kind: "info", key, plan: "plus", message: "m" }, name);
        expect(get(json, text.title), `${file} ${text.title}`).toEqual(expect.any(String));
        if (text.message) expect(get(json, text.message), `${file} ${text.message}`).toEqual(expect.any(String));
      }
      for (const key of ["alreadyOnPlan", "included", "restored", "unlocked"])
        expect(String(get(json, `toast.${key}.title`)), `${file} ${key}`).toContain("{{plan}}");
      for (const key of ["purchaseFailed", "restoreFailed"])
        expect(String(get(json, `toast.${key}.message`)), `${file} ${key}`).toContain("{{message}}");
    }
  });
});

describe("the plan shown in the app", () => {
  it("is the higher of the server's and the store's", () => {
    expect(combinePlans("free", null)).toBe("free");
    expect(combinePlans("plus", null)).toBe("plus");
    expect(combinePlans("free", "pro")).toBe("pro");
    expect(combinePlans("pro", "plus")).toBe("pro");
    expect(combinePlans("plus", "free")).toBe("plus");
  });
});
