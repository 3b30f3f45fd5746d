// Native purchases: drives core's PurchaseController with the Capacitor SDK, shows its toasts, and hands the
// store's plan to usePlan. Started by native-purchases.tsx (native only); the pages read usePurchases().
import type { Plan } from "@ivrit/core/plans";
import {
  type ConfigError,
  MANAGE_SUBSCRIPTION_URL,
  PurchaseController,
  systemClock,
  type Toast,
} from "@ivrit/core/purchases/purchases";
import { notifications } from "@mantine/notifications";
import { useSyncExternalStore } from "react";
import { i18n } from "../i18n.ts";
import { anonymousId } from "../identity.ts";
import { logError } from "../log.ts";
import { setNativePlan } from "../native-plan.ts";
import { appPlatform } from "../platform.ts";
import { configErrorDetail, planPrices, selectApiKey } from "./adapter.ts";
import { toastText } from "./toasts.ts";

type PaidPlan = Exclude<Plan, "free">;
type PurchaseState = {
  /** starting: the SDK is being configured; ready: buying works; off: see configError. */
  status: "starting" | "ready" | "off";
  configError: ConfigError | null;
  prices: Partial<Record<PaidPlan, string>>;
  busy: PaidPlan | "restore" | null;
};

let state: PurchaseState = { status: "starting", configError: null, prices: {}, busy: null };
const listeners = new Set<() => void>();
function set(patch: Partial<PurchaseState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function usePurchases(): PurchaseState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

let controller: PurchaseController | null = null;
let refreshServer: () => void = () => {};
const SERVER_REREAD_MS = [0, 3000, 10_000];

/** After a purchase or restore: the server's view (the webhook may take a few seconds) and the SDK's. */
function rereadServer() {
  for (const ms of SERVER_REREAD_MS) setTimeout(() => refreshServer(), ms);
}

async function show(toast: Toast) {
  await i18n.loadNamespaces(["purchases", "upgrade"]).catch(() => {});
  const text = toastText(toast, (plan) => i18n.t(`upgrade:plans.${plan}.name`));
  notifications.show({
    color: text.color,
    title: i18n.t(`purchases:${text.title}`, text.values),
    message: text.message ? i18n.t(`purchases:${text.message}`, text.values) : "",
    autoClose: toast.kind === "error" ? 8000 : 4000,
  });
}

/** Configures the SDK once (log in with the anonymous id). A bad setup is logged and leaves the free plan. */
export async function startPurchases(onServerRefresh: () => void): Promise<void> {
  refreshServer = onServerRefresh;
  if (controller) return;
  const platform = appPlatform();
  const { createCapacitorSdk } = await import("./capacitor-sdk.ts");
  const sdk = createCapacitorSdk();
  const c = new PurchaseController({
    sdk,
    clock: systemClock,
    platform,
    apiKey: selectApiKey(platform, import.meta.env),
    appUserId: anonymousId(),
    onPlan: (plan) => {
      setNativePlan(plan);
      refreshServer();
    },
  });
  controller = c;
  const error = await c.init();
  if (error) {
    logError("purchases", new Error(configErrorDetail(error, platform)));
    set({ status: "off", configError: error });
    return;
  }
  set({ status: "ready", configError: null });
  await sdk.onCustomerInfo((info) => c.apply(info)).catch((e: unknown) => logError("purchases listener", e));
  try {
    const offerings = await sdk.getOfferings();
    set({ prices: planPrices(offerings.current?.availablePackages ?? []) });
  } catch (e) {
    logError("purchases offerings", e);
  }
  document.addEventListener("visibilitychange", () => {
    // Offline the store cannot be asked (issue 15): the next visible moment online asks.
    if (document.visibilityState === "visible" && navigator.onLine !== false)
      void c.refresh().catch((e: unknown) => logError("purchases", e));
  });
}

export async function buy(plan: PaidPlan): Promise<void> {
  if (state.busy) return;
  if (!controller) return show({ kind: "info", key: "notReady" });
  set({ busy: plan });
  try {
    const toast = await controller.buy(plan);
    await show(toast);
    if (toast.kind === "success") rereadServer();
  } finally {
    set({ busy: null });
  }
}

export async function restore(): Promise<void> {
  if (state.busy) return;
  if (!controller) return show({ kind: "info", key: "notReady" });
  set({ busy: "restore" });
  try {
    const toast = await controller.restore();
    await show(toast);
    rereadServer();
  } finally {
    set({ busy: null });
  }
}

export function manageSubscription(): void {
  const platform = appPlatform();
  if (platform === "web") return;
  window.open(MANAGE_SUBSCRIPTION_URL[platform], "_blank", "noopener,noreferrer");
}

/** After the local identity is deleted: the store's plan is free at once and for the next 5 minutes. */
export async function resetPurchases(): Promise<void> {
  await controller?.resetToAnonymous();
}
