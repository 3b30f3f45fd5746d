// One schema for PGlite and PostgreSQL. Content tables are rewritten by the content loader; user tables are
// never touched by it (progress points at stable word ids).
import type { VerbForm } from "@ivrit/core/schemas/api";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Spelled out (rather than built by i18n()) where Drizzle's types need the column names.
const name = {
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  nameEs: text("name_es").notNull(),
  nameRu: text("name_ru").notNull(),
  nameUk: text("name_uk").notNull(),
  nameAr: text("name_ar").notNull(),
};
const tr = {
  trEn: text("tr_en").notNull(),
  trFr: text("tr_fr").notNull(),
  trEs: text("tr_es").notNull(),
  trRu: text("tr_ru").notNull(),
  trUk: text("tr_uk").notNull(),
  trAr: text("tr_ar").notNull(),
};

// ---------- content ----------
export const fields = pgTable("fields", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  ...name,
});

export const modules = pgTable("modules", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  tier: smallint("tier").notNull().default(1),
  isBeginner: boolean("is_beginner").notNull().default(false),
  ...name,
});

export const moduleFields = pgTable(
  "module_fields",
  {
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    fieldId: integer("field_id")
      .notNull()
      .references(() => fields.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.fieldId] })],
);

export const roots = pgTable("roots", { id: serial("id").primaryKey(), root: text("root").notNull().unique(), ...tr });

export const words = pgTable(
  "words",
  {
    id: integer("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    he: text("he").notNull(),
    nikkud: text("nikkud").notNull(),
    translit: text("translit").notNull(),
    /** The SPEC's six categories (what GET /words answers as `category`), mapped from part_of_speech. */
    category: text("category").notNull(),
    /** The true part of speech (decision 0090): noun, verb, …, pronoun, preposition, numeral, question, …. */
    partOfSpeech: text("part_of_speech").notNull(),
    tense: text("tense"),
    verb: text("verb"),
    binyan: text("binyan"),
    audioPath: text("audio_path"),
    /** The word's picture (issue 28): a Twemoji file name, its code points in hex joined by "-" ("1f34e"). */
    picture: text("picture"),
    ...tr,
  },
  (t) => [index("words_module_idx").on(t.moduleId, t.position)],
);

/** A verb's conjugation table (content/verbs, decision 0018): cell -> form, shared by the verb's entries. */
export const verbForms = pgTable("verb_forms", {
  verb: text("verb").primaryKey(),
  root: text("root").notNull(),
  binyan: text("binyan").notNull(),
  forms: jsonb("forms").$type<Record<string, VerbForm>>().notNull(),
});

/** The example sentence of a word (one per word). */
export const sentences = pgTable("sentences", {
  wordId: integer("word_id")
    .primaryKey()
    .references(() => words.id, { onDelete: "cascade" }),
  he: text("he").notNull(),
  nikkud: text("nikkud").notNull(),
  /** Other correct word orders of the plain sentence (content `example.orders`), for the sentence scramble. */
  orders: jsonb("orders").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /**
   * The cloze gap (issue 28): which word of the sentence (0-based, split on spaces) is the entry, and how many of
   * its first letters are attached prefixes (ו ה ב כ ל מ ש) that stay outside the gap; null when the sentence has
   * no gap (the entry cannot be found without doubt and the content does not mark it).
   */
  gapWord: smallint("gap_word"),
  gapPrefix: smallint("gap_prefix"),
  ...tr,
});

export const wordRoots = pgTable(
  "word_roots",
  {
    wordId: integer("word_id")
      .notNull()
      .references(() => words.id, { onDelete: "cascade" }),
    rootId: integer("root_id")
      .notNull()
      .references(() => roots.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.wordId, t.rootId] }), index("word_roots_root_idx").on(t.rootId)],
);

