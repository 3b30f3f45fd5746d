// The beginner menu: letters, vowels, words (SPEC section 2).
import "@mantine/core/styles/List.css";
import { BEGINNER_GAMES } from "@ivrit/core/games";
import { nextGame } from "@ivrit/core/today";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { errorMessage } from "../../shared/api/client.ts";
import { useBeginnerData } from "../../shared/api/get-beginner-data.ts";
import { beginnerIcon, poolSize, SAMPLE } from "../../shared/game/beginner-meta.tsx";
import classes from "../../shared/game/chooser.module.css";
import { InstructionsButton } from "../../shared/game/instructions-dialog.tsx";
import { TodayCard } from "../../shared/game/today-card.tsx";
import { Link } from "../../shared/router.tsx";
import { lastGame } from "../../shared/storage.ts";
import { ERROR_TEXT } from "../../shared/ui/colors.ts";
import { Hebrew } from "../../shared/ui/hebrew.tsx";
import { LoadingText, LockedBanner } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export default function BeginnerMenuPage() {
  const { t } = useTranslation(["beginner", "common"]);
  const language = useLanguage();
  const data = useBeginnerData(language);
  const next = nextGame(BEGINNER_GAMES, lastGame());
  return (
    <Stack gap="md">
      <Title order={1}>{t("menu.title")}</Title>
      <Text size="lg">{t("menu.subtitle")}</Text>
      <TodayCard game={data.data?.locked ? null : { to: `/beginner/${next}`, name: t(`${next}.name`) }} />
      {data.isPending && <LoadingText>{t("loadingMode")}</LoadingText>}
      {data.isError && (
        <Text role="alert" c={ERROR_TEXT}>
          {t("loadFailed", { message: errorMessage(data.error) })}
        </Text>
      )}
      {data.data?.locked && <LockedBanner />}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {BEGINNER_GAMES.map((game) => (
          <Card key={game} withBorder padding="lg" className={classes.card}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <span className={classes.icon}>{beginnerIcon(game)}</span>
              <InstructionsButton ns="beginner" gameKey={game} />
            </Group>
            <Title order={2} size="h3" mt="xs">
              {t(`${game}.name`)}
            </Title>
            <Hebrew size="lg">{SAMPLE[game]}</Hebrew>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {t(`${game}.short`)}
            </Text>
            {data.data && (
              <Text size="sm" fw={600}>
                {t(`${game}.count`, { count: poolSize(game, data.data) })}
              </Text>
            )}
            <Button component={Link} to={`/beginner/${game}`} mt="sm" fullWidth>
              {t("common:start")}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        {/* The label wraps on a phone ("Explorer toutes les lettres et tous les mots" was cut off). */}
        <Button
          component={Link}
          to="/words?view=beginner"
          variant="default"
          h="auto"
          mih={44}
          py={8}
          styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
        >
          {t("menu.explore")}
        </Button>
      </Group>
    </Stack>
  );
}
