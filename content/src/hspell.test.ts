import { describe, expect, it } from "vitest";
import {
  allowlisted,
  decodeIso8859_8,
  describeReadings,
  encodeIso8859_8,
  hebrewTokens,
  parseAnalysis,
  parseHspellOutput,
  posVerdict,
} from "./hspell.ts";

// Real `hspell -l` output (hspell 1.4), decoded to UTF-8.
const OUTPUT = `מילה חוקית: כותב
\tכותב(פ,ז,3,יחיד,עבר)
\tכותב(ע,ז,יחיד)
\tכתב(פ,ז,יחיד,הווה)
\tכותב(ע,ז,יחיד,סמיכות)
\tכתב(פ,ז,יחיד,הווה,סמיכות)
צירוף חוקי: ל+לכת
\tהלך(פ,מקור)
\tלכת(ע,ז,יחיד)
מילה חוקית: יכתוב
\tכתב(פ,ז,3,יחיד,עתיד)
מילה חוקית: עכשיו
\tשונות(x)
מילה חוקית: גדול
\tגדול(ת,ז,יחיד)
\tגדול(ע,ז,יחיד)
מילה חוקית: שמח
\tשמח(פ,ז,3,יחיד,עבר)
\tשמח(פ,ז,יחיד,הווה)
צירוף חוקי: מ+ראש
\tראש(ע,ז,יחיד)
מילה חוקית: שולחן
\tשולחן(ע,ז,יחיד)
\tשלח(פ,ז,יחיד,הווה,כינוי/נ,3,רבים)
מילה חוקית: אני
\tשונות(x)
מילה חוקית: שבע
\tשבע(פ,ז,2,יחיד,ציווי)
\tשבע(x)
מילה חוקית: סביב
\tסביב(ע,ז,יחיד)
\tסביב(ע,ז,יחיד,סמיכות)
צירוף חוקי: ב+שביל
\tשביל(ע,ז,יחיד)
\tשביל(ע,ז,יחיד,סמיכות)
מילה חוקית: תודה
\tהודה(פ,ז,2,יחיד,עתיד)
\tתודה(ע,נ,יחיד)
שגיאות כתיב שנמצאו:

אמא
קקקשש
`;

describe("parseHspellOutput", () => {
  const r = parseHspellOutput(OUTPUT);
  it("collects the readings of each word, with the prefix split", () => {
    expect(r.known.get("כותב")?.[0]?.analyses).toHaveLength(5);
    expect(r.known.get("ללכת")).toEqual([
      {
        prefix: "ל",
        analyses: [
          { lemma: "הלך", pos: "פ", attrs: ["מקור"] },
          { lemma: "לכת", pos: "ע", attrs: ["ז", "יחיד"] },
        ],
      },
    ]);
  });
  it("lists the misspelled words", () => {
    expect([...r.unknown]).toEqual(["אמא", "קקקשש"]);
    expect(r.known.has("אמא")).toBe(false);
  });
  it("parses one analysis", () => {
    expect(parseAnalysis("\tכתב(פ,ז,3,יחיד,עבר)")).toEqual({
      lemma: "כתב",
      pos: "פ",
      attrs: ["ז", "3", "יחיד", "עבר"],
    });
    expect(parseAnalysis("garbage")).toBeUndefined();
  });

  const verdict = (he: string, pos: string, tense?: string) =>
    posVerdict({ he, pos, tense } as Parameters<typeof posVerdict>[0], r.known.get(he));
  it("agrees on parts of speech and tenses", () => {
    expect(verdict("כותב", "verb", "present")).toBe("agrees");
    expect(verdict("כותב", "verb", "past")).toBe("agrees");
    expect(verdict("כותב", "verb", "future")).toBe("disagrees");
    expect(verdict("ללכת", "verb", "infinitive")).toBe("agrees");
    expect(verdict("יכתוב", "verb", "future")).toBe("agrees");
    expect(verdict("יכתוב", "noun")).toBe("disagrees");
    expect(verdict("גדול", "adjective")).toBe("agrees");
    expect(verdict("שמח", "adjective")).toBe("agrees");
    expect(verdict("עכשיו", "adverb")).toBe("agrees");
    expect(verdict("מראש", "adverb")).toBe("agrees");
    expect(verdict("עכשיו", "noun")).toBe("disagrees");
    expect(verdict("שולחן", "noun")).toBe("agrees");
  });
  it("checks the closed classes and numerals as far as hspell tells them apart", () => {
    expect(verdict("אני", "pronoun")).toBe("agrees");
    expect(verdict("אני", "question")).toBe("agrees"); // hspell's x does not tell a pronoun from a question word
    expect(verdict("שבע", "numeral")).toBe("agrees");
    expect(verdict("סביב", "preposition")).toBe("agrees"); // a noun in construct
    expect(verdict("בשביל", "preposition")).toBe("agrees"); // a prefix + word
    expect(verdict("שולחן", "preposition")).toBe("disagrees");
    expect(verdict("יכתוב", "conjunction")).toBe("disagrees");
    expect(verdict("יכתוב", "numeral")).toBe("disagrees");
    expect(verdict("תודה", "interjection")).toBe("not-checked");
  });
  it("does not check phrases, several words or unknown words", () => {
    expect(verdict("כותב", "phrase")).toBe("not-checked");
    expect(verdict("בוקר טוב", "noun")).toBe("not-checked");
    expect(verdict("אמא", "noun")).toBe("not-checked");
  });
  it("describes the readings for messages", () => {
    expect(describeReadings(r.known.get("ללכת"))).toBe("ל+: הלך(פ,מקור) לכת(ע,ז,יחיד)");
    expect(describeReadings(undefined)).toBe("not recognised");
  });
});

describe("encoding", () => {
  it("round-trips Hebrew letters through ISO-8859-8", () => {
    const bytes = encodeIso8859_8(["שלום", "צ׳יפס"]);
    expect([...bytes.subarray(0, 5)]).toEqual([0xf9, 0xec, 0xe5, 0xed, 0x0a]);
    expect(decodeIso8859_8(bytes)).toBe("שלום\nצ'יפס\n");
  });
});

describe("hebrewTokens", () => {
  it("splits plain text into words, keeping geresh and gershayim", () => {
    expect(hebrewTokens("הספר על השולחן.")).toEqual(["הספר", "על", "השולחן"]);
    expect(hebrewTokens("צ׳יפס, ת״א ו-ב'")).toEqual(["צ׳יפס", "ת״א", "ו", "ב"]);
  });
});

describe("allowlisted", () => {
  const allow = { אמא: "newspaper spelling" };
  it("matches the word and the word after prefixes", () => {
    expect(allowlisted("אמא", allow)).toBe("אמא");
    expect(allowlisted("לאמא", allow)).toBe("אמא");
    expect(allowlisted("ולאמא", allow)).toBe("אמא");
    expect(allowlisted("והאמא", allow)).toBe("אמא");
    expect(allowlisted("סאמא", allow)).toBeUndefined();
  });
});
