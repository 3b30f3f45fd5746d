// Moved entries keep their learners (content/moved.json, decision 0096): loading content that moves a word to a
// new id carries progress, review cards, marks and answers to the new id, on every backend, once.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncContent } from "../src/content/sync.ts";
import * as t from "../src/db/schema.ts";
import { archiveEvents } from "../src/event-archive.ts";
import { grantPlan } from "../src/users.ts";
import { as, BACKENDS, FIXTURE_CONTENT, newUser, startApp, type TestApp } from "./helpers.ts";

const OLD = 1001; // שולחן, module 1 (tier 1) of the fixture content
const NEW = 21002; // the same entry in module 21 (tier 2) once moved

/** Moves word OLD of module 1 to module 21 as NEW, the way content authors do (moved.json). */
function moveInFixture(dir: string) {
  const file = (name: string) => join(dir, "modules", name);
  const home = JSON.parse(readFileSync(file("01-home.json"), "utf8"));
  const office = JSON.parse(readFileSync(file("21-office.json"), "utf8"));
  const word = home.words.find((w: { id: number }) => w.id === OLD);
  home.words = home.words.filter((w: { id: number }) => w.id !== OLD);
  office.words.push({ ...word, id: NEW });
  writeFileSync(file("01-home.json"), JSON.stringify(home));
  writeFileSync(file("21-office.json"), JSON.stringify(office));
  writeFileSync(join(dir, "moved.json"), JSON.stringify({ moves: [{ from: OLD, to: NEW, why: "test" }] }));
}

