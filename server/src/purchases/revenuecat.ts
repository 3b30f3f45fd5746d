// RevenueCat webhook events -> entitlements kept by the server. Each event is stored once by its id; each
// entitlement row remembers the time of the event that last set it, so a late, older event changes nothing.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Plan } from "@ivrit/core/plans";
import { storableJson, storableText } from "@ivrit/core/schemas/api";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";
import { learnersOfDevices, notifyEntitlements } from "../users.ts";

/** A time in ms since 1970 that PostgreSQL and Date can both hold: 1970 to the end of year 9999. */
const epochMs = z
  .number()
  .min(0, "must be a time in ms between 1970 and 9999")
  .max(253_402_300_799_999, "must be a time in ms between 1970 and 9999");
const text = (max: number) => storableText().max(max);

/**
 * The fields we read; RevenueCat sends many more, which are kept in the stored payload (jsonb): so the whole
 * body is bounded and must be storable too.
 */
export const revenueCatBody = z
  .looseObject({
    api_version: text(20).optional(),
    event: z.looseObject({
      id: text(200).min(1),
      type: text(60).min(1),
      app_user_id: text(200).nullish(),
      original_app_user_id: text(200).nullish(),
      aliases: z.array(text(200)).max(100).nullish(),
      entitlement_ids: z.array(text(100)).max(20).nullish(),
      entitlement_id: text(100).nullish(),
      product_id: text(200).nullish(),
      new_product_id: text(200).nullish(),
      expiration_at_ms: epochMs.nullish(),
      event_timestamp_ms: epochMs,
      transferred_from: z.array(text(200)).max(100).nullish(),
      transferred_to: z.array(text(200)).max(100).nullish(),
    }),
  })
  .superRefine(storableJson({ maxDepth: 32, maxBytes: 256 * 1024 }));
type RevenueCatEvent = z.infer<typeof revenueCatBody>["event"];

/** Entitlement ids configured in RevenueCat, mapped to our plans. */
const ENTITLEMENT_PLAN: Record<string, Exclude<Plan, "free">> = { plus: "plus", pro: "pro" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Constant-time comparison of the Authorization header with "Bearer <secret>". */
export function authorized(header: string | undefined, secret: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(header ?? ""), digest(`Bearer ${secret}`));
}

/** The app's user ids the event names: the app logs in to RevenueCat with the device's anonymous UUID. */
function devicesOf(ids: (string | null | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)).map((id) => id.toLowerCase()))];
}

function plansOf(e: RevenueCatEvent): Exclude<Plan, "free">[] {
  const ids = [...(e.entitlement_ids ?? []), ...(e.entitlement_id ? [e.entitlement_id] : [])];
  return [...new Set(ids.map((id) => ENTITLEMENT_PLAN[id]).filter((p) => p !== undefined))];
}

/** Sets a plan's expiry for a user unless a newer event already did. */
async function setEntitlement(
  db: Db,
  userId: string,
  plan: Exclude<Plan, "free">,
  expiresAt: Date | null,
  e: RevenueCatEvent,
  eventAt: Date,
) {
  const row = {
    userId,
    plan,
    source: "revenuecat",
    productId: e.new_product_id ?? e.product_id ?? null,
    expiresAt,
    eventId: e.id,
    eventAt,
    updatedAt: new Date(),
  };
  await db
    .insert(t.entitlements)
    .values(row)
    .onConflictDoUpdate({
      target: [t.entitlements.userId, t.entitlements.plan],
      set: {
        source: row.source,
        productId: row.productId,
        expiresAt,
        eventId: e.id,
        eventAt,
        updatedAt: row.updatedAt,
      },
      setWhere: sql`${t.entitlements.eventAt} is null or ${t.entitlements.eventAt} <= ${eventAt.toISOString()}`,
    });
}

/** `affected`: every user whose entitlements changed (a transfer changes its sources too). */
type Applied = { duplicate: boolean; users: string[]; plans: Plan[]; affected: string[] };

/** Applies one event in a transaction; a redelivered event (same id) changes nothing. */
export async function applyRevenueCatEvent(
  db: Db,
  body: z.infer<typeof revenueCatBody>,
  now = new Date(),
): Promise<Applied> {
  const e = body.event;
  const eventAt = new Date(e.event_timestamp_ms);
  return db.transaction(async (tx) => {
    const result = await applyIn(tx, e, body, eventAt, now);
    await notifyEntitlements(tx, result.affected);
    return result;
  });
}

async function applyIn(
  tx: Db,
  e: RevenueCatEvent,
  body: z.infer<typeof revenueCatBody>,
  eventAt: Date,
  now: Date,
): Promise<Applied> {
  {
    const stored = await tx
      .insert(t.webhookEvents)
      .values({
        id: e.id,
        provider: "revenuecat",
        type: e.type,
        appUserId: e.app_user_id ?? null,
        eventAt,
        payload: body,
      })
      .onConflictDoNothing()
      .returning({ id: t.webhookEvents.id });
    if (stored.length === 0) return { duplicate: true, users: [], plans: [], affected: [] };

    // Store ids are device ids: the plan goes to their learners (decision 0086), on every device they link.
    const users = await learnersOfDevices(tx, devicesOf([e.app_user_id, e.original_app_user_id, ...(e.aliases ?? [])]));
    const plans = plansOf(e);
    const expiry = e.expiration_at_ms ? new Date(e.expiration_at_ms) : null;
    switch (e.type) {
      case "INITIAL_PURCHASE":
      case "RENEWAL":
      case "PRODUCT_CHANGE":
      case "NON_RENEWING_PURCHASE":
      case "UNCANCELLATION":
      case "CANCELLATION": // access stays until the paid period ends
        for (const u of users) for (const p of plans) await setEntitlement(tx, u, p, expiry, e, eventAt);
        return { duplicate: false, users, plans, affected: users };
      case "EXPIRATION": {
        const ended = expiry && expiry < now ? expiry : now;
        for (const u of users) for (const p of plans) await setEntitlement(tx, u, p, ended, e, eventAt);
        return { duplicate: false, users, plans, affected: users };
      }
      case "TRANSFER": {
        // "Restore purchases" on a device of the same learner transfers from the learner to itself: nothing moves.
        const to = await learnersOfDevices(tx, devicesOf(e.transferred_to ?? []));
        const from = (await learnersOfDevices(tx, devicesOf(e.transferred_from ?? []))).filter((l) => !to.includes(l));
        if (to.length === 0) return { duplicate: false, users: [], plans: [], affected: [] };
        const moved =
          from.length === 0
            ? []
            : await tx
                .delete(t.entitlements)
                .where(and(inArray(t.entitlements.userId, from), eq(t.entitlements.source, "revenuecat")))
                .returning();
        for (const u of to)
          for (const m of moved) await setEntitlement(tx, u, m.plan as Exclude<Plan, "free">, m.expiresAt, e, eventAt);
        return {
          duplicate: false,
          users: to,
          plans: [...new Set(moved.map((m) => m.plan as Plan))],
          affected: [...from, ...to],
        };
      }
      default:
        // BILLING_ISSUE (grace period: access unchanged), SUBSCRIPTION_PAUSED (paused at period end: the
        // EXPIRATION event ends access), TEST and any new type: stored, nothing to change.
        return { duplicate: false, users, plans: [], affected: [] };
    }
  }
}
