// Word search (SPEC section 4): up to 5 short words hidden in a 6x6 grid in any of 8 directions; the learner
// selects cells in a straight line and checks them. No dead ends (issue 24): the list shows each word as the grid
// spells it, a hint marks the next word's cells one at a time from its first, and "show me" reveals it (not
// found: it counts as wrong).
import { stripNikkud } from "../hebrew.ts";
import { type Rng, sampleDistinct } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { ROUND_SIZE, WORD_SEARCH } from "./constants.ts";
import { wordSearchLetters } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { displayHebrew, learnedWord, plainHebrew } from "./word-fields.ts";

export interface Cell {
  row: number;
  col: number;
}

/** A step between neighbouring cells. Rows go down and columns go along the row; the screen decides which side column 0 is on. */
interface Direction {
  dr: -1 | 0 | 1;
  dc: -1 | 0 | 1;
}

export const DIRECTIONS: readonly Direction[] = [
  { dr: 0, dc: 1 },
  { dr: 0, dc: -1 },
  { dr: 1, dc: 0 },
  { dr: -1, dc: 0 },
  { dr: 1, dc: 1 },
  { dr: 1, dc: -1 },
  { dr: -1, dc: 1 },
  { dr: -1, dc: -1 },
];

/** The 22 regular letters fill the empty cells: final forms appear only where a hidden word has them. */
export const FILLER_LETTERS = [..."אבגדהוזחטיכלמנסעפצקרשת"];

interface PlacedWord {
  word: Word;
  /** One letter per cell, as written in the grid. */
  letters: readonly string[];
  cells: readonly Cell[];
  direction: Direction;
  /** The word with nikkud (shown on request in the list). */
  hebrew: string;
  /** The word as the grid spells it (full spelling, no points, spaces kept): the list shows this. */
  plain: string;
  translation: string;
}

interface FoundWord {
  /** Index into `words`. */
  word: number;
  /** The cells the learner selected: highlighted on the grid. */
  cells: readonly Cell[];
  /** Shown by "show me", not found. */
  revealed?: boolean;
}

export interface WordSearchState {
  /** grid[row][col], one Hebrew letter per cell. */
  readonly grid: readonly (readonly string[])[];
  readonly words: readonly PlacedWord[];
  readonly found: readonly FoundWord[];
  readonly selection: readonly Cell[];
  /** How many of each word's cells the hints marked, by word index (words never hinted are absent). */
  readonly hints: Readonly<Record<number, number>>;
}

type WordSearchStart =
  | { kind: "ready"; state: WordSearchState }
  /** No word of the pool is short enough, or none could be placed. */
  | { kind: "noWords" };

type Draft = (string | null)[][];

function inside(cell: Cell, size: number): boolean {
  return cell.row >= 0 && cell.row < size && cell.col >= 0 && cell.col < size;
}

function line(start: Cell, direction: Direction, length: number): Cell[] {
  return Array.from({ length }, (_, i) => ({ row: start.row + i * direction.dr, col: start.col + i * direction.dc }));
}

function pickIndex(length: number, rng: Rng): number {
  return Math.floor(rng() * length);
}

/**
 * Writes `letters` into the draft grid at a random start and direction, trying at most
 * MAX_PLACEMENT_ATTEMPTS times. A cell may be shared with an earlier word when the letters agree, but the
 * word must bring at least one cell of its own (a word lying wholly on another could never be found apart).
 */
function place(draft: Draft, letters: readonly string[], rng: Rng): { cells: Cell[]; direction: Direction } | null {
  const size = draft.length;
  if (letters.length === 0 || letters.length > Math.min(size, WORD_SEARCH.NEVER_PLACED_OVER)) return null;
  for (let attempt = 0; attempt < WORD_SEARCH.MAX_PLACEMENT_ATTEMPTS; attempt++) {
    const direction = DIRECTIONS[pickIndex(DIRECTIONS.length, rng)] as Direction;
    const start = { row: pickIndex(size, rng), col: pickIndex(size, rng) };
    const cells = line(start, direction, letters.length);
    if (!cells.every((c) => inside(c, size))) continue;
    const existing = cells.map((c) => draft[c.row]?.[c.col] ?? null);
    if (existing.some((letter, i) => letter !== null && letter !== letters[i])) continue;
    if (existing.every((letter) => letter !== null)) continue;
    cells.forEach((c, i) => {
      (draft[c.row] as (string | null)[])[c.col] = letters[i] as string;
    });
    return { cells, direction };
  }
  return null;
}

