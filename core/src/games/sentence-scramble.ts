// Sentence scramble (SPEC section 4): the translation of a sentence and its Hebrew words shuffled; tap words
// to build the sentence, tap again to take one back; three wrong submissions show the answer.
import { normalizeSentence } from "../hebrew.ts";
import { type Rng, sample, shuffle } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { ROUND_SIZE, SCRAMBLE_REVEAL_AFTER } from "./constants.ts";
import { sentenceOf } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { learnedWord } from "./word-fields.ts";

interface Tile {
  /** The word's position in the sentence; tiles with the same text are still different tiles. */
  id: number;
  text: string;
}

interface ScrambleItem {
  word: Word;
  /** The whole sentence as written, shown when revealed. */
  hebrew: string;
  translation: string;
  /** The tiles in their shuffled order. */
  tiles: readonly Tile[];
}

/**
 * building: tapping tiles; correct: waiting DELAYS_MS.SCRAMBLE_CORRECT before nextSentence; wrong: waiting
 * DELAYS_MS.SCRAMBLE_WRONG before resetAfterWrong; revealed: the answer is shown with a Next button; finished.
 */
type ScramblePhase = "building" | "correct" | "wrong" | "revealed" | "finished";

export interface ScrambleState {
  readonly items: readonly ScrambleItem[];
  readonly index: number;
  /** Tile ids in the order tapped. */
  readonly built: readonly number[];
  readonly wrongAttempts: number;
  readonly phase: ScramblePhase;
  /** One per sentence passed: solved, or shown after 3 wrong attempts. */
  readonly outcomes: readonly ("solved" | "revealed")[];
}

type SentenceScrambleStart = { kind: "ready"; state: ScrambleState } | { kind: "noSentences" };

// Sentence punctuation at the edges of a word; a geresh or the quote inside an abbreviation stays.
const EDGE_PUNCTUATION = /^[.,!?;:…"“”„()«»\-–—]+|[.,!?;:…"“”„()«»\-–—]+$/gu;

/** The sentence's words as tiles: split at spaces, sentence punctuation trimmed, punctuation-only words dropped. */
export function tokenize(sentence: string): string[] {
  return sentence
    .split(/\s+/u)
    .map((t) => t.replace(EDGE_PUNCTUATION, ""))
    .filter((t) => normalizeSentence(t) !== "");
}

function joined(tokens: readonly string[]): string {
  return normalizeSentence(tokens.join(" "));
}

/**
 * Whether some order of the tokens differs from the sentence once spacing is ignored. Two words commute when
 * swapping them gives the same text ("אב" "אבאב"); if every neighbouring pair commutes, all orders read the
 * same (they are all repeats of one word), so the sentence cannot be scrambled.
 */
export function canScramble(tokens: readonly string[]): boolean {
  return firstNonCommutingPair(tokens.map(normalizeSentence)) !== -1;
}

function firstNonCommutingPair(keys: readonly string[]): number {
  for (let i = 0; i + 1 < keys.length; i++) {
    const a = keys[i] as string;
    const b = keys[i + 1] as string;
    if (a + b !== b + a) return i;
  }
  return -1;
}

const SHUFFLE_TRIES = 10;

/** The tiles in an order that does not already read as the sentence; null when no order can (canScramble). */
export function scrambleTiles(tokens: readonly string[], rng: Rng): Tile[] | null {
  const tiles = tokens.map((text, id) => ({ id, text }));
  const pair = firstNonCommutingPair(tokens.map(normalizeSentence));
  if (pair === -1) return null;
  const answer = joined(tokens);
  for (let i = 0; i < SHUFFLE_TRIES; i++) {
    const order = shuffle(tiles, rng);
    if (joined(order.map((t) => t.text)) !== answer) return order;
  }
  // Unlucky shuffles (likely with two or three words): swapping a non-commuting pair always changes the text.
  const swapped = [...tiles];
  [swapped[pair], swapped[pair + 1]] = [tiles[pair + 1] as Tile, tiles[pair] as Tile];
  return swapped;
}

