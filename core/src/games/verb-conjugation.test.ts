import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import type { VerbForm, Word } from "../schemas/api.ts";
import { clearWrongPick, isCorrectAnswer, next, optionKey, pick, quizPhase } from "./choice.ts";
import { rootKey } from "./eligibility.ts";
import { makeWord, NOUNS, TABLE_VERBS, TABLES, VERBS } from "./test-fixtures.ts";
import {
  buildVerbConjugation,
  conjugationDistractors,
  poolVerbs,
  VERB_CELLS,
  verbConjugationResults,
} from "./verb-conjugation.ts";

const POOL = [...NOUNS, ...VERBS, ...TABLE_VERBS];

function ready(words: readonly Word[] = POOL, seed = 1, focusModuleId: number | null = null) {
  const start = buildVerbConjugation(words, createRng(seed), { focusModuleId });
  if (start.kind !== "ready") throw new Error("expected a round");
  return start.quiz;
}

/** Every form (plain, no nikkud) of the tables of a root. */
function rootForms(root: string): Set<string> {
  const verbs = poolVerbs(POOL).filter((v) => v.root && rootKey(v.root.root) === rootKey(root));
  return new Set(verbs.flatMap((v) => Object.values(v.forms).map((f) => optionKey(f.nikkud))));
}