export const letters = pgTable("letters", {
  id: integer("id").primaryKey(),
  letter: text("letter").notNull(),
  name: text("name").notNull(),
  translit: text("translit").notNull(),
  final: boolean("final").notNull().default(false),
  audioPath: text("audio_path"),
  descriptionEn: text("description_en").notNull(),
  descriptionFr: text("description_fr").notNull(),
  descriptionEs: text("description_es").notNull(),
  descriptionRu: text("description_ru").notNull(),
  descriptionUk: text("description_uk").notNull(),
  descriptionAr: text("description_ar").notNull(),
});

export const nikkud = pgTable("nikkud", {
  id: integer("id").primaryKey(),
  mark: text("mark").notNull(),
  name: text("name").notNull(),
  sound: text("sound").notNull(),
});

export const letterVowels = pgTable("letter_vowels", {
  id: integer("id").primaryKey(),
  letterId: integer("letter_id")
    .notNull()
    .references(() => letters.id, { onDelete: "cascade" }),
  nikkudId: integer("nikkud_id")
    .notNull()
    .references(() => nikkud.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  translit: text("translit").notNull(),
  audioPath: text("audio_path"),
});

/** Key/value facts about the loaded content (its hash, when it was loaded). */
export const contentMeta = pgTable("content_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ---------- users ----------
/**
 * A learner (decision 0086): what every learning table hangs on. The first device's id is the learner's id; more
 * devices join through a link or recovery code (devices). The id is never shown to anyone: a device's id is its
 * bearer secret, and the learner's is the first device's.
 */
export const users = pgTable("users", {
  id: uuid("id").primaryKey(),
  preferredLanguage: text("preferred_language"),
  preferredLevel: smallint("preferred_level"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** The id support and the privacy page's deletion request use: public, unlike the device ids. */
  supportId: text("support_id")
    .notNull()
    .unique()
    .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 16))`),
});

/** A device (its X-Anonymous-Id) and the learner it belongs to. */
export const devices = pgTable(
  "devices",
  {
    id: uuid("id").primaryKey(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How Account names the device to the learner (never the id itself, a bearer secret). */
    publicId: text("public_id")
      .notNull()
      .unique()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`),
    platform: text("platform").notNull().default("web"),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("devices_learner_idx").on(t.learnerId)],
);

/** One-time link codes (10 minutes), stored as their SHA-256: the code itself is shown once, on one screen. */
export const linkCodes = pgTable("link_codes", {
  hash: text("hash").primaryKey(),
  learnerId: uuid("learner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * A learner's recovery code (one at a time): its first group is a lookup key, the rest (80 bits) is kept only as
 * its scrypt hash with a salt of its own.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    learnerId: uuid("learner_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lookup: text("lookup").notNull(),
    salt: text("salt").notNull(),
    hash: text("hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_lookup_idx").on(t.lookup)],
);

/** Wrong link and recovery codes, per device and per address: the limits count these (decision 0087). */
export const codeFailures = pgTable(
  "code_failures",
  {
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("code_failures_key_idx").on(t.key, t.at)],
);

/** One row per user and plan: the plan is active while expires_at is null or in the future. */
export const entitlements = pgTable(
  "entitlements",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    source: text("source").notNull(),
    productId: text("product_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    eventId: text("event_id"),
    /** When the store event that last set this row happened: an older event delivered late changes nothing. */
    eventAt: timestamp("event_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plan] })],
);

/** Every purchase-provider event received, once by its id: a redelivery is recognised and changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  appUserId: text("app_user_id"),
  eventAt: timestamp("event_at", { withTimezone: true }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb("payload").notNull(),
});

export const activeModules = pgTable("active_modules", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  moduleId: integer("module_id").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** No foreign key to words: a learner's progress outlives a word removed from the content. */
export const wordProgress = pgTable(
  "word_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wordId: integer("word_id").notNull(),
    score: integer("score").notNull().default(0),
    seen: integer("seen").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordId] })],
);

