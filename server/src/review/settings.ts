// A learner's review settings (user_settings): the daily new-word limit, the daily goal, the time zone their days
// are counted in. A learner without a row has the defaults.
import { DAILY_GOAL_DEFAULT, DAILY_NEW_DEFAULT } from "@ivrit/core/review";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import * as t from "../db/schema.ts";

export type Settings = { dailyNewLimit: number; dailyGoal: number; timeZone: string };
export const DEFAULT_SETTINGS: Settings = {
  dailyNewLimit: DAILY_NEW_DEFAULT,
  dailyGoal: DAILY_GOAL_DEFAULT,
  timeZone: "UTC",
};

export async function settingsOf(db: Db, userId: string): Promise<Settings> {
  const [row] = await db
    .select({
      dailyNewLimit: t.userSettings.dailyNewLimit,
      dailyGoal: t.userSettings.dailyGoal,
      timeZone: t.userSettings.timeZone,
    })
    .from(t.userSettings)
    .where(eq(t.userSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}

/** Changes some of a learner's settings (the row is created with the defaults for the rest). */
export async function patchSettings(db: Db, userId: string, patch: Partial<Settings>): Promise<Settings> {
  const set = { ...patch, updatedAt: new Date() };
  await db
    .insert(t.userSettings)
    .values({ userId, ...DEFAULT_SETTINGS, ...set })
    .onConflictDoUpdate({ target: t.userSettings.userId, set });
  return settingsOf(db, userId);
}
