// GET /me: the profile; the preferred level and language are mirrored locally.
import type { Language } from "@ivrit/core/languages";
import { clampLevel, type Tier } from "@ivrit/core/plans";
import type { meResponse } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { hasStoredLevel, storedLevel, storeLevel } from "../storage.ts";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export type Me = z.infer<typeof meResponse>;

function getMe(signal?: AbortSignal): Promise<Me> {
  return apiJson<Me>("/me", { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.profile(),
    queryFn: async ({ signal }) => {
      const me = await getMe(signal);
      if (me.preferredLevel !== null) storeLevel(clampLevel(me.preferredLevel));
      return me;
    },
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Preferred level: the server's, else the stored one (clamped 1..3, default 3). */
export function useLevel(): Tier {
  const { data } = useMe();
  if (data && data.preferredLevel !== null) return clampLevel(data.preferredLevel);
  return storedLevel();
}

/** Root recall needs both a preferred language and a level (SPEC section 4). */
export function useProfileComplete(): { ready: boolean; complete: boolean } {
  const { data, isPending, isError } = useMe();
  if (isPending) return { ready: false, complete: true };
  if (isError) return { ready: true, complete: hasStoredLevel() };
  const language: Language | null = data.preferredLanguage;
  return { ready: true, complete: language !== null && data.preferredLevel !== null };
}
