import { describe, expect, it } from "vitest";
import {
  lemmaCandidates,
  parseFrequencyList,
  rankLemmas,
  sentenceCoverage,
  taughtLemmas,
  taughtUnits,
} from "./frequency.ts";
import { parseHspellOutput } from "./hspell.ts";
import type { Content } from "./load.ts";

// Real `hspell -l` output (hspell 1.4) for a few forms of the subtitles list, decoded to UTF-8.
const OUTPUT = `מילה חוקית: עד
\tעד(x)
\tעד(ע,ז,יחיד)
מילה חוקית: שולחן
\tשולחן(ע,ז,יחיד)
\tשלח(פ,ז,יחיד,הווה,כינוי/נ,3,רבים)
מילה חוקית: עדים
\tעד(ע,ז,רבים)
צירוף חוקי: ה+שולחן
\tשולחן(ע,ז,יחיד)
מילה חוקית: שלח
\tשלח(פ,ז,3,יחיד,עבר)
מילה חוקית: שולח
\tשלח(פ,ז,יחיד,הווה)
מילה חוקית: יודע
\tידע(פ,ז,יחיד,הווה)
מילה חוקית: לדעת
\tדעת(ע,נ,יחיד)
צירוף חוקי: ל+דעת
\tידע(פ,מקור)
\tדעת(ע,נ,יחיד)
מילה חוקית: חרא
\tחרא(ע,ז,יחיד)
שגיאות כתיב שנמצאו:

מייקל
אוקיי
`;
const hs = parseHspellOutput(OUTPUT);

describe("frequency list", () => {
  it("parses form count lines and skips the rest", () => {
    expect(parseFrequencyList("לא 5020713\nאני 4542964\n\nhello 3\nבלי\n")).toEqual([
      { form: "לא", count: 5020713 },
      { form: "אני", count: 4542964 },
    ]);
  });
});

describe("lemmaCandidates", () => {
  it("prefers a particle reading (עד is 'until', not 'witness')", () => {
    expect(lemmaCandidates("עד", hs.known.get("עד"))).toEqual([{ lemma: "עד", pos: "x" }]);
  });
  it("drops pronoun-suffix readings when a plain one exists", () => {
    expect(lemmaCandidates("שולחן", hs.known.get("שולחן"))).toEqual([{ lemma: "שולחן", pos: "ע" }]);
  });
  it("takes the infinitive after ל for a list form, and whole readings first for an entry", () => {
    expect(lemmaCandidates("השולחן", hs.known.get("השולחן"))).toEqual([{ lemma: "שולחן", pos: "ע" }]);
    expect(lemmaCandidates("לדעת", hs.known.get("לדעת")).map((c) => c.lemma)).toEqual(["ידע"]);
    expect(lemmaCandidates("לדעת", hs.known.get("לדעת"), "entry").map((c) => c.lemma)).toEqual(["דעת"]);
  });
  it("takes an imperative for ה + noun when the split exists (הזמן: the time)", () => {
    const h = parseHspellOutput(`מילה חוקית: הזמן
\tהזמין(פ,ז,2,יחיד,ציווי)
צירוף חוקי: ה+זמן
\tזמן(ע,ז,יחיד)
מילה חוקית: בוא
\tבוא(ע,ז,יחיד)
\tבא(פ,ז,2,יחיד,ציווי)
`);
    expect(lemmaCandidates("הזמן", h.known.get("הזמן"))).toEqual([{ lemma: "זמן", pos: "ע" }]);
    expect(lemmaCandidates("בוא", h.known.get("בוא")).map((c) => c.lemma)).toEqual(["בוא", "בא"]);
  });
  it("knows nothing of a word hspell does not know", () => {
    expect(lemmaCandidates("מייקל", hs.known.get("מייקל"))).toEqual([]);
  });
});

describe("rankLemmas", () => {
  const forms = parseFrequencyList(
    "עד 500\nשולחן 300\nשלח 250\nשולח 200\nהשולחן 100\nעדים 50\nחרא 400\nמייקל 900\nאוקיי 120\nג 1000\n",
  );
  const ranked = rankLemmas(forms, hs, {
    exclude: { חרא: "swearing" },
    keep: { אוקיי: { lemma: "אוקיי", reason: "loanword" } },
  });
  it("sums the forms of a lemma and ranks by the sum", () => {
    expect(ranked.map((l) => [l.lemma, l.count])).toEqual([
      ["עד", 550],
      ["שלח", 450],
      ["שולחן", 400],
      ["אוקיי", 120],
    ]);
  });
  it("leaves out excluded words, unknown words not kept, and single letters", () => {
    const lemmas = ranked.map((l) => l.lemma);
    expect(lemmas).not.toContain("חרא");
    expect(lemmas).not.toContain("מייקל");
    expect(lemmas).not.toContain("ג");
  });
});

describe("taught lemmas", () => {
  const word = (id: number, he: string, extra: Record<string, unknown> = {}) => ({ id, he, pos: "noun", ...extra });
  const c = {
    modules: [
      { id: 1, tier: 1, words: [word(1001, "שולחן"), word(1002, "שולח", { pos: "verb", verb: "לשלוח" })] },
      { id: 21, tier: 2, words: [word(21001, "שלח", { pos: "verb", verb: "לשלוח" }), word(21002, "עדים")] },
      { id: 93, tier: 1, words: [word(93001, "עד")] },
    ],
  } as unknown as Content;
  const units = taughtUnits(c, hs);
  it("counts a verb once, at the lowest tier of its forms; the beginner module is tier 1", () => {
    expect(units.map((u) => [u.key, u.tier, u.ids.length])).toEqual([
      ["word:שולחן", 1, 1],
      ["verb:לשלוח", 1, 2],
      ["word:עדים", 2, 1],
      ["word:עד", 1, 1],
    ]);
  });
  it("maps taught words to hspell's lemmas", () => {
    expect([...taughtLemmas(units, 1)].sort()).toEqual(["עד", "שולח", "שולחן", "שלח"].sort());
    expect(taughtLemmas(units, 2).has("עדים")).toBe(true);
  });
});

describe("sentenceCoverage", () => {
  it("counts the words of tier-N sentences taught at tier <= N, reading prefixes with hspell", () => {
    const w = (id: number, he: string, sentence: string) => ({ id, he, pos: "noun", example: { he: sentence } });
    const c = {
      modules: [
        { id: 1, tier: 1, words: [w(1001, "שולחן", "השולחן שולח עדים.")] },
        { id: 21, tier: 2, words: [w(21001, "שלח", "שלח עד.")] },
      ],
    } as unknown as Content;
    const [t1, t2] = sentenceCoverage(c, hs);
    // Tier 1: השולחן (ה + שולחן) is taught; שולח and עדים are not (שלח and עד are taught at tier 2 only).
    expect(t1).toMatchObject({ tier: 1, words: 3, taught: 1 });
    expect(t1?.untaught.map((u) => u.word).sort()).toEqual(["עדים", "שולח"].sort());
    // Tier 2: שלח is taught at tier 2; עד is not taught anywhere.
    expect(t2).toMatchObject({ tier: 2, words: 2, taught: 1, untaught: [{ word: "עד", count: 1 }] });
  });
});
