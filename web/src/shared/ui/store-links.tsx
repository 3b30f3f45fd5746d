// The App Store and Google Play links (web: purchases happen in the app; SPEC sections 1, 2 and 6).
import { Button, Group } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay } from "@tabler/icons-react";
import { useTranslation } from "../use-translation.ts";

const APP_STORE_URL = "https://apps.apple.com/app/ivrit";
/** The Android app's id is capacitor.config.json's appId. */
const PLAY_STORE_URL = "https://play.google.com/store/apps/details?id=app.ivrit.hebrew";

export function StoreLinks() {
  const { t } = useTranslation("upgrade");
  return (
    <Group gap="sm" data-testid="store-links">
      <Button
        component="a"
        href={APP_STORE_URL}
        target="_blank"
        rel="noopener noreferrer"
        color="dark.9"
        leftSection={<IconBrandApple aria-hidden="true" />}
      >
        {t("download.appStore")}
      </Button>
      <Button
        component="a"
        href={PLAY_STORE_URL}
        target="_blank"
        rel="noopener noreferrer"
        color="dark.9"
        leftSection={<IconBrandGooglePlay aria-hidden="true" />}
      >
        {t("download.googlePlay")}
      </Button>
    </Group>
  );
}
