import { describe, expect, it } from "vitest";
import { TABLES } from "./games/test-fixtures.ts";
import { answerModeOf, isTypedExercise } from "./review.ts";
import { createRng } from "./rng.ts";
import { formPrompt, formQuestion, tensesOfTier } from "./verb-forms.ts";

const WRITE = TABLES.לכתוב ?? {};

describe("verb forms in the review (issue 28)", () => {
  it("names a cell by its tense and its person, or its form in the present and the imperative", () => {
    expect(formPrompt("fut.3mp")).toEqual({ tense: "future", person: { key: "person", value: "3mp" } });
    expect(formPrompt("past.1s")).toEqual({ tense: "past", person: { key: "person", value: "1s" } });
    expect(formPrompt("pres.fp")).toEqual({ tense: "present", person: { key: "form", value: "fp" } });
    expect(formPrompt("imp.p")).toEqual({ tense: "imperative", person: { key: "form", value: "p" } });
    expect(formPrompt("inf")).toEqual({ tense: "infinitive", person: null });
    expect(() => formPrompt("fut.9x")).toThrow(/not a cell/);
  });

  it("asks in tier 1 only the tenses tier 1 teaches, never the entry's own form", () => {
    expect(tensesOfTier(1)).toEqual(["present", "imperative", "infinitive"]);
    for (let seed = 1; seed <= 200; seed++) {
      const q = formQuestion(WRITE, { tier: 1, tense: "present", rng: createRng(seed) });
      expect(q).not.toBeNull();
      if (!q) continue;
      expect(q.cell).toMatch(/^(pres|imp)\.|^inf$/);
      expect(q.nikkud).not.toBe(WRITE["pres.ms"]?.nikkud);
      expect(q.nikkud).toBe(WRITE[q.cell]?.nikkud);
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.he)).size).toBe(4);
      expect(q.options.filter((o) => o.nikkud === q.nikkud)).toHaveLength(1);
    }
  });

  it("asks any tense above tier 1: 'they (m.) will write' is יִכְתְּבוּ, its wrong options other future forms", () => {
    const cells = new Set<string>();
    for (let seed = 1; seed <= 400; seed++) {
      const q = formQuestion(WRITE, { tier: 2, tense: "infinitive", rng: createRng(seed) });
      if (!q) throw new Error("no question");
      cells.add(q.cell);
      expect(q.cell).not.toBe("inf");
      if (q.cell === "fut.3mp") {
        expect(q.nikkud).toBe("יִכְתְּבוּ");
        const wrong = q.options.filter((o) => o.nikkud !== q.nikkud);
        expect(wrong.every((o) => Object.entries(WRITE).some(([c, f]) => c.startsWith("fut.") && f.he === o.he))).toBe(
          true,
        );
      }
    }
    expect([...cells].some((c) => c.startsWith("past."))).toBe(true);
    expect([...cells].some((c) => c.startsWith("fut."))).toBe(true);
  });

  it("never asks or offers a cell taken from another root, and gives up without four distinct forms", () => {
    const suppletive = Object.fromEntries(
      Object.entries(WRITE).map(([c, f]) => [c, c.startsWith("imp.") ? { ...f, root: "ה-ל-ך" } : f]),
    );
    for (let seed = 1; seed <= 100; seed++) {
      const q = formQuestion(suppletive, { tier: 1, tense: "present", rng: createRng(seed) });
      expect(q?.cell.startsWith("imp.")).toBe(false);
      expect(q?.options.some((o) => o.he === WRITE["imp.ms"]?.he)).toBe(false);
    }
    const tiny = { "pres.ms": WRITE["pres.ms"], "pres.fs": WRITE["pres.fs"] } as typeof WRITE;
    expect(formQuestion(tiny, { tier: 1, tense: "present", rng: createRng(1) })).toBeNull();
  });

  it("the typed exercises are production, the others choices", () => {
    expect(["typing", "cloze_typing", "form_typing"].every(isTypedExercise)).toBe(true);
    expect(["meaning", "reverse", "listening", "cloze", "form", "picture"].some(isTypedExercise)).toBe(false);
    expect(answerModeOf("review", "cloze_typing")).toBe("typing");
    expect(answerModeOf("review", "form")).toBe("choice");
    expect(answerModeOf("flashcards", "form_typing")).toBe("choice");
  });
});
