// The learner's fitted memory model (issue 28.4, decision 0109): on fixed synthetic histories whose true weights
// are known (seeded), the fit is adopted when the learner's memory is not the default one, and not when it is.
import { adoptFitted, SYNTHETIC_LEARNERS, simulateLearner } from "@ivrit/core/fsrs-fit";
import { describe, expect, it } from "vitest";
import { fitLearner } from "../src/fsrs-fit.ts";

describe("fitting a learner's weights", () => {
  it("adopts the fit for a learner whose true weights are not the defaults", async () => {
    const histories = simulateLearner({ weights: SYNTHETIC_LEARNERS.forgetful, reviews: 3_000, seed: 28 });
    const r = await fitLearner(histories, "UTC");
    expect(r.trainReviews).toBe(2_700);
    expect(r.heldOutReviews).toBe(300);
    expect(r.measured).toBeGreaterThan(200);
    expect(r.weights).toHaveLength(21);
    expect(r.fitted.logLoss).toBeLessThan(r.defaults.logLoss);
    expect(r.adopted).toBe(true);
  }, 60_000);

  it("does not adopt it for a learner drawn from the default weights", async () => {
    const histories = simulateLearner({ weights: SYNTHETIC_LEARNERS.average, reviews: 3_000, seed: 28 });
    const r = await fitLearner(histories, "UTC");
    expect(r.fitted.logLoss).toBeGreaterThanOrEqual(r.defaults.logLoss);
    expect(r.adopted).toBe(false);
  }, 60_000);

  it("adopts only a lower log loss", () => {
    expect(adoptFitted({ logLoss: 0.3, rmseBins: 0.05 }, { logLoss: 0.31, rmseBins: 0.01 })).toBe(false);
    expect(adoptFitted({ logLoss: 0.3, rmseBins: 0.05 }, { logLoss: 0.3, rmseBins: 0.01 })).toBe(false);
    expect(adoptFitted({ logLoss: 0.3, rmseBins: 0.01 }, { logLoss: 0.29, rmseBins: 0.05 })).toBe(true);
    expect(adoptFitted({ logLoss: 0.3, rmseBins: 0.01 }, { logLoss: Number.NaN, rmseBins: 0.05 })).toBe(false);
  });
});
