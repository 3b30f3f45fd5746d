// Flashcards (SPEC section 4): the pool shuffled into a cyclic deck; the translation shown by default and
// hideable; category, root and tense badges; audio. No module: a prompt to choose one. No words: 'no more'.
import "@mantine/core/styles/Badge.css";
import {
  buildFlashcards,
  cardFacts,
  currentCard,
  type FlashcardsState,
  flashcardsResults,
  nextCard,
  previousCard,
  toggleTranslation,
} from "@ivrit/core/games/flashcards";
import { createRng } from "@ivrit/core/rng";
import { Badge, Button, Card, Group, Stack, Text, useDirection } from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconEye, IconEyeOff } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import classes from "../../../../shared/game/play.module.css";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { AudioButton } from "../../../../shared/ui/audio-button.tsx";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { WordPicture } from "../../../../shared/ui/word-picture.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import { FlashcardsNoModule } from "./no-module.tsx";

export function Flashcards({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(
    () => buildFlashcards(session.words, createRng(session.seed), { moduleId: session.moduleId }),
    [session],
  );
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind === "noModule") {
    return (
      <GameFrame game="flashcards">
        <FlashcardsNoModule />
      </GameFrame>
    );
  }
  if (start.kind === "noMore") {
    return (
      <GameFrame game="flashcards">
        <EmptyState textKey="flashcards.noMore" onRestart={onRestart} />
      </GameFrame>
    );
  }
  return <Deck session={session} initial={start.state} />;
}

function Deck({ session, initial }: { session: WordSession; initial: FlashcardsState }) {
  const { t } = useTranslation(["play", "common"]);
  const finish = useFinishGame();
  const [state, setState] = useState(initial);
  const word = currentCard(state);
  const facts = cardFacts(word);
  // A deck where some words have a picture keeps its box on every card: the buttons below stay where they are.
  const pictures = useMemo(() => state.deck.some((w) => w.picture), [state.deck]);
  const { dir } = useDirection();
  // "Previous" points back along the reading direction: left in English, right in Arabic.
  const Back = dir === "rtl" ? IconArrowRight : IconArrowLeft;
  const Forward = dir === "rtl" ? IconArrowLeft : IconArrowRight;
  const hebrew = word.word_with_nikkud || word.word_he || word.hebrew || word.word;
  return (
    <GameFrame game="flashcards" step={null}>
      <Text size="sm" c="dimmed" data-testid="card-count">
        {t("flashcards.card", { current: state.index + 1, total: state.deck.length })}
      </Text>
      <Card withBorder padding="lg" data-testid="question" data-word-id={word.id} aria-live="polite">
        <Stack gap="sm" align="center">
          <WordPicture file={word.picture} size={96} reserve={pictures} />
          <Group gap="sm" wrap="nowrap" justify="center">
            <Hebrew className={classes.promptHebrew} size="xxl">
              {hebrew}
            </Hebrew>
            <AudioButton path={word.audio_path ?? word.pronunciation_audio} text={hebrew} size="lg" />
          </Group>
          {word.transliteration && (
            <Text c="dimmed" dir="ltr">
              <bdi>{word.transliteration}</bdi>
            </Text>
          )}
          <Text size="xl" fw={600} ta="center" style={{ minHeight: "2.2rem" }} data-testid="card-translation">
            {state.showTranslation ? <bdi>{word.translation}</bdi> : <span aria-hidden="true">· · ·</span>}
          </Text>
          <Group gap="xs" justify="center">
            {facts.category && (
              <Badge color="gray.8">{t(`common:category.${facts.category}`, { defaultValue: facts.category })}</Badge>
            )}
            {facts.tense && <Badge color="teal.9">{t(`common:tense.${facts.tense}`)}</Badge>}
          </Group>
          {facts.root && (
            <Text size="sm">
              {t("flashcards.root")} <Hebrew size="md">{facts.root}</Hebrew>
              {facts.rootDefinition && (
                <>
                  {" · "}
                  <bdi>{facts.rootDefinition}</bdi>
                </>
              )}
            </Text>
          )}
        </Stack>
      </Card>
      <Group justify="center" gap="sm">
        <Button
          variant="default"
          onClick={() => setState(previousCard)}
          leftSection={<Back aria-hidden="true" size={18} />}
          data-testid="previous"
        >
          {t("flashcards.previous")}
        </Button>
        <Button
          variant="light"
          onClick={() => setState(toggleTranslation)}
          aria-pressed={!state.showTranslation}
          leftSection={
            state.showTranslation ? (
              <IconEyeOff aria-hidden="true" size={18} />
            ) : (
              <IconEye aria-hidden="true" size={18} />
            )
          }
          data-testid="toggle-translation"
        >
          {state.showTranslation ? t("flashcards.hide") : t("flashcards.show")}
        </Button>
        <Button
          onClick={() => setState(nextCard)}
          rightSection={<Forward aria-hidden="true" size={18} />}
          data-testid="next"
        >
          {t("next")}
        </Button>
      </Group>
      <Group justify="center">
        <Button
          variant="subtle"
          onClick={() => finish(flashcardsResults(state, session.sessionId))}
          data-testid="finish"
        >
          {t("finish")}
        </Button>
      </Group>
    </GameFrame>
  );
}
