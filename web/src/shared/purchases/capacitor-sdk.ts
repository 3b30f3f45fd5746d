// core's PurchasesSdk on top of @revenuecat/purchases-capacitor: each call forwards, results are mapped by
// adapter.ts and errors normalised for core's toastForError. The original packages are kept for purchasePackage.
import type { CustomerInfo, PurchasesSdk, StorePackage } from "@ivrit/core/purchases/purchases";
import { Purchases, type PurchasesPackage } from "@revenuecat/purchases-capacitor";
import { mapCustomerInfo, mapPackage, normaliseSdkError } from "./adapter.ts";

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw normaliseSdkError(e);
  }
}

export function createCapacitorSdk(): PurchasesSdk & {
  onCustomerInfo(listener: (info: CustomerInfo) => void): Promise<void>;
} {
  const originals = new Map<string, PurchasesPackage>();
  return {
    configure: ({ apiKey, appUserID }) => call(() => Purchases.configure({ apiKey, appUserID })),
    getCustomerInfo: () => call(async () => mapCustomerInfo((await Purchases.getCustomerInfo()).customerInfo)),
    getOfferings: () =>
      call(async () => {
        const offerings = await Purchases.getOfferings();
        const current = offerings.current;
        if (!current) return { current: null };
        const availablePackages: StorePackage[] = [];
        for (const p of current.availablePackages) {
          const mapped = mapPackage(p);
          if (!mapped) continue;
          originals.set(mapped.identifier, p);
          availablePackages.push(mapped);
        }
        return { current: { availablePackages } };
      }),
    purchasePackage: (pkg) =>
      call(async () => {
        const original = originals.get(pkg.identifier);
        if (!original) throw { code: 0, message: `package ${pkg.identifier} is not in the current offering` };
        const result = await Purchases.purchasePackage({ aPackage: original });
        return { customerInfo: mapCustomerInfo(result.customerInfo) };
      }),
    restorePurchases: () => call(async () => mapCustomerInfo((await Purchases.restorePurchases()).customerInfo)),
    syncPurchases: () => call(() => Purchases.syncPurchases()),
    logOut: () => call(async () => mapCustomerInfo((await Purchases.logOut()).customerInfo)),
    onCustomerInfo: async (listener) => {
      await Purchases.addCustomerInfoUpdateListener((info) => listener(mapCustomerInfo(info)));
    },
  };
}
