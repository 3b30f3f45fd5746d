// Tense guesser (SPEC section 4): a Hebrew verb form; present, past, future or infinitive? The right answer
// shows the translation and moves on after 900 ms; a wrong one can be retried.
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { buildTenseGuesser, tenseGuesserResults } from "@ivrit/core/games/tense-guesser";
import { createRng } from "@ivrit/core/rng";
import { Card, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { ChoiceOptions } from "../../../../shared/game/choice-options.tsx";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import classes from "../../../../shared/game/play.module.css";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { useQuiz } from "../../../../shared/game/use-quiz.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import { AnswerReveal } from "../answer-reveal.tsx";

type Quiz = Extract<ReturnType<typeof buildTenseGuesser>, { kind: "ready" }>["quiz"];

export function TenseGuesser({ session }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildTenseGuesser(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="tense-guesser">
        <EmptyState textKey="tense.notEnough" />
      </GameFrame>
    );
  }
  return <Round session={session} initial={start.quiz} />;
}

function Round({ session, initial }: { session: WordSession; initial: Quiz }) {
  const { t } = useTranslation(["play", "common"]);
  const finish = useFinishGame();
  const { quiz, phase, question, choose, revealed } = useQuiz(initial, {
    advanceMs: DELAYS_MS.VERB_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("tense-guesser"), answer),
    onFinish: (q) => finish(tenseGuesserResults(q, session.sessionId)),
  });
  const solved = quiz.picked?.correct === true;
  return (
    <GameFrame game="tense-guesser" step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && (
        <Card withBorder padding="lg" data-testid="question" data-word-id={question.word.id}>
          <Stack gap="md">
            <Text ta="center" c="dimmed">
              {t("tense.prompt")}
            </Text>
            <div className={classes.prompt}>
              <Hebrew className={classes.promptHebrew} size="xxl">
                {question.hebrew}
              </Hebrew>
            </div>
            <Text ta="center" size="lg" fw={600} style={{ minHeight: "2rem" }} data-testid="translation">
              {solved && <bdi>{question.translation}</bdi>}
            </Text>
            <ChoiceOptions
              options={question.options}
              phase={phase}
              picked={quiz.picked}
              wrongPicks={quiz.wrongPicks}
              label={t("tense.prompt")}
              render={(o) => t(`common:tense.${o}`)}
              onChoose={choose}
            />
            {revealed && (
              <AnswerReveal
                text={question.hebrew}
                transliteration={question.word.transliteration}
                audioPath={question.word.audio_path ?? question.word.pronunciation_audio}
              />
            )}
          </Stack>
        </Card>
      )}
      <Feedback tone={quiz.picked ? (quiz.picked.correct ? "correct" : "wrong") : null}>
        {quiz.picked?.correct
          ? t("tense.correct", { translation: question?.translation ?? "" })
          : t("feedback.tryAgain")}
      </Feedback>
    </GameFrame>
  );
}
