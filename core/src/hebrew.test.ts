import { describe, expect, it } from "vitest";
import {
  hasNikkud,
  hebrewLetters,
  normalizeAnswer,
  normalizeSentence,
  plainMatchesPointed,
  stripNikkud,
} from "./hebrew.ts";

describe("Hebrew text rules (CONTENT.md)", () => {
  it("strips the vowel marks and dagesh, keeps the letters, turns the maqaf into a hyphen", () => {
    expect(stripNikkud("שֻׁלְחָן")).toBe("שלחן");
    expect(stripNikkud("בֵּית־סֵפֶר")).toBe("בית-ספר");
    // Geresh and gershayim are letters' companions, not marks.
    expect(stripNikkud("צ׳יפְּס")).toBe("צ׳יפס");
  });

  it("treats decomposed and composed input alike", () => {
    const composed = "שָׁלוֹם".normalize("NFC");
    expect(stripNikkud(composed.normalize("NFD"))).toBe(stripNikkud(composed));
    expect(stripNikkud("שָׁלוֹם")).toBe("שלום");
  });

  it("knows pointed from plain text", () => {
    expect(hasNikkud("סֵפֶר")).toBe(true);
    expect(hasNikkud("ספר")).toBe(false);
    expect(hasNikkud("hello")).toBe(false);
  });

  it("keeps Hebrew letters only, final forms folded", () => {
    expect(hebrewLetters("שָׁלוֹם, עוֹלָם!")).toBe("שלומעולמ");
    expect(hebrewLetters("ךםןףץ")).toBe("כמנפצ");
  });

  it("keeps the whole alphabet, alef to tav, and nothing either side of it", () => {
    const alphabet = "אבגדהוזחטיכלמנסעפצקרשת";
    expect(hebrewLetters(alphabet)).toBe(alphabet);
    expect(hebrewLetters("בית")).toBe("בית"); // without ת a learner typing "בי" would match
    expect(hebrewLetters("\u05CF\u05EB\u05F0")).toBe(""); // the code points just outside, and a Yiddish ligature
  });

  it("accepts a full spelling that adds only vav and yod to the pointed letters", () => {
    expect(plainMatchesPointed("שולחן", "שֻׁלְחָן")).toBe(true);
    expect(plainMatchesPointed("דיבר", "דִּבֵּר")).toBe(true);
    expect(plainMatchesPointed("כיסא", "כִּסֵּא")).toBe(true);
    expect(plainMatchesPointed("שלחן", "שֻׁלְחָן")).toBe(true);
  });

  it("refuses a plain form with other added letters, missing letters or another order", () => {
    expect(plainMatchesPointed("שולחנ", "שֻׁלְחָן")).toBe(true); // final form only differs
    expect(plainMatchesPointed("שולחנה", "שֻׁלְחָן")).toBe(false);
    expect(plainMatchesPointed("שלח", "שֻׁלְחָן")).toBe(false);
    expect(plainMatchesPointed("שחלן", "שֻׁלְחָן")).toBe(false);
  });

  it("compares answers trimmed, case-insensitive and without nikkud", () => {
    expect(normalizeAnswer("  Shalom ")).toBe("shalom");
    expect(normalizeAnswer("שָׁלוֹם")).toBe(normalizeAnswer("שלום"));
  });

  it("compares sentences also without punctuation and spacing", () => {
    expect(normalizeSentence("הוּא כּוֹתֵב, מִכְתָּב.")).toBe(normalizeSentence("הוא כותב מכתב"));
    expect(normalizeSentence("הוא כותב מכתב")).not.toBe(normalizeSentence("הוא מכתב כותב"));
  });
});
