// A game route. The game screens themselves are a later issue: for now the game's name and instructions.
import "@mantine/core/styles/List.css";
import type { ModuleGame } from "@ivrit/core/games";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { useProfileComplete } from "../../shared/api/get-me.ts";
import { LoadingText } from "../../shared/ui/status.tsx";
import classes from "./chooser.module.css";
import { gameIcon } from "./game-meta.tsx";
import { InstructionsList } from "./instructions-dialog.tsx";

export default function GamePage({ game }: { game: ModuleGame }) {
  const { t } = useTranslation(["games", "common"]);
  const { moduleId } = useParams();
  const profile = useProfileComplete();
  const id = moduleId === undefined ? null : Number(moduleId);
  if (id !== null && !(Number.isInteger(id) && id > 0)) {
    return <Text role="alert">{t("common:errors.invalidModuleId")}</Text>;
  }
  if (game === "root-recall") {
    if (!profile.ready) return <LoadingText />;
    if (!profile.complete) return <Navigate to="/register?from=root-recall" replace />;
  }
  return (
    <Stack gap="md" maw={720}>
      <Group gap="md" wrap="nowrap">
        <span className={classes.icon}>{gameIcon(game)}</span>
        <Title order={1}>{t(`${game}.name`)}</Title>
      </Group>
      <Text size="lg">{t(`${game}.short`)}</Text>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t("common:instructions")}
        </Title>
        <InstructionsList steps={t(`${game}.instructions`, { returnObjects: true })} />
      </Card>
      <Text c="dimmed">{t("comingSoon")}</Text>
      <Group>
        <Button component={Link} to="/home" variant="default">
          {t("common:backToGames")}
        </Button>
      </Group>
    </Stack>
  );
}
