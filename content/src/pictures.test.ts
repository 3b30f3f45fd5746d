import { describe, expect, it } from "vitest";
import { allowlistFile, type Content, type ContentWord, loadContent } from "./load.ts";
import { pictureCounts, pictureIssues, twemojiFiles } from "./pictures.ts";
import { word as wordSchema } from "./schema.ts";

const tr = { en: "x", fr: "x", es: "x", ru: "х", uk: "х", ar: "س" };
function word(id: number, he: string, pos: string, picture?: string): ContentWord {
  const example = { he: `${he}.`, nikkud: `${he}.`, tr };
  return {
    id,
    he,
    nikkud: he,
    translit: "X",
    pos,
    roots: [],
    tr,
    example,
    ...(picture ? { picture } : {}),
  } as ContentWord;
}
function content(ws: ContentWord[], allow: Record<string, unknown> = {}) {
  const byModule = new Map<number, ContentWord[]>();
  for (const w of ws) byModule.set(Math.floor(w.id / 1000), [...(byModule.get(Math.floor(w.id / 1000)) ?? []), w]);
  return {
    modules: [...byModule].map(([id, words]) => ({ id, slug: "m", tier: 1, fields: [], name: tr, words })),
    moduleFiles: Object.fromEntries([...byModule.keys()].map((id) => [id, `modules/${id}-m.json`])),
    allowlist: allowlistFile.parse(allow),
  } as unknown as Pick<Content, "modules" | "moduleFiles" | "allowlist">;
}

const files = twemojiFiles();

describe("pictures", () => {
  it("reads the package's files: 🍎 is 1f34e, a ZWJ sequence keeps its fe0f", () => {
    expect(files.has("1f34e")).toBe(true);
    expect(files.has("1f468-200d-2695-fe0f")).toBe(true); // 👨‍⚕️ man health worker
    expect(files.has("1f34e-fe0f")).toBe(false);
  });

  it("passes a noun and a numeral with a file the package has", () => {
    expect(
      pictureIssues(content([word(7002, "כלב", "noun", "1f415"), word(102001, "אפס", "numeral", "30-20e3")]), files),
    ).toEqual([]);
  });

  it("fails a file the package lacks", () => {
    const issues = pictureIssues(content([word(7002, "כלב", "noun", "1f4150")]), files);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ id: 7002, file: "modules/7-m.json" });
    expect(issues[0]?.message).toContain("no such file");
  });

  it("fails a verb or an adjective unless the allowlist gives the reason", () => {
    const ws = [word(120001, "לאכול", "verb", "1f37d"), word(9012, "אדום", "adjective", "1f7e5")];
    expect(pictureIssues(content(ws), files).map((i) => i.id)).toEqual([120001, 9012]);
    expect(
      pictureIssues(content(ws, { pictures: { "9012": "a red square shows red" } }), files).map((i) => i.id),
    ).toEqual([120001]);
  });

  it("fails two entries of one module with one picture, not two modules", () => {
    const issues = pictureIssues(
      content([
        word(7002, "כלב", "noun", "1f415"),
        word(7003, "גור", "noun", "1f415"),
        word(93055, "כלב", "noun", "1f415"),
      ]),
      files,
    );
    expect(issues.map((i) => i.id)).toEqual([7003]);
    expect(issues[0]?.message).toContain("7002");
  });

  it("the schema takes only a file name (no .svg, no emoji, no upper case)", () => {
    const base = { ...word(7002, "כלב", "noun"), translit: "KE-lev" };
    expect(wordSchema.safeParse({ ...base, picture: "1f415" }).success).toBe(true);
    for (const bad of ["1f415.svg", "🐕", "1F415", "", "1f415-"])
      expect(wordSchema.safeParse({ ...base, picture: bad }).success).toBe(false);
  });

  it("the content: at least 400 entries have a picture, and every picture passes", () => {
    const c = loadContent();
    expect(pictureCounts(c).total).toBeGreaterThanOrEqual(400);
    expect(pictureIssues(c, files)).toEqual([]);
  }, 30_000); // loading the whole content takes seconds on a busy machine
});
