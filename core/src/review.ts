// The learning memory's pure rules that need no scheduler (issue 10): outcomes and their ratings, what "fast"
// means, word states and exercises, typed-answer comparison, days in the learner's time zone. Kept apart from
// srs.ts so that the web app uses them without loading ts-fsrs.

// ---------- outcomes and ratings ----------

/** What happened when the learner met a word, as the client reports it. */
export const OUTCOMES = ["wrong", "right_after_mistake", "right", "right_fast"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** FSRS's four grades, by name. */
export type RatingName = "again" | "hard" | "good" | "easy";

/**
 * How an answer was given, which bounds what it proves (decision 0067): picked among a few options ("choice": a
 * guess is right one time in four) or produced from memory ("typing"). Every game answer is a choice; in the
 * review, the typing exercise is production and the others are choices.
 */
const ANSWER_MODES = ["choice", "typing"] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

/** The mode of a stored event, from its source and the review exercise it answered (null for a game's). */
export function answerModeOf(game: string, exercise: string | null | undefined): AnswerMode {
  return game === "review" && isTypedExercise(exercise) ? "typing" : "choice";
}

/**
 * "Fast" means: right at the first try, within this many milliseconds of the question being shown. Recognising
 * (picking one of a few options, or finding a word) is quicker than producing it, so typing has a longer bound.
 */
const FAST_MS = { recognise: 3_000, produce: 8_000 } as const;
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

// ---------- word states and exercises ----------

export const WORD_STATES = ["new", "learning", "known", "mature"] as const;
export type WordState = (typeof WORD_STATES)[number];

/**
 * The review's exercises. The first four ask the word itself; issue 28 adds the word in its sentence (cloze: the
 * form in the gap, chosen or typed), a verb's other forms (chosen or typed) and the picture of a concrete word
 * (Hebrew -> picture, chosen). The `_typing` ones and `typing` are production; the others are choices.
 */
export const EXERCISES = [
  "meaning",
  "reverse",
  "listening",
  "typing",
  "cloze",
  "cloze_typing",
  "form",
  "form_typing",
  "picture",
] as const;
export type Exercise = (typeof EXERCISES)[number];

/** True for the exercises answered by typing (production), false for the choices. */
export const isTypedExercise = (exercise: string | null | undefined): boolean =>
  exercise === "typing" || exercise === "cloze_typing" || exercise === "form_typing";

// ---------- typed answers ----------

// Rules of typed Hebrew answers live in typing.ts (issue 24); re-exported here for the existing imports.
export {
  checkTyped,
  judgeTyped,
  lookalikeKey,
  type TypedJudgement,
  type TypedLookalike,
  type TypedVerdict,
} from "./typing.ts";

// ---------- days in the learner's time zone ----------

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The IANA time zone `tz` names, spelled as Intl resolves it (case and old names: "europe/paris" ->
 * "Europe/Paris", "US/Pacific-New" -> "America/Los_Angeles"), or null: an unknown name, or an offset ("+05:30").
 * Offsets are refused (decision 0077): Intl reads "+05:30" as 5 h 30 east of UTC, PostgreSQL's `at time zone` as
 * a POSIX offset, 5 h 30 west, so the learner's day would differ by 11 hours between the two. "Etc/GMT-5" is an
 * IANA name both read the same way.
 */
export function canonicalTimeZone(tz: string): string | null {
  if (!/^[A-Za-z]/.test(tz)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-CA", { timeZone: tz }).resolvedOptions().timeZone;
    return /^[A-Za-z]/.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/** True for an IANA time zone name this runtime knows (not an offset). */
export const isTimeZone = (tz: string): boolean => canonicalTimeZone(tz) !== null;

/** The calendar day ("YYYY-MM-DD") of `at` in `timeZone`. */
export function dayKey(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, f);
  }
  return f.format(at);
}

const labelFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A "YYYY-MM-DD" day as a short date in the interface language ("Mar 3", "3 mars", "٣ مارس"). Made by the server for
 * /progress's charts: a phone's first Intl date format of a page costs it 100 ms of main thread (decision 0115).
 */
export function dayLabel(day: string, language: string): string {
  let f = labelFormats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
    labelFormats.set(language, f);
  }
  return f.format(new Date(`${day}T00:00:00Z`));
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
/** Answers a day, from the review and from every game (each answer is one). */
export const DAILY_GOAL_DEFAULT = 20;
export const SESSION_SIZE = 20;
/** The most cards one review session offers, however much of the goal is left. */
export const SESSION_MAX = 50;

/**
 * What a review session offers (issue 24): the due cards, then new words within the daily limit, up to
 * SESSION_SIZE cards, or more when what is left of today's goal asks for more (at most SESSION_MAX). When those run
 * out before the goal, `extra` more new words (the active module's first) let the session meet it: the goal
 * outranks the new-word limit, since a goal the review cannot meet is a promise the app breaks.
 */
export function sessionPlan(o: { due: number; newAvailable: number; goalLeft: number }): {
  due: number;
  fresh: number;
  extra: number;
} {
  const goalLeft = Math.min(SESSION_MAX, Math.max(0, o.goalLeft));
  const size = Math.max(SESSION_SIZE, goalLeft);
  const due = Math.min(o.due, size);
  const fresh = Math.min(o.newAvailable, size - due);
  return { due, fresh, extra: Math.max(0, goalLeft - due - fresh) };
}
