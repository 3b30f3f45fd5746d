// The calls that let a learner's memory follow them across devices (issue 26, decision 0086).
import { z } from "zod";

const code = (what: string) =>
  z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(64, `must be at most 64 characters (a ${what} is shorter)`);

export const linkCodeResponse = z.object({
  /** 8 characters, shown once (in two groups of 4 on screen). */
  code: z.string(),
  expiresAt: z.iso.datetime(),
});

export const linkBody = z.strictObject({
  code: code("link code"),
  /** Without it the answer is a preview of what linking would do; with it, the link is made. */
  confirm: z.boolean({ error: "must be true or false" }).optional(),
});

/** What this device's learner holds, as a merge would add it. */
export const learnerHoldings = z.object({
  answers: z.number().int(),
  plays: z.number().int(),
  words: z.number().int(),
  devices: z.number().int(),
});
export type LearnerHoldings = z.infer<typeof learnerHoldings>;

export const linkResponse = z.object({
  /** false: a preview (nothing changed); true: this device now belongs to the learner of the code. */
  linked: z.boolean(),
  /** What this device brings (added to the learner on confirm). */
  thisDevice: learnerHoldings,
  /** The learner it joins: their support id, and how many devices they have (before this one). */
  learner: z.object({ supportId: z.string(), devices: z.number().int() }),
  /** With confirm: how long the merge took, in ms (events moved and cards replayed). */
  mergeMs: z.number().optional(),
});

export const recoveryCodeResponse = z.object({
  /** 20 characters in 5 groups of 4, shown once: only its hash is kept. */
  code: z.string(),
  createdAt: z.iso.datetime(),
});

export const recoverBody = z.strictObject({ recoveryCode: code("recovery code") });

export const recoverResponse = z.object({
  /** The learner this device now belongs to (their support id). */
  supportId: z.string(),
  /** What this device held before, added to the learner. */
  merged: learnerHoldings,
});

export const deviceSchema = z.object({
  /** The device's public id (never its X-Anonymous-Id, a secret). */
  id: z.string(),
  platform: z.string(),
  firstSeen: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  thisDevice: z.boolean(),
});
export const devicesResponse = z.object({ items: z.array(deviceSchema) });
export const deviceParams = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{16}$/, "must be a device id from GET /api/me/devices"),
});

export const accountResponse = z.object({
  supportId: z.string(),
  devices: z.number().int(),
  /** The learner's answers stored on the server (the recovery code is offered once past 20). */
  answers: z.number().int(),
  /** When the current recovery code was made; null when there is none. */
  recoveryCodeAt: z.iso.datetime().nullable(),
});

export const eraseBody = z.strictObject({
  /** The screen asks the learner to type a word in their language first; the call itself takes this literal. */
  confirm: z.literal("erase", { error: 'must be "erase"' }),
});
export const eraseResponse = z.object({ erased: z.literal(true), answers: z.number().int() });
