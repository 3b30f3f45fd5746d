// Translation match (SPEC section 4): a Hebrew word, four translations, one pick; the next word after 1200 ms.
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { buildTranslationMatch, translationMatchResults } from "@ivrit/core/games/translation-match";
import { createRng } from "@ivrit/core/rng";
import { Card, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { AnswerReveal } from "../../../../shared/game/answer-reveal.tsx";
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

export function TranslationMatch({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildTranslationMatch(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="translation-match">
        <EmptyState textKey="translationMatch.noWords" onRestart={onRestart} />
      </GameFrame>
    );
  }
  return <Round session={session} quiz={start.quiz} />;
}

type Quiz = Extract<ReturnType<typeof buildTranslationMatch>, { kind: "ready" }>["quiz"];

function Round({ session, quiz: initial }: { session: WordSession; quiz: Quiz }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const { quiz, phase, question, choose } = useQuiz(initial, {
    advanceMs: DELAYS_MS.TRANSLATION_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("translation-match"), answer),
    onFinish: (q) => finish(translationMatchResults(q, session.sessionId)),
  });
  const asked = quiz.questions.length;
  return (
    <GameFrame game="translation-match" step={{ index: quiz.index, count: asked }}>
      {question && (
        <Card withBorder padding="lg" data-testid="question" data-word-id={question.word.id}>
          <Stack gap="md">
            <Text ta="center" c="dark.6">
              {t("translationMatch.prompt")}
            </Text>
            <div className={classes.prompt}>
              <Hebrew className={classes.promptHebrew} size="xxl">
                {question.hebrew}
              </Hebrew>
            </div>
            <ChoiceOptions
              options={question.options}
              phase={phase}
              picked={quiz.picked}
              wrongPicks={quiz.wrongPicks}
              answer={question.answer}
              revealAnswer
              label={t("translationMatch.options")}
              onChoose={choose}
            />
            {phase === "answered" && (
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
          ? t("feedback.correct")
          : question && t("feedback.wrongAnswer", { answer: question.answer })}
      </Feedback>
    </GameFrame>
  );
}
