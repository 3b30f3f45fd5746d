// GET /words: words of a module (or tiers), with the module and its locked flag.
import type { Language } from "@ivrit/core/languages";
import { expandLeanWord } from "@ivrit/core/lean-word";
import type { LeanWordsResponse, WordsQueryInput, WordsResponse } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

/** The query of GET /words, typed by core's schema (its input: the strings of a URL). */
type WordsParams = WordsQueryInput;

/** Module word page limit (SPEC section 9). */
export const MODULE_WORD_LIMIT = 200;

/** The words page's query of a module: its whole list, every field (also started with the app, app/first-data.ts). */
export function moduleWordsParams(language: Language, moduleId: number): WordsParams {
  return { language, moduleId, limit: String(MODULE_WORD_LIMIT), fields: "full" };
}

export function getWords(params: WordsParams, signal?: AbortSignal): Promise<WordsResponse> {
  const moduleId = params.moduleId === undefined ? undefined : Number(params.moduleId);
  if (moduleId !== undefined && !(Number.isFinite(moduleId) && moduleId > 0)) {
    return Promise.reject(new Error("Invalid moduleId"));
  }
  if (params.fields !== "lean") return apiJson<WordsResponse>("/words", { query: { ...params }, signal });
  // Lean answers (one language, no aliases) become the SPEC's word shape the screens read. An answer kept offline
  // may be a module's full list cut to the request: its words are already in that shape.
  return apiJson<LeanWordsResponse | WordsResponse>("/words", { query: { ...params }, signal }).then((res) => ({
    ...res,
    items: res.items.map((w) => ("word_he" in w ? w : expandLeanWord(w))),
  }));
}

export const wordsQueryOptions = (params: WordsParams) =>
  queryOptions({
    queryKey: queryKeys.words(params),
    queryFn: ({ signal }) => getWords(params, signal),
    staleTime: 5 * 60_000,
  });

export function useWords(params: WordsParams, enabled = true) {
  return useQuery({ ...wordsQueryOptions(params), enabled });
}
