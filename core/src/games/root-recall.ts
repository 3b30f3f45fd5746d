// Root recall (SPEC section 4): a root and a word built on it; pick the root's meaning among four.
import { type Rng, sample } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { askedQuestions, buildOptions, type Question, type QuizState, quizScore, startQuiz } from "./choice.ts";
import { ROUND_SIZE } from "./constants.ts";
import type { GameResults } from "./results.ts";
import { rootFamilies } from "./roots.ts";
import { displayHebrew, learnedRoot } from "./word-fields.ts";

interface RootQuestion extends Question {
  root: string;
  /** The right meaning (also `answer`). */
  definition: string;
  /** A word of the pool with this root, shown under it. */
  word: Word;
  hebrew: string;
}

type RootRecallStart =
  | { kind: "ready"; quiz: QuizState<RootQuestion> }
  /** No valid root in the pool: go straight to /game-over with rootRecallResults(null, ...). */
  | { kind: "skipToResults" };

/** A round of up to 5 roots, each with one of its words picked at random; wrong options are other roots' meanings. */
export function buildRootRecall(words: readonly Word[], rng: Rng): RootRecallStart {
  const families = rootFamilies(words);
  if (families.length === 0) return { kind: "skipToResults" };
  const definitions = families.map((f) => f.definition);
  const questions = sample(families, ROUND_SIZE, rng).map((family): RootQuestion => {
    const word = sample(family.words, 1, rng)[0] as Word;
    return {
      root: family.root,
      definition: family.definition,
      word,
      hebrew: displayHebrew(word),
      answer: family.definition,
      options: buildOptions(family.definition, definitions, rng),
    };
  });
  const quiz = startQuiz(questions, { retry: true });
  // Every root had fewer than two distinct meanings to choose from: nothing to ask.
  return quiz.index >= questions.length ? { kind: "skipToResults" } : { kind: "ready", quiz };
}

export function rootRecallResults(quiz: QuizState<RootQuestion> | null, sessionId: string): GameResults {
  const asked = quiz ? askedQuestions(quiz) : [];
  const score = quiz ? quizScore(quiz) : { correct: 0, total: 0, skippedLast: false };
  return {
    learnedWords: [],
    learnedRoots: asked.map(({ question: q, outcome }) => ({ ...learnedRoot(q.root, q.definition, q.word), outcome })),
    gameType: "rootRecall",
    sessionId,
    ...score,
  };
}
