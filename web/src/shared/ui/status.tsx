import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function LoadingText({ children }: { children?: string }) {
  const { t } = useTranslation("common");
  return (
    <Text role="status" aria-live="polite" py="md">
      {children ?? t("loadingText")}
    </Text>
  );
}

export function ErrorText({ message }: { message: string }) {
  const { t } = useTranslation("common");
  return (
    <Text role="alert" c="red.9" py="md">
      {t("errorText", { message })}
    </Text>
  );
}

/** 'This module is locked for your plan. Upgrade to unlock all content.' */
export function LockedBanner() {
  const { t } = useTranslation("common");
  return (
    <Alert color="upgrade" variant="light" icon={<IconLock aria-hidden="true" />} title={t("locked.title")} mb="md">
      <Stack gap="xs" align="flex-start">
        <Text>{t("locked.message")}</Text>
        <Button component={Link} to="/upgrade" size="xs" color="upgrade.8">
          {t("nav.upgrade")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** 'Pick a module to continue' with a link home. */
export function PickModulePrompt() {
  const { t } = useTranslation("common");
  return (
    <Stack align="flex-start" py="md">
      <Text size="lg">{t("pickModule")}</Text>
      <Button component={Link} to="/home">
        {t("goHome")}
      </Button>
    </Stack>
  );
}
