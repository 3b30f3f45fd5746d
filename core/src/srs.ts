// The learning memory (issue 10): FSRS per user and word. Every answer in every game and in the review is an
// event; its outcome maps to an FSRS rating, and a word's card is the fold of its events in time order. The
// server stores the events and the folded card; replaying the events gives exactly the stored card, because
// both go through `applyEvent` below and nothing else.
import {
  type Card,
  createEmptyCard,
  default_w,
  type FSRS,
  fsrs,
  type Grade,
  generatorParameters,
  Rating,
  State,
} from "ts-fsrs";
import { type Exercise, type Outcome, type RatingName, ratingOf, type WordState } from "./review.ts";

const GRADE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

// ---------- the scheduler ----------

/** Desired retention (the probability of recall when a card falls due) and FSRS-6's default weights. */
export const DESIRED_RETENTION = 0.9;
export const FSRS_WEIGHTS: readonly number[] = default_w;

/**
 * The card as stored: ts-fsrs's Card without its deprecated elapsed_days (ts-fsrs 5 derives the elapsed time
 * from last_review), with dates as Date.
 */
export interface CardState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs's State). */
  state: State;
  lastReview: Date | null;
}

export { State as CardPhase };

// No fuzz: the same events must always give the same card (replay equals stored state; tests use literal dates).
const scheduler: FSRS = fsrs(
  generatorParameters({ request_retention: DESIRED_RETENTION, w: FSRS_WEIGHTS, enable_fuzz: false }),
);

function toCard(s: CardState): Card {
  return {
    due: s.due,
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: 0,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state,
    ...(s.lastReview && { last_review: s.lastReview }),
  };
}

function fromCard(c: Card): CardState {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ?? null,
  };
}

/** A card never reviewed, due at `at`. */
export function newCard(at: Date): CardState {
  return fromCard(createEmptyCard(at));
}

/** The card after one answer with `outcome` at time `at`. */
export function applyEvent(card: CardState, at: Date, outcome: Outcome): CardState {
  return fromCard(scheduler.next(toCard(card), at, GRADE[ratingOf(outcome)]).card);
}

// ---------- events in time order ----------

export interface ReviewEventLike {
  /** The client's own event id: the tie-break between two events at the same millisecond. */
  id: string;
  at: Date;
  outcome: Outcome;
}

/** Time order, then the client's id (so that replaying is deterministic). */
export function compareEvents(a: { at: Date; id: string }, b: { at: Date; id: string }): number {
  const d = a.at.getTime() - b.at.getTime();
  if (d !== 0) return d;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A word's card from all its events, in any order: sorted by time, folded from a new card. Null for none. */
export function replay(events: readonly ReviewEventLike[]): CardState | null {
  if (events.length === 0) return null;
  const sorted = [...events].sort(compareEvents);
  let card = newCard((sorted[0] as ReviewEventLike).at);
  for (const e of sorted) card = applyEvent(card, e.at, e.outcome);
  return card;
}

// ---------- how well a word is known ----------

/** A card whose interval reached this many days is "mature" (Anki's convention). */
export const MATURE_DAYS = 21;
/** From this stability (days) a word is well known: harder exercises, nikkud hidden until tapped. */
export const STRONG_STABILITY_DAYS = 7;
export const FIRM_STABILITY_DAYS = 3;

/** new: never answered; learning: in its first or relearning steps; known: in review; mature: interval >= 21 d. */
export function wordState(card: CardState | null): WordState {
  if (!card || card.state === State.New) return "new";
  if (card.state === State.Learning || card.state === State.Relearning) return "learning";
  return card.scheduledDays >= MATURE_DAYS ? "mature" : "known";
}

/**
 * From recognising to producing as the memory firms up: a new or (re)learning word is recognised (Hebrew ->
 * meaning); a word in review is picked from its meaning (reverse), then from its sound (listening), and once
 * stable it is typed.
 */
export function exerciseFor(card: CardState | null): Exercise {
  if (!card || card.state !== State.Review) return "meaning";
  if (card.stability < FIRM_STABILITY_DAYS) return "reverse";
  if (card.stability < STRONG_STABILITY_DAYS) return "listening";
  return "typing";
}

/** Nikkud is shown on new and weak cards; on well-known ones it is hidden until tapped. */
export function nikkudHidden(card: CardState | null): boolean {
  return !!card && card.state === State.Review && card.stability >= FIRM_STABILITY_DAYS;
}
