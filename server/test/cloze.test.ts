// The cloze gap (issue 28) is loaded with the content: the one core's finder finds, else the content's mark
// (example.gap), into sentences.gap_word / gap_prefix and the cache's `sentence.gap`, on every backend.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clozeOf } from "@ivrit/core/cloze";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { BACKENDS, FIXTURE_CONTENT, startApp, type TestApp } from "./helpers.ts";

const FOUND = 1001; // שולחן in "הספר על השולחן.": the finder finds ה + שולחן
const MARKED = 1007; // גדול, given a sentence with its plural and the gap marked
const NONE = 1008; // מחשב, given a sentence without it

/** The fixture with entry MARKED's sentence in the plural (marked) and NONE's sentence without its entry. */
function withGaps(dir: string) {
  const file = join(dir, "modules", "01-home.json");
  const home = JSON.parse(readFileSync(file, "utf8"));
  for (const w of home.words) {
    if (w.id === MARKED)
      w.example = {
        ...w.example,
        he: "הבתים גדולים.",
        nikkud: "הַבָּתִּים גְּדוֹלִים.",
        gap: { word: 1, prefix: 0 },
      };
    if (w.id === NONE) w.example = { ...w.example, he: "הבית חדש.", nikkud: "הַבַּיִת חָדָשׁ." };
  }
  writeFileSync(file, JSON.stringify(home));
}

describe.each(BACKENDS)("cloze gaps loaded on %s", (backend) => {
  let h: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cloze-content-"));
    cpSync(FIXTURE_CONTENT, dir, { recursive: true });
    withGaps(dir);
    h = await startApp(backend, { CONTENT_DIR: dir });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores the found gap, the marked gap, and none", async () => {
    const rows = await h.database.db
      .select({ wordId: t.sentences.wordId, word: t.sentences.gapWord, prefix: t.sentences.gapPrefix })
      .from(t.sentences);
    const by = new Map(rows.map((r) => [r.wordId, { word: r.word, prefix: r.prefix }]));
    expect(by.get(FOUND)).toEqual({ word: 2, prefix: 1 });
    expect(by.get(MARKED)).toEqual({ word: 1, prefix: 0 });
    expect(by.get(NONE)).toEqual({ word: null, prefix: null });
  });

  it("carries the gap on the cached word's sentence, ready to cut", () => {
    const words = h.cache.current.wordById;
    const found = words.get(FOUND)?.sentence;
    expect(found?.gap).toEqual({ word: 2, prefix: 1 });
    if (!found?.gap) throw new Error("no gap");
    expect(clozeOf(found, found.gap).pointed).toEqual({ before: "הַסֵּפֶר עַל הַ", gap: "שֻּׁלְחָן", after: "." });
    const marked = words.get(MARKED)?.sentence;
    expect(marked?.gap).toEqual({ word: 1, prefix: 0 });
    if (!marked?.gap) throw new Error("no gap");
    expect(clozeOf(marked, marked.gap).plain).toEqual({ before: "הבתים ", gap: "גדולים", after: "." });
    expect(words.get(NONE)?.sentence?.gap).toBeNull();
  });
});
