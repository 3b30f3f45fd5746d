import { describe, expect, it } from "vitest";
import { AnswerShapeError, checkAnswer } from "./check-answer.ts";

describe("checkAnswer", () => {
  it("passes an answer of the contract's shape", () => {
    expect(() =>
      checkAnswer("GET", "/me/entitlements", { entitlement: "plus", tier: 2, expiresAt: null }),
    ).not.toThrow();
  });

  it("throws naming the call and the field when the answer drifts from the contract", () => {
    const drifted = () => checkAnswer("GET", "/me/entitlements", { entitlement: "gold", tier: 2, expiresAt: null });
    expect(drifted).toThrow(AnswerShapeError);
    expect(drifted).toThrow(/GET \/me\/entitlements: .* at entitlement:/);
    expect(() => checkAnswer("POST", "/me/active-module", { locked: true })).toThrow(/POST \/me\/active-module/);
  });

  it("lets calls it has no schema for through", () => {
    expect(() => checkAnswer("GET", "/not-a-call", 42)).not.toThrow();
  });
});
