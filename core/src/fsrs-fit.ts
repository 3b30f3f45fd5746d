// A memory model fitted to each learner (issue 28.4, decisions 0108-0109): what the FSRS optimizer is given and how
// its result is judged. The optimizer itself (a native module) runs in the server (server/src/fsrs-fit.ts); this
// file is the pure part: a learner's answers as rating histories (the grades of decision 0067, the only ratings
// that mean what they say), the histories as the optimizer's items (day intervals), the hold-out of the most recent
// 10% of reviews, the rule that adopts fitted weights, and simulated learners whose true weights are known.
import { type Card, createEmptyCard, forgetting_curve, fsrs, type Grade, generatorParameters, Rating } from "ts-fsrs";
import { dayKey } from "./review.ts";
import { createRng } from "./rng.ts";
import {
  applyEvent,
  compareEvents,
  DEFAULT_WEIGHTS,
  type ModelPeriod,
  newCard,
  type ReviewEventLike,
  ratingOf,
  weightsAt,
} from "./srs.ts";

/** A fit after the learner's 1,000th review event, and after every 1,000 more. */
export const FIT_EVERY = 1_000;
/** The most recent share of reviews held out of the fit, to measure both models on. */
export const HELD_OUT_SHARE = 0.1;

/** One review of a card: when, and the rating it earned (1 Again, 2 Hard, 3 Good, 4 Easy). */
export interface RatedReview {
  at: Date;
  rating: Grade;
}

/** The event count of the fit due for a learner with `events` events (0: none yet), e.g. 2,345 -> 2,000. */
export const fitMilestone = (events: number): number => Math.floor(events / FIT_EVERY) * FIT_EVERY;

/**
 * Each word's reviews with their ratings, from the learner's events (any order): folded as the server folds them
 * (each with the weights in force at its time), so each rating is the one the learner's card received.
 */
export function ratedHistories(
  events: readonly (ReviewEventLike & { wordId: number })[],
  timeZone: string,
  models: readonly ModelPeriod[] = [],
): RatedReview[][] {
  const byWord = new Map<number, (ReviewEventLike & { wordId: number })[]>();
  for (const e of events) {
    const list = byWord.get(e.wordId) ?? [];
    list.push(e);
    byWord.set(e.wordId, list);
  }
  const out: RatedReview[][] = [];
  for (const list of byWord.values()) {
    list.sort(compareEvents);
    let card = newCard((list[0] as ReviewEventLike).at);
    const reviews: RatedReview[] = [];
    for (const e of list) {
      reviews.push({ at: e.at, rating: ratingOf(card, e) });
      card = applyEvent(card, e, timeZone, weightsAt(models, e.at));
    }
    out.push(reviews);
  }
  return out;
}

/** One training or test item: a card's reviews up to one (the target), with day intervals (the first is 0). */
export interface FitItem {
  reviews: { rating: Grade; deltaT: number }[];
  /** The target review's time: what the hold-out splits on. */
  at: Date;
}

const dayNumber = (at: Date, timeZone: string) => Date.parse(`${dayKey(at, timeZone)}T00:00:00Z`) / 86_400_000;

/**
 * The optimizer's items: for each review of a card a day or more after the one before (the reviews FSRS's long-term
 * model predicts, as in the FSRS benchmark), the card's reviews up to it. Same-day reviews stay in the histories
 * (FSRS-6's short-term memory reads them) but are not targets.
 */
export function fitItems(histories: readonly RatedReview[][], timeZone: string): FitItem[] {
  const items: FitItem[] = [];
  for (const h of histories) {
    const sorted = [...h].sort((a, b) => a.at.getTime() - b.at.getTime());
    const reviews: FitItem["reviews"] = [];
    let prevDay = 0;
    sorted.forEach((r, i) => {
      const day = dayNumber(r.at, timeZone);
      const deltaT = i === 0 ? 0 : day - prevDay;
      prevDay = day;
      reviews.push({ rating: r.rating, deltaT });
      if (i > 0 && deltaT > 0) items.push({ reviews: [...reviews], at: r.at });
    });
  }
  return items;
}

/** Items split in time: the held-out ones target the most recent HELD_OUT_SHARE of all reviews. */
export interface Split {
  train: FitItem[];
  test: FitItem[];
  /** Reviews before the cut (what the fit learns from) and from it on (held out), all reviews counted. */
  trainReviews: number;
  heldOutReviews: number;
}

