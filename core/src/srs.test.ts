import { describe, expect, it } from "vitest";
import { guesser, perfect, simulate } from "./learner-sim.ts";
import {
  answerModeOf,
  canonicalTimeZone,
  dayKey,
  isTimeZone,
  type Outcome,
  outcomeOf,
  sessionPlan,
  streak,
} from "./review.ts";
import {
  type Answer,
  applyEvent,
  CardPhase,
  type CardState,
  exerciseFor,
  gradeOf,
  MATURE_DAYS,
  newCard,
  nikkudHidden,
  replay,
  SESSION_WINDOW_MS,
  wordState,
} from "./srs.ts";

const app = { apply: applyEvent, state: wordState, exercise: exerciseFor };
const choice = (at: string, outcome: Outcome): Answer => ({ at: new Date(at), outcome, mode: "choice" });
const typed = (at: string, outcome: Outcome): Answer => ({ at: new Date(at), outcome, mode: "typing" });
const fold = (answers: Answer[]) => answers.reduce((c, a) => applyEvent(c, a, "UTC"), newCard(answers[0]?.at as Date));

describe("answers -> grades (decision 0067)", () => {
  it("classifies an answer: mistakes, then speed (3 s to recognise, 8 s to type)", () => {
    expect(outcomeOf({ correct: false, mistakes: 0, elapsedMs: 500 })).toBe("wrong");
    expect(outcomeOf({ correct: true, mistakes: 2, elapsedMs: 500 })).toBe("wrong");
    expect(outcomeOf({ correct: true, mistakes: 1, elapsedMs: 500 })).toBe("right_after_mistake");
    expect(outcomeOf({ correct: true, mistakes: 0, elapsedMs: 3000 })).toBe("right_fast");
    expect(outcomeOf({ correct: true, mistakes: 0, elapsedMs: 3001 })).toBe("right");
    expect(outcomeOf({ correct: true, mistakes: 0, elapsedMs: null })).toBe("right");
    expect(outcomeOf({ correct: true, mistakes: 0, elapsedMs: 7000, kind: "produce" })).toBe("right_fast");
    expect(outcomeOf({ correct: true, mistakes: 0, elapsedMs: 9000, kind: "produce" })).toBe("right");
  });
  it("reads the mode from the source: only the review's typing is production", () => {
    expect(answerModeOf("review", "typing")).toBe("typing");
    expect(answerModeOf("review", "listening")).toBe("choice");
    expect(answerModeOf("review", null)).toBe("choice");
    expect(answerModeOf("translation_match", "typing")).toBe("choice");
  });
  it("never rates a choice Easy; a fast first right choice on a new card is Good", () => {
    const card = newCard(new Date("2026-01-05T09:00:00Z"));
    expect(gradeOf(card, choice("2026-01-05T09:00:00Z", "right_fast"))).toBe("good");
    expect(gradeOf(card, choice("2026-01-05T09:00:00Z", "right"))).toBe("good");
    expect(gradeOf(card, choice("2026-01-05T09:00:00Z", "right_after_mistake"))).toBe("again");
    expect(gradeOf(card, choice("2026-01-05T09:00:00Z", "wrong"))).toBe("again");
    expect(gradeOf(card, typed("2026-01-05T09:00:00Z", "right_after_mistake"))).toBe("hard");
    // Typed fast on a new card: Good; on a card in review: Easy.
    expect(gradeOf(card, typed("2026-01-05T09:00:00Z", "right_fast"))).toBe("good");
    const review = { ...card, state: 2 } as CardState;
    expect(gradeOf(review, typed("2026-01-05T09:00:00Z", "right_fast"))).toBe("easy");
    expect(gradeOf(review, choice("2026-01-05T09:00:00Z", "right_fast"))).toBe("good");
  });
  it("rates a right answer soon after a miss on the word Hard, and it proves no recall", () => {
    const missed = fold([choice("2026-01-05T09:00:00Z", "wrong")]);
    expect(gradeOf(missed, choice("2026-01-05T09:05:00Z", "right_fast"))).toBe("hard");
    expect(gradeOf(missed, choice("2026-01-05T09:31:00Z", "right_fast"))).toBe("good");
    const after = applyEvent(missed, choice("2026-01-05T09:05:00Z", "right"), "UTC");
    expect(after.recallDays).toBe(0);
  });
  it("a word is known only once recalled on two days, one by production", () => {
    // Two right choices on two days bring the card to review, but it is not known without production.
    const chosen = fold([
      choice("2026-01-05T09:00:00Z", "right_fast"),
      choice("2026-01-05T09:10:00Z", "right_fast"),
      choice("2026-01-07T09:00:00Z", "right_fast"),
    ]);
    expect(chosen.state).toBe(2);
    expect(chosen.recallDays).toBe(2);
    expect(wordState(chosen)).toBe("learning");
    expect(exerciseFor(chosen)).toBe("typing");
    // Typed right on the same day as the first recall: production, but still one day.
    const sameDay = fold([choice("2026-01-05T09:00:00Z", "right"), typed("2026-01-05T09:10:00Z", "right")]);
    expect(sameDay.produced).toBe(true);
    expect(wordState(sameDay)).toBe("learning");
    const known = applyEvent(chosen, typed("2026-01-09T09:00:00Z", "right"), "UTC");
    expect(wordState(known)).toBe("known");
  });
  it("counts days in the learner's time zone", () => {
    // 23:00 and 01:00 UTC are two days in UTC and one in New York.
    const answers = [choice("2026-01-05T23:00:00Z", "right"), typed("2026-01-06T01:00:00Z", "right")];
    const inUtc = answers.reduce((c, a) => applyEvent(c, a, "UTC"), newCard(answers[0]?.at as Date));
    const inNy = answers.reduce((c, a) => applyEvent(c, a, "America/New_York"), newCard(answers[0]?.at as Date));
    expect([inUtc.recallDays, inNy.recallDays]).toEqual([2, 1]);
  });
});

