// Translation match (SPEC section 4): a Hebrew word and four translations; one pick per word, then the next.
import { type Rng, sampleDistinct } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import {
  askedQuestions,
  buildOptions,
  optionKey,
  type Question,
  type QuizState,
  quizScore,
  startQuiz,
} from "./choice.ts";
import { ROUND_SIZE } from "./constants.ts";
import { isTranslationEligible } from "./eligibility.ts";
import { fairDistractors } from "./fair-options.ts";
import type { GameResults } from "./results.ts";
import { displayHebrew, learnedWord } from "./word-fields.ts";

export interface TranslationQuestion extends Question {
  word: Word;
  /** The prompt: the word with nikkud where there is one. */
  hebrew: string;
}

type TranslationMatchStart =
  | { kind: "ready"; quiz: QuizState<TranslationQuestion> }
  /** No word of the pool has a translation. */
  | { kind: "noWords" };

/**
 * Up to 5 words with distinct non-empty translations. Each asks for its translation among up to 3 others
 * from the whole pool, of the same part of speech and form first and never one that is also right
 * (fair-options.ts); a word left with fewer than 2 options is skipped. Answer with choice.ts's pick, then
 * next after DELAYS_MS.TRANSLATION_NEXT: one pick per word, right or wrong.
 */
export function buildTranslationMatch(words: readonly Word[], rng: Rng): TranslationMatchStart {
  const pool = words.filter(isTranslationEligible);
  if (pool.length === 0) return { kind: "noWords" };
  const chosen = sampleDistinct(pool, ROUND_SIZE, rng, (w) => optionKey(w.translation));
  const questions = chosen.map((word) => ({
    word,
    hebrew: displayHebrew(word),
    answer: word.translation.trim(),
    options: buildOptions(
      word.translation,
      fairDistractors(word, pool, rng).map((w) => w.translation),
      rng,
      { ranked: true },
    ),
  }));
  return { kind: "ready", quiz: startQuiz(questions, { retry: false }) };
}

export function translationMatchResults(quiz: QuizState<TranslationQuestion>, sessionId: string): GameResults {
  return {
    learnedWords: askedQuestions(quiz).map(({ question, outcome }) => ({ ...learnedWord(question.word), outcome })),
    learnedRoots: [],
    gameType: "translationMatch",
    sessionId,
    ...quizScore(quiz),
  };
}
