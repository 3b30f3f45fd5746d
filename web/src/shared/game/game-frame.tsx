// Every game screen: icon, the game's name as the page heading, the instructions button, the round's progress.
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Progress.css";
import type { BeginnerGame, ModuleGame } from "@ivrit/core/games";
import { Group, Progress, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "../use-translation.ts";
import { beginnerIcon } from "./beginner-meta.tsx";
import classes from "./chooser.module.css";
import { gameIcon } from "./game-meta.tsx";
import { InstructionsButton } from "./instructions-dialog.tsx";

export function GameFrame({
  game,
  beginner,
  step,
  children,
}: {
  game: ModuleGame | BeginnerGame;
  beginner?: boolean;
  /** 0-based index and count of the round's items, when the game has rounds. */
  step?: { index: number; count: number } | null;
  children: ReactNode;
}) {
  const ns = beginner ? "beginner" : "games";
  const { t } = useTranslation([ns, "play"]);
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <span className={classes.icon}>
            {beginner ? beginnerIcon(game as BeginnerGame) : gameIcon(game as ModuleGame)}
          </span>
          <Title order={1} size="h2">
            {t(`${game}.name`, { ns })}
          </Title>
        </Group>
        <InstructionsButton ns={ns} gameKey={game} />
      </Group>
      {step && step.count > 0 && (
        <Stack gap={4}>
          <Text size="sm" c="dimmed" data-testid="step" data-index={step.index} data-count={step.count}>
            {t("play:step", { current: Math.min(step.index + 1, step.count), total: step.count })}
          </Text>
          <Progress
            value={(Math.min(step.index, step.count) / step.count) * 100}
            size="sm"
            aria-hidden="true"
            transitionDuration={200}
          />
        </Stack>
      )}
      {children}
    </Stack>
  );
}