describe("verb conjugation", () => {
  it("the table has 27 cells", () => {
    expect(VERB_CELLS).toHaveLength(27);
    expect(Object.keys(TABLES.לכתוב ?? {}).sort()).toEqual(VERB_CELLS.map((c) => c.cell).sort());
  });

  it("counts verbs, not entries: 4 entries of one verb are one verb", () => {
    const verbs = poolVerbs(VERBS);
    expect(verbs.map((v) => v.key)).toEqual(["לכתוב", "לקרוא", "ללמוד", "לאכול", "לדבר"]);
    expect(verbs[0]?.entries.map((e) => e.tense)).toEqual(["present", "past", "future", "infinitive"]);
    expect(buildVerbConjugation([...NOUNS, ...VERBS.slice(0, 7)], createRng(1))).toEqual({
      kind: "notEnoughVerbs",
      found: 2,
    });
    const noTables = VERBS.map((v) => ({ ...v, forms: null }));
    expect(buildVerbConjugation(noTables, createRng(1))).toEqual({ kind: "notEnoughVerbs", found: 0 });
  });

  it("asks a cell of one verb: root, binyan, tense and person shown; the answer is that cell's form", () => {
    for (const q of ready().questions) {
      expect(q.answer).toBe(q.forms[q.cell]?.nikkud);
      const cell = VERB_CELLS.find((c) => c.cell === q.cell);
      expect(cell).toBeDefined();
      expect([q.tense, q.person]).toEqual([cell?.tense, cell?.person]);
      expect(q.root).not.toBeNull();
      expect(q.binyan).not.toBeNull();
      // The verb's meaning is its infinitive's translation (לדבר has only a future entry here).
      if (q.forms.inf?.he !== "לדבר") expect(q.translation?.startsWith("to ")).toBe(true);
      else expect(q.translation).toBeNull();
    }
    // 5 different verbs.
    expect(new Set(ready().questions.map((q) => q.forms.inf?.he)).size).toBe(5);
  });

  it("a suppletive table: never asks or offers a cell taken from another verb's root (decision 0091)", () => {
    const f = (nikkud: string, root?: string) => ({ he: nikkud, nikkud, translit: "x", ...(root && { root }) });
    const amar = "א-מ-ר";
    const forms: Record<string, VerbForm> = {
      "pres.ms": f("אוֹמֵר", amar),
      "pres.fs": f("אוֹמֶרֶת", amar),
      "past.1s": f("אָמַרְתִּי", amar),
      "past.3ms": f("אָמַר", amar),
      "fut.1s": f("אַגִּיד"),
      "fut.2ms": f("תַּגִּיד"),
      "fut.2fs": f("תַּגִּידִי"),
      "fut.3ms": f("יַגִּיד"),
      "fut.2mp": f("תַּגִּידוּ"),
      "fut.2fp": { ...f("תַּגִּידוּ"), literary: f("תַּגֵּדְנָה") },
      "imp.ms": { ...f("תַּגִּיד"), literary: f("הַגֵּד") },
      inf: f("לְהַגִּיד"),
    };
    const say = makeWord({
      id: 120099,
      module_id: 120,
      hebrew: "להגיד",
      word_with_nikkud: "לְהַגִּיד",
      translation: "to say",
      category: "verb",
      tense: "infinitive",
      verb: "להגיד",
      binyan: "hifil",
      roots: [{ root: "נ-ג-ד", root_translation: "telling" }],
      forms,
    });
    const borrowed = new Set(Object.values(forms).flatMap((x) => (x.root ? [optionKey(x.nikkud)] : [])));
    const literary = new Set(Object.values(forms).flatMap((x) => (x.literary ? [optionKey(x.literary.nikkud)] : [])));
    let asked = 0;
    for (let seed = 1; seed <= 40; seed++)
      for (const q of ready([...POOL, say], seed, 120).questions) {
        if (q.forms.inf?.nikkud !== "לְהַגִּיד") continue;
        asked++;
        expect(q.forms[q.cell]?.root, q.cell).toBeUndefined();
        for (const o of q.options) expect(borrowed.has(optionKey(o)) || literary.has(optionKey(o)), o).toBe(false);
      }
    expect(asked).toBeGreaterThan(10);
  });

  it("property: the 3 wrong options are forms of the same root (the same verb, or its cell in another binyan)", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        for (const q of ready(POOL, seed).questions) {
          expect(q.options).toHaveLength(4);
          expect(q.options.filter((o) => isCorrectAnswer(o, q.answer))).toHaveLength(1);
          expect(new Set(q.options.map(optionKey)).size).toBe(4);
          const forms = rootForms(q.root ?? "");
          for (const o of q.options) expect(forms.has(optionKey(o)), o).toBe(true);
          for (const o of q.options) {
            const source = q.sources[o];
            expect(source).toBeDefined();
            // Another verb's option is the same cell in another binyan.
            if (source?.verb !== q.forms.inf?.he) {
              expect(source?.cell).toBe(q.cell);
              expect(source?.binyan).not.toBe(q.binyan);
            }
          }
        }
      }),
    );
  });

  it("draws one of each kind when it can: same tense, same person in another tense, another binyan", () => {
    const verbs = poolVerbs(POOL);
    const grow = verbs.find((v) => v.key === "לגדל");
    if (!grow) throw new Error("לגדל");
    const picks = conjugationDistractors(grow, "past.3fs", verbs, createRng(3)).slice(0, 3);
    const kinds = picks.map((c) => (c.verb !== "לגדל" ? "binyan" : c.cell.startsWith("past.") ? "tense" : "person"));
    expect(kinds.sort()).toEqual(["binyan", "person", "tense"]);
    const person = picks.find((c) => c.verb === "לגדל" && !c.cell.startsWith("past."));
    expect(["pres.fs", "fut.3fs"]).toContain(person?.cell);
  });

  it("asks the focused module's verbs first", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const quiz = ready(POOL, seed, 120);
      const taught = new Set(TABLE_VERBS.map((v) => v.verb));
      expect(quiz.questions.every((q) => taught.has(q.forms.inf?.he ?? ""))).toBe(true);
    }
  });

  it("counts the answer for the published entry of its cell, else the infinitive's", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const q of ready(VERBS, seed).questions) {
        const entryCell = { present: "pres.ms", past: "past.3ms", future: "fut.3ms", infinitive: "inf" }[
          q.word.tense ?? ""
        ];
        if (entryCell !== q.cell) {
          // No entry of that cell: the infinitive's, or the only entry the pool has of the verb.
          expect(q.word.tense === "infinitive" || VERBS.filter((v) => v.verb === q.word.verb).length === 1).toBe(true);
        }
      }
    }
  });

  it("wrong picks reset and can be retried; the results count first-pick answers", () => {
    let quiz = ready(POOL, 5);
    const first = quiz.questions[0];
    const wrong = first?.options.find((o) => !isCorrectAnswer(o, first.answer)) ?? "";
    quiz = pick(quiz, wrong);
    expect(quizPhase(quiz)).toBe("wrong");
    quiz = next(pick(clearWrongPick(quiz), first?.answer ?? ""));
    for (const q of quiz.questions.slice(1)) quiz = next(pick(quiz, q.answer));
    expect(quizPhase(quiz)).toBe("finished");
    const results = verbConjugationResults(quiz, "v");
    expect(results).toMatchObject({ gameType: "verbConjugation", correct: 4, total: 5, skippedLast: false });
    expect(results.learnedWords.map((w) => w.id)).toEqual(quiz.questions.map((q) => q.word.id));
  });

  it("property: the same seed gives the same round", () => {
    fc.assert(
      fc.property(fc.subarray([...POOL], { minLength: 12 }), fc.integer(), (words, seed) => {
        const start = buildVerbConjugation(words, createRng(seed));
        expect(start).toEqual(buildVerbConjugation(words, createRng(seed)));
      }),
    );
  });
});
