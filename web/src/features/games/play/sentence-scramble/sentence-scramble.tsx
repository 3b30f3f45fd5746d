// Sentence scramble (SPEC section 4): the translation of a sentence and its Hebrew words shuffled. Tap a word
// to add it to the sentence, tap it there to take it back; check once all are placed. Right: the next after
// 1200 ms. Wrong: the words go back after 900 ms. After 3 wrong tries the answer is shown with a Next button.
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS, SCRAMBLE_REVEAL_AFTER } from "@ivrit/core/games/constants";
import {
  bankTiles,
  buildSentenceScramble,
  builtTiles,
  canSubmit,
  currentItem,
  nextSentence,
  resetAfterWrong,
  type ScrambleState,
  sentenceScrambleResults,
  submit,
  tapTile,
} from "@ivrit/core/games/sentence-scramble";
import { createRng } from "@ivrit/core/rng";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import classes from "./sentence-scramble.module.css";

export function SentenceScramble({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildSentenceScramble(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="sentence-scramble">
        <EmptyState textKey="scramble.noSentences" onRestart={onRestart} />
      </GameFrame>
    );
  }
  return <Round session={session} initial={start.state} />;
}

function Round({ session, initial }: { session: WordSession; initial: ScrambleState }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const [state, setState] = useState(initial);
  const item = currentItem(state);
  const nextButton = useRef<HTMLButtonElement>(null);
  const bankRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    if (state.phase === "correct") {
      const timer = setTimeout(() => setState((s) => nextSentence(s)), DELAYS_MS.SCRAMBLE_CORRECT);
      return () => clearTimeout(timer);
    }
    if (state.phase === "wrong") {
      const timer = setTimeout(() => setState((s) => resetAfterWrong(s)), DELAYS_MS.SCRAMBLE_WRONG);
      return () => clearTimeout(timer);
    }
    if (state.phase === "revealed") nextButton.current?.focus();
    return undefined;
  }, [state.phase]);

  // A new sentence: keep the keyboard in the words if focus was lost with the old tiles or the submit button.
  const firstSentence = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sentence changes
  useEffect(() => {
    if (firstSentence.current) {
      firstSentence.current = false;
      return;
    }
    const active = document.activeElement;
    if (active === null || active === document.body || (active as HTMLButtonElement).disabled) {
      bankRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
    }
  }, [state.index]);

  const finished = useRef(false);
  useEffect(() => {
    if (state.phase === "finished" && !finished.current) {
      finished.current = true;
      finish(sentenceScrambleResults(state, session.sessionId));
    }
  }, [state, session.sessionId, finish]);

  // After a tile moves, keep the keyboard in the bank so the next word is one Tab away.
  const tap = (id: number) => {
    setState((s) => tapTile(s, id));
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) {
        bankRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
      }
    });
  };

  const onSubmit = () => {
    const next = submit(state);
    if (next === state || !item) return;
    if (next.phase === "correct" && state.wrongAttempts === 0) progress.add(item.word.id, 1);
    if (next.phase !== "correct" && state.wrongAttempts === 0) progress.add(item.word.id, -1);
    // Solved, or revealed after too many tries: either settles the sentence for the learning memory.
    if (next.phase === "correct" || next.phase === "revealed")
      reviewEvents.answer(item.word.id, gameName("sentence-scramble"), {
        correct: next.phase === "correct",
        mistakes: state.wrongAttempts,
        elapsedMs: null,
      });
    setState(next);
  };

  if (!item) return <GameFrame game="sentence-scramble">{null}</GameFrame>;
  const built = builtTiles(state);
  const bank = bankTiles(state);
  const locked = state.phase !== "building";
  const left = SCRAMBLE_REVEAL_AFTER - state.wrongAttempts;
  return (
    <GameFrame game="sentence-scramble" step={{ index: state.index, count: state.items.length }}>
      <Card withBorder padding="lg" data-testid="question" data-word-id={item.word.id}>
        <Stack gap="md">
          <Text c="dimmed">{t("scramble.prompt")}</Text>
          <Text size="xl" fw={600} data-testid="scramble-translation">
            <bdi>{item.translation}</bdi>
          </Text>
          <Text fw={600} size="sm" id="scramble-answer-label">
            {t("scramble.answer")}
          </Text>
          <fieldset
            className={`${classes.line} ${classes.answer}`}
            dir="rtl"
            lang="he"
            aria-labelledby="scramble-answer-label"
            data-state={
              state.phase === "correct"
                ? "correct"
                : state.phase === "wrong" || state.phase === "revealed"
                  ? "wrong"
                  : undefined
            }
            data-testid="answer-line"
          >
            {built.length === 0 && (
              <span className={classes.placeholder} lang={undefined}>
                {t("scramble.emptyAnswer")}
              </span>
            )}
            {built.map((tile) => (
              <Button
                key={tile.id}
                variant="filled"
                className={classes.tile}
                onClick={() => tap(tile.id)}
                aria-disabled={locked || undefined}
                aria-label={t("scramble.takeBack", { word: tile.text })}
                data-testid="built-tile"
              >
                {tile.text}
              </Button>
            ))}
          </fieldset>
          {/* Once the answer is shown the empty word bank would only take room. */}
          {state.phase !== "revealed" && (
            <>
              <Text fw={600} size="sm" id="scramble-bank-label">
                {t("scramble.bank")}
              </Text>
              <fieldset
                ref={bankRef}
                className={classes.line}
                dir="rtl"
                lang="he"
                aria-labelledby="scramble-bank-label"
                data-testid="bank"
              >
                {bank.map((tile) => (
                  <Button
                    key={tile.id}
                    variant="default"
                    className={classes.tile}
                    onClick={() => tap(tile.id)}
                    aria-disabled={locked || undefined}
                    data-testid="bank-tile"
                  >
                    {tile.text}
                  </Button>
                ))}
              </fieldset>
            </>
          )}
          {state.phase === "revealed" ? (
            <Stack gap="xs" data-testid="revealed">
              <Text fw={600}>{t("scramble.revealed")}</Text>
              <Hebrew block size="lg">
                {item.hebrew}
              </Hebrew>
              <Group>
                <Button ref={nextButton} onClick={() => setState((s) => nextSentence(s))} data-testid="next">
                  {t("next")}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="space-between">
              <Button onClick={onSubmit} disabled={!canSubmit(state)} data-testid="submit">
                {t("scramble.submit")}
              </Button>
              <Text size="sm" c="dimmed">
                {t("scramble.triesLeft", { count: left })}
              </Text>
            </Group>
          )}
        </Stack>
      </Card>
      <Feedback
        tone={
          state.phase === "correct" ? "correct" : state.phase === "wrong" || state.phase === "revealed" ? "wrong" : null
        }
      >
        {state.phase === "correct"
          ? t("feedback.correct")
          : state.phase === "wrong"
            ? t("scramble.wrong")
            : state.phase === "revealed"
              ? t("scramble.revealedFeedback")
              : null}
      </Feedback>
    </GameFrame>
  );
}
