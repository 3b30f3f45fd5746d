// The learning memory (issue 10): FSRS per user and word. Every answer in every game and in the review is an
// event; what it proves (its outcome, how it was asked, the card's state and what happened just before) maps to
// an FSRS rating (decision 0067), and a word's card is the fold of its events in time order. The server stores
// the events and the folded card; replaying the events gives exactly the stored card, because both go through
// `applyEvent` below and nothing else.
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
import { type AnswerMode, dayKey, type Exercise, type Outcome, type RatingName, type WordState } from "./review.ts";

const GRADE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

// ---------- the scheduler ----------

/** Desired retention (the probability of recall when a card falls due) and FSRS-6's default weights. */
export const DESIRED_RETENTION = 0.9;
export const DEFAULT_WEIGHTS: readonly number[] = default_w;

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
  // What the answers proved, beside FSRS's memory model (decision 0067): a word is "known" only once recalled on
  // two different days of the learner, one of them by production.
  /** Days (in the learner's time zone) with a recall: right at the first try, not just after a miss. */
  recallDays: number;
  /** The latest of those days ("YYYY-MM-DD"). */
  lastRecallDay: string | null;
  /** Recalled by production (typed) at least once. */
  produced: boolean;
  /** The latest answer that was not a recall: a right answer soon after it is the short-term memory of the answer. */
  lastMissAt: Date | null;
}

export { State as CardPhase };

/**
 * A learner's fitted weights and the time from which they schedule the learner's cards (decision 0108): an event
 * folds with the weights in force at its own time, the default ones before the first adoption.
 */
export interface ModelPeriod {
  from: Date;
  weights: readonly number[];
}

/** The weights in force at `at` among a learner's adopted models (sorted by `from`); null: the default ones. */
export function weightsAt(models: readonly ModelPeriod[], at: Date): readonly number[] | null {
  let w: readonly number[] | null = null;
  for (const m of models) if (m.from.getTime() <= at.getTime()) w = m.weights;
  return w;
}

// No fuzz: the same events must always give the same card (replay equals stored state; tests use literal dates).
// Desired retention is a parameter of its own, never fitted.
const schedulers = new Map<string, FSRS>();
function schedulerOf(weights: readonly number[] | null): FSRS {
  const w = weights ?? DEFAULT_WEIGHTS;
  const key = w.join(",");
  let s = schedulers.get(key);
  if (!s) {
    s = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, w: [...w], enable_fuzz: false }));
    if (schedulers.size >= 1_000) schedulers.clear(); // one per learner with a fitted model: bounded
    schedulers.set(key, s);
  }
  return s;
}

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

type Fsrs = Omit<CardState, "recallDays" | "lastRecallDay" | "produced" | "lastMissAt">;

