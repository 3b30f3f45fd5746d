// Simulated learners over days (issue 24): what the memory's grades make of a learner who guesses, one who always
// knows, one who forgets. Used by the unit tests (srs.test.ts) and by bench/learning-week.ts, which prints the week
// beside the former map. The day's routine follows the app: one game of five choice questions on the active
// module's words, then the review session (due cards first, then new words up to the daily limit, each with the
// exercise the server would pick).
import {
  type AnswerMode,
  DAILY_NEW_DEFAULT,
  type Exercise,
  isTypedExercise,
  type Outcome,
  SESSION_SIZE,
  type WordState,
} from "./review.ts";
import { createRng } from "./rng.ts";
import { type CardState, newCard } from "./srs.ts";

/** How a simulated learner answers one question: the word, the exercise, the card before, and a random draw. */
export type Policy = (
  q: { wordId: number; exercise: Exercise; card: CardState | null; day: number },
  r: number,
) => Outcome;

/** A fold: the card after one answer (the app's is applyEvent; the bench passes the former map too). */
export interface Memory {
  apply(card: CardState, answer: { at: Date; outcome: Outcome; mode: AnswerMode }, timeZone: string): CardState;
  state(card: CardState | null): WordState;
  exercise(card: CardState | null): Exercise;
}

interface SimOptions {
  days: number;
  words: number;
  policy: Policy;
  memory: Memory;
  seed?: number;
  /** Questions in the day's game (0: none). */
  gameQuestions?: number;
  start?: Date;
}

interface SimDay {
  day: number;
  known: number;
  answers: number;
  exercises: Partial<Record<Exercise, number>>;
}

const modeOf = (exercise: Exercise): AnswerMode => (isTypedExercise(exercise) ? "typing" : "choice");

/** Runs the routine for `days` days from `start` (09:00 UTC each day) and answers the state of the words each evening. */
export function simulate(o: SimOptions): SimDay[] {
  const rnd = createRng(o.seed ?? 1);
  const cards = new Map<number, CardState>();
  const start = o.start ?? new Date("2026-03-02T09:00:00Z");
  const out: SimDay[] = [];
  let nextNew = 1;
  for (let day = 0; day < o.days; day++) {
    let clock = start.getTime() + day * 86_400_000;
    const exercises: Partial<Record<Exercise, number>> = {};
    let answers = 0;
    const ask = (wordId: number, exercise: Exercise) => {
      const card = cards.get(wordId) ?? null;
      const outcome = o.policy({ wordId, exercise, card, day }, rnd());
      const at = new Date(clock);
      const next = o.memory.apply(card ?? newCard(at), { at, outcome, mode: modeOf(exercise) }, "UTC");
      cards.set(wordId, next);
      exercises[exercise] = (exercises[exercise] ?? 0) + 1;
      answers++;
      clock += 20_000;
    };
    // The game: five questions on the module's words in order, the first unseen ones first (a choice each).
    const game = o.gameQuestions ?? 5;
    for (let i = 0; i < game; i++) {
      const id = nextNew <= o.words ? nextNew++ : 1 + Math.floor(rnd() * o.words);
      ask(id, "meaning");
    }
    clock += 15 * 60_000;
    // The review: due cards (most overdue first), then new words up to the daily limit.
    const now = clock;
    const due = [...cards.entries()]
      .filter(([, c]) => c.due.getTime() <= now)
      .sort((a, b) => a[1].due.getTime() - b[1].due.getTime())
      .slice(0, SESSION_SIZE)
      .map(([id]) => id);
    const fresh: number[] = [];
    while (due.length + fresh.length < SESSION_SIZE && fresh.length < DAILY_NEW_DEFAULT && nextNew <= o.words)
      fresh.push(nextNew++);
    for (const id of [...due, ...fresh]) ask(id, o.memory.exercise(cards.get(id) ?? null));
    let known = 0;
    for (const c of cards.values()) {
      const s = o.memory.state(c);
      if (s === "known" || s === "mature") known++;
    }
    out.push({ day, known, answers, exercises });
  }
  return out;
}

/** Guesses among four options (right one time in four, fast), and cannot type the word. */
export const guesser: Policy = (q, r) => (isTypedExercise(q.exercise) ? "wrong" : r < 0.25 ? "right_fast" : "wrong");
/** Always right at the first try, fast. */
export const perfect: Policy = () => "right_fast";
/** Picks the right option 8 times in 10, fast; types the word right 6 times in 10. */
export const typical: Policy = (q, r) =>
  isTypedExercise(q.exercise) ? (r < 0.6 ? "right" : "wrong") : r < 0.8 ? "right_fast" : "wrong";
