// Verb conjugation (SPEC section 4): the root, the tense and the translation; pick the Hebrew form among four
// (wrong ones ranked by similarity by the engine). A wrong pick can be retried; right moves on after 900 ms.
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS, MIN_VERB_POOL } from "@ivrit/core/games/constants";
import { buildVerbConjugation, verbConjugationResults } from "@ivrit/core/games/verb-conjugation";
import { createRng } from "@ivrit/core/rng";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceOptions } from "../../../../shared/game/choice-options.tsx";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { useQuiz } from "../../../../shared/game/use-quiz.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import type { WordSession } from "../../session/use-word-session.ts";

type Quiz = Extract<ReturnType<typeof buildVerbConjugation>, { kind: "ready" }>["quiz"];

export function VerbConjugation({ session }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildVerbConjugation(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="verb-conjugation">
        <EmptyState textKey="verb.notEnough" values={{ found: start.found, min: MIN_VERB_POOL }} />
      </GameFrame>
    );
  }
  return <Round session={session} initial={start.quiz} />;
}

function Round({ session, initial }: { session: WordSession; initial: Quiz }) {
  const { t } = useTranslation(["play", "common"]);
  const finish = useFinishGame();
  const { quiz, phase, question, choose } = useQuiz(initial, {
    advanceMs: DELAYS_MS.VERB_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("verb-conjugation"), answer),
    onFinish: (q) => finish(verbConjugationResults(q, session.sessionId)),
  });
  return (
    <GameFrame game="verb-conjugation" step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && (
        <Card withBorder padding="lg" data-testid="question" data-word-id={question.word.id}>
          <Stack gap="md">
            <Group gap="lg" justify="center" wrap="wrap">
              {question.root && (
                <Stack gap={0} align="center">
                  <Text size="sm" c="dark.6">
                    {t("verb.root")}
                  </Text>
                  <Hebrew size="xl">{question.root}</Hebrew>
                  {question.rootDefinition && (
                    <Text size="sm" c="dark.6">
                      <bdi>{question.rootDefinition}</bdi>
                    </Text>
                  )}
                </Stack>
              )}
              <Stack gap={4} align="center">
                <Text size="sm" c="dark.6">
                  {t("verb.tense")}
                </Text>
                <Badge size="xl" color="teal.9" data-testid="tense">
                  {t(`common:tense.${question.tense}`)}
                </Badge>
              </Stack>
            </Group>
            <Text ta="center" size="xl" fw={600}>
              <bdi>{question.translation}</bdi>
            </Text>
            <Text ta="center" c="dark.6">
              {t("verb.prompt")}
            </Text>
            <ChoiceOptions
              options={question.options}
              phase={phase}
              picked={quiz.picked}
              wrongPicks={quiz.wrongPicks}
              label={t("verb.prompt")}
              render={(o) => <Hebrew size="lg">{o}</Hebrew>}
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
