// Every number of the SPEC's game rules (sections 4, 5, 7 and 9) in one place, so the engines, the web
// screens and the tests read the same value.
import type { ModuleGame } from "../games.ts";

/** Items per round in every game. */
export const ROUND_SIZE = 5;
/** A multiple-choice question shows the right answer and this many wrong ones. */
export const WRONG_OPTIONS = 3;

/** Waits the screens make before moving on, in milliseconds. Engines never wait: the web layer schedules these. */
export const DELAYS_MS = {
  /** Options disabled after a right answer. */
  CORRECT_FEEDBACK: 300,
  /** A wrong pick is cleared after this. */
  WRONG_RESET: 500,
  BEGINNER_ADVANCE: 600,
  /** Translation match moves on this long after any answer. */
  TRANSLATION_NEXT: 1200,
  SCRAMBLE_CORRECT: 1200,
  SCRAMBLE_WRONG: 900,
  /** Verb conjugation and tense guesser. */
  VERB_NEXT: 900,
  ROOT_RECALL_NEXT: 700,
  PLAY_RECORD_DEBOUNCE: 200,
  TIER_UPDATE_DELAY: 300,
  /** Verb and tense games wait this long after a words-load error before starting. */
  LOAD_ERROR_POSTPONE: 5000,
} as const;

export const WORD_SEARCH = {
  /** The grid is GRID x GRID cells. */
  GRID: 6,
  CELL_PX: 56,
  MAX_PLACEMENT_ATTEMPTS: 100,
  /** Eligible words have at most this many letters after cleaning (SPEC section 5). */
  MAX_WORD_LETTERS: 6,
  /** The placer refuses anything longer, whatever the grid size (a guard kept from the SPEC). */
  NEVER_PLACED_OVER: 8,
} as const;

/** Wrong submissions before the scramble shows the answer with a Next button. */
export const SCRAMBLE_REVEAL_AFTER = 3;
/** Verb conjugation needs this many valid verbs; below it the tense guesser asks for a larger pool. */
export const MIN_VERB_POOL = 5;

/** How a game's word pool is loaded from GET /words (SPEC section 7). */
type SessionLoad =
  | { mode: "module"; limit: number; random: true }
  | {
      mode: "tiers";
      includeLowerTiers: true;
      random: true;
      shuffleAfterMerge: true;
      includeRoots: true;
      perTierLimit?: number;
      limit: number;
      /** perTierLimit of the second, larger load the tense guesser makes when its pool is too small. */
      refreshPerTierLimit?: number;
    };

const tiers = {
  mode: "tiers",
  includeLowerTiers: true,
  random: true,
  shuffleAfterMerge: true,
  includeRoots: true,
} as const;

/** SESSION_LOADS[game]: module-based games need an active module, tier-based ones the user's tier. */
export const SESSION_LOADS: Record<ModuleGame, SessionLoad> = {
  "translation-match": { mode: "module", limit: 100, random: true },
  "word-search": { mode: "module", limit: 50, random: true },
  "sentence-scramble": { mode: "module", limit: 120, random: true },
  flashcards: { mode: "module", limit: 200, random: true },
  // The SPEC gives no limit for these three; without one the server's default of 50 would cut the merged
  // pool, so they ask for the tiers-mode maximum.
  "tense-guesser": { ...tiers, perTierLimit: 200, refreshPerTierLimit: 400, limit: 200 },
  "verb-conjugation": { ...tiers, limit: 200 },
  "root-recall": { ...tiers, perTierLimit: 150, limit: 200 },
  "root-tree": { ...tiers, perTierLimit: 150, limit: 200 },
};
