import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import { clearWrongPick, isCorrectAnswer, next, optionKey, pick, quizPhase } from "./choice.ts";
import { makeWord, NOUNS, VERBS } from "./test-fixtures.ts";
import { buildVerbConjugation, editDistance, rankDistractors, verbConjugationResults } from "./verb-conjugation.ts";

const byHebrew = (hebrew: string) => {
  const w = VERBS.find((v) => v.hebrew === hebrew);
  if (w === undefined) throw new Error(hebrew);
  return w;
};

describe("editDistance", () => {
  it.each([
    ["כתב", "כותב", 1],
    ["כותב", "יכתוב", 3],
    ["", "אבג", 3],
    ["kitten", "sitting", 3],
    ["ספר", "ספר", 0],
  ])("%s -> %s is %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe("rankDistractors", () => {
  it("puts the same verb's other tenses first, then the same root, then the closest spelling", () => {
    const dictated = makeWord({
      id: 10030,
      hebrew: "נכתב",
      word_with_nikkud: "נִכְתַּב",
      translation: "was written",
      category: "verb",
      tense: "past",
      verb: "להיכתב",
      roots: [{ root: "כ-ת-ב", root_translation: "writing" }],
    });
    const ranked = rankDistractors(byHebrew("כותב"), [...VERBS, dictated]).map((w) => w.hebrew);
    // כתב (distance 1), יכתוב and לכתוב (3, in pool order): the same verb; נכתב: the same root; then the rest
    // by distance from כותב.
    expect(ranked.slice(0, 4)).toEqual(["כתב", "יכתוב", "לכתוב", "נכתב"]);
    expect(ranked.slice(4)).toEqual(["קורא", "לומד", "קרא", "אכל", "ידבר", "לקרוא"]);
    expect(ranked).not.toContain("כותב");
  });
});

describe("verb conjugation", () => {
  it("needs 5 valid verbs", () => {
    expect(buildVerbConjugation([...NOUNS, ...VERBS.slice(0, 4)], createRng(1))).toEqual({
      kind: "notEnoughVerbs",
      found: 4,
    });
    const noTense = VERBS.map((v) => ({ ...v, tense: null }));
    expect(buildVerbConjugation(noTense, createRng(1))).toEqual({ kind: "notEnoughVerbs", found: 0 });
  });

  it("seed 5 gives 5 questions from 5 different verbs, showing root, tense and translation", () => {
    const start = buildVerbConjugation([...NOUNS, ...VERBS], createRng(5));
    if (start.kind !== "ready") throw new Error("expected a round");
    expect(
      start.quiz.questions.map((q) => [q.answer, q.root, q.rootDefinition, q.tense, q.translation, q.options]),
    ).toEqual([
      ["קָרָא", "ק-ר-א", "reading, calling", "past", "read (he)", ["קוֹרֵא", "קָרָא", "לִקְרֹא", "אָכַל"]],
      ["לִכְתֹּב", "כ-ת-ב", "writing", "infinitive", "to write", ["יִכְתֹּב", "כָּתַב", "לִכְתֹּב", "כּוֹתֵב"]],
      ["לוֹמֵד", "ל-מ-ד", "learning", "present", "learns (he) / is learning", ["אָכַל", "כּוֹתֵב", "לוֹמֵד", "קוֹרֵא"]],
      ["אָכַל", "א-כ-ל", "eating, food", "past", "ate (he)", ["קָרָא", "כָּתַב", "יְדַבֵּר", "אָכַל"]],
      ["יְדַבֵּר", "ד-ב-ר", "speaking, thing", "future", "will speak (he)", ["לוֹמֵד", "יְדַבֵּר", "כָּתַב", "קָרָא"]],
    ]);
  });

  it("a form of a 4-tense verb always has the verb's 3 other forms as its wrong options", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const start = buildVerbConjugation(VERBS, createRng(seed));
      if (start.kind !== "ready") throw new Error("expected a round");
      for (const q of start.quiz.questions.filter((q) => q.word.verb === "לכתוב")) {
        expect([...q.options].sort()).toEqual(["כָּתַב", "כּוֹתֵב", "יִכְתֹּב", "לִכְתֹּב"].sort());
      }
    }
  });

  it("wrong picks reset and can be retried; the results count first-pick answers", () => {
    const start = buildVerbConjugation(VERBS, createRng(5));
    if (start.kind !== "ready") throw new Error("expected a round");
    let quiz = start.quiz;
    quiz = pick(quiz, "קוֹרֵא");
    expect(quizPhase(quiz)).toBe("wrong");
    quiz = next(pick(clearWrongPick(quiz), "קָרָא"));
    for (const answer of ["לִכְתֹּב", "לוֹמֵד", "אָכַל", "יְדַבֵּר"]) quiz = next(pick(quiz, answer));
    expect(quizPhase(quiz)).toBe("finished");
    const results = verbConjugationResults(quiz, "v");
    expect(results).toMatchObject({ gameType: "verbConjugation", correct: 4, total: 5, skippedLast: false });
    expect(results.learnedWords.map((w) => w.hebrew)).toEqual(["קרא", "לכתוב", "לומד", "אכל", "ידבר"]);
  });

  it("property: the answer once among 4 unique options; the same seed gives the same round", () => {
    fc.assert(
      fc.property(fc.subarray([...VERBS], { minLength: 5 }), fc.integer(), (verbs, seed) => {
        const start = buildVerbConjugation(verbs, createRng(seed));
        expect(start).toEqual(buildVerbConjugation(verbs, createRng(seed)));
        if (start.kind !== "ready") throw new Error("expected a round");
        expect(start.quiz.questions).toHaveLength(5);
        for (const q of start.quiz.questions) {
          expect(q.options).toHaveLength(4);
          expect(q.options.filter((o) => isCorrectAnswer(o, q.answer))).toHaveLength(1);
          expect(new Set(q.options.map(optionKey)).size).toBe(4);
        }
      }),
    );
  });
});
