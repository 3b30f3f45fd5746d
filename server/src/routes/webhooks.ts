// POST /api/webhooks/revenuecat: purchase events from the store provider.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http.ts";
import { applyRevenueCatEvent, authorized, revenueCatBody } from "../purchases/revenuecat.ts";

export const webhookRoutes: FastifyPluginAsyncZod<{ secret: string | undefined }> = async (app, opts) => {
  app.post(
    "/webhooks/revenuecat",
    {
      schema: {
        tags: ["webhooks"],
        description: "RevenueCat events (Authorization: Bearer $REVENUECAT_WEBHOOK_SECRET). Stored once by event id.",
        body: revenueCatBody,
        response: {
          200: z.object({
            ok: z.literal(true),
            duplicate: z.boolean(),
            users: z.array(z.string()),
            plans: z.array(z.string()),
          }),
        },
      },
      // The secret is checked before the body is parsed.
      onRequest: async (req) => {
        if (!opts.secret) throw new HttpError(503, "webhook_not_configured", "REVENUECAT_WEBHOOK_SECRET is not set");
        if (!authorized(req.headers.authorization, opts.secret))
          throw new HttpError(401, "unauthorized", "authorization header does not match the webhook secret");
      },
    },
    async (req) => {
      const { affected, ...result } = await applyRevenueCatEvent(app.deps.database.db, req.body);
      app.deps.plans.changed(affected);
      return { ok: true as const, ...result };
    },
  );
};
