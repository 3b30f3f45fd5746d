// The learner's own memory model through the app (issue 28.4, decisions 0108-0109), on every backend: crossing
// 1,000 review events fits and stores a model in the background, /review/progress reports it, the fit is claimed
// once, adopted weights schedule each event from their time on (replay equals stored card), and a join of two
// learners folds the moved events with the joined learner's weights.
import { SYNTHETIC_LEARNERS } from "@ivrit/core/fsrs-fit";
import { answerModeOf } from "@ivrit/core/review";
import { createRng } from "@ivrit/core/rng";
import { replay } from "@ivrit/core/srs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { claimFit } from "../src/learner-model.ts";
import { cardOf } from "../src/review/cards.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const DAY = 86_400_000;
/** The free words of the fixture content. */
const WORDS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 93001, 93002];
type Ev = { id: string; wordId: number; at: string; game: string; outcome: string; exercise: string };

/**
 * `n` review answers over the words, each word answered every 1 to 4 days (typed, right 4 times in 5, now and then
 * wrong first), the latest a day ago: seeded.
 */
function history(n: number, seed: number, prefix: string): Ev[] {
  const rnd = createRng(seed);
  const perWord = Math.ceil(n / WORDS.length);
  const end = Date.now() - DAY;
  const out: Ev[] = [];
  for (const [w, wordId] of WORDS.entries()) {
    let time = end - perWord * 4 * DAY + w * 60_000;
    for (let i = 0; i < perWord; i++) {
      time += (1 + Math.floor(rnd() * 4)) * DAY;
      const x = rnd();
      const outcome = x < 0.8 ? "right" : x < 0.9 ? "right_after_mistake" : "wrong";
      out.push({
        id: `${prefix}${wordId}-${i}`,
        wordId,
        at: new Date(Math.min(time, end)).toISOString(),
        game: "review",
        outcome,
        exercise: "typing",
      });
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at)).slice(0, n);
}