// A fixed sequence through learning, review, a lapse and relearning, with the dates FSRS-6's default weights give
// at retention 0.9 without fuzz.
const SEQUENCE: [Answer, string, number, string][] = [
  // answer, expected due, expected state, expected word state
  [choice("2026-01-05T09:00:00Z", "right"), "2026-01-05T09:10:00.000Z", 1, "learning"],
  [choice("2026-01-05T09:10:00Z", "right"), "2026-01-07T09:10:00.000Z", 2, "learning"],
  [typed("2026-01-07T09:00:00Z", "right_fast"), "2026-01-26T09:00:00.000Z", 2, "known"],
  [typed("2026-01-20T09:00:00Z", "wrong"), "2026-01-20T09:10:00.000Z", 3, "learning"],
  [choice("2026-01-20T09:10:00Z", "right_after_mistake"), "2026-01-20T09:20:00.000Z", 3, "learning"],
  [choice("2026-01-21T09:00:00Z", "right"), "2026-01-23T09:00:00.000Z", 2, "known"],
];

describe("scheduler", () => {
  it("gives the literal due dates of a fixed sequence", () => {
    let card: CardState = newCard(SEQUENCE[0]?.[0].at as Date);
    expect(wordState(card)).toBe("new");
    for (const [answer, due, state, ws] of SEQUENCE) {
      card = applyEvent(card, answer, "UTC");
      expect([answer.at.toISOString(), card.due.toISOString(), card.state, wordState(card)]).toEqual([
        answer.at.toISOString(),
        due,
        state,
        ws,
      ]);
    }
    expect(card.reps).toBe(6);
    expect(card.lapses).toBe(1);
  });
  it("replays events given in any order to the same card as applying them in time order", () => {
    const events = SEQUENCE.map(([a], i) => ({ ...a, id: `e${i}` }));
    let card = newCard(events[0]?.at as Date);
    for (const e of events) card = applyEvent(card, e, "UTC");
    expect(replay([...events].reverse(), "UTC")).toEqual(card);
    expect(replay([events[2], events[0], events[5], events[1], events[4], events[3]] as typeof events, "UTC")).toEqual(
      card,
    );
    expect(replay([], "UTC")).toBeNull();
  });
  it("breaks a tie at the same millisecond by event id", () => {
    const at = new Date("2026-02-01T10:00:00Z");
    const a = replay(
      [
        { id: "b", at, outcome: "wrong", mode: "choice" },
        { id: "a", at, outcome: "right", mode: "choice" },
      ],
      "UTC",
    );
    const b = replay(
      [
        { id: "a", at, outcome: "right", mode: "choice" },
        { id: "b", at, outcome: "wrong", mode: "choice" },
      ],
      "UTC",
    );
    expect(a).toEqual(b);
  });
  it("brings a forgotten word back sooner than a recalled one", () => {
    const start = [choice("2026-01-05T09:00:00Z", "right"), choice("2026-01-06T09:00:00Z", "right")];
    const recalled = fold([...start, typed("2026-01-08T09:00:00Z", "right")]);
    const forgotten = fold([...start, typed("2026-01-08T09:00:00Z", "wrong")]);
    expect(forgotten.due.getTime()).toBeLessThan(recalled.due.getTime());
    expect(forgotten.due.getTime() - Date.parse("2026-01-08T09:00:00Z")).toBeLessThanOrEqual(60 * 60_000);
  });
});

