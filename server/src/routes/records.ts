// Learner writes: word and module progress, play records. Each is acknowledged only once committed. The SQL is in
// server/src/records/store.ts; this file is the routes.
import { gamePlayBody, okBody, progressModuleBody, progressWordBody, progressWordsBody } from "@ivrit/core/schemas/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { taughtId } from "../content/cache.ts";
import { combiner } from "../db/combine.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";
import { addModuleProgress, addProgress, insertPlays, type Play, type ProgressBatch } from "../records/store.ts";

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
      await addModuleProgress(db, { userId, moduleId, correct, total });
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
