import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeSentence } from "../hebrew.ts";
import { createRng } from "../rng.ts";
import {
  acceptedOrders,
  bankTiles,
  buildSentenceScramble,
  builtTiles,
  canScramble,
  canSubmit,
  nextSentence,
  resetAfterWrong,
  type ScrambleState,
  scrambleTiles,
  sentenceScrambleResults,
  submit,
  tapTile,
  tokenize,
} from "./sentence-scramble.ts";
import { makeWord, NOUNS } from "./test-fixtures.ts";

function ready(seed: number): ScrambleState {
  const start = buildSentenceScramble(NOUNS, createRng(seed));
  if (start.kind !== "ready") throw new Error("expected sentences");
  return start.state;
}

function tapAll(state: ScrambleState, ids: number[]): ScrambleState {
  return ids.reduce(tapTile, state);
}

describe("tokenize", () => {
  it("splits at spaces and trims sentence punctuation", () => {
    expect(tokenize("הַיְּלָדִים הוֹלְכִים לְבֵית סֵפֶר חָדָשׁ.")).toEqual(["הַיְּלָדִים", "הוֹלְכִים", "לְבֵית", "סֵפֶר", "חָדָשׁ"]);
    expect(tokenize("  שלום,  מה שלומך? ")).toEqual(["שלום", "מה", "שלומך"]);
    expect(tokenize('המנכ"ל הגיע - סוף סוף!')).toEqual(['המנכ"ל', "הגיע", "סוף", "סוף"]);
  });
});

describe("canScramble", () => {
  it("needs two words that some order tells apart", () => {
    expect(canScramble(["שלום"])).toBe(false);
    expect(canScramble([])).toBe(false);
    expect(canScramble(["כן", "כן", "כן"])).toBe(false);
    // Spacing is ignored, so אב + אבאב reads אבאבאב in either order.
    expect(canScramble(["אב", "אבאב"])).toBe(false);
    expect(canScramble(["סוף", "סוף", "טוב"])).toBe(true);
    expect(canScramble(["אני", "קורא"])).toBe(true);
  });
  it("leaves one-word sentences out of the game", () => {
    const oneWord = makeWord({
      id: 1,
      hebrew: "שלום",
      translation: "hello",
      sentence_he: "שלום!",
      sentence_translation: "Hello!",
    });
    expect(buildSentenceScramble([oneWord], createRng(1))).toEqual({ kind: "noSentences" });
  });
});

describe("scrambleTiles", () => {
  it("two words are always swapped", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect(scrambleTiles(["אני", "קורא"], createRng(seed))).toEqual([
        { id: 1, text: "קורא", key: "קורא" },
        { id: 0, text: "אני", key: "אני" },
      ]);
    }
  });
  it("returns null when no order differs", () => {
    expect(scrambleTiles(["כן", "כן"], createRng(1))).toBeNull();
  });
  it("property: a scramble is never already solved and uses every word once", () => {
    const token = fc.constantFrom("אב", "אבאב", "כן", "לא", "ספר", "ספר.", "סֵפֶר", "!", "שלום,");
    fc.assert(
      fc.property(fc.array(token, { minLength: 0, maxLength: 7 }), fc.integer(), (tokens, seed) => {
        const tiles = scrambleTiles(tokens, createRng(seed));
        if (!canScramble(tokens)) {
          expect(tiles).toBeNull();
          return;
        }
        expect(tiles).not.toBeNull();
        expect(tiles?.map((t) => t.id).sort((a, b) => a - b)).toEqual(tokens.map((_, i) => i));
        for (const t of tiles ?? []) expect(t.text).toBe(tokens[t.id]);
        expect(normalizeSentence((tiles ?? []).map((t) => t.text).join(" "))).not.toBe(
          normalizeSentence(tokens.join(" ")),
        );
      }),
    );
  });
});

