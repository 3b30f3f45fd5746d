// A per-process, read-only copy of the content tables, rebuilt from the database whenever the loaded content's
// hash changes. Content changes only through the loader, so every process converges on the same copy; user data
// is never cached here.
import type { Gap } from "@ivrit/core/cloze";
import { LANGUAGES, type Language } from "@ivrit/core/languages";
import type { VerbForm } from "@ivrit/core/schemas/api";
import { eq } from "drizzle-orm";
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
  partOfSpeech: string;
  tense: string | null;
  verb: string | null;
  binyan: string | null;
  /** A Twemoji file name (decision 0104), served at /pictures/<picture>.svg; null when the word has none. */
  picture: string | null;
  audioPath: string | null;
  tr: Texts;
  /**
   * `orders`: the plain sentence's other correct word orders. `gap`: the entry's word in the sentence for the
   * cloze (core/src/cloze.ts: clozeOf cuts the sentence around it), null when the sentence has none.
   */
  sentence: { he: string; nikkud: string; orders: string[]; tr: Texts; gap: Gap | null } | null;
  roots: CachedRoot[];
  /** The verb's conjugation table by cell (decision 0018), shared by the verb's entries; null for other words. */
  forms: Record<string, VerbForm> | null;
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
  /** Retired word ids -> the ids that teach those entries now (content/moved.json, decision 0096). */
  movedTo: Map<number, number>;
};

/** The id that teaches a word now: a retired id (an entry moved to another module) gives its new id. */
export const taughtId = (snap: ContentSnapshot, id: number): number => snap.movedTo.get(id) ?? id;

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

async function readSnapshot(db: Db): Promise<ContentSnapshot> {
  const hash = await contentHash(db);
  const [
    moduleRows,
    fieldRows,
    mfRows,
    wordRows,
    sentenceRows,
    rootRows,
    linkRows,
    letterRows,
    lvRows,
    nikkudRows,
    verbRows,
    movedRows,
  ] = await Promise.all([
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
    db.select().from(t.contentMeta).where(eq(t.contentMeta.key, "moved")),
  ]);
  const formsOf = new Map(verbRows.map((v) => [v.verb, v.forms]));
  const fieldNames = new Map(fieldRows.map((f) => [f.id, nameTexts(f)]));
  const sentenceBy = new Map(sentenceRows.map((s) => [s.wordId, s]));
  const rootBy = new Map(rootRows.map((r) => [r.id, { root: r.root, meaning: trTexts(r) }]));
  const rootsOf = new Map<number, CachedRoot[]>();
  for (const l of linkRows) {
    const r = rootBy.get(l.rootId);
    if (r) push(rootsOf, l.wordId, r);
  }
  const tierOf = new Map(moduleRows.map((m) => [m.id, m.tier]));
  const words: CachedWord[] = wordRows.map((w) => {
    const s = sentenceBy.get(w.id);
    return {
      id: w.id,
      moduleId: w.moduleId,
      tier: tierOf.get(w.moduleId) ?? 1,
      he: w.he,
      nikkud: w.nikkud,
      translit: w.translit,
      category: w.category,
      partOfSpeech: w.partOfSpeech,
      tense: w.tense,
      verb: w.verb,
      binyan: w.binyan,
      picture: w.picture,
      audioPath: w.audioPath,
      tr: trTexts(w),
      sentence: s
        ? {
            he: s.he,
            nikkud: s.nikkud,
            orders: s.orders,
            tr: trTexts(s),
            gap: s.gapWord === null || s.gapPrefix === null ? null : { word: s.gapWord, prefix: s.gapPrefix },
          }
        : null,
      roots: rootsOf.get(w.id) ?? [],
      forms: w.verb ? (formsOf.get(w.verb) ?? null) : null,
    };
  });
  const wordsByModule = new Map<number, CachedWord[]>();
  const wordsByRoot = new Map<string, CachedWord[]>();
  const wordsByTier = new Map<number, CachedWord[]>();
  for (const w of words) {
    push(wordsByModule, w.moduleId, w);
    push(wordsByTier, w.tier, w);
    for (const r of w.roots) push(wordsByRoot, r.root, w);
  }
  const modules: CachedModule[] = moduleRows
    .map((m) => {
      const ids = mfRows.filter((x) => x.moduleId === m.id).map((x) => x.fieldId);
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
    // Beginner first, then by tier and id.
    .sort((a, b) => Number(b.isBeginner) - Number(a.isBeginner) || a.tier - b.tier || a.id - b.id);
  const nikkudName = new Map(nikkudRows.map((n) => [n.id, n.name]));
  return {
    hash,
    modules,
    moduleById: new Map(modules.map((m) => [m.id, m])),
    words,
    wordById: new Map(words.map((w) => [w.id, w])),
    wordsByModule,
    wordsByRoot,
    wordsByTier,
    letters: letterRows.map((l) => ({
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
    letterVowels: lvRows.map((lv) => ({ ...lv, nikkudName: nikkudName.get(lv.nikkudId) ?? "" })),
    movedTo: new Map(JSON.parse(movedRows[0]?.value ?? "[]") as [number, number][]),
  };
}

/**
 * Holds the current snapshot and swaps it when the database's content hash changes. The snapshot is read from
 * `read` (a replica, DATABASE_READ_URL) unless the replica's content is not the primary's yet (it lags behind a load
 * just made): then from the primary (decision 0088).
 */
export class ContentCache {
  private readonly read: Db;
  private readonly primary: Db;
  current: ContentSnapshot;

  private constructor(read: Db, primary: Db, current: ContentSnapshot) {
    this.read = read;
    this.primary = primary;
    this.current = current;
  }

  static async create(read: Db, primary: Db = read): Promise<ContentCache> {
    return new ContentCache(read, primary, await snapshotOf(read, primary, await contentHash(primary)));
  }

  /** Re-reads the snapshot if another process (or the CLI) loaded different content. */
  async refreshIfChanged(): Promise<boolean> {
    const hash = await contentHash(this.primary);
    if (hash === this.current.hash) return false;
    this.current = await snapshotOf(this.read, this.primary, hash);
    return true;
  }
}

/** The snapshot of the content whose hash is `hash`: from the replica when it has it, else from the primary. */
async function snapshotOf(read: Db, primary: Db, hash: string | null): Promise<ContentSnapshot> {
  if (read !== primary) {
    const snap = await readSnapshot(read).catch(() => null); // a replica down: the primary answers
    if (snap && snap.hash === hash) return snap;
  }
  return readSnapshot(primary);
}
