import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { makeWord, NOUNS } from "./test-fixtures.ts";
import {
  buildWordSearch,
  type Cell,
  checkSelection,
  clearSelection,
  currentWord,
  DIRECTIONS,
  extendSelection,
  FILLER_LETTERS,
  giveHint,
  hidesInside,
  hintedCells,
  isFinished,
  selectCell,
  selectedLetters,
  selectionDirection,
  showWord,
  type WordSearchState,
  wordSearchResults,
} from "./word-search.ts";

function ready(words: readonly Word[], seed: number): WordSearchState {
  const start = buildWordSearch(words, createRng(seed));
  if (start.kind !== "ready") throw new Error("expected a grid");
  return start.state;
}

const at = (row: number, col: number): Cell => ({ row, col });
const pairs = (cells: readonly Cell[]) => cells.map((c) => [c.row, c.col]);

describe("building the grid", () => {
  it("seed 11 on the school nouns gives this grid", () => {
    const state = ready(NOUNS, 11);
    expect(state.grid.map((row) => row.join(""))).toEqual(["ספרייה", "כתחמלו", "מחברתל", "ביתספר", "שכיתהז", "הרומכט"]);
    expect(state.words.map((w) => [w.letters.join(""), w.hebrew, pairs(w.cells)])).toEqual([
      [
        "ביתספר",
        "בֵּית סֵפֶר",
        [
          [3, 0],
          [3, 1],
          [3, 2],
          [3, 3],
          [3, 4],
          [3, 5],
        ],
      ],
      [
        "ספרייה",
        "סִפְרִיָּה",
        [
          [0, 0],
          [0, 1],
          [0, 2],
          [0, 3],
          [0, 4],
          [0, 5],
        ],
      ],
      [
        "כיתה",
        "כִּתָּה",
        [
          [4, 1],
          [4, 2],
          [4, 3],
          [4, 4],
        ],
      ],
      [
        "מחברת",
        "מַחְבֶּרֶת",
        [
          [2, 0],
          [2, 1],
          [2, 2],
          [2, 3],
          [2, 4],
        ],
      ],
      [
        "מורה",
        "מוֹרֶה",
        [
          [5, 3],
          [5, 2],
          [5, 1],
          [5, 0],
        ],
      ],
    ]);
  });

  it("hides only words of at most 6 letters, each once", () => {
    const words = [
      makeWord({ id: 1, hebrew: "אוניברסיטה", translation: "university" }),
      makeWord({ id: 2, hebrew: "תלמידים", translation: "pupils" }),
      makeWord({ id: 3, hebrew: "עט", translation: "pen" }),
      makeWord({ id: 4, hebrew: "עט", translation: "pen (again)" }),
    ];
    const state = ready(words, 5);
    expect(state.words.map((w) => w.letters.join(""))).toEqual(["עט"]);
    expect(buildWordSearch(words.slice(0, 2), createRng(5))).toEqual({ kind: "noWords" });
    expect(buildWordSearch([], createRng(5))).toEqual({ kind: "noWords" });
  });

  it("drops a word that cannot be placed", () => {
    // A 2x2 grid holds one 2-letter word per line at most; a 3-letter word never fits.
    const words = [
      makeWord({ id: 1, hebrew: "אבג", translation: "abc" }),
      makeWord({ id: 2, hebrew: "גן", translation: "garden" }),
    ];
    const start = buildWordSearch(words, createRng(1), 2);
    expect(start.kind).toBe("ready");
    if (start.kind === "ready") expect(start.state.words.map((w) => w.letters.join(""))).toEqual(["גן"]);
  });

  it("keeps final forms of the hidden words and fills with regular letters", () => {
    const state = ready([makeWord({ id: 1, hebrew: "שלום", translation: "hello" })], 2);
    const letters = state.grid.flat();
    expect(letters.filter((l) => "ךםןףץ".includes(l))).toEqual(["ם"]);
  });
});

