import { describe, expect, it } from "vitest";
import { checkTyped, judgeTyped, lookalikeGroups, lookalikesOf } from "./typing.ts";

const shalom = { he: "שלום", nikkud: "שָׁלוֹם" };
const w = (he: string, nikkud: string) => ({ he, nikkud });

describe("typed answers", () => {
  it("refuses a word's first and last letters left out, whatever the letter", () => {
    expect(checkTyped("בי", { he: "בית", nikkud: "בַּיִת" })).toBe("wrong");
    expect(checkTyped("בית", { he: "בית", nikkud: "בַּיִת" })).toBe("exact");
    expect(checkTyped("רץ", { he: "ארץ", nikkud: "אֶרֶץ" })).toBe("wrong");
    expect(checkTyped("", { he: "ארץ", nikkud: "אֶרֶץ" })).toBe("wrong");
  });

  it("ignores points, spaces and punctuation", () => {
    expect(checkTyped("שלום", shalom)).toBe("exact");
    expect(checkTyped(" שָׁלוֹם! ", shalom)).toBe("exact");
    expect(checkTyped("בית ספר", w("בית ספר", "בֵּית סֵפֶר"))).toBe("exact");
    expect(checkTyped("ביתספר", w("בית ספר", "בֵּית סֵפֶר"))).toBe("exact");
  });

  it("accepts a final letter written as a medial one, with a note; a final one inside a word is wrong", () => {
    expect(judgeTyped("שלומ", shalom)).toEqual({
      verdict: "tolerated",
      finalLetter: { medial: "מ", final: "ם" },
      other: [],
    });
    expect(judgeTyped("מה שלומכ", w("מה שלומך", "מַה שְּׁלוֹמְךָ"))).toMatchObject({ finalLetter: { medial: "כ" } });
    expect(judgeTyped("שלום", shalom).finalLetter).toBeNull();
    expect(checkTyped("ךלב", w("כלב", "כֶּלֶב"))).toBe("wrong");
    expect(checkTyped("שםלום", shalom)).toBe("wrong");
  });

  it("accepts the defective spelling the points give and the plain full one", () => {
    expect(checkTyped("שלחן", w("שולחן", "שֻׁלְחָן"))).toBe("tolerated");
    expect(checkTyped("שולחן", w("שלחן", "שֻׁלְחָן"))).toBe("tolerated");
    expect(checkTyped("דבר", w("דיבר", "דִּבֵּר"))).toBe("tolerated");
    expect(checkTyped("כסא", w("כיסא", "כִּסֵּא"))).toBe("tolerated");
    expect(checkTyped("מצוה", w("מצווה", "מִצְוָה"))).toBe("tolerated");
  });

  it("derives the full spellings from the points (Academy rules, decision 0081)", () => {
    // holam and qubuts take a vav; hiriq a yod in an open syllable or before a dagesh
    expect(checkTyped("קודש", w("קדש", "קֹדֶשׁ"))).toBe("tolerated");
    expect(checkTyped("סיפר", w("ספר", "סִפֵּר"))).toBe("tolerated");
    expect(checkTyped("מקוה", w("מקווה", "מִקְוֶה"))).toBe("tolerated");
    expect(checkTyped("קיים", w("קים", "קִיֵּם"))).toBe("tolerated");
    // not after a holam before a silent alef or a word-final he, not a yod before a resting shva or in a closed
    // last syllable, no doubled vav at a word's end
    expect(checkTyped("לוא", w("לא", "לֹא"))).toBe("wrong");
    expect(checkTyped("פוה", w("פה", "פֹּה"))).toBe("wrong");
    expect(checkTyped("מישפט", w("משפט", "מִשְׁפָּט"))).toBe("wrong");
    expect(checkTyped("עים", w("עם", "עִם"))).toBe("wrong");
    expect(checkTyped("עכשייו", w("עכשיו", "עַכְשָׁיו"))).toBe("wrong");
    // a yod for tsere only where the plain spelling has one
    expect(checkTyped("ביית", w("בית", "בַּיִת"))).toBe("wrong");
    expect(checkTyped("סיפר", w("ספר", "סֵפֶר"))).toBe("wrong");
    // dropping the points' own vowel letters is another spelling, not this word's
    expect(checkTyped("שלם", shalom)).toBe("wrong");
  });

  it("refuses another word we teach and says which", () => {
    const bat = { he: "בת", nikkud: "בַּת", lookalikes: [{ he: "בית", translation: "house" }] };
    expect(judgeTyped("בית", bat)).toEqual({
      verdict: "wrong",
      finalLetter: null,
      other: [{ he: "בית", translation: "house" }],
    });
    // even when it is this word's defective spelling: חדש reads "new", not "month"
    const month = { he: "חודש", nikkud: "חֹדֶשׁ", lookalikes: [{ he: "חדש", translation: "new" }] };
    expect(judgeTyped("חדש", month)).toMatchObject({ verdict: "wrong", other: [{ he: "חדש" }] });
    expect(checkTyped("חודש", month)).toBe("exact");
    expect(checkTyped("שלב", shalom)).toBe("wrong");
    expect(checkTyped("", shalom)).toBe("wrong");
    expect(checkTyped("shalom", shalom)).toBe("wrong");
    expect(checkTyped("שלוםם", shalom)).toBe("wrong");
  });

  it("finds the lookalikes of a word: same letters up to vav, yod and finals, other spellings only", () => {
    const words = [
      { id: 1, he: "בת", tr: "daughter" },
      { id: 2, he: "בית", tr: "house" },
      { id: 3, he: "ביתי", tr: "homely" },
      { id: 4, he: "בת", tr: "aged (years)" },
      { id: 5, he: "כלב", tr: "dog" },
    ];
    const groups = lookalikeGroups(words);
    expect(lookalikesOf(words[0] as (typeof words)[0], groups, (x) => x.tr)).toEqual([
      { he: "בית", translation: "house" },
      { he: "ביתי", translation: "homely" },
    ]);
    expect(lookalikesOf(words[4] as (typeof words)[0], groups, (x) => x.tr)).toEqual([]);
  });
});
