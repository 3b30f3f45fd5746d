// One shape for the word card, built from API words, beginner items and game results.
import type { BeginnerLetter, BeginnerWord, LetterVowel, Word } from "@ivrit/core/schemas/api";

export interface CardWord {
  key: string;
  hebrew: string;
  nikkud: string;
  translation: string;
  transliteration?: string;
  roots: { root: string; meaning: string }[];
  tense?: string | null;
  category?: string | null;
  audioPath?: string | null;
  sentenceHe?: string | null;
  sentenceTranslation?: string | null;
  /** Example hidden because the word is above the plan. */
  locked?: boolean;
  /** A verb's whole conjugation table by cell (decision 0018), shown collapsed on the card. */
  forms?: Record<string, { he: string; nikkud: string; translit: string }> | null;
  /** The word's picture, a Twemoji file name (decision 0104): shown from /pictures/<picture>.svg. */
  picture?: string | null;
}

const hasLetter = /\p{L}/u;

/** Roots are shown only when the translation contains a letter (SPEC section 2, Words page). */
export function showRoots(w: Pick<CardWord, "translation" | "roots">): boolean {
  return w.roots.length > 0 && hasLetter.test(w.translation);
}

export function fromWord(w: Word): CardWord {
  const hebrew = w.word_he || w.hebrew || w.word || "";
  return {
    key: `w${w.id}`,
    hebrew,
    nikkud: w.word_with_nikkud || hebrew,
    translation: w.translation ?? "",
    transliteration: w.transliteration,
    roots: (w.roots ?? [])
      .filter((r) => r.root && r.root !== "N/A")
      .map((r) => ({ root: r.root, meaning: r.root_translation })),
    tense: w.tense,
    // The badge names the true part of speech (decision 0090); an older answer has only the category.
    category: w.partOfSpeech || w.category,
    audioPath: w.audio_path ?? w.pronunciation_audio,
    sentenceHe: w.example?.he_nikkud || w.sentence_he_nikkud || w.example?.he || w.sentence_he || null,
    sentenceTranslation: w.example?.translation || w.sentence_translation || null,
    locked: w.locked,
    forms: w.forms ?? null,
    picture: w.picture ?? null,
  };
}

export function fromBeginnerWord(w: BeginnerWord): CardWord {
  return {
    key: `b${w.id}`,
    hebrew: w.word,
    nikkud: w.word_with_nikkud || w.word,
    translation: w.translation,
    transliteration: w.transliteration,
    roots: [],
    audioPath: w.pronunciation_audio,
    sentenceHe: w.example_sentence_he,
    sentenceTranslation: w.example_sentence_translation,
    picture: w.picture ?? null,
  };
}

export function fromLetter(l: BeginnerLetter): CardWord {
  const named = l.name ? `${l.name} (${l.transliteration})` : l.transliteration;
  return {
    key: `l${l.id}`,
    hebrew: l.letter_he,
    nikkud: l.letter_he,
    // The API sends the description in the learner's language ("ألف: لا يُلفظ..."), which says the sound too; the
    // Latin name stays beside it (the sound field is English for some letters: "silent"). Without a description
    // (the words-call fallback) the name and sound.
    translation: l.description?.trim() ? l.description : named,
    transliteration: l.description?.trim() ? l.name || l.transliteration : l.transliteration,
    roots: [],
    category: "alphabet",
    audioPath: l.pronunciation_audio,
  };
}

export function fromLetterVowel(c: LetterVowel): CardWord {
  return {
    key: `c${c.id}`,
    hebrew: c.letter_with_nikkud,
    nikkud: c.letter_with_nikkud,
    translation: c.transliteration,
    transliteration: c.transliteration,
    roots: [],
    category: "vowel_combo",
    audioPath: c.pronunciation_audio,
  };
}
