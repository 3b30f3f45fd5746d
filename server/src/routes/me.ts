// The caller's own state: plan, profile, active module, module list. All need identity.
import { isLocked } from "@ivrit/core/plans";
import {
  activeModuleBody,
  activeModuleResponse,
  entitlementsResponse,
  languageQuery,
  meResponse,
  moduleSchema,
  modulesQuery,
  modulesResponse,
  patchMeBody,
} from "@ivrit/core/schemas/api";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { toApiModule } from "../content/words.ts";
import * as t from "../db/schema.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, cache, plans } = app.deps;
  const db = database.db;

  // Every /me call names its caller; a write creates the user row on first sight, a read never writes (issue 32):
  // reading a learner the server has not seen answers the defaults.
  app.addHook("preHandler", async (req) => {
    if (req.method === "GET") requireUser(req);
    else await ensureCaller(req);
  });

  app.get("/entitlements", { schema: { tags: ["me"], response: { 200: entitlementsResponse } } }, async (req) => {
    const p = await plans.planOf(requireUser(req));
    return { entitlement: p.plan, tier: p.tier, expiresAt: p.expiresAt?.toISOString() ?? null };
  });

  /** The profile; `userId` in it is the calling device's own id (the learner's may be another device's secret). */
  const profile = async (req: FastifyRequest) => {
    const userId = requireUser(req);
    const [[user], p] = await Promise.all([
      db.select().from(t.users).where(eq(t.users.id, userId)),
      plans.planOf(userId),
    ]);
    return {
      userId: req.deviceId as string,
      plan: p.plan,
      planTier: p.tier,
      preferredLanguage: (user?.preferredLanguage ?? null) as z.infer<typeof meResponse>["preferredLanguage"],
      preferredLevel: user?.preferredLevel ?? null,
    };
  };

  app.get("/", { schema: { tags: ["me"], response: { 200: meResponse } } }, async (req) => profile(req));

  app.patch("/", { schema: { tags: ["me"], body: patchMeBody, response: { 200: meResponse } } }, async (req) => {
    const userId = requireUser(req);
    const { preferredLanguage, preferredLevel } = req.body;
    await db
      .update(t.users)
      .set({
        ...(preferredLanguage !== undefined && { preferredLanguage }),
        ...(preferredLevel !== undefined && { preferredLevel }),
      })
      .where(eq(t.users.id, userId));
    return profile(req);
  });

  app.get(
    "/active-module",
    {
      schema: {
        tags: ["me"],
        querystring: languageQuery,
        response: { 200: moduleSchema, 204: z.null().describe("no active module") },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      const [[row], p] = await Promise.all([
        db.select().from(t.activeModules).where(eq(t.activeModules.userId, userId)),
        plans.planOf(userId),
      ]);
      const m = row && cache.current.moduleById.get(row.moduleId);
      if (!m) return reply.code(204).send(null);
      return toApiModule(m, req.query.language, p.tier);
    },
  );

  app.post(
    "/active-module",
    {
      schema: {
        tags: ["me"],
        querystring: languageQuery,
        body: activeModuleBody,
        response: { 200: activeModuleResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      const id = (req.body.module_id ?? req.body.moduleId) as number;
      const m = cache.current.moduleById.get(id);
      if (!m) throw new HttpError(404, "module_not_found", `module ${id} not found`);
      const p = await plans.planOf(userId);
      if (isLocked(m.tier, p.tier)) return { locked: true as const, tier: m.tier };
      await db
        .insert(t.activeModules)
        .values({ userId, moduleId: m.id, updatedAt: new Date() })
        .onConflictDoUpdate({ target: t.activeModules.userId, set: { moduleId: m.id, updatedAt: new Date() } });
      return { module: toApiModule(m, req.query.language, p.tier), locked: false as const };
    },
  );

  app.get(
    "/modules",
    {
      schema: {
        tags: ["me"],
        description: "Modules within the caller's tier, or every module (locked ones as previews) with all=1.",
        querystring: modulesQuery,
        response: { 200: modulesResponse },
      },
    },
    async (req) => {
      const p = await plans.planOf(requireUser(req));
      const list = cache.current.modules.filter((m) => req.query.all || !isLocked(m.tier, p.tier));
      return { items: list.map((m) => toApiModule(m, req.query.language, p.tier)) };
    },
  );
};