describe("playing", () => {
  it("seed 3 gives these sentences and tile orders (the notebook has no sentence)", () => {
    const state = ready(3);
    expect(state.items.map((i) => [i.word.id, i.tiles.map((t) => t.id)])).toEqual([
      [10002, [2, 4, 1, 3, 0]],
      [10004, [1, 2, 0]],
      [10001, [4, 1, 3, 0, 2]],
      [10003, [0, 3, 2, 1]],
    ]);
    expect(state.items[1]?.translation).toBe("I am reading a book.");
    expect(state.items[1]?.tiles.map((t) => t.text)).toEqual(["קוֹרֵא", "סֵפֶר", "אֲנִי"]);
  });

  it("tap to build, tap again to take back; submit once every tile is placed", () => {
    let state = nextSentence(submit(tapAll(ready(3), [0, 1, 2, 3, 4])));
    expect(state.index).toBe(1);
    state = tapAll(state, [2, 0]);
    expect(builtTiles(state).map((t) => t.text)).toEqual(["סֵפֶר", "אֲנִי"]);
    expect(bankTiles(state).map((t) => t.text)).toEqual(["קוֹרֵא"]);
    expect(canSubmit(state)).toBe(false);
    expect(submit(state)).toBe(state);
    state = tapTile(state, 2);
    expect(builtTiles(state).map((t) => t.text)).toEqual(["אֲנִי"]);
    state = tapAll(state, [1, 2]);
    expect(canSubmit(state)).toBe(true);
    state = submit(state);
    expect(state.phase).toBe("correct");
    expect(tapTile(state, 0)).toBe(state);
    state = nextSentence(state);
    expect(state).toMatchObject({
      index: 2,
      built: [],
      wrongAttempts: 0,
      phase: "building",
      outcomes: ["solved", "solved"],
    });
  });

  it("a wrong order resets; the third wrong attempt reveals the answer with Next", () => {
    let state = ready(3);
    for (const attempt of [1, 2]) {
      state = submit(tapAll(state, [4, 3, 2, 1, 0]));
      expect(state).toMatchObject({ phase: "wrong", wrongAttempts: attempt });
      expect(nextSentence(state)).toBe(state);
      state = resetAfterWrong(state);
      expect(state).toMatchObject({ phase: "building", built: [] });
    }
    state = submit(tapAll(state, [1, 0, 2, 3, 4]));
    expect(state).toMatchObject({ phase: "revealed", wrongAttempts: 3 });
    expect(state.items[0]?.hebrew).toBe("בַּכִּתָּה שֶׁלָּנוּ יֵשׁ עֶשְׂרִים תַּלְמִידִים.");
    expect(resetAfterWrong(state)).toBe(state);
    state = nextSentence(state);
    expect(state.outcomes).toEqual(["revealed"]);
  });

  it("ignores punctuation and spacing when comparing", () => {
    const word = makeWord({
      id: 5,
      hebrew: "ספר",
      translation: "book",
      sentence_he: "סוף סוף, ספר!",
      sentence_translation: "Finally, a book!",
    });
    const start = buildSentenceScramble([word], createRng(9));
    if (start.kind !== "ready") throw new Error("expected a sentence");
    // The two סוף tiles are interchangeable: either order reads the same.
    const state = submit(tapAll(start.state, [1, 0, 2]));
    expect(state.phase).toBe("correct");
  });

  it("ends after the last sentence with the results", () => {
    let state = ready(3);
    state = nextSentence(submit(tapAll(state, [0, 1, 2, 3, 4])));
    state = nextSentence(submit(tapAll(state, [0, 1, 2])));
    for (let i = 0; i < 3; i++) state = resetAfterWrong(submit(tapAll(state, [4, 3, 2, 1, 0])));
    state = nextSentence(state);
    state = nextSentence(submit(tapAll(state, [0, 1, 2, 3])));
    expect(state.phase).toBe("finished");
    const results = sentenceScrambleResults(state, "x");
    expect(results).toMatchObject({
      gameType: "sentenceScramble",
      correct: 3,
      total: 4,
      sessionId: "x",
      skippedLast: false,
    });
    expect(results.learnedWords.map((w) => w.id)).toEqual([10002, 10004, 10001, 10003]);
  });

  it("property: the same seed gives the same round, and no round starts solved", () => {
    fc.assert(
      fc.property(fc.subarray([...NOUNS]), fc.integer(), (words, seed) => {
        const a = buildSentenceScramble(words, createRng(seed));
        expect(a).toEqual(buildSentenceScramble(words, createRng(seed)));
        if (a.kind !== "ready") return;
        for (const item of a.state.items) {
          const shown = normalizeSentence(item.tiles.map((t) => t.text).join(" "));
          expect(shown).not.toBe(normalizeSentence(item.hebrew));
        }
      }),
    );
  });
});

