// PATCH /me: saves the preferred language and level.
import type { Language } from "@ivrit/core/languages";
import { clampLevel } from "@ivrit/core/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeLevel } from "../storage.ts";
import { apiJson } from "./client.ts";
import { type Me, meQueryOptions } from "./get-me.ts";

interface MePatch {
  preferredLanguage?: Language;
  preferredLevel?: 1 | 2 | 3;
}

export function patchMe(body: MePatch): Promise<Me> {
  return apiJson<Me>("/me", { method: "PATCH", body });
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
