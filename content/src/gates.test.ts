import { describe, expect, it } from "vitest";
import {
  articleGate,
  gapCounts,
  gapGate,
  homographGate,
  maProblem,
  ordersGate,
  pairWords,
  pointingGates,
  sharedLetters,
  translitGate,
} from "./gates.ts";
import { allowlistFile, type Content, type ContentWord } from "./load.ts";

const tr = { en: "x", fr: "x", es: "x", ru: "х", uk: "х", ar: "س" };
function word(
  id: number,
  he: string,
  nikkud: string,
  translit: string,
  ex: [string, string],
  pos = "noun",
): ContentWord {
  return { id, he, nikkud, translit, pos, roots: [], tr, example: { he: ex[0], nikkud: ex[1], tr } } as ContentWord;
}
function content(ws: ContentWord[], allow: Record<string, unknown> = {}): Content {
  const byModule = new Map<number, ContentWord[]>();
  for (const w of ws) byModule.set(Math.floor(w.id / 1000), [...(byModule.get(Math.floor(w.id / 1000)) ?? []), w]);
  return {
    modules: [...byModule].map(([id, words]) => ({ id, slug: "m", tier: 1, fields: [], name: tr, words })),
    moduleFiles: Object.fromEntries([...byModule.keys()].map((id) => [id, `modules/${id}-m.json`])),
    letterVowels: [],
    allowlist: allowlistFile.parse(allow),
  } as unknown as Content;
}

const good = word(93001, "סבא", "סַבָּא", "SA-ba", ["סבא בבית.", "סַבָּא בַּבַּיִת."]);

describe("translit gate", () => {
  it("fails a transliteration the pointing does not allow (41017 as it was) unless allowlisted", () => {
    const bad = word(41017, "שפיר", "שָׁפִיר", "sha-PIR", ["יש שפיר.", "יֵשׁ שָׁפִיר."]);
    const issues = translitGate(content([good, bad]));
    expect(issues.map((i) => i.id)).toEqual([41017]);
    expect(issues[0]?.message).toContain("shafir");
    expect(translitGate(content([good, bad], { translit: { "41017": "a reason" } }))).toEqual([]);
  });
});

describe("sentence pairing", () => {
  it("fails an example whose plain and pointed words do not pair", () => {
    const bad = word(2001, "אבא", "אַבָּא", "A-ba", ["אבא בבית.", "אַבָּא בַּבַּיִת הַיּוֹם."]);
    const wrong = word(2002, "אמא", "אִמָּא", "I-ma", ["אמא בבית.", "אִמָּא בַּגַּן."]);
    const { issues } = pairWords(content([good, bad, wrong]));
    expect(issues.map((i) => i.id)).toEqual([2001, 2002]);
    expect(issues[1]?.message).toContain("'בבית' and pointed 'בַּגַּן'");
  });
});

describe("homograph gate", () => {
  it("fails a plain word pointed two ways (סָבָא in a sentence, סַבָּא in the entry)", () => {
    const bad = word(2009, "נכדה", "נֶכְדָּה", "nech-DA", ["סבא והנכדה.", "סָבָא וְהַנֶּכְדָּה."]);
    const c = content([good, bad]);
    const issues = homographGate(c, pairWords(c).occurrences);
    expect(issues.map((i) => i.id)).toEqual([2009]);
    expect(issues[0]?.message).toContain("סָבָא");
  });
  it("passes a listed true homograph, the same reading spelled with a mater, and ב with or without the article", () => {
    const a = word(3001, "ספר", "סֵפֶר", "SE-fer", ["ספר טוב.", "סֵפֶר טוֹב."]);
    const b = word(3002, "ספר", "סַפָּר", "sa-PAR", ["ספר טוב.", "סַפָּר טוֹב."]);
    const m = word(3003, "שולחן", "שֻׁלְחָן", "shul-CHAN", ["בשבת ובשבת שולחן.", "בְּשַׁבָּת וּבַשַּׁבָּת שׁוּלְחָן."]);
    const c = content([a, b, m], { homographs: { ספר: "סֵפֶר book, סַפָּר barber" } });
    expect(homographGate(c, pairWords(c).occurrences)).toEqual([]);
  });
});

