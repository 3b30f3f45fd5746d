import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { conjugate } from "./conjugate.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";
import { tablesText } from "./verbs.ts";

const i18n = (s: string) => ({ en: s, fr: s, es: s, ru: "писать", uk: "писати", ar: "كتب" });
const spec = { verb: "לכתוב", root: "כ-ת-ב", binyan: "paal", class: "regular" } as const;
const entry = (over: Record<string, unknown> = {}) => ({
  id: 3001,
  he: "לכתוב",
  nikkud: "לִכְתֹּב",
  translit: "lich-TOV",
  pos: "verb",
  tense: "infinitive",
  verb: "לכתוב",
  binyan: "paal",
  roots: ["כ-ת-ב"],
  tr: i18n("to write"),
  example: { he: "אני אוהב לכתוב.", nikkud: "אֲנִי אוֹהֵב לִכְתֹּב.", tr: i18n("I like to write.") },
  ...over,
});

let dir = "";
/** A content directory with one module (the given words), the verb list and its committed tables. */
function fixture(words: unknown[], opts: { table?: string; specs?: unknown[] } = {}) {
  dir = mkdtempSync(join(tmpdir(), "verbs-"));
  for (const d of ["modules", "roots", "beginner", "verbs", "verbs/tables"]) mkdirSync(join(dir, d));
  cpSync(join(CONTENT_DIR, "fields.json"), join(dir, "fields.json"));
  for (const f of ["letters", "nikkud", "letter-vowel"])
    cpSync(join(CONTENT_DIR, "beginner", `${f}.json`), join(dir, "beginner", `${f}.json`));
  writeFileSync(join(dir, "roots", "a.json"), JSON.stringify({ "כ-ת-ב": i18n("writing") }));
  writeFileSync(
    join(dir, "modules", "03-school.json"),
    JSON.stringify({ id: 3, slug: "school", tier: 1, name: i18n("School"), words }),
  );
  writeFileSync(join(dir, "verbs", "paal.json"), JSON.stringify({ verbs: opts.specs ?? [spec] }));
  writeFileSync(join(dir, "verbs", "tables", "paal.json"), opts.table ?? tablesText({ לכתוב: conjugate(spec) }));
  return loadContent(dir);
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("verb tables in the content", () => {
  it("accepts a verb taught by its infinitive alone when it has a table, and loads the table", () => {
    const c = fixture([entry()]);
    expect(c.problems).toEqual([]);
    expect(c.lint).toEqual([]);
    expect(c.verbs.tables.get("לכתוב")?.["past.1s"]?.he).toBe("כתבתי");
  });
  it("fails when a committed table is not the generator's output", () => {
    const t = conjugate(spec);
    const edited = { ...t, "past.1s": { he: "כתבתי", nikkud: "כָּתַבְתִּי", translit: "KA-tav-ti" } };
    const c = fixture([entry()], { table: tablesText({ לכתוב: edited }) });
    expect(c.lint.map((i) => i.message)).toContain(
      "differs from the generator's output: run `npm run verbs -w content`",
    );
  });
  it("fails when a form is not transliterated as its pointing reads (the vocal shva's one rule, decision 0092)", () => {
    const t = conjugate(spec);
    const said = { ...t, "past.3fs": { he: "כתבה", nikkud: "כָּתְבָה", translit: "ka-te-VA" } };
    const c = fixture([entry()], { table: tablesText({ לכתוב: said }) });
    expect(c.lint.map((i) => i.message)).toContain("לכתוב past.3fs: כָּתְבָה is not read ka-te-VA (it reads like katva)");
  });
  it("fails when a published entry is not the form of its cell", () => {
    const c = fixture([entry({ nikkud: "לְכַתֵּב" })]);
    expect(c.lint.some((i) => i.id === 3001 && i.message.includes("the table's inf is לכתוב לִכְתֹּב"))).toBe(true);
  });
  it("needs all four tenses of a verb without a table", () => {
    const c = fixture([entry()], { specs: [], table: "{}\n" });
    const messages = c.lint.map((i) => i.message);
    expect(messages.some((m) => m.includes("has no table"))).toBe(true);
    expect(messages.some((m) => m.includes("missing present, past, future"))).toBe(true);
  });
});
