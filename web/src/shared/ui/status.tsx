import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "../router.tsx";
import { useOnline } from "../use-online.ts";
import { useTranslation } from "../use-translation.ts";
import { ERROR_TEXT } from "./colors.ts";

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
    <Text role="alert" c={ERROR_TEXT} py="md">
      {t("errorText", { message })}
    </Text>
  );
}

/** 'This module is locked for your plan. Upgrade to unlock all content.' Offline, no upgrade button (issue 15). */
export function LockedBanner() {
  const { t } = useTranslation("common");
  const online = useOnline();
  return (
    <Alert color="upgrade" variant="light" icon={<IconLock aria-hidden="true" />} title={t("locked.title")} mb="md">
      <Stack gap="xs" align="flex-start">
        <Text>{t("locked.message")}</Text>
        {online ? (
          <Button component={Link} to="/upgrade" size="xs" color="upgrade.8">
            {t("nav.upgrade")}
          </Button>
        ) : (
          <Text size="sm">{t("offline.purchases")}</Text>
        )}
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