describe("other correct orders (issue 12.3)", () => {
  const meet = makeWord({
    id: 1029,
    hebrew: "יפגוש",
    translation: "will meet",
    sentence_he: "מחר הוא יפגוש את המורה החדש.",
    sentence_he_nikkud: "מָחָר הוּא יִפְגֹּשׁ אֶת הַמּוֹרֶה הֶחָדָשׁ.",
    sentence_translation: "Tomorrow he will meet the new teacher.",
    sentence_orders: ["הוא יפגוש מחר את המורה החדש.", "הוא יפגוש את המורה החדש מחר.", "מחר הוא יפגוש את התלמיד."],
  });

  it("keeps the orders made of the sentence's words, compared without nikkud and punctuation", () => {
    expect(acceptedOrders(meet.sentence_he ?? "", meet.sentence_orders)).toEqual([
      "מחרהואיפגושאתהמורההחדש",
      "הואיפגושמחראתהמורההחדש",
      "הואיפגושאתהמורההחדשמחר",
    ]);
  });

  it("accepts each listed order built from the pointed tiles, and still the sentence itself", () => {
    for (const order of [...(meet.sentence_orders ?? []).slice(0, 2), meet.sentence_he ?? ""]) {
      const start = buildSentenceScramble([meet], createRng(1));
      if (start.kind !== "ready") throw new Error("expected a sentence");
      const tiles = start.state.items[0]?.tiles ?? [];
      // Tap the pointed tiles in the order's (plain, full spelling: יפגוש for יִפְגֹּשׁ) word order.
      const ids: number[] = [];
      for (const w of tokenize(order)) {
        const tile = tiles.find((t) => !ids.includes(t.id) && t.key === normalizeSentence(w));
        if (!tile) throw new Error(w);
        ids.push(tile.id);
      }
      expect(submit(tapAll(start.state, ids)).phase, order).toBe("correct");
    }
  });

  it("an order with other words is not accepted", () => {
    const start = buildSentenceScramble([meet], createRng(1));
    if (start.kind !== "ready") throw new Error("expected a sentence");
    // "את המורה מחר הוא יפגוש החדש" reads as no accepted order.
    const tiles = start.state.items[0]?.tiles ?? [];
    const id = (w: string) => tiles.find((t) => t.key === w)?.id ?? -1;
    const wrong = ["את", "המורה", "מחר", "הוא", "יפגוש", "החדש"].map(id);
    expect(submit(tapAll(start.state, wrong)).phase).toBe("wrong");
  });

  it("sentences under three words are not scrambled", () => {
    const two = makeWord({
      id: 1,
      hebrew: "תודה",
      translation: "thanks",
      sentence_he: "תודה רבה!",
      sentence_translation: "Thank you very much!",
    });
    expect(buildSentenceScramble([two], createRng(1))).toEqual({ kind: "noSentences" });
  });

  it("property: a scramble never already reads as an accepted order", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const start = buildSentenceScramble([meet], createRng(seed));
        if (start.kind !== "ready") throw new Error("expected a sentence");
        const item = start.state.items[0];
        const text = item?.tiles.map((t) => t.key).join("") ?? "";
        expect(item?.accepted).not.toContain(text);
      }),
    );
  });

  it("returns null when every order of the tiles is accepted", () => {
    const tokens = ["אב", "גד", "הו"];
    const all = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ].map((p) => p.map((i) => tokens[i]).join(""));
    expect(scrambleTiles(tokens, createRng(1), all)).toBeNull();
  });
});