describe.each(BACKENDS)("the learner's memory model on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  const post = (events: Ev[], userId: string) =>
    h.app.inject({ method: "POST", url: "/api/review/events", payload: { events }, headers: as(userId) });
  const postAll = async (events: Ev[], userId: string) => {
    for (let i = 0; i < events.length; i += 100) {
      const res = await post(events.slice(i, i + 100), userId);
      expect(res.statusCode).toBe(200);
    }
  };
  const progress = async (userId: string) => {
    const res = await h.app.inject({ method: "GET", url: "/api/review/progress?language=en", headers: as(userId) });
    expect(res.statusCode).toBe(200);
    return res.json().model;
  };
  /** A model adopted from `from`, stored as a fit would store it (its figures made up: only the weights count). */
  const adopt = (userId: string, from: Date, weights: number[]) =>
    h.database.db.insert(t.learnerModels).values({
      userId,
      milestone: 1_000,
      fittedAt: from,
      weights,
      trainReviews: 900,
      heldOutReviews: 100,
      measured: 80,
      defaultLogLoss: 0.5,
      defaultRmse: 0.1,
      fittedLogLoss: 0.4,
      fittedRmse: 0.05,
      adopted: true,
      inForceFrom: from,
    });
  const fits = (userId: string) =>
    h.database.db.select().from(t.learnerModels).where(eq(t.learnerModels.userId, userId));

  it("fits and stores a model in the background once the events reach 1,000, and /progress reports it", async () => {
    const user = newUser();
    const events = history(1_000, 28, "m");
    await postAll(events.slice(0, 999), user);
    expect(await progress(user)).toEqual({
      inUse: "default",
      answers: 999,
      nextFitAt: 1_000,
      fitting: false,
      fit: null,
    });
    // The fold that follows the 999 events finds no fit due.
    await new Promise((r) => setTimeout(r, 500));
    expect(await fits(user)).toEqual([]);

    const answered = Date.now();
    await postAll(events.slice(999), user);
    let model = await progress(user);
    for (const start = Date.now(); model.fit === null && Date.now() - start < 60_000; ) {
      await new Promise((r) => setTimeout(r, 200));
      model = await progress(user);
    }
    const [row] = await fits(user);
    expect(row?.milestone).toBe(1_000);
    expect(row?.error).toBeNull();
    expect(row?.weights).toHaveLength(21);
    expect((row?.trainReviews ?? 0) + (row?.heldOutReviews ?? 0)).toBe(1_000);
    expect(row?.heldOutReviews).toBe(100);
    expect(row?.fittedAt?.getTime()).toBeGreaterThanOrEqual(answered - 1_000);
    const adopted = row?.fittedLogLoss !== null && (row?.fittedLogLoss as number) < (row?.defaultLogLoss as number);
    expect(row?.adopted).toBe(adopted);
    expect(row?.inForceFrom !== null).toBe(adopted);
    expect(model).toEqual({
      inUse: adopted ? "fitted" : "default",
      answers: 1_000,
      nextFitAt: 2_000,
      fitting: false,
      fit: {
        at: row?.fittedAt?.toISOString(),
        adopted,
        trainReviews: 900,
        measured: row?.measured,
        defaultLogLoss: row?.defaultLogLoss,
        defaultRmse: row?.defaultRmse,
        fittedLogLoss: row?.fittedLogLoss,
        fittedRmse: row?.fittedRmse,
      },
    });
    expect(model.fit.measured).toBeGreaterThan(50);
    // Claimed once: another instance finds nothing to fit at 1,000 events.
    expect(await claimFit(h.database.db, user)).toBeNull();
  }, 120_000);

  it("folds each event with the weights in force at its time: the stored card is the replay", async () => {
    const user = newUser();
    const base = Date.now() - 40 * DAY;
    const ev = (i: number, days: number, outcome = "right"): Ev => ({
      id: `w${i}`,
      wordId: 1003,
      at: new Date(base + days * DAY).toISOString(),
      game: "review",
      outcome,
      exercise: "typing",
    });
    await postAll([ev(0, 0), ev(1, 1), ev(2, 3, "wrong"), ev(3, 4)], user);
    expect((await progress(user)).inUse).toBe("default");
    // A model adopted at day 10 (as a fit would store it; its weights a learner unlike the average).
    const from = new Date(base + 10 * DAY);
    const weights = [...SYNTHETIC_LEARNERS.forgetful];
    await adopt(user, from, weights);
    // Events after it, and a late one before it (a replay of the word).
    await postAll([ev(4, 12), ev(5, 20, "wrong"), ev(6, 21)], user);
    await postAll([ev(7, 2)], user);
    const model = await progress(user);
    expect(model.inUse).toBe("fitted");
    expect(model.fit).toMatchObject({ adopted: true, trainReviews: 900, measured: 80, fittedRmse: 0.05 });
    const [row] = await h.database.db
      .select()
      .from(t.reviewCards)
      .where(and(eq(t.reviewCards.userId, user), eq(t.reviewCards.wordId, 1003)));
    const events = (await h.database.db.select().from(t.reviewEvents).where(eq(t.reviewEvents.userId, user))).map(
      (e) => ({ id: e.clientEventId, at: e.at, outcome: e.outcome as "right", mode: answerModeOf(e.game, e.exercise) }),
    );
    const replayed = replay(events, "UTC", [{ from, weights }]);
    expect(row && cardOf(row)).toEqual(replayed);
    expect(replay(events, "UTC")?.stability).not.toBe(replayed?.stability);
    expect(row?.reps).toBe(8);
    // Deleting the learner takes their models with them.
    await h.database.db.execute(sql`delete from users where id = ${user}::uuid`);
    expect(await fits(user)).toEqual([]);
  }, 60_000);

  it("joins two learners: the moved events fold with the joined learner's weights of their time, the caller's go", async () => {
    const a = newUser();
    const b = newUser();
    const base = Date.now() - 30 * DAY;
    const ev = (id: string, wordId: number, days: number, outcome = "right"): Ev => ({
      id,
      wordId,
      at: new Date(base + days * DAY).toISOString(),
      game: "review",
      outcome,
      exercise: "typing",
    });
    await postAll([ev("a1", 1004, 0), ev("a2", 1004, 2, "wrong"), ev("a3", 1005, 3)], a);
    await postAll([ev("b1", 1004, 1), ev("b2", 1005, 5), ev("b3", 1004, 15), ev("b4", 1005, 20, "wrong")], b);
    await progress(a);
    await progress(b);
    const aFrom = new Date(base + 10 * DAY);
    await adopt(a, aFrom, [...SYNTHETIC_LEARNERS.strong]);
    await adopt(b, new Date(base + 4 * DAY), [...SYNTHETIC_LEARNERS.forgetful]);
    await postAll([ev("a4", 1004, 12)], a);

    const code = (await h.app.inject({ method: "POST", url: "/api/me/link-codes", headers: as(a) })).json().code;
    const done = await h.app.inject({
      method: "POST",
      url: "/api/me/link",
      headers: as(b),
      payload: { code, confirm: true },
    });
    expect(done.json()).toMatchObject({ linked: true });
    expect((await progress(a)).inUse).toBe("fitted");
    expect(await fits(b)).toEqual([]);
    const union = (await h.database.db.select().from(t.reviewEvents).where(eq(t.reviewEvents.userId, a))).map((e) => ({
      id: e.clientEventId,
      wordId: e.wordId,
      at: e.at,
      outcome: e.outcome as "right",
      mode: answerModeOf(e.game, e.exercise),
    }));
    expect(union).toHaveLength(8);
    const cards = await h.database.db.select().from(t.reviewCards).where(eq(t.reviewCards.userId, a));
    expect(cards.map((c) => c.wordId).sort()).toEqual([1004, 1005]);
    for (const c of cards)
      expect(cardOf(c)).toEqual(
        replay(
          union.filter((e) => e.wordId === c.wordId),
          "UTC",
          [{ from: aFrom, weights: SYNTHETIC_LEARNERS.strong }],
        ),
      );
  }, 60_000);
});
