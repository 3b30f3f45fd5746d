// The results state handed to /game-over (SPEC section 3); also kept in sessionStorage so a reload keeps it.
// Looser than core's GameResults: what is read back from storage is checked field by field.
import type { ResultsGameType } from "@ivrit/core/games/results";

export interface LearnedWord {
  id?: number;
  hebrew?: string;
  word_with_nikkud?: string;
  translation?: string;
  transliteration?: string;
  audio_path?: string | null;
  category?: string;
  /** Scored games: "correct" or "wrong" (core's ItemOutcome). */
  outcome?: string;
}
export interface LearnedRoot {
  id?: number;
  root: string;
  root_definition?: string;
  word?: string;
  word_with_nikkud?: string;
  hebrew?: string;
  translation?: string;
  audio_path?: string | null;
  outcome?: string;
}
export type { ResultsGameType };

export interface GameResults {
  learnedWords?: LearnedWord[];
  learnedRoots?: LearnedRoot[];
  gameType?: ResultsGameType | string;
  correct?: number;
  total?: number;
  sessionId?: string;
  skippedLast?: boolean;
  /** Word ids answered wrong or after a mistake (review events): "Practise these again". */
  missedWordIds?: number[];
}

export const RESULTS_KEY = "ivrit.results";

export function saveResults(results: GameResults): void {
  try {
    sessionStorage.setItem(RESULTS_KEY, JSON.stringify(results));
  } catch {
    // the navigation state still carries them
  }
}

function isResults(v: unknown): v is GameResults {
  if (typeof v !== "object" || v === null) return false;
  const r = v as GameResults;
  return (
    (r.learnedWords === undefined || Array.isArray(r.learnedWords)) &&
    (r.learnedRoots === undefined || Array.isArray(r.learnedRoots))
  );
}

export function readResults(state: unknown): GameResults | null {
  if (isResults(state) && (state.learnedWords || state.learnedRoots)) return state;
  try {
    const raw = sessionStorage.getItem(RESULTS_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isResults(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Which heading the practised list gets: letters, combos, words, vocab, roots or items. */
export function itemsLabelKey(r: GameResults): "letters" | "combos" | "words" | "vocab" | "roots" | "items" {
  switch (r.gameType) {
    case "letters":
      return "letters";
    case "letterVowel":
      return "combos";
    case "beginnerWords":
      return "words";
    case "rootRecall":
    case "rootTree":
      return "roots";
    case undefined:
      return r.learnedRoots?.length && !r.learnedWords?.length ? "roots" : "items";
    default:
      return "vocab";
  }
}
