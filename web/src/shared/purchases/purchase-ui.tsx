// The native app's purchase controls: buy (Upgrade page), restore and manage (Upgrade and Account pages), and a
// notice when purchases are off. Rendered only in the native app.
import type { Plan } from "@ivrit/core/plans";
import { PLAN_TIER } from "@ivrit/core/plans";
import { Alert, Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh, IconSettings } from "@tabler/icons-react";
import { useOnline } from "../use-online.ts";
import { useTranslation } from "../use-translation.ts";
import { buy, manageSubscription, restore, usePurchases } from "./store.ts";

type PaidPlan = Exclude<Plan, "free">;

/** The store's price text of a plan, when the store has given it. */
export function usePlanPrice(plan: Plan): string | null {
  const { prices } = usePurchases();
  return plan === "free" ? null : (prices[plan] ?? null);
}

export function BuyButton({ plan, current }: { plan: PaidPlan; current: Plan }) {
  const { t } = useTranslation(["purchases", "upgrade"]);
  const { busy } = usePurchases();
  const online = useOnline();
  const owned = PLAN_TIER[current] >= PLAN_TIER[plan];
  return (
    <Button
      fullWidth
      color={plan === "plus" ? "indigo.8" : "dark.9"}
      variant={owned ? "default" : "filled"}
      loading={busy === plan}
      // Offline a purchase cannot work: the button waits for the network (StoreActions says why).
      disabled={!online || (busy !== null && busy !== plan)}
      onClick={() => void buy(plan)}
      data-testid={`buy-${plan}`}
    >
      {owned ? t("current") : t("buy", { plan: t(`upgrade:plans.${plan}.name`) })}
    </Button>
  );
}

export function StoreActions() {
  const { t } = useTranslation(["purchases", "common"]);
  const { busy } = usePurchases();
  const online = useOnline();
  if (!online)
    return (
      <Text size="sm" role="status" data-testid="purchases-offline">
        {t("common:offline.purchases")}
      </Text>
    );
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconRefresh aria-hidden="true" size={18} />}
        loading={busy === "restore"}
        disabled={busy !== null && busy !== "restore"}
        onClick={() => void restore()}
        data-testid="restore-purchases"
      >
        {t("restore")}
      </Button>
      <Button
        variant="default"
        leftSection={<IconSettings aria-hidden="true" size={18} />}
        onClick={manageSubscription}
        data-testid="manage-subscription"
      >
        {t("manage")}
      </Button>
    </Group>
  );
}

/** Why buying is off (missing or invalid key, store unreachable), or that the store is still connecting. */
export function PurchasesNotice() {
  const { t } = useTranslation("purchases");
  const { status, configError } = usePurchases();
  if (status === "starting")
    return (
      <Text size="sm" c="dimmed" role="status">
        {t("starting")}
      </Text>
    );
  if (status === "off" && configError)
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
        {t(`config.${configError}`)}
      </Alert>
    );
  return null;
}
