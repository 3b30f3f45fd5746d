// GET and PATCH /review/settings: daily new-word limit, daily goal, time zone.
import type { ReviewSettings } from "@ivrit/core/schemas/review";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { logError } from "../log.ts";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export function getReviewSettings(signal?: AbortSignal): Promise<ReviewSettings> {
  return apiJson<ReviewSettings>("/review/settings", { signal });
}

export function patchReviewSettings(body: Partial<ReviewSettings>): Promise<ReviewSettings> {
  return apiJson<ReviewSettings>("/review/settings", { method: "PATCH", body });
}

export const reviewSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.settings(),
    queryFn: ({ signal }) => getReviewSettings(signal),
    staleTime: 60_000,
  });

export function useReviewSettings() {
  return useQuery(reviewSettingsQueryOptions());
}

export function usePatchReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchReviewSettings,
    onSuccess: (data) => {
      client.setQueryData(reviewSettingsQueryOptions().queryKey, data);
      void client.invalidateQueries({ queryKey: queryKeys.reviewAll });
    },
  });
}

export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

let synced: Promise<void> | null = null;
/** Once per page: the server counts days in the device's time zone. A failure is only logged. */
export function syncTimeZone(): Promise<void> {
  synced ??= (async () => {
    const tz = deviceTimeZone();
    if (!tz) return;
    const current = await getReviewSettings();
    if (current.timeZone !== tz) await patchReviewSettings({ timeZone: tz });
  })().catch((e: unknown) => {
    synced = null;
    logError("time zone", e);
  });
  return synced;
}
