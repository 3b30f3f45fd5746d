import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONTENT_DIR, loadContent, moduleIdInRange, movedTo, tensesOf } from "./load.ts";

const i18n = (s: string) => ({ en: s, fr: s, es: s, ru: "слово", uk: "слово", ar: "كلمة" });
const word = (over: Record<string, unknown> = {}) => ({
  id: 3001,
  he: "שולחן",
  nikkud: "שֻׁלְחָן",
  translit: "shul-CHAN",
  pos: "noun",
  roots: ["ש-ל-ח"],
  tr: i18n("table"),
  example: { he: "הספר על השולחן.", nikkud: "הַסֵּפֶר עַל הַשֻּׁלְחָן.", tr: i18n("The book is on the table.") },
  ...over,
});

let dir = "";
function fixture(words: unknown[], extra: (d: string) => void = () => {}) {
  dir = mkdtempSync(join(tmpdir(), "content-"));
  for (const d of ["modules", "roots", "beginner"]) mkdirSync(join(dir, d));
  cpSync(join(CONTENT_DIR, "fields.json"), join(dir, "fields.json"));
  for (const f of ["letters", "nikkud", "letter-vowel"])
    cpSync(join(CONTENT_DIR, "beginner", `${f}.json`), join(dir, "beginner", `${f}.json`));
  writeFileSync(join(dir, "roots", "a.json"), JSON.stringify({ "ש-ל-ח": i18n("sending") }));
  const m = { id: 3, slug: "food", tier: 1, name: i18n("Food"), words };
  writeFileSync(join(dir, "modules", "03-food.json"), JSON.stringify(m));
  extra(dir);
  return loadContent(dir);
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("loadContent", () => {
  it("loads a clean content directory without findings", () => {
    const c = fixture([word()]);
    expect(c.problems).toEqual([]);
    expect(c.lint).toEqual([]);
    expect(c.modules[0]?.words[0]?.he).toBe("שולחן");
    expect(c.roots.get("ש-ל-ח")?.en).toBe("sending");
    expect(c.letters).toHaveLength(27);
    expect(c.moduleFiles[3]).toBe("modules/03-food.json");
    expect(c.hash).toMatch(/^[0-9a-f]{64}$/);
  });
  it("reports schema errors with the word id", () => {
    const c = fixture([word({ tr: { en: "table" } })]);
    expect(c.problems[0]).toMatchObject({ file: "modules/03-food.json", id: 3001 });
    expect(c.modules).toHaveLength(0);
  });
  it("refuses duplicate ids, unknown roots and roots defined twice", () => {
    const c = fixture([word(), word({ roots: ["ק-ק-ק"] })], (d) =>
      writeFileSync(join(d, "roots", "b.json"), JSON.stringify({ "ש-ל-ח": i18n("again") })),
    );
    const messages = c.problems.map((p) => p.message);
    expect(messages.some((m) => m.includes("word id 3001 is also used"))).toBe(true);
    expect(messages.some((m) => m.includes("root ק-ק-ק is not defined"))).toBe(true);
    expect(messages.some((m) => m.includes("root ש-ל-ח is also defined in roots/a.json"))).toBe(true);
  });
  it("lints plain/pointed mismatch, marks, stress, ranges and incomplete verbs", () => {
    const c = fixture([
      word({ he: "שלחן", nikkud: "שֻׁלְחָנִים" }),
      word({ id: 3002, nikkud: "שֻלְחָן", translit: "shul-chan" }),
      word({ id: 4003 }),
      word({
        id: 3004,
        he: "כותב",
        nikkud: "כּוֹתֵב",
        translit: "ko-TEV",
        pos: "verb",
        tense: "present",
        verb: "לכתוב",
        binyan: "paal",
        roots: [],
      }),
    ]);
    const messages = c.lint.map((p) => p.message).join("\n");
    expect(messages).toContain("does not match pointed");
    expect(messages).toContain("ש needs a shin dot");
    expect(messages).toContain("needs exactly one stressed");
    expect(messages).toContain("outside module 3's range");
    expect(messages).toContain("verb לכתוב: missing past, future, infinitive");
  });
  it("lints a past or future entry in tier 1 (tier 1 teaches the present and the infinitive)", () => {
    const verb = { pos: "verb", verb: "לכתוב", binyan: "paal", roots: [] };
    const c = fixture([
      word({ id: 3001, he: "כתב", nikkud: "כָּתַב", translit: "ka-TAV", tense: "past", ...verb }),
      word({ id: 3002, he: "כותב", nikkud: "כּוֹתֵב", translit: "ko-TEV", tense: "present", ...verb }),
    ]);
    const messages = c.lint.filter((p) => p.message.includes("in tier 1")).map((p) => p.id);
    expect(messages).toEqual([3001]);
  });
  it("reads moved.json: a retired id is taught nowhere, moved once, and its move ends on a taught id", () => {
    const moves = (list: unknown[]) => (d: string) =>
      writeFileSync(join(d, "moved.json"), JSON.stringify({ moves: list }));
    const ok = fixture([word()], moves([{ from: 213022, to: 3001, why: "tier 1" }]));
    expect(ok.problems).toEqual([]);
    expect(ok.moved).toEqual([{ from: 213022, to: 3001, why: "tier 1" }]);
    const bad = fixture(
      [word(), word({ id: 3002 })],
      moves([
        { from: 3002, to: 3001, why: "still taught" },
        { from: 9001, to: 3001, why: "once" },
        { from: 9001, to: 3001, why: "twice" },
        { from: 9003, to: 9004, why: "nowhere" },
      ]),
    );
    const messages = bad.problems.map((p) => p.message).join("\n");
    expect(messages).toContain("3002 is moved to 3001 but still taught");
    expect(messages).toContain("9001 is moved twice");
    expect(messages).toContain("9003 is moved to 9004, which no module teaches");
  });
  it("follows chains of moves to the id taught now", () => {
    const why = "x";
    const map = movedTo([
      { from: 1, to: 2, why },
      { from: 2, to: 3, why },
      { from: 5, to: 6, why },
    ]);
    expect([...map]).toEqual([
      [1, 3],
      [2, 3],
      [5, 6],
    ]);
  });
  it("reads the allowlist", () => {
    const c = fixture([word()], (d) =>
      writeFileSync(join(d, "allowlist.json"), JSON.stringify({ hspell: { אמא: "newspaper spelling" } })),
    );
    expect(c.allowlist.hspell).toEqual({ אמא: "newspaper spelling" });
    expect(c.allowlist.hunspell).toEqual({});
  });
});

describe("id and tense rules", () => {
  it("knows the module id ranges per tier", () => {
    expect(moduleIdInRange(3, 1)).toBe(true);
    expect(moduleIdInRange(21, 1)).toBe(false);
    expect(moduleIdInRange(45, 3)).toBe(true);
    expect(moduleIdInRange(93, 1)).toBe(true);
    expect(moduleIdInRange(101, 1)).toBe(true);
    expect(moduleIdInRange(199, 1)).toBe(true);
    expect(moduleIdInRange(100, 1)).toBe(false);
    expect(moduleIdInRange(201, 1)).toBe(false);
    expect(moduleIdInRange(201, 2)).toBe(true);
    expect(moduleIdInRange(299, 2)).toBe(true);
    expect(moduleIdInRange(301, 3)).toBe(true);
    expect(moduleIdInRange(399, 3)).toBe(true);
    expect(moduleIdInRange(400, 3)).toBe(false);
    expect(moduleIdInRange(61, 3)).toBe(false);
  });
  it("knows that pu'al and huf'al have no infinitive", () => {
    expect(tensesOf("pual")).toEqual(["present", "past", "future"]);
    expect(tensesOf("paal")).toHaveLength(4);
  });
});
