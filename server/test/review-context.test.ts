// Issue 28 through app.inject, on every backend: the review's session asks known verbs for their other forms (from
// the verb's table, within the tenses its tier teaches), the cloze with its sentence cut around the gap, and the
// picture question with four pictures; answers to the typed ones count as production.

import { join } from "node:path";
import type { ReviewCard } from "@ivrit/core/schemas/review";
import { tensesOfTier } from "@ivrit/core/verb-forms";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const CONTENT = join(import.meta.dirname, "..", "..", "content");

const DAY = 86_400_000;
const VERBS = [3020, 3023, 3024, 3027, 3028, 3031];

/** Recalled over months, once typed: a known card (k answers). */
const known = (wordId: number, k: number, now: number) =>
  [120, 90, 75, 55, 30, 5].slice(-k).map((days, i) => ({
    id: `k${wordId}-${i}`,
    wordId,
    at: new Date(now - days * DAY).toISOString(),
    game: "review",
    outcome: "right",
    ...(i === 1 && { exercise: "typing" }),
  }));

describe.each(BACKENDS)("review in context on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { CONTENT_DIR: CONTENT });
  });
  afterAll(async () => h?.close());

  const session = async (userId: string, ids: number[], language = "en") => {
    const res = await h.app.inject({
      method: "GET",
      url: `/api/review/session?language=${language}&words=${ids.join(",")}`,
      headers: as(userId),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: ReviewCard[] }).items;
  };

  it("asks a known verb its forms: a cell of its table in its tier's tenses, the meaning its infinitive's", async () => {
    const user = newUser();
    const now = Date.now();
    const events = VERBS.flatMap((id, i) => known(id, 4 + (i % 3), now));
    const posted = await h.app.inject({
      method: "POST",
      url: "/api/review/events",
      payload: { events },
      headers: as(user),
    });
    expect(posted.statusCode).toBe(200);
    const snap = h.cache.current;
    const forms: ReviewCard[] = [];
    for (const language of ["en", "ar"]) {
      for (const item of await session(user, VERBS, language)) {
        expect(["known", "mature"]).toContain(item.state);
        if (item.exercise !== "form" && item.exercise !== "form_typing") {
          expect(item.form).toBeNull();
          continue;
        }
        forms.push(item);
        const word = snap.wordById.get(item.wordId);
        const form = item.form;
        if (!word?.forms || !form) throw new Error(`form card ${item.wordId} without a table or a form`);
        expect(form.nikkud).toBe(word.forms[form.cell]?.nikkud);
        expect(form.he).toBe(word.forms[form.cell]?.he);
        expect(tensesOfTier(word.tier)).toContain(form.tense);
        // The infinitive's meaning ("to eat"), not the present entry's ("eats / is eating").
        const infinitive = snap.words.find((w) => w.verb === word.verb && w.tense === "infinitive");
        expect(form.meaning).toBe(infinitive?.tr[language as "en" | "ar"]);
        if (item.exercise === "form") {
          expect(form.options).toHaveLength(4);
          expect(form.options.filter((o) => o.nikkud === form.nikkud)).toHaveLength(1);
        } else expect(form.options).toEqual([]);
      }
    }
    expect(forms.length).toBeGreaterThan(0);
  });

  it("counts a typed form or cloze as production, a chosen one as a choice", async () => {
    const user = newUser();
    const at = new Date(Date.now() - 2 * DAY).toISOString();
    const res = await h.app.inject({
      method: "POST",
      url: "/api/review/events",
      payload: {
        events: [
          { id: "f1", wordId: 3001, at, game: "review", outcome: "right", exercise: "cloze_typing" },
          { id: "f2", wordId: 3002, at, game: "review", outcome: "right", exercise: "cloze" },
          { id: "f3", wordId: 3003, at, game: "review", outcome: "right", exercise: "picture" },
        ],
      },
      headers: as(user),
    });
    expect(res.statusCode).toBe(200);
    const words = await h.app.inject({ method: "GET", url: "/api/review/words", headers: as(user) });
    expect(words.statusCode).toBe(200);
    const rows = await h.database.db
      .select({ wordId: t.reviewCards.wordId, produced: t.reviewCards.produced })
      .from(t.reviewCards)
      .where(eq(t.reviewCards.userId, user))
      .orderBy(asc(t.reviewCards.wordId));
    expect(rows.map((r) => [r.wordId, r.produced])).toEqual([
      [3001, true],
      [3002, false],
      [3003, false],
    ]);
  });
});
