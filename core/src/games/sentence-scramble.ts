// Sentence scramble (SPEC section 4): the translation of a sentence and its Hebrew words shuffled; tap words
// to build the sentence, tap again to take one back; three wrong submissions show the answer.
import { normalizeSentence, plainMatchesPointed } from "../hebrew.ts";
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
  /**
   * What the word is compared as: its plain spelling (full spelling, as the content's other orders are written)
   * without punctuation; the pointed text's letters when there is no plain sentence to pair it with.
   */
  key: string;
}

interface ScrambleItem {
  word: Word;
  /** The whole sentence as written, shown when revealed. */
  hebrew: string;
  translation: string;
  /** The tiles in their shuffled order. */
  tiles: readonly Tile[];
  /** Every accepted sentence, compared without punctuation, spacing or nikkud: the sentence and its other orders. */
  accepted: readonly string[];
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
/** Sentences of fewer words are not scrambled: two words have two orders, a coin flip. */
const MIN_SCRAMBLE_WORDS = 3;

/** The sorted word keys of a sentence: two orders of the same words have the same bag. */
function bag(tokens: readonly string[]): string {
  return tokens.map(normalizeSentence).sort().join(" ");
}

/**
 * The compare key of each pointed word: the plain sentence's word at the same place when the two sentences have
 * as many words and each pair spells the same letters (the pointed form drops the full spelling's vav and yod,
 * so יִפְגֹּשׁ pairs with יפגוש); else the pointed word's own letters.
 */
function tileKeys(pointed: readonly string[], plain: string | null | undefined): string[] {
  const plainTokens = tokenize(plain ?? "");
  const paired =
    plainTokens.length === pointed.length && pointed.every((p, i) => plainMatchesPointed(plainTokens[i] as string, p));
  return (paired ? plainTokens : pointed).map(normalizeSentence);
}

/**
 * The sentence and those of `orders` that use exactly its words (another order of them), each as compared:
 * without punctuation, spacing and nikkud. An order with other words is not an order of this sentence: ignored.
 */
export function acceptedOrders(sentence: string, orders: readonly string[] | null | undefined): string[] {
  const tokens = tokenize(sentence);
  const words = bag(tokens);
  const out = [joined(tokens)];
  for (const order of orders ?? []) {
    const t = tokenize(order);
    if (bag(t) === words && !out.includes(joined(t))) out.push(joined(t));
  }
  return out;
}

/**
 * The tiles in an order that does not already read as an accepted sentence (`accepted`, as acceptedOrders gives;
 * the sentence itself unless said); null when no order can (canScramble).
 */
export function scrambleTiles(
  tokens: readonly string[],
  rng: Rng,
  accepted?: readonly string[],
  keys: readonly string[] = tokens.map(normalizeSentence),
): Tile[] | null {
  const tiles = tokens.map((text, id) => ({ id, text, key: keys[id] ?? normalizeSentence(text) }));
  const pair = firstNonCommutingPair(tiles.map((t) => t.key));
  if (pair === -1) return null;
  const answers = new Set(accepted ?? [joined(keys)]);
  for (let i = 0; i < SHUFFLE_TRIES; i++) {
    const order = shuffle(tiles, rng);
    if (!answers.has(joined(order.map((t) => t.key)))) return order;
  }
  // Unlucky shuffles (likely with few words): every rotation and neighbour swap in turn; a non-commuting swap
  // always changes the text, and one of them reads as no accepted order unless every order is accepted.
  for (let start = 0; start < tiles.length; start++) {
    for (let i = 0; i + 1 < tiles.length; i++) {
      const order = [...tiles.slice(start), ...tiles.slice(0, start)];
      [order[i], order[i + 1]] = [order[i + 1] as Tile, order[i] as Tile];
      if (!answers.has(joined(order.map((t) => t.key)))) return order;
    }
  }
  return null;
}

/**
 * Up to 5 sentences with both a Hebrew sentence and its translation, at least three words, and an order of
 * them that reads as none of the accepted sentences.
 */
export function buildSentenceScramble(words: readonly Word[], rng: Rng): SentenceScrambleStart {
  const candidates = words.flatMap((word) => {
    const sentence = sentenceOf(word);
    if (sentence === null) return [];
    const tokens = tokenize(sentence.hebrew);
    if (tokens.length < MIN_SCRAMBLE_WORDS || !canScramble(tokens)) return [];
    const plain = (word.sentence_he ?? word.example?.he ?? "").trim();
    const keys = tileKeys(tokens, plain);
    // The other orders are plain; they can be compared only when the tiles are keyed by the plain words.
    const accepted =
      keys.join(" ") === tokenize(plain).map(normalizeSentence).join(" ")
        ? acceptedOrders(plain, word.sentence_orders)
        : [joined(keys)];
    return [{ word, ...sentence, accepted, keys }];
  });
  if (candidates.length === 0) return { kind: "noSentences" };
  const items = sample(candidates, ROUND_SIZE, rng).flatMap((c): ScrambleItem[] => {
    const { keys, ...item } = c;
    const tiles = scrambleTiles(tokenize(c.hebrew), rng, c.accepted, keys);
    return tiles === null ? [] : [{ ...item, tiles }];
  });
  if (items.length === 0) return { kind: "noSentences" };
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

/**
 * Checks the built sentence against every accepted order, ignoring punctuation, spacing and nikkud. The third
 * wrong attempt reveals the answer.
 */
export function submit(state: ScrambleState): ScrambleState {
  const item = currentItem(state);
  if (item === null || !canSubmit(state)) return state;
  if (item.accepted.includes(joined(builtTiles(state).map((t) => t.key)))) {
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
    learnedWords: state.items.slice(0, state.outcomes.length).map((item, i) => ({
      ...learnedWord(item.word),
      outcome: state.outcomes[i] === "solved" ? ("correct" as const) : ("wrong" as const),
    })),
    learnedRoots: [],
    gameType: "sentenceScramble",
    correct: state.outcomes.filter((o) => o === "solved").length,
    total: state.outcomes.length,
    sessionId,
    skippedLast: false,
  };
}