// A grid made by hand: שלום from (0,0) to the right, ספר down column 5 from (1,5), אב diagonally from (2,0).
function handmade(): WordSearchState {
  const grid = ["שלוםגד", "הזחטיס", "אכלמנפ", "עבצקשר", "תאבגדה", "וזחטיכ"].map((row) => [...row]);
  const word = (hebrew: string, id: number) => makeWord({ id, hebrew, translation: hebrew });
  return {
    grid,
    words: [
      {
        word: word("שלום", 1),
        letters: [..."שלום"],
        cells: [at(0, 0), at(0, 1), at(0, 2), at(0, 3)],
        direction: { dr: 0, dc: 1 },
        hebrew: "שָׁלוֹם",
        plain: "שלום",
        translation: "hello",
      },
      {
        word: word("ספר", 2),
        letters: [..."ספר"],
        cells: [at(1, 5), at(2, 5), at(3, 5)],
        direction: { dr: 1, dc: 0 },
        hebrew: "סֵפֶר",
        plain: "ספר",
        translation: "book",
      },
      {
        word: word("אב", 3),
        letters: [..."אב"],
        cells: [at(2, 0), at(3, 1)],
        direction: { dr: 1, dc: 1 },
        hebrew: "אָב",
        plain: "אב",
        translation: "father",
      },
    ],
    found: [],
    selection: [],
    hints: {},
  };
}

function tap(state: WordSearchState, ...cells: Cell[]): WordSearchState {
  return cells.reduce((s, c) => {
    const result = selectCell(s, c);
    if (!result.accepted) throw new Error(`refused ${c.row},${c.col}`);
    return result.state;
  }, state);
}

