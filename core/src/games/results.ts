// The results state every game hands to /game-over (SPEC section 3 "Results state for game-over").

/** gameType values; /game-over picks its heading (letters, combos, words, vocab, roots) from them. */
export type ResultsGameType =
  | "letters"
  | "letterVowel"
  | "beginnerWords"
  | "translationMatch"
  | "wordSearch"
  | "sentenceScramble"
  | "verbConjugation"
  | "tenseGuesser"
  | "flashcards"
  | "rootRecall"
  | "rootTree";

/** How a scored item ended: right at the first try, or not (a wrong pick, a revealed answer). */
export type ItemOutcome = "correct" | "wrong";

/** Flashcards and root tree show words and score nothing: their results make no claim of right answers. */
export function isScored(gameType: ResultsGameType): boolean {
  return gameType !== "flashcards" && gameType !== "rootTree";
}

/**
 * What the results say of a score (issue 24.4): praise by what was earned. "perfect" every one right, "great" 80%
 * or more, "good" half or more, "effort" some right, "start" none right (encouragement, never "Well done!").
 * A celebration (the confetti) is earned from "good" up.
 */
export type Praise = "perfect" | "great" | "good" | "effort" | "start";

export function praiseOf(correct: number, total: number): Praise {
  if (total <= 0 || correct <= 0) return "start";
  if (correct >= total) return "perfect";
  if (correct / total >= 0.8) return "great";
  return correct / total >= 0.5 ? "good" : "effort";
}

export const celebrates = (p: Praise): boolean => p === "perfect" || p === "great" || p === "good";

export interface LearnedWord {
  /** The word's id, so /game-over can open its card; absent for beginner letters and combos. */
  id?: number;
  hebrew: string;
  word_with_nikkud: string;
  translation: string;
  audio_path?: string | null;
  /** Scored games: how the item ended, so /game-over can mark the wrong ones. */
  outcome?: ItemOutcome;
}

export interface LearnedRoot {
  root: string;
  root_definition: string;
  word: string;
  word_with_nikkud: string;
  hebrew: string;
  translation: string;
  audio_path: string | null;
  id: number;
  outcome?: ItemOutcome;
}

export interface GameResults {
  learnedWords: LearnedWord[];
  learnedRoots: LearnedRoot[];
  gameType: ResultsGameType;
  correct: number;
  total: number;
  sessionId: string;
  skippedLast: boolean;
}
