// The verbs' conjugation tables (issue 9, decision 0018). content/verbs/<binyan>.json lists each verb (its
// infinitive, root, binyan, class and the overrides of irregular cells, each with a reason); conjugate.ts
// generates its table; content/verbs/tables/<binyan>.json holds the generated tables, committed so reviewers
// read every form. `npm run verbs -w content` regenerates them; the checker fails when a committed table differs
// from the generator's output, when a published verb entry (present, past, future, infinitive) is not the cell
// it stands for, or when a verb entry has no table.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import {
  BINYANIM,
  CELLS,
  type Cell,
  CLASSES,
  conjugate,
  IMPERATIVE_FROM_FUTURE,
  type PlainForm,
  SPOKEN_FOR,
  type Table,
  TENSE_PARTS,
  type VerbSpec,
} from "./conjugate.ts";
import { readingKey, suggestTranslit, translitAgrees } from "./pointing.ts";
import { plainHebrew, pointedHebrew, translit } from "./schema.ts";

const reason = z.string().trim().min(3);
const form = z.strictObject({ he: plainHebrew, nikkud: pointedHebrew, translit });
const cell = z.enum(CELLS);
export const verbSpec = z.strictObject({
  verb: plainHebrew,
  root: z.string().regex(/^[\u05D0-\u05EA](-[\u05D0-\u05EA]){2,3}$/u),
  binyan: z.enum(BINYANIM),
  class: z.enum(CLASSES),
  vowel: z.enum(["o", "a", "e", "u", "i"]).optional(),
  sin: z.boolean().optional(),
  guttural: z.enum(["hataf", "shva"]).optional(),
  stative: z.boolean().optional(),
  absent: z.partialRecord(cell, reason).optional(),
  overrides: z.partialRecord(cell, form.extend({ reason })).optional(),
  /** Tenses taken from another verb (its infinitive), decision 0091. */
  suppletive: z.partialRecord(z.enum(TENSE_PARTS), plainHebrew).optional(),
  /** The spoken imperative is the future; the written one is kept as literary (decision 0091). */
  imperative: z.literal("future").optional(),
  /** Cells whose generated form hspell does not read as that cell, with the reason the form is right. */
  hspell: z.partialRecord(cell, reason).optional(),
  note: z.string().optional(),
});
export type VerbEntry = z.output<typeof verbSpec>;
export const verbsFile = z.strictObject({ verbs: z.array(verbSpec) });
const tableForm = form.extend({ literary: form.optional(), root: z.string().optional() });
export const tablesFile = z.record(plainHebrew, z.partialRecord(cell, tableForm));

export type Verbs = {
  specs: VerbEntry[];
  /** The committed tables by infinitive. */
  tables: Map<string, Table>;
  /** Which file each verb is defined in. */
  files: Map<string, string>;
};

/** The cell each published single-form entry stands for. */
export const CELL_OF_TENSE = { present: "pres.ms", past: "past.3ms", future: "fut.3ms", infinitive: "inf" } as const;

type Issue = { file: string; message: string; id?: number };

const verbFiles = (dir: string) =>
  existsSync(join(dir, "verbs"))
    ? readdirSync(join(dir, "verbs"))
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];

/** Reads the verb lists and the committed tables; `onRead` sees every file's text (for the content hash). */
export function loadVerbs(dir: string, problems: Issue[], onRead?: (name: string, raw: string) => void): Verbs {
  const specs: VerbEntry[] = [];
  const tables = new Map<string, Table>();
  const files = new Map<string, string>();
  const parse = <S extends z.ZodType>(name: string, schema: S): z.output<S> | undefined => {
    const path = join(dir, name);
    if (!existsSync(path)) return undefined;
    const raw = readFileSync(path, "utf8");
    onRead?.(name, raw);
    if (raw !== raw.normalize("NFC")) problems.push({ file: name, message: "not in Unicode NFC" });
    try {
      const r = schema.safeParse(JSON.parse(raw));
      if (r.success) return r.data;
      for (const i of r.error.issues) problems.push({ file: name, message: `${i.path.join(".")}: ${i.message}` });
    } catch (e) {
      problems.push({ file: name, message: `invalid JSON: ${(e as Error).message}` });
    }
    return undefined;
  };
  for (const f of verbFiles(dir)) {
    const name = `verbs/${f}`;
    for (const v of parse(name, verbsFile)?.verbs ?? []) {
      const other = files.get(v.verb);
      if (other) problems.push({ file: name, message: `verb ${v.verb} is also defined in ${other}` });
      files.set(v.verb, name);
      specs.push(v);
    }
    const t = parse(`verbs/tables/${f}`, tablesFile);
    for (const [verb, table] of Object.entries(t ?? {})) tables.set(verb, table as Table);
  }
  return { specs, tables, files };
}