function fromCard(c: Card): Fsrs {
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

const NO_PROOF = { recallDays: 0, lastRecallDay: null, produced: false, lastMissAt: null } as const;

/** A card never reviewed, due at `at`. */
export function newCard(at: Date): CardState {
  return { ...fromCard(createEmptyCard(at)), ...NO_PROOF };
}

/** One answer as the memory sees it. */
export interface Answer {
  at: Date;
  outcome: Outcome;
  mode: AnswerMode;
}

/** A right answer within this time after a miss on the same word recalls what was just shown, not the memory. */
export const SESSION_WINDOW_MS = 30 * 60_000;

const soonAfterMiss = (card: CardState, at: Date) =>
  card.lastMissAt !== null && at.getTime() - card.lastMissAt.getTime() < SESSION_WINDOW_MS;

/**
 * The FSRS rating an answer earns (decision 0067), after the FSRS authors' guidance (Again: forgotten; Hard:
 * recalled with serious difficulty; Good: recalled; Easy: recalled with no effort):
 * - wrong -> Again;
 * - right after a mistake -> Again for a choice (the second pick among three left proves no recall), Hard typed;
 * - right soon after a miss on the same word (SESSION_WINDOW_MS) -> Hard: the answer was just shown;
 * - right at the first try -> Good; Easy only when typed fast on a card already in review. A choice is never Easy,
 *   however fast: a lucky tap is right one time in four.
 */
export function gradeOf(card: CardState, answer: Answer): RatingName {
  if (answer.outcome === "wrong") return "again";
  if (answer.outcome === "right_after_mistake") return answer.mode === "typing" ? "hard" : "again";
  if (soonAfterMiss(card, answer.at)) return "hard";
  if (answer.mode === "typing" && answer.outcome === "right_fast" && card.state === State.Review) return "easy";
  return "good";
}

/** The FSRS rating (1 Again .. 4 Easy) an answer earns on a card: gradeOf's, as a number. */
export const ratingOf = (card: CardState, answer: Answer): Grade => GRADE[gradeOf(card, answer)];

const proofOf = (c: CardState) => ({
  recallDays: c.recallDays,
  lastRecallDay: c.lastRecallDay,
  produced: c.produced,
  lastMissAt: c.lastMissAt,
});

/**
 * The card after one answer; `timeZone` is the learner's (what a "day" is for the proof of recall); `weights` the
 * learner's in force at the answer's time (weightsAt), the default ones when null.
 */
export function applyEvent(
  card: CardState,
  answer: Answer,
  timeZone: string,
  weights: readonly number[] | null = null,
): CardState {
  const grade = ratingOf(card, answer);
  const next = fromCard(schedulerOf(weights).next(toCard(card), answer.at, grade).card);
  const recalled = (answer.outcome === "right" || answer.outcome === "right_fast") && !soonAfterMiss(card, answer.at);
  if (!recalled) return { ...next, ...proofOf(card), lastMissAt: answer.at };
  const day = dayKey(answer.at, timeZone);
  return {
    ...next,
    recallDays: card.recallDays + (day === card.lastRecallDay ? 0 : 1),
    lastRecallDay: day,
    produced: card.produced || answer.mode === "typing",
    lastMissAt: card.lastMissAt,
  };
}

// ---------- events in time order ----------

export interface ReviewEventLike extends Answer {
  /** The client's own id for this answer: the tie-break between two events at the same millisecond. */
  id: string;
}

/** Time order, then the client's id (so that replaying is deterministic). */
export function compareEvents(a: { at: Date; id: string }, b: { at: Date; id: string }): number {
  const d = a.at.getTime() - b.at.getTime();
  if (d !== 0) return d;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A word's card from all its events, in any order: sorted by time, folded from a new card, each event with the
 * weights in force at its time among the learner's `models`. Null for none.
 */
export function replay(
  events: readonly ReviewEventLike[],
  timeZone: string,
  models: readonly ModelPeriod[] = [],
): CardState | null {
  if (events.length === 0) return null;
  const sorted = [...events].sort(compareEvents);
  let card = newCard((sorted[0] as ReviewEventLike).at);
  for (const e of sorted) card = applyEvent(card, e, timeZone, weightsAt(models, e.at));
  return card;
}

// ---------- how well a word is known ----------

/** A card whose interval reached this many days is "mature" (Anki's convention). */
export const MATURE_DAYS = 21;
/** From this stability (days) a word is well known: harder exercises, nikkud hidden until tapped. */
export const STRONG_STABILITY_DAYS = 7;
export const FIRM_STABILITY_DAYS = 3;

/** Recalled on this many different days, one of them by production, before a word counts as known. */
export const KNOWN_RECALL_DAYS = 2;

type Proven = Pick<CardState, "state" | "scheduledDays" | "recallDays" | "produced">;

/**
 * new: never answered; learning: in its first or relearning steps, or in review without the proof yet; known: in
 * review, recalled on two different days and once by production (decision 0067); mature: known with an interval
 * of 21 days or more.
 */
export function wordState(card: Proven | null): WordState {
  if (!card || card.state === State.New) return "new";
  if (card.state !== State.Review || card.recallDays < KNOWN_RECALL_DAYS || !card.produced) return "learning";
  return card.scheduledDays >= MATURE_DAYS ? "mature" : "known";
}

const lastWasMiss = (c: CardState) =>
  c.lastMissAt !== null && c.lastReview !== null && c.lastMissAt.getTime() === c.lastReview.getTime();

/**
 * From recognising to producing: a word met for the first time, or just missed, is recognised (Hebrew ->
 * meaning); recalled once, it is picked from its meaning (reverse); recalled twice (or in review), it is typed
 * until it has been produced, the proof "known" needs. Afterwards a review card is picked from its meaning while
 * its memory is weak, from its sound (listening) while it is young, and typed once stable.
 */
function plainExercise(card: CardState | null): Exercise {
  if (!card || card.state === State.New || lastWasMiss(card)) return "meaning";
  if (!card.produced) return card.state === State.Review || card.reps >= 2 ? "typing" : "reverse";
  if (card.state !== State.Review || card.stability < FIRM_STABILITY_DAYS) return "reverse";
  if (card.stability < STRONG_STABILITY_DAYS) return "listening";
  return "typing";
}

/** What a word offers beyond its plain exercises (issue 28): a sentence with a gap, a verb table, a picture. */
export interface WordFacets {
  cloze: boolean;
  form: boolean;
  picture: boolean;
}
const PLAIN: WordFacets = { cloze: false, form: false, picture: false };
/** A word's first answers ask the word by itself (meaning, then reverse): it is met alone before in context. */
const FIRST_STEPS = 2;

/**
 * The exercise of a card (decision 0101). Its first steps (its first two answers), and the answer after a miss, ask
 * the word itself (plainExercise). Past them, the card's reviews take turns (by its count of reviews, so a session is stable and
 * each kind comes round) between the plain exercise and what the word offers:
 * - a learning card: the picture (Hebrew -> picture) and the cloze chosen among four, in place of a choice;
 * - a known card: the cloze typed, and a verb's other forms: typed in place of typing, chosen in place of a choice.
 * A choice never stands in for typing (typing is the proof "known" needs); typing may stand in for a choice.
 */
export function exerciseFor(card: CardState | null, facets: WordFacets = PLAIN): Exercise {
  const plain = plainExercise(card);
  if (!card || plain === "meaning" || card.reps < FIRST_STEPS) return plain;
  const typed = plain === "typing";
  const known = wordState(card) !== "learning";
  const turns: Exercise[] = [plain];
  if (facets.picture && !typed) turns.push("picture");
  if (facets.cloze) {
    if (known) turns.push("cloze_typing");
    else if (!typed) turns.push("cloze");
  }
  if (facets.form && known) turns.push(typed ? "form_typing" : "form");
  return turns[card.reps % turns.length] ?? plain;
}

/** Nikkud is shown on new and weak cards; on well-known ones it is hidden until tapped. */
export function nikkudHidden(card: CardState | null): boolean {
  return !!card && card.state === State.Review && card.produced && card.stability >= FIRM_STABILITY_DAYS;
}
