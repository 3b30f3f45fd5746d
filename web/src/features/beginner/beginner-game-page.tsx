// A beginner game route; the game itself is a later issue: its name, instructions and pool for now.
import "@mantine/core/styles/List.css";
import type { BeginnerGame } from "@ivrit/core/games";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "../../shared/api/client.ts";
import { LoadingText, LockedBanner } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import classes from "../games/chooser.module.css";
import { InstructionsList } from "../games/instructions-dialog.tsx";
import { useBeginnerData } from "./api/get-beginner-data.ts";
import { beginnerIcon, poolSize } from "./beginner-meta.tsx";

export default function BeginnerGamePage({ game }: { game: BeginnerGame }) {
  const { t } = useTranslation(["beginner", "common", "games"]);
  const language = useLanguage();
  const data = useBeginnerData(language);
  return (
    <Stack gap="md" maw={720}>
      <Group gap="md" wrap="nowrap">
        <span className={classes.icon}>{beginnerIcon(game)}</span>
        <Title order={1}>{t(`${game}.name`)}</Title>
      </Group>
      <Text size="lg">{t(`${game}.short`)}</Text>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t("common:instructions")}
        </Title>
        <InstructionsList steps={t(`${game}.instructions`, { returnObjects: true })} />
      </Card>
      {data.isPending && <LoadingText>{t("loadingData")}</LoadingText>}
      {data.isError && (
        <Text role="alert" c="red.9">
          {t("loadFailed", { message: errorMessage(data.error) })}
        </Text>
      )}
      {data.data?.locked && <LockedBanner />}
      {data.data && !data.data.locked && <Text>{t(`${game}.count`, { count: poolSize(game, data.data) })}</Text>}
      <Text c="dimmed">{t("games:comingSoon")}</Text>
      <Group>
        <Button component={Link} to="/beginner" variant="default">
          {t("backToMenu")}
        </Button>
      </Group>
    </Stack>
  );
}
