// A game that cannot be played with this pool: why, with a way back home and one to try a new pool.
import { Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "../router.tsx";
import { useTranslation } from "../use-translation.ts";

export function EmptyState({
  textKey,
  values,
  onRestart,
  home = "/home",
}: {
  textKey: string;
  values?: Record<string, unknown>;
  onRestart?: () => void;
  home?: string;
}) {
  const { t } = useTranslation(["play", "common"]);
  return (
    <Stack gap="md" align="flex-start" py="md" data-testid="empty-state">
      <Text size="lg">{t(textKey, values ?? {})}</Text>
      <Group>
        {onRestart && <Button onClick={onRestart}>{t("tryAgain")}</Button>}
        <Button component={Link} to={home} variant="default">
          {t("common:backToGames")}
        </Button>
      </Group>
    </Stack>
  );
}
