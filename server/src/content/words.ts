// The /words query over the content snapshot: modes (module, roots, tiers), filters, random order, paging,
// and the preview rule (words above the user's tier come back locked, without example sentences).

import { normalizeAnswer } from "@ivrit/core/hebrew";
import type { Language } from "@ivrit/core/languages";
import { isLocked } from "@ivrit/core/plans";
import { createRng, randomSeed, shuffle } from "@ivrit/core/rng";
import type { LeanWord, Module, Word, WordsQuery } from "@ivrit/core/schemas/api";
import type { CachedModule, CachedWord, ContentSnapshot } from "./cache.ts";
import { type StringCache, stringCache } from "./lru.ts";

const LIMITS = {
  defaultLimit: 50,
  /** Roots and tiers modes (SPEC section 5). */
  maxMergedLimit: 200,
  /** Module mode: the module word page (200) and the beginner fallback (400). */
  maxModuleLimit: 400,
  perTierLimit: 150,
  limitPerRoot: 30,
} as const;

export class NotFound extends Error {}

export function toApiModule(m: CachedModule, lang: Language, userTier: number): Module {
  return {
    id: m.id,
    module_id: m.id,
    name: m.name[lang],
    tier: m.tier,
    is_beginner: m.isBeginner,
    word_count: m.wordCount,
    field_ids: m.fieldIds,
    field_names: m.fieldNames[lang],
    locked: isLocked(m.tier, userTier),
  };
}

/**
 * How much of a word an answer carries: the SPEC's full or compact word, or lean, which carries the example sentence
 * and the verb's table only when asked (`sentences`, `forms`).
 */
type WordOpts = {
  userTier: number;
  fields: "full" | "compact" | "lean";
  sentences: boolean;
  forms: boolean;
  includeRoots: boolean;
};

function toLeanWord(w: CachedWord, lang: Language, opts: WordOpts): LeanWord {
  const locked = isLocked(w.tier, opts.userTier);
  const s = locked || !opts.sentences ? null : w.sentence;
  return {
    id: w.id,
    module_id: w.moduleId,
    he: w.he,
    nikkud: w.nikkud,
    translit: w.translit,
    translation: w.tr[lang],
    category: w.category,
    partOfSpeech: w.partOfSpeech,
    tense: w.tense,
    verb: w.verb,
    binyan: w.binyan,
    picture: w.picture,
    tier: w.tier,
    locked,
    audio: w.audioPath,
    roots: opts.includeRoots ? w.roots.map((r): [string, string] => [r.root, r.meaning[lang]]) : [],
    ...(opts.sentences && {
      sentence: s ? { he: s.he, nikkud: s.nikkud, translation: s.tr[lang], orders: s.orders } : null,
    }),
    ...(opts.forms && !locked && w.forms && { forms: w.forms }),
  };
}

function toApiWord(w: CachedWord, lang: Language, opts: WordOpts): Word | LeanWord {
  if (opts.fields === "lean") return toLeanWord(w, lang, opts);
  const locked = isLocked(w.tier, opts.userTier);
  const roots = opts.includeRoots ? w.roots.map((r) => ({ root: r.root, root_translation: r.meaning[lang] })) : [];
  const word: Word = {
    id: w.id,
    module_id: w.moduleId,
    word_he: w.he,
    hebrew: w.he,
    word: w.he,
    word_with_nikkud: w.nikkud,
    transliteration: w.translit,
    translation: w.tr[lang],
    category: w.category,
    partOfSpeech: w.partOfSpeech,
    tense: w.tense,
    verb: w.verb,
    binyan: w.binyan,
    picture: w.picture,
    tier: w.tier,
    locked,
    audio_path: w.audioPath,
    pronunciation_audio: w.audioPath,
    canPlayAudio: w.audioPath !== null,
    roots,
    rootsText: roots.map((r) => `${r.root} (${r.root_translation})`).join(", "),
    root: roots[0]?.root ?? null,
  };
  if (opts.fields === "compact") return word;
  const s = locked ? null : w.sentence;
  return {
    ...word,
    word_en: w.tr.en,
    word_fr: w.tr.fr,
    word_es: w.tr.es,
    word_ru: w.tr.ru,
    word_uk: w.tr.uk,
    word_ar: w.tr.ar,
    sentence_he: s?.he ?? null,
    sentence_he_nikkud: s?.nikkud ?? null,
    sentence_en: s?.tr.en ?? null,
    sentence_fr: s?.tr.fr ?? null,
    sentence_es: s?.tr.es ?? null,
    sentence_ru: s?.tr.ru ?? null,
    sentence_uk: s?.tr.uk ?? null,
    sentence_ar: s?.tr.ar ?? null,
    sentence_translation: s?.tr[lang] ?? null,
    // The plain sentence's other correct word orders (the scramble accepts any): [] when there are none.
    sentence_orders: s ? s.orders : null,
    example: s ? { he: s.he, he_nikkud: s.nikkud, translation: s.tr[lang] } : null,
    // A verb's whole conjugation table (decision 0018); like the sentence, not for a locked word.
    forms: locked ? null : w.forms,
  };
}

/**
 * Bounded in bytes: words x six languages x variants grows with the content. The bound holds every lean variant of
 * one language's words; why this size and not twice it is in decision 0065.
 */
const serialized = new WeakMap<ContentSnapshot, StringCache>();
const WORD_JSON_BYTES = 12 * 1024 * 1024;

/**
 * A word's JSON, memoized per snapshot, language and variant (its fields, locked or not): the hot path of
 * /words joins these strings instead of building and serializing dozens of objects per request.
 */
