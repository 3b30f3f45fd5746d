// /account: plan badge, restore and manage in the native app, an app-only banner with the store links on web, the
// learner behind the devices (link, recovery code, devices, erase on the server: issue 26), delete local data,
// footer (SPEC sections 2, 6).
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Badge.css";
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconDeviceMobile, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { useLevel } from "../../shared/api/get-me.ts";
import { AUTH_CHANGED_EVENT, forgetIdentity } from "../../shared/identity.ts";
import { logError } from "../../shared/log.ts";
import { offlineStore } from "../../shared/offline/store.ts";
import { isNativeApp } from "../../shared/platform.ts";
import { PurchasesNotice, StoreActions } from "../../shared/purchases/purchase-ui.tsx";
import { ReminderSettings } from "../../shared/reminders/reminder-settings.tsx";
import { Link } from "../../shared/router.tsx";
import { clearLocalData } from "../../shared/storage.ts";
import { PageFooter } from "../../shared/ui/page-footer.tsx";
import { StoreLinks } from "../../shared/ui/store-links.tsx";
import { useOnline } from "../../shared/use-online.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import { Appearance } from "./appearance.tsx";
import { forgetReminders } from "./forget-reminders.ts";
import { OfflineStorage } from "./offline-storage.tsx";
import { SyncSection } from "./sync-section.tsx";

export default function AccountPage() {
  const { t } = useTranslation(["account", "common", "upgrade", "register", "purchases"]);
  const { plan } = usePlan();
  const level = useLevel();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [confirming, { open, close }] = useDisclosure(false);
  const [done, setDone] = useDisclosure(false);

  const deleteLocal = async () => {
    // Before the identity goes: the server forgets this browser's subscription for the old id.
    await forgetReminders().catch((e: unknown) => logError("reminders: forget", e));
    clearLocalData();
    offlineStore.clear().catch((e: unknown) => logError("offline clear", e));
    forgetIdentity();
    queryClient.clear();
    window.dispatchEvent(new Event(AUTH_CHANGED_EVENT));
    close();
    setDone.open();
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t("title")}</Title>
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600}>{t("plan")}</Text>
            <Text size="sm" c="dimmed">
              {t("level", { level: t(`register:levels.${level}`) })}
            </Text>
          </Stack>
          <Badge size="lg" color={plan === "free" ? "gray.8" : "indigo.8"} data-testid="plan-badge">
            {t(`upgrade:plans.${plan}.name`)}
          </Badge>
        </Group>
        <Group mt="md" gap="sm">
          {/* Offline no plan can be bought or checked: no upgrade offer (issue 15). */}
          {online && (
            <Button
              component={Link}
              to="/upgrade"
              color={plan === "free" ? "upgrade.8" : undefined}
              variant={plan === "free" ? "filled" : "default"}
            >
              {t(plan === "free" ? "common:nav.upgrade" : "common:nav.plans")}
            </Button>
          )}
          <Button component={Link} to="/register" variant="default">
            {t("preferences")}
          </Button>
        </Group>
      </Card>
      {isNativeApp() ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="purchases-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="purchases-title">
              {t("purchases:title")}
            </Title>
            <PurchasesNotice />
            <StoreActions />
          </Stack>
        </Card>
      ) : (
        <Alert color="indigo" variant="light" icon={<IconDeviceMobile aria-hidden="true" />} title={t("appOnly.title")}>
          <Stack gap="sm">
            <span>{t("appOnly.text")}</span>
            <StoreLinks />
          </Stack>
        </Alert>
      )}
      {/* The daily habit (issue 30): the colour mode, and reminders. */}
      <Card withBorder padding="lg">
        <Appearance />
      </Card>
      <Card withBorder padding="lg">
        <ReminderSettings />
      </Card>
      <SyncSection />
      <OfflineStorage />
      <Card withBorder padding="lg" component="section" aria-labelledby="delete-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id="delete-title">
            {t("delete.title")}
          </Title>
          <Text>{t("delete.text")}</Text>
          {done && (
            <Alert color="teal" variant="light" role="status">
              {t("delete.done")}
            </Alert>
          )}
          <Button color="red.9" leftSection={<IconTrash aria-hidden="true" size={18} />} onClick={open}>
            {t("delete.button")}
          </Button>
        </Stack>
      </Card>
      <Modal
        opened={confirming}
        onClose={close}
        title={t("delete.confirmTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common:close") }}
      >
        <Text>{t("delete.confirmText")}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t("common:cancel")}
          </Button>
          <Button color="red.9" onClick={() => void deleteLocal()}>
            {t("delete.confirm")}
          </Button>
        </Group>
      </Modal>
      <PageFooter />
    </Stack>
  );
}
