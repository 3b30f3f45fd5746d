// Teach, then test (issue 24): what a beginner game shows of an item before asking about it. A letter: its shape,
// its name and how it sounds in the learner's language, its recording. A combination: how it is read. A word:
// pointed and plain, transliteration, meaning, example. The recording plays on arrival (the tap that started the
// round, or the previous "Got it", lets the browser play); "Got it" moves on to the question.
import type { BeginnerGame } from "@ivrit/core/games";
import type { Lesson } from "@ivrit/core/games/beginner";
import { stripNikkud } from "@ivrit/core/hebrew";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import classes from "../../../shared/game/play.module.css";
import { AudioButton } from "../../../shared/ui/audio-button.tsx";
import { Hebrew, Translation } from "../../../shared/ui/hebrew.tsx";
import { useTranslation } from "../../../shared/use-translation.ts";
import lessonClasses from "./lesson.module.css";

export function LessonCard({
  game,
  id,
  hebrew,
  audio,
  lesson,
  onReady,
}: {
  game: BeginnerGame;
  id: number;
  hebrew: string;
  audio: string | null;
  lesson: Lesson;
  onReady: () => void;
}) {
  const { t } = useTranslation("play");
  const ready = useRef<HTMLButtonElement>(null);
  useEffect(() => ready.current?.focus(), []);
  const plain = game === "words" ? stripNikkud(hebrew) : null;
  return (
    <Card withBorder padding="lg" data-testid="lesson" data-item-id={id}>
      <Stack gap="sm" align="center">
        <Text c="dimmed" fw={600}>
          {t(`beginner.learn.${game}`)}
        </Text>
        <Group justify="center" gap="md" className={classes.prompt} wrap="nowrap">
          <Hebrew className={classes.promptHebrew} size="xxl">
            {hebrew}
          </Hebrew>
          <AudioButton key={id} path={audio} text={hebrew} size="lg" autoPlay />
        </Group>
        {plain && plain !== hebrew && (
          <Hebrew size="lg" className={lessonClasses.plain}>
            {plain}
          </Hebrew>
        )}
        {lesson.translit && (
          <Text size="lg" dir="ltr" data-testid="lesson-translit">
            {lesson.translit}
          </Text>
        )}
        {game === "letter-vowel" && <Text c="dimmed">{t("beginner.learn.reads")}</Text>}
        <Title order={2} size="h3" ta="center" data-testid="lesson-title">
          <Translation>{lesson.title}</Translation>
        </Title>
        {lesson.detail &&
          (lesson.detailHebrew ? (
            <Hebrew block size="lg">
              {lesson.detail}
            </Hebrew>
          ) : (
            <Text ta="center" data-testid="lesson-detail">
              {lesson.detail}
            </Text>
          ))}
        {lesson.example && (
          <Text ta="center" c="dimmed">
            <Translation>{lesson.example}</Translation>
          </Text>
        )}
        <Button ref={ready} onClick={onReady} mt="xs" data-testid="lesson-ready">
          {t("beginner.learn.ready")}
        </Button>
      </Stack>
    </Card>
  );
}
