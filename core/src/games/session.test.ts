import { describe, expect, it } from "vitest";
import { wordsQuery } from "../schemas/api.ts";
import { languageChangeAction, sessionQuery, startDelayMs, startKey } from "./session.ts";

const en = { language: "en", moduleId: 12, tier: 2 } as const;

describe("sessionQuery", () => {
  it("module games load their module with the SPEC's limits", () => {
    expect(sessionQuery("translation-match", en)).toEqual({
      language: "en",
      moduleId: "12",
      limit: "100",
      random: "1",
    });
    expect(sessionQuery("word-search", en)?.limit).toBe("50");
    expect(sessionQuery("sentence-scramble", en)?.limit).toBe("120");
    expect(sessionQuery("flashcards", { ...en, language: "ar" })).toEqual({
      language: "ar",
      moduleId: "12",
      limit: "200",
      random: "1",
    });
  });

  it("module games without a module load nothing", () => {
    expect(sessionQuery("flashcards", { ...en, moduleId: null })).toBeNull();
  });

  it("tier games merge the lower tiers", () => {
    expect(sessionQuery("tense-guesser", en)).toEqual({
      language: "en",
      tier: "2",
      includeLowerTiers: "1",
      perTierLimit: "200",
      limit: "200",
      random: "1",
      shuffleAfterMerge: "1",
      includeRoots: "1",
    });
    expect(sessionQuery("tense-guesser", en, { refresh: true })?.perTierLimit).toBe("400");
    expect(sessionQuery("root-recall", en)?.perTierLimit).toBe("150");
    expect(sessionQuery("root-tree", en)?.perTierLimit).toBe("150");
    expect(sessionQuery("verb-conjugation", { ...en, moduleId: null })).toEqual({
      language: "en",
      tier: "2",
      includeLowerTiers: "1",
      limit: "200",
      random: "1",
      shuffleAfterMerge: "1",
      includeRoots: "1",
    });
    expect(sessionQuery("root-tree", en, { seed: 7 })?.seed).toBe("7");
  });

  it("every query is one the server's words schema accepts", () => {
    for (const game of [
      "translation-match",
      "word-search",
      "sentence-scramble",
      "flashcards",
      "tense-guesser",
      "verb-conjugation",
      "root-recall",
      "root-tree",
    ] as const) {
      const query = sessionQuery(game, en, { refresh: true, seed: 3 });
      expect(wordsQuery.safeParse(query).success).toBe(true);
    }
  });
});

describe("startKey", () => {
  it("is the same for a repeated start and differs when the pool would differ", () => {
    expect(startKey("flashcards", en)).toBe(startKey("flashcards", { ...en, tier: 3 }));
    expect(startKey("flashcards", en)).not.toBe(startKey("flashcards", { ...en, moduleId: 13 }));
    expect(startKey("flashcards", en)).not.toBe(startKey("flashcards", { ...en, language: "fr" }));
    expect(startKey("flashcards", en)).not.toBe(startKey("word-search", en));
    expect(startKey("root-tree", en)).toBe(startKey("root-tree", { ...en, moduleId: 40 }));
    expect(startKey("root-tree", en)).not.toBe(startKey("root-tree", { ...en, tier: 1 }));
  });
});

describe("startDelayMs", () => {
  it("postpones the verb and tense games for what is left of 5 s after a load error", () => {
    expect(startDelayMs("tense-guesser", 10_000, 12_000)).toBe(3000);
    expect(startDelayMs("verb-conjugation", 10_000, 14_999)).toBe(1);
    expect(startDelayMs("verb-conjugation", 10_000, 15_000)).toBe(0);
    expect(startDelayMs("verb-conjugation", null, 15_000)).toBe(0);
    expect(startDelayMs("flashcards", 10_000, 12_000)).toBe(0);
  });
});

describe("languageChangeAction", () => {
  it("refreshes the active module in the beginner module, the word session elsewhere", () => {
    expect(languageChangeAction(93)).toBe("refreshActiveModule");
    expect(languageChangeAction(12)).toBe("refreshSession");
    expect(languageChangeAction(null)).toBe("refreshSession");
  });
});
