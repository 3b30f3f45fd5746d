import { describe, expect, it } from "vitest";
import { parseTranslit, toEspeak, tokenize, translitProblems } from "./translit.ts";

describe("parseTranslit", () => {
  it("splits words and syllables and finds the stress", () => {
    expect(parseTranslit("bo-KER TOV")).toEqual([
      [
        { text: "bo", stressed: false },
        { text: "KER", stressed: true },
      ],
      [{ text: "TOV", stressed: true }],
    ]);
  });
  it("reads a glottal stop before a capital syllable as stressed", () => {
    expect(parseTranslit("ta-'IM")[0]?.[1]).toEqual({ text: "'IM", stressed: true });
  });
});

describe("tokenize", () => {
  it("reads the digraphs greedily", () => {
    expect(tokenize("tshkes").sounds).toEqual(["tsh", "k", "e", "s"]);
    expect(tokenize("shul").sounds).toEqual(["sh", "u", "l"]);
    expect(tokenize("tza").sounds).toEqual(["tz", "a"]);
    expect(tokenize("chan").sounds).toEqual(["ch", "a", "n"]);
  });
  it("reports letters outside the format", () => {
    expect(tokenize("qax").unknown).toEqual(["q", "x"]);
    expect(tokenize("cat").unknown).toEqual(["c"]);
  });
});

describe("translitProblems", () => {
  it("accepts the format", () => {
    for (const t of ["sha-LOM", "bo-KER TOV", "ko-TE-vet", "KEN", "ma-'a-RAV", "le-hit-ra-'OT"])
      expect(translitProblems(t)).toEqual([]);
  });
  it("needs exactly one stressed syllable per word", () => {
    expect(translitProblems("sha-lom")[0]).toMatch(/exactly one stressed/);
    expect(translitProblems("SHA-LOM")[0]).toMatch(/has 2/);
    expect(translitProblems("bo-KER tov")[0]).toMatch(/'tov'/);
  });
  it("finds mixed case, letters outside the format and syllables without a vowel", () => {
    expect(translitProblems("sha-Lom")).toEqual(["mixed-case syllable 'Lom'"]);
    expect(translitProblems("qa-TAN")[0]).toMatch(/outside the format: q/);
    expect(translitProblems("sh-MA")[0]).toMatch(/no vowel/);
  });
  it("skips the stress rule when asked (the letter + vowel grid)", () => {
    expect(translitProblems("ba", { stress: false })).toEqual([]);
  });
});

describe("toEspeak", () => {
  it("maps the letters to espeak-ng's Hebrew phonemes with the stress mark", () => {
    expect(toEspeak("sha-LOM")).toBe("[[Sa'lom]]");
    expect(toEspeak("bo-KER TOV")).toBe("[[bo'keQ\" 'tov]]");
    expect(toEspeak("ma-'a-RAV")).toBe("[[ma?a'Q\"av]]");
    expect(toEspeak("JI-ra-fa")).toBe("[['dZiQ\"afa]]");
    expect(toEspeak("zhur-NAL")).toBe("[[ZuQ\"'nal]]");
    expect(toEspeak("maf-TE-ach")).toBe("[[maf'teaX]]");
    expect(toEspeak("bei-TZA")).toBe("[[bej'tsa]]");
  });
  it("stresses a single syllable and gives a bare consonant a schwa", () => {
    expect(toEspeak("ba")).toBe("[['ba]]");
    expect(toEspeak("sh")).toBe("[['S@]]");
    expect(toEspeak("'")).toBe("[['?@]]");
  });
});
