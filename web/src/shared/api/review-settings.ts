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

let synced: Promise<boolean> | null = null;
/**
 * Once per page: the server counts days in the device's time zone. Started by the app when it is idle (and before
 * reminders are turned on), never by a read: a read never writes (issue 32). True when it changed the server's,
 * so that what was read in the old one is read again. A failure is only logged (and tried again next time).
 */
export function syncTimeZone(): Promise<boolean> {
  synced ??= (async () => {
    const tz = deviceTimeZone();
    if (!tz) return false;
    const current = await getReviewSettings();
    if (current.timeZone === tz) return false;
    await patchReviewSettings({ timeZone: tz });
    return true;
  })().catch((e: unknown) => {
    synced = null;
    logError("time zone", e);
    return false;
  });
  return synced;
}
