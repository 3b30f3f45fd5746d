// Learner writes: word and module progress, play records. Each is acknowledged only once committed.
import { gamePlayBody, okBody, progressModuleBody, progressWordBody, progressWordsBody } from "@ivrit/core/schemas/api";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { taughtId } from "../content/cache.ts";
import { type Db, queryRows } from "../db/client.ts";
import { combiner } from "../db/combine.ts";
import * as t from "../db/schema.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";

type ProgressBatch = { userId: string; batchId?: string | undefined; updates: { wordId: number; delta: number }[] };

/**
 * Adds word-progress batches (of one request, or of the concurrent requests combined into one write) in one
 * transaction. A batch with an id is added once: its id is stored with the updates, and a batch sent again (an
 * answer lost on the way) finds it and adds nothing. Rows of one (user, word) are summed first: an upsert cannot
 * touch one row twice.
 */
async function addProgress(db: Db, batches: ProgressBatch[]): Promise<void> {
  await db.transaction(async (tx) => {
    let fresh = new Set<string>();
    const ids = [...new Map(batches.filter((b) => b.batchId).map((b) => [`${b.userId}|${b.batchId}`, b])).values()];
    if (ids.length > 0) {
      const json = JSON.stringify(ids.map((b) => ({ u: b.userId, b: b.batchId })));
      const [row] = await queryRows<{ keys: string[] }>(
        tx,
        sql`
          with i as (
            insert into progress_batches (user_id, batch_id)
            select r.u, r.b from json_to_recordset(${json}::json) as r(u uuid, b text)
            on conflict do nothing
            returning user_id, batch_id)
          select coalesce(json_agg(user_id || '|' || batch_id), '[]'::json) as keys from i`,
      );
      fresh = new Set(row?.keys ?? []);
    }
    const byKey = new Map<string, { u: string; w: number; d: number; n: number }>();
    for (const b of batches) {
      if (b.batchId !== undefined) {
        // Only the first copy of a new batch counts.
        if (!fresh.delete(`${b.userId}|${b.batchId}`)) continue;
      }
      for (const x of b.updates) {
        const key = `${b.userId}|${x.wordId}`;
        const cur = byKey.get(key) ?? { u: b.userId, w: x.wordId, d: 0, n: 0 };
        cur.d += x.delta;
        cur.n += 1;
        byKey.set(key, cur);
      }
    }
    if (byKey.size === 0) return;
    const json = JSON.stringify([...byKey.values()]);
    await tx.execute(sql`
      insert into word_progress (user_id, word_id, score, seen, updated_at)
      select r.u, r.w, r.d, r.n, now() from json_to_recordset(${json}::json) as r(u uuid, w int, d int, n int)
      on conflict (user_id, word_id) do update set
        score = word_progress.score + excluded.score,
        seen = word_progress.seen + excluded.seen,
        updated_at = excluded.updated_at`);
  });
}

type Play = {
  userId: string;
  sessionId: string;
  gameName: string;
  language: string;
  platform: string;
  moduleId: number | null;
  levelId: number | null;
  meta: unknown;
};
const playKey = (p: Pick<Play, "userId" | "sessionId" | "gameName">) => `${p.userId}|${p.sessionId}|${p.gameName}`;

