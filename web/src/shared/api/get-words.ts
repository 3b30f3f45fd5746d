// GET /words: words of a module (or tiers), with the module and its locked flag.
import type { Language } from "@ivrit/core/languages";
import type { WordsResponse } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";

export interface WordsParams {
  language: Language;
  moduleId?: number;
  tier?: 1 | 2 | 3;
  tiers?: readonly (1 | 2 | 3)[];
  category?: string;
  tense?: string;
  hasRoots?: boolean;
  includeRoots?: boolean;
  q?: string;
  random?: boolean;
  seed?: number;
  fields?: "compact" | "full";
  limit?: number;
  offset?: number;
}

/** Module word page limit (SPEC section 9). */
export const MODULE_WORD_LIMIT = 200;

export function getWords(params: WordsParams, signal?: AbortSignal): Promise<WordsResponse> {
  if (params.moduleId !== undefined && !(Number.isFinite(params.moduleId) && params.moduleId > 0)) {
    return Promise.reject(new Error("Invalid moduleId"));
  }
  return apiJson<WordsResponse>("/words", { query: { ...params }, signal });
}

export const wordsQueryOptions = (params: WordsParams) =>
  queryOptions({
    queryKey: ["words", params],
    queryFn: ({ signal }) => getWords(params, signal),
    staleTime: 5 * 60_000,
  });

export function useWords(params: WordsParams, enabled = true) {
  return useQuery({ ...wordsQueryOptions(params), enabled });
}
