// Root recall (SPEC section 4): a root and a word built on it; pick the root's meaning among four. Right moves
// on after 700 ms. A pool without a usable root goes straight to /game-over.
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { buildRootRecall, rootRecallResults } from "@ivrit/core/games/root-recall";
import { createRng } from "@ivrit/core/rng";
import { Card, Group, Stack, Text } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { ChoiceOptions } from "../../../../shared/game/choice-options.tsx";
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

type Quiz = Extract<ReturnType<typeof buildRootRecall>, { kind: "ready" }>["quiz"];

export function RootRecall({ session }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildRootRecall(session.words, createRng(session.seed)), [session]);
  const finish = useFinishGame();
  usePlayRecord(start.kind === "ready" ? session : null);
  useEffect(() => {
    if (start.kind === "skipToResults") finish(rootRecallResults(null, session.sessionId));
  }, [start, finish, session.sessionId]);
  if (start.kind !== "ready") return <GameFrame game="root-recall">{null}</GameFrame>;
  return <Round session={session} initial={start.quiz} />;
}

function Round({ session, initial }: { session: WordSession; initial: Quiz }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const { quiz, phase, question, choose, revealed } = useQuiz(initial, {
    advanceMs: DELAYS_MS.ROOT_RECALL_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("root-recall"), answer),
    onFinish: (q) => finish(rootRecallResults(q, session.sessionId)),
  });
  return (
    <GameFrame game="root-recall" step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && (
        <Card withBorder padding="lg" data-testid="question" data-word-id={question.word.id} data-root={question.root}>
          <Stack gap="md">
            <Text ta="center" c="dimmed">
              {t("rootRecall.prompt")}
            </Text>
            <div className={classes.prompt}>
              <Hebrew className={classes.promptHebrew} size="xxl">
                {question.root}
              </Hebrew>
            </div>
            <Group justify="center" gap="xs">
              <Text c="dimmed">{t("rootRecall.example")}</Text>
              <Hebrew size="lg">{question.hebrew}</Hebrew>
            </Group>
            <ChoiceOptions
              options={question.options}
              phase={phase}
              picked={quiz.picked}
              wrongPicks={quiz.wrongPicks}
              label={t("rootRecall.prompt")}
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
        {quiz.picked?.correct ? t("feedback.correct") : t("feedback.tryAgain")}
      </Feedback>
    </GameFrame>
  );
}
