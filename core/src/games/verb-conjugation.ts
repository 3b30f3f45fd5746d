// Verb conjugation (SPEC section 4): the root, the tense and the translation of a verb form; pick the Hebrew
// form among four, the wrong ones as close to the right one as the pool allows.
import { hebrewLetters } from "../hebrew.ts";
import { type Rng, sampleSpread, shuffle } from "../rng.ts";
import type { Tense, Word } from "../schemas/api.ts";
import { buildOptions, type Question, type QuizState, quizScore, startQuiz } from "./choice.ts";
import { MIN_VERB_POOL, ROUND_SIZE } from "./constants.ts";
import { isVerbEligible, normalizeTense, rootKey, validRoots } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { displayHebrew, learnedWord, plainHebrew } from "./word-fields.ts";

interface ConjugationQuestion extends Question {
  word: Word;
  /** The first valid root and its meaning; null when the word has none. */
  root: string | null;
  rootDefinition: string | null;
  tense: Tense;
  translation: string;
}

type VerbConjugationStart =
  | { kind: "ready"; quiz: QuizState<ConjugationQuestion> }
  /** Fewer than MIN_VERB_POOL valid verbs: the 'not enough valid verbs' page. */
  | { kind: "notEnoughVerbs"; found: number };

/** Levenshtein distance over code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let row = y.map((_, j) => j + 1);
  row.unshift(0);
  for (let i = 1; i <= x.length; i++) {
    const nextRow = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitution = (row[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1);
      nextRow.push(Math.min((row[j] ?? 0) + 1, (nextRow[j - 1] ?? 0) + 1, substitution));
    }
    row = nextRow;
  }
  return row[y.length] ?? 0;
}

/** Same `verb` field: the other tenses of the same verb. */
function sameVerb(a: Word, b: Word): boolean {
  const v = a.verb?.trim();
  return v !== undefined && v !== "" && v === b.verb?.trim();
}

function sharesRoot(a: Word, b: Word): boolean {
  const keys = new Set(validRoots(a).map((r) => rootKey(r.root)));
  return validRoots(b).some((r) => keys.has(rootKey(r.root)));
}

/**
 * The pool's other verb forms, most similar to `target` first: the same verb's other tenses, then forms of the
 * same root, then the rest; within each group by edit distance on the letters without nikkud. Ties keep the
 * order of `pool`, so a shuffled pool breaks them at random.
 */
export function rankDistractors(target: Word, pool: readonly Word[]): Word[] {
  const letters = hebrewLetters(plainHebrew(target));
  const keyed = pool
    .filter((w) => w !== target && w.id !== target.id)
    .map((w) => ({
      w,
      group: sameVerb(target, w) ? 0 : sharesRoot(target, w) ? 1 : 2,
      distance: editDistance(letters, hebrewLetters(plainHebrew(w))),
    }));
  keyed.sort((a, b) => a.group - b.group || a.distance - b.distance);
  return keyed.map((k) => k.w);
}

/** 5 verb forms, from as many different verbs as the pool has; the options are Hebrew forms with nikkud. */
export function buildVerbConjugation(words: readonly Word[], rng: Rng): VerbConjugationStart {
  const valid = words.filter((w) => isVerbEligible(w, "verb-conjugation"));
  if (valid.length < MIN_VERB_POOL) return { kind: "notEnoughVerbs", found: valid.length };
  const chosen = sampleSpread(valid, ROUND_SIZE, rng, (w) => w.verb?.trim() || plainHebrew(w));
  const questions = chosen.map((word): ConjugationQuestion => {
    const root = validRoots(word)[0] ?? null;
    const ranked = rankDistractors(word, shuffle(valid, rng)).map(displayHebrew);
    return {
      word,
      root: root?.root ?? null,
      rootDefinition: root?.definition ?? null,
      // isVerbEligible checked the tense.
      tense: normalizeTense(word.tense) as Tense,
      translation: word.translation.trim(),
      answer: displayHebrew(word),
      options: buildOptions(displayHebrew(word), ranked, rng, { ranked: true }),
    };
  });
  return { kind: "ready", quiz: startQuiz(questions, { retry: true }) };
}

export function verbConjugationResults(quiz: QuizState<ConjugationQuestion>, sessionId: string): GameResults {
  return {
    learnedWords: quiz.questions.slice(0, quiz.outcomes.length).map((q) => learnedWord(q.word)),
    learnedRoots: [],
    gameType: "verbConjugation",
    sessionId,
    ...quizScore(quiz),
  };
}
