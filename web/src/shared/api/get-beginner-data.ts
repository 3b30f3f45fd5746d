// The three beginner pools; when the beginner calls fail, the words call with the beginner module
// (limit 400); when that module is locked, empty pools with locked (SPEC section 8).
import type { Language } from "@ivrit/core/languages";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import type { BeginnerLetter, BeginnerWord, LetterVowel, Word } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { logError } from "../log.ts";
import { getBeginnerLetters } from "./get-beginner-letters.ts";
import { getBeginnerWords } from "./get-beginner-words.ts";
import { getLetterVowels } from "./get-letter-vowels.ts";
import { getWords } from "./get-words.ts";
import { queryKeys } from "./query-keys.ts";

export interface BeginnerData {
  letters: BeginnerLetter[];
  combos: LetterVowel[];
  words: BeginnerWord[];
  locked: boolean;
  fallback: boolean;
}

const BEGINNER_FALLBACK_LIMIT = 400;

/** Splits the beginner module's words into the three pools by category. */
function poolsFromWords(items: readonly Word[]): Omit<BeginnerData, "locked" | "fallback"> {
  const letters: BeginnerLetter[] = [];
  const combos: LetterVowel[] = [];
  const words: BeginnerWord[] = [];
  for (const w of items) {
    const he = w.word_he || w.hebrew || w.word;
    if (w.category === "alphabet") {
      letters.push({
        id: w.id,
        letter_he: he,
        name: w.translation,
        transliteration: w.transliteration,
        final: false,
        description: "",
        pronunciation_audio: w.audio_path ?? w.pronunciation_audio,
      });
    } else if (w.category === "vowel_combo") {
      combos.push({
        id: w.id,
        alphabet_id: 0,
        nikkud_id: 0,
        letter_with_nikkud: w.word_with_nikkud || he,
        nikkud_name: "",
        transliteration: w.transliteration || w.translation,
        pronunciation_audio: w.audio_path ?? w.pronunciation_audio,
      });
    } else {
      words.push({
        id: w.id,
        word: he,
        word_with_nikkud: w.word_with_nikkud || he,
        translation: w.translation,
        transliteration: w.transliteration,
        pronunciation_audio: w.audio_path ?? w.pronunciation_audio,
        example_sentence_he: w.example?.he_nikkud || w.sentence_he || null,
        example_sentence_translation: w.example?.translation || w.sentence_translation || null,
      });
    }
  }
  return { letters, combos, words };
}

async function loadBeginnerData(language: Language, signal?: AbortSignal): Promise<BeginnerData> {
  try {
    const [letters, combos, words] = await Promise.all([
      getBeginnerLetters(language, signal),
      getLetterVowels(language, signal),
      getBeginnerWords(language, signal),
    ]);
    return { letters, combos, words, locked: false, fallback: false };
  } catch (error) {
    logError("beginner data, falling back to the words call", error);
  }
  const res = await getWords(
    { language, moduleId: BEGINNER_MODULE_ID, limit: String(BEGINNER_FALLBACK_LIMIT), fields: "full" },
    signal,
  );
  if (res.locked) return { letters: [], combos: [], words: [], locked: true, fallback: true };
  return { ...poolsFromWords(res.items), locked: false, fallback: true };
}

const beginnerDataQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: queryKeys.beginner(language),
    queryFn: ({ signal }) => loadBeginnerData(language, signal),
    staleTime: 10 * 60_000,
  });

export function useBeginnerData(language: Language) {
  return useQuery(beginnerDataQueryOptions(language));
}
