// Mounted by the app's providers in the native app only: the notifications host for the purchase toasts, the
// SDK start-up, and the links between the store and the server's plan.
import "@mantine/core/styles/CloseButton.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../api/query-keys.ts";
import { AUTH_CHANGED_EVENT } from "../identity.ts";
import { logError } from "../log.ts";
import { resetPurchases, startPurchases } from "./store.ts";

export default function NativePurchases() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.me.entitlements() });
    startPurchases(refresh).catch((e: unknown) => logError("purchases start-up", e));
    const onAuthChanged = () => void resetPurchases().catch((e: unknown) => logError("purchases reset", e));
    window.addEventListener(AUTH_CHANGED_EVENT, onAuthChanged);
    return () => window.removeEventListener(AUTH_CHANGED_EVENT, onAuthChanged);
  }, [client]);
  return <Notifications position="top-center" top="calc(var(--native-top, 0px) + 1rem)" zIndex={1000} />;
}
