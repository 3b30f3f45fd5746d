// The pointing gate (issue 27.4, decision 0093): hspell reads the plain letters only, so a table with a wrong vowel
// or a missing doubling dot (מְגֵנָה for מְגִנָּה) passes it. This gate reads the pointing:
//   1. a hand-written reference (content/verbs/reference/pointing.json: one verb of every binyan and class the
//      generator conjugates) compared cell by cell with the generated tables, every vowel and dagesh;
//   2. rules over every form of every table: a ב ג ד כ פ ת that starts a word (or follows a prefix's closed
//      syllable) takes dagesh, a guttural or ר never does, and the letters each binyan and class doubles carry
//      the dagesh forte (pi'el and hitpa'el's middle letter, nif'al's first letter after its future prefix, the
//      pe-nun future's second letter, the geminate's last letter before a vowel ending).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CELLS, type Cell, type Form, type Table, type VerbSpec } from "./conjugate.ts";
import { MARK, type Unit, units } from "./pointing.ts";

type Issue = { file: string; message: string };
export type Reference = {
  about: string;
  checked?: Record<string, string>;
  verbs: Record<string, Record<string, string>>;
};

export const REFERENCE_FILE = "verbs/reference/pointing.json";
const FINAL: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const base = (l: string) => FINAL[l] ?? l;
const GUTTURAL_OR_RESH = "אהחער";
const BGDKPT = "בגדכפת";

/**
 * What a pointing says, letter by letter: each consonant with its dagesh, shin/sin dot and vowel; the vowel
 * letters (a bare yod after a vowel, וֹ and וּ) count as their vowel, so a holam or hirik is the same written with
 * or without its mater. Unlike readingKey (pointing.ts), every dagesh counts.
 */
export function pointingKey(word: string): string {
  const us = units(word);
  let key = "";
  us.forEach((u, i) => {
    const prev = us[i - 1];
    if (u.letter === "ו" && u.dagesh && !u.vowel && prev && (!prev.vowel || prev.vowel === MARK.shva)) {
      key += MARK.kubutz; // shuruk
      return;
    }
    if (u.letter === "ו" && u.vowel === MARK.holam && prev && !prev.vowel) {
      key += MARK.holam; // holam male
      return;
    }
    if (u.letter === "י" && !u.vowel && !u.dagesh && prev?.vowel && prev.vowel !== MARK.shva) return; // a mater
    key += base(u.letter);
    if (u.dagesh) key += MARK.dagesh;
    if (u.dot) key += u.dot === "shin" ? MARK.shinDot : MARK.sinDot;
    if (u.vowel) key += u.vowel === MARK.holamVav ? MARK.holam : u.vowel;
  });
  return key;
}

export function loadReference(dir: string): Reference | undefined {
  const path = join(dir, REFERENCE_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Reference) : undefined;
}

/** The written form of a cell: its literary form where the cell keeps one (the -נָה future), else its form. */
const written = (f: Form) => f.literary ?? f;

/**
 * The reference compared with the tables cell by cell; and every binyan and class the tables use must have a
 * verb in the reference.
 */
export function compareReference(ref: Reference, tables: ReadonlyMap<string, Table>, specs: VerbSpec[]): Issue[] {
  const issues: Issue[] = [];
  const specOf = new Map(specs.map((s) => [s.verb, s]));
  for (const [verb, cells] of Object.entries(ref.verbs)) {
    const table = tables.get(verb);
    if (!table || !specOf.has(verb)) {
      issues.push({ file: REFERENCE_FILE, message: `${verb}: no generated table to compare with` });
      continue;
    }
    for (const cell of CELLS) {
      const want = cells[cell];
      const got = table[cell];
      if (!want) issues.push({ file: REFERENCE_FILE, message: `${verb} ${cell}: the reference has no form` });
      else if (!got) issues.push({ file: REFERENCE_FILE, message: `${verb} ${cell}: the generator gives no form` });
      else if (pointingKey(want) !== pointingKey(written(got).nikkud))
        issues.push({
          file: REFERENCE_FILE,
          message: `${verb} ${cell}: the generator points ${written(got).nikkud}, the reference ${want.normalize("NFC")}`,
        });
    }
  }
  const covered = new Set(
    Object.keys(ref.verbs).flatMap((v) => {
      const s = specOf.get(v);
      return s ? [s.binyan, s.class] : [];
    }),
  );
  for (const kind of new Set(specs.flatMap((s) => [s.binyan, s.class])))
    if (!covered.has(kind))
      issues.push({ file: REFERENCE_FILE, message: `no reference verb for ${kind}: add one (decision 0093)` });
  return issues;
}

/**
 * The consonants of a pointed form, each with its marks; a vowel letter is dropped and gives its vowel to the
 * consonant before it (הֵגֵנּוּ: נ with shuruk; מְגִנּוֹת: נ with holam).
 */