/** Word-progress batches already added, by the client's batch id: a batch sent again adds nothing (issue 15). */
export const progressBatches = pgTable(
  "progress_batches",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    batchId: text("batch_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.batchId] })],
);

export const moduleProgress = pgTable(
  "module_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: integer("module_id").notNull(),
    plays: integer("plays").notNull().default(0),
    correct: integer("correct").notNull().default(0),
    total: integer("total").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

export const gamePlays = pgTable(
  "game_plays",
  {
    // 64-bit: rows grow with use (issue 31, decision 0088).
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    gameName: text("game_name").notNull(),
    language: text("language").notNull(),
    platform: text("platform").notNull(),
    moduleId: integer("module_id"),
    levelId: smallint("level_id"),
    meta: jsonb("meta").notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_plays_once").on(t.userId, t.sessionId, t.gameName)],
);

// ---------- learning memory (issue 10, decision 0010) ----------
/** What an answer holds, stored or archived (review_events, review_events_archive): made anew for each table. */
const answerColumns = () => ({
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  clientEventId: text("client_event_id").notNull(),
  wordId: integer("word_id").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  game: text("game").notNull(),
  outcome: text("outcome").notNull(),
  /** The review's exercise (meaning, reverse, listening, typing); null for a game's answer (decision 0067). */
  exercise: text("exercise"),
});

// Both event tables are partitioned by hash of user_id in 16 parts (migration 0015, decision 0110). Drizzle's schema
// cannot say so: it describes the columns, keys and indexes (what drizzle-kit compares with its snapshots), and the
// migration SQL was edited by hand to create the tables partitioned. Every query names the learner, so each reads one
// partition.

/** Every answer the learner gave, once per (user, the client's event id): a retry changes nothing. */
export const reviewEvents = pgTable(
  "review_events",
  {
    /**
     * The order events were stored in: a learner's cards hold every event up to their fold cursor. 64-bit: at a
     * million learners answering 50 times a day a 32-bit id runs out in weeks (issue 31, decision 0088).
     */
    id: bigserial("id", { mode: "number" }).notNull(),
    ...answerColumns(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A learner's events in the order stored: what the fold reads after its cursor (decision 0066).
    primaryKey({ columns: [t.userId, t.id] }),
    uniqueIndex("review_events_once").on(t.userId, t.clientEventId),
    index("review_events_word_idx").on(t.userId, t.wordId, t.at),
  ],
);

/**
 * Events already folded onto the cards (id <= the learner's fold cursor) and older than EVENT_ARCHIVE_DAYS, moved here
 * by a daily job (decision 0111): the fold never reads them; a replay of the learner's whole history (device merge, the
 * FSRS fit, content moves) reads both tables. Same columns as review_events; ids kept.
 */
export const reviewEventsArchive = pgTable(
  "review_events_archive",
  {
    id: bigint("id", { mode: "number" }).notNull(),
    ...answerColumns(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    uniqueIndex("review_events_archive_once").on(t.userId, t.clientEventId),
    // A late event's replay reads the word's whole history (fold.ts), archive included.
    index("review_events_archive_word_idx").on(t.userId, t.wordId, t.at),
  ],
);

/**
 * How far a learner's events are folded onto their cards: every event with an id up to `foldedId` (decision
 * 0066). Events are acknowledged once stored; the fold runs after, and before any read of the learner's cards.
 */
export const reviewFolds = pgTable("review_folds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  foldedId: bigint("folded_id", { mode: "number" }).notNull(),
});

/** The FSRS card per user and word: always the fold of that word's events in time order. */
export const reviewCards = pgTable(
  "review_cards",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wordId: integer("word_id").notNull(),
    due: timestamp("due", { withTimezone: true, precision: 3 }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: smallint("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true, precision: 3 }),
    /** The first event's time: the day a word was introduced counts against the daily new limit. */
    firstAt: timestamp("first_at", { withTimezone: true, precision: 3 }).notNull(),
    /** The latest applied event (time, then client id): a later one is applied on top, an earlier one replays. */
    lastAt: timestamp("last_at", { withTimezone: true, precision: 3 }).notNull(),
    lastEventId: text("last_event_id").notNull(),
    // What the answers proved (core/srs.ts, decision 0067).
    recallDays: smallint("recall_days").notNull().default(0),
    lastRecallDay: text("last_recall_day"),
    produced: boolean("produced").notNull().default(false),
    lastMissAt: timestamp("last_miss_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordId] }), index("review_cards_due_idx").on(t.userId, t.due)],
);

/**
 * The learner's memory model (issue 28.4, decisions 0108-0109): one row per fit, made when their review events
 * reach a multiple of 1,000 (`milestone`). The row is the claim (one fit per learner and milestone, across
 * instances); `fittedAt` is set when the fit ends. Fitted weights are adopted (schedule the learner's cards from
 * `inForceFrom` on) only when their log loss on the held-out reviews is lower than the default weights'.
 */
export const learnerModels = pgTable(
  "learner_models",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The learner's event count the fit was made at: 1,000, 2,000, ... */
    milestone: integer("milestone").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    fittedAt: timestamp("fitted_at", { withTimezone: true }),
    /** The fitted FSRS-6 weights (21 numbers); null while the fit runs or when it failed. */
    weights: jsonb("weights").$type<number[]>(),
    /** Reviews the fit learned from, the most recent ones held out, and those measured (a day or more apart). */
    trainReviews: integer("train_reviews"),
    heldOutReviews: integer("held_out_reviews"),
    measured: integer("measured"),
    defaultLogLoss: doublePrecision("default_log_loss"),
    defaultRmse: doublePrecision("default_rmse"),
    fittedLogLoss: doublePrecision("fitted_log_loss"),
    fittedRmse: doublePrecision("fitted_rmse"),
    adopted: boolean("adopted").notNull().default(false),
    /** Adopted weights schedule the events from this time on (each event folds with the weights then in force). */
    inForceFrom: timestamp("in_force_from", { withTimezone: true, precision: 3 }),
    /** Why the fit failed, if it did. */
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.milestone] })],
);

/**
 * A word's card as it stood after every MARK_EVERY-th of its answers (server/src/routes/review.ts): a late event
 * replays the word from the nearest mark before it instead of from its first answer (issue 25.8). Marks after a
 * late event are rewritten by its replay.
 */
export const reviewMarks = pgTable(
  "review_marks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wordId: integer("word_id").notNull(),
    /** The event the card stands after: its time and client id (the events' order). */
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
    eventId: text("event_id").notNull(),
    card: jsonb("card").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordId, t.at, t.eventId] })],
);

