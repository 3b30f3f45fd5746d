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
import { hebrewLetters, plainMatchesPointed } from "./hebrew.ts";

// ---------- outcomes and ratings ----------

/** What happened when the learner met a word, as the client reports it. */
export const OUTCOMES = ["wrong", "right_after_mistake", "right", "right_fast"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** FSRS's four grades, by name. */
export type RatingName = "again" | "hard" | "good" | "easy";

const RATING_OF: Record<Outcome, RatingName> = {
  wrong: "again",
  right_after_mistake: "hard",
  right: "good",
  right_fast: "easy",
};
const GRADE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** wrong -> Again, right after a mistake -> Hard, right first time -> Good, right and fast -> Easy. */
export function ratingOf(outcome: Outcome): RatingName {
  return RATING_OF[outcome];
}

/**
 * "Fast" means: right at the first try, within this many milliseconds of the question being shown. Recognising
 * (picking one of a few options, or finding a word) is quicker than producing it, so typing has a longer bound.
 */
export const FAST_MS = { recognise: 3_000, produce: 8_000 } as const;
export type AnswerKind = keyof typeof FAST_MS;

/**
 * The outcome of one question. `mistakes` counts wrong tries before the right one; `gaveUp` means the learner never
 * got it right (revealed, skipped, timed out). One mistake and then right is "right after a mistake"; more than
 * one is as good as wrong, since with four options the second mistake leaves little left to guess.
 */
export function outcomeOf(answer: {
  correct: boolean;
  mistakes: number;
  elapsedMs: number | null;
  kind?: AnswerKind;
}): Outcome {
  if (!answer.correct || answer.mistakes > 1) return "wrong";
  if (answer.mistakes === 1) return "right_after_mistake";
  const fast = FAST_MS[answer.kind ?? "recognise"];
  return answer.elapsedMs !== null && answer.elapsedMs >= 0 && answer.elapsedMs <= fast ? "right_fast" : "right";
}

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

export const WORD_STATES = ["new", "learning", "known", "mature"] as const;
export type WordState = (typeof WORD_STATES)[number];

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

export const EXERCISES = ["meaning", "reverse", "listening", "typing"] as const;
export type Exercise = (typeof EXERCISES)[number];

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

// ---------- typed answers ----------

export type TypedVerdict = "exact" | "tolerated" | "wrong";

/**
 * A typed Hebrew answer against a word's plain (`he`) and pointed (`nikkud`) forms. Nikkud, punctuation, spaces
 * and final letters do not count. "exact" matches the plain spelling; "tolerated" differs only by the vavs and
 * yods of full vs defective spelling (ktiv male / haser), in either direction.
 */
export function checkTyped(input: string, word: { he: string; nikkud: string }): TypedVerdict {
  const typed = hebrewLetters(input);
  if (typed.length === 0) return "wrong";
  if (typed === hebrewLetters(word.he)) return "exact";
  if (
    plainMatchesPointed(input, word.nikkud) ||
    plainMatchesPointed(input, word.he) ||
    plainMatchesPointed(word.he, input)
  )
    return "tolerated";
  return "wrong";
}

// ---------- days in the learner's time zone ----------

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** True for an IANA time zone name this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day ("YYYY-MM-DD") of `at` in `timeZone`. */
export function dayKey(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** The day after / before a "YYYY-MM-DD" key (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Days in a row with the goal met, ending today; today not met yet does not break the streak (it counts from
 * yesterday), so a learner is not told "0" in the morning.
 */
export function streak(countsByDay: ReadonlyMap<string, number>, today: string, goal: number): number {
  let day = (countsByDay.get(today) ?? 0) >= goal ? today : addDays(today, -1);
  let n = 0;
  while ((countsByDay.get(day) ?? 0) >= goal) {
    n++;
    day = addDays(day, -1);
  }
  return n;
}

export const DAILY_NEW_DEFAULT = 10;
export const DAILY_GOAL_DEFAULT = 20;
export const SESSION_SIZE = 20;
