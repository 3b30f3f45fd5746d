// Users and their plans. The tier always comes from the server's entitlements, never from the client.
import { PLAN_TIER, type Plan, planFromTier, type Tier } from "@ivrit/core/plans";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import * as t from "./db/schema.ts";

export type PlanInfo = { plan: Plan; tier: Tier; expiresAt: Date | null };
export const FREE: PlanInfo = { plan: "free", tier: 1, expiresAt: null };

/** Creates the user row on first sight. Idempotent and safe to race (another instance may insert it too). */
export async function ensureUser(db: Db, userId: string): Promise<void> {
  await db.insert(t.users).values({ id: userId }).onConflictDoNothing();
}

/** pro first, then plus, among unexpired entitlements; else free. */
export async function planOf(db: Db, userId: string, now = new Date()): Promise<PlanInfo> {
  const rows = await db
    .select({ plan: t.entitlements.plan, expiresAt: t.entitlements.expiresAt })
    .from(t.entitlements)
    .where(
      and(eq(t.entitlements.userId, userId), or(isNull(t.entitlements.expiresAt), gt(t.entitlements.expiresAt, now))),
    );
  let best = FREE;
  for (const r of rows) {
    const tier = PLAN_TIER[r.plan as Plan];
    if (tier && tier > best.tier) best = { plan: planFromTier(tier), tier, expiresAt: r.expiresAt };
  }
  return best;
}

/** Grants a plan (support, tests): the user row is created if needed. */
export async function grantPlan(
  db: Db,
  userId: string,
  plan: Exclude<Plan, "free">,
  expiresAt: Date | null,
  source = "cli",
) {
  await ensureUser(db, userId);
  await db
    .insert(t.entitlements)
    .values({ userId, plan, source, expiresAt, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [t.entitlements.userId, t.entitlements.plan],
      set: { source, expiresAt, updatedAt: new Date() },
    });
}

/** Revokes one plan, or every plan when `plan` is undefined. Returns how many were removed. */
export async function revokePlan(db: Db, userId: string, plan?: Exclude<Plan, "free">): Promise<number> {
  const where = plan
    ? and(eq(t.entitlements.userId, userId), eq(t.entitlements.plan, plan))
    : eq(t.entitlements.userId, userId);
  return (await db.delete(t.entitlements).where(where).returning()).length;
}
