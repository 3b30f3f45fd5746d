// A new word is presented before any question about it (issue 24.2): pointed and plain, its audio played, its
// meaning, transliteration and example sentence. Used by the review and by the games that introduce words.
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { AudioButton } from "../ui/audio-button.tsx";
import { Hebrew, Translation } from "../ui/hebrew.tsx";
import { useTranslation } from "../use-translation.ts";

export interface TaughtWord {
  he: string;
  nikkud: string;
  translit: string;
  translation: string;
  audioPath: string | null;
  example: { he: string; nikkud: string; translation: string } | null;
}

export function TeachCard({ word, onDone }: { word: TaughtWord; onDone: () => void }) {
  const { t } = useTranslation("review");
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const pointed = word.nikkud || word.he;
  return (
    <Card withBorder padding="lg" data-testid="teach-card">
      <Stack gap="sm" align="center">
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t("teach.title")}
        </Text>
        <Group gap="sm" justify="center" data-testid="teach-pointed">
          <Hebrew size="xxl">{pointed}</Hebrew>
          <AudioButton path={word.audioPath} text={pointed} size="lg" autoPlay />
        </Group>
        {word.nikkud && word.nikkud !== word.he && (
          <Text c="dimmed" size="sm">
            {t("teach.plain")} <Hebrew size="md">{word.he}</Hebrew>
          </Text>
        )}
        {word.translit.trim() !== "" && (
          <Text dir="ltr" c="dimmed" data-testid="teach-translit">
            <bdi>{word.translit}</bdi>
          </Text>
        )}
        <Text size="xl" fw={700} data-testid="teach-meaning">
          <Translation>{word.translation}</Translation>
        </Text>
        {word.example && (
          <Stack gap={2} align="center" data-testid="teach-example">
            <Title order={3} size="h6" c="dimmed">
              {t("teach.example")}
            </Title>
            <Hebrew size="md">{word.example.nikkud || word.example.he}</Hebrew>
            <Text size="sm" c="dimmed">
              <Translation>{word.example.translation}</Translation>
            </Text>
          </Stack>
        )}
        <Button ref={button} onClick={onDone} data-testid="teach-done">
          {t("teach.done")}
        </Button>
      </Stack>
    </Card>
  );
}
