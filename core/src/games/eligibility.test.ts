import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  eligibleWords,
  isSentenceEligible,
  isTranslationEligible,
  isValidRoot,
  isVerbEligible,
  isWordSearchEligible,
  normalizeTense,
  rootKey,
  sentenceOf,
  validRoots,
  wordSearchLetters,
} from "./eligibility.ts";
import { makeWord, NOUNS, VERBS } from "./test-fixtures.ts";

describe("normalizeTense", () => {
  it.each([
    ["present", "present"],
    ["Present", "present"],
    ["  PRESENT tense ", "present"],
    ["הווה", "present"],
    ["הֹוֶה", "present"],
    ["past", "past"],
    ["Past Tense", "past"],
    ["עבר", "past"],
    ["זמן עבר", "past"],
    ["עָבָר", "past"],
    ["future", "future"],
    ["עתיד", "future"],
    ["infinitive", "infinitive"],
    ["INFINITIVE", "infinitive"],
    ["שם הפועל", "infinitive"],
    ["שם  הפועל", "infinitive"],
    ["שם-הפועל", "infinitive"],
    ["שם פועל", "infinitive"],
    ["מקור", "infinitive"],
  ])("%j is %s", (raw, tense) => {
    expect(normalizeTense(raw)).toBe(tense);
  });
  it.each([["imperative"], ["ציווי"], [""], ["pres"], ["past perfect"]])("%j is not a tense", (raw) => {
    expect(normalizeTense(raw)).toBeNull();
  });
  it("takes null and undefined", () => {
    expect(normalizeTense(null)).toBeNull();
    expect(normalizeTense(undefined)).toBeNull();
  });
});

const past = VERBS[1];
if (past === undefined) throw new Error("fixture");

describe("verb eligibility", () => {
  it("takes a verb with Hebrew, translation and a tense", () => {
    expect(isVerbEligible(past, "verb-conjugation")).toBe(true);
    expect(isVerbEligible(past, "tense-guesser")).toBe(true);
  });
  it("takes categories starting with verb or infinitive, any case", () => {
    for (const category of ["Verb", "verb_paal", "verbs", "infinitive", "Infinitive construct"]) {
      expect(isVerbEligible({ ...past, category }, "verb-conjugation")).toBe(true);
    }
    for (const category of ["noun", "adverb", "a verb", "", "phrasal verb"]) {
      expect(isVerbEligible({ ...past, category }, "verb-conjugation")).toBe(false);
    }
  });
  it("takes the Hebrew word for verb only in the tense guesser", () => {
    const hebrewCategory = { ...past, category: "פועל" };
    expect(isVerbEligible(hebrewCategory, "tense-guesser")).toBe(true);
    expect(isVerbEligible(hebrewCategory, "verb-conjugation")).toBe(false);
  });
  it("needs Hebrew, a translation and a recognised tense", () => {
    expect(isVerbEligible({ ...past, hebrew: "", word_he: " ", word: "" }, "tense-guesser")).toBe(false);
    expect(isVerbEligible({ ...past, hebrew: "", word_he: "כתב", word: "" }, "tense-guesser")).toBe(true);
    expect(isVerbEligible({ ...past, translation: "  " }, "tense-guesser")).toBe(false);
    expect(isVerbEligible({ ...past, tense: null }, "tense-guesser")).toBe(false);
    expect(isVerbEligible({ ...past, tense: "imperative" }, "tense-guesser")).toBe(false);
    expect(isVerbEligible({ ...past, tense: "עבר" }, "verb-conjugation")).toBe(true);
  });
});

describe("sentence eligibility", () => {
  const school = NOUNS[0];
  if (school === undefined) throw new Error("fixture");
  it("needs both sentences; the pointed one is what the tiles show", () => {
    expect(sentenceOf(school)).toEqual({
      hebrew: "הַיְּלָדִים הוֹלְכִים לְבֵית סֵפֶר חָדָשׁ.",
      translation: "The children go to a new school.",
    });
    expect(isSentenceEligible({ ...school, sentence_translation: " " })).toBe(false);
    expect(isSentenceEligible({ ...school, sentence_he: null, sentence_he_nikkud: null })).toBe(false);
    expect(sentenceOf({ ...school, sentence_he_nikkud: "" })?.hebrew).toBe("הילדים הולכים לבית ספר חדש.");
  });
  it("falls back to the example object", () => {
    const word = makeWord({
      id: 1,
      hebrew: "שלום",
      translation: "hello",
      example: { he: "שלום לכולם!", he_nikkud: "", translation: "Hello everyone!" },
    });
    expect(sentenceOf(word)).toEqual({ hebrew: "שלום לכולם!", translation: "Hello everyone!" });
  });
  it("drops the notebook, which has no sentence", () => {
    expect(eligibleWords("sentence-scramble", NOUNS).map((w) => w.id)).toEqual([10001, 10002, 10003, 10004]);
  });
});

