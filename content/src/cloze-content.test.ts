// Every cloze gap of the real content (found by core's finder or marked) cuts its sentence cleanly: the parts
// join into the sentence, plain and pointed agree, and the gap is a word, not an empty or half one.
import { clozeOf, exampleGap } from "@ivrit/core/cloze";
import { hebrewLetters, plainMatchesPointed } from "@ivrit/core/hebrew";
import { describe, expect, it } from "vitest";
import { isPhrase } from "./gap-candidates.ts";
import { loadContent } from "./load.ts";

describe("the content's cloze gaps", () => {
  const c = loadContent();
  const words = c.modules.flatMap((m) => m.words);

  it("cut every sentence into parts that join, with plain and pointed agreeing", () => {
    let gaps = 0;
    for (const w of words) {
      const gap = exampleGap(w.example, w);
      if (!gap) continue;
      gaps++;
      const { plain, pointed } = clozeOf(w.example, gap);
      const where = `${w.id} ${w.example.he}`;
      expect(plain.before + plain.gap + plain.after, where).toBe(w.example.he);
      expect(pointed.before + pointed.gap + pointed.after, where).toBe(w.example.nikkud);
      expect(hebrewLetters(plain.gap).length, where).toBeGreaterThan(1);
      expect(plainMatchesPointed(plain.gap, pointed.gap), where).toBe(true);
      expect(plainMatchesPointed(plain.before, pointed.before), where).toBe(true);
      expect(plain.after.slice(0, 1), where).not.toMatch(/[\u05D0-\u05EA]/u);
    }
    // Most sentences have one: at least nine in ten of the one-word entries' (3,230 of 3,231 today).
    const single = words.filter((w) => !isPhrase(w)).length;
    expect(gaps / single).toBeGreaterThan(0.9);
  });
});
