// Account's line on offline content (issue 15): how much the device keeps for learning without a connection, for how
// many modules, and a button to clear it.
import { Alert, Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { logError } from "../../shared/log.ts";
import { DEFAULT_BUDGET_BYTES, offlineStore, type Usage } from "../../shared/offline/store.ts";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";

function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
}

function useUsage(): Usage | null {
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void offlineStore.usage().then(
        (u) => live && setUsage(u),
        (e: unknown) => logError("offline usage", e),
      );
    read();
    const stop = offlineStore.subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return usage;
}

export function OfflineStorage() {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const usage = useUsage();
  const [cleared, setCleared] = useState(false);
  const clear = () => {
    offlineStore.clear().then(
      () => setCleared(true),
      (e: unknown) => logError("offline clear", e),
    );
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="offline-title" data-testid="offline-storage">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="offline-title">
          {t("offline.title")}
        </Title>
        <Text>{t("offline.text")}</Text>
        {usage && (
          <Text fw={600} data-testid="offline-usage" data-bytes={usage.bytes}>
            {t("offline.used", {
              size: megabytes(usage.bytes, language),
              budget: megabytes(DEFAULT_BUDGET_BYTES, language),
            })}{" "}
            {t("offline.modules", { count: usage.modules.length })}
          </Text>
        )}
        {cleared && (
          <Alert color="teal" variant="light" role="status">
            {t("offline.cleared")}
          </Alert>
        )}
        <Button
          variant="default"
          leftSection={<IconDatabaseOff aria-hidden="true" size={18} />}
          onClick={clear}
          disabled={usage?.bytes === 0}
        >
          {t("offline.clear")}
        </Button>
      </Stack>
    </Card>
  );
}
