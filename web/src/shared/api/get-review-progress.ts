// GET /review/progress: goal, streak, words by state, per-module known/total, the two plots' data.
import type { Language } from "@ivrit/core/languages";
import type { ReviewProgress } from "@ivrit/core/schemas/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";
import { syncTimeZone } from "./review-settings.ts";

export function getReviewProgress(language: Language, signal?: AbortSignal): Promise<ReviewProgress> {
  return apiJson<ReviewProgress>("/review/progress", { query: { language }, signal });
}

export const reviewProgressQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: queryKeys.review.progress(language),
    queryFn: async ({ signal }) => {
      await syncTimeZone();
      return getReviewProgress(language, signal);
    },
    staleTime: 30_000,
  });

export function useReviewProgress(language: Language) {
  return useQuery(reviewProgressQueryOptions(language));
}