/**
 * Whether one word's letters run inside the other's, forwards or backwards (ים in מים): in one grid the
 * shorter would be found inside the longer, two answers for one line of cells.
 */
export function hidesInside(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const text = long.join("");
  return text.includes(short.join("")) || text.includes([...short].reverse().join(""));
}

/**
 * Up to 5 eligible words with different letters, none inside another, placed in a size x size grid (6 unless
 * said); the rest filled.
 */
export function buildWordSearch(words: readonly Word[], rng: Rng, size: number = WORD_SEARCH.GRID): WordSearchStart {
  const candidates = words.flatMap((word) => {
    const letters = wordSearchLetters(word);
    return letters === null ? [] : [{ word, letters }];
  });
  const chosen: typeof candidates = [];
  for (const c of sampleDistinct(candidates, candidates.length, rng, (x) => x.letters.join(""))) {
    if (chosen.length >= ROUND_SIZE) break;
    if (!chosen.some((other) => hidesInside(other.letters, c.letters))) chosen.push(c);
  }
  const draft: Draft = Array.from({ length: size }, () => Array.from({ length: size }, () => null));
  const placed: PlacedWord[] = [];
  for (const { word, letters } of chosen) {
    const spot = place(draft, letters, rng);
    // A word that does not fit after 100 attempts is dropped, as the SPEC says.
    if (spot === null) continue;
    placed.push({
      word,
      letters,
      ...spot,
      hebrew: displayHebrew(word),
      plain: stripNikkud(plainHebrew(word)).trim(),
      translation: word.translation.trim(),
    });
  }
  if (placed.length === 0) return { kind: "noWords" };
  const grid = draft.map((row) =>
    row.map((letter) => letter ?? (FILLER_LETTERS[pickIndex(FILLER_LETTERS.length, rng)] as string)),
  );
  return { kind: "ready", state: { grid, words: placed, found: [], selection: [], hints: {} } };
}

function sameCell(a: Cell, b: Cell): boolean {
  return a.row === b.row && a.col === b.col;
}

/** The step from the first selected cell to the second; null with fewer than two cells. */
export function selectionDirection(state: WordSearchState): Direction | null {
  const [a, b] = state.selection;
  if (a === undefined || b === undefined) return null;
  return { dr: Math.sign(b.row - a.row), dc: Math.sign(b.col - a.col) } as Direction;
}

interface SelectResult {
  state: WordSearchState;
  /** False when the cell was refused (outside the grid, or off the line): the state is unchanged. */
  accepted: boolean;
}

/**
 * Tap, click or Enter on a cell. The first cell starts a selection; the second must touch it (in any of the 8
 * directions) and fixes the direction; every later cell must continue that line. Selecting the last cell
 * again takes it back. Any other cell is refused.
 */
export function selectCell(state: WordSearchState, cell: Cell): SelectResult {
  const size = state.grid.length;
  const refused = { state, accepted: false };
  if (!inside(cell, size)) return refused;
  const { selection } = state;
  const last = selection.at(-1);
  if (last === undefined) return { state: { ...state, selection: [cell] }, accepted: true };
  if (sameCell(last, cell)) return { state: { ...state, selection: selection.slice(0, -1) }, accepted: true };
  if (selection.some((c) => sameCell(c, cell))) return refused;
  const dr = cell.row - last.row;
  const dc = cell.col - last.col;
  if (Math.abs(dr) > 1 || Math.abs(dc) > 1) return refused;
  const direction = selectionDirection(state);
  if (direction !== null && (direction.dr !== dr || direction.dc !== dc)) return refused;
  return { state: { ...state, selection: [...selection, cell] }, accepted: true };
}

/**
 * Dragging with a pointer: the selection becomes the straight line from the first selected cell to `cell`
 * (so a fast drag that skips cells still selects them). Refused when `cell` is not on one of the 8 lines.
 */
export function extendSelection(state: WordSearchState, cell: Cell): SelectResult {
  const size = state.grid.length;
  if (!inside(cell, size)) return { state, accepted: false };
  const start = state.selection[0] ?? cell;
  const dr = cell.row - start.row;
  const dc = cell.col - start.col;
  if (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc)) return { state, accepted: false };
  const direction = { dr: Math.sign(dr), dc: Math.sign(dc) } as Direction;
  const length = Math.max(Math.abs(dr), Math.abs(dc)) + 1;
  return { state: { ...state, selection: line(start, direction, length) }, accepted: true };
}

