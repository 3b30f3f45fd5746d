// The beginner games (SPEC section 4): 5 random letters, letter + vowel combinations or starter words; the
// wrong options come from the other items. A wrong pick is marked and another can be tried; the right one
// moves on after 600 ms; after the last, /game-over with the items.

import { type BeginnerGame, gameName } from "@ivrit/core/games";
import { type BeginnerItems, beginnerResults, buildBeginnerRound } from "@ivrit/core/games/beginner";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import { createRng, randomSeed } from "@ivrit/core/rng";
import { Card, Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../shared/api/client.ts";
import { type BeginnerData, useBeginnerData } from "../../../shared/api/get-beginner-data.ts";
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
import { Hebrew } from "../../../shared/ui/hebrew.tsx";
import { LoadingText, LockedBanner } from "../../../shared/ui/status.tsx";
import { useLanguage } from "../../../shared/use-language.ts";
import { useTranslation } from "../../../shared/use-translation.ts";

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
  const [round, setRound] = useState(() => ({ seed: randomSeed(), sessionId: newSessionId() }));
  const start = useMemo(
    () => (data.data ? buildBeginnerRound(itemsOf(game, data.data), createRng(round.seed)) : null),
    [data.data, game, round.seed],
  );
  usePlayRecord(
    start?.kind === "ready" ? { game, language, moduleId: BEGINNER_MODULE_ID, sessionId: round.sessionId } : null,
  );
  if (data.isPending) {
    return (
      <GameFrame game={game} beginner>
        <LoadingText>{t("loadingData")}</LoadingText>
      </GameFrame>
    );
  }
  if (data.isError) {
    return (
      <GameFrame game={game} beginner>
        <Text role="alert" c="red.9">
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
  return <Round key={round.sessionId} game={game} sessionId={round.sessionId} initial={start.quiz} />;
}

type Quiz = Extract<ReturnType<typeof buildBeginnerRound>, { kind: "ready" }>["quiz"];

function Round({ game, sessionId, initial }: { game: BeginnerGame; sessionId: string; initial: Quiz }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const { quiz, phase, question, choose } = useQuiz(initial, {
    advanceMs: DELAYS_MS.BEGINNER_ADVANCE,
    // First words are words of the beginner module: their answers feed the learning memory. Letters and
    // letter-vowel combinations are not words and have no card.
    onSettled: (q, answer) => {
      if (game === "words") reviewEvents.answer(q.id, gameName(game), answer);
    },
    onFinish: (q) => finish(beginnerResults(game, q, sessionId)),
  });
  return (
    <GameFrame game={game} beginner step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && (
        <Card withBorder padding="lg" data-testid="question" data-item-id={question.id}>
          <Stack gap="md">
            <Text ta="center" c="dark.6">
              {t(`beginner.${game}`)}
            </Text>
            <Group justify="center" gap="md" className={classes.prompt} wrap="nowrap">
              <Hebrew className={classes.promptHebrew} size="xxl">
                {question.hebrew}
              </Hebrew>
              <AudioButton path={question.audio} text={question.hebrew} size="lg" />
            </Group>
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
