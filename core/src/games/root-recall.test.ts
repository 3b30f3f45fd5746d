import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import { isCorrectAnswer, next, optionKey, pick, quizPhase } from "./choice.ts";
import { buildRootRecall, rootRecallResults } from "./root-recall.ts";
import { makeWord, NOUNS, VERBS } from "./test-fixtures.ts";

describe("root recall", () => {
  it("seed 4 gives five roots, each with a word built on it and four meanings", () => {
    const start = buildRootRecall([...NOUNS, ...VERBS], createRng(4));
    if (start.kind !== "ready") throw new Error("expected a round");
    expect(start.quiz.questions.map((q) => [q.root, q.hebrew, q.answer, q.options])).toEqual([
      [
        "י-ר-ה",
        "מוֹרֶה",
        "teaching, throwing",
        ["teaching, throwing", "house", "joining, friend", "counting, telling, book"],
      ],
      ["כ-ת-ב", "כּוֹתֵב", "writing", ["learning", "counting, telling, book", "teaching, throwing", "writing"]],
      ["ח-ב-ר", "מַחְבֶּרֶת", "joining, friend", ["writing", "joining, friend", "speaking, thing", "reading, calling"]],
      [
        "ק-ר-א",
        "לִקְרֹא",
        "reading, calling",
        ["counting, telling, book", "reading, calling", "teaching, throwing", "eating, food"],
      ],
      ["א-כ-ל", "אָכַל", "eating, food", ["eating, food", "group, crushing", "speaking, thing", "learning"]],
    ]);
  });

  it("skips N/A and invalid roots; with nothing left it goes straight to the results", () => {
    const university = NOUNS.find((w) => w.id === 10006);
    if (university === undefined) throw new Error("fixture");
    const broken = makeWord({
      id: 2,
      hebrew: "טלפון",
      translation: "telephone",
      roots: [
        { root: "n/a", root_translation: "n/a" },
        { root: "tlfn", root_translation: "sound" },
      ],
    });
    expect(buildRootRecall([university, broken], createRng(1))).toEqual({ kind: "skipToResults" });
    expect(rootRecallResults(null, "r")).toEqual({
      learnedWords: [],
      learnedRoots: [],
      gameType: "rootRecall",
      correct: 0,
      total: 0,
      sessionId: "r",
      skippedLast: false,
    });
  });

  it("a single root has no wrong meaning to offer: straight to the results", () => {
    const book = NOUNS.find((w) => w.id === 10004);
    if (book === undefined) throw new Error("fixture");
    expect(buildRootRecall([book], createRng(1))).toEqual({ kind: "skipToResults" });
  });

  it("the results carry the learned roots with their words", () => {
    const start = buildRootRecall([...NOUNS, ...VERBS], createRng(4));
    if (start.kind !== "ready") throw new Error("expected a round");
    let quiz = start.quiz;
    for (const meaning of ["teaching, throwing", "writing", "joining, friend", "reading, calling", "eating, food"]) {
      quiz = next(pick(quiz, meaning));
    }
    expect(quizPhase(quiz)).toBe("finished");
    const results = rootRecallResults(quiz, "r");
    expect(results).toMatchObject({ gameType: "rootRecall", correct: 5, total: 5, skippedLast: false });
    expect(results.learnedRoots[0]).toEqual({
      root: "י-ר-ה",
      root_definition: "teaching, throwing",
      word: "מורה",
      word_with_nikkud: "מוֹרֶה",
      hebrew: "מורה",
      translation: "teacher",
      audio_path: "/audio/words/10003.mp3",
      id: 10003,
      outcome: "correct",
    });
    expect(results.learnedRoots.map((r) => r.root)).toEqual(["י-ר-ה", "כ-ת-ב", "ח-ב-ר", "ק-ר-א", "א-כ-ל"]);
  });

  it("property: distinct roots, each word carries its root, the meaning once among unique options; same seed, same round", () => {
    fc.assert(
      fc.property(fc.subarray([...NOUNS, ...VERBS]), fc.integer(), (words, seed) => {
        const start = buildRootRecall(words, createRng(seed));
        expect(start).toEqual(buildRootRecall(words, createRng(seed)));
        if (start.kind !== "ready") return;
        const roots = start.quiz.questions.map((q) => q.root);
        expect(new Set(roots).size).toBe(roots.length);
        expect(roots.length).toBeLessThanOrEqual(5);
        for (const q of start.quiz.questions) {
          expect(q.word.roots.map((r) => r.root)).toContain(q.root);
          expect(q.options.filter((o) => isCorrectAnswer(o, q.answer))).toHaveLength(1);
          expect(new Set(q.options.map(optionKey)).size).toBe(q.options.length);
        }
      }),
    );
  });
});
