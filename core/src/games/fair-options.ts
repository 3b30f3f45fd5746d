// Fair wrong options (issue 12.4): a wrong option is worth offering when it looks like the answer could (the
// same part of speech and form, so "to ..." is not the only infinitive) and is truly wrong: never a second
// right answer (a synonym sharing a sense, or the same Hebrew word read with another meaning).
import { normalizeAnswer } from "../hebrew.ts";
import { type Rng, shuffle } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import { normalizeTense } from "./eligibility.ts";
import { plainHebrew } from "./word-fields.ts";

/**
 * The senses of a translation: its parts split at commas, semicolons and slashes, without what is in
 * brackets, lower case. "class, classroom" has two senses; "wrote (he)" is "wrote".
 */
export function senses(translation: string): string[] {
  return translation
    .replace(/\([^)]*\)|\[[^\]]*\]/gu, " ")
    .split(/[,;/]/u)
    .map((s) => normalizeAnswer(s).replace(/\s+/gu, " ").trim())
    .filter((s) => s !== "");
}

/**
 * A test of whether another word's translation would also be a right answer for `word`'s Hebrew: it shares a
 * sense with the word's translation or with that of any word of `pool` spelled with the same Hebrew letters (a
 * homograph, or the same word in another module with another meaning), or it is itself such a word.
 */
export function alsoRightIn(word: Word, pool: readonly Word[]): (other: Word) => boolean {
  const hebrew = normalizeAnswer(plainHebrew(word));
  const sameHebrew = (w: Word) => hebrew !== "" && normalizeAnswer(plainHebrew(w)) === hebrew;
  const right = new Set([word, ...pool.filter(sameHebrew)].flatMap((w) => senses(w.translation)));
  return (other) => sameHebrew(other) || senses(other.translation).some((s) => right.has(s));
}

/**
 * The word's part of speech ("verb", "noun", "pronoun", …): its `partOfSpeech` (decision 0090), or for a word
 * from an older answer the category before any qualifier.
 */
export function partOfSpeech(word: Pick<Word, "category" | "partOfSpeech">): string {
  const pos = word.partOfSpeech?.trim();
  return pos ? pos : (normalizeAnswer(word.category).split(/[\s_:-]/u)[0] ?? "");
}

/** The form a verb is in (its tense: "to …", "will …"); "" for other words. */
function form(word: Word): string {
  return partOfSpeech(word) === "verb" ? (normalizeTense(word.tense) ?? "") : "";
}

/**
 * The other words of `pool` worth offering as wrong options for `word`, best first: the same part of speech and
 * form, then the same part of speech, then the rest (each group in random order). Words that would also be
 * right are left out.
 */
export function fairDistractors(word: Word, pool: readonly Word[], rng: Rng): Word[] {
  const pos = partOfSpeech(word);
  const shape = form(word);
  const groups: Word[][] = [[], [], []];
  const right = alsoRightIn(word, pool);
  for (const other of shuffle(pool, rng)) {
    if (other.id === word.id || right(other)) continue;
    const samePos = partOfSpeech(other) === pos;
    (groups[samePos && form(other) === shape ? 0 : samePos ? 1 : 2] as Word[]).push(other);
  }
  return groups.flat();
}
