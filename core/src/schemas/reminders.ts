// The reminder calls (issue 30.2): when to remind, and the browser's web push subscriptions.
import { z } from "zod";
import { LANGUAGES } from "../languages.ts";
import { CLOCK_TIME } from "../reminder-rules.ts";

const clock = z.string({ error: "must be a string" }).regex(CLOCK_TIME, "must be a time HH:MM (00:00-23:59)");
const days = z
  .array(z.number({ error: "must be a number" }).int("must be a whole number").min(0).max(6), {
    error: "must be an array of weekdays 0-6",
  })
  .max(7, "must have at most 7 days")
  .refine((d) => new Set(d).size === d.length, "must not repeat a day");

export const reminderSettings = z.object({
  enabled: z.boolean(),
  /** The learner's local time, in the time zone of the review settings. */
  time: clock,
  /** 0 = Sunday ... 6 = Saturday. */
  days,
  /** Quiet hours: no reminder from quietStart up to quietEnd (past midnight allowed); both null = none. */
  quietStart: clock.nullable(),
  quietEnd: clock.nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

export const patchRemindersBody = reminderSettings
  .partial()
  .strict()
  .refine(
    (b) => b.quietStart === undefined || b.quietEnd === undefined || (b.quietStart === null) === (b.quietEnd === null),
    "quietStart and quietEnd: both times or both null",
  );

export const remindersResponse = reminderSettings.extend({
  timeZone: z.string(),
  /** This learner's browsers that receive web push. */
  subscriptions: z.number().int(),
  /** The server's VAPID public key (base64url) for PushManager.subscribe; null when web push is off. */
  publicKey: z.string().nullable(),
});
export type RemindersResponse = z.infer<typeof remindersResponse>;

const base64url = (min: number, max: number) =>
  z
    .string({ error: "must be a string" })
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");

const endpoint = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(2048, "must be at most 2048 characters");

/** PushSubscription.toJSON(), as the browser gives it. */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(20, 200), auth: base64url(8, 64) }),
  /** The interface language the reminders are written in. */
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(", ")}` }).default("en"),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const endpointBody = z.strictObject({ endpoint });

export const subscriptionsResponse = z.object({ subscriptions: z.number().int() });

/** What the service worker receives in a reminder (the texts in the learner's language). */
export const reminderPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a tap on it goes. */
  url: z.string(),
  /** The label of the "turn reminders off" action. */
  off: z.string(),
  due: z.number().int(),
  day: z.string(),
});
export type ReminderPayload = z.infer<typeof reminderPayload>;