export function wordJson(snap: ContentSnapshot, w: CachedWord, lang: Language, opts: WordOpts): string {
  if (!opts.includeRoots) return JSON.stringify(toApiWord(w, lang, opts));
  const lean = opts.fields === "lean" ? `${opts.sentences ? "s" : ""}${opts.forms ? "f" : ""}` : "";
  const key = `${w.id}|${lang}|${opts.fields}${lean}|${isLocked(w.tier, opts.userTier) ? "l" : "u"}`;
  let memo = serialized.get(snap);
  if (!memo) {
    memo = stringCache(WORD_JSON_BYTES);
    serialized.set(snap, memo);
  }
  let json = memo.get(key);
  if (json === undefined) {
    json = JSON.stringify(toApiWord(w, lang, opts));
    memo.set(key, json);
  }
  return json;
}

/** Splits "כ-ת-ב,ד-ב-ר" (dashes optional) into root keys. */
function parseRoots(text: string): string[] {
  // The content's keys: letters as written (finals kept), a sin dot kept (ח-פ-שׂ is not ח-פ-ש).
  return text
    .split(",")
    .map((r) => {
      const letters = r.normalize("NFC").replace(/[^\u05D0-\u05EA\u05C2]/gu, "");
      return [...letters.matchAll(/[\u05D0-\u05EA]\u05C2?/gu)].map((m) => m[0]).join("-");
    })
    .filter((r) => r.length > 0);
}

/** Whether `matches` can refuse any word for this query (the fields it reads). */
const filtersWords = (q: WordsQuery) => Boolean(q.category || q.tense || q.hasRoots || q.chip || q.q);

function matches(w: CachedWord, q: WordsQuery, lang: Language): boolean {
  if (q.category && !w.category.startsWith(q.category)) return false;
  if (q.tense && w.tense !== q.tense) return false;
  if (q.hasRoots && w.roots.length === 0) return false;
  if (q.chip) {
    const chip = q.chip.toLowerCase();
    const ok =
      chip === "roots" ? w.roots.length > 0 : w.category === chip || w.partOfSpeech === chip || w.tense === chip;
    if (!ok) return false;
  }
  if (q.q) {
    const needle = normalizeAnswer(q.q);
    const hay = [w.he, w.nikkud, w.translit.replaceAll("-", ""), w.tr[lang]].map(normalizeAnswer);
    if (!hay.some((h) => h.includes(needle))) return false;
  }
  return true;
}

type WordsResult = {
  items: CachedWord[];
  module: CachedModule | null;
  tier: number | null;
  total: number;
  locked: boolean;
};

export function selectWords(snap: ContentSnapshot, q: WordsQuery, userTier: number): WordsResult {
  const rng = createRng(q.seed ?? randomSeed());
  const random = q.random === true || q.seed !== undefined;
  const order = (list: CachedWord[]) => (random ? shuffle(list, rng) : list);
  let pool: CachedWord[];
  let module: CachedModule | null = null;
  let tier: number | null = q.tier ?? null;
  let max: number = LIMITS.maxMergedLimit;

  if (q.moduleId !== undefined) {
    module = snap.moduleById.get(q.moduleId) ?? null;
    if (!module) throw new NotFound(`module ${q.moduleId} not found`);
    tier = module.tier;
    max = LIMITS.maxModuleLimit;
    pool = order((snap.wordsByModule.get(module.id) ?? []).filter((w) => matches(w, q, q.language)));
  } else if (q.roots) {
    const perRoot = q.limitPerRoot ?? LIMITS.limitPerRoot;
    const seen = new Set<number>();
    pool = [];
    for (const root of parseRoots(q.roots)) {
      const list = (snap.wordsByRoot.get(root) ?? []).filter(
        (w) => matches(w, q, q.language) && (q.includeDerived !== false || w.category === "verb"),
      );
      for (const w of order(list).slice(0, perRoot)) {
        if (!seen.has(w.id)) pool.push(w);
        seen.add(w.id);
      }
    }
  } else {
    let tiers: number[] | null = q.tiers ?? (q.tier !== undefined ? [q.tier] : null);
    if (tiers && q.includeLowerTiers) {
      const top = Math.max(...tiers);
      tiers = [1, 2, 3].filter((t) => t <= top);
    }
    // In content order, as a filter of snap.words gives them; a session's query has no filter: its tiers' words
    // are taken from the snapshot's index.
    const unfiltered = !filtersWords(q);
    const inTier = (t: number) =>
      unfiltered
        ? (snap.wordsByTier.get(t) ?? [])
        : snap.words.filter((w) => w.tier === t && matches(w, q, q.language));
    if (tiers && tiers.length > 1) {
      // Each tier contributes at most perTierLimit words; merged in tier order unless shuffled after merging.
      const perTier = q.perTierLimit ?? LIMITS.perTierLimit;
      pool = tiers.flatMap((t) => order(inTier(t)).slice(0, perTier));
      if (q.shuffleAfterMerge) pool = shuffle(pool, rng);
    } else if (tiers) {
      pool = order(inTier(tiers[0] as number));
    } else {
      pool = order(unfiltered ? snap.words : snap.words.filter((w) => matches(w, q, q.language)));
    }
  }
  const limit = Math.min(q.limit ?? LIMITS.defaultLimit, max);
  const offset = q.offset ?? 0;
  const locked = module ? isLocked(module.tier, userTier) : tier !== null && isLocked(tier, userTier);
  return { items: pool.slice(offset, offset + limit), module, tier, total: pool.length, locked };
}
