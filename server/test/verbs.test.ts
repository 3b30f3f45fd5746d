// GET /api/words serves a verb's whole conjugation table (decision 0018) from the real content, on each backend:
// the loader stores the tables, the content cache joins them to the verb's entries, full mode returns `forms`.
import { join } from "node:path";
import { leanWordsResponse, wordsResponse } from "@ivrit/core/schemas/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const CONTENT = join(import.meta.dirname, "..", "..", "content");
type Item = { verb: string | null; tense: string | null; category: string; forms?: Record<string, unknown> | null };

describe.each(BACKENDS)("verb tables on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { CONTENT_DIR: CONTENT });
  }, 120_000);
  afterAll(async () => h?.close());
  const get = (url: string, userId: string) => h.app.inject({ method: "GET", url, headers: as(userId) });

  it("returns the table with each of the verb's entries in full mode", async () => {
    const res = await get("/api/words?moduleId=10", newUser());
    expect(res.statusCode).toBe(200);
    const body = wordsResponse.parse(res.json());
    const write = (body.items as Item[]).filter((w) => w.verb === "לכתוב");
    // Tier 1 teaches a verb's present and infinitive (decision 0096); the table gives every other form.
    expect(write.map((w) => w.tense).sort()).toEqual(["infinitive", "present"]);
    for (const w of write) {
      expect(Object.keys(w.forms ?? {})).toHaveLength(27);
      expect(w.forms?.["past.1s"]).toEqual({ he: "כתבתי", nikkud: "כָּתַבְתִּי", translit: "ka-TAV-ti" });
      expect(w.forms?.["fut.2fs"]).toEqual({ he: "תכתבי", nikkud: "תִּכְתְּבִי", translit: "tich-te-VI" });
      expect(w.forms?.["imp.p"]).toEqual({ he: "כתבו", nikkud: "כִּתְבוּ", translit: "kit-VU" });
    }
    const noun = (body.items as Item[]).find((w) => w.category === "noun");
    expect(noun?.forms).toBeNull();
  });

  it("returns the table in lean mode with forms=1 only, for verbs that are not locked", async () => {
    const user = newUser();
    const lean = leanWordsResponse.parse((await get("/api/words?moduleId=10&fields=lean&forms=1", user)).json());
    const write = lean.items.find((w) => w.verb === "לכתוב");
    expect(write?.forms?.["past.1s"]).toEqual({ he: "כתבתי", nikkud: "כָּתַבְתִּי", translit: "ka-TAV-ti" });
    expect(lean.items.find((w) => w.category === "noun")).not.toHaveProperty("forms");
    const without = (await get("/api/words?moduleId=10&fields=lean", user)).json().items as Item[];
    expect(without.find((w) => w.verb === "לכתוב")).not.toHaveProperty("forms");
    const locked = (await get("/api/words?moduleId=21&fields=lean&forms=1", user)).json().items as Item[];
    expect(locked.find((w) => w.verb)).not.toHaveProperty("forms");
  });

  it("leaves the table out in compact mode and for a locked module", async () => {
    const user = newUser();
    const compact = (await get("/api/words?moduleId=10&fields=compact", user)).json().items as Item[];
    expect(compact.find((w) => w.verb === "לכתוב")).not.toHaveProperty("forms");
    const locked = (await get("/api/words?moduleId=21", user)).json();
    expect(locked.locked).toBe(true);
    const verb = (locked.items as Item[]).find((w) => w.verb);
    expect(verb?.forms).toBeNull();
    const pro = newUser();
    await h.app.deps.plans.grant(pro, "plus", null);
    const open = (await get("/api/words?moduleId=21", pro)).json().items as Item[];
    expect(Object.keys(open.find((w) => w.verb === "להמריא")?.forms ?? {})).toHaveLength(27);
  });
});
