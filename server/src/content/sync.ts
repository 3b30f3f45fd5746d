// Loads content/ into the database when its hash changed: validated first, then written in one transaction.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Content, loadContent, movedTo } from "@ivrit/content/load";
import { exampleGap, GAP_RULES } from "@ivrit/core/cloze";
import { categoryOf } from "@ivrit/core/parts-of-speech";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import { eq } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { CONTENT_DIR } from "../paths.ts";
import { carryMoves, type MovesCarried } from "./moves.ts";

export class ContentError extends Error {
  readonly problems: Content["problems"];

  constructor(problems: Content["problems"]) {
    super(`content has ${problems.length} problem(s): ${problems.map((p) => `${p.file}: ${p.message}`).join("; ")}`);
    this.problems = problems;
  }
}

export type SyncResult = {
  loaded: boolean;
  hash: string;
  modules: number;
  words: number;
  letters: number;
  roots: number;
  /** Learners' rows carried from moved entries' old ids to their new ones (content/moved.json); null: not loaded. */
  carried: MovesCarried | null;
};

const tr = (x: { en: string; fr: string; es: string; ru: string; uk: string; ar: string }) => ({
  trEn: x.en,
  trFr: x.fr,
  trEs: x.es,
  trRu: x.ru,
  trUk: x.uk,
  trAr: x.ar,
});
const names = (x: { en: string; fr: string; es: string; ru: string; uk: string; ar: string }) => ({
  nameEn: x.en,
  nameFr: x.fr,
  nameEs: x.es,
  nameRu: x.ru,
  nameUk: x.uk,
  nameAr: x.ar,
});

/** The public path of an audio file if it exists: /audio/words/3012.mp3. */
function audio(dir: string, kind: string, id: number): string | null {
  return existsSync(join(dir, "audio", kind, `${id}.mp3`)) ? `/audio/${kind}/${id}.mp3` : null;
}

async function insertChunks<T>(items: T[], write: (chunk: T[]) => Promise<unknown>, size = 400) {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size));
}

async function writeContent(db: Db, c: Content, dir: string): Promise<MovesCarried> {
  return db.transaction(async (tx) => {
    // Children first; user tables are not touched.
    for (const table of [
      t.wordRoots,
      t.sentences,
      t.words,
      t.moduleFields,
      t.modules,
      t.fields,
      t.roots,
      t.verbForms,
    ]) {
      await tx.delete(table);
    }
    for (const table of [t.letterVowels, t.letters, t.nikkud]) await tx.delete(table);

    if (c.fields.length)
      await tx.insert(t.fields).values(c.fields.map((f) => ({ id: f.id, slug: f.slug, ...names(f.name) })));
    const fieldId = new Map(c.fields.map((f) => [f.slug, f.id]));
    if (c.modules.length) {
      await tx.insert(t.modules).values(
        c.modules.map((m) => ({
          id: m.id,
          slug: m.slug,
          tier: m.tier,
          isBeginner: m.id === BEGINNER_MODULE_ID,
          ...names(m.name),
        })),
      );
    }
    const mf = c.modules.flatMap((m) => m.fields.map((f) => ({ moduleId: m.id, fieldId: fieldId.get(f) ?? 0 })));
    if (mf.length) await tx.insert(t.moduleFields).values(mf);

    const rootRows = [...c.roots].map(([root, meaning]) => ({ root, ...tr(meaning) }));
    const rootIds = new Map<string, number>();
    await insertChunks(rootRows, async (chunk) => {
      for (const r of await tx.insert(t.roots).values(chunk).returning({ id: t.roots.id, root: t.roots.root }))
        rootIds.set(r.root, r.id);
    });

    const all = c.modules.flatMap((m) => m.words.map((w, position) => ({ m, w, position })));
    await insertChunks(all, (chunk) =>
      tx.insert(t.words).values(
        chunk.map(({ m, w, position }) => ({
          id: w.id,
          moduleId: m.id,
          position,
          he: w.he,
          nikkud: w.nikkud,
          translit: w.translit,
          category: categoryOf(w.pos),
          partOfSpeech: w.pos,
          tense: w.tense ?? null,
          verb: w.verb ?? null,
          binyan: w.binyan ?? null,
          picture: w.picture ?? null,
          audioPath: audio(dir, "words", w.id),
          ...tr(w.tr),
        })),
      ),
    );
    await insertChunks(all, (chunk) =>
      tx.insert(t.sentences).values(
        chunk.map(({ w }) => {
          // The cloze gap (issue 28): found by core's finder, else the content's mark, else none.
          const gap = exampleGap(w.example, w);
          return {
            wordId: w.id,
            he: w.example.he,
            nikkud: w.example.nikkud,
            orders: w.example.orders ?? [],
            gapWord: gap?.word ?? null,
            gapPrefix: gap?.prefix ?? null,
            ...tr(w.example.tr),
          };
        }),
      ),
    );
    // Conjugation tables (decision 0018), one row per verb, joined to its entries by the infinitive.
    const verbRows = c.verbs.specs.flatMap((s) => {
      const forms = c.verbs.tables.get(s.verb);
      return forms ? [{ verb: s.verb, root: s.root, binyan: s.binyan, forms }] : [];
    });
    await insertChunks(verbRows, (chunk) => tx.insert(t.verbForms).values(chunk), 100);
    const links = all.flatMap(({ w }) =>
      [...new Set(w.roots)].map((r) => ({ wordId: w.id, rootId: rootIds.get(r) ?? 0 })),
    );
    await insertChunks(links, (chunk) => tx.insert(t.wordRoots).values(chunk));

    if (c.letters.length) {
      await tx.insert(t.letters).values(
        c.letters.map((l) => ({
          id: l.id,
          letter: l.letter,
          name: l.name,
          translit: l.translit,
          final: l.final,
          audioPath: audio(dir, "letters", l.id),
          descriptionEn: l.description.en,
          descriptionFr: l.description.fr,
          descriptionEs: l.description.es,
          descriptionRu: l.description.ru,
          descriptionUk: l.description.uk,
          descriptionAr: l.description.ar,
        })),
      );
    }
    if (c.nikkud.length) await tx.insert(t.nikkud).values(c.nikkud);
    await insertChunks(c.letterVowels, (chunk) =>
      tx.insert(t.letterVowels).values(
        chunk.map((lv) => ({
          id: lv.id,
          letterId: lv.letterId,
          nikkudId: lv.nikkudId,
          text: lv.text,
          translit: lv.translit,
          audioPath: audio(dir, "letter-vowel", lv.id),
        })),
      ),
    );
    // Learners keep what they learnt of an entry that moved to another module (decision 0096), and the API
    // takes an answer or progress a device still sends on a retired id as the new id's (ContentCache.movedTo).
    const carried = await carryMoves(tx, c.moved);
    const moved = JSON.stringify([...movedTo(c.moved)]);
    await tx
      .insert(t.contentMeta)
      .values({ key: "moved", value: moved })
      .onConflictDoUpdate({ target: t.contentMeta.key, set: { value: moved } });
    await tx
      .insert(t.contentMeta)
      .values({ key: "hash", value: c.hash })
      .onConflictDoUpdate({ target: t.contentMeta.key, set: { value: c.hash } });
    return carried;
  });
}