describe("word search eligibility", () => {
  const w = (hebrew: string) => makeWord({ id: 1, hebrew, translation: "x" });
  it("counts letters without vowel marks, spaces and ? . !", () => {
    expect(wordSearchLetters(w("שלום"))).toEqual(["ש", "ל", "ו", "ם"]);
    expect(wordSearchLetters(w("בית ספר"))).toEqual(["ב", "י", "ת", "ס", "פ", "ר"]);
    expect(wordSearchLetters(w("מה?"))).toEqual(["מ", "ה"]);
    expect(wordSearchLetters(w("שָׁלוֹם!"))).toEqual(["ש", "ל", "ו", "ם"]);
    expect(wordSearchLetters(w("מה שלומך?"))).toBeNull();
  });
  it("refuses more than 6 letters, and signs that cannot be a cell", () => {
    expect(wordSearchLetters(w("תלמידה"))).toHaveLength(6);
    expect(wordSearchLetters(w("תלמידים"))).toBeNull();
    expect(wordSearchLetters(w("אוניברסיטה"))).toBeNull();
    expect(wordSearchLetters(w("חד-פעמי"))).toBeNull();
    expect(wordSearchLetters(w('מנכ"ל'))).toBeNull();
    expect(wordSearchLetters(w(" "))).toBeNull();
  });
  it("keeps the school module's short words", () => {
    expect(eligibleWords("word-search", NOUNS).map((w) => w.hebrew)).toEqual([
      "בית ספר",
      "כיתה",
      "מורה",
      "ספר",
      "מחברת",
      "ספרייה",
    ]);
  });
});

describe("root keys", () => {
  it("compare letters (finals as their base) and keep a sin dot: ח-פ-שׂ searching is not ח-פ-ש freedom", () => {
    expect(rootKey("ש-ל-ם")).toBe(rootKey("שלמ"));
    expect(rootKey("ח-פ-ש")).toBe("ח-פ-ש");
    expect(rootKey("ח-פ-שׂ")).toBe("ח-פ-ש\u05C2");
    expect(rootKey("ח-פ-שׂ")).not.toBe(rootKey("ח-פ-ש"));
    expect(rootKey("חָפַשׂ")).toBe(rootKey("ח-פ-שׂ"));
  });
});

describe("roots", () => {
  it("accepts 2 to 5 Hebrew letters with or without separators", () => {
    for (const root of ["כ-ת-ב", "כתב", "ב-ר-ך", "ת.ר.ג.מ", "ת ר ג ם", "ג-ג"]) expect(isValidRoot(root)).toBe(true);
  });
  it("refuses N/A, empty and malformed roots", () => {
    for (const root of [
      "N/A",
      "n/a",
      "NA",
      "-",
      "",
      "  ",
      "כ",
      "abc",
      "כ-ת-ב-ר-ש-ם",
      "כ--ת",
      "-כתב",
      "כ-ת-ב (writing)",
    ]) {
      expect(isValidRoot(root)).toBe(false);
    }
  });
  it("validRoots drops invalid roots and roots without a meaning, and folds spellings of one root", () => {
    const word = makeWord({
      id: 1,
      hebrew: "ברכה",
      translation: "blessing",
      roots: [
        { root: "N/A", root_translation: "none" },
        { root: "ב-ר-ך", root_translation: "blessing; knee" },
        { root: "ברכ", root_translation: "blessing" },
        { root: "ש-מ-ח", root_translation: " " },
      ],
    });
    expect(validRoots(word)).toEqual([{ root: "ב-ר-ך", definition: "blessing; knee" }]);
  });
  it("the root games skip the university, whose root is N/A", () => {
    expect(eligibleWords("root-recall", NOUNS).map((w) => w.id)).toEqual([10001, 10002, 10003, 10004, 10005, 10007]);
  });
});

describe("eligibleWords", () => {
  it("keeps every word for flashcards", () => {
    const empty = makeWord({ id: 9, hebrew: "", translation: "" });
    expect(eligibleWords("flashcards", [...NOUNS, empty])).toHaveLength(NOUNS.length + 1);
  });
  it("keeps the verbs for the verb games", () => {
    expect(eligibleWords("verb-conjugation", [...NOUNS, ...VERBS])).toEqual(VERBS);
    expect(eligibleWords("tense-guesser", [...NOUNS, ...VERBS])).toEqual(VERBS);
  });
  it("translation match needs a translation", () => {
    const words = [...NOUNS, makeWord({ id: 9, hebrew: "שלום", translation: " " })];
    expect(eligibleWords("translation-match", words)).toEqual(NOUNS);
  });
});

