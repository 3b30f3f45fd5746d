import { describe, expect, it } from "vitest";
import { celebrates, praiseOf } from "./results.ts";

describe("praise by score (issue 24.4)", () => {
  it("encourages at 0 of 5 and celebrates only what was earned", () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => praiseOf(n, 5))).toEqual([
      "start",
      "effort",
      "effort",
      "good",
      "great",
      "perfect",
    ]);
    expect(praiseOf(0, 0)).toBe("start");
    expect(praiseOf(8, 10)).toBe("great");
    expect(praiseOf(5, 10)).toBe("good");
    expect([0, 1, 2, 3, 4, 5].map((n) => celebrates(praiseOf(n, 5)))).toEqual([false, false, false, true, true, true]);
  });
});
