import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import {
  buildOptions,
  clearWrongPick,
  currentQuestion,
  isCorrectAnswer,
  next,
  optionKey,
  pick,
  quizPhase,
  quizScore,
  startQuiz,
} from "./choice.ts";

describe("isCorrectAnswer", () => {
  it("compares trimmed and case-insensitive", () => {
    expect(isCorrectAnswer("  Table ", "table")).toBe(true);
    expect(isCorrectAnswer("TO WRITE", "to write")).toBe(true);
    expect(isCorrectAnswer("table", "tables")).toBe(false);
    expect(isCorrectAnswer("to write", "to  write")).toBe(false);
  });
  it("ignores nikkud, as the de-duplication of options does", () => {
    expect(isCorrectAnswer("שָׁלוֹם", "שלום")).toBe(true);
    expect(isCorrectAnswer("כָּתַב", "כּוֹתֵב")).toBe(false);
  });
  it("never accepts an empty answer", () => {
    expect(isCorrectAnswer("", "")).toBe(false);
    expect(isCorrectAnswer(" ", "  ")).toBe(false);
  });
});

describe("buildOptions", () => {
  it("gives the answer and 3 wrong options, duplicates and the answer's doubles removed", () => {
    const options = buildOptions(
      "table",
      ["Table ", "chair", " chair", "CHAIR", "door", "", "window", "door"],
      createRng(1),
    );
    expect(options).toHaveLength(4);
    expect([...options].sort()).toEqual(["chair", "door", "table", "window"]);
  });
  it("takes ranked candidates in order, de-duplicated without nikkud", () => {
    const options = buildOptions("כּוֹתֵב", ["כָּתַב", "כתב", "יִכְתֹּב", "לִכְתֹּב", "קוֹרֵא"], createRng(2), { ranked: true });
    expect([...options].sort()).toEqual(["יִכְתֹּב", "כָּתַב", "כּוֹתֵב", "לִכְתֹּב"].sort());
  });
  it("gives fewer options when there are fewer distinct candidates", () => {
    expect(buildOptions("hello", ["Hello", " hello "], createRng(3))).toEqual(["hello"]);
    expect([...buildOptions("hello", ["hi"], createRng(3))].sort()).toEqual(["hello", "hi"]);
  });
  it("shuffles with the rng: the same seed gives the same order", () => {
    const candidates = ["one", "two", "three", "four", "five", "six"];
    expect(buildOptions("zero", candidates, createRng(42))).toEqual(buildOptions("zero", candidates, createRng(42)));
  });

  // Strings made of letters that collide under trimming, case and nikkud, so duplicates are frequent.
  const text = fc
    .array(fc.constantFrom("a", "A", "b", "B", "ש", "שׁ", "ל", "לֹ", " ", "ם"), { minLength: 0, maxLength: 4 })
    .map((cs) => cs.join(""));

  it("property: the answer is there exactly once, every option differs, at most 4, as many as the candidates allow", () => {
    fc.assert(
      fc.property(
        text.filter((t) => optionKey(t) !== ""),
        fc.array(text, { maxLength: 12 }),
        fc.integer(),
        fc.boolean(),
        (answer, candidates, seed, ranked) => {
          const options = buildOptions(answer, candidates, createRng(seed), { ranked });
          const keys = options.map(optionKey);
          expect(options.filter((o) => isCorrectAnswer(o, answer))).toHaveLength(1);
          expect(new Set(keys).size).toBe(keys.length);
          expect(keys).not.toContain("");
          const distinctWrong = new Set(candidates.map(optionKey).filter((k) => k !== "" && k !== optionKey(answer)));
          expect(options).toHaveLength(Math.min(4, 1 + distinctWrong.size));
        },
      ),
    );
  });
});

describe("quiz", () => {
  const questions = [
    { answer: "school", options: ["teacher", "school", "book", "class"] },
    { answer: "book", options: ["book", "school"] },
  ];

  it("retry: a wrong pick is marked, cleared, cannot be picked again; right after wrong scores wrong", () => {
    let quiz = startQuiz(questions, { retry: true });
    expect(quizPhase(quiz)).toBe("choosing");
    quiz = pick(quiz, "teacher");
    expect(quizPhase(quiz)).toBe("wrong");
    expect(quiz.picked).toEqual({ option: "teacher", correct: false });
    // Nothing else can be picked until the wrong pick is cleared.
    expect(pick(quiz, "school")).toBe(quiz);
    expect(next(quiz)).toBe(quiz);
    quiz = clearWrongPick(quiz);
    expect(quizPhase(quiz)).toBe("choosing");
    expect(pick(quiz, "teacher")).toBe(quiz);
    expect(pick(quiz, "not an option")).toBe(quiz);
    quiz = pick(quiz, "school");
    expect(quizPhase(quiz)).toBe("answered");
    expect(quiz.wrongPicks).toEqual(["teacher"]);
    quiz = next(quiz);
    expect(currentQuestion(quiz)).toEqual(questions[1]);
    expect(quiz.wrongPicks).toEqual([]);
    quiz = next(pick(quiz, "book"));
    expect(quizPhase(quiz)).toBe("finished");
    expect(quiz.outcomes).toEqual(["wrong", "correct"]);
    expect(quizScore(quiz)).toEqual({ correct: 1, total: 2, skippedLast: false });
    expect(pick(quiz, "book")).toBe(quiz);
  });

  it("one-shot: any pick settles the question", () => {
    let quiz = startQuiz(questions, { retry: false });
    quiz = pick(quiz, "book");
    expect(quizPhase(quiz)).toBe("answered");
    expect(pick(quiz, "school")).toBe(quiz);
    expect(clearWrongPick(quiz)).toBe(quiz);
    quiz = next(next(pick(next(quiz), "book")));
    expect(quiz.outcomes).toEqual(["wrong", "correct"]);
    expect(quizScore(quiz)).toEqual({ correct: 1, total: 2, skippedLast: false });
  });

  it("skips questions with fewer than 2 options, first and last", () => {
    const withSkips = [{ answer: "hello", options: ["hello"] }, ...questions, { answer: "yes", options: ["yes"] }];
    let quiz = startQuiz(withSkips, { retry: false });
    expect(quiz.index).toBe(1);
    expect(quiz.outcomes).toEqual(["skipped"]);
    quiz = next(pick(next(pick(quiz, "school")), "school"));
    expect(quizPhase(quiz)).toBe("finished");
    expect(quiz.outcomes).toEqual(["skipped", "correct", "wrong", "skipped"]);
    expect(quizScore(quiz)).toEqual({ correct: 1, total: 2, skippedLast: true });
  });

  it("an empty quiz is finished at once", () => {
    expect(quizPhase(startQuiz([], { retry: true }))).toBe("finished");
  });
});
