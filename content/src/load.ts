// Reads and validates every content file. Pure data in, plain data out: used by the checker, the report
// and the server's loader (`@ivrit/content/load`). Nothing happens at import time; no external tools run here
// (hspell, hunspell and sox checks are in check.ts).
//
// Two lists of findings come back:
// - `problems`: the content cannot be loaded as it is (invalid JSON or schema, not NFC, an id used twice, an
//   unknown root, field, letter or vowel). The server refuses to load content with problems.
// - `lint`: the content loads but breaks an authoring rule (plain and pointed forms disagree, a mark outside the
//   allowed set, a transliteration without one stressed syllable, a verb without all its tenses, an id outside
//   its module's range, …). `npm run content:check` fails on these too.
// `warnings` are worth a look but fail nothing (a root defined and never used, an example without the word).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { GAP_RULES } from "@ivrit/core/cloze";
import { hasNikkud, hebrewLetters, plainMatchesPointed } from "@ivrit/core/hebrew";
import { z } from "zod";
import { nikkudProblems, rootKeyProblems, scriptProblems } from "./rules.ts";
import {
  BEGINNER_MODULE_ID,
  fieldsFile,
  LANGS,
  type letter,
  letter as letterSchema,
  letterVowel,
  type moduleFile,
  moduleFile as moduleSchema,
  type nikkud,
  nikkud as nikkudSchema,
  rootsFile,
} from "./schema.ts";
import { translitProblems } from "./translit.ts";
import { loadVerbs, type Verbs, verbLint } from "./verbs.ts";

export const CONTENT_DIR = join(import.meta.dirname, "..");

const reason = z.string().trim().min(3);
/**
 * content/allowlist.json: real exceptions to the external checks, each with its reason.
 * - hspell: plain Hebrew words hspell does not know ("אמא": "the spelling newspapers use; hspell wants אימא").
 * - pos: word ids whose part of speech or tense hspell does not confirm, with the reason.
 * - hunspell: per language ("*" for all), words the spelling dictionary does not know.
 * - translit: word (or letter + vowel) ids whose transliteration rightly differs from what the pointing says.
 * - homographs: plain words rightly pointed more than one way (true homographs: ספר sefer / sapar).
 * - pointing: word ids whose example rightly breaks the article or מה rule (gates.ts).
 * - pictures: word ids of another part of speech than noun or numeral whose picture is unmistakable (a colour's
 *   square), with the reason (pictures.ts).
 */
