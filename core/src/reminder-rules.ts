// When a reminder is due (issue 30.2, 30.3): the server's web push sender and the native app's local notifications
// read the same rules. Pure: the clock comes in as `now`.
import { addDays, dayKey } from "./review.ts";

/** "HH:MM", 24 hours. */
export type ClockTime = string;
/** 0 = Sunday ... 6 = Saturday, as Date.getDay(). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type ReminderRule = {
  enabled: boolean;
  /** Local time of the reminder, in the learner's time zone. */
  time: ClockTime;
  days: readonly number[];
  /** Quiet hours: no reminder from `quietStart` up to `quietEnd` (may run past midnight); null = none. */
  quietStart: ClockTime | null;
  quietEnd: ClockTime | null;
};

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOf(time: ClockTime): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** True when `minute` (of the day) falls in the quiet hours [start, end), which may wrap past midnight. */
export function inQuietHours(rule: Pick<ReminderRule, "quietStart" | "quietEnd">, minute: number): boolean {
  if (rule.quietStart === null || rule.quietEnd === null) return false;
  const s = minutesOf(rule.quietStart);
  const e = minutesOf(rule.quietEnd);
  if (s === e) return false;
  return s < e ? minute >= s && minute < e : minute >= s || minute < e;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, Weekday> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall clock in `timeZone` at `at`: its day key, weekday and minute of the day. */
export function localClock(at: Date, timeZone: string): { day: string; weekday: Weekday; minute: number } {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partFormats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: dayKey(at, timeZone),
    weekday: WEEKDAYS[parts.weekday ?? "Sun"] ?? 0,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant at which the wall clock in `timeZone` reads `minute` on `day` (the later one in a DST gap). */
export function instantAt(day: string, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  let t = wall;
  for (let i = 0; i < 3; i++) {
    const c = localClock(new Date(t), timeZone);
    const seen = Date.parse(`${c.day}T00:00:00Z`) + c.minute * 60_000;
    if (seen === wall) return new Date(t);
    t += wall - seen;
  }
  return new Date(t);
}

/**
 * The server's question each minute: is a reminder due for this learner now? Due on a chosen weekday once the
 * wall clock has reached the reminder time, outside quiet hours, when none was sent on this local day and the
 * day's goal is not met. Answers the local day to claim it for, or null.
 */
export function reminderDueNow(
  rule: ReminderRule,
  timeZone: string,
  now: Date,
  lastSentDay: string | null,
  goalMet: boolean,
): string | null {
  if (!rule.enabled || goalMet) return null;
  const c = localClock(now, timeZone);
  if (lastSentDay === c.day) return null;
  if (!rule.days.includes(c.weekday)) return null;
  if (c.minute < minutesOf(rule.time)) return null;
  if (inQuietHours(rule, c.minute)) return null;
  return c.day;
}

export type PlannedReminder = { at: Date; day: string; due: number };

/**
 * The native app's schedule, made again after each session and at start: the reminders of the next `days` days
 * (today included), each at the rule's time on a chosen weekday outside quiet hours, skipping today when its goal
 * is met or its time has passed. `duePerDay` is the review progress's forecast (today first, overdue included):
 * a day's reminder names the cards due by then if none are reviewed meanwhile.
 */
export function planReminders(
  rule: ReminderRule,
  timeZone: string,
  now: Date,
  goalMetToday: boolean,
  duePerDay: readonly { date: string; count: number }[],
  days = 7,
): PlannedReminder[] {
  if (!rule.enabled) return [];
  const minute = minutesOf(rule.time);
  if (inQuietHours(rule, minute)) return [];
  const today = localClock(now, timeZone).day;
  const out: PlannedReminder[] = [];
  let due = 0;
  for (let i = 0; i < days; i++) {
    const day = addDays(today, i);
    due += duePerDay.find((d) => d.date === day)?.count ?? 0;
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (!rule.days.includes(weekday)) continue;
    if (i === 0 && goalMetToday) continue;
    const at = instantAt(day, minute, timeZone);
    if (at.getTime() <= now.getTime()) continue;
    out.push({ at, day, due });
  }
  return out;
}
