// GET /review/queue: how many cards are due (the chooser's card). Also keeps the server's time zone in step
// with the device's, since days, the streak and "new today" are counted in it.
import type { ReviewQueue } from "@ivrit/core/schemas/review";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";
import { syncTimeZone } from "./review-settings.ts";

export function getReviewQueue(signal?: AbortSignal): Promise<ReviewQueue> {
  return apiJson<ReviewQueue>("/review/queue", { signal });
}

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.queue(),
    queryFn: async ({ signal }) => {
      await syncTimeZone();
      return getReviewQueue(signal);
    },
    staleTime: 30_000,
  });

/** How long a screen waits for the server to count answers it knows were given (`atLeast`). */
const COUNT_WAIT_MS = 15_000;

/**
 * The queue. With `atLeast` (the answers a screen knows were given today, a session's results): read again every
 * second until the server counts that many, for 15 s at most. The last answers may still be on their way when the
 * screen first reads (a session's end: its results and its last POST leave together).
 */
export function useReviewQueue(atLeast?: number) {
  const since = useRef(Date.now());
  return useQuery({
    ...reviewQueueQueryOptions(),
    refetchInterval:
      atLeast === undefined
        ? false
        : (q) =>
            (q.state.data?.today.reviews ?? 0) < atLeast && Date.now() - since.current < COUNT_WAIT_MS ? 1_000 : false,
  });
}
