// /api/reminders (issue 30.2): when to remind the learner, and the browsers web push reaches.
import {
  endpointBody,
  patchRemindersBody,
  pushSubscriptionBody,
  type ReminderSettings,
  remindersResponse,
  subscriptionsResponse,
} from "@ivrit/core/schemas/reminders";
import { and, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { ensureCaller, HttpError, requireUser } from "../http.ts";
import { bitsToDays, daysToBits } from "../reminders.ts";

export const DEFAULT_REMINDER: ReminderSettings = {
  enabled: false,
  time: "19:00",
  days: [0, 1, 2, 3, 4, 5, 6],
  quietStart: "22:00",
  quietEnd: "07:00",
};

async function subscriptionCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

export const reminderRoutes: FastifyPluginAsyncZod<{ publicKey: string | null }> = async (app, opts) => {
  const db = app.deps.database.db;

  const read = async (userId: string) => {
    const [[r], [s], subscriptions] = await Promise.all([
      db.select().from(t.reminders).where(eq(t.reminders.userId, userId)),
      db.select({ tz: t.userSettings.timeZone }).from(t.userSettings).where(eq(t.userSettings.userId, userId)),
      subscriptionCount(db, userId),
    ]);
    const settings: ReminderSettings = r
      ? { enabled: r.enabled, time: r.time, days: bitsToDays(r.days), quietStart: r.quietStart, quietEnd: r.quietEnd }
      : DEFAULT_REMINDER;
    return { ...settings, timeZone: s?.tz ?? "UTC", subscriptions, publicKey: opts.publicKey };
  };

  app.get(
    "/",
    {
      schema: {
        tags: ["reminders"],
        description:
          "The learner's reminder: on or off, local time, weekdays (0 = Sunday), quiet hours; the time zone is the " +
          "review settings'; how many browsers receive web push, and the server's VAPID public key.",
        response: { 200: remindersResponse },
      },
    },
    async (req) => read(requireUser(req)),
  );

  app.patch(
    "/",
    {
      schema: {
        tags: ["reminders"],
        description: "Changes any of enabled, time, days, quietStart and quietEnd (both quiet times, or both null).",
        body: patchRemindersBody,
        response: { 200: remindersResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      await ensureCaller(req);
      const current = await read(userId);
      const next: ReminderSettings = {
        enabled: req.body.enabled ?? current.enabled,
        time: req.body.time ?? current.time,
        days: req.body.days ?? current.days,
        quietStart: req.body.quietStart !== undefined ? req.body.quietStart : current.quietStart,
        quietEnd: req.body.quietEnd !== undefined ? req.body.quietEnd : current.quietEnd,
      };
      if ((next.quietStart === null) !== (next.quietEnd === null))
        throw new HttpError(400, "invalid_input", "body: quietStart and quietEnd: both times or both null");
      const row = {
        enabled: next.enabled,
        time: next.time,
        days: daysToBits(next.days),
        quietStart: next.quietStart,
        quietEnd: next.quietEnd,
        updatedAt: new Date(),
      };
      await db
        .insert(t.reminders)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: t.reminders.userId, set: row });
      return read(userId);
    },
  );

  app.post(
    "/subscriptions",
    {
      schema: {
        tags: ["reminders"],
        description:
          "Keeps a browser's PushSubscription (its toJSON()) for the caller, with the language reminders are written " +
          "in; the same endpoint again replaces it (201 either way).",
        body: pushSubscriptionBody,
        response: { 201: subscriptionsResponse },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req);
      await ensureCaller(req);
      const { endpoint, keys, language } = req.body;
      const values = { userId, p256dh: keys.p256dh, auth: keys.auth, language };
      await db
        .insert(t.pushSubscriptions)
        .values({ endpoint, ...values })
        .onConflictDoUpdate({ target: t.pushSubscriptions.endpoint, set: values });
      return reply.code(201).send({ subscriptions: await subscriptionCount(db, userId) });
    },
  );

  app.post(
    "/unsubscribe",
    {
      schema: {
        tags: ["reminders"],
        description: "Forgets one of the caller's browsers (by its endpoint).",
        body: endpointBody,
        response: { 200: subscriptionsResponse },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      await db
        .delete(t.pushSubscriptions)
        .where(and(eq(t.pushSubscriptions.userId, userId), eq(t.pushSubscriptions.endpoint, req.body.endpoint)));
      return { subscriptions: await subscriptionCount(db, userId) };
    },
  );

  app.post(
    "/off",
    {
      schema: {
        tags: ["reminders"],
        description:
          "The notification's one-tap \"turn off\": the service worker sends its subscription's endpoint (which only " +
          "that browser and the server know); the reminders of its learner are turned off. 404 for an unknown one.",
        body: endpointBody,
        response: { 200: z.object({ enabled: z.literal(false) }) },
      },
    },
    async (req) => {
      const [sub] = await db
        .select({ userId: t.pushSubscriptions.userId })
        .from(t.pushSubscriptions)
        .where(eq(t.pushSubscriptions.endpoint, req.body.endpoint));
      if (!sub) throw new HttpError(404, "not_found", "no subscription with this endpoint");
      await db
        .update(t.reminders)
        .set({ enabled: false, updatedAt: new Date() })
        .where(eq(t.reminders.userId, sub.userId));
      return { enabled: false as const };
    },
  );
};
