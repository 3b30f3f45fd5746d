// Every form of every verb table read by hspell (issue 9): `hspell -l` names, for a conjugated form, its lemma
// (the past 3rd person masculine singular: כתב, דיבר, הזמין), tense, person, gender and number:
//   כתבתי -> כתב(פ,1,יחיד,עבר)    כותבת -> כתב(פ,נ,יחיד,הווה)    ל+כתוב -> כתב(פ,מקור)
// A form agrees when one of hspell's readings is a verb with the table's lemma in that cell (without a pronoun
// suffix). A form that does not is an error unless its verb lists the cell under `hspell` with a reason.
// One hspell process reads all the forms.
import { type Cell, conjugate, type VerbSpec } from "./conjugate.ts";
import { type Analysis, type Reading, runHspell } from "./hspell.ts";
import type { Verbs } from "./verbs.ts";
import { allForms } from "./verbs.ts";

const TENSE: Record<string, string> = { pres: "הווה", past: "עבר", fut: "עתיד", imp: "ציווי", inf: "מקור" };

/** What hspell must say for a cell: tense, person, gender, number (those the cell has). */
export function cellAttrs(cell: Cell): string[] {
  const [t = "", p = ""] = cell.split(".");
  const attrs = [TENSE[t] ?? t];
  if (t === "inf") return attrs;
  const person = t === "pres" ? "" : t === "imp" ? "2" : p[0];
  // pres.ms, imp.fs / imp.p (a plural imperative is read as masculine), past.2ms, fut.3fp.
  const gender = t === "pres" ? p[0] : t === "imp" ? (p === "p" ? "m" : p[0]) : p.slice(1, 2);
  const number = p.slice(-1) === "s" ? "יחיד" : "רבים";
  if (person) attrs.push(person);
  // Past 3rd person plural has one form for both genders; the 1st person has no gender.
  if (gender === "m" && !(t === "past" && p === "3p") && person !== "1") attrs.push("ז");
  if (gender === "f") attrs.push("נ");
  attrs.push(number);
  return attrs;
}

export function agrees(cell: Cell, lemma: string, readings: Reading[] | undefined): boolean {
  const want = cellAttrs(cell);
  const pool = (readings ?? [])
    .filter((r) => r.prefix === "" || (cell === "inf" && r.prefix === "ל"))
    .flatMap((r) => r.analyses);
  return pool.some(
    (a: Analysis) =>
      a.pos === "פ" &&
      a.lemma === lemma &&
      !a.attrs.some((x) => x.startsWith("כינוי") || x === "סמיכות") &&
      want.every((w) => a.attrs.includes(w)),
  );
}

export type VerbCheckReport = {
  forms: number;
  agreeing: number;
  allowlisted: number;
  errors: { verb: string; cell: Cell; he: string; hspell: string; file: string }[];
  /** Allowlist entries for cells that hspell now reads right (stale). */
  stale: { verb: string; cell: Cell; file: string }[];
};

export function checkVerbForms(verbs: Verbs, cwd?: string): VerbCheckReport {
  const forms = allForms(verbs);
  const result = runHspell(
    forms.map((f) => f.form.he),
    cwd,
  );
  const specOf = new Map(verbs.specs.map((s) => [s.verb, s]));
  const report: VerbCheckReport = { forms: forms.length, agreeing: 0, allowlisted: 0, errors: [], stale: [] };
  for (const f of forms) {
    const spec = specOf.get(f.verb);
    // A suppletive verb's past may be another verb's (אָמַר for להגיד): its own forms' lemma is its own past.
    const lemma =
      (spec?.suppletive ? conjugate(spec as VerbSpec)["past.3ms"]?.he : verbs.tables.get(f.verb)?.["past.3ms"]?.he) ??
      "";
    const readings = result.known.get(f.form.he);
    const allow = spec?.hspell?.[f.cell];
    const file = verbs.files.get(f.verb) ?? "verbs";
    if (agrees(f.cell, lemma, readings)) {
      report.agreeing++;
      if (allow) report.stale.push({ verb: f.verb, cell: f.cell, file });
      continue;
    }
    if (allow) {
      report.allowlisted++;
      continue;
    }
    const said = (readings ?? [])
      .map(
        (r) =>
          `${r.prefix ? `${r.prefix}+` : ""}${r.analyses.map((a) => `${a.lemma}(${[a.pos, ...a.attrs].join(",")})`).join(" ")}`,
      )
      .join("; ");
    report.errors.push({ verb: f.verb, cell: f.cell, he: f.form.he, hspell: said || "unknown", file });
  }
  return report;
}
