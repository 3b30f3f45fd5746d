// The learning memory over HTTP (issue 10, decisions 0010-0011): review events in, the due queue, review
// sessions, progress and settings out. The parts live in server/src/review/ (issue 32): the events as stored
// (events.ts), the cards (cards.ts), the fold (fold.ts) and when it runs (folder.ts), the queue and its cache
// (queue.ts), a card's question (exercises.ts), the settings (settings.ts); this file is the routes.
import { isLocked } from "@ivrit/core/plans";
import { addDays, dayKey, dayLabel, type WordState } from "@ivrit/core/review";
import { createRng, randomSeed } from "@ivrit/core/rng";
import {
  type EventStatus,
  patchReviewSettingsBody,
  type ReviewEventInput,
  reviewEventsBody,
  reviewEventsResponse,
  reviewProgressQuery,
  reviewProgressResponse,
  reviewQueueResponse,
  reviewSessionQuery,
  reviewSessionResponse,
  reviewSettings,
  reviewWordsQuery,
  reviewWordsResponse,
} from "@ivrit/core/schemas/review";
import { wordState } from "@ivrit/core/srs";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type CachedWord, taughtId } from "../content/cache.ts";
import { combiner } from "../db/combine.ts";
import * as t from "../db/schema.ts";
import { databaseKnowsTimeZone } from "../db/time-zones.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";
import { modelReport } from "../learner-model.ts";
import { type CardRow, cardOf } from "../review/cards.ts";
import { insertEvents, type StoredEvent } from "../review/events.ts";
import { reviewItem } from "../review/exercises.ts";
import { Folder } from "../review/folder.ts";
import { type QueueReader, ReviewQueues } from "../review/queue.ts";
import { patchSettings, settingsOf } from "../review/settings.ts";

