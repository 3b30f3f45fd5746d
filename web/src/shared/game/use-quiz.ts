// Runs a core quiz (choice.ts) on screen: the engine decides, this hook only waits the SPEC's delays
// (wrong pick cleared after 500 ms; next question after the game's delay) and reports answers and the end.
import {
  clearWrongPick,
  currentQuestion,
  next,
  pick,
  type Question,
  type QuizState,
  quizPhase,
} from "@ivrit/core/games/choice";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";

interface QuizOptions<Q extends Question> {
  /** Wait after a settled question before the next one. */
  advanceMs: number;
  /** The first pick of each question: feeds word progress. */
  onFirstPick?: (question: Q, correct: boolean) => void;
  /**
   * When a question is settled (the right pick, or any pick in one-shot games): right or not, the wrong picks
   * before it, and the time since it was shown. Feeds the learning memory (review events).
   */
  onSettled?: (question: Q, answer: { correct: boolean; mistakes: number; elapsedMs: number }) => void;
  onFinish: (quiz: QuizState<Q>) => void;
}

export function useQuiz<Q extends Question>(initial: QuizState<Q>, options: QuizOptions<Q>) {
  const [quiz, setQuiz] = useState(initial);
  const phase = quizPhase(quiz);
  const question = currentQuestion(quiz);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (phase === "wrong") {
      const timer = setTimeout(() => setQuiz((q) => clearWrongPick(q)), DELAYS_MS.WRONG_RESET);
      return () => clearTimeout(timer);
    }
    if (phase === "answered") {
      const timer = setTimeout(() => setQuiz((q) => next(q)), optionsRef.current.advanceMs);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase]);

  // The answer clock restarts with every question.
  const shownAt = useRef(Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    shownAt.current = Date.now();
  }, [quiz.index]);

  const finished = useRef(false);
  useEffect(() => {
    if (phase === "finished" && !finished.current) {
      finished.current = true;
      optionsRef.current.onFinish(quiz);
    }
  }, [phase, quiz]);

  const choose = useCallback(
    (option: string) => {
      if (question === null || quizPhase(quiz) !== "choosing") return;
      const picked = pick(quiz, option);
      if (picked === quiz) return;
      if (quiz.wrongPicks.length === 0 && picked.picked)
        optionsRef.current.onFirstPick?.(question, picked.picked.correct);
      if (picked.picked && quizPhase(picked) === "answered")
        optionsRef.current.onSettled?.(question, {
          correct: picked.picked.correct,
          mistakes: quiz.wrongPicks.length,
          elapsedMs: Date.now() - shownAt.current,
        });
      setQuiz(picked);
    },
    [quiz, question],
  );

  // The answer's reveal (its word, its sound, its transliteration) renders after the tap's own mark has painted: a
  // deferred render that yields to that paint (issue 29.3). False at once when the quiz moves on.
  const deferredPhase = useDeferredValue(phase);
  const revealed = phase === "answered" && deferredPhase === "answered";

  return { quiz, phase, question, choose, revealed, index: quiz.index, count: quiz.questions.length };
}