/** Up to 5 sentences with both a Hebrew sentence and its translation, and at least two different words. */
export function buildSentenceScramble(words: readonly Word[], rng: Rng): SentenceScrambleStart {
  const candidates = words.flatMap((word) => {
    const sentence = sentenceOf(word);
    if (sentence === null || !canScramble(tokenize(sentence.hebrew))) return [];
    return [{ word, ...sentence }];
  });
  if (candidates.length === 0) return { kind: "noSentences" };
  const items = sample(candidates, ROUND_SIZE, rng).map(
    (c): ScrambleItem => ({ ...c, tiles: scrambleTiles(tokenize(c.hebrew), rng) as Tile[] }),
  );
  return {
    kind: "ready",
    state: { items, index: 0, built: [], wrongAttempts: 0, phase: "building", outcomes: [] },
  };
}

export function currentItem(state: ScrambleState): ScrambleItem | null {
  return state.items[state.index] ?? null;
}

/** The tiles still to place, in their shuffled order. */
export function bankTiles(state: ScrambleState): Tile[] {
  return (currentItem(state)?.tiles ?? []).filter((t) => !state.built.includes(t.id));
}

/** The sentence built so far. */
export function builtTiles(state: ScrambleState): Tile[] {
  const tiles = currentItem(state)?.tiles ?? [];
  return state.built.flatMap((id) => tiles.filter((t) => t.id === id));
}

/** A tile in the bank goes to the end of the sentence; a tile in the sentence goes back to the bank. */
export function tapTile(state: ScrambleState, tileId: number): ScrambleState {
  if (state.phase !== "building") return state;
  if (!currentItem(state)?.tiles.some((t) => t.id === tileId)) return state;
  const built = state.built.includes(tileId) ? state.built.filter((id) => id !== tileId) : [...state.built, tileId];
  return { ...state, built };
}

/** Submit is offered once every tile is placed, so a half-built sentence never costs an attempt. */
export function canSubmit(state: ScrambleState): boolean {
  const item = currentItem(state);
  return item !== null && state.phase === "building" && state.built.length === item.tiles.length;
}

/** Checks the built sentence, ignoring punctuation and spacing. The third wrong attempt reveals the answer. */
export function submit(state: ScrambleState): ScrambleState {
  const item = currentItem(state);
  if (item === null || !canSubmit(state)) return state;
  if (joined(builtTiles(state).map((t) => t.text)) === joined(tokenize(item.hebrew))) {
    return { ...state, phase: "correct" };
  }
  const wrongAttempts = state.wrongAttempts + 1;
  return { ...state, wrongAttempts, phase: wrongAttempts >= SCRAMBLE_REVEAL_AFTER ? "revealed" : "wrong" };
}

/** After the wrong-answer delay: every tile back in the bank for another try. */
export function resetAfterWrong(state: ScrambleState): ScrambleState {
  return state.phase === "wrong" ? { ...state, built: [], phase: "building" } : state;
}

/** After a right answer (its delay) or from the revealed answer's Next button. */
export function nextSentence(state: ScrambleState): ScrambleState {
  if (state.phase !== "correct" && state.phase !== "revealed") return state;
  const outcomes = [...state.outcomes, state.phase === "correct" ? ("solved" as const) : ("revealed" as const)];
  const index = state.index + 1;
  const phase = index >= state.items.length ? "finished" : "building";
  return { ...state, index, built: [], wrongAttempts: 0, phase, outcomes };
}

/** correct: sentences solved before the reveal; total: sentences played. */
export function sentenceScrambleResults(state: ScrambleState, sessionId: string): GameResults {
  return {
    learnedWords: state.items.slice(0, state.outcomes.length).map((item) => learnedWord(item.word)),
    learnedRoots: [],
    gameType: "sentenceScramble",
    correct: state.outcomes.filter((o) => o === "solved").length,
    total: state.outcomes.length,
    sessionId,
    skippedLast: false,
  };
}
