// The learning memory through app.inject, on every backend: events stored once, replay equals the stored
// state, late and out-of-order events, locked words refused, the queue, sessions, progress and settings.
import { answerModeOf } from "@ivrit/core/review";
import { replay } from "@ivrit/core/srs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { cardOf } from "../src/review/cards.ts";
import { insertEvents } from "../src/review/events.ts";
import { type FoldStats, foldPending, MARK_EVERY } from "../src/review/fold.ts";
import { revokePlan } from "../src/users.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

type Outcome = "wrong" | "right_after_mistake" | "right" | "right_fast";
type Ev = { id: string; wordId: number; at: string; game: string; outcome: Outcome; exercise?: string };
const ev = (id: string, wordId: number, at: string, outcome: Outcome = "right", game = "review"): Ev => ({
  id,
  wordId,
  at,
  game,
  outcome,
});
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DAY = 86_400_000;

describe.each(BACKENDS)("review on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  const post = (events: unknown, userId: string) =>
    h.app.inject({ method: "POST", url: "/api/review/events", payload: { events } as object, headers: as(userId) });
  const get = (url: string, userId?: string) =>
    h.app.inject({ method: "GET", url, ...(userId && { headers: as(userId) }) });
  /** The stored card once a read of the learner's cards has settled their events (decision 0066). */
  const storedCard = async (userId: string, wordId: number) => {
    expect((await get("/api/review/words", userId)).statusCode).toBe(200);
    return foldedCard(userId, wordId);
  };
  const foldedCard = async (userId: string, wordId: number) => {
    const [row] = await h.database.db
      .select()
      .from(t.reviewCards)
      .where(and(eq(t.reviewCards.userId, userId), eq(t.reviewCards.wordId, wordId)));
    return row;
  };
  const eventsOf = async (userId: string, wordId: number) =>
    (
      await h.database.db
        .select()
        .from(t.reviewEvents)
        .where(and(eq(t.reviewEvents.userId, userId), eq(t.reviewEvents.wordId, wordId)))
    ).map((e) => ({
      id: e.clientEventId,
      at: e.at,
      outcome: e.outcome as Outcome,
      mode: answerModeOf(e.game, e.exercise),
    }));

  it("stores an event once: a retry answers duplicate and changes nothing", async () => {
    const user = newUser();
    const batch = [ev("a1", 1001, ago(3 * DAY)), ev("a2", 1002, ago(3 * DAY), "wrong", "translation_match")];
    const first = await post(batch, user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      stored: 2,
      results: [
        { id: "a1", status: "stored" },
        { id: "a2", status: "stored" },
      ],
    });
    const before = await storedCard(user, 1001);
    const again = await post(batch, user);
    expect(again.json()).toEqual({
      stored: 0,
      results: [
        { id: "a1", status: "duplicate" },
        { id: "a2", status: "duplicate" },
      ],
    });
    expect(await storedCard(user, 1001)).toEqual(before);
    expect(await eventsOf(user, 1001)).toHaveLength(1);
    // The same id twice in one batch is stored once.
    const twice = await post([ev("b1", 1003, ago(DAY)), ev("b1", 1003, ago(DAY))], user);
    expect(twice.json()).toEqual({
      stored: 1,
      results: [
        { id: "b1", status: "stored" },
        { id: "b1", status: "duplicate" },
      ],
    });
    // Another user may use the same event id.
    expect((await post(batch, newUser())).json().stored).toBe(2);
  });

  it("keeps the stored card equal to replaying the event log, whatever order events arrive in", async () => {
    const user = newUser();
    const times = [20, 19, 17, 10, 9.9, 3].map((d) => ago(d * DAY));
    const outcomes: Outcome[] = ["right", "right", "right_fast", "wrong", "right_after_mistake", "right"];
    const all = times.map((at, i) => ev(`o${i}`, 1007, at, outcomes[i]));
    // In time order, one by one, on one user; shuffled in batches (late events first) on another.
    for (const e of all) expect((await post([e], user)).json().stored).toBe(1);
    const other = newUser();
    expect((await post([all[5], all[1]], other)).json().stored).toBe(2);
    expect((await post([all[3]], other)).json().stored).toBe(1); // earlier than the last applied: replay
    expect((await post([all[0], all[4], all[2]], other)).json().stored).toBe(3);
    const inOrder = await storedCard(user, 1007);
    const outOfOrder = await storedCard(other, 1007);
    const replayed = replay(await eventsOf(user, 1007), "UTC");
    expect(inOrder && cardOf(inOrder)).toEqual(replayed);
    expect(outOfOrder && cardOf(outOfOrder)).toEqual(replayed);
    expect(outOfOrder?.reps).toBe(6);
    expect(outOfOrder?.lapses).toBe(1);
    expect(outOfOrder?.lastEventId).toBe("o5");
    expect(outOfOrder?.firstAt.toISOString()).toBe(times[0]);
  });

  it("applies concurrent batches for the same word as if sent in time order", async () => {
    const user = newUser();
    const events = Array.from({ length: 12 }, (_, i) =>
      ev(`c${i}`, 1008, ago((30 - i * 2) * DAY), i % 4 === 0 ? "wrong" : "right"),
    );
    const shuffled = [...events].sort(
      (a, b) => ((a.id.length * 7 + Number(a.id.slice(1))) % 5) - ((b.id.length * 7 + Number(b.id.slice(1))) % 5),
    );
    const res = await Promise.all(shuffled.map((e) => post([e], user)));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const row = await storedCard(user, 1008);
    expect(row && cardOf(row)).toEqual(
      replay(
        events.map((e) => ({ id: e.id, at: new Date(e.at), outcome: e.outcome, mode: "choice" as const })),
        "UTC",
      ),
    );
  });

  it("writes concurrent requests of one learner together: an id sent twice is stored once, for its first sender", async () => {
    const user = newUser();
    // 20 requests at once: each sends its own event and the shared one; all but the first wait and are combined.
    const shared = ev("s0", 1007, ago(5 * DAY), "wrong");
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post([shared, ev(`s${i + 1}`, 1007, ago((4 - i / 10) * DAY))], user)),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const bodies = res.map((r) => r.json() as { stored: number; results: { id: string; status: string }[] });
    const sharedStatuses = bodies.map((b) => b.results.find((r) => r.id === "s0")?.status);
    expect(sharedStatuses.filter((s) => s === "stored")).toHaveLength(1);
    expect(sharedStatuses.filter((s) => s === "duplicate")).toHaveLength(19);
    expect(bodies.map((b) => b.results.find((r) => r.id !== "s0")?.status)).toEqual(Array(20).fill("stored"));
    expect(bodies.reduce((n, b) => n + b.stored, 0)).toBe(21);
    const events = await eventsOf(user, 1007);
    expect(events).toHaveLength(21);
    const row = await storedCard(user, 1007);
    expect(row && cardOf(row)).toEqual(
      replay(
        events.sort((a, b) => a.at.getTime() - b.at.getTime()),
        "UTC",
      ),
    );
  });

  it("refuses events on locked and unknown words, per event, and stores the rest", async () => {
    const user = newUser();
    const res = await post([ev("l1", 21001, ago(DAY)), ev("l2", 999999, ago(DAY)), ev("l3", 1001, ago(DAY))], user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      stored: 1,
      results: [
        { id: "l1", status: "locked" },
        { id: "l2", status: "unknown_word" },
        { id: "l3", status: "stored" },
      ],
    });
    expect(await storedCard(user, 21001)).toBeUndefined();
    expect(await eventsOf(user, 21001)).toEqual([]);
    await h.app.deps.plans.grant(user, "plus", null);
    expect((await post([ev("l1", 21001, ago(DAY))], user)).json().results).toEqual([{ id: "l1", status: "stored" }]);
    // Both cards are due; once the plan lapses, the locked word's card leaves the queue and the session.
    expect((await get("/api/review/queue", user)).json().due).toBe(2);
    await revokePlan(h.database.db, user);
    h.app.deps.plans.changed([user]);
    expect((await get("/api/review/queue", user)).json().due).toBe(1);
    const session = (await get("/api/review/session", user)).json();
    expect(session.items.map((i: { wordId: number }) => i.wordId)).not.toContain(21001);
    expect(session.items[0].wordId).toBe(1001);
  });

  it("takes a time ahead of the server's clock as now", async () => {
    const user = newUser();
    const future = new Date(Date.now() + 30 * DAY).toISOString();
    await post([ev("f1", 1006, future)], user);
    const row = await storedCard(user, 1006);
    expect(row?.lastAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("answers bad input with a 4xx naming the field", async () => {
    const user = newUser();
    const bad = async (events: unknown, message: RegExp) => {
      const res = await post(events, user);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    await bad([], /events/);
    await bad([{ ...ev("x", 1001, ago(0)), outcome: "great" }], /events\.0\.outcome/);
    await bad([{ ...ev("x", 1001, ago(0)), at: "yesterday" }], /events\.0\.at/);
    await bad([{ ...ev("x", 1001, ago(0)), at: "2019-01-01T00:00:00Z" }], /events\.0\.at: must be 2020 or later/);
    await bad([{ ...ev("x", 1001, ago(0)), game: "chess" }], /events\.0\.game/);
    await bad([{ ...ev("x y", 1001, ago(0)) }], /events\.0\.id/);
    await bad([{ ...ev("x", -3, ago(0)) }], /events\.0\.wordId/);
    await bad(
      Array.from({ length: 201 }, (_, i) => ev(`m${i}`, 1001, ago(0))),
      /at most 200/,
    );
    const anon = await h.app.inject({
      method: "POST",
      url: "/api/review/events",
      payload: { events: [ev("x", 1001, ago(0))] },
    });
    expect(anon.statusCode).toBe(401);
    expect((await get("/api/review/session?words=abc", user)).json().error.message).toMatch(/querystring\.words/);
    expect((await get("/api/review/session?words=424242", user)).statusCode).toBe(400);
    expect((await get("/api/review/words?moduleId=777", user)).statusCode).toBe(404);
    const patch = (payload: unknown) =>
      h.app.inject({ method: "PATCH", url: "/api/review/settings", payload: payload as object, headers: as(user) });
    expect((await patch({ timeZone: "Mars/Olympus" })).json().error.message).toMatch(/body\.timeZone: must be an IANA/);
    expect((await patch({ dailyGoal: 0 })).json().error.message).toMatch(/body\.dailyGoal/);
    expect((await patch({})).statusCode).toBe(400);
  });

  it("builds the queue and a session: due cards first, then new words up to the daily limit, none locked", async () => {
    const user = newUser();
    // A new learner: no cards; ten new words allowed, the home module's first (the beginner module is not active).
    const fresh = (await get("/api/review/queue", user)).json();
    expect(fresh).toMatchObject({ due: 0, newAvailable: 8, sessionSize: 8, nextDueAt: null });
    await post([ev("q1", 1001, ago(2 * DAY)), ev("q2", 1002, ago(2 * DAY), "wrong")], user);
    await post([ev("q3", 1003, ago(60_000))], user); // due in ten minutes
    const queue = (await get("/api/review/queue", user)).json();
    expect(queue.due).toBe(2);
    expect(queue.nextDueAt).not.toBeNull();
    const session = (await get("/api/review/session?language=fr", user)).json();
    const ids = session.items.map((i: { wordId: number }) => i.wordId);
    expect(ids.slice(0, 2).sort()).toEqual([1001, 1002]);
    expect(ids).not.toContain(1003);
    expect(ids).not.toContain(21001);
    expect(ids).not.toContain(93001);
    expect(session.due).toBe(2);
    const table = session.items.find((i: { wordId: number }) => i.wordId === 1001);
    // Recalled once (two days ago): picked from its meaning next (core's exerciseFor).
    expect(table).toMatchObject({ translation: "table", nikkud: "שֻׁלְחָן", exercise: "reverse", nikkudHidden: false });
    expect(table.options).toHaveLength(4);
    expect(table.options.map((o: { wordId: number }) => o.wordId)).toContain(1001);
    // The daily limit counts words introduced today.
    await h.app.inject({
      method: "PATCH",
      url: "/api/review/settings",
      payload: { dailyNewLimit: 2 },
      headers: as(user),
    });
    const limited = (await get("/api/review/queue", user)).json();
    expect(limited.newAvailable).toBe(1); // q3 was introduced today
    // One answer today of a goal of 20: the session offers the 2 due cards, the 1 new word the limit allows, and
    // as many more new words as exist (4 of the home module's 8 are unseen) towards the goal.
    expect(limited.today).toMatchObject({ reviews: 1, goal: 20 });
    expect(limited.sessionSize).toBe(7);
    const toGoal = (await get("/api/review/session", user)).json();
    expect([toGoal.items.length, toGoal.newCount]).toEqual([7, 5]);
    // Practise these again: exactly those words, locked ones left out.
    const again = (await get("/api/review/session?words=1005,1003,21001", user)).json();
    expect(again.items.map((i: { wordId: number }) => i.wordId)).toEqual([1005, 1003]);
  });

  it("does not count the card of a word the content no longer has", async () => {
    const user = newUser();
    await post([ev("r1", 1001, ago(2 * DAY))], user);
    // A card left from an earlier content version: its word (1999) is not in the content any more.
    const card = await storedCard(user, 1001);
    await h.database.db.insert(t.reviewCards).values({ ...(card as typeof t.reviewCards.$inferSelect), wordId: 1999 });
    const after = (await get("/api/review/queue", user)).json();
    expect(after.due).toBe(1);
    const session = (await get("/api/review/session", user)).json();
    expect(session.items.map((i: { wordId: number }) => i.wordId)).not.toContain(1999);
  });

  it("reports progress: today's reviews, the streak in the learner's time zone, states, modules, both plots", async () => {
    const user = newUser();
    const settings = await h.app.inject({
      method: "PATCH",
      url: "/api/review/settings",
      payload: { dailyGoal: 2, timeZone: "Asia/Jerusalem" },
      headers: as(user),
    });
    expect(settings.json()).toEqual({ dailyNewLimit: 10, dailyGoal: 2, timeZone: "Asia/Jerusalem" });
    const events: Ev[] = [];
    for (let d = 0; d < 3; d++)
      for (const w of [1001, 1002]) events.push(ev(`p${d}-${w}`, w, ago(d * DAY + 1000), "right"));
    // Today's answer on 1001 is typed: recalled on three days, once by production, it is known; 1002 only chosen.
    (events[0] as Ev).exercise = "typing";
    await post(events, user);
    const p = (await get("/api/review/progress?language=en", user)).json();
    expect(p.timeZone).toBe("Asia/Jerusalem");
    expect(p.today.goal).toBe(2);
    expect(p.today.reviews).toBeGreaterThanOrEqual(1);
    expect(p.streak).toBeGreaterThanOrEqual(2);
    expect(p.reviewsPerDay).toHaveLength(30);
    expect(p.reviewsPerDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(6);
    expect(p.duePerDay).toHaveLength(7);
    expect(p.duePerDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBeLessThanOrEqual(2);
    // Each day labelled in the language asked for, as the charts show it (decision 0115).
    const [, m, d] = (p.duePerDay[0].date as string).split("-").map(Number);
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    expect(p.duePerDay[0].label).toBe(`${months[(m as number) - 1]} ${d}`);
    const ar = (await get("/api/review/progress?language=ar", user)).json();
    expect(ar.duePerDay[0].date).toBe(p.duePerDay[0].date);
    expect(ar.duePerDay[0].label).toMatch(new RegExp(`^${d} [\u0600-\u06FF]+$`));
    // Free plan: home (8) and beginner (2) words; only the typed one is known (decision 0067).
    expect(p.states).toEqual({ new: 8, learning: 1, known: 1, mature: 0 });
    expect(p.modules.find((m: { moduleId: number }) => m.moduleId === 1)).toMatchObject({
      known: 1,
      total: 8,
      locked: false,
    });
    expect(p.modules.find((m: { moduleId: number }) => m.moduleId === 41)).toMatchObject({ locked: true });
    const words = (await get("/api/review/words?moduleId=1", user)).json();
    expect(words.items.map((w: { wordId: number }) => w.wordId).sort()).toEqual([1001, 1002]);
  });

  it("answers the queue from a per-process cache that any write of the learner's data drops, with no NOTIFY", async () => {
    const user = newUser();
    expect((await get("/api/review/queue", user)).json().newAvailable).toBe(8);
    // What the queue does not depend on through the learner's version leaves the cached answer as it was.
    await h.database.db.insert(t.users).values({ id: user });
    await h.database.db.insert(t.reviewCards).values({
      userId: user,
      wordId: 1001,
      due: new Date(),
      stability: 1,
      difficulty: 5,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 1,
      lastReview: new Date(),
      firstAt: new Date(),
      lastAt: new Date(),
      lastEventId: "stray",
    });
    expect((await get("/api/review/queue", user)).json().due).toBe(0);
    await h.database.db.delete(t.reviewCards).where(eq(t.reviewCards.userId, user));
    // Another process changes the learner's settings, then stores an answer: the very next read shows each.
    await h.database.db.insert(t.userSettings).values({ userId: user, dailyNewLimit: 3 });
    expect((await get("/api/review/queue", user)).json().newAvailable).toBe(3);
    await insertEvents(h.database.db, user, [
      { id: "other", wordId: 1001, date: new Date(Date.now() - 2 * DAY), game: "review", outcome: "right" },
    ]);
    const next = (await get("/api/review/queue", user)).json();
    expect([next.due, next.today.reviews]).toEqual([1, 0]);
  });

  describe("folding events onto cards after they are acknowledged", () => {
    // Events stored but not folded: what a process that stopped (kill -9) between the two leaves behind.
    const storeOnly = async (userId: string, events: Ev[]) => {
      await h.database.db.insert(t.users).values({ id: userId }).onConflictDoNothing();
      return insertEvents(
        h.database.db,
        userId,
        events.map((e) => ({ ...e, date: new Date(e.at) })),
      );
    };
    const replayOf = async (userId: string, wordId: number) =>
      replay(
        (await eventsOf(userId, wordId)).sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1)),
        "UTC",
      );

    it("shows an acknowledged event in the very next read, whether or not the background fold has run", async () => {
      const user = newUser();
      expect((await post([ev("n1", 1001, ago(2 * DAY), "wrong")], user)).json().stored).toBe(1);
      // No wait for the fold: the read settles first.
      const words = (await get("/api/review/words?moduleId=1", user)).json();
      expect(words.items).toEqual([expect.objectContaining({ wordId: 1001, state: "learning" })]);
      expect((await get("/api/review/queue", user)).json().due).toBe(1);
    });

    it("folds events left unfolded (a stop between the two) at the learner's next read, once", async () => {
      const user = newUser();
      await post([ev("k0", 1004, ago(9 * DAY))], user);
      await get("/api/review/words", user);
      expect(await storeOnly(user, [ev("k1", 1004, ago(8 * DAY)), ev("k2", 1005, ago(7 * DAY), "wrong")])).toHaveLength(
        2,
      );
      expect((await get("/api/review/queue", user)).json().due).toBe(2);
      for (const w of [1004, 1005])
        expect(cardOf((await foldedCard(user, w)) as never)).toEqual(await replayOf(user, w));
      expect(await foldPending(h.database.db, user)).toBe(0); // nothing left: a second fold changes nothing
    });

    it("keeps a learner's unfolded events under 2,000 however fast they write, folding as they go", async () => {
      const user = newUser();
      const start = Date.now() - 20 * DAY;
      const requests = Array.from({ length: 15 }, (_, r) =>
        Array.from({ length: 200 }, (_, i) => {
          const n = r * 200 + i;
          return ev(`f${n}`, 1001 + (n % 8), new Date(start + n * 60_000).toISOString(), n % 7 ? "right" : "wrong");
        }),
      );
      const res = await Promise.all(requests.map((events) => post(events, user)));
      expect(res.map((r) => r.json().stored)).toEqual(Array(15).fill(200));
      const [row] = (
        (await h.database.db.execute(sql`
          select count(*)::int as n from review_events e where e.user_id = ${user}::uuid
            and e.id > coalesce((select folded_id from review_folds where user_id = ${user}::uuid), 0)`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      // About FOLD_BACKLOG at most (seen at exactly 2,000 once in a full run under heavy load).
      expect(row?.n).toBeLessThanOrEqual(2_000);
      expect(cardOf((await storedCard(user, 1003)) as never)).toEqual(await replayOf(user, 1003));
    });

    it.runIf(backend === "postgres")(
      "shows an answer one process acknowledged in another process's very next read, folded once",
      async () => {
        const other = await startApp(backend, {}, { sharing: h });
        try {
          const user = newUser();
          const events = [
            ev("m1", 1002, ago(3 * DAY), "wrong"),
            ev("m2", 1002, ago(2 * DAY)),
            ev("m3", 1004, ago(DAY)),
          ];
          expect((await post(events, user)).json().stored).toBe(3);
          // No wait: the other process settles the learner's events before it reads, while this one's fold may run.
          const read = await other.app.inject({
            method: "GET",
            url: "/api/review/words?moduleId=1",
            headers: as(user),
          });
          expect(
            read
              .json()
              .items.map((w: { wordId: number }) => w.wordId)
              .sort(),
          ).toEqual([1002, 1004]);
          await get("/api/review/words", user);
          for (const w of [1002, 1004])
            expect(cardOf((await foldedCard(user, w)) as never)).toEqual(await replayOf(user, w));
        } finally {
          await other.close();
        }
      },
    );

    it("places a late event from the nearest mark before it, whatever the word's history (issue 25.8)", async () => {
      const user = newUser();
      const start = Date.now() - 400 * DAY;
      const at = (n: number) => new Date(start + n * 3_600_000).toISOString();
      // 1,000 answers on one word, in order: folded on top of each other, a mark every MARK_EVERY.
      const history = Array.from({ length: 1_000 }, (_, n) =>
        ev(`h${n}`, 1003, at(n * 2), n % 6 ? "right" : "wrong", n % 3 ? "review" : "translation_match"),
      );
      expect(await storeOnly(user, history)).toHaveLength(1_000);
      const first: FoldStats = { replayed: 0 };
      expect(await foldPending(h.database.db, user, Number.POSITIVE_INFINITY, first)).toBe(1_000);
      expect(first.replayed).toBe(0);
      // A late answer between the 990th and the 991st: replayed from the mark before it, not from the first.
      await storeOnly(user, [ev("late1", 1003, at(990 * 2 - 1), "wrong")]);
      const late: FoldStats = { replayed: 0 };
      await foldPending(h.database.db, user, Number.POSITIVE_INFINITY, late);
      expect(late.replayed).toBeLessThanOrEqual(MARK_EVERY + 11);
      expect(late.replayed).toBeGreaterThan(10);
      expect(cardOf((await foldedCard(user, 1003)) as never)).toEqual(await replayOf(user, 1003));
      // A very late one (before most of the history): the marks after it are rewritten, and a next late event
      // still lands on the right state.
      await storeOnly(user, [ev("late2", 1003, at(101), "right")]);
      await foldPending(h.database.db, user);
      await storeOnly(user, [ev("late3", 1003, at(1_500), "right")]);
      const third: FoldStats = { replayed: 0 };
      await foldPending(h.database.db, user, Number.POSITIVE_INFINITY, third);
      expect(third.replayed).toBeLessThanOrEqual(MARK_EVERY + 260);
      expect(cardOf((await foldedCard(user, 1003)) as never)).toEqual(await replayOf(user, 1003));
    });

    it("folds a backlog longer than one step, with late events on both sides of a step, as its replay", async () => {
      const user = newUser();
      await post([ev("b-mid", 1007, ago(10 * DAY))], user);
      await get("/api/review/words", user);
      // 600 events (three steps of 250): the first is later-stored but earlier in time than the card's (a replay
      // in step one), the last is later again (applied on top in step three); the others spread over words.
      const words = [1001, 1002, 1003, 1004, 1005, 1006, 1008];
      const backlog = [ev("b-late", 1007, ago(12 * DAY), "wrong")];
      for (let i = 0; i < 598; i++)
        backlog.push(
          ev(`b${i}`, words[i % words.length] as number, ago((9 - i / 100) * DAY), i % 5 ? "right" : "wrong"),
        );
      backlog.push(ev("b-new", 1007, ago(2 * DAY)));
      expect(await storeOnly(user, backlog)).toHaveLength(600);
      // Two processes' folds at once, and the learner's answers going on meanwhile (the fold does not hold their
      // writes): the fold lock serialises the folds, and each event is folded once.
      const during = Array.from({ length: 20 }, (_, i) =>
        post([ev(`d${i}`, words[i % words.length] as number, ago((1 - i / 100) * DAY))], user),
      );
      const folded = await Promise.all([foldPending(h.database.db, user), foldPending(h.database.db, user)]);
      expect((await Promise.all(during)).map((r) => r.json().stored)).toEqual(Array(20).fill(1));
      expect(folded.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      for (const w of [...words, 1007])
        expect(cardOf((await storedCard(user, w)) as never)).toEqual(await replayOf(user, w));
      expect((await foldedCard(user, 1007))?.lastEventId).toBe("b-new");
      const [cursor] = await h.database.db.select().from(t.reviewFolds).where(eq(t.reviewFolds.userId, user));
      const [last] = await h.database.db
        .select({ id: sql<number>`max(${t.reviewEvents.id})`.mapWith(Number) })
        .from(t.reviewEvents)
        .where(eq(t.reviewEvents.userId, user));
      expect(cursor?.foldedId).toBe(last?.id);
      // Each event counted once in the learner's days (the fold's own count: 1 + 600 + 20 events).
      const [days] = await h.database.db
        .select({ n: sql<number>`sum(${t.reviewDays.answers})::int` })
        .from(t.reviewDays)
        .where(eq(t.reviewDays.userId, user));
      expect(days?.n).toBe(621);
    });
  });

  it("lists every review call in the OpenAPI document", async () => {
    const doc = (await get("/api/docs/json")).json() as { paths: Record<string, unknown> };
    for (const p of [
      "/api/review/events",
      "/api/review/queue",
      "/api/review/session",
      "/api/review/progress",
      "/api/review/words",
      "/api/review/settings",
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