describe("article and מה gate", () => {
  it("fails a word with the article pointed unlike its entry (24025: הָאֲתַר for הָאֲתָר)", () => {
    const site = word(24010, "אתר", "אֲתָר", "a-TAR", ["אתר חדש.", "אֲתָר חָדָשׁ."]);
    const bad = word(24025, "יפרסם", "יְפַרְסֵם", "ye-far-SEM", ["האתר יפרסם.", "הָאֲתַר יְפַרְסֵם."], "verb");
    const c = content([site, bad]);
    const issues = articleGate(c, pairWords(c).occurrences);
    expect(issues.map((i) => i.id)).toEqual([24025]);
    expect(issues[0]?.message).toContain("אֲתָר (#24010)");
  });
  it("knows the words whose own vowel changes after the article (אֶרֶץ, הָאָרֶץ)", () => {
    const land = word(104031, "ארץ", "אֶרֶץ", "E-retz", ["ארץ יפה.", "אֶרֶץ יָפָה."]);
    const ok = word(25012, "יפה", "יָפֶה", "ya-FE", ["הארץ יפה.", "הָאָרֶץ יָפָה."], "adjective");
    const c = content([land, ok]);
    expect(articleGate(c, pairWords(c).occurrences)).toEqual([]);
  });
  it("fails the article with the wrong vowel for its letter", () => {
    const room = word(4001, "חדר", "חֶדֶר", "CHE-der", ["חדר גדול.", "חֶדֶר גָּדוֹל."]);
    const city = word(4002, "עיר", "עִיר", "IR", ["עיר גדולה.", "עִיר גְּדוֹלָה."]);
    const bad = word(4003, "גדול", "גָּדוֹל", "ga-DOL", ["החדר והעיר.", "הָחֶדֶר וְהַעִיר."], "adjective");
    const c = content([room, city, bad]);
    const messages = articleGate(c, pairWords(c).occurrences).map((i) => i.message);
    expect(messages.some((m) => m.includes("before ח is הַ"))).toBe(true);
    expect(messages.some((m) => m.includes("before ע is הָ"))).toBe(true);
  });
  it("knows מה's vowel by the next word", () => {
    expect(maProblem("מַה", "שְּׁלוֹמְךָ")).toBeUndefined();
    expect(maProblem("מָה", "שְּׁלוֹמְךָ")).toBe("מַה before ש");
    expect(maProblem("מָה", "אַתָּה")).toBeUndefined();
    expect(maProblem("מַה", "אַתָּה")).toBe("מָה before א");
    expect(maProblem("מֶה", "עָשִׂיתָ")).toBeUndefined();
    expect(maProblem("מַה", "הַשָּׁעָה")).toBeUndefined();
    const bad = word(5001, "מה", "מָה", "MA", ["מה שלומך?", "מָה שְׁלוֹמְךָ?"], "phrase");
    const c = content([bad]);
    expect(articleGate(c, pairWords(c).occurrences).map((i) => i.id)).toEqual([5001]);
    expect(articleGate(content([bad], { pointing: { "5001": "a reason" } }), pairWords(c).occurrences)).toEqual([]);
  });
});

describe("orders gate", () => {
  const meet = (orders: string[]) => {
    const w = word(15001, "מחר", "מָחָר", "ma-CHAR", ["הוא יפגוש מחר את המורה.", "הוּא יִפְגֹּשׁ מָחָר אֶת הַמּוֹרֶה."]);
    return { ...w, example: { ...w.example, orders } } as ContentWord;
  };
  it("passes another order of the same words", () => {
    expect(ordersGate(content([meet(["מחר הוא יפגוש את המורה."])]))).toEqual([]);
  });
  it("fails an order with other words, the sentence's own order, or one listed twice", () => {
    expect(ordersGate(content([meet(["מחר הוא יפגוש את המנהל."])]))[0]?.message).toContain("same words");
    expect(ordersGate(content([meet(["הוא יפגוש מחר את המורה!"])]))[0]?.message).toContain("own order");
    expect(ordersGate(content([meet(["מחר הוא יפגוש את המורה.", "מחר הוא יפגוש את המורה."])])).length).toBe(1);
  });
});

