// GET and PATCH /review/settings: daily new-word limit, daily goal, time zone.
import type { ReviewSettings } from "@ivrit/core/schemas/review";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { anonymousId } from "../identity.ts";
import { logError } from "../log.ts";
import { readRaw, writeRaw } from "../storage.ts";
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

/** The device's time zone, asked in a worker (decision 0115); on the main thread where a worker cannot start. */
function deviceTimeZoneOffThread(): Promise<string | null> {
  if (typeof Worker === "undefined") return Promise.resolve(deviceTimeZone());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./time-zone-worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve(deviceTimeZone());
      return;
    }
    const done = (zone: string | null) => {
      worker.terminate();
      resolve(zone);
    };
    worker.onmessage = (e: MessageEvent<unknown>) => done(typeof e.data === "string" ? e.data : null);
    worker.onerror = (e) => {
      e.preventDefault();
      done(deviceTimeZone());
    };
  });
}

/**
 * What this device last found the server counting in: the learner, the device's UTC offset and the day, once the
 * server's zone was the device's. The check costs a worker (the zone) and a read of the settings: needed again only
 * when the learner, the offset (a new zone, or the clocks changed) or the day changed.
 */
const TZ_CHECKED_KEY = "tz_checked";
function tzCheck(): string {
  const now = new Date();
  return `${anonymousId()} ${now.getTimezoneOffset()} ${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

let synced: Promise<boolean> | null = null;
/**
 * Once per page: the server counts days in the device's time zone. Started by the app when it is idle (and before
 * reminders are turned on), never by a read: a read never writes (issue 32). True when it changed the server's,
 * so that what was read in the old one is read again. A failure is only logged (and tried again next time).
 * Skipped when this device already found the server in its zone today, at this offset, for this learner.
 */
export function syncTimeZone({ force = false } = {}): Promise<boolean> {
  if (force) synced = null;
  synced ??= (async () => {
    const check = tzCheck();
    if (!force && readRaw(TZ_CHECKED_KEY) === check) return false;
    const tz = await deviceTimeZoneOffThread();
    if (!tz) return false;
    const current = await getReviewSettings();
    const changed = current.timeZone !== tz;
    if (changed) await patchReviewSettings({ timeZone: tz });
    writeRaw(TZ_CHECKED_KEY, check);
    return changed;
  })().catch((e: unknown) => {
    synced = null;
    logError("time zone", e);
    return false;
  });
  return synced;
}
