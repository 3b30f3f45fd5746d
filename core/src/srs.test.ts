import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  checkTyped,
  dayKey,
  isTimeZone,
  type Outcome,
  outcomeOf,
  ratingOf,
  streak,
} from "./review.ts";
import { applyEvent, type CardState, exerciseFor, newCard, nikkudHidden, replay, wordState } from "./srs.ts";

describe("outcome -> rating", () => {
  it("maps each outcome to its FSRS grade", () => {
    expect(ratingOf("wrong")).toBe("again");
    expect(ratingOf("right_after_mistake")).toBe("hard");
    expect(ratingOf("right")).toBe("good");
    expect(ratingOf("right_fast")).toBe("easy");
  });
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
});

// A fixed sequence through learning, review, a lapse and relearning, with the dates FSRS-6's default weights give
// at retention 0.9 without fuzz.
const SEQUENCE: [string, Outcome, string, number, string][] = [
  // at, outcome, expected due, expected state, expected word state
  ["2026-01-05T09:00:00Z", "right", "2026-01-05T09:10:00.000Z", 1, "learning"],
  ["2026-01-05T09:10:00Z", "right", "2026-01-07T09:10:00.000Z", 2, "known"],
  ["2026-01-07T09:00:00Z", "right_fast", "2026-01-26T09:00:00.000Z", 2, "known"],
  ["2026-01-20T09:00:00Z", "wrong", "2026-01-20T09:10:00.000Z", 3, "learning"],
  ["2026-01-20T09:10:00Z", "right_after_mistake", "2026-01-20T09:25:00.000Z", 3, "learning"],
  ["2026-01-21T09:00:00Z", "right", "2026-01-25T09:00:00.000Z", 2, "known"],
];

describe("scheduler", () => {
  it("gives the literal due dates of a fixed sequence", () => {
    let card: CardState = newCard(new Date(SEQUENCE[0]?.[0] as string));
    expect(wordState(card)).toBe("new");
    for (const [at, outcome, due, state, ws] of SEQUENCE) {
      card = applyEvent(card, new Date(at), outcome);
      expect([at, card.due.toISOString(), card.state, wordState(card)]).toEqual([at, due, state, ws]);
    }
    expect(card.reps).toBe(6);
    expect(card.lapses).toBe(1);
    expect(card.stability).toBeCloseTo(3.6806, 4);
  });
  it("reaches a mature interval after a few easy answers", () => {
    let card = newCard(new Date("2026-01-01T00:00:00Z"));
    let at = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 4; i++) {
      card = applyEvent(card, at, "right_fast");
      at = card.due;
    }
    expect(wordState(card)).toBe("mature");
    expect(card.scheduledDays).toBeGreaterThanOrEqual(21);
  });
  it("replays events given in any order to the same card as applying them in time order", () => {
    const events = SEQUENCE.map(([at, outcome], i) => ({ id: `e${i}`, at: new Date(at), outcome }));
    let card = newCard(new Date(SEQUENCE[0]?.[0] as string));
    for (const e of events) card = applyEvent(card, e.at, e.outcome);
    expect(replay([...events].reverse())).toEqual(card);
    expect(replay([events[2], events[0], events[5], events[1], events[4], events[3]] as typeof events)).toEqual(card);
    expect(replay([])).toBeNull();
  });
  it("breaks a tie at the same millisecond by event id", () => {
    const at = new Date("2026-02-01T10:00:00Z");
    const a = replay([
      { id: "b", at, outcome: "wrong" },
      { id: "a", at, outcome: "right" },
    ]);
    const b = replay([
      { id: "a", at, outcome: "right" },
      { id: "b", at, outcome: "wrong" },
    ]);
    expect(a).toEqual(b);
  });
});

describe("exercise and nikkud by card state", () => {
  it("goes from recognising to typing as stability grows", () => {
    let card = newCard(new Date("2026-01-05T09:00:00Z"));
    expect(exerciseFor(null)).toBe("meaning");
    expect(exerciseFor(card)).toBe("meaning");
    const seen: string[] = [];
    const hidden: boolean[] = [];
    for (const [at, outcome] of SEQUENCE) {
      card = applyEvent(card, new Date(at), outcome);
      seen.push(exerciseFor(card));
      hidden.push(nikkudHidden(card));
    }
    expect(seen).toEqual(["meaning", "reverse", "typing", "meaning", "meaning", "listening"]);
    expect(hidden).toEqual([false, false, true, false, false, true]);
  });
});

describe("typed answers", () => {
  const shalom = { he: "שלום", nikkud: "שָׁלוֹם" };
  it("ignores nikkud, spaces and final letters", () => {
    expect(checkTyped("שלום", shalom)).toBe("exact");
    expect(checkTyped(" שָׁלוֹם ", shalom)).toBe("exact");
    expect(checkTyped("שלומ", shalom)).toBe("exact");
    expect(checkTyped("בית ספר", { he: "בית ספר", nikkud: "בֵּית סֵפֶר" })).toBe("exact");
    expect(checkTyped("ביתספר", { he: "בית ספר", nikkud: "בֵּית סֵפֶר" })).toBe("exact");
  });
  it("tolerates full and defective spellings", () => {
    expect(checkTyped("שלם", shalom)).toBe("tolerated");
    expect(checkTyped("שולחן", { he: "שלחן", nikkud: "שֻׁלְחָן" })).toBe("tolerated");
    expect(checkTyped("שלחן", { he: "שולחן", nikkud: "שֻׁלְחָן" })).toBe("tolerated");
    expect(checkTyped("תלמיד", { he: "תלמיד", nikkud: "תַּלְמִיד" })).toBe("exact");
  });
  it("refuses other words and empty input", () => {
    expect(checkTyped("שלב", shalom)).toBe("wrong");
    expect(checkTyped("", shalom)).toBe("wrong");
    expect(checkTyped("shalom", shalom)).toBe("wrong");
    expect(checkTyped("שלוםם", shalom)).toBe("wrong");
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
