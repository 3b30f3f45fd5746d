import { describe, expect, it } from "vitest";
import { levelStartPath } from "./levels.ts";

describe("where a level starts", () => {
  it("sends a beginner to the beginner menu and the others straight into a game on a free module", () => {
    expect(levelStartPath(1)).toBe("/beginner");
    expect(levelStartPath(2)).toBe("/game/1/translation-match");
    expect(levelStartPath(3)).toBe("/game/109/translation-match");
  });
});
