// Users and their plans. The tier always comes from the server's entitlements, never from the client.
import { higherPlan, isPlan, PLAN_TIER, type Plan, type Tier } from "@ivrit/core/plans";
import { and, eq, sql } from "drizzle-orm";
import { type Database, type Db, rowsOf } from "./db/client.ts";
import * as t from "./db/schema.ts";

export type PlanInfo = { plan: Plan; tier: Tier; expiresAt: Date | null };
type EntitlementRow = { plan: string; expiresAt: Date | null };
export const FREE: PlanInfo = { plan: "free", tier: 1, expiresAt: null };
/** Every write to entitlements NOTIFYs this channel with the user id, in the same transaction. */
export const ENTITLEMENTS_CHANNEL = "ivrit_entitlements";

/** The learner of a device id (decision 0086): its row's, or the id itself for a device never seen. */
export async function learnerOfDevice(db: Db, deviceId: string): Promise<string> {
  const [row] = rowsOf<{ learner_id: string }>(
    await db.execute(sql`select learner_id from devices where id = ${deviceId}::uuid`),
  );
  return row?.learner_id ?? deviceId;
}

/**
 * The learners of store user ids (RevenueCat's app user ids are device ids), making a learner of each device never
 * seen. In the caller's transaction.
 */
export async function learnersOfDevices(tx: Db, deviceIds: string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const json = JSON.stringify(deviceIds);
  const fresh = sql`select x::uuid as id from json_array_elements_text(${json}::json) x
                    where not exists (select 1 from devices v where v.id = x::uuid)`;
  await tx.execute(sql`insert into users (id) ${fresh} on conflict do nothing`);
  await tx.execute(sql`insert into devices (id, learner_id, platform) select id, id, 'app' from (${fresh}) d
                       on conflict do nothing`);
  const rows = rowsOf<{ learner_id: string }>(
    await tx.execute(sql`
      select distinct learner_id from devices
      where id = any(${`{${deviceIds.join(",")}}`}::uuid[])`),
  );
  return rows.map((r) => r.learner_id);
}

async function entitlementRows(db: Db, userId: string): Promise<EntitlementRow[]> {
  return db
    .select({ plan: t.entitlements.plan, expiresAt: t.entitlements.expiresAt })
    .from(t.entitlements)
    .where(eq(t.entitlements.userId, userId));
}

/** pro first, then plus, among the entitlements not expired at `now`; else free. */
function planFrom(rows: EntitlementRow[], now = new Date()): PlanInfo {
  let best = FREE;
  for (const r of rows) {
    if (r.expiresAt && r.expiresAt <= now) continue;
    if (!isPlan(r.plan) || higherPlan(best.plan, r.plan) === best.plan) continue;
    best = { plan: r.plan, tier: PLAN_TIER[r.plan], expiresAt: r.expiresAt };
  }
  return best;
}

export async function planOf(db: Db, userId: string, now = new Date()): Promise<PlanInfo> {
  return planFrom(await entitlementRows(db, userId), now);
}

export async function notifyEntitlements(db: Db, userIds: string[]): Promise<void> {
  for (const id of userIds) await db.execute(sql`select pg_notify(${ENTITLEMENTS_CHANNEL}, ${id})`);
}

/** Grants a plan (support, tests) to the learner of a device id (made a learner when never seen); answers the learner. */
export async function grantPlan(
  db: Db,
  deviceId: string,
  plan: Exclude<Plan, "free">,
  expiresAt: Date | null,
  source = "cli",
): Promise<string> {
  return db.transaction(async (tx) => {
    const [userId] = (await learnersOfDevices(tx, [deviceId])) as [string];
    await tx
      .insert(t.entitlements)
      .values({ userId, plan, source, expiresAt, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [t.entitlements.userId, t.entitlements.plan],
        set: { source, expiresAt, updatedAt: new Date() },
      });
    await notifyEntitlements(tx, [userId]);
    return userId;
  });
}

/** Revokes one plan, or every plan when `plan` is undefined. Returns how many were removed. */
export async function revokePlan(db: Db, userId: string, plan?: Exclude<Plan, "free">): Promise<number> {
  const where = plan
    ? and(eq(t.entitlements.userId, userId), eq(t.entitlements.plan, plan))
    : eq(t.entitlements.userId, userId);
  return db.transaction(async (tx) => {
    const n = (await tx.delete(t.entitlements).where(where).returning()).length;
    await notifyEntitlements(tx, [userId]);
    return n;
  });
}

/**
 * The caller's plan on every request, without a query per request: each process keeps the entitlement rows it
 * has read, drops a user's rows when a NOTIFY names them (any instance's write, or the CLI's), and trusts
 * nothing cached while the notification connection is down. Expiry is evaluated at read time, so a plan lapses
 * at its expiry with no event.
 */
export class Plans {
  private readonly rows = new Map<string, EntitlementRow[]>();
  private live = false;
  private unlisten: (() => Promise<void>) | null = null;

  private readonly database: Database;
  private readonly max: number;

  constructor(database: Database, max = 100_000) {
    this.database = database;
    this.max = max;
  }

  async start(): Promise<this> {
    this.unlisten = await this.database.listen(
      ENTITLEMENTS_CHANNEL,
      (userId) => this.rows.delete(userId),
      (live) => {
        this.live = live;
        this.rows.clear();
      },
    );
    return this;
  }

  async stop(): Promise<void> {
    this.live = false;
    await this.unlisten?.();
  }

  async planOf(userId: string, now = new Date()): Promise<PlanInfo> {
    let rows = this.live ? this.rows.get(userId) : undefined;
    if (!rows) {
      rows = await entitlementRows(this.database.db, userId);
      if (this.live) {
        if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value as string);
        this.rows.set(userId, rows);
      }
    }
    return planFrom(rows, now);
  }

  /** After this process's own write: forget at once (other processes hear the NOTIFY). */
  changed(userIds: string[]): void {
    for (const id of userIds) this.rows.delete(id);
  }

  async grant(deviceId: string, plan: Exclude<Plan, "free">, expiresAt: Date | null, source = "cli") {
    this.changed([await grantPlan(this.database.db, deviceId, plan, expiresAt, source)]);
  }
}