/** Stores play records in one statement; answers, per play, whether it was new (the first of its key). */
async function insertPlays(db: Db, plays: Play[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  plays.forEach((p, i) => {
    if (!first.has(playKey(p))) first.set(playKey(p), i);
  });
  const json = JSON.stringify(
    [...first.values()].map((i) => {
      const {
        userId: u,
        sessionId: s,
        gameName: g,
        language: l,
        platform: f,
        moduleId: m,
        levelId: v,
        meta: x,
      } = plays[i] as Play;
      return { u, s, g, l, f, m, v, x };
    }),
  );
  const [result] = await queryRows<{ keys: [string, string, string][] }>(
    db,
    sql`
    with i as (
      insert into game_plays (user_id, session_id, game_name, language, platform, module_id, level_id, meta)
      select r.u, r.s, r.g, r.l, r.f, r.m, r.v, coalesce(r.x, '{}'::jsonb)
      from json_to_recordset(${json}::json) as r(u uuid, s text, g text, l text, f text, m int, v smallint, x jsonb)
      on conflict do nothing
      returning user_id, session_id, game_name)
    select coalesce(json_agg(json_build_array(user_id, session_id, game_name)), '[]'::json) as keys from i`,
  );
  const created = new Set(
    (result?.keys ?? []).map(([userId, sessionId, gameName]) => playKey({ userId, sessionId, gameName })),
  );
  return plays.map((p, i) => first.get(playKey(p)) === i && created.has(playKey(p)));
}

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, cache } = app.deps;
  const db = database.db;
  // Concurrent writes of all learners are written together (decision 0026): one transaction and one commit for a
  // burst instead of one each; each request is answered once its own rows are committed.
  const writeProgress = combiner<"progress", ProgressBatch, void>({
    weight: (b) => b.updates.length,
    maxWeight: 5_000,
    run: async (_key, batches) => {
      await addProgress(db, batches);
      return batches.map(() => undefined);
    },
  });
  const writePlay = combiner<"plays", Play, boolean>({
    weight: () => 1,
    maxWeight: 500,
    run: (_key, plays) => insertPlays(db, plays),
  });
  const knownWords = (ids: number[]) => {
    const unknown = ids.filter((id) => !cache.current.wordById.has(id));
    if (unknown.length)
      throw new HttpError(400, "unknown_word", `wordId: unknown word ${unknown.slice(0, 5).join(", ")}`);
  };

  app.post(
    "/progress/word",
    { schema: { tags: ["progress"], body: progressWordBody, response: { 200: okBody } } },
    async (req) => {
      const userId = requireUser(req, req.body.userId);
      // A device may still send a retired id (an entry moved to another module): it counts for the new id.
      const update = { ...req.body, wordId: taughtId(cache.current, req.body.wordId) };
      knownWords([update.wordId]);
      await ensureCaller(req);
      await writeProgress("progress", { userId, updates: [update] });
      return { ok: true as const };
    },
  );

  app.post(
    "/progress/words",
    { schema: { tags: ["progress"], body: progressWordsBody, response: { 200: okBody } } },
    async (req) => {
      const userId = requireUser(req, req.body.userId);
      const updates = req.body.updates.map((u) => ({ ...u, wordId: taughtId(cache.current, u.wordId) }));
      knownWords([...new Set(updates.map((u) => u.wordId))]);
      await ensureCaller(req);
      // A batch with an id is added once (issue 15: the device's queue may send it again after a lost answer).
      await writeProgress("progress", { userId, batchId: req.body.batchId, updates });
      return { ok: true as const };
    },
  );

  app.post(
    "/progress/module",
    { schema: { tags: ["progress"], body: progressModuleBody, response: { 200: okBody } } },
    async (req) => {
      const userId = requireUser(req, req.body.userId);
      const { moduleId, correct, total } = req.body;
      if (!cache.current.moduleById.has(moduleId))
        throw new HttpError(404, "module_not_found", `module ${moduleId} not found`);
      await ensureCaller(req);
      const now = new Date();
      await db
        .insert(t.moduleProgress)
        .values({ userId, moduleId, plays: 1, correct, total, updatedAt: now })
        .onConflictDoUpdate({
          target: [t.moduleProgress.userId, t.moduleProgress.moduleId],
          set: {
            plays: sql`${t.moduleProgress.plays} + 1`,
            correct: sql`${t.moduleProgress.correct} + excluded.correct`,
            total: sql`${t.moduleProgress.total} + excluded.total`,
            updatedAt: now,
          },
        });
      return { ok: true as const };
    },
  );

  app.post(
    "/game/play",
    {
      schema: {
        tags: ["game"],
        description: "One play record per (userId, sessionId, gameName): 201 when stored, 200 when it already was.",
        body: gamePlayBody,
        response: { 200: okBody.extend({ created: z.boolean() }), 201: okBody.extend({ created: z.boolean() }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const userId = requireUser(req, b.userId);
      await ensureCaller(req);
      const created = await writePlay("plays", {
        userId,
        sessionId: b.sessionId,
        gameName: b.gameName,
        language: b.language,
        platform: b.platform,
        moduleId: b.moduleId ?? null,
        levelId: b.levelId ?? null,
        meta: b.meta ?? {},
      });
      return reply.code(created ? 201 : 200).send({ ok: true as const, created });
    },
  );
};
