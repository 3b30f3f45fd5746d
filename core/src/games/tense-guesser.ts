// Tense guesser (SPEC section 4): a Hebrew verb form; pick its tense. A right answer reveals the translation.
import { type Rng, sampleSpread } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { TENSES, type Tense } from "../tenses.ts";
import { askedQuestions, type Question, type QuizState, quizScore, startQuiz } from "./choice.ts";
import { MIN_VERB_POOL, ROUND_SIZE } from "./constants.ts";
import { isVerbEligible, normalizeTense } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { displayHebrew, learnedWord, plainHebrew } from "./word-fields.ts";

/** Options and answer are tense keys ("present", ...); the screen shows their translated labels. */
interface TenseQuestion extends Question {
  word: Word;
  hebrew: string;
  tense: Tense;
  /** Shown once the right tense is picked. */
  translation: string;
}

type TenseGuesserStart =
  | { kind: "ready"; quiz: QuizState<TenseQuestion> }
  /** No verb qualifies: the 'not enough verbs' page. */
  | { kind: "notEnoughVerbs" };

/**
 * True when the pool has fewer than MIN_VERB_POOL usable verbs: the session should load again with
 * SESSION_LOADS["tense-guesser"].refreshPerTierLimit before settling for a short game.
 */
export function tenseGuesserNeedsRefresh(words: readonly Word[]): boolean {
  return words.filter((w) => isVerbEligible(w, "tense-guesser")).length < MIN_VERB_POOL;
}

/**
 * Up to 5 verb forms from as many different verbs as the pool has. The four options are always the four
 * tenses in the same order (present, past, future, infinitive), so the buttons do not move between questions.
 */
export function buildTenseGuesser(words: readonly Word[], rng: Rng): TenseGuesserStart {
  const valid = words.filter((w) => isVerbEligible(w, "tense-guesser"));
  if (valid.length === 0) return { kind: "notEnoughVerbs" };
  const chosen = sampleSpread(valid, ROUND_SIZE, rng, (w) => w.verb?.trim() || plainHebrew(w));
  const questions = chosen.map((word): TenseQuestion => {
    const tense = normalizeTense(word.tense) as Tense;
    return {
      word,
      hebrew: displayHebrew(word),
      tense,
      translation: word.translation.trim(),
      answer: tense,
      options: TENSES,
    };
  });
  return { kind: "ready", quiz: startQuiz(questions, { retry: true }) };
}

export function tenseGuesserResults(quiz: QuizState<TenseQuestion>, sessionId: string): GameResults {
  return {
    learnedWords: askedQuestions(quiz).map(({ question, outcome }) => ({ ...learnedWord(question.word), outcome })),
    learnedRoots: [],
    gameType: "tenseGuesser",
    sessionId,
    ...quizScore(quiz),
  };
}
