// Plans and tiers (SPEC sections 4, 5, 6, 9).
export const PLANS = ["free", "plus", "pro"] as const;
export type Plan = (typeof PLANS)[number];
export type Tier = 1 | 2 | 3;
export const PLAN_TIER: Record<Plan, Tier> = { free: 1, plus: 2, pro: 3 };
export const BEGINNER_MODULE_ID = 93;
const LEVEL_DEFAULT = 3;

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (PLANS as readonly string[]).includes(value);
}

/** Clamps to 1..3; anything not a finite number gives `fallback`. */
export function clampTier(value: unknown, fallback: Tier = 1): Tier {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return fallback;
  return Math.min(3, Math.max(1, Math.trunc(n))) as Tier;
}

/** Preferred level: clamped to 1..3, default 3. Level 1 means beginner. */
export function clampLevel(value: unknown): Tier {
  return clampTier(value, LEVEL_DEFAULT);
}

/** Entitlement or numeric tier: >=3 pro, 2 plus, otherwise free. */
export function planFromTier(tier: number): Plan {
  if (tier >= 3) return "pro";
  if (tier === 2) return "plus";
  return "free";
}

/** The higher of two plans (pro > plus > free): the one rule wherever two sources of a plan meet. */
export function higherPlan(a: Plan, b: Plan): Plan {
  return PLAN_TIER[b] > PLAN_TIER[a] ? b : a;
}

export function isLocked(moduleTier: number, userTier: number): boolean {
  return moduleTier > userTier;
}
