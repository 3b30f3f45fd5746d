// The learner's fitted memory model (issue 28.4, decision 0109): on simulated learners whose true FSRS-6 weights
// are known (core/src/fsrs-fit.ts, seeded), the log loss and RMSE (bins) of the default and the fitted weights on
// each learner's most recent 10% of reviews (held out of the fit), beside the true weights' (the floor a fit can
// reach) and the public FSRS benchmark's figures; and the optimizer's time for 1,000 and 10,000 reviews.
// Run: npm run fsrs-fit -w bench
import { holdOutRecent, SYNTHETIC_LEARNERS, simulateLearner } from "@ivrit/core/fsrs-fit";
import { fitLearner, fitWeights, measure } from "@ivrit/server/fsrs-fit";

// The public benchmark (open-spaced-repetition/srs-benchmark, README "Result", 9,999 Anki collections, 349,923,850
// reviews evaluated, means weighted by reviews / unweighted): real learners, not these simulated ones; for scale.
const PUBLISHED = [
  { model: "FSRS-6 (fitted per user)", weighted: [0.3214, 0.0462], unweighted: [0.3456, 0.0653] },
  { model: "FSRS-rs (fitted per user)", weighted: [0.3197, 0.0435], unweighted: [0.3437, 0.0628] },
  { model: "FSRS-6 default parameters", weighted: [0.3393, 0.0716], unweighted: [0.3661, 0.0927] },
];

const f = (x: number) => x.toFixed(4);
const SEEDS = [1, 2, 3];

console.log("Simulated learners: log loss / RMSE (bins) on the held-out most recent 10% of reviews");
console.log("learner     reviews seed | default         | fitted          | true weights    | adopted | fit ms");
for (const reviews of [1_000, 10_000]) {
  for (const [name, weights] of Object.entries(SYNTHETIC_LEARNERS)) {
    for (const seed of SEEDS) {
      const histories = simulateLearner({ weights, reviews, seed });
      const t0 = performance.now();
      const r = await fitLearner(histories, "UTC");
      const ms = performance.now() - t0;
      const truth = measure(weights, holdOutRecent(histories, "UTC").test);
      console.log(
        `${name.padEnd(11)} ${String(reviews).padStart(7)} ${String(seed).padStart(4)} | ` +
          `${f(r.defaults.logLoss)} ${f(r.defaults.rmseBins)} | ${f(r.fitted.logLoss)} ${f(r.fitted.rmseBins)} | ` +
          `${f(truth.logLoss)} ${f(truth.rmseBins)} | ${r.adopted ? "yes" : "no "}     | ${ms.toFixed(0)}`,
      );
    }
  }
}

console.log("\nThe optimizer alone (computeParameters on all items of a forgetful learner), median of 3 runs:");
for (const reviews of [1_000, 10_000]) {
  const split = holdOutRecent(simulateLearner({ weights: SYNTHETIC_LEARNERS.forgetful, reviews, seed: 7 }), "UTC");
  const items = [...split.train, ...split.test];
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await fitWeights(items);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${String(reviews).padStart(6)} reviews (${items.length} items): ${times[1]?.toFixed(0)} ms`);
}

console.log("\nPublic FSRS benchmark (srs-benchmark README; real Anki users): log loss / RMSE (bins)");
for (const p of PUBLISHED)
  console.log(
    `  ${p.model.padEnd(26)} weighted ${f(p.weighted[0] as number)} ${f(p.weighted[1] as number)}` +
      `  unweighted ${f(p.unweighted[0] as number)} ${f(p.unweighted[1] as number)}`,
  );
