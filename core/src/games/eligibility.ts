// Which words each game can use: SPEC section 5 "Word eligibility", plus the tense labels of section 4.
import type { ModuleGame } from "../games.ts";
import { hebrewLetters, stripNikkud } from "../hebrew.ts";
import type { Tense, Word } from "../schemas/api.ts";
import { WORD_SEARCH } from "./constants.ts";
import { plainHebrew } from "./word-fields.ts";

type VerbGame = "verb-conjugation" | "tense-guesser";

/** Lower case, no nikkud, runs of spaces, hyphens and underscores as one space. */
function label(text: string): string {
  return stripNikkud(text)
    .toLocaleLowerCase()
    .replace(/[\s_\-\u05BE]+/gu, " ")
    .trim();
}

const TENSE_LABELS: Record<string, Tense> = {
  present: "present",
  הווה: "present",
  הוה: "present",
  past: "past",
  עבר: "past",
  future: "future",
  עתיד: "future",
  infinitive: "infinitive",
  "שם הפועל": "infinitive",
  "שם פועל": "infinitive",
  מקור: "infinitive",
};

/** The tense a label names, from English or Hebrew variants ("Past", " עָבָר ", "present tense", "שם-הפועל"). */
export function normalizeTense(raw: string | null | undefined): Tense | null {
  if (typeof raw !== "string") return null;
  // "past tense" and "זמן עבר" name the same tense as "past" and "עבר".
  const text = label(raw)
    .replace(/ tense$/u, "")
    .replace(/^זמן /u, "");
  return TENSE_LABELS[text] ?? null;
}

/** Verb games need a category starting with verb or infinitive; the tense guesser also takes פועל. */
function isVerbCategory(category: string | null | undefined, game: VerbGame): boolean {
  const c = label(category ?? "");
  if (c.startsWith("verb") || c.startsWith("infinitive")) return true;
  return game === "tense-guesser" && c.startsWith("פועל");
}

export function isVerbEligible(word: Word, game: VerbGame): boolean {
  return (
    isVerbCategory(word.category, game) &&
    plainHebrew(word) !== "" &&
    word.translation.trim() !== "" &&
    normalizeTense(word.tense) !== null
  );
}

export function isTranslationEligible(word: Word): boolean {
  return word.translation.trim() !== "";
}

export interface Sentence {
  /** The pointed sentence where there is one: it is what the tiles show. */
  hebrew: string;
  translation: string;
}

/** The example sentence and its translation, or null when either is empty. */
export function sentenceOf(word: Word): Sentence | null {
  const plain = (word.sentence_he ?? word.example?.he ?? "").trim();
  const pointed = (word.sentence_he_nikkud ?? word.example?.he_nikkud ?? "").trim();
  const translation = (word.sentence_translation ?? word.example?.translation ?? "").trim();
  const hebrew = pointed !== "" ? pointed : plain;
  if (hebrew === "" || translation === "") return null;
  return { hebrew, translation };
}

export function isSentenceEligible(word: Word): boolean {
  return sentenceOf(word) !== null;
}

const HEBREW_LETTER = /^[\u05D0-\u05EA]$/u;

/**
 * The letters the word search writes into the grid: the plain spelling with vowel marks, spaces and ? . !
 * removed (SPEC section 5), final forms kept. Null when the word is not eligible: empty, more than 6 letters,
 * or anything left that is not a Hebrew letter (a hyphen or the quote of an abbreviation cannot be a cell).
 */
export function wordSearchLetters(word: Word): string[] | null {
  const letters = [...stripNikkud(plainHebrew(word)).replace(/[\s?.!]/gu, "")];
  if (letters.length === 0 || letters.length > WORD_SEARCH.MAX_WORD_LETTERS) return null;
  return letters.every((c) => HEBREW_LETTER.test(c)) ? letters : null;
}

export function isWordSearchEligible(word: Word): boolean {
  return wordSearchLetters(word) !== null;
}

const NOT_APPLICABLE = new Set(["n/a", "na", "n.a.", "none", "null", "-", "–", "—", "?", "אין"]);

/** True for "N/A" and the other ways content says a word has no root. */
function isNotApplicableRoot(root: string): boolean {
  const t = stripNikkud(root).trim().toLocaleLowerCase();
  return t === "" || NOT_APPLICABLE.has(t);
}

/** A root is 2 to 5 Hebrew letters, optionally separated by hyphens, dots or spaces (כ-ת-ב, כתב, ת.ר.ג.מ). */
export function isValidRoot(root: string): boolean {
  if (isNotApplicableRoot(root)) return false;
  return /^[\u05D0-\u05EA](?:[-.\s\u05BE]?[\u05D0-\u05EA]){1,4}$/u.test(stripNikkud(root).trim());
}

/** Folds spellings of one root together: ב-ר-ך, ברך and ב.ר.כ are the same root. */
export function rootKey(root: string): string {
  // Letters, finals as their base; a sin dot stays: ח-פ-שׂ (searching) is not ח-פ-ש (freedom).
  const marked = root.normalize("NFC").replace(/[^\u05D0-\u05EA\u05C2]/gu, "");
  const sin = [...marked.matchAll(/[\u05D0-\u05EA]\u05C2?/gu)].map((m) => m[0].length > 1);
  return [...hebrewLetters(root)].map((l, i) => (sin[i] ? `${l}\u05C2` : l)).join("-");
}

interface RootMeaning {
  root: string;
  definition: string;
}

/** The word's roots that the root games can ask about: valid, not N/A, with a meaning; one per root. */
export function validRoots(word: Word): RootMeaning[] {
  const out: RootMeaning[] = [];
  const seen = new Set<string>();
  for (const entry of word.roots) {
    const root = entry.root.trim();
    const definition = entry.root_translation.trim();
    if (!isValidRoot(root) || isNotApplicableRoot(definition)) continue;
    const key = rootKey(root);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ root, definition });
  }
  return out;
}

function hasValidRoot(word: Word): boolean {
  return validRoots(word).length > 0;
}

/** The words of a loaded pool that a game can use. */
export function eligibleWords(game: ModuleGame, words: readonly Word[]): Word[] {
  switch (game) {
    case "translation-match":
      return words.filter(isTranslationEligible);
    case "word-search":
      return words.filter(isWordSearchEligible);
    case "sentence-scramble":
      return words.filter(isSentenceEligible);
    case "verb-conjugation":
    case "tense-guesser":
      return words.filter((w) => isVerbEligible(w, game));
    case "flashcards":
      // The SPEC filters nothing here: a word without Hebrew shows the '[Missing Hebrew]' placeholder.
      return [...words];
    case "root-recall":
    case "root-tree":
      return words.filter(hasValidRoot);
  }
}