export const reviewRoutes: FastifyPluginAsyncZod<{ queue?: QueueReader }> = async (app, opts) => {
  const { database, cache, plans } = app.deps;
  const db = database.db;

  // Writes need the user row (foreign keys); reads do not.
  app.addHook("preHandler", async (req) => {
    requireUser(req);
    if (req.method !== "GET") await ensureCaller(req);
  });

  const folder = new Folder(db, app.metrics, app.log);
  app.addHook("onClose", () => folder.close());
  const settle = (userId: string) => folder.settle(userId);
  const queues = new ReviewQueues(db, cache, plans, settle);
  opts.queue?.set((userId) => queues.read(userId));
  const unlocked = (w: CachedWord | undefined, tier: number): w is CachedWord => !!w && !isLocked(w.tier, tier);

  type Accepted = ReviewEventInput & StoredEvent;
  /**
   * Stores one learner's new events; answers each request's newly stored ids. Requests of the same learner that
   * arrive while a write of theirs runs are written together by the next statement (write combining, decision
   * 0026): one lock, one insert, one commit for all. Their cards are folded after (decision 0066).
   */
  const writeEvents = combiner<string, Accepted[], Set<string>>({
    weight: (events) => events.length,
    maxWeight: 2_000,
    run: async (userId, requests) => {
      // An id sent by two requests of the batch (a retry while the first was in flight) belongs to the first.
      const owner = new Map<string, number>();
      const events: Accepted[] = [];
      requests.forEach((list, i) => {
        for (const e of list) {
          if (owner.has(e.id)) continue;
          owner.set(e.id, i);
          events.push(e);
        }
      });
      const fresh = requests.map(() => new Set<string>());
      const inserted = await insertEvents(db, userId, events);
      app.metrics.eventsStored.inc(inserted.length);
      for (const id of inserted) fresh[owner.get(id) as number]?.add(id);
      queues.forget(userId);
      await folder.afterInsert(userId, inserted.length);
      return fresh;
    },
  });

  // ---------- POST /review/events ----------
  app.post(
    "/events",
    {
      schema: {
        tags: ["review"],
        description:
          "Answers as review events. Each (user, event id) is stored once: a retry answers 'duplicate' and changes " +
          "nothing. Events on locked or unknown words are refused per event. Late or out-of-order events are " +
          "applied in time order (the word's card is replayed from its events). Times ahead of the server's " +
          "clock count as now.",
        body: reviewEventsBody,
        response: { 200: reviewEventsResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { tier } = await plans.planOf(userId);
      const now = new Date();
      const status = new Map<string, EventStatus>();
      const accepted: Accepted[] = [];
      for (const e of req.body.events) {
        if (status.has(e.id)) continue; // the same id twice in one batch: the first one counts
        // An answer a device queued on a retired id (an entry moved to another module) is the new id's.
        const wordId = taughtId(cache.current, e.wordId);
        const w = cache.current.wordById.get(wordId);
        if (!w) status.set(e.id, "unknown_word");
        else if (isLocked(w.tier, tier)) status.set(e.id, "locked");
        else {
          const at = new Date(e.at);
          accepted.push({ ...e, wordId, date: at.getTime() > now.getTime() ? now : at });
          status.set(e.id, "duplicate");
        }
      }
      let stored = 0;
      if (accepted.length > 0) {
        const fresh = await writeEvents(userId, accepted);
        for (const id of fresh) status.set(id, "stored");
        stored = fresh.size;
      }
      const results = req.body.events.map((e) => ({ id: e.id, status: status.get(e.id) as EventStatus }));
      // The same id twice in one batch: the later copies are duplicates of the first.
      const firstIndex = new Map<string, number>();
      req.body.events.forEach((e, i) => {
        if (!firstIndex.has(e.id)) firstIndex.set(e.id, i);
        else if (results[i]) (results[i] as { status: EventStatus }).status = "duplicate";
      });
      return { stored, results };
    },
  );

  // ---------- GET /review/queue ----------
  app.get(
    "/queue",
    {
      schema: {
        tags: ["review"],
        description: "How many cards are due now, how many new words today's limit allows, and the next due time.",
        response: { 200: reviewQueueResponse },
      },
    },
    async (req) => queues.read(requireUser(req)),
  );

  // ---------- GET /review/session ----------
  app.get(
    "/session",
    {
      schema: {
        tags: ["review"],
        description:
          "Up to 20 cards: the due ones on unlocked words (most overdue first), then new words up to the daily " +
          "limit, the active module's first. With words=1,2,3: exactly those words (locked ones left out).",
        querystring: reviewSessionQuery,
        response: { 200: reviewSessionResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { language, words } = req.query;
      const now = new Date();
      const snap = cache.current;
      const [{ tier }] = await Promise.all([plans.planOf(userId), settle(userId)]);
      let picked: { word: CachedWord; row: CardRow | null }[];
      let dueCount = 0;
      if (words) {
        const unknown = words.filter((id) => !snap.wordById.has(id));
        if (unknown.length) throw new HttpError(400, "unknown_word", `words: unknown word ${unknown.join(", ")}`);
        const rows = await db
          .select()
          .from(t.reviewCards)
          .where(and(eq(t.reviewCards.userId, userId), inArray(t.reviewCards.wordId, words)));
        const byId = new Map(rows.map((r) => [r.wordId, r]));
        picked = words
          .map((id) => snap.wordById.get(id))
          .filter((w) => unlocked(w, tier))
          .map((word) => ({ word, row: byId.get(word.id) ?? null }));
        dueCount = rows.filter((r) => r.due <= now).length;
      } else {
        const counts = await queues.counts(userId, tier, now);
        const due = await queues.dueCards(userId, tier, now, counts.plan.due);
        dueCount = counts.due;
        picked = due.map((row) => ({ word: snap.wordById.get(row.wordId) as CachedWord, row }));
        const room = counts.plan.fresh + counts.plan.extra;
        for (const word of await queues.newWords(userId, tier, room)) picked.push({ word, row: null });
      }
      const rng = createRng(randomSeed());
      const items = picked.map(({ word, row }) =>
        reviewItem(snap, word, row ? cardOf(row) : null, { language, tier, rng, due: row?.due ?? null }),
      );
      return { items, due: dueCount, newCount: picked.filter((p) => !p.row).length };
    },
  );

  // ---------- GET /review/progress ----------
  app.get(
    "/progress",
    {
      schema: {
        tags: ["review"],
        description:
          "Today's reviews against the goal, the streak (days in a row with the goal met, in the learner's time " +
          "zone), words by state, known/total per module, reviews per day (30 days) and due per day (7 days), and the " +
          "memory model in use (the default weights, or weights fitted to the learner: what was measured of it).",
        querystring: reviewProgressQuery,
        response: { 200: reviewProgressResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { language } = req.query;
      const now = new Date();
      const snap = cache.current;
      const [{ tier }, settings] = await Promise.all([plans.planOf(userId), settingsOf(db, userId), settle(userId)]);
      const tz = settings.timeZone;
      const [goal, cards, model] = await Promise.all([
        queues.goalOf(userId, tz, settings.dailyGoal, now),
        db
          .select({
            wordId: t.reviewCards.wordId,
            state: t.reviewCards.state,
            scheduledDays: t.reviewCards.scheduledDays,
            recallDays: t.reviewCards.recallDays,
            produced: t.reviewCards.produced,
            due: t.reviewCards.due,
          })
          .from(t.reviewCards)
          .where(eq(t.reviewCards.userId, userId)),
        modelReport(db, userId, now),
      ]);
      const { counts } = goal;
      const today = goal.today.date;
      const states: Record<WordState, number> = { new: 0, learning: 0, known: 0, mature: 0 };
      const knownIn = new Map<number, number>();
      const duePerDay = new Map<string, number>();
      for (const c of cards) {
        const w = snap.wordById.get(c.wordId);
        if (!unlocked(w, tier)) continue;
        const s = wordState(c);
        states[s]++;
        if (s === "known" || s === "mature") knownIn.set(w.moduleId, (knownIn.get(w.moduleId) ?? 0) + 1);
        const day = dayKey(c.due, tz);
        const key = day.localeCompare(today) < 0 ? today : day; // overdue counts as today
        duePerDay.set(key, (duePerDay.get(key) ?? 0) + 1);
      }
      const unlockedWords = snap.modules.filter((m) => !isLocked(m.tier, tier)).reduce((n, m) => n + m.wordCount, 0);
      states.new = Math.max(0, unlockedWords - states.learning - states.known - states.mature);
      return {
        timeZone: tz,
        today: goal.today,
        streak: goal.streak,
        states,
        modules: snap.modules.map((m) => ({
          moduleId: m.id,
          name: m.name[language],
          tier: m.tier,
          locked: isLocked(m.tier, tier),
          known: knownIn.get(m.id) ?? 0,
          total: m.wordCount,
        })),
        reviewsPerDay: Array.from({ length: 30 }, (_, i) => {
          const date = addDays(today, i - 29);
          return { date, count: counts.get(date) ?? 0, label: dayLabel(date, language) };
        }),
        duePerDay: Array.from({ length: 7 }, (_, i) => {
          const date = addDays(today, i);
          return { date, count: duePerDay.get(date) ?? 0, label: dayLabel(date, language) };
        }),
        model,
      };
    },
  );

  // ---------- GET /review/words ----------
  app.get(
    "/words",
    {
      schema: {
        tags: ["review"],
        description: "The caller's cards (word id, state, due), of one module with moduleId.",
        querystring: reviewWordsQuery,
        response: { 200: reviewWordsResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const { moduleId } = req.query;
      const snap = cache.current;
      if (moduleId !== undefined && !snap.moduleById.has(moduleId))
        throw new HttpError(404, "module_not_found", `moduleId: module ${moduleId} not found`);
      const ids = moduleId === undefined ? null : (snap.wordsByModule.get(moduleId) ?? []).map((w) => w.id);
      if (ids && ids.length === 0) return { items: [] };
      await settle(userId);
      const rows = await db
        .select()
        .from(t.reviewCards)
        .where(and(eq(t.reviewCards.userId, userId), ids ? inArray(t.reviewCards.wordId, ids) : undefined));
      return {
        items: rows
          .filter((r) => snap.wordById.has(r.wordId))
          .map((r) => ({ wordId: r.wordId, state: wordState(cardOf(r)), due: r.due.toISOString() })),
      };
    },
  );

  // ---------- settings ----------
  app.get("/settings", { schema: { tags: ["review"], response: { 200: reviewSettings } } }, async (req) =>
    settingsOf(db, requireUser(req)),
  );

  app.patch(
    "/settings",
    {
      schema: {
        tags: ["review"],
        description: "Daily new-word limit (0-100, default 10), daily goal (1-500 reviews, default 20), time zone.",
        body: patchReviewSettingsBody,
        response: { 200: reviewSettings },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const b = req.body;
      // The name as Intl spells it (the schema): refused unless the database reads it too (decision 0077).
      if (b.timeZone !== undefined && !(await databaseKnowsTimeZone(db, b.timeZone)))
        throw new HttpError(400, "invalid_input", `timeZone: ${b.timeZone} is not a time zone the database knows`);
      const settings = await patchSettings(db, userId, {
        ...(b.dailyNewLimit !== undefined && { dailyNewLimit: b.dailyNewLimit }),
        ...(b.dailyGoal !== undefined && { dailyGoal: b.dailyGoal }),
        ...(b.timeZone !== undefined && { timeZone: b.timeZone }),
      });
      queues.forget(userId);
      return settings;
    },
  );
};
