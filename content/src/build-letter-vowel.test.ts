import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildGrid } from "./build-letter-vowel.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";
import { letter, nikkud } from "./schema.ts";

const read = (f: string) => JSON.parse(readFileSync(join(CONTENT_DIR, "beginner", f), "utf8"));
const letters = letter.array().parse(read("letters.json"));
const marks = nikkud.array().parse(read("nikkud.json"));

describe("the letter + vowel grid", () => {
  const grid = buildGrid(letters, marks);
  const byId = new Map(grid.map((c) => [c.id, c]));
  it("is what letter-vowel.json holds (the committed grid is the built one)", () => {
    expect(read("letter-vowel.json")).toEqual(grid);
  });
  it("has the undotted ב כ פ and sin as the letter's second form, at letter id × 100 + 50 + nikkud id", () => {
    expect(byId.get(202)).toMatchObject({ text: "בַּ", translit: "ba" });
    expect(byId.get(252)).toMatchObject({ text: "בַ", translit: "va", letterId: 2, nikkudId: 2 });
    expect(byId.get(1152)).toMatchObject({ text: "כַ", translit: "cha" });
    expect(byId.get(1752)).toMatchObject({ text: "פַ", translit: "fa" });
    expect(byId.get(2152)).toMatchObject({ text: "שַׂ".normalize("NFC"), translit: "sa" });
    expect(byId.get(2102)?.translit).toBe("sha");
  });
  it("has holam male and hirik male for every letter", () => {
    expect(byId.get(1213)).toMatchObject({ text: "לוֹ", translit: "lo" });
    expect(byId.get(1214)).toMatchObject({ text: "לִי", translit: "li" });
    expect(byId.get(613)).toMatchObject({ text: "ווֹ", translit: "vo" });
    expect(grid.filter((c) => c.nikkudId === 13).length).toBe(22 + 4);
  });
  it("keeps every id below the next letter's and unique", () => {
    expect(new Set(grid.map((c) => c.id)).size).toBe(grid.length);
    for (const c of grid) expect(Math.floor(c.id / 100)).toBe(c.letterId);
  });
});

describe("the checker on the grid", () => {
  // Loading and checking the whole content takes seconds, more on a loaded machine.
  it("passes the committed grid", () => {
    const c = loadContent();
    expect(c.lint.filter((i) => i.file === "beginner/letter-vowel.json")).toEqual([]);
  }, 60_000);
});
