// GET /review/session: up to 20 cards (the due ones, then new words), or exactly the given words.
import type { Language } from "@ivrit/core/languages";
import type { ReviewSession } from "@ivrit/core/schemas/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";
import { syncTimeZone } from "./review-settings.ts";

export function getReviewSession(language: Language, words: readonly number[] | null, signal?: AbortSignal) {
  return apiJson<ReviewSession>("/review/session", {
    query: { language, words: words && words.length > 0 ? words : undefined },
    signal,
  });
}

export const reviewSessionQueryOptions = (language: Language, words: readonly number[] | null, run: number) =>
  queryOptions({
    queryKey: queryKeys.review.session(language, words?.join(",") ?? "", run),
    queryFn: async ({ signal }) => {
      await syncTimeZone();
      return getReviewSession(language, words, signal);
    },
    // A session is taken once: refetching mid-session would reshuffle the cards under the learner.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useReviewSession(language: Language, words: readonly number[] | null, run: number) {
  return useQuery(reviewSessionQueryOptions(language, words, run));
}
