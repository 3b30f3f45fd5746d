// The true part of speech of a word (issue 27.2, decision 0090) and the SPEC's `category` it is answered as.
// Its own module, free of zod: the content schema, the server's loader and the games read it.

/** Every part of speech an entry may carry (content/FORMAT.md says what goes where). */
export const PARTS_OF_SPEECH = [
  "noun",
  "verb",
  "adjective",
  "adverb",
  "pronoun",
  "preposition",
  "conjunction",
  "numeral",
  "question",
  "particle",
  "interjection",
  "phrase",
  "expression",
] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/** The SPEC's word categories (section 4), what GET /words answers as `category` for old clients. */
export const WORD_CATEGORIES = ["noun", "verb", "adjective", "adverb", "phrase", "expression"] as const;
export type WordCategory = (typeof WORD_CATEGORIES)[number];

const CATEGORY_OF: Record<PartOfSpeech, WordCategory> = {
  noun: "noun",
  verb: "verb",
  adjective: "adjective",
  adverb: "adverb",
  // A number word behaves as a noun in the SPEC's six; the closed classes were phrases there.
  numeral: "noun",
  pronoun: "phrase",
  preposition: "phrase",
  conjunction: "phrase",
  question: "phrase",
  particle: "phrase",
  interjection: "phrase",
  phrase: "phrase",
  expression: "expression",
};

/** The one place the new parts of speech are mapped onto the SPEC's `category`. */
export function categoryOf(pos: PartOfSpeech): WordCategory {
  return CATEGORY_OF[pos];
}

export function isPartOfSpeech(value: unknown): value is PartOfSpeech {
  return typeof value === "string" && (PARTS_OF_SPEECH as readonly string[]).includes(value);
}