export function holdOutRecent(histories: readonly RatedReview[][], timeZone: string): Split {
  const times = histories.flatMap((h) => h.map((r) => r.at.getTime())).sort((a, b) => a - b);
  const cut = Math.floor(times.length * (1 - HELD_OUT_SHARE));
  const cutAt = times[cut] ?? Number.POSITIVE_INFINITY;
  const items = fitItems(histories, timeZone);
  return {
    train: items.filter((i) => i.at.getTime() < cutAt),
    test: items.filter((i) => i.at.getTime() >= cutAt),
    trainReviews: times.filter((t) => t < cutAt).length,
    heldOutReviews: times.filter((t) => t >= cutAt).length,
  };
}

/** How well weights predicted the held-out reviews: log loss, and RMSE over bins (the FSRS benchmark's metrics). */
export interface Measured {
  logLoss: number;
  rmseBins: number;
}

/** Fitted weights are adopted only when they predicted the held-out reviews better (lower log loss) than the defaults. */
export const adoptFitted = (defaults: Measured, fitted: Measured): boolean =>
  Number.isFinite(fitted.logLoss) && Number.isFinite(defaults.logLoss) && fitted.logLoss < defaults.logLoss;

// ---------- simulated learners with known weights ----------

const changed = (f: (w: number, i: number) => number): readonly number[] => DEFAULT_WEIGHTS.map(f);
/**
 * Learners unlike the average, for the tests and the benchmark: FSRS-6's defaults changed where learners differ
 * most (w0-w3 the first stabilities per rating, w4 the first difficulty, w8 how fast stability grows, w20 the
 * forgetting curve's decay), and the average learner itself.
 */
export const SYNTHETIC_LEARNERS: Record<"forgetful" | "strong" | "hardWords" | "average", readonly number[]> = {
  forgetful: changed((w, i) => (i < 4 ? w * 0.4 : i === 8 ? w * 0.6 : i === 20 ? 0.5 : w)),
  strong: changed((w, i) => (i < 4 ? w * 2.5 : i === 8 ? w * 1.2 : i === 20 ? 0.1 : w)),
  hardWords: changed((w, i) => (i === 4 ? w + 2 : i === 6 ? w * 1.6 : i === 10 ? w * 0.5 : w)),
  average: DEFAULT_WEIGHTS,
};

interface SimOptions {
  /** The learner's true weights (FSRS-6, 21 numbers). */
  weights: readonly number[];
  /** Stop once this many reviews were made. */
  reviews: number;
  seed: number;
  /** New cards a day. */
  newPerDay?: number;
  start?: Date;
}

/**
 * A learner whose memory follows FSRS-6 with `weights` exactly: each card is first met (rated Again 20%, Hard 10%,
 * Good 60%, Easy 10%), then reviewed after its true interval for 90% retention stretched by a random factor of
 * 0.4 to 2.5 (learners are late and early); recalled with the true retrievability, then rated Good (80%), Hard or
 * Easy (10% each), else Again. Seeded: the same options give the same histories.
 */
export function simulateLearner(o: SimOptions): RatedReview[][] {
  const rnd = createRng(o.seed);
  const truth = fsrs(
    generatorParameters({
      w: [...o.weights],
      enable_fuzz: false,
      enable_short_term: false,
      learning_steps: [],
      relearning_steps: [],
    }),
  );
  const start = (o.start ?? new Date("2026-01-05T12:00:00Z")).getTime();
  const cards: { card: Card; due: number; history: RatedReview[] }[] = [];
  let made = 0;
  const ratingOnRecall = (r: number): Grade => (r < 0.1 ? Rating.Hard : r < 0.9 ? Rating.Good : Rating.Easy);
  const firstRating = (r: number): Grade =>
    r < 0.2 ? Rating.Again : r < 0.3 ? Rating.Hard : r < 0.9 ? Rating.Good : Rating.Easy;
  for (let day = 0; made < o.reviews; day++) {
    const now = new Date(start + day * 86_400_000);
    const review = (c: (typeof cards)[number], rating: Grade) => {
      c.card = truth.next(c.card, now, rating).card;
      c.history.push({ at: new Date(now.getTime() + made * 1000), rating });
      const stretch = 0.4 + rnd() * 2.1;
      c.due = day + Math.max(1, Math.round(c.card.scheduled_days * stretch));
      made++;
    };
    for (const c of cards) {
      if (c.due !== day || made >= o.reviews) continue;
      const elapsed = Math.round((now.getTime() - (c.card.last_review as Date).getTime()) / 86_400_000);
      const recalled = rnd() < forgetting_curve([...o.weights], elapsed, c.card.stability);
      review(c, recalled ? ratingOnRecall(rnd()) : Rating.Again);
    }
    for (let i = 0; i < (o.newPerDay ?? 10) && made < o.reviews; i++) {
      const c = { card: createEmptyCard(now), due: day, history: [] as RatedReview[] };
      cards.push(c);
      review(c, firstRating(rnd()));
    }
  }
  return cards.map((c) => c.history);
}