describe.each(BACKENDS)("moved entries on %s", (backend) => {
  let h: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "moves-content-"));
    cpSync(FIXTURE_CONTENT, dir, { recursive: true });
    h = await startApp(backend, { CONTENT_DIR: dir });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (url: string, payload: unknown, userId: string) =>
    h.app.inject({ method: "POST", url, payload: payload as object, headers: as(userId) });
  const rows = async (userId: string) => {
    const db = h.database.db;
    const ids = [OLD, NEW];
    const progress = await db
      .select({ wordId: t.wordProgress.wordId, score: t.wordProgress.score, seen: t.wordProgress.seen })
      .from(t.wordProgress)
      .where(and(eq(t.wordProgress.userId, userId), inArray(t.wordProgress.wordId, ids)));
    const cards = await db
      .select({ wordId: t.reviewCards.wordId, reps: t.reviewCards.reps })
      .from(t.reviewCards)
      .where(and(eq(t.reviewCards.userId, userId), inArray(t.reviewCards.wordId, ids)));
    const events = await db
      .select({ wordId: t.reviewEvents.wordId, id: t.reviewEvents.clientEventId })
      .from(t.reviewEvents)
      .where(and(eq(t.reviewEvents.userId, userId), inArray(t.reviewEvents.wordId, ids)));
    return { progress, cards, events: events.sort((a, b) => a.id.localeCompare(b.id)) };
  };

  it("carries progress, cards and answers from the old id to the new one, once", async () => {
    const learner = newUser();
    const both = newUser(); // has rows on both ids: progress is merged, the new id's card is kept
    await grantPlan(h.database.db, learner, "plus", null); // the entry moves to tier 2: plus opens it
    expect((await send("/api/progress/word", { userId: learner, wordId: OLD, delta: 2 }, learner)).statusCode).toBe(
      200,
    );
    const at = (ms: number) => new Date(Date.now() - ms).toISOString();
    const events = [
      { id: "e1", wordId: OLD, at: at(120_000), game: "review", outcome: "right" },
      { id: "e2", wordId: OLD, at: at(60_000), game: "review", outcome: "wrong" },
    ];
    expect((await send("/api/review/events", { events }, learner)).statusCode).toBe(200);
    // A read of the learner's cards folds their events onto the card (decision 0066).
    expect((await h.app.inject({ method: "GET", url: "/api/review/words", headers: as(learner) })).statusCode).toBe(
      200,
    );
    const before = await rows(learner);
    expect(before.progress).toEqual([{ wordId: OLD, score: 2, seen: 1 }]);
    expect(before.cards).toEqual([{ wordId: OLD, reps: expect.any(Number) }]);
    expect(before.events.map((e) => e.wordId)).toEqual([OLD, OLD]);

    expect((await send("/api/progress/word", { userId: both, wordId: OLD, delta: 3 }, both)).statusCode).toBe(200);
    // The new id taught before the move reached this learner: only possible by hand, so written by hand.
    await h.database.db.insert(t.wordProgress).values({ userId: both, wordId: NEW, score: 1, seen: 4 });

    // A learner whose older answers on the word are in the archive (decision 0111): those move to the new id too.
    const archived = newUser();
    const old = [1, 2, 3].map((k) => ({
      id: `a${k}`,
      wordId: OLD,
      at: at(k * 60_000),
      game: "review",
      outcome: "right",
    }));
    expect((await send("/api/review/events", { events: old }, archived)).statusCode).toBe(200);
    await h.app.inject({ method: "GET", url: "/api/review/words", headers: as(archived) });
    await h.database.db.execute(
      sql`update review_events set received_at = now() - interval '40 days' where user_id = ${archived}::uuid`,
    );
    expect(await archiveEvents(h.database, 30)).toBe(2); // all but the learner's newest
    const archiveWords = async () =>
      (await h.database.db.select().from(t.reviewEventsArchive).where(eq(t.reviewEventsArchive.userId, archived)))
        .map((e) => e.wordId)
        .sort();

    moveInFixture(dir);
    const result = await syncContent(h.database, { dir });
    expect(result.loaded).toBe(true);
    expect(result.carried).toEqual({ progress: 2, cards: 2, marks: 0, events: 5 });
    expect(await archiveWords()).toEqual([NEW, NEW]);
    expect(await h.cache.refreshIfChanged()).toBe(true); // what the content poll does

    const after = await rows(learner);
    expect(after.progress).toEqual([{ wordId: NEW, score: 2, seen: 1 }]);
    expect(after.cards).toEqual([{ wordId: NEW, reps: before.cards[0]?.reps }]);
    expect(after.events).toEqual([
      { wordId: NEW, id: "e1" },
      { wordId: NEW, id: "e2" },
    ]);
    expect((await rows(both)).progress).toEqual([{ wordId: NEW, score: 3, seen: 5 }]);

    // A device that still sends the old id (a queue filled before the move): its progress and answers count for
    // the new id.
    expect((await send("/api/progress/word", { userId: learner, wordId: OLD, delta: 1 }, learner)).statusCode).toBe(
      200,
    );
    expect((await rows(learner)).progress).toEqual([{ wordId: NEW, score: 3, seen: 2 }]);
    const late = [{ id: "e3", wordId: OLD, at: at(30_000), game: "review", outcome: "right" }];
    // The entry moved to tier 2: a free learner's answer on it is locked, like any tier-2 word's.
    expect((await send("/api/review/events", { events: late }, both)).json().results).toEqual([
      { id: "e3", status: "locked" },
    ]);
    const stored = await send("/api/review/events", { events: late }, learner);
    expect(stored.json().results).toEqual([{ id: "e3", status: "stored" }]);
    expect((await rows(learner)).events).toEqual([
      { wordId: NEW, id: "e1" },
      { wordId: NEW, id: "e2" },
      { wordId: NEW, id: "e3" },
    ]);
    // An id that was never taught is still refused.
    expect((await send("/api/progress/word", { userId: learner, wordId: 424242, delta: 1 }, learner)).statusCode).toBe(
      400,
    );

    // Loading again carries nothing more and changes nothing.
    const again = await syncContent(h.database, { dir, force: true });
    expect(again.carried).toEqual({ progress: 0, cards: 0, marks: 0, events: 0 });
    expect((await rows(learner)).progress).toEqual([{ wordId: NEW, score: 3, seen: 2 }]);
    expect((await rows(learner)).events.map((e) => e.wordId)).toEqual([NEW, NEW, NEW]);
  });
});
