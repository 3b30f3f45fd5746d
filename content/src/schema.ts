// The shape of the vocabulary files in content/. This is the contract between authors, the checker
// (content/src/check.ts) and the server's loader (server/src/content/load.ts).
import { PARTS_OF_SPEECH } from "@ivrit/core/parts-of-speech";
import { z } from "zod";

export const LANGS = ["en", "fr", "es", "ru", "uk", "ar"] as const;
/** The true part of speech (issue 27, decision 0090); the list lives in core (the API maps it onto `category`). */
export const POS = PARTS_OF_SPEECH;
export const TENSES = ["present", "past", "future", "infinitive"] as const;
export const BEGINNER_MODULE_ID = 93;

const text = z.string().trim().min(1);
/** A text in each of the six interface languages. */
export const i18nText = z.strictObject({
  en: text,
  fr: text,
  es: text,
  ru: text,
  uk: text,
  ar: text,
});

/** Hebrew letters (and maqaf, geresh, gershayim, spaces, punctuation) without any nikkud. */
export const plainHebrew = text.regex(
  /^[\u05D0-\u05EA\u05BE\u05F3\u05F4'"\- ?.!,:;()]+$/u,
  "plain Hebrew letters only",
);
/** Hebrew with nikkud marks. */
export const pointedHebrew = text.regex(
  /^[\u0591-\u05C7\u05D0-\u05EA\u05F3\u05F4'"\- ?.!,:;()]+$/u,
  "Hebrew letters and marks only",
);

/**
 * Transliteration with stress: syllables joined by '-', the stressed syllable in capitals, words separated
 * by spaces: "sha-LOM", "bo-KER TOV", "ko-TE-vet", "KEN".
 */
export const translit = text.regex(/^[a-zA-Z' -]+$/, "latin letters, ' and - only");

/**
 * A root: its letters joined by '-', the last one in final form where it has one: "כ-ת-ב", "ש-ל-ם". A ש may carry
 * its sin dot where two roots differ only by it (ח-פ-ש freedom, ח-פ-שׂ searching).
 */
export const rootKey = z
  .string()
  .regex(/^(?:ש\u05C2|[\u05D0-\u05EA])(-(?:ש\u05C2|[\u05D0-\u05EA])){1,4}$/u, "root like כ-ת-ב (or ח-פ-שׂ)");

export const example = z.strictObject({
  he: plainHebrew, // full spelling (ktiv male), no marks
  nikkud: pointedHebrew, // the same sentence with nikkud
  tr: i18nText,
  // Other word orders that are also correct Hebrew (plain, the same words: מחר הוא יפגוש את המורה.), for the
  // sentence scramble, which accepts any of them.
  orders: z.array(plainHebrew).optional(),
  // The cloze gap (issue 28) where core's findGap cannot find it without doubt but the entry is there in another
  // form (a plural, a construct or suffixed form, a feminine adjective): word `word` (0-based, the sentence split
  // on single spaces), its first `prefix` letters attached prefixes (ו ה ב כ ל מ ש) outside the gap.
  gap: z.strictObject({ word: z.number().int().min(0), prefix: z.number().int().min(0).max(4) }).optional(),
});

/** A Twemoji file name without ".svg": lower-case hex code points joined by "-" ("1f34e", "1f468-200d-1f3eb"). */
export const pictureFile = z.string().regex(/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/, "a Twemoji file name like 1f34e");

export const word = z.strictObject({
  id: z.number().int().positive(),
  he: plainHebrew, // full spelling (ktiv male) the way a newspaper writes it
  nikkud: pointedHebrew,
  translit,
  pos: z.enum(POS),
  tense: z.enum(TENSES).optional(), // required for verbs, absent otherwise
  verb: plainHebrew.optional(), // verbs: the infinitive (plain) that groups the forms of one verb
  binyan: z.enum(["paal", "nifal", "piel", "pual", "hifil", "hufal", "hitpael"]).optional(),
  roots: z.array(rootKey).default([]),
  tr: i18nText,
  example,
  // A picture of this very word (issue 28.3, decision 0104): the file name of a Twemoji SVG (@twemoji/svg) without
  // ".svg", its code points in hex joined by "-" as the package names its files: "1f34e" for 🍎.
  picture: pictureFile.optional(),
  note: z.string().optional(), // for reviewers: why an unusual choice is right
});

export const moduleFile = z.strictObject({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  fields: z.array(z.string().regex(/^[a-z-]+$/)).default([]),
  name: i18nText,
  words: z.array(word).min(1),
});

export const fieldsFile = z.array(
  z.strictObject({ slug: z.string().regex(/^[a-z-]+$/), id: z.number().int().positive(), name: i18nText }),
);

/** content/roots/*.json: root -> its meaning in six languages. A root is defined in exactly one file. */
export const rootsFile = z.record(rootKey, i18nText);

export const letter = z.strictObject({
  id: z.number().int().min(1).max(27),
  letter: z.string().regex(/^[\u05D0-\u05EA]$/u),
  name: translit, // "A-lef"
  translit: z.string().min(1), // how it sounds: "silent / a", "b / v"
  sound: translit, // what the audio says, with stress: "A-lef"
  final: z.boolean().default(false),
  description: i18nText,
});

export const nikkud = z.strictObject({
  id: z.number().int().min(1).max(20),
  mark: z.string().min(1), // the combining mark(s), or "וֹ" / "וּ" for holam male / shuruk
  name: translit,
  sound: z.string().regex(/^[a-z]*$/), // "a", "e", "i", "o", "u", "" for silent shva
});

export const letterVowel = z.strictObject({
  id: z.number().int().positive(), // letter id * 100 + nikkud id
  letterId: z.number().int(),
  nikkudId: z.number().int(),
  text: pointedHebrew,
  translit,
});

export type Word = z.infer<typeof word>;
export type ModuleFile = z.infer<typeof moduleFile>;
export type Lang = (typeof LANGS)[number];
