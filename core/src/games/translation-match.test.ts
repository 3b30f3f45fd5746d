import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { isCorrectAnswer, next, optionKey, pick, type QuizState, quizPhase } from "./choice.ts";
import { makeWord, NOUNS, VERBS } from "./test-fixtures.ts";
import { buildTranslationMatch, type TranslationQuestion, translationMatchResults } from "./translation-match.ts";

function ready(words: readonly Word[], seed: number): QuizState<TranslationQuestion> {
  const start = buildTranslationMatch(words, createRng(seed));
  if (start.kind !== "ready") throw new Error(`expected a round, got ${start.kind}`);
  return start.quiz;
}

describe("translation match", () => {
  it("seed 7 on the school nouns gives this round", () => {
    const quiz = ready(NOUNS, 7);
    expect(quiz.questions.map((q) => [q.hebrew, q.answer, q.options])).toEqual([
      ["סֵפֶר", "book", ["library", "book", "university", "school"]],
      ["אוּנִיבֶרְסִיטָה", "university", ["book", "school", "university", "notebook"]],
      ["כִּתָּה", "class, classroom", ["class, classroom", "school", "notebook", "university"]],
      ["מוֹרֶה", "teacher", ["school", "teacher", "university", "class, classroom"]],
      ["מַחְבֶּרֶת", "notebook", ["library", "notebook", "book", "teacher"]],
    ]);
  });

  it("picks words with distinct translations only, and never one without a translation", () => {
    const words = [
      makeWord({ id: 1, hebrew: "בית", word_with_nikkud: "בַּיִת", translation: "house" }),
      makeWord({ id: 2, hebrew: "דירה", translation: " House" }),
      makeWord({ id: 3, hebrew: "חלון", translation: "window" }),
      makeWord({ id: 4, hebrew: "דלת", translation: "" }),
    ];
    for (const seed of [1, 2, 3, 4, 5]) {
      const quiz = ready(words, seed);
      expect(quiz.questions.map((q) => optionKey(q.answer)).sort()).toEqual(["house", "window"]);
      for (const q of quiz.questions) expect([...q.options].map(optionKey).sort()).toEqual(["house", "window"]);
    }
  });

  it("skips a word left with one option; the results say the last was skipped", () => {
    const words = [
      makeWord({ id: 1, hebrew: "שלום", translation: "hello" }),
      makeWord({ id: 2, hebrew: "היי", translation: "Hello" }),
    ];
    const quiz = ready(words, 3);
    expect(quiz.questions).toHaveLength(1);
    expect(quizPhase(quiz)).toBe("finished");
    expect(translationMatchResults(quiz, "s1")).toEqual({
      learnedWords: [],
      learnedRoots: [],
      gameType: "translationMatch",
      correct: 0,
      total: 0,
      sessionId: "s1",
      skippedLast: true,
    });
  });

  it("one answer per word, right or wrong; the results list the words played", () => {
    let quiz = ready(NOUNS, 7);
    quiz = next(pick(quiz, "book"));
    quiz = next(pick(quiz, "school"));
    quiz = next(pick(quiz, "class, classroom"));
    quiz = next(pick(quiz, "teacher"));
    expect(quizPhase(quiz)).toBe("choosing");
    quiz = pick(quiz, "library");
    expect(quiz.picked).toEqual({ option: "library", correct: false });
    quiz = next(quiz);
    expect(translationMatchResults(quiz, "abc")).toEqual({
      learnedWords: [
        {
          id: 10004,
          hebrew: "ספר",
          word_with_nikkud: "סֵפֶר",
          translation: "book",
          audio_path: "/audio/words/10004.mp3",
          outcome: "correct",
        },
        {
          id: 10006,
          hebrew: "אוניברסיטה",
          word_with_nikkud: "אוּנִיבֶרְסִיטָה",
          translation: "university",
          audio_path: "/audio/words/10006.mp3",
          outcome: "wrong",
        },
        {
          id: 10002,
          hebrew: "כיתה",
          word_with_nikkud: "כִּתָּה",
          translation: "class, classroom",
          audio_path: "/audio/words/10002.mp3",
          outcome: "correct",
        },
        {
          id: 10003,
          hebrew: "מורה",
          word_with_nikkud: "מוֹרֶה",
          translation: "teacher",
          audio_path: "/audio/words/10003.mp3",
          outcome: "correct",
        },
        {
          id: 10005,
          hebrew: "מחברת",
          word_with_nikkud: "מַחְבֶּרֶת",
          translation: "notebook",
          audio_path: "/audio/words/10005.mp3",
          outcome: "wrong",
        },
      ],
      learnedRoots: [],
      gameType: "translationMatch",
      correct: 3,
      total: 5,
      sessionId: "abc",
      skippedLast: false,
    });
  });

  it("says noWords when nothing has a translation", () => {
    expect(buildTranslationMatch([], createRng(1))).toEqual({ kind: "noWords" });
    expect(buildTranslationMatch([makeWord({ id: 1, hebrew: "שלום", translation: " " })], createRng(1))).toEqual({
      kind: "noWords",
    });
  });

  const pool = fc.subarray([...NOUNS, ...VERBS, makeWord({ id: 99, hebrew: "בית", translation: "School " })], {
    minLength: 1,
  });

  it("property: at most 5 words, distinct translations, the answer once among unique options", () => {
    fc.assert(
      fc.property(pool, fc.integer(), (words, seed) => {
        const quiz = ready(words, seed);
        const distinct = new Set(words.map((w) => optionKey(w.translation))).size;
        expect(quiz.questions).toHaveLength(Math.min(5, distinct));
        expect(new Set(quiz.questions.map((q) => optionKey(q.answer))).size).toBe(quiz.questions.length);
        for (const q of quiz.questions) {
          expect(q.options.filter((o) => isCorrectAnswer(o, q.answer))).toHaveLength(1);
          expect(new Set(q.options.map(optionKey)).size).toBe(q.options.length);
          expect(q.options.length).toBe(Math.min(4, distinct));
        }
      }),
    );
  });

  it("property: the same seed gives the same round", () => {
    fc.assert(
      fc.property(pool, fc.integer(), (words, seed) => {
        expect(buildTranslationMatch(words, createRng(seed))).toEqual(buildTranslationMatch(words, createRng(seed)));
      }),
    );
  });
});
