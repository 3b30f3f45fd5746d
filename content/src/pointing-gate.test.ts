import { describe, expect, it } from "vitest";
import { conjugate, type Table, type VerbSpec } from "./conjugate.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";
import {
  compareReference,
  loadReference,
  pointingGate,
  pointingKey,
  pointingRules,
  VOWEL_ENDING,
} from "./pointing-gate.ts";

// The table of להגן as the generator wrote it before issue 27.4 (the geminate class written for פ-ר-ר): 10 wrong
// forms, every one of which hspell accepted.
const OLD_LEHAGEN: Table = {
  "pres.ms": { he: "מגן", nikkud: "מֵגֵן", translit: "me-GEN" },
  "pres.fs": { he: "מגנה", nikkud: "מְגֵנָה", translit: "me-ge-NA" },
  "pres.mp": { he: "מגנים", nikkud: "מְגֵנִים", translit: "me-ge-NIM" },
  "pres.fp": { he: "מגנות", nikkud: "מְגֵנוֹת", translit: "me-ge-NOT" },
  "past.1s": { he: "הגנתי", nikkud: "הֵגַנְתִּי", translit: "he-GAN-ti" },
  "past.2ms": { he: "הגנת", nikkud: "הֵגַנְתָּ", translit: "he-GAN-ta" },
  "past.2fs": { he: "הגנת", nikkud: "הֵגַנְתְּ", translit: "he-GANT" },
  "past.3ms": { he: "הגן", nikkud: "הֵגֵן", translit: "he-GEN" },
  "past.3fs": { he: "הגנה", nikkud: "הֵגֵנָה", translit: "he-GE-na" },
  "past.1p": { he: "הגנו", nikkud: "הֵגַנּוּ", translit: "he-GA-nu" },
  "past.2mp": { he: "הגנתם", nikkud: "הֵגַנְתֶּם", translit: "he-gan-TEM" },
  "past.2fp": { he: "הגנתן", nikkud: "הֵגַנְתֶּן", translit: "he-gan-TEN" },
  "past.3p": { he: "הגנו", nikkud: "הֵגֵנוּ", translit: "he-GE-nu" },
  "fut.1s": { he: "אגן", nikkud: "אָגֵן", translit: "a-GEN" },
  "fut.2ms": { he: "תגן", nikkud: "תָּגֵן", translit: "ta-GEN" },
  "fut.2fs": { he: "תגני", nikkud: "תָּגֵנִי", translit: "ta-GE-ni" },
  "fut.3ms": { he: "יגן", nikkud: "יָגֵן", translit: "ya-GEN" },
  "fut.3fs": { he: "תגן", nikkud: "תָּגֵן", translit: "ta-GEN" },
  "fut.1p": { he: "נגן", nikkud: "נָגֵן", translit: "na-GEN" },
  "fut.2mp": { he: "תגנו", nikkud: "תָּגֵנוּ", translit: "ta-GE-nu" },
  "fut.2fp": { he: "תגנה", nikkud: "תָּגֵנָּה", translit: "ta-GE-na" },
  "fut.3mp": { he: "יגנו", nikkud: "יָגֵנוּ", translit: "ya-GE-nu" },
  "fut.3fp": { he: "תגנה", nikkud: "תָּגֵנָּה", translit: "ta-GE-na" },
  "imp.ms": { he: "הגן", nikkud: "הָגֵן", translit: "ha-GEN" },
  "imp.fs": { he: "הגני", nikkud: "הָגֵנִי", translit: "ha-GE-ni" },
  "imp.p": { he: "הגנו", nikkud: "הָגֵנוּ", translit: "ha-GE-nu" },
  inf: { he: "להגן", nikkud: "לְהָגֵן", translit: "le-ha-GEN" },
};
const GEN: VerbSpec = { verb: "להגן", root: "ג-נ-ן", binyan: "hifil", class: "geminate" };
// The 10 wrong cells are those with a vowel ending, where the doubled נ was missing.
const WRONG = [...VOWEL_ENDING] as string[];

