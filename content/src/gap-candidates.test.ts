import { describe, expect, it } from "vitest";
import { isPhrase, proposeGap } from "./gap-candidates.ts";

const ex = (he: string) => ({ he, nikkud: he, tr: { en: "x", fr: "x", es: "x", ru: "х", uk: "х", ar: "س" } });

describe("gap candidates", () => {
  it("proposes the word that begins as the entry does, after its prefixes, sharing the most root letters", () => {
    expect(proposeGap({ he: "כוכב", roots: [], example: ex("בלילה רואים הרבה כוכבים.") })).toEqual({
      word: 3,
      prefix: 0,
    });
    expect(proposeGap({ he: "מלפפון", roots: [], example: ex("אני קונה עגבניות ומלפפונים לסלט.") })).toEqual({
      word: 3,
      prefix: 1,
    });
    // The article before an entry that itself begins with ה: ההבטחות is ה + הבטחות.
    expect(proposeGap({ he: "הבטחה", roots: ["ב-ט-ח"], example: ex("הוא מקיים את ההבטחות שלו.") })).toEqual({
      word: 3,
      prefix: 1,
    });
    // Two words begin alike: the root letters decide (סגורה, not סגנון).
    expect(proposeGap({ he: "סגור", roots: ["ס-ג-ר"], example: ex("סגנון החנות סגורה.") })).toEqual({
      word: 2,
      prefix: 0,
    });
    expect(proposeGap({ he: "ש", roots: [], example: ex("הספר שאני קורא.") })).toBeNull();
    expect(proposeGap({ he: "כוכב", roots: [], example: ex("אין פה כלום.") })).toBeNull();
  });

  it("knows phrases", () => {
    expect(isPhrase({ he: "בוקר טוב" })).toBe(true);
    expect(isPhrase({ he: "בית-ספר" })).toBe(true);
    expect(isPhrase({ he: "בוקר" })).toBe(false);
  });
});
