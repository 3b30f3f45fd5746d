// Translation match (SPEC section 4): a Hebrew word, four translations, one pick; the next word after 1200 ms.
// A word the learner never met (no card in the learning memory) is taught right before its question (issue 24.2).
import { gameName } from "@ivrit/core/games";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { buildTranslationMatch, translationMatchResults } from "@ivrit/core/games/translation-match";
import { createRng } from "@ivrit/core/rng";
import type { Word } from "@ivrit/core/schemas/api";
import { Card, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useReviewWordStates } from "../../../../shared/api/get-review-words.ts";
import { ChoiceOptions } from "../../../../shared/game/choice-options.tsx";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import classes from "../../../../shared/game/play.module.css";
import { type TaughtWord, TeachCard } from "../../../../shared/game/teach-card.tsx";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { useQuiz } from "../../../../shared/game/use-quiz.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { LoadingText } from "../../../../shared/ui/status.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import { AnswerReveal } from "../answer-reveal.tsx";

export function TranslationMatch({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildTranslationMatch(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  // The learner's cards: a word without one is new. Unknown (offline, an error): nothing is taught.
  const states = useReviewWordStates(session.moduleId, start.kind === "ready");
  if (start.kind !== "ready") {
    return (
      <GameFrame game="translation-match">
        <EmptyState textKey="translationMatch.noWords" onRestart={onRestart} />
      </GameFrame>
    );
  }
  if (states.isPending)
    return (
      <GameFrame game="translation-match">
        <LoadingText />
      </GameFrame>
    );
  return <Round session={session} quiz={start.quiz} known={states.data ?? null} />;
}

function taughtWord(w: Word): TaughtWord {
  return {
    he: w.hebrew,
    nikkud: w.word_with_nikkud,
    translit: w.transliteration,
    translation: w.translation,
    audioPath: w.audio_path ?? w.pronunciation_audio,
    example: w.sentence_he
      ? { he: w.sentence_he, nikkud: w.sentence_he_nikkud ?? "", translation: w.sentence_translation ?? "" }
      : null,
  };
}

type Quiz = Extract<ReturnType<typeof buildTranslationMatch>, { kind: "ready" }>["quiz"];

function Round({
  session,
  quiz: initial,
  known,
}: {
  session: WordSession;
  quiz: Quiz;
  /** The learner's words with a card; null when unknown. */
  known: ReadonlyMap<number, unknown> | null;
}) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const { quiz, phase, question, choose, revealed } = useQuiz(initial, {
    advanceMs: DELAYS_MS.TRANSLATION_NEXT,
    onFirstPick: (q, correct) => progress.add(q.word.id, correct ? 1 : -1),
    onSettled: (q, answer) => reviewEvents.answer(q.word.id, gameName("translation-match"), answer),
    onFinish: (q) => finish(translationMatchResults(q, session.sessionId)),
  });
  const asked = quiz.questions.length;
  const [taught, setTaught] = useState<ReadonlySet<number>>(() => new Set());
  const teach = question !== null && known !== null && !known.has(question.word.id) && !taught.has(question.word.id);
  return (
    <GameFrame game="translation-match" step={{ index: quiz.index, count: asked }}>
      {question && teach && (
        // The question's place, its word taught: the options come after "Got it".
        <div data-testid="question" data-word-id={question.word.id} data-teaching="">
          <TeachCard
            key={question.word.id}
            word={taughtWord(question.word)}
            onDone={() => setTaught((s) => new Set(s).add(question.word.id))}
          />
        </div>
      )}
      {question && !teach && (
        <Card withBorder padding="lg" data-testid="question" data-word-id={question.word.id}>
          <Stack gap="md">
            <Text ta="center" c="dimmed">
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
          ? t("feedback.correct")
          : question && t("feedback.wrongAnswer", { answer: question.answer })}
      </Feedback>
    </GameFrame>
  );
}
