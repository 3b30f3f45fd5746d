// GET /review/words?moduleId=: the learner's cards of one module (the words page marks the known ones).
import type { WordState } from "@ivrit/core/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export type ReviewWord = { wordId: number; state: WordState; due: string };

export function getReviewWords(moduleId: number | null, signal?: AbortSignal): Promise<ReviewWord[]> {
  return apiJson<{ items: ReviewWord[] }>("/review/words", {
    query: { moduleId: moduleId ?? undefined },
    signal,
  }).then((d) => d.items);
}

export const reviewWordsQueryOptions = (moduleId: number | null) =>
  queryOptions({
    queryKey: queryKeys.review.words(moduleId),
    queryFn: ({ signal }) => getReviewWords(moduleId, signal),
    staleTime: 30_000,
  });

/** Word id -> state, for the words that have a card. */
export function useReviewWordStates(moduleId: number | null, enabled = true) {
  return useQuery({
    ...reviewWordsQueryOptions(moduleId),
    enabled,
    select: (items) => new Map(items.map((i) => [i.wordId, i.state])),
  });
}
