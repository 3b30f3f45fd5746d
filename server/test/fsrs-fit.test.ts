// The learner's fitted memory model (issue 28.4, decision 0109): on fixed synthetic histories whose true weights
// are known, the fit is adopted when the learner's memory is not the default one, and not when it is.
import { simulateLearner } from "@ivrit/core/fsrs-fit";
import { DEFAULT_WEIGHTS } from "@ivrit/core/srs";
import { describe, expect, it } from "vitest";
import { fitLearner } from "../src/fsrs-fit.ts";

/** FSRS-6 defaults with other initial stabilities, a faster forgetting and another decay: a learner unlike the average. */
export const UNUSUAL: number[] = DEFAULT_WEIGHTS.map((w, i) =>
  i < 4 ? w * [0.3, 0.5, 0.4, 0.5][i]! : i === 8 ? w * 0.6 : i === 20 ? 0.5 : w,
);

describe("fitting a learner's weights", () => {
  it("adopts the fit for a learner whose true weights are not the defaults", async () => {
    const histories = simulateLearner({ weights: UNUSUAL, reviews: 3_000, seed: 28 });
    const r = await fitLearner(histories, "UTC");
    expect(r.trainReviews + r.heldOutReviews).toBe(3_000);
    expect(r.heldOutReviews).toBe(300);
    expect(r.fitted.logLoss).toBeLessThan(r.defaults.logLoss);
    expect(r.adopted).toBe(true);
  }, 60_000);

  it("does not adopt it for a learner drawn from the default weights", async () => {
    const histories = simulateLearner({ weights: DEFAULT_WEIGHTS, reviews: 3_000, seed: 28 });
    const r = await fitLearner(histories, "UTC");
    expect(r.adopted).toBe(false);
  }, 60_000);
});
