// The simulated week of issue 24, before and after decision 0067: words "known" each evening for a learner who
// guesses, one who is usually right and one who is always right, over the app's daily routine (one 5-question game
// and the review session; core/src/learner-sim.ts). "Before" is the former map, kept here as the reference: each
// outcome to one grade (a fast right pick Easy), "known" read off FSRS's state, the exercise by stability alone.
// Run: npm run learning-week -w bench
import { guesser, type Memory, perfect, simulate, typical } from "@ivrit/core/learner-sim";
import type { Outcome } from "@ivrit/core/review";
import { applyEvent, type CardState, exerciseFor, MATURE_DAYS, wordState } from "@ivrit/core/srs";
import { type Card, default_w, fsrs, generatorParameters, Rating, State } from "ts-fsrs";

const scheduler = fsrs(generatorParameters({ request_retention: 0.9, w: default_w, enable_fuzz: false }));
const FORMER_GRADE = {
  wrong: Rating.Again,
  right_after_mistake: Rating.Hard,
  right: Rating.Good,
  right_fast: Rating.Easy,
};

const former: Memory = {
  apply(card: CardState, a: { at: Date; outcome: Outcome }): CardState {
    const c: Card = {
      due: card.due,
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: 0,
      scheduled_days: card.scheduledDays,
      learning_steps: card.learningSteps,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      ...(card.lastReview && { last_review: card.lastReview }),
    };
    const n = scheduler.next(c, a.at, FORMER_GRADE[a.outcome] as never).card;
    return {
      ...card,
      due: n.due,
      stability: n.stability,
      difficulty: n.difficulty,
      scheduledDays: n.scheduled_days,
      learningSteps: n.learning_steps,
      reps: n.reps,
      lapses: n.lapses,
      state: n.state,
      lastReview: n.last_review ?? null,
    };
  },
  state(card) {
    if (!card || card.state === State.New) return "new";
    if (card.state !== State.Review) return "learning";
    return card.scheduledDays >= MATURE_DAYS ? "mature" : "known";
  },
  exercise(card) {
    if (!card || card.state !== State.Review) return "meaning";
    if (card.stability < 3) return "reverse";
    return card.stability < 7 ? "listening" : "typing";
  },
};
const now: Memory = { apply: applyEvent, state: wordState, exercise: exerciseFor };

const WORDS = 31; // "Food and drink"
const rows: string[][] = [];
for (const [name, policy] of [
  ["guesses (1 in 4)", guesser],
  ["usually right", typical],
  ["always right", perfect],
] as const) {
  for (const [label, memory] of [
    ["before", former],
    ["after", now],
  ] as const) {
    const seeds = [1, 2, 3, 4, 5];
    const weeks = seeds.map((seed) => simulate({ days: 8, words: WORDS, policy, memory, seed }));
    const knownOn = (d: number) => weeks.reduce((n, w) => n + (w[d]?.known ?? 0), 0) / seeds.length;
    const exercises = new Set(weeks.flatMap((w) => w.flatMap((d) => Object.keys(d.exercises))));
    rows.push([name, label, ...[0, 1, 2, 7].map((d) => knownOn(d).toFixed(1)), [...exercises].sort().join(" ")]);
  }
}
console.log(`Words known each evening, mean of 5 seeds, module of ${WORDS} words (issue 24's simulated week)`);
console.log("| learner | map | day 1 | day 2 | day 3 | day 8 | exercises met |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
