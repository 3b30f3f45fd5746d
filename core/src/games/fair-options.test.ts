import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { isCorrectAnswer } from "./choice.ts";
import { alsoRightIn, fairDistractors, partOfSpeech, senses } from "./fair-options.ts";
import { makeWord, NOUNS, TABLE_VERBS, VERBS } from "./test-fixtures.ts";
import { buildTranslationMatch } from "./translation-match.ts";

const ADJECTIVES: Word[] = [
  makeWord({ id: 20001, hebrew: "גדול", translation: "big, large", category: "adjective" }),
  makeWord({ id: 20002, hebrew: "קטן", translation: "small", category: "adjective" }),
  makeWord({ id: 20003, hebrew: "חדש", translation: "new", category: "adjective" }),
  makeWord({ id: 20004, hebrew: "ישן", translation: "old (thing)", category: "adjective" }),
  makeWord({ id: 20005, hebrew: "ענק", translation: "huge, large", category: "adjective" }),
];
// ספר: a book and a barber (the same letters read two ways); כיתה twice with two translations.
const HOMOGRAPHS: Word[] = [
  makeWord({ id: 20010, hebrew: "ספר", word_with_nikkud: "סַפָּר", translation: "barber" }),
  makeWord({ id: 20011, hebrew: "כיתה", translation: "grade (at school)" }),
];
const POOL = [...NOUNS, ...VERBS, ...TABLE_VERBS, ...ADJECTIVES, ...HOMOGRAPHS];

describe("senses", () => {
  it("splits at commas, semicolons and slashes, without brackets", () => {
    expect(senses("class, classroom")).toEqual(["class", "classroom"]);
    expect(senses("writes (he) / is writing")).toEqual(["writes", "is writing"]);
    expect(senses("huge, Large")).toEqual(["huge", "large"]);
  });
});

describe("fair wrong options", () => {
  it("leaves out a translation right through a homograph, whichever word carries it", () => {
    // גדול means big; a pool word ענק 'huge, large' shares 'large'; another word translated 'huge' alone does not.
    const barber = makeWord({ id: 20020, hebrew: "מספרה", translation: "barber" });
    const book = NOUNS.find((w) => w.hebrew === "ספר") as Word;
    // 'barber' is right for ספר (סַפָּר), so it is not offered even from מספרה.
    const right = alsoRightIn(book, [...POOL, barber]);
    expect(right(barber)).toBe(true);
  });

  it("never offers a word that is also right: a shared sense or the same Hebrew letters", () => {
    const big = ADJECTIVES[0] as Word;
    const book = NOUNS.find((w) => w.hebrew === "ספר") as Word;
    expect(alsoRightIn(big, [])(ADJECTIVES[4] as Word)).toBe(true);
    expect(alsoRightIn(book, [])(HOMOGRAPHS[0] as Word)).toBe(true);
    expect(alsoRightIn(big, [])(book)).toBe(false);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const picks = fairDistractors(big, POOL, createRng(seed)).map((w) => w.id);
      expect(picks).not.toContain(20005);
      expect(fairDistractors(book, POOL, createRng(seed)).map((w) => w.id)).not.toContain(20010);
    }
  });

  it("picks by the true part of speech: a pronoun gets pronouns, not the phrases the category says (issue 27.2)", () => {
    // The SPEC's category answers all of these as "phrase"; partOfSpeech tells them apart.
    const word = (id: number, hebrew: string, translation: string, partOfSpeech: string) =>
      makeWord({ id, hebrew, translation, category: "phrase", partOfSpeech });
    const pronouns = [
      word(30001, "אני", "I", "pronoun"),
      word(30002, "אתה", "you (to a man)", "pronoun"),
      word(30003, "הוא", "he", "pronoun"),
      word(30004, "היא", "she", "pronoun"),
    ];
    const phrases = [
      word(30010, "בוקר טוב", "good morning", "phrase"),
      word(30011, "לילה טוב", "good night", "phrase"),
      word(30012, "מה נשמע", "how are you?", "phrase"),
      word(30013, "על", "on; about", "preposition"),
    ];
    const pool = [...pronouns, ...phrases];
    expect(partOfSpeech(pronouns[0] as Word)).toBe("pronoun");
    expect(partOfSpeech(makeWord({ id: 30020, hebrew: "x", translation: "x", category: "adverb: place" }))).toBe(
      "adverb",
    );
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const first = fairDistractors(pronouns[0] as Word, pool, createRng(seed)).slice(0, 3);
      expect(first.map((w) => w.partOfSpeech)).toEqual(["pronoun", "pronoun", "pronoun"]);
    }
  });

  it("same part of speech and form first: an infinitive's options are infinitives, a future's are futures", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const toWrite = TABLE_VERBS.find((w) => w.verb === "לכתוב") as Word;
      const first = fairDistractors(toWrite, POOL, createRng(seed)).slice(0, 3);
      expect(first.every((w) => partOfSpeech(w) === "verb" && w.tense === "infinitive")).toBe(true);
      const willWrite = VERBS.find((w) => w.hebrew === "יכתוב") as Word;
      const next = fairDistractors(willWrite, POOL, createRng(seed)).slice(0, 1);
      expect(next.map((w) => w.tense)).toEqual(["future"]);
      const small = ADJECTIVES[1] as Word;
      expect(
        fairDistractors(small, POOL, createRng(seed))
          .slice(0, 3)
          .every((w) => w.category === "adjective"),
      ).toBe(true);
    }
  });

  it("property: a translation match round has one right option per question, the rest of its part of speech when the pool allows", () => {
    fc.assert(
      fc.property(fc.subarray(POOL, { minLength: 6 }), fc.integer(), (words, seed) => {
        const start = buildTranslationMatch(words, createRng(seed));
        if (start.kind !== "ready") return;
        for (const q of start.quiz.questions) {
          // Right: the answer, or the translation of any word also right for the asked Hebrew.
          const alsoRightHere = alsoRightIn(q.word, words);
          const right = q.options.filter(
            (o) =>
              isCorrectAnswer(o, q.answer) ||
              words.some((w) => w.id !== q.word.id && isCorrectAnswer(o, w.translation) && alsoRightHere(w)),
          );
          expect(right).toHaveLength(1);
          const samePos = words.filter(
            (w) => w.id !== q.word.id && partOfSpeech(w) === partOfSpeech(q.word) && !alsoRightHere(w),
          );
          const wrong = q.options.filter((o) => !isCorrectAnswer(o, q.answer));
          const wrongWords = wrong.map((o) => words.find((w) => w.translation.trim() === o && w.id !== q.word.id));
          const ofPos = wrongWords.filter((w) => w && partOfSpeech(w) === partOfSpeech(q.word)).length;
          const distinctSamePos = new Set(samePos.map((w) => w.translation.trim().toLowerCase())).size;
          expect(ofPos).toBeGreaterThanOrEqual(Math.min(3, distinctSamePos));
        }
      }),
    );
  });
});
