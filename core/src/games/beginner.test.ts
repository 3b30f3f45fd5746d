import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import type { BeginnerLetter, BeginnerWord } from "../schemas/api.ts";
import { beginnerResults, buildBeginnerRound, letterName } from "./beginner.ts";
import { clearWrongPick, isCorrectAnswer, next, optionKey, pick, quizPhase } from "./choice.ts";
import { makeCombo } from "./test-fixtures.ts";

const letter = (id: number, letter_he: string, name: string): BeginnerLetter => ({
  id,
  letter_he,
  name,
  transliteration: name.toLowerCase(),
  final: "ךםןףץ".includes(letter_he),
  description: "",
  pronunciation_audio: `/audio/letters/${id}.mp3`,
});
const LETTERS = [
  letter(1, "א", "a-LEF"),
  letter(2, "ב", "BET"),
  letter(3, "ג", "GI-mel"),
  letter(4, "ד", "DA-let"),
  letter(5, "ה", "HEY"),
  letter(6, "ו", "VAV"),
  letter(23, "ך", "KAF so-FIT"),
];

const combo = makeCombo;
const COMBOS = [
  combo(101, "אָ", "a"),
  combo(102, "אַ", "a"),
  combo(105, "אִ", "i"),
  combo(201, "בָּ", "ba"),
  combo(205, "בִּ", "bi"),
];

const word = (id: number, plain: string, pointed: string, translation: string): BeginnerWord => ({
  id,
  word: plain,
  word_with_nikkud: pointed,
  translation,
  transliteration: "",
  pronunciation_audio: null,
  example_sentence_he: null,
  example_sentence_translation: null,
});
const WORDS = [
  word(93001, "שלום", "שָׁלוֹם", "hello"),
  word(93002, "תודה", "תּוֹדָה", "thank you"),
  word(93003, "כן", "כֵּן", "yes"),
  word(93004, "לא", "לֹא", "no"),
];

describe("beginner games", () => {
  it("letters: 5 letters, choose the name; wrong names come from the other letters", () => {
    const start = buildBeginnerRound({ game: "letters", items: LETTERS }, createRng(1));
    if (start.kind !== "ready") throw new Error("expected a round");
    const names = LETTERS.map((l) => l.name);
    expect(start.quiz.questions).toHaveLength(5);
    for (const q of start.quiz.questions) {
      const item = LETTERS.find((l) => l.id === q.id);
      expect(q.hebrew).toBe(item?.letter_he);
      expect(q.answer).toBe(item?.name);
      expect(q.lesson.title).toBe(item?.name);
      expect(q.audioIsAnswer).toBe(true);
      expect(q.options).toHaveLength(4);
      for (const o of q.options) expect(names).toContain(o);
    }
  });

  it("letters: names the letter in the learner's language when the server sends its description", () => {
    expect(letterName({ name: "MEM so-FIT", description: "Мем софит: мем в конце слова." })).toBe("Мем софит");
    expect(letterName({ name: "GI-mel", description: "Guimel : se prononce g." })).toBe("Guimel");
    expect(letterName({ name: "A-lef", description: "ألف: لا يُلفظ." })).toBe("ألف");
    expect(letterName({ name: "BET", description: "" })).toBe("BET");
    const items = [letter(13, "מ", "MEM"), letter(14, "נ", "NUN"), letter(24, "ם", "MEM so-FIT")].map((l) => ({
      ...l,
      description: `${l.name === "MEM" ? "Мем" : l.name === "NUN" ? "Нун" : "Мем софит"}: звук.`,
    }));
    const start = buildBeginnerRound({ game: "letters", items }, createRng(3));
    if (start.kind !== "ready") throw new Error("expected a round");
    for (const q of start.quiz.questions) {
      expect(q.options.every((o) => /^[А-Яа-я ]+$/u.test(o))).toBe(true);
      expect(q.lesson).toMatchObject({ title: q.answer, detail: "Звук." });
    }
  });

  it("vowels: a combination read like the answer is never offered as a wrong option", () => {
    // אָ and אַ both read "a": each question offers the four distinct readings, the answer once.
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const start = buildBeginnerRound({ game: "letter-vowel", items: COMBOS }, createRng(seed));
      if (start.kind !== "ready") throw new Error("expected a round");
      for (const q of start.quiz.questions) expect([...q.options].sort()).toEqual(["a", "ba", "bi", "i"]);
    }
  });

  it("words: fewer than 5 items make a shorter round; a wrong pick is marked and retried", () => {
    const start = buildBeginnerRound({ game: "words", items: WORDS }, createRng(2));
    if (start.kind !== "ready") throw new Error("expected a round");
    expect(start.quiz.questions).toHaveLength(4);
    let quiz = start.quiz;
    const first = quiz.questions[0];
    if (first === undefined) throw new Error("question");
    const wrong = first.options.find((o) => o !== first.answer) ?? "";
    quiz = pick(quiz, wrong);
    expect(quizPhase(quiz)).toBe("wrong");
    expect(quiz.wrongPicks).toEqual([wrong]);
    quiz = next(pick(clearWrongPick(quiz), first.answer));
    for (const q of quiz.questions.slice(1)) quiz = next(pick(quiz, q.answer));
    const results = beginnerResults("words", quiz, "b");
    expect(results).toMatchObject({ gameType: "beginnerWords", correct: 3, total: 4, sessionId: "b" });
    const hello = results.learnedWords.find((w) => w.id === 93001);
    expect(hello).toEqual({
      id: 93001,
      hebrew: "שלום",
      word_with_nikkud: "שָׁלוֹם",
      translation: "hello",
      audio_path: null,
      outcome: "correct",
    });
  });

  it("letters and combinations in the results carry no word id", () => {
    const start = buildBeginnerRound({ game: "letter-vowel", items: COMBOS.slice(2) }, createRng(3));
    if (start.kind !== "ready") throw new Error("expected a round");
    let quiz = start.quiz;
    for (const q of quiz.questions) quiz = next(pick(quiz, q.answer));
    const results = beginnerResults("letter-vowel", quiz, "c");
    expect(results.gameType).toBe("letterVowel");
    const rows = results.learnedWords.map((w) => [w.hebrew, w.word_with_nikkud, w.translation, "id" in w]);
    expect(rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ["ב", "בָּ", "ba", false],
      ["ב", "בִּ", "bi", false],
      ["א", "אִ", "i", false],
    ]);
  });

  it("says noItems for an empty pool", () => {
    expect(buildBeginnerRound({ game: "letters", items: [] }, createRng(1))).toEqual({ kind: "noItems" });
  });

  it("property: the answer once among unique options from the pool; same seed, same round", () => {
    fc.assert(
      fc.property(fc.subarray([...WORDS], { minLength: 1 }), fc.integer(), (items, seed) => {
        const start = buildBeginnerRound({ game: "words", items }, createRng(seed));
        expect(start).toEqual(buildBeginnerRound({ game: "words", items }, createRng(seed)));
        if (start.kind !== "ready") throw new Error("expected a round");
        expect(start.quiz.questions).toHaveLength(Math.min(5, items.length));
        for (const q of start.quiz.questions) {
          expect(q.options.filter((o) => isCorrectAnswer(o, q.answer))).toHaveLength(1);
          expect(new Set(q.options.map(optionKey)).size).toBe(q.options.length);
          expect(q.options).toHaveLength(Math.min(4, items.length));
        }
      }),
    );
  });
});

