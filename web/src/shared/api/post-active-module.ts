// POST /me/active-module: selecting a module stores it locally and on the server (SPEC section 4). Offline (or
// while earlier writes wait) the choice is queued and sent in order when the network returns; meanwhile the module
// comes from the device's copy of the module list, and the copy of GET /me/active-module is updated (issue 15).
import type { ActiveModuleResponse } from "@ivrit/core/schemas/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anonymousId } from "../identity.ts";
import { rememberAnswer } from "../offline/answers.ts";
import { sendOrQueue } from "../session/queue.ts";
import { storeActiveModuleId, storedLanguage } from "../storage.ts";
import { ApiError } from "./client.ts";
import { getModules } from "./get-modules.ts";
import { queryKeys } from "./query-keys.ts";

export async function postActiveModule(moduleId: number): Promise<ActiveModuleResponse> {
  const body = { module_id: moduleId };
  const answer = await sendOrQueue<ActiveModuleResponse>("/me/active-module", body);
  if (answer) return answer;
  const language = storedLanguage();
  const module = (await getModules(language, true)).find((m) => m.id === moduleId);
  if (!module) throw new ApiError(0, "offline", `module ${moduleId} is not known on this device`);
  if (module.locked) return { locked: true, tier: module.tier };
  await rememberAnswer(anonymousId(), "/me/active-module", { language }, JSON.stringify(module));
  return { module, locked: false };
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
