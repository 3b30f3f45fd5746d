// PATCH /me: saves the preferred language and level. Offline (or while earlier writes wait) the change is queued
// and sent in order when the network returns; meanwhile the device's copy of /me shows it (issue 15).
import type { Language } from "@ivrit/core/languages";
import { clampLevel } from "@ivrit/core/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anonymousId } from "../identity.ts";
import { rememberAnswer } from "../offline/answers.ts";
import { sendOrQueue } from "../session/queue.ts";
import { storeLevel } from "../storage.ts";
import { apiJson } from "./client.ts";
import { type Me, meQueryOptions } from "./get-me.ts";

interface MePatch {
  preferredLanguage?: Language;
  preferredLevel?: 1 | 2 | 3;
}

export async function patchMe(body: MePatch): Promise<Me> {
  const answer = await sendOrQueue<Me>("/me", body, "PATCH");
  if (answer) return answer;
  // Queued: the profile as it will be, from the device's copy (which the next offline start reads).
  const me: Me = { ...(await apiJson<Me>("/me")), ...body };
  await rememberAnswer(anonymousId(), "/me", undefined, JSON.stringify(me));
  return me;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchMe,
    onMutate: (body) => {
      if (body.preferredLevel !== undefined) storeLevel(clampLevel(body.preferredLevel));
    },
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me);
    },
  });
}
