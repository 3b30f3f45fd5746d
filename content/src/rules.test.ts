import { describe, expect, it } from "vitest";
import { nikkudProblems, rootKeyProblems, scriptProblems } from "./rules.ts";

describe("nikkudProblems", () => {
  it("accepts well-pointed words", () => {
    for (const w of ["שָׁלוֹם", "שֻׁלְחָן", "בְּבַקָּשָׁה", "שָׂמֵחַ", "וֺ", "ווּ", "מַה נִּשְׁמָע?", "שֹׁמֵר"])
      expect(nikkudProblems(w)).toEqual([]);
  });
  it("wants a shin or sin dot on every ש", () => {
    expect(nikkudProblems("שָלוֹם")).toEqual(["ש needs a shin dot (שׁ) or a sin dot (שׂ)"]);
  });
  it("refuses cantillation, meteg, two vowels on a letter, misplaced dots and dagesh", () => {
    expect(nikkudProblems("שָׁל֑וֹם")[0]).toMatch(/cantillation U\+0591/);
    expect(nikkudProblems("הָֽאָרֶץ")[0]).toMatch(/meteg/);
    expect(nikkudProblems("בַָּיִת")).toContain("ב carries two vowels");
    expect(nikkudProblems("סׁוֹד")).toContain("shin/sin dot on ס");
    expect(nikkudProblems("חּוֹם")).toContain("dagesh on ח");
    expect(nikkudProblems("ָבַּיִת")).toContain("mark U+05B8 does not follow a letter");
  });
});

describe("scriptProblems", () => {
  it("checks the script of each language", () => {
    expect(scriptProblems("en", "table")).toEqual([]);
    expect(scriptProblems("en", "стол")).toEqual(["no Latin letters"]);
    expect(scriptProblems("ar", "table")).toEqual(["no Arabic letters"]);
    expect(scriptProblems("ar", "طاولة")).toEqual([]);
  });
  it("tells Russian and Ukrainian apart", () => {
    expect(scriptProblems("ru", "стол")).toEqual([]);
    expect(scriptProblems("ru", "стіл")).toEqual(["Ukrainian letter 'і' in Russian"]);
    expect(scriptProblems("uk", "стіл")).toEqual([]);
    expect(scriptProblems("uk", "мыло")).toEqual(["Russian letter 'ы' in Ukrainian"]);
  });
});

describe("rootKeyProblems", () => {
  it("wants the final form at the end only", () => {
    expect(rootKeyProblems("ש-ל-ם")).toEqual([]);
    expect(rootKeyProblems("ש-ל-מ")).toEqual(["last letter מ should be written ם"]);
    expect(rootKeyProblems("ך-ת-ב")).toEqual(["final letter ך inside the root"]);
  });
});
