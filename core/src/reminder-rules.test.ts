import { describe, expect, it } from "vitest";
import {
  inQuietHours,
  instantAt,
  localClock,
  planReminders,
  type ReminderRule,
  reminderDueNow,
} from "./reminder-rules.ts";

const rule: ReminderRule = {
  enabled: true,
  time: "19:00",
  days: [0, 1, 2, 3, 4, 5, 6],
  quietStart: "22:00",
  quietEnd: "07:00",
};
const PARIS = "Europe/Paris";

describe("the wall clock in a time zone", () => {
  it("reads day, weekday and minute", () => {
    // 2026-11-28 is a Saturday; Paris is UTC+1 in November.
    expect(localClock(new Date("2026-11-28T18:30:00Z"), PARIS)).toEqual({
      day: "2026-11-28",
      weekday: 6,
      minute: 1170,
    });
    expect(localClock(new Date("2026-11-28T23:30:00Z"), PARIS)).toEqual({ day: "2026-11-29", weekday: 0, minute: 30 });
  });
  it("finds the instant of a wall time, across a DST change", () => {
    expect(instantAt("2026-11-28", 19 * 60, PARIS).toISOString()).toBe("2026-11-28T18:00:00.000Z");
    expect(instantAt("2026-07-01", 19 * 60, PARIS).toISOString()).toBe("2026-07-01T17:00:00.000Z");
    expect(instantAt("2026-07-01", 19 * 60, "America/New_York").toISOString()).toBe("2026-07-01T23:00:00.000Z");
  });
});

describe("quiet hours", () => {
  it("wrap past midnight", () => {
    expect(inQuietHours(rule, 23 * 60)).toBe(true);
    expect(inQuietHours(rule, 6 * 60 + 59)).toBe(true);
    expect(inQuietHours(rule, 7 * 60)).toBe(false);
    expect(inQuietHours(rule, 19 * 60)).toBe(false);
  });
  it("within one day, and none", () => {
    expect(inQuietHours({ quietStart: "12:00", quietEnd: "14:00" }, 13 * 60)).toBe(true);
    expect(inQuietHours({ quietStart: "12:00", quietEnd: "14:00" }, 14 * 60)).toBe(false);
    expect(inQuietHours({ quietStart: null, quietEnd: null }, 13 * 60)).toBe(false);
  });
});

describe("the server's reminder", () => {
  const at = (iso: string) => new Date(iso);
  it("is due from the reminder time on a chosen day, once a local day", () => {
    expect(reminderDueNow(rule, PARIS, at("2026-11-28T17:59:00Z"), null, false)).toBeNull();
    expect(reminderDueNow(rule, PARIS, at("2026-11-28T18:00:00Z"), null, false)).toBe("2026-11-28");
    expect(reminderDueNow(rule, PARIS, at("2026-11-28T19:30:00Z"), "2026-11-28", false)).toBeNull();
    expect(reminderDueNow(rule, PARIS, at("2026-11-29T18:00:00Z"), "2026-11-28", false)).toBe("2026-11-29");
  });
  it("is not sent when the goal is met, in quiet hours, on another day, or when off", () => {
    expect(reminderDueNow(rule, PARIS, at("2026-11-28T18:00:00Z"), null, true)).toBeNull();
    expect(reminderDueNow(rule, PARIS, at("2026-11-28T21:30:00Z"), null, false)).toBeNull();
    expect(
      reminderDueNow({ ...rule, days: [1, 2, 3, 4, 5] }, PARIS, at("2026-11-28T18:00:00Z"), null, false),
    ).toBeNull();
    expect(reminderDueNow({ ...rule, enabled: false }, PARIS, at("2026-11-28T18:00:00Z"), null, false)).toBeNull();
  });
  it("counts the day in the learner's time zone", () => {
    // 19:00 in Tokyo is 10:00 UTC; at 09:59 UTC it is not time yet.
    expect(reminderDueNow(rule, "Asia/Tokyo", at("2026-11-28T09:59:00Z"), null, false)).toBeNull();
    expect(reminderDueNow(rule, "Asia/Tokyo", at("2026-11-28T10:00:00Z"), null, false)).toBe("2026-11-28");
  });
});

describe("the native app's schedule", () => {
  const due = [
    { date: "2026-11-28", count: 5 },
    { date: "2026-11-29", count: 2 },
    { date: "2026-11-30", count: 0 },
    { date: "2026-12-01", count: 4 },
  ];
  it("plans a week of reminders with the cards due by each", () => {
    const plan = planReminders(rule, PARIS, new Date("2026-11-28T10:00:00Z"), false, due);
    expect(plan.map((p) => [p.at.toISOString(), p.due])).toEqual([
      ["2026-11-28T18:00:00.000Z", 5],
      ["2026-11-29T18:00:00.000Z", 7],
      ["2026-11-30T18:00:00.000Z", 7],
      ["2026-12-01T18:00:00.000Z", 11],
      ["2026-12-02T18:00:00.000Z", 11],
      ["2026-12-03T18:00:00.000Z", 11],
      ["2026-12-04T18:00:00.000Z", 11],
    ]);
  });
  it("skips today when its goal is met or its time has passed, and unchosen days", () => {
    const met = planReminders({ ...rule, days: [0, 6] }, PARIS, new Date("2026-11-28T10:00:00Z"), true, due);
    expect(met.map((p) => p.day)).toEqual(["2026-11-29"]);
    const late = planReminders(rule, PARIS, new Date("2026-11-28T18:30:00Z"), false, due);
    expect(late[0]?.day).toBe("2026-11-29");
  });
  it("plans none when off or when the time is in quiet hours", () => {
    expect(planReminders({ ...rule, enabled: false }, PARIS, new Date(), false, due)).toEqual([]);
    expect(planReminders({ ...rule, time: "23:00" }, PARIS, new Date(), false, due)).toEqual([]);
  });
});
