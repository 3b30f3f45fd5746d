// Flashcards (SPEC section 4): the pool shuffled into a deck; next and previous wrap around; the translation
// is shown by default and can be hidden.
import { type Rng, shuffle } from "../rng.ts";
import type { Tense, Word } from "../schemas/api.ts";
import { normalizeTense, validRoots } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { learnedWord } from "./word-fields.ts";

export interface FlashcardsState {
  readonly deck: readonly Word[];
  readonly index: number;
  /** Kept from card to card: a learner who hides translations to test themselves wants them hidden. */
  readonly showTranslation: boolean;
  /** Deck positions shown so far, in the order first shown: the results. */
  readonly seen: readonly number[];
}

type FlashcardsStart =
  | { kind: "ready"; state: FlashcardsState }
  /** No active module: the prompt to choose one (button to /words). */
  | { kind: "noModule" }
  /** The module has no words: 'no more'. */
  | { kind: "noMore" };

export function buildFlashcards(
  words: readonly Word[],
  rng: Rng,
  context: { moduleId: number | null },
): FlashcardsStart {
  if (context.moduleId === null) return { kind: "noModule" };
  if (words.length === 0) return { kind: "noMore" };
  return { kind: "ready", state: { deck: shuffle(words, rng), index: 0, showTranslation: true, seen: [0] } };
}

export function currentCard(state: FlashcardsState): Word {
  return state.deck[state.index] as Word;
}

function go(state: FlashcardsState, step: number): FlashcardsState {
  const n = state.deck.length;
  const index = (((state.index + step) % n) + n) % n;
  return { ...state, index, seen: state.seen.includes(index) ? state.seen : [...state.seen, index] };
}

/** The next card; after the last comes the first. */
export function nextCard(state: FlashcardsState): FlashcardsState {
  return go(state, 1);
}

/** The previous card; before the first comes the last. */
export function previousCard(state: FlashcardsState): FlashcardsState {
  return go(state, -1);
}

export function toggleTranslation(state: FlashcardsState): FlashcardsState {
  return { ...state, showTranslation: !state.showTranslation };
}

interface CardFacts {
  category: string | null;
  tense: Tense | null;
  root: string | null;
  rootDefinition: string | null;
}

/**
 * The badges a card shows; the category is a key the screen translates: the true part of speech (decision 0090),
 * or the SPEC's category for a word from an older answer.
 */
export function cardFacts(word: Word): CardFacts {
  const root = validRoots(word)[0] ?? null;
  const category = (word.partOfSpeech || word.category).trim();
  return {
    category: category === "" ? null : category,
    tense: normalizeTense(word.tense),
    root: root?.root ?? null,
    rootDefinition: root?.definition ?? null,
  };
}

/** Cards seen; nothing is scored, so correct and total both count them. */
export function flashcardsResults(state: FlashcardsState, sessionId: string): GameResults {
  const seen = state.seen.map((i) => state.deck[i] as Word);
  return {
    learnedWords: seen.map(learnedWord),
    learnedRoots: [],
    gameType: "flashcards",
    correct: seen.length,
    total: seen.length,
    sessionId,
    skippedLast: false,
  };
}
