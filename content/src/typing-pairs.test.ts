// Issue 24: typing one taught word for another that differs from it by a vav or a yod (בית for בת, ים for יום)
// is refused, saying which word was typed; each word's own spellings are accepted. Over the real vocabulary.
import { hebrewLetters } from "@ivrit/core/hebrew";
import { judgeTyped, lookalikeGroups, lookalikesOf } from "@ivrit/core/typing";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load.ts";

const words = loadContent().modules.flatMap((m) => m.words);
const groups = lookalikeGroups(words);
const card = (w: (typeof words)[number]) => ({
  he: w.he,
  nikkud: w.nikkud,
  lookalikes: lookalikesOf(w, groups, (x) => x.tr.en),
});

describe("typed answers over the taught words", () => {
  it("refuses every taught word typed for another that differs from it by vavs and yods", () => {
    let pairs = 0;
    const accepted: string[] = [];
    for (const group of groups.values()) {
      for (const a of group) {
        const asked = card(a);
        for (const b of group) {
          if (hebrewLetters(a.he) === hebrewLetters(b.he)) continue;
          pairs++;
          const j = judgeTyped(b.he, asked);
          if (j.verdict !== "wrong" || !j.other.some((o) => o.he === b.he && o.translation === b.tr.en))
            accepted.push(`${b.he} for ${a.he}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(pairs).toBeGreaterThan(700); // ordered pairs: בית for בת and בת for בית
  });

  it("accepts each word's plain spelling, and its pointed one unless that is another taught word", () => {
    const hes = new Set(words.map((w) => hebrewLetters(w.he)));
    const refused: string[] = [];
    for (const w of words) {
      expect(judgeTyped(w.he, card(w)).verdict, w.he).toBe("exact");
      const pointed = judgeTyped(w.nikkud, card(w));
      if (pointed.verdict === "wrong" && !hes.has(hebrewLetters(w.nikkud))) refused.push(w.nikkud);
    }
    expect(refused).toEqual([]);
  });
});
