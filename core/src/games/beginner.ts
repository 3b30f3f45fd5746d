// The beginner games (SPEC section 4): letters, letter + vowel and first words. Each round is 5 random items;
// the wrong options come from the other items; a wrong pick is marked and another can be tried. Each item
// carries its lesson: what the screen shows before asking about it (issue 24: teach, then test).
import type { BeginnerGame } from "../games.ts";
import { stripNikkud } from "../hebrew.ts";
import { type Rng, sample, shuffle } from "../rng.ts";
import type { BeginnerLetter, BeginnerWord, LetterVowel } from "../schemas/api.ts";
import { askedQuestions, buildOptions, type Question, type QuizState, quizScore, startQuiz } from "./choice.ts";
import { ROUND_SIZE } from "./constants.ts";
import type { GameResults, LearnedWord, ResultsGameType } from "./results.ts";

interface BeginnerQuestion extends Question {
  /** The item's id (letter, combination or beginner word). */
  id: number;
  /** What is shown: the letter, the letter with its vowel, or the word with nikkud. */
  hebrew: string;
  audio: string | null;
  /**
   * Whether the recording says the answer (a letter's name, a combination's reading): then it is not offered
   * before the question is answered.
   */
  audioIsAnswer: boolean;
  lesson: Lesson;
}

/** What is taught before the question: the item's name or meaning, how it sounds, and for words an example. */
export interface Lesson {
  /** The letter's name in the learner's language, the combination's reading, the word's translation. */
  title: string;
  /** The letter's sound explained in the learner's language; for words, the pointed example sentence. */
  detail: string | null;
  detailHebrew: boolean;
  /** The word's transliteration (stressed syllable in capitals). */
  translit: string | null;
  /** The example sentence's translation. */
  example: string | null;
}

export type BeginnerItems =
  | { game: "letters"; items: readonly BeginnerLetter[] }
  | { game: "letter-vowel"; items: readonly LetterVowel[] }
  | { game: "words"; items: readonly BeginnerWord[] };

type BeginnerStart = { kind: "ready"; quiz: QuizState<BeginnerQuestion> } | { kind: "noItems" };

interface Prompt {
  id: number;
  hebrew: string;
  answer: string;
  audio: string | null;
  audioIsAnswer: boolean;
  lesson: Lesson;
  /** Letter + vowel: the consonant (alphabet id); its wrong options are the same consonant's other readings. */
  consonant?: number;
}

/**
 * A letter's name in the learner's language. The server sends each letter's description in that language, opening
 * with the name ("Алеф: не читается…", "ألف: لا يُلفظ…", "Guimel : …"); without one (the fallback pools), the
 * Latin name.
 */
export function letterName(letter: Pick<BeginnerLetter, "name" | "description">): string {
  const colon = letter.description.indexOf(":");
  const name = colon > 0 ? letter.description.slice(0, colon).trim() : "";
  return name || letter.name;
}

/** A letter's description without the name it opens with: how it sounds ("Sounds like g in "go"."). */
function letterSound(description: string): string | null {
  const colon = description.indexOf(":");
  const rest = (colon > 0 ? description.slice(colon + 1) : description).trim();
  return rest ? rest.charAt(0).toLocaleUpperCase() + rest.slice(1) : null;
}

const lesson = (title: string, more: Partial<Lesson> = {}): Lesson => ({
  title,
  detail: null,
  detailHebrew: false,
  translit: null,
  example: null,
  ...more,
});

/** Letters: choose the letter's name. Vowels: choose how the combination is read. Words: choose the translation. */
function prompts(source: BeginnerItems): Prompt[] {
  switch (source.game) {
    case "letters":
      return source.items.map((l) => {
        const name = letterName(l);
        return {
          id: l.id,
          hebrew: l.letter_he,
          answer: name,
          audio: l.pronunciation_audio,
          audioIsAnswer: true,
          lesson: lesson(name, { detail: letterSound(l.description) }),
        };
      });
    case "letter-vowel":
      return source.items.map((c) => ({
        id: c.id,
        hebrew: c.letter_with_nikkud,
        answer: c.transliteration,
        audio: c.pronunciation_audio,
        audioIsAnswer: true,
        lesson: lesson(c.transliteration),
        consonant: c.alphabet_id,
      }));
    case "words":
      return source.items.map((w) => ({
        id: w.id,
        hebrew: w.word_with_nikkud.trim() || w.word,
        answer: w.translation,
        audio: w.pronunciation_audio,
        audioIsAnswer: false,
        lesson: lesson(w.translation, {
          detail: w.example_sentence_he?.trim() || null,
          detailHebrew: true,
          translit: w.transliteration.trim() || null,
          example: w.example_sentence_translation?.trim() || null,
        }),
      }));
  }
}

/** An answer with no letter (the glottal stop "'" of אְ) reads as nothing: neither asked nor offered. */
const READABLE = /\p{L}/u;

/**
 * The wrong options of a prompt. Letter + vowel tests the vowel: the same consonant's other readings first
 * (בָּ: bi, be, bo, bu), at random, then the others; elsewhere the other items at random.
 */
function candidates(prompt: Prompt, pool: readonly Prompt[], rng: Rng): string[] {
  if (prompt.consonant === undefined) return shuffle(pool, rng).map((p) => p.answer);
  const same = pool.filter((p) => p.consonant === prompt.consonant);
  const rest = pool.filter((p) => p.consonant !== prompt.consonant);
  return [...shuffle(same, rng), ...shuffle(rest, rng)].map((p) => p.answer);
}

export function buildBeginnerRound(source: BeginnerItems, rng: Rng): BeginnerStart {
  const pool = prompts(source).filter((p) => p.hebrew.trim() !== "" && READABLE.test(p.answer));
  if (pool.length === 0) return { kind: "noItems" };
  // Other items that read the same (אָ and אַ are both "a") are dropped by buildOptions, so no option is a second right answer.
  const questions = sample(pool, ROUND_SIZE, rng).map(
    (p): BeginnerQuestion => ({
      id: p.id,
      hebrew: p.hebrew,
      audio: p.audio,
      audioIsAnswer: p.audioIsAnswer,
      lesson: p.lesson,
      answer: p.answer.trim(),
      options: buildOptions(p.answer, candidates(p, pool, rng), rng, { ranked: true }),
    }),
  );
  return { kind: "ready", quiz: startQuiz(questions, { retry: true }) };
}

const GAME_TYPE: Record<BeginnerGame, ResultsGameType> = {
  letters: "letters",
  "letter-vowel": "letterVowel",
  words: "beginnerWords",
};

/** The items practised; letters and combinations carry no word id (they have no word card). */
export function beginnerResults(game: BeginnerGame, quiz: QuizState<BeginnerQuestion>, sessionId: string): GameResults {
  const learnedWords = askedQuestions(quiz).map(
    ({ question: q, outcome }): LearnedWord => ({
      ...(game === "words" ? { id: q.id } : {}),
      hebrew: stripNikkud(q.hebrew),
      word_with_nikkud: q.hebrew,
      translation: q.answer,
      audio_path: q.audio,
      outcome,
    }),
  );
  return { learnedWords, learnedRoots: [], gameType: GAME_TYPE[game], sessionId, ...quizScore(quiz) };
}
