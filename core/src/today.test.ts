import { describe, expect, it } from "vitest";
import { goalLeft, nextGame, todayAction } from "./today.ts";

const q = (due: number, sessionSize: number, reviews: number, goal = 20) => ({
  due,
  sessionSize,
  today: { reviews, goal },
});

describe("today on home", () => {
  it("starts the review when cards are due or the goal is not met", () => {
    expect(todayAction(q(3, 3, 25))).toBe("review");
    expect(todayAction(q(0, 10, 5))).toBe("review");
  });
  it("starts a game when nothing is due and the goal is met, or when the session would be empty", () => {
    expect(todayAction(q(0, 10, 20))).toBe("game");
    expect(todayAction(q(0, 0, 0))).toBe("game");
  });
  it("counts what is left of the goal", () => {
    expect(goalLeft(q(0, 0, 7))).toBe(13);
    expect(goalLeft(q(0, 0, 30))).toBe(0);
  });
  it("plays the game after the last one, wrapping", () => {
    const order = ["a", "b", "c"] as const;
    expect(nextGame(order, null)).toBe("a");
    expect(nextGame(order, "a")).toBe("b");
    expect(nextGame(order, "c")).toBe("a");
    expect(nextGame(order, "zzz")).toBe("a");
  });
});