export function clearSelection(state: WordSearchState): WordSearchState {
  return { ...state, selection: [] };
}

export function selectedLetters(state: WordSearchState): string[] {
  return state.selection.map((c) => state.grid[c.row]?.[c.col] ?? "");
}

type CheckOutcome = "found" | "alreadyFound" | "notAWord" | "empty";

/**
 * Checks the selection against the hidden words, read in either direction. A match is found (the selection is
 * cleared and kept as the word's highlighted cells); a wrong selection stays for the learner to change or clear.
 * A word matches by its letters, so the same word formed by chance elsewhere in the grid counts too.
 */
export function checkSelection(state: WordSearchState): { state: WordSearchState; outcome: CheckOutcome } {
  if (state.selection.length === 0) return { state, outcome: "empty" };
  const forward = selectedLetters(state).join("");
  const backward = selectedLetters(state).reverse().join("");
  const matches = state.words
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => {
      const text = w.letters.join("");
      return text === forward || text === backward;
    });
  if (matches.length === 0) return { state, outcome: "notAWord" };
  const open = matches.filter(({ i }) => !state.found.some((f) => f.word === i));
  if (open.length === 0) return { state: clearSelection(state), outcome: "alreadyFound" };
  // Two hidden words can read the same backwards (אב, בא): the one hidden in exactly these cells goes first.
  const onCells = open.find(({ w }) => {
    const cells = [...w.cells];
    const sel = state.selection;
    const same = (order: readonly Cell[]) =>
      order.length === sel.length && order.every((c, k) => sameCell(c, sel[k] as Cell));
    return same(cells) || same([...cells].reverse());
  });
  const match = onCells ?? (open[0] as { w: PlacedWord; i: number });
  return {
    state: { ...state, found: [...state.found, { word: match.i, cells: state.selection }], selection: [] },
    outcome: "found",
  };
}

export function isWordFound(state: WordSearchState, index: number): boolean {
  return state.found.some((f) => f.word === index);
}

/** Finding every hidden word ends the game. */
export function isFinished(state: WordSearchState): boolean {
  return state.found.length === state.words.length;
}

/** The word hints and "show me" are about: the first of the list not found yet. */
export function currentWord(state: WordSearchState): number | null {
  const i = state.words.findIndex((_, k) => !isWordFound(state, k));
  return i < 0 ? null : i;
}

/**
 * A hint: one more cell of the current word marked, from its first letter on; never the whole word (that is "show
 * me"). Unchanged when there is no word left or only its last cell is unmarked.
 */
export function giveHint(state: WordSearchState): WordSearchState {
  const i = currentWord(state);
  if (i === null) return state;
  const marked = state.hints[i] ?? 0;
  const length = (state.words[i] as PlacedWord).cells.length;
  if (marked >= Math.max(1, length - 1)) return state;
  return { ...state, hints: { ...state.hints, [i]: marked + 1 } };
}

/** The cells the hints marked on words not found yet. */
export function hintedCells(state: WordSearchState): Cell[] {
  return Object.entries(state.hints).flatMap(([i, n]) =>
    isWordFound(state, Number(i)) ? [] : (state.words[Number(i)] as PlacedWord).cells.slice(0, n),
  );
}

/** "Show me": the current word is revealed in the grid, as not found. */
export function showWord(state: WordSearchState): WordSearchState {
  const i = currentWord(state);
  if (i === null) return state;
  const cells = (state.words[i] as PlacedWord).cells;
  return { ...state, found: [...state.found, { word: i, cells, revealed: true }], selection: [] };
}

/** correct: words found (not shown); total: words hidden. */
export function wordSearchResults(state: WordSearchState, sessionId: string): GameResults {
  return {
    learnedWords: state.found.map((f) => ({
      ...learnedWord((state.words[f.word] as PlacedWord).word),
      outcome: f.revealed ? "wrong" : "correct",
    })),
    learnedRoots: [],
    gameType: "wordSearch",
    correct: state.found.filter((f) => !f.revealed).length,
    total: state.words.length,
    sessionId,
    skippedLast: false,
  };
}
