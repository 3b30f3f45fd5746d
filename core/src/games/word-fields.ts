// Reading a Word the same way in every engine: the API sends the Hebrew under three names (SPEC section 3)
// and the pointed form may be empty.
import type { Word } from "../schemas/api.ts";
import type { LearnedRoot, LearnedWord } from "./results.ts";

/** The plain Hebrew (no nikkud), trimmed; "" when the word has none. */
export function plainHebrew(word: Pick<Word, "hebrew" | "word_he" | "word">): string {
  for (const text of [word.hebrew, word.word_he, word.word]) {
    const t = (text ?? "").trim();
    if (t !== "") return t;
  }
  return "";
}

/** What the screens show: the pointed form where there is one, else the plain Hebrew. */
export function displayHebrew(word: Pick<Word, "hebrew" | "word_he" | "word" | "word_with_nikkud">): string {
  const pointed = (word.word_with_nikkud ?? "").trim();
  return pointed !== "" ? pointed : plainHebrew(word);
}

export function learnedWord(word: Word): LearnedWord {
  return {
    id: word.id,
    hebrew: plainHebrew(word),
    word_with_nikkud: displayHebrew(word),
    translation: word.translation.trim(),
    audio_path: word.audio_path,
  };
}

export function learnedRoot(root: string, definition: string, word: Word): LearnedRoot {
  return {
    root,
    root_definition: definition,
    word: plainHebrew(word),
    word_with_nikkud: displayHebrew(word),
    hebrew: plainHebrew(word),
    translation: word.translation.trim(),
    audio_path: word.audio_path,
    id: word.id,
  };
}
