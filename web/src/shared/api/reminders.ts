// GET and PATCH /reminders: when to remind the learner (issue 30.2); POST /reminders/subscriptions and
// /reminders/unsubscribe: this browser's web push subscription.
import type { Language } from "@ivrit/core/languages";
import type { ReminderSettings, RemindersResponse } from "@ivrit/core/schemas/reminders";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export function getReminders(signal?: AbortSignal): Promise<RemindersResponse> {
  return apiJson<RemindersResponse>("/reminders", { signal });
}

export function patchReminders(body: Partial<ReminderSettings>): Promise<RemindersResponse> {
  return apiJson<RemindersResponse>("/reminders", { method: "PATCH", body });
}

export function postSubscription(sub: PushSubscriptionJSON, language: Language): Promise<{ subscriptions: number }> {
  return apiJson("/reminders/subscriptions", {
    method: "POST",
    body: { endpoint: sub.endpoint, keys: sub.keys, language },
  });
}

export function postUnsubscribe(endpoint: string): Promise<{ subscriptions: number }> {
  return apiJson("/reminders/unsubscribe", { method: "POST", body: { endpoint } });
}

export const remindersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reminders, queryFn: ({ signal }) => getReminders(signal), staleTime: 60_000 });

export function useReminders() {
  return useQuery(remindersQueryOptions());
}

export function usePatchReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: patchReminders,
    onSuccess: (data) => client.setQueryData(queryKeys.reminders, data),
  });
}