/**
 * Answers per day of the learner (in their time zone when the answer was folded): the goal and the streak read
 * these. Counted by the fold, each event once as the fold cursor passes it (decision 0067).
 */
export const reviewDays = pgTable(
  "review_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    answers: integer("answers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  dailyNewLimit: smallint("daily_new_limit").notNull().default(10),
  dailyGoal: smallint("daily_goal").notNull().default(20),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------- reminders (issue 30.2) ----------
/** When to remind a learner, in the time zone of user_settings; `handled_day` is the sender's claim. */
export const reminders = pgTable("reminders", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  /** "HH:MM", the learner's local time. */
  time: text("time").notNull().default("19:00"),
  /** Weekdays as bits: Sunday 1, Monday 2 ... Saturday 64. */
  days: smallint("days").notNull().default(127),
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  /**
   * The learner's local day ("YYYY-MM-DD") whose reminder was handled (sent, or not needed with the goal met). An
   * instance sends only after moving it to today in one conditional UPDATE: with several instances, one wins.
   */
  handledDay: text("handled_day"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's web push subscription; its push service's 404 or 410 deletes it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The interface language the reminder is written in (the browser's at subscription time). */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user").on(t.userId)],
);

/** Keys the server makes once and every instance shares (the VAPID key pair, unless the environment gives one). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
