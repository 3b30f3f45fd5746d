// Learner writes: word and module progress, play records. Each is acknowledged only once committed.
import { gamePlayBody, okBody, progressModuleBody, progressWordBody, progressWordsBody } from "@ivrit/core/schemas/api";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { HttpError, requireUser } from "../http.ts";
import { ensureKnownUser } from "../users.ts";

async function addProgress(db: Db, userId: string, updates: { wordId: number; delta: number }[]) {
  // One row per word: repeated ids in a batch are summed, so the batch is a single upsert.
  const byWord = new Map<number, { delta: number; seen: number }>();
  for (const u of updates) {
    const cur = byWord.get(u.wordId) ?? { delta: 0, seen: 0 };
    byWord.set(u.wordId, { delta: cur.delta + u.delta, seen: cur.seen + 1 });
  }
  const now = new Date();
  await db
    .insert(t.wordProgress)
    .values([...byWord].map(([wordId, v]) => ({ userId, wordId, score: v.delta, seen: v.seen, updatedAt: now })))
    .onConflictDoUpdate({
      target: [t.wordProgress.userId, t.wordProgress.wordId],
      set: {
        score: sql`${t.wordProgress.score} + excluded.score`,
        seen: sql`${t.wordProgress.seen} + excluded.seen`,
        updatedAt: now,
      },
    });
}

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, cache } = app.deps;
  const db = database.db;
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
      knownWords([req.body.wordId]);
      await ensureKnownUser(db, userId);
      await addProgress(db, userId, [req.body]);
      return { ok: true as const };
    },
  );

  app.post(
    "/progress/words",
    { schema: { tags: ["progress"], body: progressWordsBody, response: { 200: okBody } } },
    async (req) => {
      const userId = requireUser(req, req.body.userId);
      knownWords([...new Set(req.body.updates.map((u) => u.wordId))]);
      await ensureKnownUser(db, userId);
      await addProgress(db, userId, req.body.updates);
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
      await ensureKnownUser(db, userId);
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
      await ensureKnownUser(db, userId);
      const inserted = await db
        .insert(t.gamePlays)
        .values({
          userId,
          sessionId: b.sessionId,
          gameName: b.gameName,
          language: b.language,
          platform: b.platform,
          moduleId: b.moduleId ?? null,
          levelId: b.levelId ?? null,
          meta: b.meta ?? {},
        })
        .onConflictDoNothing()
        .returning({ id: t.gamePlays.id });
      const created = inserted.length > 0;
      return reply.code(created ? 201 : 200).send({ ok: true as const, created });
    },
  );
};
