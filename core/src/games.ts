// The one list of games: it drives the router, the chooser cards, the play record and the engines.
export const MODULE_GAMES = [
  "translation-match",
  "word-search",
  "sentence-scramble",
  "verb-conjugation",
  "tense-guesser",
  "flashcards",
  "root-recall",
  "root-tree",
] as const;
export type ModuleGame = (typeof MODULE_GAMES)[number];
export const BEGINNER_GAMES = ["letters", "letter-vowel", "words"] as const;
export type BeginnerGame = (typeof BEGINNER_GAMES)[number];

/** Names sent in the play record (SPEC section 7). */
export const GAME_NAMES = [
  "letter_learning",
  "letter_vowel_learning",
  "word_learning",
  "translation_match",
  "word_search",
  "sentence_scramble",
  "verb_conjugation_challenge",
  "tense_guesser",
  "flashcards",
  "root_word_recall",
  "root_tree",
] as const;
export type GameName = (typeof GAME_NAMES)[number];

export function gameName(game: ModuleGame | BeginnerGame): GameName {
  switch (game) {
    case "translation-match":
      return "translation_match";
    case "word-search":
      return "word_search";
    case "sentence-scramble":
      return "sentence_scramble";
    case "verb-conjugation":
      return "verb_conjugation_challenge";
    case "tense-guesser":
      return "tense_guesser";
    case "flashcards":
      return "flashcards";
    case "root-recall":
      return "root_word_recall";
    case "root-tree":
      return "root_tree";
    case "letters":
      return "letter_learning";
    case "letter-vowel":
      return "letter_vowel_learning";
    case "words":
      return "word_learning";
  }
}