/** Generated tables of every verb, by file (the binyan's file name), in the files' order. */
export function generate(verbs: Verbs): Map<string, Record<string, Table>> {
  const out = new Map<string, Record<string, Table>>();
  const specOf = new Map(verbs.specs.map((s) => [s.verb, s as VerbSpec]));
  for (const s of verbs.specs) {
    const file = (verbs.files.get(s.verb) ?? "verbs/other.json").replace(/^verbs\//, "verbs/tables/");
    const list = out.get(file) ?? {};
    list[s.verb] = conjugate(s as VerbSpec, (v) => specOf.get(v));
    out.set(file, list);
  }
  return out;
}

/** One line per form, so a review reads a table as a table. */
export function tablesText(tables: Record<string, Table>): string {
  const verbs = Object.entries(tables).map(([verb, table]) => {
    const cells = CELLS.filter((c) => table[c]).map((c) => `    ${JSON.stringify(c)}: ${JSON.stringify(table[c])}`);
    return `  ${JSON.stringify(verb)}: {\n${cells.join(",\n")}\n  }`;
  });
  return `{\n${verbs.join(",\n")}\n}\n`;
}

type Entry = { id: number; he: string; nikkud: string; tense?: string; verb?: string; binyan?: string };

/**
 * Lint: the committed tables are the generator's output, each form transliterated as its pointing reads; each
 * verb entry's form is its cell (same full spelling, a pointing that reads alike); each verb entry's verb has a
 * table in the same binyan.
 */
export function verbLint(dir: string, verbs: Verbs, entries: { file: string; words: Entry[] }[]): Issue[] {
  const issues: Issue[] = [];
  for (const [file, tables] of generate(verbs)) {
    const path = join(dir, file);
    const committed = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (committed !== tablesText(tables))
      issues.push({ file, message: "differs from the generator's output: run `npm run verbs -w content`" });
  }
  // Every written form's transliteration reads as its pointing, by the gates' rules (decision 0092: one rule
  // for the vocal shva in the tables and the entries).
  for (const [verb, table] of verbs.tables)
    for (const c of CELLS)
      for (const f of [table[c], table[c]?.literary])
        if (f && !translitAgrees(f.nikkud, f.translit))
          issues.push({
            file: verbs.files.get(verb)?.replace(/^verbs\//, "verbs/tables/") ?? "verbs/tables",
            message: `${verb} ${c}: ${f.nikkud} is not read ${f.translit} (it reads like ${suggestTranslit(f.nikkud)})`,
          });
  const specOf = new Map(verbs.specs.map((s) => [s.verb, s]));
  for (const { file, words } of entries)
    for (const w of words) {
      if (!w.tense || !w.verb) continue;
      const spec = specOf.get(w.verb);
      const table = verbs.tables.get(w.verb);
      if (!spec || !table) {
        issues.push({ file, id: w.id, message: `${w.he}: verb ${w.verb} has no table (content/verbs/*.json)` });
        continue;
      }
      if (spec.binyan !== w.binyan)
        issues.push({ file, id: w.id, message: `${w.he}: binyan ${w.binyan}, but its table is ${spec.binyan}` });
      const c = CELL_OF_TENSE[w.tense as keyof typeof CELL_OF_TENSE];
      const f = c ? table[c] : undefined;
      if (!f || f.he !== w.he || readingKey(f.nikkud) !== readingKey(w.nikkud))
        issues.push({
          file,
          id: w.id,
          message: `${w.he} ${w.nikkud}: the table's ${c} is ${f ? `${f.he} ${f.nikkud}` : "missing"}`,
        });
    }
  return issues;
}

/**
 * Every form a table writes once, with its verb and cell (for hspell and the report): a cell's literary form as
 * that cell; its spoken form only where it is the cell's own (a spoken form copied from another cell, SPOKEN_FOR
 * or the future as imperative, and a cell taken from another verb, are read where they come from).
 */
export function allForms(verbs: Verbs): { verb: string; cell: Cell; form: PlainForm }[] {
  const out: { verb: string; cell: Cell; form: PlainForm }[] = [];
  for (const [verb, table] of verbs.tables)
    for (const c of CELLS) {
      const f = table[c];
      if (!f || f.root) continue;
      if (f.literary) out.push({ verb, cell: c, form: f.literary });
      const copied = f.literary && (SPOKEN_FOR[c] ?? IMPERATIVE_FROM_FUTURE[c]);
      if (!copied) out.push({ verb, cell: c, form: { he: f.he, nikkud: f.nikkud, translit: f.translit } });
    }
  return out;
}

// `npm run verbs -w content`: writes the generated tables.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(import.meta.dirname, "..");
  const problems: Issue[] = [];
  const verbs = loadVerbs(dir, problems);
  if (problems.length) {
    for (const p of problems) console.error(`${p.file}: ${p.message}`);
    process.exit(1);
  }
  mkdirSync(join(dir, "verbs", "tables"), { recursive: true });
  let n = 0;
  for (const [file, tables] of generate(verbs)) {
    writeFileSync(join(dir, file), tablesText(tables));
    n += Object.keys(tables).length;
  }
  console.log(`${n} verb tables written to content/verbs/tables`);
}