describe("exercise and nikkud by card state", () => {
  it("goes from recognising through reverse to typing, and back after a lapse", () => {
    let card = newCard(SEQUENCE[0]?.[0].at as Date);
    expect(exerciseFor(null)).toBe("meaning");
    expect(exerciseFor(card)).toBe("meaning");
    const seen: string[] = [];
    const hidden: boolean[] = [];
    for (const [answer] of SEQUENCE) {
      card = applyEvent(card, answer, "UTC");
      seen.push(exerciseFor(card));
      hidden.push(nikkudHidden(card));
    }
    expect(seen).toEqual(["reverse", "typing", "typing", "meaning", "meaning", "reverse"]);
    expect(hidden).toEqual([false, false, true, false, false, false]);
  });
});

describe("simulated learners over a week (issue 24)", () => {
  it("a learner who guesses among four options gets no word known", () => {
    for (const seed of [1, 2, 3]) {
      const week = simulate({ days: 8, words: 31, policy: guesser, memory: app, seed });
      expect(week.map((d) => d.known)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    }
  });
  it("a learner who always answers right reaches known only from the second day, and meets every exercise", () => {
    const week = simulate({ days: 8, words: 31, policy: perfect, memory: app });
    expect(week[0]?.known).toBe(0);
    expect(week[7]?.known).toBeGreaterThan(0);
    const exercises = new Set(week.flatMap((d) => Object.keys(d.exercises)));
    expect([...exercises].sort()).toEqual(["meaning", "reverse", "typing"]);
  });
});

describe("days and streaks", () => {
  it("reads the calendar day in the learner's time zone", () => {
    const at = new Date("2026-03-01T23:30:00Z");
    expect(dayKey(at, "UTC")).toBe("2026-03-01");
    expect(dayKey(at, "Asia/Jerusalem")).toBe("2026-03-02");
    expect(dayKey(at, "America/New_York")).toBe("2026-03-01");
  });

  it("takes IANA names as Intl spells them, and refuses offsets", () => {
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("US/Pacific-New")).toBe("America/Los_Angeles");
    expect(canonicalTimeZone("Etc/GMT-5")).toBe("Etc/GMT-5");
    for (const offset of ["+05:30", "-08:00", "+0530", "+05"]) expect(canonicalTimeZone(offset)).toBeNull();
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(isTimeZone("Asia/Jerusalem")).toBe(true);
  });
  it("counts days in a row with the goal met; an unfinished today does not break it", () => {
    const counts = new Map([
      ["2026-03-01", 25],
      ["2026-03-02", 20],
      ["2026-03-03", 19],
      ["2026-03-04", 30],
      ["2026-03-05", 22],
    ]);
    expect(streak(counts, "2026-03-05", 20)).toBe(2);
    expect(streak(counts, "2026-03-06", 20)).toBe(2);
    expect(streak(counts, "2026-03-07", 20)).toBe(0);
    expect(streak(counts, "2026-03-02", 20)).toBe(2);
    expect(streak(counts, "2026-03-05", 10)).toBe(5);
  });
});

describe("a session that can meet the goal", () => {
  it("offers the due cards, then new words within the limit, then more new words until the goal", () => {
    expect(sessionPlan({ due: 5, newAvailable: 10, goalLeft: 20 })).toEqual({ due: 5, fresh: 10, extra: 5 });
    expect(sessionPlan({ due: 0, newAvailable: 10, goalLeft: 20 })).toEqual({ due: 0, fresh: 10, extra: 10 });
    expect(sessionPlan({ due: 30, newAvailable: 10, goalLeft: 20 })).toEqual({ due: 20, fresh: 0, extra: 0 });
    expect(sessionPlan({ due: 30, newAvailable: 10, goalLeft: 40 })).toEqual({ due: 30, fresh: 10, extra: 0 });
    // The goal met: the usual session, nothing extra.
    expect(sessionPlan({ due: 3, newAvailable: 10, goalLeft: 0 })).toEqual({ due: 3, fresh: 10, extra: 0 });
    expect(sessionPlan({ due: 3, newAvailable: 0, goalLeft: -4 })).toEqual({ due: 3, fresh: 0, extra: 0 });
    // At most SESSION_MAX cards, whatever the goal.
    expect(sessionPlan({ due: 0, newAvailable: 10, goalLeft: 500 })).toEqual({ due: 0, fresh: 10, extra: 40 });
  });
});