// Properties: each field is drawn from values labelled as meeting the SPEC's rule or not, and a word is
// eligible exactly when all its labels say yes. The labels come from SPEC section 5, not from the code.
function labelled(good: string[], bad: string[]) {
  return fc.oneof(
    fc.constantFrom(...good).map((value) => ({ value, ok: true })),
    fc.constantFrom(...bad).map((value) => ({ value, ok: false })),
  );
}

describe("property: eligibility is exactly SPEC section 5", () => {
  const verbCategory = labelled(
    ["verb", "Verb", "verb_piel", " verbs", "infinitive", "INFINITIVE"],
    ["noun", "", "adverb", "פעולה"],
  );
  const hebrew = labelled(["כתב", " לִכְתֹּב "], ["", "   "]);
  const translation = labelled(["wrote", " to write"], ["", " "]);
  const tense = labelled(
    ["present", "PAST", "future ", "infinitive", "הווה", "עבר", "עתיד", "שם הפועל", "מקור"],
    ["", "imperative", "ציווי", "passive"],
  );

  it("verb games", () => {
    fc.assert(
      fc.property(verbCategory, hebrew, translation, tense, fc.boolean(), (c, h, t, s, guesser) => {
        const word = makeWord({ id: 1, hebrew: h.value, translation: t.value, category: c.value, tense: s.value });
        const game = guesser ? "tense-guesser" : "verb-conjugation";
        expect(isVerbEligible(word, game)).toBe(c.ok && h.ok && t.ok && s.ok);
      }),
    );
  });

  it("the tense guesser also takes פועל", () => {
    fc.assert(
      fc.property(hebrew, translation, tense, (h, t, s) => {
        const word = makeWord({ id: 1, hebrew: h.value, translation: t.value, category: "פועל", tense: s.value });
        expect(isVerbEligible(word, "tense-guesser")).toBe(h.ok && t.ok && s.ok);
        expect(isVerbEligible(word, "verb-conjugation")).toBe(false);
      }),
    );
  });

  it("sentence scramble and translation match", () => {
    const sentence = labelled(["אני קורא ספר.", " שלום "], ["", "  "]);
    fc.assert(
      fc.property(sentence, translation, translation, (he, tr, wordTr) => {
        const word = makeWord({
          id: 1,
          hebrew: "ספר",
          translation: wordTr.value,
          sentence_he: he.value,
          sentence_translation: tr.value,
        });
        expect(isSentenceEligible(word)).toBe(he.ok && tr.ok);
        expect(isTranslationEligible(word)).toBe(wordTr.ok);
      }),
    );
  });

  it("word search: at most 6 letters once vowel marks, spaces and ? . ! are gone", () => {
    const letter = fc.constantFrom(..."אבגדהוזחטיכלמנסעפצקרשתךםןףץ");
    const noise = fc.constantFrom("", " ", "?", ".", "!", "\u05B8", "\u05BC", "\u05B4");
    fc.assert(
      fc.property(fc.array(fc.tuple(letter, noise), { minLength: 0, maxLength: 10 }), (parts) => {
        const hebrew = parts.map(([l, n]) => l + n).join("");
        const word = makeWord({ id: 1, hebrew, translation: "x" });
        expect(isWordSearchEligible(word)).toBe(parts.length >= 1 && parts.length <= 6);
        if (parts.length >= 1 && parts.length <= 6) expect(wordSearchLetters(word)).toEqual(parts.map(([l]) => l));
      }),
    );
  });

  it("root games skip N/A and malformed roots", () => {
    const root = labelled(["כ-ת-ב", "ס-פ-ר", "ת-ר-ג-מ", "שמר"], ["N/A", "n/a", "", "-", "x-y-z", "כ"]);
    const meaning = labelled(["writing", "book"], ["", " "]);
    fc.assert(
      fc.property(fc.array(fc.tuple(root, meaning), { maxLength: 3 }), (entries) => {
        const word = makeWord({
          id: 1,
          hebrew: "מכתב",
          translation: "letter",
          roots: entries.map(([r, m]) => ({ root: r.value, root_translation: m.value })),
        });
        const expected = entries.some(([r, m]) => r.ok && m.ok);
        expect(eligibleWords("root-recall", [word])).toHaveLength(expected ? 1 : 0);
      }),
    );
  });
});
