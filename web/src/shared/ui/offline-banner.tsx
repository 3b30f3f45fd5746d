// The calm line under the header while the device is offline (issue 15): what still works, and that nothing the
// learner does is lost. In the learner's language (common namespace, loaded before any page).
import { Alert, Container, Text } from "@mantine/core";
import { IconWifiOff } from "@tabler/icons-react";
import { useOnline } from "../use-online.ts";
import { useTranslation } from "../use-translation.ts";

export function OfflineBanner() {
  const { t } = useTranslation("common");
  const online = useOnline();
  if (online) return null;
  return (
    <Container size="lg" w="100%" pt="sm">
      <Alert
        color="gray"
        variant="light"
        role="status"
        data-testid="offline-banner"
        icon={<IconWifiOff aria-hidden="true" size={18} />}
        py={6}
      >
        <Text size="sm">
          <Text span fw={700} size="sm">
            {t("offline.title")}.
          </Text>{" "}
          {t("offline.text")}
        </Text>
      </Alert>
    </Container>
  );
}
