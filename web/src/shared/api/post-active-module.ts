// POST /me/active-module: selecting a module stores it locally and on the server (SPEC section 4).
import type { ActiveModuleResponse } from "@ivrit/core/schemas/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeActiveModuleId } from "../storage.ts";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export function postActiveModule(moduleId: number): Promise<ActiveModuleResponse> {
  return apiJson<ActiveModuleResponse>("/me/active-module", { method: "POST", body: { module_id: moduleId } });
}

/** Refused by the server because the module's tier is above the plan. */
export class TierLockedError extends Error {
  readonly tier: number;
  constructor(tier: number) {
    super(`Tier ${tier} locked`);
    this.name = "TierLockedError";
    this.tier = tier;
  }
}

export function useSelectModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (moduleId: number) => {
      const reply = await postActiveModule(moduleId);
      if (reply.locked) throw new TierLockedError(reply.tier);
      return reply.module;
    },
    onSuccess: (module) => {
      storeActiveModuleId(module.id);
      queryClient.setQueriesData({ queryKey: queryKeys.me.activeModuleAll }, module);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.activeModuleAll });
    },
  });
}
