// The beginner games (SPEC section 4): 5 random letters, letter + vowel combinations or starter words; the
// wrong options come from the other items. A wrong pick is marked and another can be tried; the right one
// moves on after 600 ms; after the last, /game-over with the items. Teach, then test (issue 24): each letter
// and combination, and each word not met yet, is shown first (LessonCard); a recording that says the answer
// (a letter's name, a combination's reading) is offered only once the question is answered; a word shows its
// transliteration until the learner knows it.

import { type BeginnerGame, gameName } from "@ivrit/core/games";
import { type BeginnerItems, beginnerResults, buildBeginnerRound } from "@ivrit/core/games/beginner";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import type { WordState } from "@ivrit/core/review";
import { createRng, randomSeed } from "@ivrit/core/rng";
import { Card, Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../shared/api/client.ts";
import { type BeginnerData, useBeginnerData } from "../../../shared/api/get-beginner-data.ts";
import { useReviewWordStates } from "../../../shared/api/get-review-words.ts";
import { ChoiceOptions } from "../../../shared/game/choice-options.tsx";
import { EmptyState } from "../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../shared/game/game-frame.tsx";
import classes from "../../../shared/game/play.module.css";
import { useFinishGame } from "../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../shared/game/use-play-record.ts";
import { useQuiz } from "../../../shared/game/use-quiz.ts";
import { newSessionId, reviewEvents } from "../../../shared/session/records.ts";
import { AudioButton } from "../../../shared/ui/audio-button.tsx";
import { ERROR_TEXT } from "../../../shared/ui/colors.ts";
import { Hebrew } from "../../../shared/ui/hebrew.tsx";
import { LoadingText, LockedBanner } from "../../../shared/ui/status.tsx";
import { useLanguage } from "../../../shared/use-language.ts";
import { useTranslation } from "../../../shared/use-translation.ts";
import { LessonCard } from "./lesson-card.tsx";

function itemsOf(game: BeginnerGame, data: BeginnerData): BeginnerItems {
  switch (game) {
    case "letters":
      return { game, items: data.letters };
    case "letter-vowel":
      return { game, items: data.combos };
    case "words":
      return { game, items: data.words };
  }
}

export function BeginnerPlay({ game }: { game: BeginnerGame }) {
  const { t } = useTranslation(["beginner", "play"]);
  const language = useLanguage();
  const data = useBeginnerData(language);
  // First words: which the learner knows (their cards), to teach the others and show their transliteration.
  const states = useReviewWordStates(BEGINNER_MODULE_ID, game === "words");
  const [round, setRound] = useState(() => ({ seed: randomSeed(), sessionId: newSessionId() }));
  const start = useMemo(
    () => (data.data ? buildBeginnerRound(itemsOf(game, data.data), createRng(round.seed)) : null),
    [data.data, game, round.seed],
  );
  usePlayRecord(
    start?.kind === "ready" ? { game, language, moduleId: BEGINNER_MODULE_ID, sessionId: round.sessionId } : null,
  );
  if (data.isPending || (game === "words" && states.isPending && states.fetchStatus === "fetching")) {
    return (
      <GameFrame game={game} beginner>
        <LoadingText>{t("loadingData")}</LoadingText>
      </GameFrame>
    );
  }
  if (data.isError) {
    return (
      <GameFrame game={game} beginner>
        <Text role="alert" c={ERROR_TEXT}>
          {t("loadFailed", { message: errorMessage(data.error) })}
        </Text>
      </GameFrame>
    );
  }
  if (data.data?.locked) {
    return (
      <GameFrame game={game} beginner>
        <LockedBanner />
      </GameFrame>
    );
  }
  if (start?.kind !== "ready") {
    return (
      <GameFrame game={game} beginner>
        <EmptyState
          textKey="play:beginner.noItems"
          home="/beginner"
          onRestart={() => setRound({ seed: randomSeed(), sessionId: newSessionId() })}
        />
      </GameFrame>
    );
  }
  return (
    <Round
      key={round.sessionId}
      game={game}
      sessionId={round.sessionId}
      initial={start.quiz}
      states={states.data ?? null}
    />
  );
}

type Quiz = Extract<ReturnType<typeof buildBeginnerRound>, { kind: "ready" }>["quiz"];

const KNOWN: ReadonlySet<WordState> = new Set(["known", "mature"]);

function Round({
  game,
  sessionId,
  initial,
  states,
}: {
  game: BeginnerGame;
  sessionId: string;
  initial: Quiz;
  states: ReadonlyMap<number, WordState> | null;
}) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  // The questions whose lesson was shown this round (by index).
  const [taught, setTaught] = useState<ReadonlySet<number>>(new Set());
  const { quiz, phase, question, choose } = useQuiz(initial, {
    advanceMs: DELAYS_MS.BEGINNER_ADVANCE,
    // First words are words of the beginner module: their answers feed the learning memory. Letters and
    // letter-vowel combinations are not words and have no card.
    onSettled: (q, answer) => {
      if (game === "words") reviewEvents.answer(q.id, gameName(game), answer);
    },
    onFinish: (q) => finish(beginnerResults(game, q, sessionId)),
  });
  const state = question && game === "words" ? states?.get(question.id) : undefined;
  // Letters and combinations are taught every round (they have no card); words until the learner has met them.
  const teach = question !== null && !taught.has(quiz.index) && (game !== "words" || !state || state === "new");
  const showTranslit = game === "words" && !(state && KNOWN.has(state));
  return (
    <GameFrame game={game} beginner step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && teach && (
        <LessonCard
          key={quiz.index}
          game={game}
          id={question.id}
          hebrew={question.hebrew}
          audio={question.audio}
          lesson={question.lesson}
          onReady={() => setTaught((s) => new Set(s).add(quiz.index))}
        />
      )}
      {question && !teach && (
        <Card withBorder padding="lg" data-testid="question" data-item-id={question.id}>
          <Stack gap="md">
            <Text ta="center" c="dimmed">
              {t(`beginner.${game}`)}
            </Text>
            <Group justify="center" gap="md" className={classes.prompt} wrap="nowrap">
              <Hebrew className={classes.promptHebrew} size="xxl">
                {question.hebrew}
              </Hebrew>
              {/* A recording of the answer plays only once it is found. */}
              {(!question.audioIsAnswer || quiz.picked?.correct) && (
                <AudioButton path={question.audio} text={question.hebrew} size="lg" />
              )}
            </Group>
            {showTranslit && question.lesson.translit && (
              <Text ta="center" size="lg" dir="ltr" data-testid="translit">
                {question.lesson.translit}
              </Text>
            )}
            <ChoiceOptions
              options={question.options}
              phase={phase}
              picked={quiz.picked}
              wrongPicks={quiz.wrongPicks}
              label={t(`beginner.${game}`)}
              onChoose={choose}
            />
          </Stack>
        </Card>
      )}
      <Feedback tone={quiz.picked ? (quiz.picked.correct ? "correct" : "wrong") : null}>
        {quiz.picked?.correct ? t("feedback.correct") : t("feedback.tryAgain")}
      </Feedback>
    </GameFrame>
  );
}
