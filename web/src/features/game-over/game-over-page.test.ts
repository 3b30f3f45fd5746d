import { describe, expect, it } from "vitest";
import { resultItems, roundSummary } from "./game-over-page.tsx";

describe("roundSummary", () => {
  it("scores the scored games, not flashcards or root tree, and flags a round with nothing asked", () => {
    const words = [{ id: 3001, hebrew: "כלב", translation: "dog", outcome: "wrong" }];
    expect(roundSummary({ gameType: "translationMatch", correct: 0, total: 1, learnedWords: words }, 1)).toEqual({
      scored: true,
      empty: false,
    });
    expect(roundSummary({ gameType: "flashcards", correct: 1, total: 1, learnedWords: words }, 1)).toEqual({
      scored: false,
      empty: false,
    });
    expect(roundSummary({ gameType: "rootTree", correct: 2, total: 2, learnedRoots: [] }, 2)).toEqual({
      scored: false,
      empty: false,
    });
    expect(roundSummary({ gameType: "rootRecall", correct: 0, total: 0, learnedRoots: [] }, 0)).toEqual({
      scored: false,
      empty: true,
    });
    expect(roundSummary(null, 0)).toEqual({ scored: false, empty: true });
  });

  it("carries each item's outcome, and only the known ones", () => {
    const items = resultItems({
      learnedWords: [
        { id: 3001, hebrew: "כלב", translation: "dog", outcome: "wrong" },
        { id: 3002, hebrew: "חתול", translation: "cat", outcome: "correct" },
        { id: 3003, hebrew: "סוס", translation: "horse", outcome: "maybe" },
      ],
    });
    expect(items.map((i) => i.outcome)).toEqual(["wrong", "correct", undefined]);
  });
});