describe("pointingGates", () => {
  it("passes clean content", () => {
    expect(pointingGates(content([good])).errors).toEqual([]);
  });
});

describe("cloze gap marks", () => {
  const marked = (
    id: number,
    he: string,
    nikkud: string,
    ex: [string, string],
    gap: { word: number; prefix: number },
  ) => {
    const w = word(id, he, nikkud, "x", ex);
    w.example.gap = gap;
    return w;
  };
  const stars: [string, string] = ["רואים הרבה כוכבים.", "רוֹאִים הַרְבֵּה כּוֹכָבִים."];

  it("passes a mark on the entry's other form and counts found, marked and none", () => {
    const c = content([
      marked(12008, "כוכב", "כּוֹכָב", stars, { word: 2, prefix: 0 }),
      marked(12009, "דגל", "דֶּגֶל", ["יש בדגלים כחול.", "יֵשׁ בַּדְּגָלִים כָּחֹל."], { word: 1, prefix: 1 }),
      good,
      word(12010, "בוקר טוב", "בֹּקֶר טוֹב", "x", ["בוקר טוב!", "בֹּקֶר טוֹב!"]),
    ]);
    expect(gapGate(c)).toEqual([]);
    expect(gapCounts(c)).toEqual([{ tier: 1, sentences: 4, found: 1, marked: 2, none: 1 }]);
  });

  it("fails a mark out of range, with other prefix letters, needless, or on a word unlike the entry", () => {
    const issues = gapGate(
      content([
        marked(12001, "כוכב", "כּוֹכָב", stars, { word: 3, prefix: 0 }),
        marked(12002, "כוכב", "כּוֹכָב", stars, { word: 2, prefix: 7 }),
        marked(12003, "רכבת", "רַכֶּבֶת", stars, { word: 1, prefix: 2 }),
        marked(12004, "סבא", "סַבָּא", ["סבא בבית.", "סַבָּא בַּבַּיִת."], { word: 0, prefix: 0 }),
        marked(12005, "סבא", "סַבָּא", ["סבא בבית.", "סַבָּא בַּבַּיִת."], { word: 1, prefix: 1 }),
        marked(12006, "כוכב", "כּוֹכָב", stars, { word: 0, prefix: 0 }),
        // A full-spelling vav where the pointed word has none: the prefix would cut the two words differently.
        marked(12007, "שב", "שָׁב", ["הם ושבים.", "הֵם שָׁבִים."], { word: 1, prefix: 1 }),
        marked(12008, "כוכב", "כּוֹכָב", ["יש הבכוכבים.", "יֵשׁ הַבְּכוֹכָבִים."], { word: 1, prefix: 2 }),
        marked(12009, "כוכב", "כּוֹכָב", ["יש כוכבים", "יֵשׁ כּוֹכָבִים בַּשָּׁמַיִם"], { word: 1, prefix: 0 }),
      ]),
    );
    const by = Object.fromEntries(issues.map((i) => [i.id, i.message]));
    expect(by[12001]).toContain("out of range");
    expect(by[12002]).toContain("out of range");
    expect(by[12003]).toContain("letters other than");
    expect(by[12004]).toContain("remove the mark");
    expect(by[12005]).toContain("finder finds word 0");
    expect(by[12006]).toContain("fewer than two letters");
    expect(by[12007]).toContain("splits");
    expect(by[12008]).toContain("not a chain");
    expect(by[12009]).toContain("different numbers of words");
    expect(issues).toHaveLength(9);
  });

  it("counts shared letters with repeats and final forms", () => {
    expect(sharedLetters("כוכבים", "כּוֹכָב")).toBe(4);
    expect(sharedLetters("רואים", "כוכב")).toBe(1);
    expect(sharedLetters("ימים", "יָם")).toBe(2);
  });
});
