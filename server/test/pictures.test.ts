// Pictures of words (issue 28.3, decision 0104): the content load writes words.picture, the word payloads carry it
// (full, compact and lean; null for a word without one), the OpenAPI document says so, and the built SPA's
// /pictures/<file>.svg is served as an image with a long cache (a missing one is a 404, not the page).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type TestApp } from "./helpers.ts";

type Item = { id: number; picture?: string | null };

describe("pictures", () => {
  const dist = mkdtempSync(join(tmpdir(), "ivrit-dist-"));
  // The fixture gives 1008 מחשב (computer) 🖥️ 1f5a5 and 1001 שולחן (table) none.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><path d="M0 0h36v36H0z"/></svg>';
  let h: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, "pictures"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>ivrit</title>");
    writeFileSync(join(dist, "pictures", "1f5a5.svg"), svg);
    h = await startApp("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const items = async (query: string): Promise<Item[]> =>
    (await h.app.inject({ url: `/api/words?moduleId=1&${query}` })).json().items;

  it("the content load stores the picture", async () => {
    const w = h.cache.current.wordById;
    expect(w.get(1008)?.picture).toBe("1f5a5");
    expect(w.get(1001)?.picture).toBeNull();
  });

  it.each(["fields=full", "fields=compact", "fields=lean", "fields=lean&sentences=1"])(
    "a word's payload carries its picture, null when it has none (%s)",
    async (query) => {
      const list = await items(query);
      expect(list.find((w) => w.id === 1008)?.picture).toBe("1f5a5");
      expect(list.find((w) => w.id === 1001)?.picture).toBeNull();
    },
  );

  it("the beginner module's words carry theirs too", async () => {
    const list: Item[] = (await h.app.inject({ url: "/api/beginner/words?language=en" })).json().items;
    expect(list.find((w) => w.id === 93002)?.picture).toBe("1f4d5");
    expect(list.find((w) => w.id === 93001)?.picture).toBeNull();
  });

  it("the OpenAPI document describes the field", async () => {
    const doc = JSON.stringify((await h.app.inject({ url: "/api/docs/json" })).json());
    expect(doc).toContain('"picture"');
  });

  it("serves /pictures/<file>.svg as an image with a long cache", async () => {
    const res = await h.app.inject({ url: "/pictures/1f5a5.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(svg);
  });

  it("answers a picture the build does not hold with a 404, not the page", async () => {
    const res = await h.app.inject({ url: "/pictures/1f415.svg" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });
});
