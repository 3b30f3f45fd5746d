// A per-process, read-only copy of the content tables, rebuilt from the database whenever the loaded content's
// hash changes. Content changes only through the loader, so every process converges on the same copy; user data
// is never cached here.
import { LANGUAGES, type Language } from "@ivrit/core/languages";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { contentHash } from "./sync.ts";

type Texts = Record<Language, string>;
type CachedRoot = { root: string; meaning: Texts };
export type CachedModule = {
  id: number;
  slug: string;
  tier: number;
  isBeginner: boolean;
  name: Texts;
  fieldIds: number[];
  fieldNames: Record<Language, string[]>;
  wordCount: number;
};
export type CachedWord = {
  id: number;
  moduleId: number;
  tier: number;
  he: string;
  nikkud: string;
  translit: string;
  category: string;
  tense: string | null;
  verb: string | null;
  binyan: string | null;
  audioPath: string | null;
  tr: Texts;
  /** `orders`: the plain sentence's other correct word orders. */
  sentence: { he: string; nikkud: string; orders: string[]; tr: Texts } | null;
  roots: CachedRoot[];
  /** The verb's conjugation table by cell (decision 0018), shared by the verb's entries; null for other words. */
  forms: Record<string, { he: string; nikkud: string; translit: string }> | null;
};
type CachedLetter = {
  id: number;
  letter: string;
  name: string;
  translit: string;
  final: boolean;
  audioPath: string | null;
  description: Texts;
};
type CachedLetterVowel = {
  id: number;
  letterId: number;
  nikkudId: number;
  text: string;
  translit: string;
  nikkudName: string;
  audioPath: string | null;
};

export type ContentSnapshot = {
  hash: string | null;
  modules: CachedModule[];
  moduleById: Map<number, CachedModule>;
  words: CachedWord[];
  wordById: Map<number, CachedWord>;
  wordsByModule: Map<number, CachedWord[]>;
  wordsByRoot: Map<string, CachedWord[]>;
  /** Each tier's words in content order (a tier session's pool: not found again among all words per request). */
  wordsByTier: Map<number, CachedWord[]>;
  letters: CachedLetter[];
  letterVowels: CachedLetterVowel[];
};

type TrRow = { trEn: string; trFr: string; trEs: string; trRu: string; trUk: string; trAr: string };
const trTexts = (r: TrRow): Texts => ({ en: r.trEn, fr: r.trFr, es: r.trEs, ru: r.trRu, uk: r.trUk, ar: r.trAr });
type NameRow = { nameEn: string; nameFr: string; nameEs: string; nameRu: string; nameUk: string; nameAr: string };
const nameTexts = (r: NameRow): Texts => ({
  en: r.nameEn,
  fr: r.nameFr,
  es: r.nameEs,
  ru: r.nameRu,
  uk: r.nameUk,
  ar: r.nameAr,
});

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Every content table's rows, read at once. */
async function readRows(db: Db) {
  const [modules, fields, moduleFields, words, sentences, roots, wordRoots, letters, letterVowels, nikkud, verbs] =
    await Promise.all([
      db.select().from(t.modules),
      db.select().from(t.fields),
      db.select().from(t.moduleFields),
      db.select().from(t.words).orderBy(t.words.moduleId, t.words.position),
      db.select().from(t.sentences),
      db.select().from(t.roots),
      db.select().from(t.wordRoots),
      db.select().from(t.letters).orderBy(t.letters.id),
      db.select().from(t.letterVowels).orderBy(t.letterVowels.id),
      db.select().from(t.nikkud),
      db.select().from(t.verbForms),
    ]);
  return { modules, fields, moduleFields, words, sentences, roots, wordRoots, letters, letterVowels, nikkud, verbs };
}
type Rows = Awaited<ReturnType<typeof readRows>>;