describe("letter + vowel tests the vowel (issue 12.4)", () => {
  // Two consonants, each with its readings, as the content has them (content/beginner/letter-vowel.json).
  const READINGS: [number, string, string][] = [
    [101, "אָ", "a"],
    [102, "אַ", "a"],
    [103, "אֶ", "e"],
    [105, "אִ", "i"],
    [107, "אוֹ", "o"],
    [108, "אוּ", "u"],
    [109, "אְ", "'"],
    [201, "בָּ", "ba"],
    [203, "בֶּ", "be"],
    [205, "בִּ", "bi"],
    [207, "בּוֹ", "bo"],
    [208, "בּוּ", "bu"],
    [209, "בְּ", "b"],
    [301, "גָ", "ga"],
    [303, "גֶ", "ge"],
    [305, "גִ", "gi"],
    [307, "גוֹ", "go"],
    [308, "גוּ", "gu"],
  ];
  const items = READINGS.map(([id, he, tr]) => combo(id, he, tr));

  it("property: the wrong options are the same consonant's other readings, and a bare ' is never an option", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const start = buildBeginnerRound({ game: "letter-vowel", items }, createRng(seed));
        if (start.kind !== "ready") throw new Error("expected a round");
        for (const q of start.quiz.questions) {
          const item = items.find((c) => c.letter_with_nikkud === q.hebrew);
          const sameConsonant = new Set(
            items.filter((c) => c.alphabet_id === item?.alphabet_id).map((c) => optionKey(c.transliteration)),
          );
          expect(q.options).toHaveLength(4);
          for (const o of q.options) {
            expect(o).not.toBe("'");
            expect(sameConsonant.has(optionKey(o)), `${o} for ${q.hebrew}`).toBe(true);
          }
        }
      }),
    );
  });

  it("never asks the reading ' (אְ)", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const start = buildBeginnerRound({ game: "letter-vowel", items }, createRng(seed));
      if (start.kind !== "ready") throw new Error("expected a round");
      expect(start.quiz.questions.map((q) => q.hebrew)).not.toContain("אְ");
    }
  });
});
