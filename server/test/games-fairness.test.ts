// Issue 12.4 over the REAL content, served by GET /words as the games load it (a pro user: no locked previews):
// no round offers two right options, verb conjugation's wrong options are the verb's own forms (or its root's
// in another binyan), translation match's are mostly of the answer's part of speech, the vowel game's are the
// consonant's other readings and never a bare "'". `npm run games-fairness -w bench` prints the same figures.
import { join } from "node:path";
import { fairnessPools, measureFairness } from "@ivrit/core/games/fairness";
import type { LetterVowel, Word, WordsQueryInput } from "@ivrit/core/schemas/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPlan } from "../src/users.ts";
import { as, newUser, startApp, type TestApp } from "./helpers.ts";

const CONTENT = join(import.meta.dirname, "..", "..", "content");

describe("games fairness over the real content", () => {
  let h: TestApp;
  const user = newUser();
  beforeAll(async () => {
    h = await startApp("pglite", { CONTENT_DIR: CONTENT });
    await grantPlan(h.database.db, user, "pro", null);
  }, 120_000);
  afterAll(async () => h?.close());

  async function get<T>(url: string): Promise<T> {
    const res = await h.app.inject({ url, headers: as(user) });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  }

  it("property over seeds: never two right options; options of the same verb, part of speech, consonant", async () => {
    const seeds = [1, 2, 3];
    const modules = (await get<{ items: { id: number; is_beginner: boolean }[] }>("/api/me/modules?all=1")).items;
    const pools = await fairnessPools(
      async (q: WordsQueryInput) =>
        (await get<{ items: Word[] }>(`/api/words?${new URLSearchParams(q as Record<string, string>)}`)).items,
      modules.filter((m) => !m.is_beginner).map((m) => m.id),
      seeds,
    );
    const letterVowels = (await get<{ items: LetterVowel[] }>("/api/beginner/letter-vowel?language=en")).items;
    const f = measureFairness({ ...pools, letterVowels, seeds });
    expect(f.verb.questions).toBeGreaterThan(0);
    expect(f.verb.twoRight).toBe(0);
    expect(f.verb.sameRoot.hits).toBe(f.verb.sameRoot.of);
    expect(f.translation.twoRight).toBe(0);
    expect(f.translation.twoRightAcrossPools).toBe(0);
    expect(f.translation.samePos.hits / f.translation.samePos.of).toBeGreaterThanOrEqual(0.9);
    expect(f.vowel.twoRight).toBe(0);
    expect(f.vowel.bareStops).toBe(0);
    expect(f.vowel.sameConsonant.hits).toBe(f.vowel.sameConsonant.of);
  }, 120_000);
});