describe("the scheduler's boundaries", () => {
  const at = new Date("2026-03-01T12:00:00Z");
  /** A card in review, produced and recalled on two days, with this stability (days). */
  const reviewCard = (over: Partial<CardState>): CardState => ({
    ...newCard(at),
    state: CardPhase.Review,
    reps: 5,
    recallDays: 2,
    produced: true,
    stability: 10,
    scheduledDays: 10,
    lastReview: at,
    ...over,
  });

  it("a right answer is soon after a miss until SESSION_WINDOW_MS has passed, not at it", () => {
    const missed = reviewCard({ lastMissAt: at });
    const right = (ms: number): Answer => ({ at: new Date(at.getTime() + ms), outcome: "right", mode: "choice" });
    expect(gradeOf(missed, right(SESSION_WINDOW_MS - 1))).toBe("hard");
    expect(gradeOf(missed, right(SESSION_WINDOW_MS))).toBe("good");
  });

  it("a fast typed answer is Easy only on a card in review", () => {
    const fast: Answer = { at, outcome: "right_fast", mode: "typing" };
    expect(gradeOf(reviewCard({}), fast)).toBe("easy");
    expect(gradeOf(reviewCard({ state: CardPhase.Learning }), fast)).toBe("good");
    expect(gradeOf(reviewCard({ state: CardPhase.Relearning }), fast)).toBe("good");
    expect(gradeOf(newCard(at), fast)).toBe("good");
  });

  it("a known word is mature from an interval of exactly MATURE_DAYS", () => {
    expect(wordState(reviewCard({ scheduledDays: MATURE_DAYS }))).toBe("mature");
    expect(wordState(reviewCard({ scheduledDays: MATURE_DAYS - 1 }))).toBe("known");
  });

  it("picks the exercise at the stability bounds: reverse below 3 days, listening below 7, then typing", () => {
    expect(exerciseFor(reviewCard({ stability: 2.99 }))).toBe("reverse");
    expect(exerciseFor(reviewCard({ stability: 3 }))).toBe("listening");
    expect(exerciseFor(reviewCard({ stability: 6.99 }))).toBe("listening");
    expect(exerciseFor(reviewCard({ stability: 7 }))).toBe("typing");
  });

  it("takes turns with the cloze, the verb forms and the picture past the first steps (issue 28)", () => {
    const all = { cloze: true, form: true, picture: true };
    // First steps and the answer after a miss ask the word itself, whatever it offers.
    expect(exerciseFor(null, all)).toBe("meaning");
    expect(exerciseFor(newCard(at), all)).toBe("meaning");
    expect(exerciseFor(reviewCard({ lastMissAt: at }), all)).toBe("meaning");
    // A learning card (reverse, a choice): the picture and the cloze chosen, never a verb form, in turn by reps.
    const learning = (reps: number) =>
      reviewCard({ state: CardPhase.Learning, produced: true, recallDays: 1, stability: 1, reps });
    expect([3, 4, 5].map((reps) => exerciseFor(learning(reps), all))).toEqual(["reverse", "picture", "cloze"]);
    // A learning card due for typing: no choice stands in for it.
    const unproduced = (reps: number) => reviewCard({ state: CardPhase.Learning, produced: false, reps });
    expect([2, 3, 4].map((reps) => exerciseFor(unproduced(reps), all))).toEqual(["typing", "typing", "typing"]);
    // A known card: the cloze typed and the verb's forms (typed in place of typing, chosen in place of a choice).
    const strong = (reps: number) => reviewCard({ stability: 10, reps });
    expect([6, 7, 8].map((reps) => exerciseFor(strong(reps), all))).toEqual(["typing", "cloze_typing", "form_typing"]);
    const young = (reps: number) => reviewCard({ stability: 4, reps });
    expect([8, 9, 10, 11].map((reps) => exerciseFor(young(reps), all))).toEqual([
      "listening",
      "picture",
      "cloze_typing",
      "form",
    ]);
    // A word that offers nothing more keeps its plain exercise.
    expect(exerciseFor(strong(7))).toBe("typing");
    expect(exerciseFor(young(9), { cloze: false, form: false, picture: false })).toBe("listening");
  });

  it("asks for typing from the second rep of a word not yet produced", () => {
    const learning = (reps: number) => reviewCard({ state: CardPhase.Learning, produced: false, reps });
    expect(exerciseFor(learning(1))).toBe("reverse");
    expect(exerciseFor(learning(2))).toBe("typing");
  });

  it("hides the nikkud from a stability of exactly 3 days on a produced review card", () => {
    expect(nikkudHidden(reviewCard({ stability: 3 }))).toBe(true);
    expect(nikkudHidden(reviewCard({ stability: 2.99 }))).toBe(false);
    expect(nikkudHidden(reviewCard({ stability: 30, produced: false }))).toBe(false);
    expect(nikkudHidden(reviewCard({ stability: 30, state: CardPhase.Relearning }))).toBe(false);
    expect(nikkudHidden(null)).toBe(false);
  });
});
