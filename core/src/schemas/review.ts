// The review calls (issue 10): events in, the due queue and sessions, progress, settings out.
import { z } from "zod";
import { GAME_NAMES } from "../games.ts";
import { LANGUAGES } from "../languages.ts";
import { canonicalTimeZone, EXERCISES, isTimeZone, OUTCOMES, WORD_STATES } from "../review.ts";

/** Where an answer came from: a game (its play-record name) or the review itself. */
export const REVIEW_SOURCES = [...GAME_NAMES, "review"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The most events one POST takes (a game's worth, or a long offline queue in chunks). */
export const MAX_EVENTS_PER_POST = 200;

const language = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(", ")}` });
const wordId = z.number({ error: "must be a number" }).int("must be a whole number").positive().max(2_147_483_647);
const EARLIEST = Date.parse("2020-01-01T00:00:00Z");

export const reviewEvent = z.strictObject({
  /** The client's own id for this answer: the server stores each (user, id) once. */
  id: z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters")
    .regex(/^[\w.:-]+$/, "must be letters, digits, _ . : -"),
  wordId,
  at: z.iso
    .datetime({ offset: true, error: "must be an ISO date-time" })
    .refine((s) => Date.parse(s) >= EARLIEST, "must be 2020 or later"),
  game: z.enum(REVIEW_SOURCES, { error: `must be one of ${REVIEW_SOURCES.join(", ")}` }),
  outcome: z.enum(OUTCOMES, { error: `must be one of ${OUTCOMES.join(", ")}` }),
  /** The review exercise answered (game answers leave it out): typing is production (decision 0067). */
  exercise: z.enum(EXERCISES, { error: `must be one of ${EXERCISES.join(", ")}` }).optional(),
});
export type ReviewEventInput = z.infer<typeof reviewEvent>;

export const reviewEventsBody = z.strictObject({
  events: z
    .array(reviewEvent)
    .min(1, "must have at least 1 event")
    .max(MAX_EVENTS_PER_POST, `must have at most ${MAX_EVENTS_PER_POST} events`),
});

export const EVENT_STATUSES = ["stored", "duplicate", "locked", "unknown_word"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const reviewEventsResponse = z.object({
  stored: z.number().int(),
  results: z.array(z.object({ id: z.string(), status: z.enum(EVENT_STATUSES) })),
});
export type ReviewEventsResponse = z.infer<typeof reviewEventsResponse>;

/** Today's answers (review and games) against the daily goal, in the learner's time zone. */
export const todayGoal = z.object({ date: z.string(), reviews: z.number().int(), goal: z.number().int() });

export const reviewQueueResponse = z.object({
  /** Cards due now on words the plan unlocks. */
  due: z.number().int(),
  /** New words the daily limit still allows today (and that exist). */
  newAvailable: z.number().int(),
  /** Cards in the next session (core's sessionPlan): enough to meet what is left of today's goal when it can. */
  sessionSize: z.number().int(),
  nextDueAt: z.string().nullable(),
  today: todayGoal,
  /** Days in a row with the goal met (today counts once met). */
  streak: z.number().int(),
});
export type ReviewQueue = z.infer<typeof reviewQueueResponse>;

const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, "must be a comma list of at most 20 word ids")
  .transform((s) => [...new Set(s.split(",").map(Number))]);

export const reviewSessionQuery = z.strictObject({
  language: language.default("en"),
  /** "Practise these again": a session of exactly these words (due or not). */
  words: idList.optional(),
});

export const reviewOption = z.object({
  wordId: z.number(),
  he: z.string(),
  nikkud: z.string(),
  translation: z.string(),
  /** The word's picture (a Twemoji file name, "1f34e"): set on the options of a picture exercise. */
  picture: z.string().nullable().optional(),
});
const clozeParts = z.object({ before: z.string(), gap: z.string(), after: z.string() });
export const reviewCard = z.object({
  wordId: z.number(),
  moduleId: z.number(),
  he: z.string(),
  nikkud: z.string(),
  translit: z.string(),
  translation: z.string(),
  audioPath: z.string().nullable(),
  state: z.enum(WORD_STATES),
  exercise: z.enum(EXERCISES),
  nikkudHidden: z.boolean(),
  /** Typing cards: the taught words spelled like this one up to vav, yod and finals, to refuse by name. */
  lookalikes: z.array(z.object({ he: z.string(), translation: z.string() })),
  due: z.string().nullable(),
  /** The right answer and up to three others, shuffled (choice and listening exercises). */
  options: z.array(reviewOption),
  /** A new word's example sentence, shown when it is presented before its first question; null otherwise. */
  example: z.object({ he: z.string(), nikkud: z.string(), translation: z.string() }).nullable(),
  /** The word's picture (a Twemoji file name) when it has one. */
  picture: z.string().nullable().optional(),
  /**
   * Cloze cards: the word's example sentence cut around the form in the gap (attached prefixes stay outside it),
   * plain and pointed, and its translation. A chosen cloze's options carry the forms to choose from.
   */
  cloze: z.object({ plain: clozeParts, pointed: clozeParts, translation: z.string() }).nullable().optional(),
  /**
   * Verb form cards: the asked cell of the verb's table ("fut.3mp"), its tense and whom it names, the verb's
   * meaning (its infinitive's translation), the form, and four forms to choose from (chosen forms).
   */
  form: z
    .object({
      cell: z.string(),
      tense: z.string(),
      person: z.object({ key: z.enum(["form", "person"]), value: z.string() }).nullable(),
      meaning: z.string(),
      he: z.string(),
      nikkud: z.string(),
      translit: z.string(),
      options: z.array(z.object({ he: z.string(), nikkud: z.string() })),
    })
    .nullable()
    .optional(),
});
export type ReviewCard = z.infer<typeof reviewCard>;
export type ReviewOption = z.infer<typeof reviewOption>;

export const reviewSessionResponse = z.object({
  items: z.array(reviewCard),
  due: z.number().int(),
  newCount: z.number().int(),
});
export type ReviewSession = z.infer<typeof reviewSessionResponse>;

export const reviewProgressQuery = z.strictObject({ language: language.default("en") });

export const dayCount = z.object({
  date: z.string(),
  count: z.number().int(),
  /** The day as a short date in the language asked for ("Mar 3"), for the charts' axes and tables. */
  label: z.string(),
});
export const reviewProgressResponse = z.object({
  timeZone: z.string(),
  today: todayGoal,
  streak: z.number().int(),
  states: z.object({
    new: z.number().int(),
    learning: z.number().int(),
    known: z.number().int(),
    mature: z.number().int(),
  }),
  modules: z.array(
    z.object({
      moduleId: z.number(),
      name: z.string(),
      tier: z.number(),
      locked: z.boolean(),
      known: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Oldest first, 30 days ending today. */
  reviewsPerDay: z.array(dayCount),
  /** Today (overdue included) and the 6 days after. */
  duePerDay: z.array(dayCount),
  /** The memory model that schedules the learner's cards (issue 28.4, decision 0109). */
  model: z.object({
    inUse: z.enum(["default", "fitted"]),
    /** The learner's answers (review events) so far, and the count at which the next fit runs. */
    answers: z.number().int(),
    nextFitAt: z.number().int(),
    /** A fit is under way. */
    fitting: z.boolean(),
    /**
     * What was measured: the fit in use, or else the latest fit not adopted (null before any). Both models were
     * measured on the learner's most recent 10% of reviews, held out of the fit (`measured`: those a day or more
     * after the card's previous review); log loss, and RMSE over bins (0-1: the predicted chance of recall against
     * the share recalled).
     */
    fit: z
      .object({
        at: z.string(),
        adopted: z.boolean(),
        trainReviews: z.number().int(),
        measured: z.number().int(),
        defaultLogLoss: z.number(),
        defaultRmse: z.number(),
        fittedLogLoss: z.number(),
        fittedRmse: z.number(),
      })
      .nullable(),
  }),
});
export type ReviewProgress = z.infer<typeof reviewProgressResponse>;

export const reviewWordsQuery = z.strictObject({
  moduleId: z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number > 0")
    .transform(Number)
    .pipe(z.number().int().positive("must be a whole number > 0"))
    .optional(),
});
export const reviewWordsResponse = z.object({
  items: z.array(z.object({ wordId: z.number(), state: z.enum(WORD_STATES), due: z.string() })),
});

export const reviewSettings = z.object({
  dailyNewLimit: z.number().int(),
  dailyGoal: z.number().int(),
  timeZone: z.string(),
});
export type ReviewSettings = z.infer<typeof reviewSettings>;

export const patchReviewSettingsBody = z
  .strictObject({
    dailyNewLimit: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 to 100")
      .max(100, "must be 0 to 100")
      .optional(),
    dailyGoal: z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be 1 to 500")
      .max(500, "must be 1 to 500")
      .optional(),
    timeZone: z
      .string({ error: "must be a string" })
      .max(64, "must be at most 64 characters")
      .refine(isTimeZone, "must be an IANA time zone such as Europe/Paris, not an offset")
      .transform((tz) => canonicalTimeZone(tz) as string)
      .optional(),
  })
  .refine((b) => b.dailyNewLimit !== undefined || b.dailyGoal !== undefined || b.timeZone !== undefined, {
    message: "give dailyNewLimit, dailyGoal or timeZone",
  });
