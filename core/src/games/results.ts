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

export interface LearnedWord {
  /** The word's id, so /game-over can open its card; absent for beginner letters and combos. */
  id?: number;
  hebrew: string;
  word_with_nikkud: string;
  translation: string;
  audio_path?: string | null;
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