export const allowlistFile = z.strictObject({
  hspell: z.record(z.string().regex(/^[\u05D0-\u05EA\u05F3\u05F4'"]+$/u, "one plain Hebrew word"), reason).default({}),
  pos: z.record(z.string().regex(/^\d+$/, "a word id"), reason).default({}),
  translit: z.record(z.string().regex(/^\d+$/, "a word or letter + vowel id"), reason).default({}),
  homographs: z
    .record(z.string().regex(/^[\u05D0-\u05EA\u05F3\u05F4'"]+$/u, "one plain Hebrew word"), reason)
    .default({}),
  pointing: z.record(z.string().regex(/^\d+$/, "a word id"), reason).default({}),
  pictures: z.record(z.string().regex(/^\d+$/, "a word id"), reason).default({}),
  hunspell: z.partialRecord(z.enum([...LANGS, "*"]), z.record(z.string().min(1), reason)).default({}),
});
export type Allowlist = z.output<typeof allowlistFile>;

/**
 * content/moved.json: entries moved to another module (issue 27.5, decision 0096). A word id keeps its meaning, so
 * a move retires the old id and gives the entry a new one; the server carries each learner's progress, review
 * cards and answers from `from` to `to` when it loads the content (server/src/content/sync.ts). A retired id is
 * never used again, and `to` is taught now (or moved on again: the server follows the chain).
 */
export const movedFile = z.strictObject({
  note: z.string().default(""),
  moves: z
    .array(
      z.strictObject({
        from: z.number().int().positive(),
        to: z.number().int().positive(),
        why: z.string().trim().min(3),
      }),
    )
    .default([]),
});
export type Move = z.output<typeof movedFile>["moves"][number];

export type Issue = { file: string; message: string; id?: number };
export type ContentModule = z.output<typeof moduleFile>;
export type ContentWord = ContentModule["words"][number];

export type Content = {
  modules: ContentModule[];
  roots: Map<string, z.output<typeof rootsFile>[string]>;
  fields: z.output<typeof fieldsFile>;
  letters: z.output<typeof letter>[];
  nikkud: z.output<typeof nikkud>[];
  letterVowels: z.output<typeof letterVowel>[];
  allowlist: Allowlist;
  /** Where each module and root is defined, relative to the content directory: "modules/03-food.json". */
  moduleFiles: Record<number, string>;
  rootFiles: Record<string, string>;
  /** sha256 over every file read, in a stable order: the loader reloads when it changes. */
  hash: string;
  /** The content cannot be loaded (file, message). An empty list means the content can be loaded. */
  problems: Issue[];
  /** The verbs' conjugation tables (content/verbs, decision 0018). */
  verbs: Verbs;
  /** Entries moved to another module: old id -> new id (content/moved.json). */
  moved: Move[];
  /** Authoring rules broken; the content loads, the checker fails. */
  lint: Issue[];
  /** Worth a look; nothing fails. */
  warnings: Issue[];
};

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

/**
 * Module ids by tier (FORMAT.md, decision 0014): tier 1 1-20 and 101-199, tier 2 21-40 and 201-299, tier 3
 * 41-60 and 301-399; the beginner module is 93. The hundreds were added when the vocabulary grew past what
 * 20 modules per tier hold; the old ranges stay because published ids never change meaning.
 */
export function moduleIdInRange(id: number, tier: number): boolean {
  if (id === BEGINNER_MODULE_ID) return tier === 1;
  const inFirst = id >= (tier - 1) * 20 + 1 && id <= tier * 20;
  const inHundreds = id >= tier * 100 + 1 && id <= tier * 100 + 99;
  return inFirst || inHundreds;
}

/** Tenses each binyan has (pu'al and huf'al have no infinitive). */
export function tensesOf(binyan: string | undefined): string[] {
  return binyan === "pual" || binyan === "hufal"
    ? ["present", "past", "future"]
    : ["present", "past", "future", "infinitive"];
}

export function loadContent(dir: string = CONTENT_DIR): Content {
  const problems: Issue[] = [];
  const lint: Issue[] = [];
  const warnings: Issue[] = [];
  const hash = createHash("sha256");
  function read<S extends z.ZodType>(file: string, schema: S, optional = false): z.output<S> | undefined {
    const name = relative(dir, file);
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch {
      if (!optional) problems.push({ file: name, message: "missing" });
      return undefined;
    }
    hash.update(name).update("\0").update(raw).update("\0");
    if (raw !== raw.normalize("NFC")) problems.push({ file: name, message: "not in Unicode NFC" });
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      problems.push({ file: name, message: `invalid JSON: ${(e as Error).message}` });
      return undefined;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const id = idAt(json, issue.path);
        problems.push({ file: name, message: `${issue.path.join(".")}: ${issue.message}`, ...(id ? { id } : {}) });
      }
      return undefined;
    }
    return parsed.data;
  }

  // Modules.
  const modules: ContentModule[] = [];
  const moduleFiles: Record<number, string> = {};
  for (const f of jsonFiles(join(dir, "modules"))) {
    const m = read(f, moduleSchema);
    if (!m) continue;
    const file = relative(dir, f);
    if (moduleFiles[m.id] !== undefined)
      problems.push({ file, message: `module id ${m.id} is also used by ${moduleFiles[m.id]}` });
    else moduleFiles[m.id] = file;
    modules.push(m);
  }
  modules.sort((a, b) => a.id - b.id);

  // Roots: each defined in exactly one file.
  const roots: Content["roots"] = new Map();
  const rootFiles: Record<string, string> = {};
  for (const f of jsonFiles(join(dir, "roots"))) {
    const file = relative(dir, f);
    for (const [key, meaning] of Object.entries(read(f, rootsFile) ?? {})) {
      if (roots.has(key)) {
        problems.push({ file, message: `root ${key} is also defined in ${rootFiles[key]}` });
        continue;
      }
      roots.set(key, meaning);
      rootFiles[key] = file;
      for (const p of rootKeyProblems(key)) lint.push({ file, message: `root ${key}: ${p}` });
      for (const lang of LANGS)
        for (const p of scriptProblems(lang, meaning[lang])) lint.push({ file, message: `root ${key} ${lang}: ${p}` });
    }
  }

  const fields = read(join(dir, "fields.json"), fieldsFile) ?? [];
  const b = join(dir, "beginner");
  const letters = read(join(b, "letters.json"), letterSchema.array()) ?? [];
  const nikkudList = read(join(b, "nikkud.json"), nikkudSchema.array()) ?? [];
  const letterVowels = read(join(b, "letter-vowel.json"), letterVowel.array()) ?? [];
  const allowlist = read(join(dir, "allowlist.json"), allowlistFile, true) ?? allowlistFile.parse({});

  const verbs = loadVerbs(dir, problems, (name, raw) => hash.update(name).update("\0").update(raw).update("\0"));
  lint.push(
    ...verbLint(
      dir,
      verbs,
      modules.map((m) => ({ file: moduleFiles[m.id] ?? `modules/${m.id}`, words: m.words })),
    ),
  );
  checkModules(modules, moduleFiles, roots, rootFiles, fields, problems, lint, warnings, verbs.tables);
  checkBeginner(letters, nikkudList, letterVowels, problems, lint);
  checkAllowlist(allowlist, modules, lint);
  const moved = read(join(dir, "moved.json"), movedFile, true)?.moves ?? [];
  checkMoved(moved, modules, problems);

  return {
    modules,
    roots,
    fields,
    letters,
    nikkud: nikkudList,
    letterVowels,
    allowlist,
    moduleFiles,
    rootFiles,
    verbs,
    moved,
    // The loader stores the gaps core's finder finds: new finder rules are new content (decision 0107).
    hash: hash.update(`gap-rules:${GAP_RULES}`).digest("hex"),
    problems,
    lint,
    warnings,
  };
}

/** Resolves a chain of moves (a -> b, b -> c): every retired id to the id taught now. */
export function movedTo(moves: readonly Move[]): Map<number, number> {
  const next = new Map(moves.map((m) => [m.from, m.to]));
  const out = new Map<number, number>();
  for (const from of next.keys()) {
    let to = next.get(from) as number;
    for (let hops = 0; next.has(to) && hops < moves.length; hops++) to = next.get(to) as number;
    out.set(from, to);
  }
  return out;
}

/** A retired id is taught nowhere and retired once; every move ends on an id that is taught. */
function checkMoved(moves: Move[], modules: ContentModule[], problems: Issue[]) {
  const file = "moved.json";
  const taught = new Set(modules.flatMap((m) => m.words.map((w) => w.id)));
  const seen = new Set<number>();
  for (const m of moves) {
    if (seen.has(m.from)) problems.push({ file, message: `${m.from} is moved twice`, id: m.from });
    seen.add(m.from);
    if (taught.has(m.from))
      problems.push({
        file,
        message: `${m.from} is moved to ${m.to} but still taught (ids are never reused)`,
        id: m.from,
      });
  }
  for (const [from, to] of movedTo(moves))
    if (!taught.has(to))
      problems.push({ file, message: `${from} is moved to ${to}, which no module teaches`, id: from });
}

/** The id of the word (or letter, …) a schema issue is in, to name it in the message. */
function idAt(json: unknown, path: readonly PropertyKey[]): number | undefined {
  let node: unknown = json;
  let id: number | undefined;
  for (const key of path) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<PropertyKey, unknown>)[key];
    const maybe = node !== null && typeof node === "object" ? (node as { id?: unknown }).id : undefined;
    if (typeof maybe === "number") id = maybe;
  }
  return id;
}

function checkModules(
  modules: ContentModule[],
  moduleFiles: Record<number, string>,
  roots: Content["roots"],
  rootFiles: Record<string, string>,
  fields: Content["fields"],
  problems: Issue[],
  lint: Issue[],
  warnings: Issue[],
  verbTables: ReadonlyMap<string, unknown> = new Map(),
) {
  const fieldSlugs = new Set(fields.map((f) => f.slug));
  const wordIds = new Map<number, string>();
  const usedRoots = new Set<string>();
  for (const m of modules) {
    const file = moduleFiles[m.id] ?? `modules/${m.id}`;
    const say = (list: Issue[], message: string, id?: number) => list.push({ file, message, ...(id ? { id } : {}) });
    const stem = basename(file, ".json");
    if (stem !== `${String(m.id).padStart(2, "0")}-${m.slug}`)
      say(lint, `file name should be ${String(m.id).padStart(2, "0")}-${m.slug}.json`);
    if (!moduleIdInRange(m.id, m.tier)) say(lint, `module id ${m.id} is outside the id range of tier ${m.tier}`);
    for (const f of m.fields) if (!fieldSlugs.has(f)) say(problems, `unknown field ${f} (fields.json)`);
    if (m.fields.length && m.tier !== 3) say(lint, "fields are for tier 3 modules");
    for (const lang of LANGS) for (const p of scriptProblems(lang, m.name[lang])) say(lint, `name ${lang}: ${p}`);

    const verbs = new Map<string, ContentWord[]>();
    for (const w of m.words) {
      const at = (message: string) => `${w.he}: ${message}`;
      const other = wordIds.get(w.id);
      if (other) say(problems, at(`word id ${w.id} is also used in ${other}`), w.id);
      wordIds.set(w.id, file);
      if (Math.floor(w.id / 1000) !== m.id) say(lint, at(`id ${w.id} is outside module ${m.id}'s range`), w.id);

      for (const r of w.roots) {
        usedRoots.add(r);
        if (!roots.has(r)) say(problems, at(`root ${r} is not defined in content/roots`), w.id);
      }
      if (new Set(w.roots).size !== w.roots.length) say(lint, at("a root is listed twice"), w.id);

      if (!hasNikkud(w.nikkud)) say(lint, at(`pointed form '${w.nikkud}' has no nikkud`), w.id);
      if (!plainMatchesPointed(w.he, w.nikkud))
        say(lint, at(`plain '${w.he}' does not match pointed '${w.nikkud}' (only added vav/yod allowed)`), w.id);
      if (!plainMatchesPointed(w.example.he, w.example.nikkud))
        say(lint, at(`example plain '${w.example.he}' does not match pointed '${w.example.nikkud}'`), w.id);
      for (const p of nikkudProblems(w.nikkud)) say(lint, at(`pointed form: ${p}`), w.id);
      for (const p of nikkudProblems(w.example.nikkud)) say(lint, at(`example pointed: ${p}`), w.id);
      for (const p of translitProblems(w.translit)) say(lint, at(`translit '${w.translit}': ${p}`), w.id);
      for (const lang of LANGS) {
        for (const p of scriptProblems(lang, w.tr[lang])) say(lint, at(`translation ${lang}: ${p}`), w.id);
        for (const p of scriptProblems(lang, w.example.tr[lang])) say(lint, at(`example ${lang}: ${p}`), w.id);
      }
      if (!exampleUsesWord(w)) say(warnings, at(`the example '${w.example.he}' does not contain the word`), w.id);

      if (w.pos === "verb") {
        if (!w.tense || !w.verb || !w.binyan) say(lint, at("a verb needs tense, verb (infinitive) and binyan"), w.id);
        if (w.verb) verbs.set(w.verb, [...(verbs.get(w.verb) ?? []), w]);
        // CONTENT.md: tier 1 teaches the present, the infinitive and the imperative; the past and the future
        // come in tier 2 (the table serves every form of a verb in any case).
        if (m.tier === 1 && (w.tense === "past" || w.tense === "future"))
          say(
            lint,
            at(`a ${w.tense} entry in tier 1 (tier 1 teaches present and infinitive; move it to tier 2)`),
            w.id,
          );
      } else if (w.tense || w.verb || w.binyan) say(lint, at("tense, verb and binyan are for verbs only"), w.id);
    }
    if (m.id === BEGINNER_MODULE_ID && m.words.some((w) => w.pos === "verb"))
      say(lint, "the beginner module has no verbs");
    for (const [verb, forms] of verbs) {
      const binyans = new Set(forms.map((f) => f.binyan));
      if (binyans.size > 1) say(lint, `verb ${verb}: forms in different binyanim (${[...binyans].join(", ")})`);
      const have = new Set(forms.map((f) => f.tense));
      const missing = tensesOf(forms[0]?.binyan).filter((t) => !have.has(t as ContentWord["tense"]));
      // A verb with a conjugation table (content/verbs) may be taught by any of its forms: the table holds every
      // form (decision 0018), and tier 1 teaches a verb's present and infinitive only (decision 0096). Without a
      // table it needs its four tense entries.
      if (missing.length && !verbTables.has(verb))
        say(
          lint,
          `verb ${verb}: missing ${missing.join(", ")} (every verb has all its tenses, or its infinitive and a table)`,
        );
    }
  }
  for (const [root, file] of Object.entries(rootFiles))
    if (!usedRoots.has(root)) warnings.push({ file, message: `root ${root} is not used by any word` });
}

/** The example contains the word: each word of the entry appears (maybe with a prefix or an ending). */
function exampleUsesWord(w: ContentWord): boolean {
  const sentence = hebrewLetters(w.example.he.replace(/[\s\-\u05BE]+/gu, " "));
  const letters = w.he
    .split(/[\s\-\u05BE]+/u)
    .map((part) => hebrewLetters(part))
    .filter((part) => part.length > 0);
  // Verbs and words whose stem changes when inflected (ילדה -> ילדות) are compared by their first letters.
  return letters.every((part) => sentence.includes(part) || (part.length >= 3 && sentence.includes(part.slice(0, -1))));
}

function checkBeginner(
  letters: Content["letters"],
  nikkudList: Content["nikkud"],
  letterVowels: Content["letterVowels"],
  problems: Issue[],
  lint: Issue[],
) {
  const FINAL_LETTERS = "ךםןףץ";
  const lettersById = new Map<number, Content["letters"][number]>();
  for (const l of letters) {
    const file = "beginner/letters.json";
    if (lettersById.has(l.id)) problems.push({ file, message: `letter id ${l.id} used twice`, id: l.id });
    lettersById.set(l.id, l);
    if (FINAL_LETTERS.includes(l.letter) !== l.final)
      lint.push({ file, message: `${l.letter}: final should be ${!l.final}`, id: l.id });
    for (const p of translitProblems(l.name))
      lint.push({ file, message: `${l.letter} name '${l.name}': ${p}`, id: l.id });
    for (const p of translitProblems(l.sound))
      lint.push({ file, message: `${l.letter} sound '${l.sound}': ${p}`, id: l.id });
    for (const lang of LANGS)
      for (const p of scriptProblems(lang, l.description[lang]))
        lint.push({ file, message: `${l.letter} description ${lang}: ${p}`, id: l.id });
  }
  if (letters.length && new Set(letters.map((l) => l.letter)).size !== 27)
    lint.push({ file: "beginner/letters.json", message: "the alphabet has 22 letters and 5 final forms (27)" });

  const nikkudById = new Map<number, Content["nikkud"][number]>();
  for (const n of nikkudList) {
    const file = "beginner/nikkud.json";
    if (nikkudById.has(n.id)) problems.push({ file, message: `nikkud id ${n.id} used twice`, id: n.id });
    nikkudById.set(n.id, n);
    for (const p of translitProblems(n.name)) lint.push({ file, message: `name '${n.name}': ${p}`, id: n.id });
  }

  const seen = new Set<number>();
  for (const lv of letterVowels) {
    const file = "beginner/letter-vowel.json";
    const say = (list: Issue[], message: string) =>
      list.push({ file, message: `${lv.id} ${lv.text}: ${message}`, id: lv.id });
    if (seen.has(lv.id)) say(problems, "id used twice");
    seen.add(lv.id);
    const l = lettersById.get(lv.letterId);
    const n = nikkudById.get(lv.nikkudId);
    if (!l) say(problems, `unknown letter ${lv.letterId}`);
    if (!n) say(problems, `unknown nikkud ${lv.nikkudId}`);
    // A letter's second form (ב כ פ without dagesh, שׂ) takes letter id × 100 + 50 + nikkud id (decision 0016).
    // The first letter and its own marks (the dagesh of a following shuruk is not the letter's).
    const nfd = [...lv.text.normalize("NFD")];
    const end = nfd.findIndex((ch, i) => i > 0 && /[\u05D0-\u05EA]/u.test(ch));
    const first = nfd.slice(0, end < 0 ? nfd.length : end).join("");
    const second =
      ("בכפ".includes(first[0] ?? "") && !first.includes("\u05BC")) || (first[0] === "ש" && first.includes("\u05C2"));
    const want = lv.letterId * 100 + (second ? 50 : 0) + lv.nikkudId;
    if (lv.id !== want)
      say(lint, `id should be letter id × 100 ${second ? "+ 50 (the letter's second form) " : ""}+ nikkud id: ${want}`);
    if (l?.final) say(lint, "the grid uses the regular (non-final) letters");
    if (l && [...lv.text][0] !== l.letter) say(lint, `text should start with ${l.letter}`);
    for (const p of nikkudProblems(lv.text)) say(lint, p);
    if (n) {
      const mark = n.mark.normalize("NFD");
      // Without the first letter's dagesh and shin/sin dot, which NFD orders between its vowel and a mater (בִּי).
      const text = [...lv.text.normalize("NFD")]
        .filter((ch, i) => !(i < first.length && /[\u05BC\u05C1\u05C2]/u.test(ch)))
        .join("");
      // Holam on a consonantal vav is written with U+05BA (וֺ).
      const ok = text.includes(mark) || (mark === "\u05B9" && text.includes("\u05BA"));
      if (!ok) say(lint, `does not carry ${n.name}`);
    }
    for (const p of translitProblems(lv.translit, { stress: false }).filter((p) => !p.includes("no vowel")))
      say(lint, `translit '${lv.translit}': ${p}`);
  }
}

function checkAllowlist(allowlist: Allowlist, modules: ContentModule[], lint: Issue[]) {
  const ids = new Set(modules.flatMap((m) => m.words.map((w) => w.id)));
  for (const id of Object.keys(allowlist.pos))
    if (!ids.has(Number(id))) lint.push({ file: "allowlist.json", message: `pos: no word ${id}` });
  for (const id of Object.keys(allowlist.pointing))
    if (!ids.has(Number(id))) lint.push({ file: "allowlist.json", message: `pointing: no word ${id}` });
  for (const id of Object.keys(allowlist.pictures))
    if (!ids.has(Number(id))) lint.push({ file: "allowlist.json", message: `pictures: no word ${id}` });
  // translit ids may also be letter + vowel combinations (checked against the grid in gates.ts).
}

/** Every text of a module in one language (translations, examples, name), for spelling checks. */
export function textsOf(m: ContentModule, lang: (typeof LANGS)[number]): { id?: number; text: string }[] {
  return [
    { text: m.name[lang] },
    ...m.words.flatMap((w) => [
      { id: w.id, text: w.tr[lang] },
      { id: w.id, text: w.example.tr[lang] },
    ]),
  ];
}
