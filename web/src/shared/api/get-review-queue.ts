// GET /review/queue: how many cards are due (the chooser's card). Also keeps the server's time zone in step
// with the device's, since days, the streak and "new today" are counted in it.
import type { ReviewQueue } from "@ivrit/core/schemas/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { syncTimeZone } from "./review-settings.ts";

export function getReviewQueue(signal?: AbortSignal): Promise<ReviewQueue> {
  return apiJson<ReviewQueue>("/review/queue", { signal });
}

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: ["review", "queue"],
    queryFn: async ({ signal }) => {
      await syncTimeZone();
      return getReviewQueue(signal);
    },
    staleTime: 30_000,
  });

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}
