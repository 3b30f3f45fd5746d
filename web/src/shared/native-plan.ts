// The plan the store SDK reports in the native app (set by features/purchases), combined with the server's in
// usePlan: the higher one wins, so a purchase shows at once even before the webhook reaches the server.
import { higherPlan, type Plan } from "@ivrit/core/plans";
import { useSyncExternalStore } from "react";

let current: Plan | null = null;
const listeners = new Set<() => void>();

export function setNativePlan(plan: Plan | null): void {
  if (plan === current) return;
  current = plan;
  for (const l of listeners) l();
}

export function useNativePlan(): Plan | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** The higher of the server's plan and the store's (null: no store, the server's alone). */
export function combinePlans(server: Plan, store: Plan | null): Plan {
  return store === null ? server : higherPlan(server, store);
}
