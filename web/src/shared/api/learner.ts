// The learner calls (issue 26, decision 0086): the account's support id, link codes, the recovery code, devices and
// erasing the learner's data on the server. Account uses them all; the welcome page enters a code. None of them
// works offline (each needs the server's answer), so they go straight to the API, never through the write queue.
import type {
  accountResponse,
  devicesResponse,
  eraseResponse,
  linkCodeResponse,
  linkResponse,
  recoverResponse,
  recoveryCodeResponse,
} from "@ivrit/core/schemas/learners";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "./client.ts";
import { queryKeys } from "./query-keys.ts";

export type Account = z.infer<typeof accountResponse>;
export type Device = z.infer<typeof devicesResponse>["items"][number];
export type LinkResult = z.infer<typeof linkResponse>;
export type LinkCode = z.infer<typeof linkCodeResponse>;
export type RecoveryCode = z.infer<typeof recoveryCodeResponse>;
export type Recovered = z.infer<typeof recoverResponse>;

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.account(),
    queryFn: ({ signal }) => apiJson<Account>("/me/account", { signal }),
    staleTime: 30_000,
  });
export const useAccount = () => useQuery(accountQueryOptions());

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.devices(),
    queryFn: ({ signal }) => apiJson<{ items: Device[] }>("/me/devices", { signal }),
  });
export const useDevices = () => useQuery(devicesQueryOptions());

export const createLinkCode = () => apiJson<LinkCode>("/me/link-codes", { method: "POST" });
export const linkDevice = (code: string, confirm: boolean) =>
  apiJson<LinkResult>("/me/link", { method: "POST", body: { code, ...(confirm && { confirm: true }) } });
export const createRecoveryCode = () => apiJson<RecoveryCode>("/me/recovery-code", { method: "POST" });
export const recoverLearner = (recoveryCode: string) =>
  apiJson<Recovered>("/me/recover", { method: "POST", body: { recoveryCode } });
export const unlinkDevice = (id: string) =>
  apiJson<{ unlinked: true; thisDevice: boolean }>(`/me/devices/${encodeURIComponent(id)}`, { method: "DELETE" });
export const eraseServerData = () =>
  apiJson<z.infer<typeof eraseResponse>>("/me/data", { method: "DELETE", body: { confirm: "erase" } });

/**
 * After this device changed learner (a link, a recovery, an unlink of itself, an erase): everything read before
 * belongs to another learner, so every query is read again.
 */
export function useLearnerChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
