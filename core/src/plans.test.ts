import { describe, expect, it } from "vitest";
import { clampLevel, clampTier, higherPlan, isLocked, isPlan, PLAN_TIER, PLANS, planFromTier } from "./plans.ts";

describe("plans (SPEC sections 4, 5, 6, 9)", () => {
  it("ranks free 1, plus 2, pro 3", () => {
    expect(PLANS.map((p) => PLAN_TIER[p])).toEqual([1, 2, 3]);
  });

  it("recognises only the three plan names", () => {
    expect(PLANS.every(isPlan)).toBe(true);
    for (const v of ["Pro", "premium", "", null, undefined, 3, {}]) expect(isPlan(v)).toBe(false);
  });

  it("clamps tiers to 1..3 and falls back on anything not a finite number", () => {
    expect([0, 1, 2, 3, 4, -7, 2.9, "2", " 3 "].map((v) => clampTier(v))).toEqual([1, 1, 2, 3, 3, 1, 2, 2, 3]);
    expect([Number.NaN, Number.POSITIVE_INFINITY, "", "x", null, undefined, {}].map((v) => clampTier(v, 2))).toEqual([
      2, 2, 2, 2, 2, 2, 2,
    ]);
  });

  it("clamps the preferred level with the default 3", () => {
    expect([undefined, "abc", 1, 2, 3, 9, 0].map(clampLevel)).toEqual([3, 3, 1, 2, 3, 3, 1]);
  });

  it("maps an entitlement tier to a plan: >= 3 pro, 2 plus, otherwise free", () => {
    expect([5, 3, 2, 1, 0, -1].map(planFromTier)).toEqual(["pro", "pro", "plus", "free", "free", "free"]);
  });

  it("takes the higher of two plans, in either order", () => {
    expect(higherPlan("free", "plus")).toBe("plus");
    expect(higherPlan("plus", "free")).toBe("plus");
    expect(higherPlan("pro", "plus")).toBe("pro");
    expect(higherPlan("plus", "pro")).toBe("pro");
    expect(higherPlan("free", "free")).toBe("free");
  });

  it("locks a module only above the user's tier", () => {
    expect(isLocked(2, 1)).toBe(true);
    expect(isLocked(2, 2)).toBe(false);
    expect(isLocked(1, 3)).toBe(false);
  });
});