function consonants(nikkud: string): Unit[] {
  const out: Unit[] = [];
  const us = units(nikkud);
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const last = out[out.length - 1];
    if (u.letter === "ו" && u.dagesh && !u.vowel && prev && (!prev.vowel || prev.vowel === MARK.shva)) {
      if (last) out[out.length - 1] = { ...last, vowel: MARK.kubutz };
    } else if (u.letter === "ו" && u.vowel === MARK.holam && prev && !prev.vowel) {
      if (last) out[out.length - 1] = { ...last, vowel: MARK.holam };
    } else if (!(u.letter === "י" && !u.vowel && !u.dagesh && prev?.vowel && prev.vowel !== MARK.shva)) out.push(u);
  });
  return out;
}

/** Where a root letter sits among a form's consonants: the first consonant equal to it from `from` on. */
function find(cs: Unit[], letter: string, from = 0): number {
  for (let i = from; i < cs.length; i++) if (base((cs[i] as Unit).letter) === base(letter)) return i;
  return -1;
}

/** The cells whose form ends in a vowel after the last root letter (a geminate doubles it there). */
export const VOWEL_ENDING = new Set<Cell>([
  "pres.fs",
  "pres.mp",
  "pres.fp",
  "past.3fs",
  "past.3p",
  "fut.2fs",
  "fut.2mp",
  "fut.3mp",
  "imp.fs",
  "imp.p",
]);

/** The pointing rules hspell cannot see, over one verb's table. */
export function pointingRules(spec: VerbSpec, table: Table): string[] {
  const out: string[] = [];
  const root = spec.root.split("-").map(base);
  const say = (cell: string, f: { nikkud: string }, why: string) =>
    out.push(`${spec.verb} ${cell} ${f.nikkud}: ${why}`);
  for (const cell of CELLS) {
    const f = table[cell];
    if (!f || f.root) continue; // a cell taken from another verb is checked under that verb
    for (const form of f.literary ? [f, f.literary] : [f]) {
      const cs = consonants(form.nikkud);
      const first = cs[0];
      if (first && BGDKPT.includes(base(first.letter)) && !first.dagesh)
        say(cell, form, `${first.letter} starts the word: it takes dagesh`);
      for (const u of cs)
        if (u.dagesh && GUTTURAL_OR_RESH.includes(u.letter) && !(u.letter === "ה" && u === cs[cs.length - 1]))
          say(cell, form, `${u.letter} is a guttural or ר: it cannot take dagesh`);
      // A prefix's closed syllable: ב ג ד כ פ ת after a letter whose shva closes a syllable (a short vowel before
      // it) takes dagesh lene (יִכְתֹּב, נִפְגַּשׁ, הִזְמִין's ז is not one). The pa'al imperative's shva is the
      // grammar's "hovering" shva (כִּתְבִי): left out.
      if (!(spec.binyan === "paal" && cell.startsWith("imp")))
        for (let i = 2; i < cs.length; i++) {
          const [a, b, c] = [cs[i - 2] as Unit, cs[i - 1] as Unit, cs[i] as Unit];
          const short = [MARK.patah, MARK.hirik, MARK.segol].includes(a.vowel as never) && !a.dagesh;
          if (i === 2 && short && b.vowel === MARK.shva && !b.dagesh && BGDKPT.includes(base(c.letter)) && !c.dagesh)
            say(cell, form, `${c.letter} follows the prefix's closed syllable: it takes dagesh`);
        }
      // The doubled letters.
      const doubled = (letter: string | undefined, why: string, from = 0) => {
        if (!letter || GUTTURAL_OR_RESH.includes(letter) || root.length !== 3) return;
        const at = find(cs, letter, from);
        const u = cs[at];
        // Under a shva the dagesh forte may be left out (תִּסְעִי): only a letter with a full vowel is checked.
        if (u?.vowel && u.vowel !== MARK.shva && !u.dagesh) say(cell, form, `${letter} ${why}: it takes dagesh forte`);
      };
      if (spec.binyan === "piel" || spec.binyan === "hitpael")
        doubled(root[1], "is the doubled middle letter", find(cs, root[0] ?? "") + 1);
      if (spec.binyan === "nifal" && (cell.startsWith("fut") || cell.startsWith("imp") || cell === "inf"))
        doubled(root[0], "follows the nif'al future's prefix", 1);
      if (spec.class === "pe-nun" && (spec.binyan === "hifil" || (spec.binyan === "paal" && cell.startsWith("fut"))))
        doubled(root[1], "takes the place of the nun", 1);
      if (spec.class === "geminate" && VOWEL_ENDING.has(cell) && form === f)
        doubled(root[2], "is the geminate's doubled letter before a vowel ending", 1);
    }
  }
  return out;
}

/** The whole gate over the content's verbs. */
export function pointingGate(
  dir: string,
  tables: ReadonlyMap<string, Table>,
  specs: VerbSpec[],
  files: ReadonlyMap<string, string>,
): Issue[] {
  const ref = loadReference(dir);
  const issues: Issue[] = ref
    ? compareReference(ref, tables, specs)
    : [{ file: REFERENCE_FILE, message: "missing: the pointing gate needs its hand-written reference" }];
  for (const s of specs) {
    const table = tables.get(s.verb);
    if (!table) continue;
    const file = (files.get(s.verb) ?? "verbs").replace(/^verbs\//, "verbs/tables/");
    for (const message of pointingRules(s, table)) issues.push({ file, message });
  }
  return issues;
}
