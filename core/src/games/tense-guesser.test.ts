import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import { clearWrongPick, next, pick, quizPhase } from "./choice.ts";
import { buildTenseGuesser, tenseGuesserNeedsRefresh, tenseGuesserResults } from "./tense-guesser.ts";
import { makeWord, NOUNS, VERBS } from "./test-fixtures.ts";

describe("tense guesser", () => {
  it("seed 5 gives five forms of five verbs; the options are the four tenses in order", () => {
    const start = buildTenseGuesser([...NOUNS, ...VERBS], createRng(5));
    if (start.kind !== "ready") throw new Error("expected a round");
    expect(start.quiz.questions.map((q) => [q.hebrew, q.answer, q.translation])).toEqual([
      ["קָרָא", "past", "read (he)"],
      ["לִכְתֹּב", "infinitive", "to write"],
      ["לוֹמֵד", "present", "learns (he) / is learning"],
      ["אָכַל", "past", "ate (he)"],
      ["יְדַבֵּר", "future", "will speak (he)"],
    ]);
    for (const q of start.quiz.questions) expect(q.options).toEqual(["present", "past", "future", "infinitive"]);
  });

  it("normalises Hebrew tense labels and takes the Hebrew category", () => {
    const word = makeWord({
      id: 1,
      hebrew: "הלך",
      word_with_nikkud: "הָלַךְ",
      translation: "went (he)",
      category: "פועל",
      tense: "עָבָר",
    });
    const start = buildTenseGuesser([word], createRng(1));
    if (start.kind !== "ready") throw new Error("expected a round");
    expect(start.quiz.questions.map((q) => [q.hebrew, q.answer])).toEqual([["הָלַךְ", "past"]]);
  });

  it("says notEnoughVerbs only when none qualify, and asks for a larger pool below 5", () => {
    expect(buildTenseGuesser(NOUNS, createRng(1))).toEqual({ kind: "notEnoughVerbs" });
    expect(tenseGuesserNeedsRefresh(NOUNS)).toBe(true);
    expect(tenseGuesserNeedsRefresh(VERBS.slice(0, 4))).toBe(true);
    expect(tenseGuesserNeedsRefresh(VERBS.slice(0, 5))).toBe(false);
    const start = buildTenseGuesser(VERBS.slice(0, 2), createRng(1));
    expect(start.kind === "ready" && start.quiz.questions.length).toBe(2);
  });

  it("a right answer settles the question (the screen reveals the translation); a wrong one is retried", () => {
    const start = buildTenseGuesser(VERBS, createRng(5));
    if (start.kind !== "ready") throw new Error("expected a round");
    let quiz = pick(start.quiz, "present");
    expect(quizPhase(quiz)).toBe("wrong");
    quiz = pick(clearWrongPick(quiz), "past");
    expect(quizPhase(quiz)).toBe("answered");
    quiz = next(quiz);
    for (const tense of ["infinitive", "present", "past", "future"]) quiz = next(pick(quiz, tense));
    expect(tenseGuesserResults(quiz, "t")).toMatchObject({
      gameType: "tenseGuesser",
      correct: 4,
      total: 5,
      sessionId: "t",
      skippedLast: false,
    });
  });

  it("property: one question per verb while verbs last, the right tense among the options; same seed, same round", () => {
    fc.assert(
      fc.property(fc.subarray([...VERBS, ...NOUNS], { minLength: 1 }), fc.integer(), (words, seed) => {
        const start = buildTenseGuesser(words, createRng(seed));
        expect(start).toEqual(buildTenseGuesser(words, createRng(seed)));
        const verbs = words.filter((w) => w.category === "verb");
        if (verbs.length === 0) {
          expect(start).toEqual({ kind: "notEnoughVerbs" });
          return;
        }
        if (start.kind !== "ready") throw new Error("expected a round");
        expect(start.quiz.questions).toHaveLength(Math.min(5, verbs.length));
        const groups = new Set(verbs.map((v) => v.verb)).size;
        expect(new Set(start.quiz.questions.map((q) => q.word.verb)).size).toBe(Math.min(5, groups));
        for (const q of start.quiz.questions) {
          expect(q.options.filter((o) => o === q.answer)).toHaveLength(1);
          expect(q.answer).toBe(q.word.tense);
        }
      }),
    );
  });
});