describe("the pointing gate (decision 0093)", () => {
  const ref = loadReference(CONTENT_DIR);
  if (!ref) throw new Error("the reference table is missing");

  it("compares every vowel and dagesh, not the vowel letters", () => {
    expect(pointingKey("כּוֹתֵב")).toBe(pointingKey("כֹּתֵב")); // holam with or without its vav
    expect(pointingKey("הִזְמִין")).toBe(pointingKey("הִזְמִן")); // hirik with or without its yod
    expect(pointingKey("מְגִנָּה")).not.toBe(pointingKey("מְגִנָה")); // the doubling dot counts
    expect(pointingKey("כּוֹתֶבֶת")).not.toBe(pointingKey("כּוֹתֵבֶת")); // segol is not tsere
  });

  it("catches the old להגן table, cell by cell and by its rules", () => {
    const spec = { ...GEN };
    const tables = new Map([["להגן", OLD_LEHAGEN]]);
    const onlyLehagen = { ...ref, verbs: { להגן: ref.verbs.להגן ?? {} } };
    const cells = compareReference(onlyLehagen, tables, [spec])
      .map((i) => i.message.split(":")[0]?.split(" ")[1])
      .filter(Boolean);
    expect(cells.sort()).toEqual([...WRONG].sort());
    const ruled = pointingRules(spec, OLD_LEHAGEN).map((m) => m.split(" ")[1]);
    expect(ruled.sort()).toEqual([...WRONG].sort());
  });

  it("passes the table the generator gives now, and פ-ר-ר keeps its undoubled ר", () => {
    expect(pointingRules(GEN, conjugate(GEN))).toEqual([]);
    const hefer: VerbSpec = { verb: "להפר", root: "פ-ר-ר", binyan: "hifil", class: "geminate" };
    const t = conjugate(hefer);
    expect([t["pres.fs"]?.nikkud, t["past.3fs"]?.nikkud, t["fut.2fs"]?.nikkud]).toEqual(["מְפֵרָה", "הֵפֵרָה", "תָּפֵרִי"]);
    expect(pointingRules(hefer, t)).toEqual([]);
  });

  it("finds a missing dagesh at the start, after a prefix's closed syllable and in a doubled letter", () => {
    const write: VerbSpec = { verb: "לכתוב", root: "כ-ת-ב", binyan: "paal", class: "regular" };
    const speak: VerbSpec = { verb: "לדבר", root: "ד-ב-ר", binyan: "piel", class: "regular" };
    const meet: VerbSpec = { verb: "להיפגש", root: "פ-ג-ש", binyan: "nifal", class: "regular" };
    const f = (nikkud: string) => ({ he: "x", nikkud, translit: "x" });
    expect(pointingRules(write, { "pres.ms": f("כוֹתֵב"), "fut.3ms": f("יִכְתֹב") })).toEqual([
      "לכתוב pres.ms כוֹתֵב: כ starts the word: it takes dagesh",
      "לכתוב fut.3ms יִכְתֹב: ת follows the prefix's closed syllable: it takes dagesh",
    ]);
    expect(pointingRules(speak, { "past.3ms": f("דִּבֵר") })).toEqual([
      "לדבר past.3ms דִּבֵר: ב is the doubled middle letter: it takes dagesh forte",
    ]);
    expect(pointingRules(meet, { "fut.3ms": f("יִפָגֵשׁ"), "past.3ms": f("נִפְגַּשׁ") })).toEqual([
      "להיפגש fut.3ms יִפָגֵשׁ: פ follows the nif'al future's prefix: it takes dagesh forte",
    ]);
    expect(pointingRules(speak, { "past.3ms": f("דִּבֵּר"), "past.1s": f("דִּבַּרְּתִּי") })).toEqual([
      "לדבר past.1s דִּבַּרְּתִּי: ר is a guttural or ר: it cannot take dagesh",
    ]);
  });

  it("holds for the content: the reference covers every binyan and class and agrees with every table", () => {
    const c = loadContent(CONTENT_DIR);
    const specs = c.verbs.specs as VerbSpec[];
    expect(pointingGate(CONTENT_DIR, c.verbs.tables, specs, c.verbs.files)).toEqual([]);
    const kinds = new Set(
      Object.keys(ref.verbs).flatMap((v) => {
        const s = specs.find((x) => x.verb === v);
        return s ? [s.binyan, s.class] : [];
      }),
    );
    for (const s of specs) expect(kinds.has(s.binyan) && kinds.has(s.class), `${s.binyan} ${s.class}`).toBe(true);
    // Without a reference verb for a class, the gate says so.
    const less = { ...ref, verbs: Object.fromEntries(Object.entries(ref.verbs).filter(([v]) => v !== "להגן")) };
    expect(compareReference(less, c.verbs.tables, specs).map((i) => i.message)).toContain(
      "no reference verb for geminate: add one (decision 0093)",
    );
  }, 60_000);
});
