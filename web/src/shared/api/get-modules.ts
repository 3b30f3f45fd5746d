// GET /me/modules: the module list (all=1 in the library). The beginner pseudo-module leads the list.
import type { Language } from "@ivrit/core/languages";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import type { Module } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

/** Added at the front when the server list lacks it (SPEC section 3); its name comes from the locales. */
const BEGINNER_PSEUDO_MODULE: Module = {
  id: BEGINNER_MODULE_ID,
  module_id: BEGINNER_MODULE_ID,
  name: "",
  tier: 1,
  is_beginner: true,
  word_count: 0,
  field_ids: [],
  field_names: [],
  locked: false,
};

export function isBeginnerModule(m: Pick<Module, "id" | "is_beginner"> | null | undefined): boolean {
  return !!m && (m.is_beginner || m.id === BEGINNER_MODULE_ID);
}

export function withBeginnerModule(items: readonly Module[]): Module[] {
  return items.some(isBeginnerModule) ? [...items] : [BEGINNER_PSEUDO_MODULE, ...items];
}

export async function getModules(language: Language, all = false, signal?: AbortSignal): Promise<Module[]> {
  const data = await apiJson<{ items: Module[] }>("/me/modules", {
    query: { language, all: all ? 1 : undefined },
    signal,
  });
  return withBeginnerModule(Array.isArray(data.items) ? data.items : []);
}

export const modulesQueryOptions = (language: Language, all = true) =>
  queryOptions({
    queryKey: queryKeys.me.modules(language, all),
    queryFn: ({ signal }) => getModules(language, all, signal),
    staleTime: 60_000,
  });

export function useModules(language: Language, all = true) {
  return useQuery(modulesQueryOptions(language, all));
}
