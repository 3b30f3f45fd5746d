import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import {
  addMore,
  buildRootTree,
  canAddMore,
  currentFamily,
  newRoot,
  type RootTreeState,
  rootTreeResults,
  visibleWords,
} from "./root-tree.ts";
import { NOUNS, VERBS } from "./test-fixtures.ts";

function ready(seed: number): RootTreeState {
  const start = buildRootTree([...NOUNS, ...VERBS], createRng(seed));
  if (start.kind !== "ready") throw new Error("expected roots");
  return start.state;
}

describe("root tree", () => {
  it("groups the pool by valid root", () => {
    expect(ready(2).families.map((f) => [f.root, f.words.map((w) => w.id)])).toEqual([
      ["ב-י-ת", [10001]],
      ["ס-פ-ר", [10001, 10004, 10007]],
      ["כ-ת-ת", [10002]],
      ["י-ר-ה", [10003]],
      ["ח-ב-ר", [10005]],
      ["כ-ת-ב", [10020, 10021, 10022, 10023]],
      ["ק-ר-א", [10024, 10025, 10026]],
      ["ל-מ-ד", [10027]],
      ["א-כ-ל", [10028]],
      ["ד-ב-ר", [10029]],
    ]);
  });

  it("shows roots with 2+ words first and repeats none until all were shown", () => {
    let state = ready(2);
    const shown = [currentFamily(state).root];
    for (let i = 0; i < 12; i++) {
      state = newRoot(state, createRng(i));
      shown.push(currentFamily(state).root);
    }
    expect(shown).toEqual([
      "כ-ת-ב",
      "ק-ר-א",
      "ס-פ-ר",
      "ב-י-ת",
      "ח-ב-ר",
      "א-כ-ל",
      "י-ר-ה",
      "ד-ב-ר",
      "ל-מ-ד",
      "כ-ת-ת",
      "ק-ר-א",
      "ס-פ-ר",
      "כ-ת-ב",
    ]);
  });

  it("shows the first word, then one more per 'Add more words'", () => {
    let state = ready(2);
    expect(visibleWords(state).map((w) => w.hebrew)).toEqual(["כותב"]);
    state = addMore(addMore(state));
    expect(visibleWords(state).map((w) => w.hebrew)).toEqual(["כותב", "כתב", "יכתוב"]);
    expect(canAddMore(state)).toBe(true);
    state = addMore(state);
    expect(canAddMore(state)).toBe(false);
    expect(addMore(state)).toBe(state);
    state = newRoot(state, createRng(1));
    expect(state.revealed).toBe(1);
  });

  it("says noRoots when the pool has no valid root", () => {
    const university = NOUNS.filter((w) => w.id === 10006);
    expect(buildRootTree(university, createRng(1))).toEqual({ kind: "noRoots" });
    expect(buildRootTree([], createRng(1))).toEqual({ kind: "noRoots" });
  });

  it("a single root is shown again on 'New root'", () => {
    const book = NOUNS.filter((w) => w.id === 10004);
    const start = buildRootTree(book, createRng(1));
    if (start.kind !== "ready") throw new Error("expected a root");
    expect(currentFamily(newRoot(start.state, createRng(2))).root).toBe("ס-פ-ר");
  });

  it("the results hold every revealed word of every root shown", () => {
    const state = newRoot(addMore(ready(2)), createRng(0));
    const results = rootTreeResults(state, "t");
    expect(results).toMatchObject({ gameType: "rootTree", correct: 2, total: 2, sessionId: "t", skippedLast: false });
    expect(results.learnedRoots.map((r) => [r.root, r.root_definition, r.hebrew])).toEqual([
      ["כ-ת-ב", "writing", "כותב"],
      ["כ-ת-ב", "writing", "כתב"],
      ["ק-ר-א", "reading, calling", "קורא"],
    ]);
  });

  it("property: within a cycle no root repeats, and roots with 2+ words come before single-word roots", () => {
    fc.assert(
      fc.property(fc.subarray([...NOUNS, ...VERBS]), fc.integer(), (words, seed) => {
        const start = buildRootTree(words, createRng(seed));
        if (start.kind !== "ready") return;
        const rng = createRng(seed + 1);
        let state = start.state;
        const n = state.families.length;
        const cycle = [state.current];
        for (let i = 1; i < n; i++) {
          state = newRoot(state, rng);
          cycle.push(state.current);
        }
        expect(new Set(cycle).size).toBe(n);
        const sizes = cycle.map((i) => state.families[i]?.words.length ?? 0);
        const firstSingle = sizes.findIndex((s) => s < 2);
        if (firstSingle !== -1) expect(sizes.slice(firstSingle).every((s) => s < 2)).toBe(true);
      }),
    );
  });
});
