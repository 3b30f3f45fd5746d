// The contract between web and server (DESIGN section 4): request and response shapes, shared by both.
import { z } from "zod";
import { GAME_NAMES } from "../games.ts";
import { LANGUAGES } from "../languages.ts";
import { PLANS } from "../plans.ts";
import { TENSES, type Tense } from "../tenses.ts";

const CATEGORIES = ["noun", "verb", "adjective", "adverb", "phrase", "expression", "alphabet", "vowel_combo"] as const;

export { TENSES, type Tense };

// ---------- free-form input: only what the database can store ----------
// PostgreSQL's text and jsonb refuse the NUL character, and jsonb an unpaired surrogate ("\ud800"): both would
// fail at the database (a 500), so they are refused here, naming the field.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_MESSAGE = "must not contain NUL or unpaired surrogate characters";
export const storableText = () => z.string().refine((s) => !UNSTORABLE.test(s), UNSTORABLE_MESSAGE);

type JsonLimits = { maxDepth: number; maxBytes: number };

/** The first reason a JSON value cannot be stored (too deep, too large, unstorable text), with where it is. */
function jsonProblem(value: unknown, limits: JsonLimits): { path: PropertyKey[]; message: string } | null {
  const walk = (v: unknown, depth: number, path: PropertyKey[]): { path: PropertyKey[]; message: string } | null => {
    if (typeof v === "string") return UNSTORABLE.test(v) ? { path, message: UNSTORABLE_MESSAGE } : null;
    if (typeof v === "number") return Number.isFinite(v) ? null : { path, message: "must be a finite number" };
    if (v === null || typeof v !== "object") return null;
    // Depth is checked before going in, so a hostile nesting costs no more than maxDepth frames.
    if (depth >= limits.maxDepth) return { path, message: `must not be nested more than ${limits.maxDepth} levels` };
    for (const [k, child] of Object.entries(v)) {
      if (UNSTORABLE.test(k)) return { path: [...path, k], message: `key ${UNSTORABLE_MESSAGE}` };
      const p = walk(child, depth + 1, [...path, Array.isArray(v) ? Number(k) : k]);
      if (p) return p;
    }
    return null;
  };
  const found = walk(value, 0, []);
  if (found) return found;
  const bytes = new TextEncoder().encode(JSON.stringify(value) ?? "").length; // core runs in the browser too
  return bytes > limits.maxBytes ? { path: [], message: `must be at most ${limits.maxBytes} bytes of JSON` } : null;
}

/** A refinement for a free-form JSON field: bounded depth and size, storable text; the issue names the place. */
export const storableJson =
  (limits: JsonLimits) =>
  (value: unknown, ctx: z.core.$RefinementCtx): void => {
    const p = jsonProblem(value, limits);
    if (p) ctx.addIssue({ code: "custom", path: p.path, message: p.message, input: value });
  };

// ---------- query helpers: query strings arrive as text ----------
const bool = z
  .enum(["0", "1", "true", "false"], { error: "must be 0, 1, true or false" })
  .transform((v) => v === "1" || v === "true");
const nonNegativeInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number >= 0")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));
const language = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(", ")}` });
const tier = z.enum(["1", "2", "3"], { error: "must be 1, 2 or 3" }).transform(Number);

/**
 * moduleId must be a finite number greater than 0 (SPEC section 5). As text only the plain decimal spelling:
 * "0x1", "1e0", " 1" and "01" are not other names for module 1.
 */
const moduleIdSchema = z.union([z.number(), z.string()], { error: "Invalid moduleId" }).transform((v, ctx) => {
  const n = typeof v === "number" ? v : /^[1-9]\d{0,9}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || !Number.isInteger(n) || n > 2_147_483_647) {
    ctx.addIssue({ code: "custom", message: "Invalid moduleId" });
    return z.NEVER;
  }
  return n;
});

export const languageQuery = z.strictObject({ language: language.default("en") });

export const wordsQuery = z.strictObject({
  language: language.default("en"),
  moduleId: moduleIdSchema.optional(),
  tier: tier.optional(),
  tiers: z
    .string()
    .regex(/^[123](,[123]){0,2}$/, "must be a comma list of 1, 2, 3")
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .optional(),
  category: z.enum(CATEGORIES).optional(),
  tense: z.enum(TENSES).optional(),
  hasRoots: bool.optional(),
  includeRoots: bool.optional(),
  q: z.string().max(100, "must be at most 100 characters").optional(),
  chip: z.string().max(40, "must be at most 40 characters").optional(),
  random: bool.optional(),
  seed: z
    .string()
    .regex(/^-?\d{1,15}$/, "must be a whole number")
    .transform(Number)
    .optional(),
  /**
   * full (every language, aliases: the SPEC's word), compact (no sentence), or lean (one language, no aliases, the
   * sentence in the learner's language: what the game screens read; the web expands it with expandLeanWord).
   */
  fields: z.enum(["compact", "full", "lean"]).default("full"),
  /** Lean mode only: include the example sentence (in the learner's language, with its other word orders). */
  sentences: bool.optional(),
  /** Lean mode only: include verbs' conjugation tables (full mode always does). */
  forms: bool.optional(),
  limit: nonNegativeInt(100_000).optional(),
  offset: nonNegativeInt(1_000_000).optional(),
  roots: z.string().max(400, "must be at most 400 characters").optional(),
  includeDerived: bool.optional(),
  limitPerRoot: nonNegativeInt(100_000).optional(),
  includeLowerTiers: bool.optional(),
  perTierLimit: nonNegativeInt(100_000).optional(),
  shuffleAfterMerge: bool.optional(),
});
export type WordsQuery = z.output<typeof wordsQuery>;
/** The query as it is sent (strings, as in a URL): the one shape every caller of GET /words builds. */
export type WordsQueryInput = z.input<typeof wordsQuery>;

export const modulesQuery = z.strictObject({ language: language.default("en"), all: bool.optional() });

// ---------- bodies ----------
export const activeModuleBody = z
  .strictObject({ module_id: moduleIdSchema.optional(), moduleId: moduleIdSchema.optional() })
  .refine((b) => b.module_id !== undefined || b.moduleId !== undefined, {
    message: "Invalid moduleId",
    path: ["module_id"],
  });

export const patchMeBody = z
  .strictObject({
    preferredLanguage: language.optional(),
    preferredLevel: z
      .number()
      .int("must be 1, 2 or 3")
      .min(1, "must be 1, 2 or 3")
      .max(3, "must be 1, 2 or 3")
      .optional(),
  })
  .refine((b) => b.preferredLanguage !== undefined || b.preferredLevel !== undefined, {
    message: "give preferredLanguage or preferredLevel",
  });

const userId = z.uuid({ error: "must be a UUID" });
const wordId = z.number().int().positive().max(2_147_483_647);
const delta = z.number().int().min(-100).max(100);

export const progressWordBody = z.strictObject({ userId: userId.optional(), wordId, delta });
export const progressWordsBody = z.strictObject({
  userId: userId.optional(),
  updates: z.array(z.strictObject({ wordId, delta })).min(1).max(500),
  /**
   * The batch's own id, made once by the client when the batch is formed (issue 15), so that a batch sent again after
   * a lost answer can be recognised by the server.
   */
  batchId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, "batchId: 8 to 64 letters, digits or hyphens")
    .optional(),
});
export const progressModuleBody = z.strictObject({
  userId: userId.optional(),
  moduleId: moduleIdSchema,
  correct: z.number().int().min(0).max(10_000).default(0),
  total: z.number().int().min(0).max(10_000).default(0),
  gameName: z.enum(GAME_NAMES).optional(),
});

export const gamePlayBody = z.strictObject({
  userId: userId.optional(),
  gameName: z.enum(GAME_NAMES, { error: `must be one of ${GAME_NAMES.join(", ")}` }),
  language: language,
  platform: z.enum(["web", "ios", "android"]).default("web"),
  moduleId: moduleIdSchema.nullable().optional(),
  levelId: z.number().int().min(1).max(3).nullable().optional(),
  sessionId: storableText().min(1).max(100),
  /** The play's extras (firedAt...): a small flat object, a few levels at most. */
  meta: z
    .record(z.string().max(100), z.unknown())
    .superRefine(storableJson({ maxDepth: 8, maxBytes: 4096 }))
    .optional(),
});

// ---------- responses ----------
export const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export const okBody = z.object({ ok: z.literal(true) });

export const entitlementsResponse = z.object({
  entitlement: z.enum(PLANS),
  tier: z.number().int(),
  expiresAt: z.string().nullable(),
});

export const meResponse = z.object({
  userId: z.string(),
  plan: z.enum(PLANS),
  planTier: z.number().int(),
  preferredLanguage: language.nullable(),
  preferredLevel: z.number().int().nullable(),
});

export const moduleSchema = z.object({
  id: z.number(),
  module_id: z.number(),
  name: z.string(),
  tier: z.number(),
  is_beginner: z.boolean(),
  word_count: z.number(),
  field_ids: z.array(z.number()),
  field_names: z.array(z.string()),
  locked: z.boolean(),
});
export type Module = z.infer<typeof moduleSchema>;

const rootEntry = z.object({ root: z.string(), root_translation: z.string() });

const plainForm = z.object({ he: z.string(), nikkud: z.string(), translit: z.string() });
/**
 * One cell of a verb's table: the form Israelis say, with `literary` the written form of the cell where that
 * differs (the -נָה feminine plural future, תִּכְתֹּבְנָה), and `root` the other verb's root on a cell a suppletive
 * table takes from another verb (אָמַר in the table of להגיד; decision 0091).
 */
const verbFormSchema = plainForm.extend({ literary: plainForm.optional(), root: z.string().optional() });

const wordSchema = z.object({
  id: z.number(),
  module_id: z.number(),
  word_he: z.string(),
  hebrew: z.string(),
  word: z.string(),
  word_with_nikkud: z.string(),
  transliteration: z.string(),
  translation: z.string(),
  category: z.string(),
  /**
   * The true part of speech (decision 0090: noun … pronoun, preposition, numeral, question …), beside the SPEC's
   * `category`, which keeps its six values for old clients. Optional: absent in answers of older servers.
   */
  partOfSpeech: z.string().optional(),
  tense: z.string().nullable(),
  verb: z.string().nullable().optional(),
  binyan: z.string().nullable().optional(),
  /**
   * The word's picture (issue 28.3, decision 0104): a Twemoji file name, served at /pictures/<picture>.svg; null for
   * a word without one. Optional: absent in answers of older servers.
   */
  picture: z.string().nullable().optional(),
  tier: z.number(),
  locked: z.boolean(),
  audio_path: z.string().nullable(),
  pronunciation_audio: z.string().nullable(),
  canPlayAudio: z.boolean(),
  roots: z.array(rootEntry),
  rootsText: z.string(),
  root: z.string().nullable(),
  // full fields only:
  word_en: z.string().optional(),
  word_fr: z.string().optional(),
  word_es: z.string().optional(),
  word_ru: z.string().optional(),
  word_uk: z.string().optional(),
  word_ar: z.string().optional(),
  sentence_he: z.string().nullable().optional(),
  sentence_he_nikkud: z.string().nullable().optional(),
  sentence_en: z.string().nullable().optional(),
  sentence_fr: z.string().nullable().optional(),
  sentence_es: z.string().nullable().optional(),
  sentence_ru: z.string().nullable().optional(),
  sentence_uk: z.string().nullable().optional(),
  sentence_ar: z.string().nullable().optional(),
  sentence_translation: z.string().nullable().optional(),
  /** Other correct word orders of the plain sentence, for the sentence scramble ([] if none; null if locked). */
  sentence_orders: z.array(z.string()).nullable().optional(),
  example: z.object({ he: z.string(), he_nikkud: z.string(), translation: z.string() }).nullable().optional(),
  /**
   * A verb's whole conjugation table (decision 0018), by cell: "pres.ms", "past.1s", "fut.3fp", "imp.fs", "inf"…
   * Each form plain (full spelling), pointed and transliterated with the stressed syllable in capitals. Full mode
   * only; null for other words and for locked ones.
   */
  forms: z.record(z.string(), verbFormSchema).nullable().optional(),
});
export type Word = z.infer<typeof wordSchema>;
export type VerbForm = z.infer<typeof verbFormSchema>;

/** A word in lean mode: what a game screen reads, in the learner's language, each value once. */
const leanWordSchema = z.object({
  id: z.number(),
  module_id: z.number(),
  he: z.string(),
  nikkud: z.string(),
  translit: z.string(),
  translation: z.string(),
  category: z.string(),
  /** The true part of speech (see the full word's). */
  partOfSpeech: z.string().optional(),
  tense: z.string().nullable(),
  verb: z.string().nullable(),
  binyan: z.string().nullable(),
  /** The word's picture (see the full word's): /pictures/<picture>.svg, null when none. */
  picture: z.string().nullable().optional(),
  tier: z.number(),
  locked: z.boolean(),
  audio: z.string().nullable(),
  /** [root, its meaning in the learner's language] */
  roots: z.array(z.tuple([z.string(), z.string()])),
  /** With sentences=1; null for a word without a sentence and for a locked one. */
  sentence: z
    .object({ he: z.string(), nikkud: z.string(), translation: z.string(), orders: z.array(z.string()) })
    .nullable()
    .optional(),
  /** With forms=1, for a verb that is not locked. */
  forms: z.record(z.string(), verbFormSchema).optional(),
});
export type LeanWord = z.infer<typeof leanWordSchema>;

export const wordsResponse = z.object({
  items: z.array(wordSchema),
  module: moduleSchema.nullable(),
  tier: z.number().nullable(),
  locked: z.boolean(),
  planTier: z.number(),
  total: z.number(),
});
export type WordsResponse = z.infer<typeof wordsResponse>;

export const leanWordsResponse = wordsResponse.extend({ items: z.array(leanWordSchema) });
export type LeanWordsResponse = z.infer<typeof leanWordsResponse>;

export const modulesResponse = z.object({ items: z.array(moduleSchema) });
export const activeModuleResponse = z.union([
  z.object({ module: moduleSchema, locked: z.literal(false) }),
  z.object({ locked: z.literal(true), tier: z.number() }),
]);
export type ActiveModuleResponse = z.infer<typeof activeModuleResponse>;

const beginnerLetter = z.object({
  id: z.number(),
  letter_he: z.string(),
  name: z.string(),
  transliteration: z.string(),
  final: z.boolean(),
  description: z.string(),
  pronunciation_audio: z.string().nullable(),
});
export const letterVowel = z.object({
  id: z.number(),
  alphabet_id: z.number(),
  nikkud_id: z.number(),
  letter_with_nikkud: z.string(),
  nikkud_name: z.string(),
  transliteration: z.string(),
  pronunciation_audio: z.string().nullable(),
});
const beginnerWord = z.object({
  id: z.number(),
  word: z.string(),
  word_with_nikkud: z.string(),
  translation: z.string(),
  transliteration: z.string(),
  pronunciation_audio: z.string().nullable(),
  example_sentence_he: z.string().nullable(),
  example_sentence_translation: z.string().nullable(),
  /** The word's picture (decision 0104): /pictures/<picture>.svg, null when none; absent from older servers. */
  picture: z.string().nullable().optional(),
});
export type BeginnerLetter = z.infer<typeof beginnerLetter>;
export type LetterVowel = z.infer<typeof letterVowel>;
export type BeginnerWord = z.infer<typeof beginnerWord>;
export const beginnerLettersResponse = z.object({ items: z.array(beginnerLetter) });
export const letterVowelResponse = z.object({ items: z.array(letterVowel) });
export const beginnerWordsResponse = z.object({ items: z.array(beginnerWord) });

export const healthResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  modules: z.number(),
  words: z.number(),
});
/** GET /health while the database does not answer (503, with Retry-After). */
export const healthUnavailableResponse = z.object({
  status: z.literal("unavailable"),
  database: z.enum(["pglite", "postgres"]),
  reason: z.string(),
});
/** GET /health/live: the process answers, whatever the database does. */
export const liveResponse = z.object({ status: z.literal("ok") });