/** The words in module order, each with its tier, sentence, roots and conjugation table. */
function cachedWords(rows: Rows): CachedWord[] {
  const formsOf = new Map(rows.verbs.map((v) => [v.verb, v.forms]));
  const sentenceBy = new Map(rows.sentences.map((s) => [s.wordId, s]));
  const rootBy = new Map(rows.roots.map((r) => [r.id, { root: r.root, meaning: trTexts(r) }]));
  const rootsOf = new Map<number, CachedRoot[]>();
  for (const l of rows.wordRoots) {
    const r = rootBy.get(l.rootId);
    if (r) push(rootsOf, l.wordId, r);
  }
  const tierOf = new Map(rows.modules.map((m) => [m.id, m.tier]));
  return rows.words.map((w) => {
    const s = sentenceBy.get(w.id);
    return {
      id: w.id,
      moduleId: w.moduleId,
      tier: tierOf.get(w.moduleId) ?? 1,
      he: w.he,
      nikkud: w.nikkud,
      translit: w.translit,
      category: w.category,
      tense: w.tense,
      verb: w.verb,
      binyan: w.binyan,
      audioPath: w.audioPath,
      tr: trTexts(w),
      sentence: s ? { he: s.he, nikkud: s.nikkud, orders: s.orders, tr: trTexts(s) } : null,
      roots: rootsOf.get(w.id) ?? [],
      forms: w.verb ? (formsOf.get(w.verb) ?? null) : null,
    };
  });
}

/** The modules with their fields' names and word counts: the beginner module first, then by tier and id. */
function cachedModules(rows: Rows, wordsByModule: ReadonlyMap<number, CachedWord[]>): CachedModule[] {
  const fieldNames = new Map(rows.fields.map((f) => [f.id, nameTexts(f)]));
  return rows.modules
    .map((m) => {
      const ids = rows.moduleFields.filter((x) => x.moduleId === m.id).map((x) => x.fieldId);
      const names = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, ids.map((id) => fieldNames.get(id)?.[lang] ?? "")]),
      ) as Record<Language, string[]>;
      return {
        id: m.id,
        slug: m.slug,
        tier: m.tier,
        isBeginner: m.isBeginner,
        name: nameTexts(m),
        fieldIds: ids,
        fieldNames: names,
        wordCount: wordsByModule.get(m.id)?.length ?? 0,
      };
    })
    .sort((a, b) => Number(b.isBeginner) - Number(a.isBeginner) || a.tier - b.tier || a.id - b.id);
}

async function readSnapshot(db: Db): Promise<ContentSnapshot> {
  const hash = await contentHash(db);
  const rows = await readRows(db);
  const words = cachedWords(rows);
  const wordsByModule = new Map<number, CachedWord[]>();
  const wordsByRoot = new Map<string, CachedWord[]>();
  const wordsByTier = new Map<number, CachedWord[]>();
  for (const w of words) {
    push(wordsByModule, w.moduleId, w);
    push(wordsByTier, w.tier, w);
    for (const r of w.roots) push(wordsByRoot, r.root, w);
  }
  const modules = cachedModules(rows, wordsByModule);
  const nikkudName = new Map(rows.nikkud.map((n) => [n.id, n.name]));
  return {
    hash,
    modules,
    moduleById: new Map(modules.map((m) => [m.id, m])),
    words,
    wordById: new Map(words.map((w) => [w.id, w])),
    wordsByModule,
    wordsByRoot,
    wordsByTier,
    letters: rows.letters.map((l) => ({
      id: l.id,
      letter: l.letter,
      name: l.name,
      translit: l.translit,
      final: l.final,
      audioPath: l.audioPath,
      description: {
        en: l.descriptionEn,
        fr: l.descriptionFr,
        es: l.descriptionEs,
        ru: l.descriptionRu,
        uk: l.descriptionUk,
        ar: l.descriptionAr,
      },
    })),
    letterVowels: rows.letterVowels.map((lv) => ({ ...lv, nikkudName: nikkudName.get(lv.nikkudId) ?? "" })),
  };
}

/** Holds the current snapshot and swaps it when the database's content hash changes. */
export class ContentCache {
  private readonly db: Db;
  current: ContentSnapshot;

  private constructor(db: Db, current: ContentSnapshot) {
    this.db = db;
    this.current = current;
  }

  static async create(db: Db): Promise<ContentCache> {
    return new ContentCache(db, await readSnapshot(db));
  }

  /** Re-reads the snapshot if another process (or the CLI) loaded different content. */
  async refreshIfChanged(): Promise<boolean> {
    const hash = await contentHash(this.db);
    if (hash === this.current.hash) return false;
    this.current = await readSnapshot(this.db);
    return true;
  }
}