describe("selecting", () => {
  it("starts anywhere, takes any neighbour second, then only the same direction", () => {
    let state = tap(handmade(), at(2, 2));
    expect(selectionDirection(state)).toBeNull();
    state = tap(state, at(3, 1));
    expect(selectionDirection(state)).toEqual({ dr: 1, dc: -1 });
    expect(selectCell(state, at(4, 1)).accepted).toBe(false);
    expect(selectCell(state, at(2, 2)).accepted).toBe(false);
    expect(selectCell(state, at(4, 0))).toEqual({
      state: { ...state, selection: [at(2, 2), at(3, 1), at(4, 0)] },
      accepted: true,
    });
  });

  it("refuses a second cell that does not touch the first, and cells outside the grid", () => {
    const state = tap(handmade(), at(0, 0));
    expect(selectCell(state, at(0, 2))).toEqual({ state, accepted: false });
    expect(selectCell(state, at(-1, 0)).accepted).toBe(false);
    expect(selectCell(handmade(), at(6, 0)).accepted).toBe(false);
  });

  it("selecting the last cell again takes it back", () => {
    let state = tap(handmade(), at(0, 0), at(0, 1), at(0, 2));
    state = tap(state, at(0, 2));
    expect(state.selection).toEqual([at(0, 0), at(0, 1)]);
    state = tap(state, at(0, 1), at(0, 0));
    expect(state.selection).toEqual([]);
  });

  it("a drag selects the whole line from the first cell, and refuses off-line cells", () => {
    let state = tap(handmade(), at(0, 0));
    state = extendSelection(state, at(0, 3)).state;
    expect(selectedLetters(state).join("")).toBe("שלום");
    expect(extendSelection(state, at(1, 3))).toEqual({ state, accepted: false });
    state = extendSelection(state, at(3, 3)).state;
    expect(pairs(state.selection)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(extendSelection(clearSelection(state), at(4, 4)).state.selection).toEqual([at(4, 4)]);
  });
});

describe("checking", () => {
  it("finds a word read in either direction, then says already found", () => {
    let state = tap(handmade(), at(3, 5), at(2, 5), at(1, 5));
    expect(selectedLetters(state).join("")).toBe("רפס");
    const first = checkSelection(state);
    expect(first.outcome).toBe("found");
    expect(first.state.selection).toEqual([]);
    expect(first.state.found).toEqual([{ word: 1, cells: [at(3, 5), at(2, 5), at(1, 5)] }]);
    state = tap(first.state, at(1, 5), at(2, 5), at(3, 5));
    expect(checkSelection(state).outcome).toBe("alreadyFound");
  });

  it("a wrong selection stays for the learner to change; an empty one is nothing", () => {
    const state = tap(handmade(), at(0, 0), at(0, 1), at(0, 2));
    expect(checkSelection(state)).toEqual({ state, outcome: "notAWord" });
    expect(checkSelection(handmade()).outcome).toBe("empty");
  });

  it("a word formed by chance elsewhere counts too", () => {
    // Row 4 reads תאבגדה: אב is there too, from (4,1) to (4,2), besides its hidden place at (2,0)-(3,1).
    const { state, outcome } = checkSelection(tap(handmade(), at(4, 1), at(4, 2)));
    expect(outcome).toBe("found");
    expect(state.found).toEqual([{ word: 2, cells: [at(4, 1), at(4, 2)] }]);
  });

  it("finishes when every word is found, with the found words in the results", () => {
    let state = handmade();
    for (const cells of [
      [at(0, 3), at(0, 2), at(0, 1), at(0, 0)],
      [at(2, 0), at(3, 1)],
    ]) {
      state = checkSelection(tap(state, ...cells)).state;
    }
    expect(isFinished(state)).toBe(false);
    expect(wordSearchResults(state, "s")).toMatchObject({ gameType: "wordSearch", correct: 2, total: 3 });
    state = checkSelection(tap(state, at(1, 5), at(2, 5), at(3, 5))).state;
    expect(isFinished(state)).toBe(true);
    expect(wordSearchResults(state, "s")).toEqual({
      learnedWords: [
        {
          id: 1,
          hebrew: "שלום",
          word_with_nikkud: "שלום",
          translation: "שלום",
          audio_path: "/audio/words/1.mp3",
          outcome: "correct",
        },
        {
          id: 3,
          hebrew: "אב",
          word_with_nikkud: "אב",
          translation: "אב",
          audio_path: "/audio/words/3.mp3",
          outcome: "correct",
        },
        {
          id: 2,
          hebrew: "ספר",
          word_with_nikkud: "ספר",
          translation: "ספר",
          audio_path: "/audio/words/2.mp3",
          outcome: "correct",
        },
      ],
      learnedRoots: [],
      gameType: "wordSearch",
      correct: 3,
      total: 3,
      sessionId: "s",
      skippedLast: false,
    });
  });
});

describe("no dead ends: the list, hints and show me", () => {
  it("lists each word as the grid spells it (full spelling), its pointed form kept for a tap", () => {
    const state = ready(NOUNS, 11);
    expect(state.words.map((w) => [w.plain, w.hebrew])).toContainEqual(["בית ספר", "בֵּית סֵפֶר"]);
    for (const w of state.words) expect(w.plain.replace(/ /g, "")).toBe(w.letters.join(""));
  });

  it("a hint marks the current word's cells one at a time from its first, never the whole word", () => {
    let state = ready(NOUNS, 11);
    expect(currentWord(state)).toBe(0);
    const first = state.words[0]?.cells ?? [];
    state = giveHint(state);
    expect(hintedCells(state)).toEqual(first.slice(0, 1));
    for (let i = 0; i < 10; i++) state = giveHint(state);
    expect(hintedCells(state)).toEqual(first.slice(0, first.length - 1));
    // Found with the hint's help: the marks go, the next word becomes current.
    state = checkSelection(tap(state, ...first)).state;
    expect(hintedCells(state)).toEqual([]);
    expect(currentWord(state)).toBe(1);
  });

  it("show me reveals the current word as not found: the round can end, the score does not count it", () => {
    let state = ready(NOUNS, 11);
    const count = state.words.length;
    for (let i = 0; i < count; i++) state = showWord(state);
    expect(isFinished(state)).toBe(true);
    expect(currentWord(state)).toBeNull();
    expect(showWord(state)).toBe(state);
    const results = wordSearchResults(state, "s");
    expect(results).toMatchObject({ correct: 0, total: count });
    expect(results.learnedWords.every((w) => w.outcome === "wrong")).toBe(true);
  });
});

describe("properties", () => {
  const hebrewWord = fc
    .array(fc.constantFrom(..."אבגדהוזחטיכלמנסעפצקרשתךםןףץ"), { minLength: 1, maxLength: 9 })
    .map((cs) => cs.join(""));
  const pool = fc
    .array(hebrewWord, { minLength: 1, maxLength: 12 })
    .map((list) => list.map((hebrew, i) => makeWord({ id: i + 1, hebrew, translation: `w${i}` })));

  it("every hidden word lies in a straight line in one of 8 directions inside the grid; the rest are Hebrew letters", () => {
    fc.assert(
      fc.property(pool, fc.integer(), (words, seed) => {
        const start = buildWordSearch(words, createRng(seed));
        const short = words.filter((w) => w.hebrew.length <= 6);
        if (start.kind === "noWords") {
          expect(short).toEqual([]);
          return;
        }
        const { grid, words: placed } = start.state;
        expect(grid).toHaveLength(6);
        for (const row of grid) expect(row).toHaveLength(6);
        expect(placed.length).toBeGreaterThan(0);
        expect(placed.length).toBeLessThanOrEqual(5);
        expect(new Set(placed.map((p) => p.letters.join(""))).size).toBe(placed.length);
        const wordCells = new Set<string>();
        for (const p of placed) {
          expect(p.letters.length).toBeLessThanOrEqual(6);
          expect(p.letters.join("")).toBe(p.word.hebrew);
          expect(DIRECTIONS).toContainEqual(p.direction);
          p.cells.forEach((c, i) => {
            const first = p.cells[0] as Cell;
            expect(c).toEqual({ row: first.row + i * p.direction.dr, col: first.col + i * p.direction.dc });
            expect(c.row >= 0 && c.row < 6 && c.col >= 0 && c.col < 6).toBe(true);
            expect(grid[c.row]?.[c.col]).toBe(p.letters[i]);
            wordCells.add(`${c.row},${c.col}`);
          });
        }
        grid.forEach((row, r) => {
          row.forEach((letter, c) => {
            if (!wordCells.has(`${r},${c}`)) expect(FILLER_LETTERS).toContain(letter);
          });
        });
      }),
    );
  });

  it("a lone word of up to 5 letters is always placed", () => {
    fc.assert(
      fc.property(
        hebrewWord.filter((w) => w.length <= 5),
        fc.integer(),
        (hebrew, seed) => {
          const state = ready([makeWord({ id: 1, hebrew, translation: "x" })], seed);
          expect(state.words.map((w) => w.letters.join(""))).toEqual([hebrew]);
        },
      ),
    );
  });

  it("selecting a hidden word's cells, from either end, finds it", () => {
    fc.assert(
      fc.property(pool, fc.integer(), fc.boolean(), (words, seed, reversed) => {
        const start = buildWordSearch(words, createRng(seed));
        if (start.kind !== "ready") return;
        let state = start.state;
        for (const p of state.words) {
          const cells = reversed ? [...p.cells].reverse() : [...p.cells];
          const result = checkSelection(tap(state, ...cells));
          expect(result.outcome).toBe("found");
          state = result.state;
        }
        // Words that read each other backwards (אב, בא) are each found on their own cells.
        expect(isFinished(state)).toBe(true);
      }),
    );
  });

  it("the same seed gives the same grid", () => {
    fc.assert(
      fc.property(pool, fc.integer(), (words, seed) => {
        expect(buildWordSearch(words, createRng(seed))).toEqual(buildWordSearch(words, createRng(seed)));
      }),
    );
  });
});

describe("no word inside another (issue 12.6)", () => {
  const w = (id: number, hebrew: string) => makeWord({ id, hebrew, translation: `t${id}` });
  const POOL = [w(1, "מים"), w(2, "ים"), w(3, "מי"), w(4, "ספר"), w(5, "רפס"), w(6, "עט"), w(7, "דג"), w(8, "חלב")];

  it("hidesInside reads both ways", () => {
    expect(hidesInside([..."ים"], [..."מים"])).toBe(true);
    expect(hidesInside([..."מים"], [..."מי"])).toBe(true);
    expect(hidesInside([..."יד"], [..."דיג"])).toBe(true);
    expect(hidesInside([..."עט"], [..."מים"])).toBe(false);
  });

  it("property: a round never holds a word whose letters run inside another's", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const start = buildWordSearch(POOL, createRng(seed));
        if (start.kind !== "ready") throw new Error("expected a grid");
        const letters = start.state.words.map((p) => p.letters);
        for (const [i, a] of letters.entries()) {
          for (const b of letters.slice(i + 1)) expect(hidesInside(a, b), `${a.join("")} / ${b.join("")}`).toBe(false);
        }
        expect(start.state.words.length).toBeGreaterThanOrEqual(4);
      }),
    );
  });
});
