// A lean word (GET /words?fields=lean) as the SPEC's word. Its own module, free of zod: the web's first load
// imports it, and the schemas module would bring the whole validation library with it.
import type { LeanWord, Word } from "./schemas/api.ts";

/** A lean word as the SPEC's word (aliases filled in), for the screens that read that shape. */
export function expandLeanWord(w: LeanWord): Word {
  const roots = w.roots.map(([root, root_translation]) => ({ root, root_translation }));
  const s = w.sentence ?? null;
  return {
    id: w.id,
    module_id: w.module_id,
    word_he: w.he,
    hebrew: w.he,
    word: w.he,
    word_with_nikkud: w.nikkud,
    transliteration: w.translit,
    translation: w.translation,
    category: w.category,
    ...(w.partOfSpeech !== undefined && { partOfSpeech: w.partOfSpeech }),
    tense: w.tense,
    verb: w.verb,
    binyan: w.binyan,
    picture: w.picture ?? null,
    tier: w.tier,
    locked: w.locked,
    audio_path: w.audio,
    pronunciation_audio: w.audio,
    canPlayAudio: w.audio !== null,
    roots,
    rootsText: roots.map((r) => `${r.root} (${r.root_translation})`).join(", "),
    root: roots[0]?.root ?? null,
    sentence_he: s?.he ?? null,
    sentence_he_nikkud: s?.nikkud ?? null,
    sentence_translation: s?.translation ?? null,
    sentence_orders: s ? s.orders : null,
    example: s ? { he: s.he, he_nikkud: s.nikkud, translation: s.translation } : null,
    forms: w.forms ?? null,
  };
}
