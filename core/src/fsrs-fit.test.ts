import { describe, expect, it } from "vitest";
import {
  fitItems,
  fitMilestone,
  holdOutRecent,
  type RatedReview,
  ratedHistories,
  SYNTHETIC_LEARNERS,
  simulateLearner,
} from "./fsrs-fit.ts";
import { applyEvent, newCard, replay, weightsAt } from "./srs.ts";

const at = (s: string) => new Date(s);
const r = (s: string, rating: 1 | 2 | 3 | 4): RatedReview => ({ at: at(s), rating });

describe("the fit's inputs", () => {
  it("makes one item per review a day or more after the one before, with day intervals in the learner's zone", () => {
    const h = [
      r("2026-03-01T09:00:00Z", 1),
      r("2026-03-01T09:10:00Z", 3), // same day: history, not a target
      r("2026-03-02T08:00:00Z", 3),
      r("2026-03-05T22:30:00Z", 1),
    ];
    const items = fitItems([h], "UTC");
    expect(items.map((i) => i.reviews.map((x) => [x.rating, x.deltaT]))).toEqual([
      [
        [1, 0],
        [3, 0],
        [3, 1],
      ],
      [
        [1, 0],
        [3, 0],
        [3, 1],
        [1, 3],
      ],
    ]);
    // 22:30 UTC on the 5th is 00:30 on the 6th in Jerusalem: four days after the 2nd there.
    expect(fitItems([h], "Asia/Jerusalem")[1]?.reviews[3]?.deltaT).toBe(4);
  });

  it("holds out the items that target the most recent 10% of reviews", () => {
    const histories = simulateLearner({ weights: SYNTHETIC_LEARNERS.average, reviews: 1_000, seed: 3 });
    const s = holdOutRecent(histories, "UTC");
    expect(s.trainReviews).toBe(900);
    expect(s.heldOutReviews).toBe(100);
    const lastTrain = Math.max(...s.train.map((i) => i.at.getTime()));
    expect(s.test.every((i) => i.at.getTime() > lastTrain)).toBe(true);
    expect(s.train.length + s.test.length).toBe(fitItems(histories, "UTC").length);
  });

  it("rates each event as the fold does (decision 0067): a right choice just after a miss is Again", () => {
    const ev = (
      id: string,
      t: string,
      outcome: "wrong" | "right" | "right_after_mistake",
      mode: "choice" | "typing",
    ) => ({
      id,
      wordId: 7,
      at: at(t),
      outcome,
      mode,
    });
    const [h] = ratedHistories(
      [
        ev("c", "2026-03-02T09:00:00Z", "right", "typing"),
        ev("a", "2026-03-01T09:00:00Z", "wrong", "choice"),
        ev("b", "2026-03-01T09:01:00Z", "right_after_mistake", "choice"),
      ],
      "UTC",
    );
    expect(h?.map((x) => x.rating)).toEqual([1, 1, 3]);
  });

  it("counts fits by the thousand", () => {
    expect([0, 999, 1_000, 2_345].map(fitMilestone)).toEqual([0, 0, 1_000, 2_000]);
  });
});

describe("weights in force (decision 0108)", () => {
  const w = SYNTHETIC_LEARNERS.forgetful;
  const from = at("2026-03-10T00:00:00Z");
  it("applies each event with the weights in force at its time, in a replay as in a fold", () => {
    expect(weightsAt([{ from, weights: w }], at("2026-03-09T23:59:59Z"))).toBeNull();
    expect(weightsAt([{ from, weights: w }], from)).toBe(w);
    const events = ["2026-03-01", "2026-03-03", "2026-03-08", "2026-03-12", "2026-03-20"].map((d, i) => ({
      id: `e${i}`,
      at: at(`${d}T09:00:00Z`),
      outcome: "right" as const,
      mode: "typing" as const,
    }));
    let card = newCard(events[0]?.at as Date);
    for (const e of events) card = applyEvent(card, e, "UTC", weightsAt([{ from, weights: w }], e.at));
    expect(replay(events, "UTC", [{ from, weights: w }])).toEqual(card);
    // The fitted weights changed the card: the defaults alone give another one.
    expect(replay(events, "UTC")?.stability).not.toBe(card.stability);
    // Before the adoption, the defaults.
    expect(replay(events.slice(0, 3), "UTC", [{ from, weights: w }])).toEqual(replay(events.slice(0, 3), "UTC"));
  });
});