async function meta(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(t.contentMeta).where(eq(t.contentMeta.key, key));
  return row?.value ?? null;
}

export const contentHash = (db: Db) => meta(db, "hash");

/**
 * A fingerprint of the content's files as they are on disk: every .json file under `dir` (audio aside), by name
 * and bytes, without parsing or checking them (about 20 ms at 1x content, where loading and checking them takes
 * about 2 s). Stored beside the content's hash once the content is loaded, it tells a start that the files were
 * not changed since (decision 0078).
 */
export function contentFilesHash(dir: string = CONTENT_DIR): string {
  const hash = createHash("sha256");
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const path = join(folder, e.name);
      if (e.isDirectory() && e.name !== "audio" && e.name !== "node_modules") walk(path);
      else if (e.isFile() && e.name.endsWith(".json"))
        hash.update(relative(dir, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  walk(dir);
  // The stored cloze gaps come from core's finder as well as from the files (decision 0107).
  return hash.update(`gap-rules:${GAP_RULES}`).digest("hex");
}

/** Whether the loaded content came from the files now in `dir` (as far as their fingerprint tells). */
export async function contentFilesLoaded(db: Db, dir: string = CONTENT_DIR): Promise<boolean> {
  return (await meta(db, "files")) === contentFilesHash(dir);
}

/**
 * Loads the content into the database if its hash differs from the loaded one (or `force`).
 * Throws ContentError, changing nothing, when the content is invalid.
 */
export async function syncContent(
  database: Database,
  opts: { dir?: string; force?: boolean } = {},
): Promise<SyncResult> {
  const dir = opts.dir ?? CONTENT_DIR;
  // Taken before the files are read: a file changed during the load makes the next start load again.
  const files = contentFilesHash(dir);
  const c = loadContent(dir);
  // loadContent already holds every rule that makes content unloadable (ids used twice, unknown roots and fields).
  if (c.problems.length) throw new ContentError(c.problems);
  const counts = {
    hash: c.hash,
    modules: c.modules.length,
    words: c.modules.reduce((n, m) => n + m.words.length, 0),
    letters: c.letters.length,
    roots: c.roots.size,
  };
  return database.exclusive(async () => {
    const loaded = opts.force || (await contentHash(database.db)) !== c.hash;
    const carried = loaded ? await writeContent(database.db, c, dir) : null;
    if ((await meta(database.db, "files")) !== files)
      await database.db
        .insert(t.contentMeta)
        .values({ key: "files", value: files })
        .onConflictDoUpdate({ target: t.contentMeta.key, set: { value: files } });
    return { loaded, ...counts, carried };
  });
}
