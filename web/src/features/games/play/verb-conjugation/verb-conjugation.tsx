// Verb conjugation (SPEC section 4, issue 12.2): a verb's root, binyan and meaning, and the tense and person
// asked for; pick the form among four forms of the same verb (or of its root in another binyan). A wrong pick can
// be retried; right moves on after 900 ms. After the answer the form's transliteration and voice appear, and the
// verb's table (the asked cell marked) stays available under the next question (decision 0030).
import "@mantine/core/styles/Badge.css";
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS, MIN_VERB_POOL } from "@ivrit/core/games/constants";
import {
  buildVerbConjugation,
  type ConjugationQuestion,
  verbConjugationResults,
} from "@ivrit/core/games/verb-conjugation";
import { createRng } from "@ivrit/core/rng";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Suspense, useMemo } from "react";
import { ChoiceOptions } from "../../../../shared/game/choice-options.tsx";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { useQuiz } from "../../../../shared/game/use-quiz.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { VerbTable } from "../../../../shared/ui/verb-table.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import { AnswerReveal } from "../answer-reveal.tsx";
import verbClasses from "./verb-conjugation.module.css";

type Quiz = Extract<ReturnType<typeof buildVerbConjugation>, { kind: "ready" }>["quiz"];

/** Binyan names in Latin transliteration, as teachers write them. */
const BINYAN: Record<string, string> = {
  paal: "pa'al",
  nifal: "nif'al",
  piel: "pi'el",
  pual: "pu'al",
  hifil: "hif'il",
  hufal: "huf'al",
  hitpael: "hitpa'el",
};

/** The Hebrew pronoun of a past or future person. */
const PRONOUN: Record<string, string> = {
  "1s": "אני",
  "2ms": "אתה",
  "2fs": "את",
  "3ms": "הוא",
  "3fs": "היא",
  "1p": "אנחנו",
  "2mp": "אתם",
  "2fp": "אתן",
  "3p": "הם / הן",
  "3mp": "הם",
  "3fp": "הן",
};

export function VerbConjugation({ session }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(
    () => buildVerbConjugation(session.words, createRng(session.seed), { focusModuleId: session.focusModuleId }),
    [session],
  );
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

function Prompt({ question }: { question: ConjugationQuestion }) {
  const { t } = useTranslation(["play", "verbs"]);
  const person = question.person;
  const personLabel =
    person === null
      ? null
      : question.tense === "present" || question.tense === "imperative"
        ? t(`verbs:form.${person}`)
        : t(`verbs:person.${person}`);
  return (
    <Group gap="md" style={{ rowGap: "var(--mantine-spacing-xs)" }} justify="center" wrap="wrap" align="flex-start">
      {question.root && (
        <Stack gap={0} align="center">
          <Text size="sm" c="dimmed">
            {t("verb.root")}
          </Text>
          <Hebrew size="xl">{question.root}</Hebrew>
          {question.rootDefinition && (
            <Text size="sm" c="dimmed">
              <bdi>{question.rootDefinition}</bdi>
            </Text>
          )}
        </Stack>
      )}
      {question.binyan && (
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            {t("verb.binyan")}
          </Text>
          <Badge size="xl" color="grape.9" tt="none" data-testid="binyan">
            <bdi>{BINYAN[question.binyan] ?? question.binyan}</bdi>
          </Badge>
        </Stack>
      )}
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {t("verb.tense")}
        </Text>
        <Badge size="xl" color="teal.9" data-testid="tense">
          {t(`verbs:tense.${question.tense}`)}
        </Badge>
      </Stack>
      {personLabel && person && (
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            {t("verb.person")}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Badge size="xl" color="indigo.9" tt="none" data-testid="person">
              {personLabel}
            </Badge>
            {PRONOUN[person] && question.tense !== "present" && question.tense !== "imperative" && (
              <Hebrew size="lg">{PRONOUN[person]}</Hebrew>
            )}
          </Group>
        </Stack>
      )}
    </Group>
  );
}

function Round({ session, initial }: { session: WordSession; initial: Quiz }) {
  const { t } = useTranslation(["play", "common"]);
  const finish = useFinishGame();
  const { quiz, phase, question, choose, revealed } = useQuiz(initial, {
    advanceMs: DELAYS_MS.VERB_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("verb-conjugation"), answer),
    onFinish: (q) => finish(verbConjugationResults(q, session.sessionId)),
  });
  // The table of the verb just answered: shown from the answer on, and under the next question.
  const answered = phase === "answered" ? question : (quiz.questions[quiz.index - 1] ?? null);
  return (
    <GameFrame game="verb-conjugation" step={{ index: quiz.index, count: quiz.questions.length }}>
      {question && (
        <Card
          withBorder
          padding="md"
          data-testid="question"
          data-word-id={question.word.id}
          data-cell={question.cell}
          data-verb={question.forms.inf?.he ?? ""}
        >
          <Stack gap="sm">
            <Prompt question={question} />
            {question.translation && (
              <Text ta="center" size="xl" fw={600}>
                <bdi>{question.translation}</bdi>
              </Text>
            )}
            <Text ta="center" c="dimmed">
              {t("verb.prompt")}
            </Text>
            <div className={verbClasses.options}>
              <ChoiceOptions
                options={question.options}
                phase={phase}
                picked={quiz.picked}
                wrongPicks={quiz.wrongPicks}
                label={t("verb.prompt")}
                render={(o) => <Hebrew size="lg">{o}</Hebrew>}
                onChoose={choose}
              />
            </div>
            {revealed && (
              <AnswerReveal
                text={question.answer}
                transliteration={question.forms[question.cell]?.translit ?? ""}
                audioPath={null}
              />
            )}
          </Stack>
        </Card>
      )}
      <Feedback tone={quiz.picked ? (quiz.picked.correct ? "correct" : "wrong") : null}>
        {quiz.picked?.correct ? t("feedback.correct") : t("feedback.tryAgain")}
      </Feedback>
      {answered && (
        <Suspense fallback={null}>
          <Stack gap={4} data-testid="answered-table" data-cell={answered.cell}>
            <VerbTable
              key={answered.forms.inf?.he ?? answered.cell}
              forms={answered.forms}
              highlight={answered.cell}
              showLabel={t("verb.showTable", { verb: answered.forms.inf?.nikkud ?? "" })}
            />
          </Stack>
        </Suspense>
      )}
    </GameFrame>
  );
}
