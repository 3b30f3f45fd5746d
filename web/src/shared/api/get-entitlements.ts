// GET /me/entitlements: the plan comes from the server; on failure the cached plan, else free (SPEC section 8).
import { higherPlan, PLAN_TIER, type Plan, planFromTier, type Tier } from "@ivrit/core/plans";
import type { entitlementsResponse } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { combinePlans, useNativePlan } from "../native-plan.ts";
import { storedPlan, storePlan } from "../storage.ts";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

type Entitlements = z.infer<typeof entitlementsResponse>;

export interface PlanInfo {
  plan: Plan;
  tier: Tier;
  /** True when the server could not be reached and the cached plan is used. */
  cached: boolean;
}

function getEntitlements(signal?: AbortSignal): Promise<Entitlements> {
  return apiJson<Entitlements>("/me/entitlements", { signal });
}

export function planFromEntitlements(e: Partial<Entitlements> | null | undefined): Plan {
  if (e?.entitlement === "free" || e?.entitlement === "plus" || e?.entitlement === "pro") {
    // The entitlement wins, unless the numeric tier says more.
    const fromTier = typeof e.tier === "number" ? planFromTier(e.tier) : "free";
    return higherPlan(e.entitlement, fromTier);
  }
  return planFromTier(typeof e?.tier === "number" ? e.tier : 1);
}

export async function loadPlan(signal?: AbortSignal): Promise<PlanInfo> {
  try {
    const plan = planFromEntitlements(await getEntitlements(signal));
    storePlan(plan);
    return { plan, tier: PLAN_TIER[plan], cached: false };
  } catch {
    const plan = storedPlan() ?? "free";
    return { plan, tier: PLAN_TIER[plan], cached: true };
  }
}

export const entitlementsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.entitlements(),
    queryFn: ({ signal }) => loadPlan(signal),
    staleTime: 60_000,
    // A plan bought in the app (or granted on the server) shows when the learner comes back to this tab.
    refetchOnWindowFocus: "always",
  });

export function useEntitlements() {
  return useQuery(entitlementsQueryOptions());
}

/** The plan to show while loading: the cached one. In the native app the store's plan counts too. */
export function usePlan(): PlanInfo {
  const { data } = useEntitlements();
  const store = useNativePlan();
  const server = data ?? { plan: storedPlan() ?? "free", cached: true };
  const plan = combinePlans(server.plan, store);
  return { plan, tier: PLAN_TIER[plan], cached: server.cached && plan === server.plan };
}
